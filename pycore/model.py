"""The puzzle's own vocabulary: kinds, geometry, cages, the puzzle and the player's position.

Cells are numbered row-major from 0. Digits run 1…size. A candidate set is a bit mask with bit
d-1 for digit d. Everything here is an immutable value; nothing here knows about strings, except
the names every message gives cells and houses (SudokuWiki's: rows A, B, C…, columns 1, 2, 3…,
so E5 is the centre of a 9×9).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import prod

KINDS = ("sudoku", "sudoku-x", "windoku", "jigsaw", "killer", "killer-jigsaw", "kenken", "kendoku")
CAGED_KINDS = frozenset({"killer", "killer-jigsaw", "kenken", "kendoku"})
ARITHMETIC_KINDS = frozenset({"kenken", "kendoku"})
REGION_KINDS = frozenset({"jigsaw", "killer-jigsaw"})
BOXLESS_KINDS = frozenset({"kenken"}) | REGION_KINDS
OPERATORS = ("+", "-", "x", "/")

# Box shapes (rows, columns) by grid size; sizes missing here have no boxes.
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 16: (4, 4), 25: (5, 5)}


def digits_of(mask: int) -> list[int]:
    """The digits in a candidate mask, ascending."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def mask_of(digits) -> int:
    mask = 0
    for d in digits:
        mask |= 1 << (d - 1)
    return mask


def full_mask(size: int) -> int:
    return (1 << size) - 1


def fits(op: str, total: int, digits) -> bool:
    """Whether the digits of a full cage make its clue (for − and ÷ the largest digit comes
    first, whatever the cells' order)."""
    if len(digits) == 1:
        return digits[0] == total
    if op == "+":
        return sum(digits) == total
    if op == "x":
        return prod(digits) == total
    biggest = max(digits)
    rest = list(digits)
    rest.remove(biggest)
    if op == "-":
        return biggest - sum(rest) == total
    if op == "/":
        divisor = prod(rest)
        return biggest % divisor == 0 and biggest // divisor == total
    return False


@dataclass(frozen=True)
class Cage:
    """Cells (row-major, ascending) that combine to `total` under `op`.

    Killer cages are always "+" and hold no repeated digit. KenKen cages may repeat a digit
    when the copies are not in the same row or column.
    """
    cells: tuple[int, ...]
    total: int
    op: str = "+"


