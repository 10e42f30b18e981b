"""What a KenKen cage can still hold: every filling that meets its arithmetic and the live
candidates, and the cage/house layout the KenKen strategies read.

A filling is a tuple of digits, one per cage cell in the cage's cell order. Copies of a digit
may share a cage only in cells that do not see each other (geometry.peers), so a bent cage may
repeat a digit but a cage inside one row or box may not.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import prod

from ..model import ARITHMETIC_KINDS, OPERATOR_SIGNS, clue, digit_name, digits_of
from .board import Board, geometry_of, remember

# Enumeration steps before a cage counts as too open to list (a wide + cage early on): such a
# cage is skipped until its cells narrow. Fillings above FILLING_LIMIT are not listed either.
NODE_LIMIT = 20_000
FILLING_LIMIT = 3_000


@dataclass(frozen=True)
class CageLayout:
    cells: tuple[int, ...]
    total: int
    op: str
    label: str                      # "12+", "3−", or "5" for a single cell
    # (house index, positions of the cage's cells in that house, house cells outside the cage)
    houses: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]


@lru_cache(maxsize=16)
def layout(puzzle) -> tuple[CageLayout, ...]:
    g = geometry_of(puzzle)
    out = []
    for cage in puzzle.cages:
        inside = set(cage.cells)
        houses = []
        for index, house in enumerate(g.houses):
            positions = tuple(i for i, c in enumerate(cage.cells) if c in house.cells)
            if positions:
                houses.append((index, positions, tuple(c for c in house.cells if c not in inside)))
        out.append(CageLayout(cage.cells, cage.total, cage.op, clue(cage, puzzle.kind),
                              tuple(houses)))
    return tuple(out)


def applies(board: Board) -> bool:
    return board.puzzle.kind in ARITHMETIC_KINDS and bool(board.puzzle.cages)


def cage_name(board: Board, index: int) -> str:
    cage = layout(board.puzzle)[index]
    return f"the {cage.label} cage ({board.geometry.names(cage.cells)})"


def cell_masks(board: Board, cells) -> tuple[int, ...]:
    """Candidates of open cells, the one digit of filled ones."""
    masks = board.masks
    return tuple(masks[c] for c in cells)


_cache: dict = {}
_unused: dict = {}
MOST_KEPT = 50_000


def fillings(board: Board, index: int):
    """Every filling of cage `index` the live candidates allow, or None when there are too many
    to list. Cached on the cage and its cells' candidates, which most steps leave alone."""
    return _fillings(board, index)[1]


def fillings_and_unused(board: Board, index: int):
    """`fillings`, and the (cell, digit) candidates of the cage that none of them uses, both
    cached on the cage and its cells' candidates: a Nishio hint reads every cage's at each of
    its ~500 easy steps, and working them out again each time was a fifth of it."""
    key, found = _fillings(board, index)
    if not found:
        return found, ()
    unused = _unused.get(key)
    if unused is None:
        cells = board.puzzle.cages[index].cells
        unused = remember(_unused, MOST_KEPT, key, tuple(
            (cell, d) for cell, mask, used in zip(cells, key[3], possible(found, len(cells)))
            for d in digits_of(mask & ~used)))
    return found, unused


def _fillings(board: Board, index: int):
    puzzle = board.puzzle
    cage = puzzle.cages[index]
    masks = cell_masks(board, cage.cells)
    key = (puzzle.kind, puzzle.size, cage, masks)
    found = _cache.get(key, _cache)
    if found is _cache:
        g = geometry_of(puzzle)
        found = remember(_cache, MOST_KEPT, key, enumerate_fillings(
            cage.op, cage.total, masks, lambda a, b: g.sees(cage.cells[a], cage.cells[b])))
    return key, found


def enumerate_fillings(op: str, total: int, masks, sees, node_limit: int = NODE_LIMIT,
                       filling_limit: int = FILLING_LIMIT):
    """Depth-first over the cells (fewest candidates first), pruned by the sum or product still
    needed: the remaining cells' smallest and largest digits bound what they can make. None past
    `node_limit` digits tried or `filling_limit` fillings found."""
    k = len(masks)
    if op in "-/" and k > 2:
        return None           # − and ÷ are defined on two cells only
    order = sorted(range(k), key=lambda i: bin(masks[i]).count("1"))
    options = [digits_of(masks[i]) for i in order]
    if any(not o for o in options):
        return ()
    earlier = [[j for j in range(i) if sees(order[i], order[j])] for i in range(k)]
    if op == "+":
        low = [sum(o[0] for o in options[i:]) for i in range(k + 1)]
        high = [sum(o[-1] for o in options[i:]) for i in range(k + 1)]
    elif op == "x":
        low = [prod(o[0] for o in options[i:]) for i in range(k + 1)]
        high = [prod(o[-1] for o in options[i:]) for i in range(k + 1)]
    out = []
    partial = [0] * k
    nodes = 0

    def grow(i: int, left: int) -> bool:
        """`left`: the sum or product the cells from i on must make. False when over a limit."""
        nonlocal nodes
        if i == k:
            if op in "+x" and left != (0 if op == "+" else 1):
                return True
            filling = [0] * k
            for position, digit in zip(order, partial):
                filling[position] = digit
            if op not in "+x" and not _fits_pair(op, total, filling):
                return True
            out.append(tuple(filling))
            return len(out) <= filling_limit
        seen = 0   # digits of the earlier cells this one sees
        for j in earlier[i]:
            seen |= 1 << (partial[j] - 1)
        for d in options[i]:
            nodes += 1
            if nodes > node_limit:
                return False
            if seen >> (d - 1) & 1:
                continue
            if op == "+":
                rest = left - d
                if not low[i + 1] <= rest <= high[i + 1]:
                    continue
            elif op == "x":
                if left % d:
                    continue
                rest = left // d
                if not low[i + 1] <= rest <= high[i + 1]:
                    continue
            else:
                rest = left
            partial[i] = d
            if not grow(i + 1, rest):
                return False
        return True

    if k == 1:
        return ((total,),) if total >= 1 and masks[0] >> (total - 1) & 1 else ()
    return tuple(out) if grow(0, total) else None


def _fits_pair(op: str, total: int, pair) -> bool:
    big, small = max(pair), min(pair)
    return big - small == total if op == "-" else big == small * total


def possible(fills, k: int) -> list[int]:
    """Per cage position, the digits some filling puts there."""
    masks = [0] * k
    for filling in fills:
        for i, d in enumerate(filling):
            masks[i] |= 1 << (d - 1)
    return masks


def required(fills, positions) -> int:
    """Digits that every filling puts somewhere among `positions`."""
    need = -1
    for filling in fills:
        need &= digits_at(filling, positions)
    return need if fills else 0


def digits_at(filling, positions) -> int:
    """The digits a filling puts at `positions`, as a mask."""
    mask = 0
    for i in positions:
        mask |= 1 << (filling[i] - 1)
    return mask


def describe(fills, op: str, most: int = 4) -> str:
    """"1×2×6 or 1×3×4": the digit sets the fillings use, as sums or products."""
    sign = OPERATOR_SIGNS[op]
    seen = []
    for filling in fills:
        digits = tuple(sorted(filling, reverse=op in "-/"))
        if digits not in seen:
            seen.append(digits)
    seen.sort()
    words = [sign.join(map(digit_name, digits)) for digits in seen[:most]]
    if len(seen) > most:
        words.append(f"{len(seen) - most} more")
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
