"""Uniqueness: unique rectangles (types 1 to 6, hidden), avoidable rectangles and BUG+1. All assume
the puzzle has exactly one solution, and reason that a position which would allow two cannot be
the one we are in.

Unique rectangle on digits a/b: four open cells at the corners of two rows and two columns, each
holding a or b as a candidate, one of them (a floor cell) exactly a/b. If all four ended as a/b,
the two diagonals would hold a and b, and
exchanging a with b on the four cells would give a second solution, unless some rule tells the
two fillings apart. So the pattern counts as deadly only when the exchange keeps every rule:
- every house (row, column, box, jigsaw region, X diagonal, Windoku window) and every cage holds
  as many cells of one diagonal as of the other: then its digits after the exchange are the same
  multiset, so all-different houses, killer sums and KenKen results all still hold. Rows and
  columns always balance; a rectangle over four boxes does not (each box holds one corner), and
  in a killer a cage holding A1 and A4 balances, one holding only A1 of the four does not;
- all four cells are open: a given (or a digit already placed) cannot be exchanged.
Types, with the "floor" the corners that are exactly a/b and the "roof" the others. A roof cell
may miss a or b (HoDoKu's "missing candidates"): the argument is about the solution, in which a
roof cell holding neither extra digit holds a or b, and with the floor that forces the swappable
pattern all the same.
- 1: one roof cell: it cannot be a or b, so both leave it.
- 2: two roof cells in one line, each with the same one extra digit z: one of them is z, so z
  leaves every cell that sees both.
- 5: the same with the roof on a diagonal, or three roof cells: z leaves every cell seeing all.
- 3: two roof cells in one house: one of them holds one of their extra digits, so together they act
  as one cell with those digits; with k-1 other cells of the house it makes a naked subset of k
  digits, which leave the rest of the house, and of every other house holding the subset's cells
  (a row and a box, say).
- 4: two roof cells in one house where a has no other place: one of them is a, so neither may be
  b (that would complete the pattern), and b leaves both.
- 6: floor on a diagonal, a only at the corners in both rows (or both columns): a roof cell that
  were a would leave its row's and column's floor cells b and the other roof cell a, the pattern;
  so a leaves both roof cells.
Hidden unique rectangle (HoDoKu's hidden rectangle): one floor cell F, the opposite corner D; when
a has no place but the corners in D's row and in D's column, D cannot be b: then the corners
beside D would be a, F b, the pattern. So b leaves D.

Avoidable rectangle: the same swap over corners where digits have been placed but none is given:
placed digits are not clues, so a solution that swaps them is a second solution just the same.
- 1: three corners placed (a, b, b around the fourth): the fourth cannot be a.
- 2: two placed corners a and b in one line, the other two holding b or a plus one digit z: one of
  them is z, so z leaves every cell that sees both.

BUG+1 (bivalue universal grave plus one): every open cell has two candidates but one, which has
three. If that cell lost the digit d, each digit would have zero or two places in every house;
taking in every cell the candidate a solution does not use is then a second solution, as each
digit still fills each house once. So the cell is d. The argument needs nothing but all-different
houses, which X, Windoku and jigsaw still are; with cages the swapped filling may break a total,
so caged kinds are left out.
"""
from __future__ import annotations

from functools import lru_cache

from ..model import digit_name, digits_of, joined
from .board import Board, Step, digits_text, leaves_text
from .subsets import loses_text


def rectangles(board: Board) -> list[tuple[tuple[int, int, int, int], int]]:
    """((top-left, top-right, bottom-left, bottom-right), a/b mask) for every rectangle of open
    cells with a corner that is exactly a/b and the other three holding a or b, in row-major
    order of the corners."""
    n = board.size
    cand = board.candidates
    found = set()
    for cell in board.open_cells():
        pair = cand[cell]
        if pair.bit_count() != 2:
            continue
        r1, c1 = divmod(cell, n)
        for c2 in range(n):
            if c2 == c1 or not cand[r1 * n + c2] & pair:
                continue
            for r2 in range(n):
                if r2 != r1 and cand[r2 * n + c1] & pair and cand[r2 * n + c2] & pair:
                    top, bottom = sorted((r1, r2))
                    left, right = sorted((c1, c2))
                    found.add(((top * n + left, top * n + right, bottom * n + left,
                                bottom * n + right), pair))
    return sorted(found)


def deadly(board: Board, corners) -> bool:
    """Whether exchanging the rectangle's two digits keeps every rule (see the module text)."""
    if any(board.values[c] or board.puzzle.givens[c] for c in corners):
        return False
    return balanced(board, corners)


def balanced(board: Board, corners) -> bool:
    """Whether every house and cage holds as many corners of one diagonal as of the other."""
    return corners_balanced(board.geometry, tuple(corners))