@dataclass(frozen=True)
class Puzzle:
    kind: str
    size: int
    givens: tuple[int, ...]                 # one per cell, 0 = no given
    regions: tuple[int, ...] | None = None  # one per cell, 1…size; jigsaw kinds only
    cages: tuple[Cage, ...] = ()            # sorted by first cell

    def __hash__(self) -> int:
        # Kept once computed: solvers and strategies key their per-puzzle caches on the puzzle,
        # many times a step, and hashing the givens and every cage each time dominated.
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = self.__dict__["_hash"] = hash((self.kind, self.size, self.givens,
                                                    self.regions, self.cages))
        return cached

    @property
    def cell_count(self) -> int:
        return self.size * self.size

    @property
    def box_shape(self) -> tuple[int, int] | None:
        """(rows, columns) of a box, or None when the kind has no boxes."""
        if self.kind in BOXLESS_KINDS:
            return None
        return BOX_SHAPES.get(self.size)

    @cached_property
    def region_of(self) -> tuple[int, ...] | None:
        """The box or jigsaw region (1…size) of every cell, or None when there are none."""
        if self.regions is not None:
            return self.regions
        shape = self.box_shape
        if shape is None:
            return None
        box_rows, box_cols = shape
        boxes_across = self.size // box_cols
        return tuple(
            (cell // self.size // box_rows) * boxes_across + (cell % self.size) // box_cols + 1
            for cell in range(self.cell_count)
        )

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Every group of cells whose digits must all differ: rows, columns, boxes or regions,
        the diagonals of Sudoku X and the windows of Windoku."""
        n = self.size
        units = [tuple(range(r * n, r * n + n)) for r in range(n)]
        units += [tuple(range(c, n * n, n)) for c in range(n)]
        if self.region_of is not None:
            for region in range(1, n + 1):
                units.append(tuple(i for i, g in enumerate(self.region_of) if g == region))
        if self.kind == "sudoku-x":
            units.append(tuple(i * n + i for i in range(n)))
            units.append(tuple(i * n + n - 1 - i for i in range(n)))
        if self.kind == "windoku":
            units += windows(n)
        return tuple(units)

    @property
    def extra_units(self) -> tuple[tuple[int, ...], ...]:
        """Diagonals (Sudoku X) or windows (Windoku): what a renderer shades."""
        n = self.size
        if self.kind == "sudoku-x":
            return (tuple(i * n + i for i in range(n)), tuple(i * n + n - 1 - i for i in range(n)))
        if self.kind == "windoku":
            return tuple(windows(n))
        return ()


def windows(n: int) -> list[tuple[int, ...]]:
    """Windoku's four extra boxes, each one cell in from a box corner (9×9: r2c2, r2c6, r6c2, r6c6)."""
    shape = BOX_SHAPES.get(n)
    if shape is None:
        return []
    box_rows, box_cols = shape
    result = []
    for top in range(1, n - box_rows, box_rows + 1):
        for left in range(1, n - box_cols, box_cols + 1):
            result.append(tuple((top + r) * n + left + c for r in range(box_rows) for c in range(box_cols)))
    return result


def hidden_windows(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """Windoku's implied windows, which hold every digit once as the drawn ones do: the cells
    of a stack of window columns outside its windows (the stack's columns hold each digit as
    often as they are wide, its windows once each), the same for a band of window rows, and the
    cells outside both (9×9: rows A, E and I crossed with columns 2-4, 6-8 or 1, 5 and 9, and
    the same turned; five in all). SudokuWiki's Windoku solver uses them as houses, and so do
    our hints and solver (without them the solver wandered for minutes in almost empty grids)."""
    if puzzle.kind != "windoku" or not puzzle.extra_units:
        return []
    n = puzzle.size
    drawn = puzzle.extra_units
    bands = sorted({tuple(sorted({c // n for c in w})) for w in drawn})
    stacks = sorted({tuple(sorted({c % n for c in w})) for w in drawn})
    free_rows = tuple(r for r in range(n) if all(r not in band for band in bands))
    free_cols = tuple(c for c in range(n) if all(c not in stack for stack in stacks))

    def windows_in(rows, cols):
        return sum(1 for w in drawn if {c // n for c in w} <= set(rows) and {c % n for c in w} <= set(cols))

    found = []
    for stack in stacks:
        # Each of the stack's columns holds every digit once; its windows hold each once.
        if len(stack) - windows_in(range(n), stack) == 1 and len(free_rows) * len(stack) == n:
            found.append(tuple(r * n + c for r in free_rows for c in stack))
    for band in bands:
        if len(band) - windows_in(band, range(n)) == 1 and len(band) * len(free_cols) == n:
            found.append(tuple(r * n + c for r in band for c in free_cols))
    if (len(found) == len(stacks) + len(bands) and len(free_rows) - len(stacks) == 1
            and len(free_rows) * len(free_cols) == n):
        # The free rows hold each digit once per row: once in each stack's hidden window, so once
        # in their crossing with the free columns.
        found.append(tuple(r * n + c for r in free_rows for c in free_cols))
    return found


@dataclass(frozen=True)
class Leftovers:
    """Jigsaw's law of leftovers: k consecutive rows or columns (`lines`) hold each digit k
    times, and so do the k regions `regions`, so the lines' cells outside the regions (`inside`)
    hold the same digits, counted with repeats, as the regions' cells outside the lines
    (`outside`)."""
    lines: tuple[int, ...]     # the span's rows or columns, as indices into puzzle.units
    regions: tuple[int, ...]   # the regions, as indices into puzzle.units
    inside: tuple[int, ...]
    outside: tuple[int, ...]


def leftovers(puzzle: Puzzle, most_cells: int) -> list[Leftovers]:
    """For each span of consecutive rows or columns of a jigsaw, the k regions most inside it
    (which leave the fewest leftover cells), where each side has at most `most_cells` cells. A
    span and the rest of the grid leave the same two sides: that pair is listed once. (Any k of
    the k + 3 regions most inside found no other pair of up to 4 cells a side, on 200 random
    layouts and on the corpus jigsaws.)"""
    if puzzle.regions is None:
        return []
    n = puzzle.size
    bits = [sum(1 << c for c in unit) for unit in puzzle.units[:3 * n]]
    found, seen = [], set()
    for first in (0, n):   # the rows, then the columns
        for k in range(1, n):
            for start in range(first, first + n - k + 1):
                band = 0
                for line in bits[start:start + k]:
                    band |= line
                overlaps = sorted(((bits[r] & band).bit_count(), r) for r in range(2 * n, 3 * n))
                chosen = sorted(r for _, r in overlaps[-k:])
                if k * n - sum(count for count, _ in overlaps[-k:]) > most_cells:
                    continue
                covered = 0
                for r in chosen:
                    covered |= bits[r]
                pair = (band & ~covered, covered & ~band)
                if not pair[0] or pair in seen or pair[::-1] in seen:
                    continue
                seen.add(pair)
                found.append(Leftovers(tuple(range(start, start + k)), tuple(chosen),
                                       cells_of(pair[0]), cells_of(pair[1])))
    return found


def cells_of(bits: int) -> tuple[int, ...]:
    """The cells of a bit set over cells (bit i = cell i), ascending."""
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return tuple(cells)


ROW_LETTERS = "ABCDEFGHI"


def row_name(row: int, size: int) -> str:
    """"E": rows are lettered as SudokuWiki letters them. A grid over 9×9 numbers its rows
    instead ("5"), as its digits above 9 are letters."""
    return ROW_LETTERS[row] if size <= 9 else str(row + 1)


def cell_name(cell: int, size: int) -> str:
    """"E5": the row's letter and the column's number, as SudokuWiki names cells ("R5C12" in a
    grid over 9×9, whose rows are numbered)."""
    row, column = divmod(cell, size)
    return f"{ROW_LETTERS[row]}{column + 1}" if size <= 9 else f"R{row + 1}C{column + 1}"


def digit_name(digit: int) -> str:
    """A digit as the grid shows it: "7", and "A" for 10, "G" for 16 in the bigger grids."""
    return digit_char(digit).upper()


def houses(puzzle: Puzzle) -> list[tuple[str, tuple[int, ...], str]]:
    """(kind, cells, name) of each of `puzzle.units` and then of each of its hidden windows, in
    that order: ("row", …, "row A"), ("column", …, "column 1"), ("box", …, "box 1") or
    ("region", …, "region 1"), ("diagonal", …, "the A1–I9 diagonal"), ("window", …, "window 1"),
    ("window", …, "the hidden window of rows A, E, I and columns 2–4")."""
    n = puzzle.size
    found = [("row", unit, f"row {row_name(r, n)}") for r, unit in enumerate(puzzle.units[:n])]
    found += [("column", unit, f"column {c + 1}") for c, unit in enumerate(puzzle.units[n:2 * n])]
    if puzzle.region_of is not None:
        word = "region" if puzzle.regions is not None else "box"
        found += [(word, unit, f"{word} {g}") for g, unit in enumerate(puzzle.units[2 * n:3 * n], 1)]
    for number, unit in enumerate(puzzle.extra_units, 1):
        if puzzle.kind == "sudoku-x":
            found.append(("diagonal", unit,
                          f"the {cell_name(unit[0], n)}–{cell_name(unit[-1], n)} diagonal"))
        else:
            found.append(("window", unit, f"window {number}"))
    for window in hidden_windows(puzzle):
        rows = _span(sorted({c // n for c in window}), lambda r: row_name(r, n))
        columns = _span(sorted({c % n for c in window}), lambda c: str(c + 1))
        found.append(("window", window, f"the hidden window of rows {rows} and columns {columns}"))
    return found


def house_names(puzzle: Puzzle) -> list[str]:
    """The names of `houses(puzzle)`."""
    return [name for _, _, name in houses(puzzle)]


def hidden_window_reason(puzzle: Puzzle, window) -> str:
    """Why a hidden window holds every digit once, in words: "columns 2–4 hold every digit 3
    times and windows 1 and 3 once each, so their other cells hold every digit once"."""
    n = puzzle.size
    rows, columns = sorted({c // n for c in window}), sorted({c % n for c in window})
    drawn = puzzle.extra_units
    letters, numbers = (lambda r: row_name(r, n)), (lambda c: str(c + 1))
    stack = [i for i, w in enumerate(drawn, 1) if {c % n for c in w} == set(columns)]
    band = [i for i, w in enumerate(drawn, 1) if {c // n for c in w} == set(rows)]
    if stack:
        lines, inside = f"columns {_span(columns, numbers)}", f"windows {joined(map(str, stack))}"
        k = len(columns)
    elif band:
        lines, inside = f"rows {_span(rows, letters)}", f"windows {joined(map(str, band))}"
        k = len(rows)
    else:
        # The free rows cross every stack of windows in a hidden window of their own.
        stacks = sorted({tuple(sorted({c % n for c in w})) for w in drawn})
        lines = f"rows {_span(rows, letters)}"
        inside = ("the hidden windows of columns "
                  + joined(_span(list(stack_columns), numbers) for stack_columns in stacks))
        k = len(rows)
    return f"{lines} hold every digit {k} times and {inside} once each, so their other cells hold every digit once"


def joined(words) -> str:
    """"A1, A2 and B3": words listed as a sentence lists them."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


OPERATOR_SIGNS = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}


def clue(cage: Cage, kind: str) -> str:
    """A cage's clue as printed: "15" in a killer, "24×" or "12+" in KenKen (one cell: "3")."""
    if kind in ARITHMETIC_KINDS and len(cage.cells) > 1:
        return f"{cage.total}{OPERATOR_SIGNS[cage.op]}"
    return str(cage.total)


def cage_name(cage: Cage, kind: str, size: int) -> str:
    """"the 15 cage at A1": its clue and its first cell, as the grid shows it."""
    return f"the {clue(cage, kind)} cage at {cell_name(cage.cells[0], size)}"


def lines_name(lines, size: int) -> str:
    """"row A", "rows A–C", "columns 4–6": consecutive rows or columns, as indices into
    `Puzzle.units` (rows first, then columns)."""
    if lines[0] < size:
        word, label = "row", lambda i: row_name(i, size)
    else:
        word, label = "column", lambda i: str(i - size + 1)
    if len(lines) == 1:
        return f"{word} {label(lines[0])}"
    return f"{word}s {label(lines[0])}–{label(lines[-1])}"


def _span(indices: list[int], label) -> str:
    """"B–D" for three or more consecutive rows or columns, else "A, E, I"."""
    if len(indices) > 2 and indices[-1] - indices[0] == len(indices) - 1:
        return f"{label(indices[0])}–{label(indices[-1])}"
    return ", ".join(label(i) for i in indices)


@dataclass(frozen=True)
class Position:
    """The player's progress on top of the givens.

    `solved[i]` is a digit the player placed (0 = none). `candidates[i]` is the pencil-mark mask
    of an unsolved cell; 0 means "no information", which is not the same as "all digits".
    """
    solved: tuple[int, ...]
    candidates: tuple[int, ...]

    @staticmethod
    def empty(cell_count: int) -> "Position":
        zeros = (0,) * cell_count
        return Position(zeros, zeros)

    @property
    def has_progress(self) -> bool:
        return any(self.solved) or any(self.candidates)


def progress_notation(puzzle: Puzzle, position: Position) -> list[str]:
    """Per cell, the corpus notation: `.` nothing, `gD` given, `sD` solved, `cDDD` candidates.
    Digits above 9 are written in base 36 (a = 10)."""
    out = []
    for cell in range(puzzle.cell_count):
        if puzzle.givens[cell]:
            out.append("g" + digit_char(puzzle.givens[cell]))
        elif position.solved[cell]:
            out.append("s" + digit_char(position.solved[cell]))
        elif position.candidates[cell]:
            out.append("c" + "".join(digit_char(d) for d in digits_of(position.candidates[cell])))
        else:
            out.append(".")
    return out


def digit_char(d: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[d]
