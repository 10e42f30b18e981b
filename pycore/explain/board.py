"""The position a human reasons about: placed digits and the candidates left in open cells.

A `Board` is an immutable value. Strategies read it and return a `Step`; `Board.apply(step)` makes
the next one. Cells are row-major indices; a candidate set is a bit mask (bit d-1 = digit d).
Cells are named as SudokuWiki names them: rows A, B, C… and columns 1, 2, 3…, so "E5" is the
centre of a 9×9.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache, reduce
from operator import itemgetter, or_

from ..model import (Cage, Position, Puzzle, cell_name, digit_name, digits_of, full_mask,
                     hidden_window_reason, hidden_windows, houses, joined, row_name)


def remember(store: dict, most: int, key, value):
    """`value`, kept in `store` under `key`: the searches' results kept between stuck points, a
    store emptied once it holds `most` (a long session of hints does not grow it without end)."""
    if len(store) >= most:
        store.clear()
    store[key] = value
    return value


def cells_text(cells, size: int) -> str:
    """"A1, A2 and B3"."""
    return joined(cell_name(c, size) for c in sorted(cells))


def digits_text(mask_or_digits) -> str:
    """"1/2/7" for a mask or a list of digits, as SudokuWiki writes candidate sets."""
    digits = digits_of(mask_or_digits) if isinstance(mask_or_digits, int) else sorted(mask_or_digits)
    return "/".join(digit_name(d) for d in digits)


def number_text(value) -> str:
    """A whole number or fraction as printed, negative ones with a minus sign (−3, not -3)."""
    return str(value).replace("-", "\u2212")


def leaves_text(geometry, eliminations) -> str:
    """"3/4 leave A2 and B2; 9 leaves A1": each digit with the cells it leaves, digits that leave
    the same cells said together, digits ascending."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for digit, cells in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(set(cells))), []).append(digit)
    return "; ".join(f"{digits_text(digits)} {'leaves' if len(digits) == 1 else 'leave'} "
                     f"{geometry.names(cells)}" for cells, digits in by_cells.items())


NUMBERED = {"row": "rows", "column": "columns", "box": "boxes", "region": "regions"}


def houses_text(geometry, units) -> str:
    """"rows G–I and regions 7–9": rows, columns, boxes and regions of a kind said
    together, in the order they first come; other houses by their own names."""
    said: dict[str, list] = {}
    for u in units:
        house = geometry.houses[u]
        key = house.kind if house.kind in NUMBERED else house.name
        said.setdefault(key, []).append(house)
    words = []
    for key, group in said.items():
        if len(group) == 1:
            words.append(group[0].name)
            continue
        numbers = sorted(h.number for h in group)
        labels = [row_name(i - 1, geometry.size) if key == "row" else str(i) for i in numbers]
        run = len(numbers) > 2 and numbers[-1] - numbers[0] == len(numbers) - 1
        words.append(f"{NUMBERED[key]} " + (f"{labels[0]}–{labels[-1]}" if run else joined(labels)))
    return joined(words)


@dataclass(frozen=True)
class House:
    """A group of cells whose digits all differ: a row, column, box, jigsaw region, X diagonal
    or Windoku window. `kind` is one of those words; `number` counts from 1 within the kind."""
    kind: str
    number: int
    cells: tuple[int, ...]
    name: str

    @property
    def is_line(self) -> bool:
        return self.kind in ("row", "column")


