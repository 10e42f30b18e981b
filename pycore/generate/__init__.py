"""New puzzles of a kind, size and grade (issue 45 §1): `generate(kind, size, grade, seed)`.

A random full grid first (fill.py), then the clues: for the classic kinds, givens taken away in
symmetric pairs while the solver still proves one solution (near-minimal); for the caged kinds,
cages cut from the grid (cages.py), split where the solver finds a second solution. Then explain
grades it; a grade other than the one asked for starts again from the next derived seed, until the
budget runs out. Every choice comes from a `random.Random` seeded by (seed, attempt) and the solver
is bounded by nodes, not time, so one seed gives one puzzle on any machine."""
from __future__ import annotations

import os
import random
from time import perf_counter

from ..codec import encode
from ..codec.cages import check_puzzle
from ..model import ARITHMETIC_KINDS, CAGED_KINDS, REGION_KINDS, Position, Puzzle
from .cages import clue_for, random_cages, split
from .fill import NoFill, random_grid, random_regions

LEVELS = ("gentle", "moderate", "tough", "diabolical", "extreme")

# What each kind can be generated at (the versioned strings' sizes, less those whose fill or
# uniqueness checks are too slow to be useful).
SIZES = {
    "sudoku": (4, 6, 8, 9, 16),
    "sudoku-x": (4, 6, 8, 9),
    "windoku": (9,),
    "jigsaw": (5, 6, 7, 8, 9),
    "killer": (4, 6, 8, 9),
    "killer-jigsaw": (5, 6, 7, 8, 9),
    "kenken": (4, 5, 6, 7, 8, 9),
    "kendoku": (4, 6, 8, 9),
}
DEFAULT_TIME_LIMIT = 60.0
# A uniqueness check that needs more search than this counts as "not proved unique": the clue
# stays. Nodes, not seconds, so the outcome is the same on every machine.
SOLVE_NODES = 20_000
EASING_ORDERS = 3   # random orders tried for giving clues back to reach an easier grade
SWAPS = 8   # pairs tried in the last place when giving back one more pair skips the grade
SPLITS = 60   # the most cage splits one attempt makes before it starts again


class GenerateError(ValueError):
    """The kind, size or grade cannot be generated (a usage error)."""


class OutOfBudget(RuntimeError):
    """No puzzle of the grade asked for was found in the time allowed."""


def check_request(kind: str, size: int, grade: str | None) -> None:
    if kind not in SIZES:
        raise GenerateError(f"cannot generate kind {kind!r}: one of {', '.join(SIZES)}")
    if size not in SIZES[kind]:
        raise GenerateError(f"cannot generate a {size}x{size} {kind}: sizes "
                            f"{', '.join(map(str, SIZES[kind]))}")
    if grade is not None and grade not in LEVELS:
        raise GenerateError(f"unknown grade {grade!r}: one of {', '.join(LEVELS)}")


def generate(kind: str, size: int, grade: str | None = None, seed: int | None = None,
             time_limit: float = DEFAULT_TIME_LIMIT) -> dict:
    """The `generate` contract of docs/design.md: the puzzle's string, grade and time taken."""
    check_request(kind, size, grade)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    started = perf_counter()
    deadline = started + time_limit
    attempt = 0
    while perf_counter() < deadline:
        rng = random.Random(f"{kind}:{size}:{seed}:{attempt}")
        attempt += 1
        try:
            found = attempt_puzzle(kind, size, grade, rng, deadline)
        except OutOfBudget:   # the deadline passed in the middle of the attempt
            break
        if found is not None:
            puzzle, report = found
            return {"kind": kind, "size": size, "seed": seed, "attempts": attempt,
                    "string": encode(puzzle, None, usual_format(puzzle)),
                    "grade": report["level"], "hardest": report["hardest"],
                    "givens": sum(1 for g in puzzle.givens if g), "cages": len(puzzle.cages),
                    "seconds": round(perf_counter() - started, 3)}
    asked = f"{grade} " if grade else ""
    raise OutOfBudget(f"no {asked}{size}x{size} {kind} found in {time_limit:g} s "
                      f"({attempt} attempts); try another seed or a longer --time-limit")


def usual_format(puzzle: Puzzle) -> str:
    """A 9x9 classic sudoku as its 81 digits, as SudokuWiki links give it; every other kind in
    its versioned string (the only one that names the kind)."""
    return "digits" if puzzle.kind == "sudoku" and puzzle.size == 9 else "versioned"