@lru_cache(maxsize=8192)
def corners_balanced(g, corners: tuple[int, int, int, int]) -> bool:
    """`balanced` on the geometry alone (its houses and cages): the rectangle searches ask the
    same rectangles of every board of a puzzle."""
    top_left, top_right, bottom_left, bottom_right = corners
    balance: dict[tuple[str, int], int] = {}
    for cell, weight in ((top_left, 1), (bottom_right, 1), (top_right, -1), (bottom_left, -1)):
        for house in g.houses_of[cell]:
            balance[("house", house)] = balance.get(("house", house), 0) + weight
        if g.cage_of[cell] >= 0:
            balance[("cage", g.cage_of[cell])] = balance.get(("cage", g.cage_of[cell]), 0) + weight
    return not any(balance.values())


def shared_houses(board: Board, a: int, b: int) -> list[int]:
    g = board.geometry
    return sorted(set(g.houses_of[a]) & set(g.houses_of[b]))


def rectangle_step(board: Board, kind: int, corners, pair: int, reason: str, eliminations,
                   units=(), cells=()) -> Step:
    g = board.geometry
    return Step("unique-rectangle", f"Unique rectangle type {kind} in {g.names(corners)} on "
                f"{digits_text(pair)}: {reason}", eliminations=tuple(sorted(eliminations)),
                cells=tuple(sorted(set(corners) | set(cells))), units=tuple(units),
                pattern=tuple(sorted(board.pattern_of(pair, corners)
                                     + board.pattern_of(~pair, corners, 1))))


def type_1(board: Board, corners, pair: int, roof) -> Step | None:
    if len(roof) != 1:
        return None
    g = board.geometry
    cell = roof[0]
    if not board.candidates[cell] & ~pair:
        return None   # a roof of a or b alone: no solution (the puzzle would have two)
    eliminations = [(cell, d) for d in digits_of(pair & board.candidates[cell])]
    return rectangle_step(board, 1, corners, pair,
                          f"if {g.name(cell)} were "
                          f"{' or '.join(digit_name(d) for _, d in eliminations)} the "
                          f"four cells could swap them and the puzzle would have two solutions, "
                          f"so {loses_text(g, eliminations)}", eliminations)


def in_one_line(board: Board, cells) -> bool:
    g = board.geometry
    return len({g.row(c) for c in cells}) == 1 or len({g.column(c) for c in cells}) == 1


def type_2(board: Board, corners, pair: int, roof) -> Step | None:
    if len(roof) != 2 or not in_one_line(board, roof):
        return None
    return one_extra(board, 2, corners, pair, roof)


def type_5(board: Board, corners, pair: int, roof) -> Step | None:
    if len(roof) == 2 and in_one_line(board, roof) or len(roof) not in (2, 3):
        return None
    return one_extra(board, 5, corners, pair, roof)


def one_extra(board: Board, kind: int, corners, pair: int, roof) -> Step | None:
    """Every roof cell holds a/b and the same one digit z: one of them is z (types 2 and 5)."""
    cand = board.candidates
    extra = cand[roof[0]] & ~pair
    if extra.bit_count() != 1 or any(cand[c] & ~pair != extra for c in roof):
        return None
    g = board.geometry
    digit = extra.bit_length()
    eliminations = board.eliminations_of(digit, g.common_peers(roof) - set(corners))
    if not eliminations:
        return None
    return rectangle_step(board, kind, corners, pair,
                          f"one of {g.names(roof)} must be {digit_name(digit)} (else the four "
                          f"cells could swap {digits_text(pair)}), so "
                          f"{leaves_text(g, eliminations)}",
                          eliminations)


def type_3(board: Board, corners, pair: int, roof) -> Step | None:
    if len(roof) != 2:
        return None
    g = board.geometry
    cand = board.candidates
    extras = (cand[roof[0]] | cand[roof[1]]) & ~pair
    for house in shared_houses(board, *roof):
        others = [c for c in g.houses[house].cells
                  if cand[c] and c not in corners and not cand[c] & pair]
        open_cells = [c for c in g.houses[house].cells if cand[c] and c not in roof]
        for chosen, digits in naked_with(others, cand, extras, 3):
            if len(open_cells) <= len(chosen):
                continue
            # the same naked set stands in every shared house that holds its cells too
            houses = [h for h in shared_houses(board, *roof)
                      if set(chosen) <= set(g.houses[h].cells)]
            subset = set(chosen) | set(roof)
            eliminations = sorted({(c, d) for h in houses for c in g.houses[h].cells
                                   if cand[c] and c not in subset
                                   for d in digits_of(digits & cand[c])})
            if eliminations:
                return rectangle_step(
                    board, 3, corners, pair,
                    f"one of {g.names(roof)} holds one of {digits_text(extras)}, so with "
                    f"{g.names(chosen)} they make a naked set of {digits_text(digits)} in "
                    f"{joined(g.houses[h].name for h in houses)}: "
                    f"{leaves_text(g, eliminations)}",
                    eliminations, units=tuple(houses), cells=chosen)
    return None