class Geometry:
    """What every strategy needs to know about where cells are, computed once per puzzle."""

    def __init__(self, puzzle: Puzzle):
        n = puzzle.size
        self.size = n
        self.cell_count = n * n
        self.all_digits = full_mask(n)
        # Windoku's hidden windows are houses too, as in SudokuWiki's Windoku solver: every
        # strategy that works on a box works on them.
        found, numbers = [], {}
        for kind, cells, name in houses(puzzle):
            numbers[kind] = numbers.get(kind, 0) + 1
            found.append(House(kind, numbers[kind], tuple(cells), name))
        self.houses: tuple[House, ...] = tuple(found)
        # Why each hidden window (the last houses) holds every digit once, for the steps using one.
        hidden = hidden_windows(puzzle)
        self.reasons = {len(found) - len(hidden) + i: hidden_window_reason(puzzle, window)
                        for i, window in enumerate(hidden)}
        self.rows = self.houses[:n]
        self.columns = self.houses[n:2 * n]
        self.boxes = tuple(h for h in self.houses if h.kind in ("box", "region"))
        self.lines = self.rows + self.columns
        houses_of: list[list[int]] = [[] for _ in range(n * n)]
        for index, house in enumerate(self.houses):
            for cell in house.cells:
                houses_of[cell].append(index)
        self.houses_of = tuple(tuple(h) for h in houses_of)
        # Each house's cells read out of a per-cell list in one C call (Board.broken_rule runs at
        # every easy step a Nishio hint follows, some 500 a hint).
        self.read_house = tuple(itemgetter(*h.cells) for h in self.houses)
        peers = [set() for _ in range(n * n)]
        for house in self.houses:
            for cell in house.cells:
                peers[cell].update(house.cells)
        for cell in range(n * n):
            peers[cell].discard(cell)
        self.peers: tuple[frozenset[int], ...] = tuple(frozenset(p) for p in peers)
        self.cages: tuple[Cage, ...] = puzzle.cages
        cage_of = [-1] * (n * n)
        cages_of: list[list[int]] = [[] for _ in range(n * n)]
        for index, cage in enumerate(puzzle.cages):
            for cell in cage.cells:
                cage_of[cell] = index
                cages_of[cell].append(index)
        self.cage_of = tuple(cage_of)
        self.cages_of = tuple(tuple(c) for c in cages_of)

    def sees(self, a: int, b: int) -> bool:
        return b in self.peers[a]

    def common_peers(self, cells) -> frozenset[int]:
        """Cells (outside `cells`) that see every one of `cells`."""
        cells = list(cells)
        common = self.peers[cells[0]]
        for cell in cells[1:]:
            common = common & self.peers[cell]
        return common - set(cells)

    def row(self, cell: int) -> int:
        return cell // self.size

    def column(self, cell: int) -> int:
        return cell % self.size

    def name(self, cell: int) -> str:
        return cell_name(cell, self.size)

    def names(self, cells) -> str:
        return cells_text(cells, self.size)


@lru_cache(maxsize=16)
def geometry_of(puzzle: Puzzle) -> Geometry:
    return Geometry(puzzle)


@dataclass(frozen=True)
class Step:
    """One deduction, as data. `units` are indices into `Geometry.houses`, `cages` into
    `puzzle.cages`; `cells` are the cells the reasoning rests on (shown as its focus); `chain`,
    for a supposition followed to a contradiction (Nishio), each link of it in words, from the
    supposition to the broken rule.

    `pattern` and `links` are what SudokuWiki draws over the grid. `pattern` holds the candidates
    the pattern is made of, as (cell, digit, colour) with colour 0 or 1: along a chain the
    colours alternate (one of two nodes a strong link joins is true, so the two colours are the
    two cases), and a fish's fins, a wing's digit to eliminate or a rectangle's extra digit take
    the second colour; a step trimming a cage or a sum colours the digits it keeps (and, when a
    cage clashes with another, that one's in the second colour). `links` are a chain's links in
    order, (cells, digit, cells, digit, strong), the cells a tuple (several for a group: the
    digit is in one of them). What the colours stand for, strategy by strategy, is
    registry.COLOURS. `sets` are the sets of cells the page outlines, each with its colour:
    almost locked sets, a death blossom's petals and stem, Sue de Coq's sets. `implications`
    are a forcing step's cases drawn (forcing.case_implications): (cell, digit, cell, digit,
    case, placed), an easy step of case number `case` (from 0) that reads the first candidate
    as the case has it (placed, or taken out) and places the second (placed) or takes it out;
    they run from each case's supposition to what it shows or to the broken rule's cells."""
    strategy: str
    text: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    cages: tuple[int, ...] = ()
    chain: tuple[str, ...] = ()
    pattern: tuple[tuple[int, int, int], ...] = ()
    links: tuple[tuple[tuple[int, ...], int, tuple[int, ...], int, bool], ...] = ()
    sets: tuple[tuple[tuple[int, ...], int], ...] = ()
    implications: tuple[tuple[int, int, int, int, int, bool], ...] = ()

    def is_progress(self) -> bool:
        return bool(self.placements or self.eliminations)

    def to_json(self, geometry: Geometry) -> dict:
        return {
            "strategy": self.strategy,
            "text": self.text,
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(e) for e in self.eliminations],
            "cells": list(self.cells),
            "units": [{"name": geometry.houses[u].name, "cells": list(geometry.houses[u].cells)}
                      for u in self.units],
            "cages": list(self.cages),
            "chain": list(self.chain),
            "pattern": [list(p) for p in self.pattern],
            "links": [{"from": list(a), "fromDigit": x, "to": list(b), "toDigit": y, "strong": strong}
                      for a, x, b, y, strong in self.links],
            "sets": [{"cells": list(cells), "colour": colour} for cells, colour in self.sets],
            "implications": [{"from": a, "fromDigit": x, "to": b, "toDigit": y, "case": case,
                              "placed": placed} for a, x, b, y, case, placed in self.implications],
        }


