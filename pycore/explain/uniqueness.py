"""Uniqueness: unique rectangles (types 1 to 4) and BUG+1. Both assume the puzzle has exactly one
solution, and reason that a position which would allow two cannot be the one we are in.

Unique rectangle on digits a/b: four open cells at the corners of two rows and two columns, all
with a and b as candidates. If all four ended as a/b, the two diagonals would hold a and b, and
exchanging a with b on the four cells would give a second solution, unless some rule tells the
two fillings apart. So the pattern counts as deadly only when the exchange keeps every rule:
- every house (row, column, box, jigsaw region, X diagonal, Windoku window) and every cage holds
  as many cells of one diagonal as of the other: then its digits after the exchange are the same
  multiset, so all-different houses, killer sums and KenKen results all still hold. Rows and
  columns always balance; a rectangle over four boxes does not (each box holds one corner), and
  in a killer a cage holding A1 and A4 balances, one holding only A1 of the four does not;
- all four cells are open: a given (or a digit already placed) cannot be exchanged.
Types, with the "floor" the corners that are exactly a/b and the "roof" the others:
- 1: one roof cell: it cannot be a or b, so both leave it.
- 2: two roof cells, each with the same one extra digit z: one of them is z, so z leaves every cell
  that sees both.
- 3: two roof cells in one house: one of them holds one of their extra digits, so together they act
  as one cell with those digits; with k-1 other cells of the house it makes a naked subset of k
  digits, which leave the rest of the house.
- 4: two roof cells in one house where a has no other place: one of them is a, so neither may be
  b (that would complete the pattern), and b leaves both.

BUG+1 (bivalue universal grave plus one): every open cell has two candidates but one, which has
three. If that cell lost the digit d, each digit would have zero or two places in every house;
taking in every cell the candidate a solution does not use is then a second solution, as each
digit still fills each house once. So the cell is d. The argument needs nothing but all-different
houses, which X, Windoku and jigsaw still are; with cages the swapped filling may break a total,
so caged kinds are left out.
"""
from __future__ import annotations

from ..model import digit_name, digits_of
from .board import Board, Step, digits_text, leaves_text
from .subsets import loses_text


def rectangles(board: Board) -> list[tuple[tuple[int, int, int, int], int]]:
    """((top-left, top-right, bottom-left, bottom-right), a/b mask) for every rectangle of open
    cells with a corner that is exactly a/b and the other three holding a and b, in row-major
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
            if c2 == c1 or cand[r1 * n + c2] & pair != pair:
                continue
            for r2 in range(n):
                if (r2 != r1 and cand[r2 * n + c1] & pair == pair
                        and cand[r2 * n + c2] & pair == pair):
                    top, bottom = sorted((r1, r2))
                    left, right = sorted((c1, c2))
                    found.add(((top * n + left, top * n + right, bottom * n + left,
                                bottom * n + right), pair))
    return sorted(found)


def deadly(board: Board, corners) -> bool:
    """Whether exchanging the rectangle's two digits keeps every rule (see the module text)."""
    g = board.geometry
    if any(board.values[c] or board.puzzle.givens[c] for c in corners):
        return False
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
    eliminations = [(cell, d) for d in digits_of(pair)]
    return rectangle_step(board, 1, corners, pair,
                          f"if {g.name(cell)} were "
                          f"{' or '.join(map(digit_name, digits_of(pair)))} the "
                          f"four cells could swap them and the puzzle would have two solutions, "
                          f"so {loses_text(g, eliminations)}", eliminations)


def type_2(board: Board, corners, pair: int, roof) -> Step | None:
    cand = board.candidates
    if len(roof) != 2:
        return None
    extra = cand[roof[0]] & ~pair
    if extra.bit_count() != 1 or cand[roof[1]] & ~pair != extra:
        return None
    g = board.geometry
    digit = extra.bit_length()
    eliminations = board.eliminations_of(digit, g.common_peers(roof) - set(corners))
    if not eliminations:
        return None
    return rectangle_step(board, 2, corners, pair,
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
            subset = set(chosen)
            eliminations = [(c, d) for c in open_cells if c not in subset
                            for d in digits_of(digits & cand[c])]
            if eliminations:
                return rectangle_step(
                    board, 3, corners, pair,
                    f"one of {g.names(roof)} holds one of {digits_text(extras)}, so with "
                    f"{g.names(chosen)} they make a naked set of {digits_text(digits)} in "
                    f"{g.houses[house].name}: {leaves_text(g, eliminations)}",
                    eliminations, units=(house,), cells=chosen)
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
            eliminations = [(c, other) for c in roof]
            return rectangle_step(board, 4, corners, pair,
                                  f"{digit_name(digit)} has no place in {g.houses[house].name} but "
                                  f"{g.names(roof)}, so one of them is {digit_name(digit)} and "
                                  f"neither may be {digit_name(other)}: "
                                  f"{leaves_text(g, eliminations)}",
                                  eliminations, units=(house,))
    return None


def unique_rectangle(board: Board) -> Step | None:
    cand = board.candidates
    found = [(corners, pair, [c for c in corners if cand[c] != pair])
             for corners, pair in rectangles(board) if deadly(board, corners)]
    for check in (type_1, type_2, type_3, type_4):
        for corners, pair, roof in found:
            step = check(board, corners, pair, roof)
            if step:
                return step
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
    "bug-plus-one": bug_plus_one,
}
