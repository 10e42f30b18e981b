"""Precomputed digit sets and tuples that can fill a cage.

Killer cages hold distinct digits, so only the *set* of digits matters: for a total and a cell
count we list every candidate mask whose digits add up to the total. KenKen cages may repeat a
digit in cells that share no row or column, so there we list whole tuples (one digit per cell).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product
from math import factorial, prod

from ..model import digits_of, fits  # noqa: F401  (fits: the engine's import)

# Above this many tuples a KenKen cage is only checked when it is full (see network.py).
TUPLE_LIMIT = 30_000
# Up to this many raw digit tuples a cage is enumerated by itertools.product (C speed).
PRODUCT_LIMIT = 60_000
# Steps (partial fillings grown) spent listing a cage whose count, clashes aside, is over
# TUPLE_LIMIT before it is left to bounds: about ten milliseconds.
WORK_LIMIT = 2_000


# Digit sets are listed for grids up to 16×16 (65,536 masks in all); a 25×25 has 33 million, too
# many to list in time: there a killer cage is reasoned about by the bounds of its sum alone
# (network.py), and the hints and the cage line list none.
LISTED_MAX_SIZE = 16


@lru_cache(maxsize=None)
def sum_combinations(size: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """{(total, count): masks of `count` distinct digits 1…size adding up to `total`}."""
    table: dict[tuple[int, int], list[int]] = {}
    for mask in range(1, 1 << size):
        total = sum(d + 1 for d in range(size) if mask >> d & 1)
        table.setdefault((total, mask.bit_count()), []).append(mask)
    return {key: tuple(masks) for key, masks in table.items()}


@lru_cache(maxsize=None)
def one_to_one(size: int, total: int, count: int) -> tuple[list[list[int]], list[list[int]]]:
    """Every way to put a digit set of `count` digits adding up to `total` into `count` cells
    (its fillings: each set's permutations), for the exact support of a killer cage. Returns
    (fitting, placing): fitting[i][mask] the fillings (bits over all of them) whose i-th digit
    is in `mask`, and placing[i][d] those whose i-th digit is d + 1. The fillings that fit a
    cage's cells are one AND per cell; a cell's digit is supported while one of them places it.
    Up to 12 sets of 5 digits: 1,440 fillings, so each of these ints has at most 1,440 bits."""
    fillings = [order for combo in combinations_for(size, total, count)
                for order in permutations(d for d in range(size) if combo >> d & 1)]
    placing = [[0] * size for _ in range(count)]
    for number, order in enumerate(fillings):
        for position, digit in enumerate(order):
            placing[position][digit] |= 1 << number
    fitting = []
    for digits in placing:
        row = [0] * (1 << size)
        for mask in range(1, 1 << size):
            low = mask & -mask
            row[mask] = row[mask ^ low] | digits[low.bit_length() - 1]
        fitting.append(row)
    return fitting, placing


def combinations_for(size: int, total: int, count: int) -> tuple[int, ...]:
    """The digit sets of `count` digits adding up to `total`, for size <= LISTED_MAX_SIZE."""
    return sum_combinations(size).get((total, count), ())


class DigitSets:
    """A SET constraint's digit sets (bit i of a live subset stands for sets[i]) and, memoised
    per mask as the search asks, which of them meet a cell's mask, lie within the cells'
    union, hold the digits that must be there, and each live subset's union and intersection.
    Every constraint with the same sets shares one (digit_sets), so the memos fill fast."""
    __slots__ = ("sets", "every", "meeting", "within", "holding", "summaries")

    def __init__(self, sets: tuple[int, ...]):
        self.sets = sets
        self.every = (1 << len(sets)) - 1
        self.meeting: dict[int, int] = {}
        self.within: dict[int, int] = {}
        self.holding: dict[int, int] = {}
        self.summaries: dict[int, tuple[int, int]] = {}

    def meet(self, mask: int) -> int:
        return remember(self.meeting, mask, self.subset(lambda s: s & mask))

    def inside(self, union: int) -> int:
        return remember(self.within, union, self.subset(lambda s: not s & ~union))

    def hold(self, must: int) -> int:
        return remember(self.holding, must, self.subset(lambda s: s & must == must))

    def subset(self, test) -> int:
        return sum(1 << i for i, s in enumerate(self.sets) if test(s))

    def summarize(self, alive: int) -> tuple[int, int]:
        """(union, intersection) of the live sets `alive` (not empty)."""
        union, common = 0, -1
        for i, s in enumerate(self.sets):
            if alive >> i & 1:
                union |= s
                common &= s
        return remember(self.summaries, alive, (union, common))


# A 9x9 killer's memos stay far below this; a big grid's (25 digits, thousands of sets) could grow
# without end in a long search, so a full memo starts again.
MEMO_LIMIT = 1 << 14


def remember(memo: dict, key, value):
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


@lru_cache(maxsize=None)
def digit_sets(sets: tuple[int, ...]) -> DigitSets:
    return DigitSets(sets)


def cage_tuples(op: str, total: int, size: int, cells, differ, limit: int = TUPLE_LIMIT):
    """Every tuple of digits (as candidate bits) for `cells` meeting the cage's arithmetic, with
    cells that see each other (`differ(i, j)` on positions) holding different digits.
    Returns None when there would be more than `limit` tuples, or when listing them would take
    more than WORK_LIMIT steps: the fillings are counted before any is listed (a 14-cell sum cage
    has billions), so the set-up stays within milliseconds whatever the cage."""
    k = len(cells)
    clashes = [(i, j) for i in range(k) for j in range(i) if differ(i, j)]
    bits = [0] + [1 << (d - 1) for d in range(1, size + 1)]
    if op == "+" and len(clashes) == k * (k - 1) // 2 and size <= LISTED_MAX_SIZE:
        # All different (a killer cage): the orderings of each fitting digit set.
        sets = combinations_for(size, total, k) if k <= size else ()
        if len(sets) * factorial(k) > limit:
            return None
        return [tuple(bits[d] for d in order)
                for combo in sets
                for order in permutations(digits_of(combo))]
    digits = usable_digits(op, total, size, k)
    if len(digits) ** k > PRODUCT_LIMIT:
        # Listing costs at most k * size steps per filling (every partial filling grown below can
        # be completed), so a count within the limit bounds the work; above it, only a cage whose
        # clashes cut the count back under the limit quickly is listed.
        bounded = count_fillings(op, total, size, k) <= limit
        return grown_tuples(op, total, size, k, clashes, bits, limit,
                            work_limit=None if bounded else WORK_LIMIT)
    if op == "+":
        # The last digit is whatever the others leave.
        meets = (t + (total - sum(t),) for t in product(digits, repeat=k - 1)
                 if 1 <= total - sum(t) <= size)
    elif op == "x":
        meets = (t for t in product(digits, repeat=k) if prod(t) == total)
    else:
        meets = (t for t in product(digits, repeat=k) if fits(op, total, t))
    out = [tuple(bits[d] for d in t) for t in meets
           if all(t[i] != t[j] for i, j in clashes)]
    return out if len(out) <= limit else None


def usable_digits(op: str, total: int, size: int, count: int) -> list[int]:
    """Digits that can appear at all: a product's digits divide it, a sum's leave room."""
    if count == 1:
        return [total] if 1 <= total <= size else []
    if op == "+":
        return [d for d in range(1, size + 1) if count - 1 <= total - d <= (count - 1) * size]
    if op == "x":
        return [d for d in range(1, size + 1) if total % d == 0]
    return list(range(1, size + 1))


def count_fillings(op: str, total: int, size: int, k: int) -> int:
    """How many k-tuples of digits 1…size meet the arithmetic, clashes left aside: an upper
    bound on a cage's fillings, found without listing any. Exact for +, × and two-cell − ÷;
    size**k (every tuple) for the − and ÷ cages of more cells that no real puzzle has."""
    if k == 1:
        return 1 if 1 <= total <= size else 0
    if op == "+":
        if not k <= total <= k * size:
            return 0
        ways = [1] + [0] * total          # ways[s]: tuples so far that add up to s
        for _ in range(k):
            ways = [sum(ways[s - d] for d in range(1, min(size, s) + 1)) for s in range(total + 1)]
        return ways[total]
    if op == "x":
        ways = {1: 1}                     # product so far (a divisor of the total): tuples
        for _ in range(k):
            grown: dict[int, int] = {}
            for p, n in ways.items():
                for d in range(1, size + 1):
                    if total % (p * d) == 0:
                        grown[p * d] = grown.get(p * d, 0) + n
            ways = grown
        return ways.get(total, 0) if total >= 1 else 0
    if k == 2:
        return sum(fits(op, total, (a, b)) for a in range(1, size + 1) for b in range(1, size + 1))
    return size ** k


def line_sum_range(cells, size: int) -> tuple[int, int]:
    """The least and most a sum cage can total when its cells in one row, or in one column,
    hold different digits: per line, the smallest (largest) digits 1…size, as many as its cells
    there; the rows' range and the columns' range both hold, so their overlap is returned.
    A cage over whole rows gets one possible total, which a search could only find by trying."""
    def per_line(line_of):
        counts: dict[int, int] = {}
        for cell in cells:
            counts[line_of(cell)] = counts.get(line_of(cell), 0) + 1
        low = sum(m * (m + 1) // 2 for m in counts.values())
        high = sum(m * (2 * size - m + 1) // 2 for m in counts.values())
        return low, high
    rows, columns = per_line(lambda c: c // size), per_line(lambda c: c % size)
    return max(rows[0], columns[0]), min(rows[1], columns[1])


def reachable_products(total: int, size: int, k: int) -> list[set[int]]:
    """[j]: the products of j digits 1…size that divide `total` (what j cells can still make)."""
    reach = [{1}]
    for _ in range(k):
        reach.append({p * d for p in reach[-1] for d in range(1, size + 1) if total % (p * d) == 0})
    return reach


def grown_tuples(op, total, size, k, clashes, bits, limit, work_limit=None):
    """Big cages: extend partial tuples cell by cell, keeping only those the remaining cells can
    complete (the sum or product they still need is within reach), so each partial tuple leads
    to at least one filling. None past `limit` fillings or `work_limit` steps.
    Iterative, like everything in the solver."""
    earlier = [[j for i, j in clashes if i == position] for position in range(k)]
    reach = reachable_products(total, size, k) if op == "x" else None
    out = []
    stack = [()]
    steps = 0
    while stack:
        partial = stack.pop()
        i = len(partial)
        if i == k:
            if fits(op, total, partial):
                out.append(tuple(bits[d] for d in partial))
                if len(out) > limit:
                    return None
            continue
        steps += 1
        if work_limit is not None and steps > work_limit:
            return None
        left = k - i - 1
        for d in range(1, size + 1):
            if any(partial[j] == d for j in earlier[i]):
                continue
            if op == "+":
                rest = total - sum(partial) - d
                if not left <= rest <= left * size:
                    continue
            elif op == "x":
                made = prod(partial) * d
                if total % made or total // made not in reach[left]:
                    continue
            stack.append(partial + (d,))
    out.reverse()
    return out
