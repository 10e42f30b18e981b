"""Hand-made positions for strategy tests.

    board = make_board(GRID)                       # 81 characters: digits, '.' or '0' for open
    board = with_marks(board, {"A1": "12", ...})   # candidates as a person pencils them
    board = without(board, {"A1": "3", ...})       # remove candidates
    step = find("x-wing", board)                   # one strategy, alone

Grids may carry whitespace and '|' / '-' separators for readability. Candidates of open cells
start as every digit the filled peers allow.
"""
from __future__ import annotations

from pycore.explain import BY_SLUG, Board, start_board
from pycore.model import ROW_LETTERS
from pycore.model import Cage, Position, Puzzle, mask_of

BLOCKING = set(" \n\t|-+")


def parse_grid(grid: str, size: int = 9) -> tuple[int, ...]:
    chars = [ch for ch in grid if ch not in BLOCKING]
    if len(chars) != size * size:
        raise ValueError(f"grid has {len(chars)} cells, expected {size * size}")
    return tuple(0 if ch in ".0" else int(ch, 36) for ch in chars)


def make_board(grid: str | None = None, *, kind: str = "sudoku", size: int = 9,
               regions: str | None = None, cages=()) -> Board:
    """A board from givens (None = empty grid). `regions` is a string of region digits per cell
    (jigsaw kinds); `cages` are (cells, total, op) or Cage values."""
    givens = parse_grid(grid, size) if grid else (0,) * (size * size)
    region_tuple = parse_grid(regions, size) if regions else None
    cage_values = tuple(sorted((c if isinstance(c, Cage) else Cage(tuple(sorted(c[0])), c[1],
                                                                    c[2] if len(c) > 2 else "+")
                                for c in cages), key=lambda c: c.cells[0]))
    puzzle = Puzzle(kind, size, givens, region_tuple, cage_values)
    return start_board(puzzle, Position.empty(size * size))


def cell(name: str, size: int = 9) -> int:
    """"E5" → 40."""
    return ROW_LETTERS.index(name[0].upper()) * size + int(name[1:]) - 1


def with_marks(board: Board, marks: dict[str, str]) -> Board:
    """Sets the candidates of the named cells exactly."""
    cand = list(board.candidates)
    for name, digits in marks.items():
        cand[cell(name, board.size)] = mask_of(int(d, 36) for d in digits)
    return Board(board.puzzle, board.values, tuple(cand))


def without(board: Board, marks: dict[str, str]) -> Board:
    """Removes the given candidates from the named cells."""
    cand = list(board.candidates)
    for name, digits in marks.items():
        cand[cell(name, board.size)] &= ~mask_of(int(d, 36) for d in digits)
    return Board(board.puzzle, board.values, tuple(cand))


def placed(board: Board, marks: dict[str, int]) -> Board:
    """Fills the named cells with digits (as placed digits), removing them from peers."""
    from pycore.explain import Step
    return board.apply(Step("test", "", placements=tuple((cell(n, board.size), d)
                                                         for n, d in marks.items())))


def find(slug: str, board: Board):
    return BY_SLUG[slug].find(board)


def names(pairs, size: int = 9) -> set[tuple[str, int]]:
    """{(cell name, digit)} of placements or eliminations, for readable assertions."""
    return {(f"{ROW_LETTERS[c // size]}{c % size + 1}", d) for c, d in pairs}


def coloured(step, size: int = 9) -> dict[str, int]:
    """{"7B2": colour} of a step's pattern (digit, then cell), for readable assertions."""
    return {f"{d}{ROW_LETTERS[c // size]}{c % size + 1}": colour for c, d, colour in step.pattern}


def drawn(step, size: int = 9) -> str:
    """A step's links, one after another, as "(4)A2=(4)A6-(4)D6…" (= strong, - weak; a group's
    cells joined by |); links that do not follow on from the one before start after a space."""
    def node(cells, digit):
        return f"({digit})" + "|".join(f"{ROW_LETTERS[c // size]}{c % size + 1}" for c in cells)
    out, last = "", None
    for a, x, b, y, strong in step.links:
        start = node(a, x)
        out += ("" if start == last else (" " if out else "") + start) + "=-"[not strong] + node(b, y)
        last = node(b, y)
    return out
