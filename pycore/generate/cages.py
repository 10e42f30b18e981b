"""Cages cut from a full grid: killer cages (sums, no repeated digit, 2-5 cells mostly) and KenKen
cages (a mix of +, −, ×, ÷), and the split that takes away an ambiguity the solver found.

A cage is a list of cells here until the puzzle is made; `clue_for` gives it its total and
operator from the grid's digits, so every cage is true of the grid by construction."""
from __future__ import annotations

import random
from math import prod

from ..model import Cage
from .fill import neighbours

# Killer cage sizes drawn with these weights (1-5 cells, few single cells: a single cell gives
# its digit away).
KILLER_SIZES = ((1, 1), (2, 30), (3, 34), (4, 22), (5, 13))
# KenKen's: single cells are a KenKen tradition in small numbers; 4 cells at most keep the
# products within what the strings can hold.
KENKEN_SIZES = ((1, 6), (2, 46), (3, 34), (4, 14))
LARGEST_CLUE = 2047   # the versioned strings' widest cage content


def random_cages(grid, n: int, rng: random.Random, arithmetic: bool) -> list[list[int]]:
    """Cells partitioned into connected cages at random. A killer cage never repeats a digit; a
    KenKen cage may (in different rows and columns, as any two cells of a grid's cage are when
    the digits repeat)."""
    sizes = KENKEN_SIZES if arithmetic else KILLER_SIZES
    cage_of = [-1] * (n * n)
    cages: list[list[int]] = []
    order = list(range(n * n))
    rng.shuffle(order)
    for start in order:
        if cage_of[start] >= 0:
            continue
        want = rng.choices([s for s, _ in sizes], [w for _, w in sizes])[0]
        cage = [start]
        cage_of[start] = len(cages)
        while len(cage) < want:
            options = sorted({x for c in cage for x in neighbours(c, n)
                              if cage_of[x] < 0 and (arithmetic or grid[x] not in {grid[c] for c in cage})})
            if not options:
                break
            pick = rng.choice(options)
            cage.append(pick)
            cage_of[pick] = len(cages)
        cages.append(cage)
    return merge_singles(cages, grid, n, rng, arithmetic)


def merge_singles(cages, grid, n, rng, arithmetic):
    """Killer single cells the sizes did not ask for (a cell left with no free neighbour) join a
    neighbouring cage of fewer than 5 cells that lacks their digit, where there is one."""
    if arithmetic:
        return cages
    cage_of = {c: k for k, cage in enumerate(cages) for c in cage}
    for k, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        cell = cage[0]
        near = sorted({cage_of[x] for x in neighbours(cell, n)
                       if len(cages[cage_of[x]]) < 5 and grid[cell] not in {grid[c] for c in cages[cage_of[x]]}})
        if near and rng.random() < 0.9:
            target = rng.choice(near)
            cages[target].append(cell)
            cage_of[cell] = target
            cages[k] = []
    return [sorted(c) for c in cages if c]


def clue_for(cells, grid, rng: random.Random, arithmetic: bool) -> Cage:
    """The cage's clue from the grid: a killer's sum; a KenKen's operator drawn from those its
    digits allow (÷ and − for two cells, preferred as KenKen setters do; × when the product is
    small enough to write)."""
    cells = tuple(sorted(cells))
    digits = [grid[c] for c in cells]
    if not arithmetic or len(cells) == 1:
        return Cage(cells, sum(digits) if not arithmetic else digits[0], "+")
    options = [("+", sum(digits), 3)]
    if prod(digits) <= LARGEST_CLUE:
        options.append(("x", prod(digits), 3))
    if len(cells) == 2:
        big, small = max(digits), min(digits)
        options.append(("-", big - small, 4))
        if big % small == 0 and big != small:
            options.append(("/", big // small, 6))
    options = [o for o in options if o[1] > 0]
    op, total, _ = rng.choices(options, [w for _, _, w in options])[0]
    return Cage(cells, total, op)


def split(cells, n: int, rng: random.Random, at: int | None = None) -> list[list[int]]:
    """A cage in two connected parts: one grown from `at` (or a random cell) to about half."""
    cells = sorted(cells)
    start = at if at is not None else rng.choice(cells)
    part = [start]
    inside = set(cells)
    while len(part) < len(cells) // 2 or len(part) == 0:
        options = sorted({x for c in part for x in neighbours(c, n) if x in inside and x not in part})
        if not options:
            break
        part.append(rng.choice(options))
    rest = [c for c in cells if c not in part]
    if not rest:
        return [cells]
    pieces = [sorted(part)] + components(rest, n)
    return pieces


def components(cells, n):
    """The connected pieces of a set of cells."""
    left = set(cells)
    pieces = []
    while left:
        first = min(left)
        piece, todo = {first}, [first]
        while todo:
            for x in neighbours(todo.pop(), n):
                if x in left and x not in piece:
                    piece.add(x)
                    todo.append(x)
        left -= piece
        pieces.append(sorted(piece))
    return pieces
