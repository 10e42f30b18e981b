"""What the killer strategies share: a cage's open cells and fitting combinations, and steps
written in SudokuWiki's words."""
from __future__ import annotations

from ..model import digit_name, digits_of
from .board import Board, Step, leaves_text
from .killer_sums import fitting_combinations


def cage_state(board: Board, index: int):
    """(open cells, their candidates without the cage's placed digits, what they must add up to)."""
    cage = board.puzzle.cages[index]
    placed = 0
    rest = cage.total
    cells = []
    for c in cage.cells:
        v = board.values[c]
        if v:
            placed |= 1 << (v - 1)
            rest -= v
        else:
            cells.append(c)
    return tuple(cells), tuple(board.candidates[c] & ~placed for c in cells), rest


def cage_fits(board: Board, index: int):
    """(open cells, candidates, fitting combinations) of a cage; fits is empty when none fits."""
    cells, cands, rest = cage_state(board, index)
    if not cells:
        return cells, cands, ()
    return cells, cands, fitting_combinations(board.size, rest, cands)


def cage_label(board: Board, index: int) -> str:
    cage = board.puzzle.cages[index]
    return f"the {cage.total}-cage at {board.geometry.names(cage.cells)}"


def combos_text(fits) -> str:
    sums = ["+".join(digit_name(d) for d in digits_of(combo)) for combo, _ in fits]
    return sums[0] if len(sums) == 1 else ", ".join(sums[:-1]) + " or " + sums[-1]



def trimmed(board: Board, cells, masks) -> tuple[tuple[int, int], ...]:
    """(cell, digit) for each candidate of `cells` outside the matching mask of `masks`."""
    return tuple((c, d) for c, keep in zip(cells, masks)
                 for d in digits_of(board.candidates[c] & ~keep))


def step(slug: str, board: Board, text: str, eliminations=(), placements=(), cells=(),
         units=(), cages=(), pattern=()) -> Step:
    eliminations = tuple(sorted(set(eliminations)))
    if eliminations and not placements:
        text = f"{text}: {leaves_text(board.geometry, eliminations)}"
    return Step(slug, text, placements=tuple(placements), eliminations=eliminations,
                cells=tuple(sorted(cells)), units=tuple(units), cages=tuple(cages),
                pattern=tuple(pattern))
