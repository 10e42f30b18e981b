"""Precomputed digit sets and tuples that can fill a cage.

Killer cages hold distinct digits, so only the *set* of digits matters: for a total and a cell
count we list every candidate mask whose digits add up to the total. KenKen cages may repeat a
digit in cells that share no row or column, so there we list whole tuples (one digit per cell).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product
from math import prod

from ..model import digits_of

# Above this many tuples a KenKen cage is only checked when it is full (see network.py).
TUPLE_LIMIT = 30_000
# Up to this many raw digit tuples a cage is enumerated by itertools.product (C speed).
PRODUCT_LIMIT = 60_000


@lru_cache(maxsize=None)
def sum_combinations(size: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """{(total, count): masks of `count` distinct digits 1…size adding up to `total`}."""
    table: dict[tuple[int, int], list[int]] = {}
    for mask in range(1, 1 << size):
        total = sum(d + 1 for d in range(size) if mask >> d & 1)
        table.setdefault((total, mask.bit_count()), []).append(mask)
    return {key: tuple(masks) for key, masks in table.items()}


def combinations_for(size: int, total: int, count: int) -> tuple[int, ...]:
    return sum_combinations(size).get((total, count), ())


def fits(op: str, total: int, digits) -> bool:
    """Whether a full assignment of a cage meets its arithmetic."""
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


def cage_tuples(op: str, total: int, size: int, cells, differ, limit: int = TUPLE_LIMIT):
    """Every tuple of digits (as candidate bits) for `cells` meeting the cage's arithmetic, with
    cells that see each other (`differ(i, j)` on positions) holding different digits.
    Returns None when there would be more than `limit` tuples."""
    k = len(cells)
    clashes = [(i, j) for i in range(k) for j in range(i) if differ(i, j)]
    bits = [0] + [1 << (d - 1) for d in range(1, size + 1)]
    if op == "+" and len(clashes) == k * (k - 1) // 2:
        # All different (a killer cage): the orderings of each fitting digit set.
        out = [tuple(bits[d] for d in order)
               for combo in combinations_for(size, total, k)
               for order in permutations(digits_of(combo))]
        return out if len(out) <= limit else None
    digits = usable_digits(op, total, size, k)
    if len(digits) ** k > PRODUCT_LIMIT:
        return grown_tuples(op, total, size, k, clashes, bits, limit)
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


def grown_tuples(op, total, size, k, clashes, bits, limit):
    """Big cages: extend partial tuples cell by cell, pruning on the running sum / product.
    Iterative, like everything in the solver."""
    earlier = [[j for i, j in clashes if i == position] for position in range(k)]
    out = []
    stack = [()]
    while stack:
        partial = stack.pop()
        i = len(partial)
        if i == k:
            if fits(op, total, partial):
                out.append(tuple(bits[d] for d in partial))
                if len(out) > limit:
                    return None
            continue
        left = k - i - 1
        for d in range(1, size + 1):
            if any(partial[j] == d for j in earlier[i]):
                continue
            if op == "+":
                s = sum(partial) + d
                if s + left > total or s + left * size < total:
                    continue
            elif op == "x":
                if total % (prod(partial) * d):
                    continue
            stack.append(partial + (d,))
    out.reverse()
    return out