def naked_with(cells, cand, start: int, most: int):
    """Every 1..`most` cells (in order) whose candidates with `start` make one digit more than
    there are cells, with that union, smallest sets first."""
    def grow(begin: int, chosen: tuple, union: int, size: int):
        if len(chosen) == size:
            if union.bit_count() == size + 1:
                yield chosen, union
            return
        for i in range(begin, len(cells)):
            wider = union | cand[cells[i]]
            if wider.bit_count() <= size + 1:
                yield from grow(i + 1, chosen + (cells[i],), wider, size)
    for size in range(1, most + 1):
        yield from grow(0, (), start, size)


def type_4(board: Board, corners, pair: int, roof) -> Step | None:
    if len(roof) != 2:
        return None
    g = board.geometry
    for house in shared_houses(board, *roof):
        for digit in digits_of(pair):
            if sorted(board.places(digit, g.houses[house].cells)) != sorted(roof):
                continue
            other = (pair & ~(1 << (digit - 1))).bit_length()
            eliminations = board.eliminations_of(other, roof)
            if not eliminations:
                continue
            return rectangle_step(board, 4, corners, pair,
                                  f"{digit_name(digit)} has no place in {g.houses[house].name} but "
                                  f"{g.names(roof)}, so one of them is {digit_name(digit)} and "
                                  f"neither may be {digit_name(other)}: "
                                  f"{leaves_text(g, eliminations)}",
                                  eliminations, units=(house,))
    return None


def type_6(board: Board, corners, pair: int, roof) -> Step | None:
    if len(roof) != 2 or in_one_line(board, roof):
        return None
    g = board.geometry
    n = board.size
    for digit in digits_of(pair):
        for first, across in ((0, g.row), (n, g.column)):
            units = tuple(first + across(c) for c in roof)
            kept = [g.houses[u] for u in units]
            if any(sorted(board.places(digit, line.cells)) != sorted(set(line.cells) & set(corners))
                   for line in kept):
                continue
            eliminations = board.eliminations_of(digit, roof)
            if not eliminations:
                continue
            return rectangle_step(board, 6, corners, pair,
                                  f"{digit_name(digit)} has no place in {kept[0].name} or "
                                  f"{kept[1].name} but the corners, so were "
                                  f"{' or '.join(g.name(c) for c in roof)} {digit_name(digit)}, "
                                  f"both would be, the other two corners "
                                  f"{digit_name((pair & ~(1 << (digit - 1))).bit_length())} and "
                                  f"the four cells could swap them: "
                                  f"{leaves_text(g, eliminations)}",
                                  eliminations, units=units)
    return None


def unique_rectangle(board: Board) -> Step | None:
    cand = board.candidates
    found = [(corners, pair, [c for c in corners if cand[c] != pair])
             for corners, pair in rectangles(board) if deadly(board, corners)]
    for check in (type_1, type_2, type_3, type_4, type_5, type_6):
        for corners, pair, roof in found:
            step = check(board, corners, pair, roof)
            if step:
                return step
    return None


def hidden_unique_rectangle(board: Board) -> Step | None:
    g = board.geometry
    cand = board.candidates
    for corners, pair in rectangles(board):
        if not deadly(board, corners):
            continue
        for i, floor in enumerate(corners):
            if cand[floor] != pair:
                continue
            far = corners[3 - i]   # the opposite corner (corners run TL, TR, BL, BR)
            lines = (g.rows[g.row(far)], g.columns[g.column(far)])
            for digit in digits_of(pair):
                other = (pair & ~(1 << (digit - 1))).bit_length()
                if not board.has(far, other) or any(
                        sorted(board.places(digit, line.cells))
                        != sorted(set(line.cells) & set(corners)) for line in lines):
                    continue
                beside = [c for c in corners if c not in (floor, far)]
                eliminations = ((far, other),)
                return Step("hidden-unique-rectangle",
                            f"Hidden unique rectangle in {g.names(corners)} on "
                            f"{digits_text(pair)}: {digit_name(digit)} has no place in "
                            f"{lines[0].name} or {lines[1].name} but the corners, so were "
                            f"{g.name(far)} {digit_name(other)}, {g.names(beside)} would be "
                            f"{digit_name(digit)}, {g.name(floor)} {digit_name(other)} and the "
                            f"four cells could swap them: {leaves_text(g, eliminations)}",
                            eliminations=eliminations, cells=tuple(corners),
                            units=(g.row(far), board.size + g.column(far)),
                            pattern=tuple(sorted(board.pattern_of(pair, corners)
                                                 + board.pattern_of(~pair, corners, 1))))
    return None