@dataclass(frozen=True)
class Board:
    """`values[i]` is the digit in cell i (given or placed; 0 = open); `candidates[i]` the
    candidate mask of an open cell (0 for a filled one)."""
    puzzle: Puzzle
    values: tuple[int, ...]
    candidates: tuple[int, ...]

    @cached_property
    def geometry(self) -> Geometry:
        # Kept on the board, and handed on by `apply`: looking it up by puzzle compares the
        # puzzle with the cache's key field by field whenever the two are equal copies (the page
        # decodes its string anew), a fifth of a Nishio hint's time when done per call.
        return geometry_of(self.puzzle)

    @cached_property
    def masks(self) -> tuple[int, ...]:
        """Every cell's digits as a mask: its candidates, or the one digit placed in it."""
        return tuple(1 << (v - 1) if v else mask for v, mask in zip(self.values, self.candidates))

    @property
    def size(self) -> int:
        return self.puzzle.size

    def open_cells(self) -> list[int]:
        return [c for c, v in enumerate(self.values) if not v]

    def is_solved(self) -> bool:
        return all(self.values)

    def places(self, digit: int, cells) -> list[int]:
        """The open cells among `cells` that still have `digit` as a candidate."""
        bit = 1 << (digit - 1)
        cand = self.candidates
        return [c for c in cells if cand[c] & bit]

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def eliminations_of(self, digit: int, cells) -> tuple[tuple[int, int], ...]:
        """The (cell, digit) pairs of `cells` that still hold `digit`: what removing it takes."""
        return tuple((c, digit) for c in sorted(set(cells)) if self.has(c, digit))

    def pattern_of(self, digits: int, cells, colour: int = 0) -> tuple[tuple[int, int, int], ...]:
        """(cell, digit, colour) for each candidate of the mask `digits` still in `cells`."""
        return tuple((c, d, colour) for c in sorted(set(cells))
                     for d in digits_of(self.candidates[c] & digits))

    def pattern_left(self, cells, eliminations, colour: int = 0) -> tuple[tuple[int, int, int], ...]:
        """(cell, digit, colour) for each candidate of `cells` that `eliminations` leave: what a
        step trimming a cage or a sum to the digits that fit shows as its reason."""
        gone = set(eliminations)
        return tuple((c, d, colour) for c in sorted(set(cells))
                     for d in digits_of(self.candidates[c]) if (c, d) not in gone)

    def apply(self, step: Step) -> "Board":
        """The board after the step: placed digits leave their peers' candidates, eliminated
        candidates leave their cells. Cells left with one candidate stay open (a single is a step
        of its own)."""
        values = list(self.values)
        cand = list(self.candidates)
        peers = self.geometry.peers
        changed = set()
        for cell, digit in step.placements:
            values[cell] = digit
            cand[cell] = 0
            changed.add(cell)
            bit = 1 << (digit - 1)
            for peer in peers[cell]:
                if cand[peer] & bit:
                    cand[peer] &= ~bit
                    changed.add(peer)
        for cell, digit in step.eliminations:
            cand[cell] &= ~(1 << (digit - 1))
            changed.add(cell)
        after = Board(self.puzzle, tuple(values), tuple(cand))
        after.__dict__["geometry"] = self.geometry
        after.__dict__["lineage"] = (self, changed)
        return after

    def kept(self, key: str, compute):
        """`compute(board)`, kept on the board under `key` (to be read, never changed): what
        several strategies ask of the same board in turn."""
        found = self.__dict__.get(key)
        if found is None:
            found = self.__dict__[key] = compute(self)
        return found

    def per_unit(self, key: str, units_of, compute) -> list:
        """`compute(board, unit)` for every unit (a house, a cage…), kept on the board under
        `key`. `units_of[cell]` are the units a cell belongs to (its length the unit count). A
        board made by `apply` takes its parent's list and computes again only the units of the
        cells the step changed: a forcing search's walks ask every house and cage of thousands
        of boards, each a step from the last (issue 44). The list is read, never changed."""
        found = self.__dict__.get(key)
        if found is not None:
            return found
        # from the nearest ancestor that has the list, the units of every cell changed since
        changed, board = set(), self
        while key not in board.__dict__ and "lineage" in board.__dict__:
            board, cells = board.__dict__["lineage"]
            changed.update(cells)
        if key in board.__dict__:
            found = list(board.__dict__[key])
            for unit in {u for cell in changed for u in units_of[cell]}:
                found[unit] = compute(self, unit)
        else:
            count = 1 + max((u for units in units_of for u in units), default=-1)
            found = [compute(self, u) for u in range(count)]
        self.__dict__[key] = found
        return found

    def broken_rule(self) -> tuple | None:
        """The first rule this board breaks, as data, or None: ("empty", cell) for an open cell
        with no candidate, ("twice", house, digit, (cell, cell)) for a digit placed twice in a
        house, ("missing", house, mask) for digits with no place in a house."""
        return self._broken   # kept: a forcing search asks it of one board many times

    @cached_property
    def _broken(self) -> tuple | None:
        held = self.masks
        if 0 in held:
            return ("empty", held.index(0))
        for broken in self.per_unit("broken", self.geometry.houses_of, house_broken):
            if broken is not None:
                return broken
        return None

    def contradiction(self) -> str | None:
        """Why this board cannot lead to a solution by any means (`broken_rule` in words), or
        None."""
        broken = self.broken_rule()
        if broken is None:
            return None
        if broken[0] == "empty":
            return f"{self.geometry.name(broken[1])} has no candidate left"
        if broken[0] == "twice":
            return f"{digit_name(broken[2])} appears twice in {broken[1].name}"
        return f"{broken[1].name} has no place for {digits_text(broken[2])}"


