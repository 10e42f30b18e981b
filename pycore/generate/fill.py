"""A random full grid: every digit once in each row, column, box, region, diagonal or window the
kind has. The generator starts from one (issue 45): givens and cages are cut from it, so the puzzle
has at least this solution. A seeded `random.Random` makes the same seed give the same grid."""
from __future__ import annotations

import random
from functools import lru_cache

from ..model import BOX_SHAPES, Puzzle

# A fill that wanders longer than this restarts with fresh random choices (a 16x16 can paint itself
# into a corner that costs far more to back out of than to begin again).
NODES_PER_TRY = 20_000
TRIES = 30
JIGSAW_TRIES, JIGSAW_NODES = 3, 3_000


class NoFill(Exception):
    """No grid found within the tries: the layout (a jigsaw's random regions) may have none."""


def peers_of(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """For each cell, the other cells that may not hold its digit (once per layout: the generator
    asks at every given it takes away)."""
    return _peers(puzzle.kind, puzzle.size, puzzle.regions)


@lru_cache(maxsize=16)
def _peers(kind: str, size: int, regions) -> tuple[tuple[int, ...], ...]:
    peers = [set() for _ in range(size * size)]
    for unit in Puzzle(kind, size, (0,) * size * size, regions).units:
        for cell in unit:
            peers[cell].update(unit)
    return tuple(tuple(sorted(p - {cell})) for cell, p in enumerate(peers))


def random_grid(puzzle: Puzzle, rng: random.Random) -> tuple[int, ...]:
    """A full grid for the puzzle's houses (its cages ignored), drawn at random. Random jigsaw
    regions that resist a few quick tries are given up (the caller draws others): some layouts
    have no grid at all, and the search cannot tell that quickly."""
    peers = peers_of(puzzle)
    tries, nodes = (JIGSAW_TRIES, JIGSAW_NODES) if puzzle.regions is not None else (TRIES, NODES_PER_TRY)
    for _ in range(tries):
        grid = fill(puzzle.size, peers, rng, nodes)
        if grid is not None:
            return grid
    raise NoFill(f"no {puzzle.size}x{puzzle.size} {puzzle.kind} grid found")


def fill(n: int, peers, rng: random.Random, max_nodes: int):
    """Depth-first fill, always at a cell with fewest digits left (ties broken at random), digits
    in random order; None when `max_nodes` are spent."""
    full = (1 << n) - 1
    count_of = [bin(m).count("1") for m in range(full + 1)]
    cand = [full] * (n * n)
    grid = [0] * (n * n)
    nodes = 0
    order = list(range(n * n))
    rng.shuffle(order)   # the tie-break among equally constrained cells

    def place(cell, digit, changed):
        bit = 1 << (digit - 1)
        grid[cell] = digit
        for p in peers[cell]:
            if not grid[p] and cand[p] & bit:
                cand[p] &= ~bit
                changed.append((p, bit))
                if not cand[p]:
                    return False
        return True

    def search():
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            return None
        best, best_count = -1, n + 1
        for cell in order:
            if not grid[cell]:
                count = count_of[cand[cell]]
                if count < best_count:
                    best, best_count = cell, count
                    if count <= 1:
                        break
        if best < 0:
            return True
        digits = [d + 1 for d in range(n) if cand[best] >> d & 1]
        rng.shuffle(digits)
        for digit in digits:
            changed = []
            if place(best, digit, changed):
                found = search()
                if found is not False:
                    return found
            for p, bit in changed:
                cand[p] |= bit
            grid[best] = 0
        return False

    return tuple(grid) if search() is True else None


def random_regions(n: int, rng: random.Random, swaps: int | None = None) -> tuple[int, ...]:
    """Jigsaw regions (1..n, n cells each, each connected), drawn at random: from the boxes (or, for
    a size without boxes, bands of cells read row by row) by swapping neighbouring cells of two
    regions many times, each swap kept only when both regions stay connected."""
    shape = BOX_SHAPES.get(n)
    if shape:
        rows, cols = shape
        regions = [(c // n // rows) * (n // cols) + (c % n) // cols + 1 for c in range(n * n)]
    else:
        regions = [c // n + 1 for c in range(n * n)]   # rows, then mixed by the swaps
    for _ in range(swaps if swaps is not None else 40 * n * n):
        a = rng.randrange(n * n)
        b = rng.choice(neighbours(a, n))
        ra, rb = regions[a], regions[b]
        if ra == rb:
            continue
        # a moves into b's region and some cell of b's region next to a's moves the other way
        partners = [c for c in range(n * n) if regions[c] == rb and c != b
                    and any(regions[x] == ra for x in neighbours(c, n) if x != a)]
        if not partners:
            continue
        c = rng.choice(partners)
        regions[a], regions[c] = rb, ra
        if connected(regions, ra, n) and connected(regions, rb, n):
            continue
        regions[a], regions[c] = ra, rb
    return tuple(regions)


def neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def connected(regions, region: int, n: int) -> bool:
    cells = [c for c, g in enumerate(regions) if g == region]
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for x in neighbours(todo.pop(), n):
            if regions[x] == region and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(cells)


def singles_solve(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The grid that naked and hidden singles alone fill in from the givens (then it is the one
    solution), or None when they stall or meet a contradiction. A few milliseconds where the
    solver's set-up alone costs more: the generator asks this first at every given it takes
    away, and the solver only when singles do not settle it."""
    n = puzzle.size
    peers = peers_of(puzzle)
    units = puzzle.units
    values = list(puzzle.givens)
    cand = [0 if v else (1 << n) - 1 for v in values]
    for cell, digit in enumerate(values):
        if digit:
            for p in peers[cell]:
                cand[p] &= ~(1 << (digit - 1))

    def assign(cell, bit):
        values[cell], cand[cell] = bit.bit_length(), 0
        for p in peers[cell]:
            cand[p] &= ~bit

    progress = True
    while progress:
        progress = False
        for cell, mask in enumerate(cand):
            if not values[cell]:
                if not mask:
                    return None
                if not mask & (mask - 1):
                    assign(cell, mask)
                    progress = True
        for unit in units:
            once = twice = 0
            for cell in unit:
                mask = cand[cell]
                twice |= once & mask
                once |= mask
            only = once & ~twice
            while only:
                bit = only & -only
                only ^= bit
                cell = next((c for c in unit if cand[c] & bit), None)
                if cell is None:
                    return None
                assign(cell, bit)
                progress = True
    return tuple(values) if all(values) else None
