"""Precomputed digit sets and tuples that can fill a cage.

Killer cages hold distinct digits, so only the *set* of digits matters: for a total and a cell
count we list every candidate mask whose digits add up to the total. KenKen cages may repeat a
digit in cells that share no row or column, so there we list whole tuples (one digit per cell).
"""
from __future__ import annotations

from functools import lru_cache
from math import prod

# Above this many tuples a KenKen cage is only checked when it is full (see network.py).
TUPLE_LIMIT = 200_000


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
    Returns None when there would be more than `limit` tuples. Iterative, to keep the search
    stack out of Python recursion even here."""
    k = len(cells)
    clash = [[j for j in range(i) if differ(i, j)] for i in range(k)]
    digits = range(1, size + 1)
    out = []
    # Partial assignments are extended cell by cell; prune on the running sum / product.
    stack = [()]
    while stack:
        partial = stack.pop()
        i = len(partial)
        if i == k:
            if fits(op, total, partial):
                out.append(tuple(1 << (d - 1) for d in partial))
                if len(out) > limit:
                    return None
            continue
        left = k - i - 1
        for d in digits:
            if any(partial[j] == d for j in clash[i]):
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