def attempt_puzzle(kind: str, size: int, grade: str | None, rng: random.Random, deadline: float):
    """One try: (puzzle, grade report) when it is unique and grades as asked, else None."""
    regions = random_regions(size, rng) if kind in REGION_KINDS else None
    frame = Puzzle(kind, size, (0,) * size * size, regions)
    try:
        grid = random_grid(frame, rng)
    except NoFill:
        return None
    if kind in CAGED_KINDS:
        puzzle = caged_puzzle(frame, grid, rng, merge_singles=grade != "gentle")
    else:
        puzzle = given_puzzle(frame, grid, rng)
    if puzzle is None:
        return None
    report = grade_of(puzzle, grid, deadline)
    if report is not None and (grade is None or report["level"] == grade):
        return puzzle, report
    # Beyond the logic (stuck) or harder than asked: clues given back make it easier; a few
    # orders of giving back, as one can step from too hard straight to too easy.
    if grade is not None and (report is None or LEVELS.index(report["level"]) > LEVELS.index(grade)):
        ease = easier_cages if kind in CAGED_KINDS else easier
        for _ in range(EASING_ORDERS):
            found = ease(puzzle, grid, grade, rng, deadline)
            if found is not None:
                return found
    return None


def unique(puzzle: Puzzle):
    """The solver's verdict ("unique", "multiple", "none", "timeout") and the solution it met."""
    from ..solve import solve
    result = solve(puzzle, max_nodes=SOLVE_NODES, engine="python")
    return result.status, result.solution


def grade_of(puzzle: Puzzle, grid, deadline: float) -> dict | None:
    """Explain's grade when logic solves the puzzle from its clues; None when it gets stuck.
    Explain is the slow part (seconds on a hard 16x16): past the deadline the budget is spent
    (an error, never a different puzzle, so one seed still gives one puzzle)."""
    from ..explain import explain
    left = deadline - perf_counter()
    if left <= 0:
        raise OutOfBudget("out of time")
    report = explain(puzzle, Position.empty(puzzle.cell_count), solution=grid, time_limit=left)
    if report["status"] == "timeout":
        raise OutOfBudget("out of time")
    if report["status"] != "solved":
        return None
    return report["grade"]


def with_givens(puzzle: Puzzle, givens) -> Puzzle:
    return Puzzle(puzzle.kind, puzzle.size, tuple(givens), puzzle.regions, puzzle.cages)


def symmetric_pairs(n: int, rng: random.Random) -> list[tuple[int, ...]]:
    """The cells in pairs turned half a turn about the centre (the centre of an odd grid alone),
    in random order: what a setter takes away together to keep the givens symmetric."""
    pairs = [tuple(sorted({c, n * n - 1 - c})) for c in range(n * n) if c <= n * n - 1 - c]
    rng.shuffle(pairs)
    return pairs


def given_puzzle(frame: Puzzle, grid, rng: random.Random) -> Puzzle | None:
    """The grid with symmetric pairs of givens taken away while the solution stays unique: no
    pair left can go without a second solution (or a search too long to settle)."""
    givens = list(grid)
    for pair in symmetric_pairs(frame.size, rng):
        for c in pair:
            givens[c] = 0
        if unique(with_givens(frame, givens))[0] != "unique":
            for c in pair:
                givens[c] = grid[c]
    return with_givens(frame, givens)


def easier(puzzle: Puzzle, grid, grade: str, rng: random.Random, deadline: float):
    """A puzzle graded harder than asked, made easier by giving back symmetric pairs: the fewest
    (of a random order) with which it grades as asked or easier, found by halving (a grade falls
    as givens come back, near enough; explain is the slow part); None when that grade is easier."""
    taken = [pair for pair in symmetric_pairs(puzzle.size, rng) if not puzzle.givens[pair[0]]]
    target = LEVELS.index(grade)

    def back(count, last=None):
        givens = list(puzzle.givens)
        for pair in taken[:count] + ([last] if last else []):
            for c in pair:
                givens[c] = grid[c]
        made = with_givens(puzzle, givens)
        return made, grade_of(made, grid, deadline)

    low, high = 0, len(taken)   # too hard with `low` pairs back; easy enough with `high`
    found = None
    while high - low > 1:
        middle = (low + high) // 2
        made, report = back(middle)
        if report is not None and LEVELS.index(report["level"]) <= target:
            high, found = middle, (made, report)
        else:
            low = middle
    if found is None:
        found = back(high)
    made, report = found
    if report is not None and LEVELS.index(report["level"]) == target:
        return made, report
    # With `low` pairs back it is too hard, with one more too easy: another pair in that last
    # place may land on the grade between.
    for last in taken[high:high + SWAPS]:
        made, report = back(low, last)
        if report is not None and LEVELS.index(report["level"]) == target:
            return made, report
    return None