def placed_rectangles(board: Board):
    """(corners, placed corners) for every rectangle of cells none of which is given, two or
    three of them placed, balanced in every house and cage (see `balanced`)."""
    n = board.size
    values = board.values
    givens = board.puzzle.givens
    for top in range(n):
        for bottom in range(top + 1, n):
            # each column's corners in these rows: how many placed, or None if one is a given
            placed_in = [None if givens[top * n + col] or givens[bottom * n + col]
                         else bool(values[top * n + col]) + bool(values[bottom * n + col])
                         for col in range(n)]
            for left in range(n):
                if placed_in[left] is None:
                    continue
                for right in range(left + 1, n):
                    if placed_in[right] is None or not 2 <= placed_in[left] + placed_in[right] <= 3:
                        continue
                    corners = (top * n + left, top * n + right, bottom * n + left,
                               bottom * n + right)
                    if balanced(board, corners):
                        yield corners, [c for c in corners if values[c]]


def avoidable_rectangle(board: Board) -> Step | None:
    """Placed corners that are no clues, swapped with the open ones (see the module text)."""
    g = board.geometry
    values = board.values
    cand = board.candidates
    for kind in (1, 2):
        for corners, placed in placed_rectangles(board):
            if len(placed) != 4 - kind:
                continue
            # the swappable filling: each corner as its opposite corner (TL=BR, TR=BL)
            wanted = {c: values[corners[3 - i]] for i, c in enumerate(corners)}
            open_cells = [c for c in corners if not values[c]]
            if any(values[c] and wanted[c] and values[c] != wanted[c] for c in placed):
                continue
            digits = {values[c] for c in placed}
            if len(digits) != 2 or any(not wanted[c] or not board.has(c, wanted[c])
                                       for c in open_cells):
                continue
            if kind == 1:
                cell = open_cells[0]
                eliminations = ((cell, wanted[cell]),)
                reason = (f"were {g.name(cell)} {digit_name(wanted[cell])}, the four cells "
                          f"could swap {digits_text(sorted(digits))}, none of them a given")
            else:
                extra = cand[open_cells[0]] & ~(1 << (wanted[open_cells[0]] - 1))
                if (not in_one_line(board, open_cells) or extra.bit_count() != 1
                        or cand[open_cells[1]] != extra | 1 << (wanted[open_cells[1]] - 1)):
                    continue
                digit = extra.bit_length()
                eliminations = board.eliminations_of(
                    digit, g.common_peers(open_cells) - set(corners))
                reason = (f"one of {g.names(open_cells)} must be {digit_name(digit)}, else the "
                          f"four cells could swap {digits_text(sorted(digits))}, none of them a "
                          f"given")
            if eliminations:
                return Step("avoidable-rectangle",
                            f"Avoidable rectangle type {kind} in {g.names(corners)}: {reason}, "
                            f"so {leaves_text(g, eliminations)}",
                            eliminations=tuple(eliminations), cells=tuple(corners),
                            pattern=tuple((c, wanted[c], 0) for c in open_cells)
                            + tuple((c, d, 1) for c in open_cells
                                    for d in digits_of(cand[c]) if d != wanted[c]))
    return None


def bug_plus_one(board: Board) -> Step | None:
    if board.puzzle.cages:
        return None
    cand = board.candidates
    crowded = [c for c in board.open_cells() if cand[c].bit_count() != 2]
    if len(crowded) != 1 or cand[crowded[0]].bit_count() != 3:
        return None
    g = board.geometry
    cell = crowded[0]
    for digit in digits_of(cand[cell]):
        without = list(cand)
        without[cell] &= ~(1 << (digit - 1))
        if two_or_none(without, g.houses, board.size):
            return Step("bug-plus-one", f"BUG+1: every open cell but {g.name(cell)} has two "
                        f"candidates; without {digit_name(digit)} there, every digit would have "
                        f"two places in each house and the puzzle two solutions, so "
                        f"{g.name(cell)} is "
                        f"{digit_name(digit)}", placements=((cell, digit),), cells=(cell,),
                        units=g.houses_of[cell])
    return None


def two_or_none(candidates, houses, size: int) -> bool:
    """Whether every digit has zero or two places in every house."""
    for house in houses:
        for d in range(size):
            if sum(candidates[c] >> d & 1 for c in house.cells) not in (0, 2):
                return False
    return True

STRATEGIES = {
    "unique-rectangle": unique_rectangle,
    "hidden-unique-rectangle": hidden_unique_rectangle,
    "avoidable-rectangle": avoidable_rectangle,
    "bug-plus-one": bug_plus_one,
}
