"""What the killer strategies share: a cage's open cells and fitting combinations, and steps
written in SudokuWiki's words."""
from __future__ import annotations

from ..model import digit_name, digits_of, joined
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


def rest_clause(board: Board, index: int) -> str:
    """What a cage's open cells must make once its placed digits are taken off, each placed digit
    named with its cell, so the sums said after it add up: "with G3 = 4 and G4 = 6 placed, G5
    makes 19 − 4 − 6 = 9"; "" when nothing in the cage is placed."""
    cage = board.puzzle.cages[index]
    g = board.geometry
    placed = [c for c in cage.cells if board.values[c]]
    if not placed:
        return ""
    open_cells = [c for c in cage.cells if not board.values[c]]
    rest = cage.total - sum(board.values[c] for c in placed)
    given = joined(f"{g.name(c)} = {digit_name(board.values[c])}" for c in placed)
    minus = "".join(f" \u2212 {board.values[c]}" for c in placed)
    verb = "makes" if len(open_cells) == 1 else "make"
    return f"with {given} placed, {g.names(open_cells)} {verb} {cage.total}{minus} = {rest}"


def cage_sum_label(board: Board, index: int) -> str:
    """The cage, and what its open cells make when some of it is placed: the combinations said
    after it are of the open cells."""
    rest = rest_clause(board, index)
    return cage_label(board, index) + (f" ({rest})" if rest else "")


def combos_of(board: Board, index: int, fits) -> str:
    """"(1+2+3)", or "(with A7 = 6 placed, A5 and A6 make 21 − 6 = 15: 7+8)"."""
    rest = rest_clause(board, index)
    return f"({rest}: {combos_text(fits)})" if rest else f"({combos_text(fits)})"


def combos_text(fits) -> str:
    sums = ["+".join(digit_name(d) for d in digits_of(combo)) for combo, _ in fits]
    return sums[0] if len(sums) == 1 else ", ".join(sums[:-1]) + " or " + sums[-1]



def trimmed(board: Board, cells, masks) -> tuple[tuple[int, int], ...]:
    """(cell, digit) for each candidate of `cells` outside the matching mask of `masks`."""
    return tuple((c, d) for c, keep in zip(cells, masks)
                 for d in digits_of(board.candidates[c] & ~keep))


def step(slug: str, board: Board, text: str, eliminations=(), placements=(), cells=(),
         units=(), cages=(), pattern=(), leaves: str = "") -> Step:
    """A step whose text ends on what leaves where: `leaves` when the strategy says why each
    goes, else each digit with the cells it leaves."""
    eliminations = tuple(sorted(set(eliminations)))
    if eliminations and not placements:
        text = f"{text}: {leaves or leaves_text(board.geometry, eliminations)}"
    return Step(slug, text, placements=tuple(placements), eliminations=eliminations,
                cells=tuple(sorted(cells)), units=tuple(units), cages=tuple(cages),
                pattern=tuple(pattern))