def easier_cages(puzzle: Puzzle, grid, grade: str, rng: random.Random, deadline: float, tries: int = 12):
    """A caged puzzle graded harder than asked, made easier by splitting cages (each split keeps
    one solution or is undone) until it grades as asked (None when it drops past the grade)."""
    n = puzzle.size
    arithmetic = puzzle.kind in ARITHMETIC_KINDS
    for _ in range(tries):
        big = [cage for cage in puzzle.cages if len(cage.cells) > 1]
        if not big:
            return None
        cage = rng.choice(big)
        pieces = [clue_for(p, grid, rng, arithmetic) for p in split(cage.cells, n, rng)]
        cages = sorted([c for c in puzzle.cages if c is not cage] + pieces, key=lambda c: c.cells)
        candidate = Puzzle(puzzle.kind, n, puzzle.givens, puzzle.regions, tuple(cages))
        if unique(candidate)[0] != "unique":
            continue
        puzzle = candidate
        report = grade_of(puzzle, grid, deadline)
        if report is None:
            continue
        level = LEVELS.index(report["level"])
        if level == LEVELS.index(grade):
            return puzzle, report
        if level < LEVELS.index(grade):
            return None
    return None


def caged_puzzle(frame: Puzzle, grid, rng: random.Random, merge_singles: bool = True) -> Puzzle | None:
    """Cages cut at random from the grid, a cage split in two wherever the solver meets a second
    solution (at a cell where the two differ, so that ambiguity goes), until it is unique."""
    n = frame.size
    arithmetic = frame.kind in ARITHMETIC_KINDS
    cells = random_cages(grid, n, rng, arithmetic)
    clues = {tuple(c): clue_for(c, grid, rng, arithmetic) for c in cells}
    for _ in range(SPLITS):
        puzzle = check_puzzle(Puzzle(frame.kind, n, frame.givens, frame.regions,
                                     tuple(sorted(clues.values(), key=lambda cage: cage.cells))))
        status, other = unique(puzzle)
        if status == "unique":
            return fewer_single_cells(puzzle, grid, clues, rng) if merge_singles else puzzle
        if status != "multiple":
            return None
        differ = {c for c in range(n * n) if other and other[c] != grid[c]}
        cage = cage_to_split(clues, differ, rng)
        if cage is None:
            return None
        at = rng.choice(sorted(differ.intersection(cage))) if differ else None
        del clues[cage]
        for piece in split(cage, n, rng, at):
            clues[tuple(piece)] = clue_for(piece, grid, rng, arithmetic)
    return None


def cage_to_split(clues, differ, rng: random.Random):
    """The cage to split: one holding a cell where the second solution differs (so that solution
    goes), of three cells or more where there is one (splitting a pair leaves single cells, which
    give their digits away); any cage of two or more cells when the second solution is unknown."""
    def pick(least):
        found = sorted(k for k in clues if len(k) >= least and (not differ or differ.intersection(k)))
        return rng.choice(found) if found else None
    return pick(3) or pick(2)


def fewer_single_cells(puzzle: Puzzle, grid, clues, rng: random.Random) -> Puzzle:
    """A unique caged puzzle with single-cell cages merged into a neighbouring cage (a killer's of
    five cells at most and without the digit, a KenKen's of four at most) wherever the solution
    stays unique: a single cell is a given in disguise."""
    from .fill import neighbours
    n = puzzle.size
    arithmetic = puzzle.kind in ARITHMETIC_KINDS
    largest = 4 if arithmetic else 5
    for single in sorted(k for k in clues if len(k) == 1):
        if single not in clues:   # merged already, as another single's neighbour
            continue
        cell = single[0]
        near = sorted({k for k in clues if len(k) < largest and k != single
                       and any(x in k for x in neighbours(cell, n))
                       and (arithmetic or grid[cell] not in {grid[c] for c in k})})
        rng.shuffle(near)
        for other in near:
            merged = dict(clues)
            del merged[single], merged[other]
            cells = tuple(sorted(other + single))
            merged[cells] = clue_for(cells, grid, rng, arithmetic)
            candidate = Puzzle(puzzle.kind, n, puzzle.givens, puzzle.regions,
                               tuple(sorted(merged.values(), key=lambda cage: cage.cells)))
            if unique(candidate)[0] == "unique":
                clues, puzzle = merged, candidate
                break
    return puzzle