def house_broken(board: Board, index: int) -> tuple | None:
    """The rule a house breaks (`Board.broken_rule`'s "twice" or "missing"), or None."""
    g = board.geometry
    read, values = g.read_house[index], board.values
    here = read(values)
    open_count = here.count(0)
    house = g.houses[index]
    if len(set(here)) - (open_count > 0) < len(here) - open_count:   # fewer digits than placed
        seen: dict[int, int] = {}
        for cell in house.cells:
            v = values[cell]
            if v in seen:
                return ("twice", house, v, (seen[v], cell))
            if v:
                seen[v] = cell
    held_here = reduce(or_, read(board.masks))
    if held_here != g.all_digits:
        return ("missing", house, g.all_digits & ~held_here)
    return None


_puzzles: dict = {}


def start_board(puzzle: Puzzle, position: Position) -> Board:
    """The reader's grid: givens and placed digits, their pencil marks where they have narrowed
    a cell, and otherwise every digit the filled peers allow (SudokuWiki's "all candidates"
    means "not narrowed yet"). Pencil marks that a filled peer rules out are dropped."""
    # The board holds the first equal puzzle seen: the per-puzzle caches (geometry, cage layout,
    # networks) then find it by identity, where each hint's fresh decode was compared with the
    # kept one field by field, every cage, on every lookup (a tenth of a cold KenKen hint).
    puzzle = _puzzles.get(puzzle) or remember(_puzzles, 64, puzzle, puzzle)
    values = tuple(g or s for g, s in zip(puzzle.givens, position.solved))
    geometry = geometry_of(puzzle)
    all_digits = geometry.all_digits
    candidates = []
    for cell, value in enumerate(values):
        if value:
            candidates.append(0)
            continue
        marks = position.candidates[cell]
        mask = marks if marks and marks != all_digits else all_digits
        for peer in geometry.peers[cell]:
            if values[peer]:
                mask &= ~(1 << (values[peer] - 1))
        candidates.append(mask)
    return Board(puzzle, values, tuple(candidates))
