"""Hypothesis strategies: random puzzles and positions of every kind and size.

Caged puzzles are built on a random Latin square so that every cage's total is one a real
solution gives: killer cages grow only over distinct digits, KenKen operators are chosen among
those the cage's digits allow.
"""
from hypothesis import strategies as st

from pycore.model import ARITHMETIC_KINDS, CAGED_KINDS, REGION_KINDS, Cage, Position, Puzzle

SIZES = {
    "sudoku": (3, 4, 5, 6, 7, 8, 9, 16, 25), "sudoku-x": (4, 6, 8, 9), "windoku": (9,), "jigsaw": (4, 5, 6, 9, 16),
    "killer": (3, 4, 5, 6, 7, 8, 9), "killer-jigsaw": (4, 6, 9), "kenken": (3, 4, 5, 6, 7, 8, 9), "kendoku": (4, 6, 9),
}


@st.composite
def latin_square(draw, n):
    rows = draw(st.permutations(range(n)))
    cols = draw(st.permutations(range(n)))
    symbols = draw(st.permutations(range(1, n + 1)))
    return [symbols[(rows[r] + cols[c]) % n] for r in range(n) for c in range(n)]


@st.composite
def partition(draw, n, max_cells, digits=None):
    """Connected groups of cells covering the grid; with `digits`, no digit twice in a group."""
    owner = [-1] * (n * n)
    groups = []
    for start in range(n * n):
        if owner[start] >= 0:
            continue
        group = [start]
        owner[start] = len(groups)
        target = draw(st.integers(1, max_cells))
        while len(group) < target:
            frontier = sorted({nb for cell in group for nb in neighbours(cell, n) if owner[nb] < 0
                               and (digits is None or digits[nb] not in {digits[c] for c in group})})
            if not frontier:
                break
            chosen = draw(st.sampled_from(frontier))
            owner[chosen] = len(groups)
            group.append(chosen)
        groups.append(tuple(sorted(group)))
    return groups


def neighbours(cell, n):
    row, col = divmod(cell, n)
    return [row * n + c for c in (col - 1, col + 1) if 0 <= c < n] + [r * n + col for r in (row - 1, row + 1) if 0 <= r < n]


@st.composite
def kenken_cage(draw, cells, digits):
    values = [digits[c] for c in cells]
    options = ["+"]
    if len(cells) == 2:
        big, small = max(values), min(values)
        options.append("-") if big != small else None
        options.append("/") if big % small == 0 and big != small else None
    if len(cells) <= 3:
        options.append("x")
    op = draw(st.sampled_from(options)) if len(cells) > 1 else "+"
    total = {"+": sum(values), "-": max(values) - min(values), "/": max(values) // min(values)}.get(op)
    if op == "x":
        total = 1
        for v in values:
            total *= v
    return Cage(cells, total, op)


@st.composite
def puzzles(draw, kinds=tuple(SIZES)):
    kind = draw(st.sampled_from(kinds))
    n = draw(st.sampled_from(SIZES[kind]))
    regions = None
    if kind in REGION_KINDS:
        labels = [r for r in range(1, n + 1) for _ in range(n)]
        regions = tuple(draw(st.permutations(labels)))
    if kind not in CAGED_KINDS:
        givens = tuple(draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n)))
        return Puzzle(kind, n, givens, regions)
    digits = draw(latin_square(n))
    if kind in ARITHMETIC_KINDS:
        groups = draw(partition(n, 4))
        cages = tuple(draw(kenken_cage(g, digits)) for g in groups)
    else:
        groups = draw(partition(n, n, digits))
        cages = tuple(Cage(g, sum(digits[c] for c in g)) for g in groups)
    return Puzzle(kind, n, (0,) * (n * n), regions, cages)


@st.composite
def positions(draw, puzzle, single_candidates=True):
    """Progress on the cells without givens: nothing, a solved digit, or a candidate set.
    `single_candidates=False` leaves out one-digit sets, which some formats read as solved."""
    n = puzzle.size
    solved, candidates = [], []
    for given in puzzle.givens:
        choice = 0 if given else draw(st.integers(0, 2))
        digit = draw(st.integers(1, n)) if choice == 1 else 0
        mask = draw(st.integers(1, (1 << n) - 1)) if choice == 2 else 0
        if mask and not single_candidates and not mask & (mask - 1):
            mask |= 1 if mask != 1 else 2
        solved.append(digit)
        candidates.append(mask)
    return Position(tuple(solved), tuple(candidates))
