"""New puzzles of a kind, size and grade (issue 45 §1): `generate(kind, size, grade, seed)`.

A random full grid first (fill.py), then the clues, aimed at the grade asked while they are cut
rather than graded after and thrown away: for the classic kinds, givens taken away in symmetric
pairs while the solver still proves one solution and the strategies up to the grade still solve
it (grade.py: explain's walk cut at the grade's band); for the caged kinds, cages cut from the
grid (cages.py), split where the solver finds a second solution, then split where the logic of
the grade gets stuck, or merged while it does not, until explain grades it as asked. A grid that
ends easier than asked gives way to the next attempt. Every choice comes from a `random.Random`
seeded by (seed, attempt) and the solver is bounded by nodes, not time, so one seed gives one
puzzle on any machine (time only ends the search, with OutOfBudget)."""
from __future__ import annotations

import os
import random
from time import perf_counter

from ..codec import encode
from ..codec.cages import check_puzzle
from ..model import ARITHMETIC_KINDS, CAGED_KINDS, REGION_KINDS, Puzzle
from .cages import clue_for, components, random_cages, split
from .fill import NoFill, neighbours, random_grid, random_regions, singles_solve
from .grade import OutOfBudget, grade_within, placed, report as report_of, rests_on_uniqueness, walk

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
# The grades a 4x4 reaches (every other size reaches all): its minimal cuts are all gentle, and
# a climb above that found nothing in any seed tried (a KenKen's cage arithmetic makes moderate).
SMALL_GRADES = {"kenken": ("gentle", "moderate")}
SMALL_GRADES_DEFAULT = ("gentle",)
DEFAULT_TIME_LIMIT = 60.0
# A uniqueness check that needs more search than this counts as "not proved unique": the clue
# stays. Nodes, not seconds, so the outcome is the same on every machine.
SOLVE_NODES = 20_000
SPLITS = 60   # the most cage splits one attempt makes before it starts again
# The most moves of a pair of givens tried to make a puzzle as hard as asked, and the most pairs
# given back in one move while the solver still meets a second solution. One pair back left
# four moves in five with a second solution, so most of the 60 moves then allowed were wasted;
# with three, fewer moves and a fresh grid sooner cost less (HISTORY.md, issue 45's speed).
MOVES, REPAIRS = 24, 3
# "Any grade" is one the strategies up to this grade solve (harder puzzles are given clues
# back): explain's chains and forcing searching a grid they do not finish take minutes (a
# 16x16 even with wings and fish).
ANY_GRADE, ANY_GRADE_16 = "diabolical", "tough"
# The most cage merges tried to make a caged puzzle as hard as asked: a merge that does not land
# the grade within a few rarely does later (9x9 tough killers, seeds 1-4: 5 merges 9.3, 5.6, 2.1,
# 6.1 s of processor time, 12 merges 21, 10, 2.2, 12 s, the same puzzles), and a fresh grid costs less.
MERGES = 5


class GenerateError(ValueError):
    """The kind, size or grade cannot be generated (a usage error)."""


def check_request(kind: str, size: int, grade: str | None) -> None:
    if kind not in SIZES:
        raise GenerateError(f"cannot generate kind {kind!r}: one of {', '.join(SIZES)}")
    if size not in SIZES[kind]:
        raise GenerateError(f"cannot generate a {size}x{size} {kind}: sizes "
                            f"{', '.join(map(str, SIZES[kind]))}")
    if grade is not None and grade not in LEVELS:
        raise GenerateError(f"unknown grade {grade!r}: one of {', '.join(LEVELS)}")
    if grade is not None and grade not in grades(kind, size):
        raise GenerateError(f"a {size}x{size} {kind} cannot be made {grade}: "
                            f"{', '.join(grades(kind, size))} or any grade")


def grades(kind: str, size: int) -> tuple[str, ...]:
    """The grades a kind at a size can be asked for (what the New puzzle dialog offers)."""
    return SMALL_GRADES.get(kind, SMALL_GRADES_DEFAULT) if size == 4 else LEVELS


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
        return caged_attempt(frame, grid, grade, rng, deadline)
    puzzle = minimal = given_puzzle(frame, grid, rng)
    cap = grade or (ANY_GRADE_16 if size > 9 else ANY_GRADE)
    report = grade_within(puzzle, cap, deadline)
    if report is None:   # harder than asked: clues given back
        found = easier(puzzle, grid, cap, rng, deadline)
        if found is None:
            return None
        puzzle, report = found
    if report is not None and grade is not None and report["level"] != grade:
        # Easier than asked: givens moved, from the grade just below only (a climb of two
        # grades costs more moves than a fresh grid costs to cut; measured in HISTORY.md).
        if LEVELS.index(grade) - LEVELS.index(report["level"]) > 1:
            return None
        found = harder(puzzle, grid, grade, report, rng, deadline)
        puzzle, report = found if found is not None else (puzzle, None)
    if report is None:
        return None
    return trimmed(puzzle, report, rng, deadline) if puzzle is not minimal else (puzzle, report)


def harder(puzzle: Puzzle, grid, grade: str, report: dict, rng: random.Random, deadline: float):
    """A puzzle graded easier than asked (near-minimal: no pair can go), made harder by moving
    a symmetric pair of givens elsewhere (given back, up to REPAIRS pairs, where the solver's
    second solution differs): a move is kept when the solution stays unique and the
    strategies up to `grade` still solve it at least as hard (grade, then score) as before,
    until explain grades it as asked. (puzzle, report), or None when the moves run out."""
    n = puzzle.size
    pairs = symmetric_pairs(n, rng)
    target = LEVELS.index(grade)
    hardness = (LEVELS.index(report["level"]), report["score"])
    for _ in range(MOVES):
        away = rng.choice([p for p in pairs if puzzle.givens[p[0]]])
        givens = list(puzzle.givens)
        for c in away:
            givens[c] = 0
        status, solutions = unique(with_givens(puzzle, givens))
        for _ in range(REPAIRS):
            other = second(solutions, grid)
            if status != "multiple" or not other:
                break
            # given back where the second solution differs, so that it goes
            cell = rng.choice([c for c in range(n * n) if other[c] != grid[c] and c not in away])
            for c in (cell, n * n - 1 - cell):
                givens[c] = grid[c]
            status, solutions = unique(with_givens(puzzle, givens))
        if status != "unique":
            continue
        moved = with_givens(puzzle, givens)
        found = grade_within(moved, grade, deadline)
        if found is None or (LEVELS.index(found["level"]), found["score"]) < hardness:
            continue
        puzzle, hardness = moved, (LEVELS.index(found["level"]), found["score"])
        if hardness[0] == target:
            return puzzle, found
    return None


def easier(puzzle: Puzzle, grid, grade: str, rng: random.Random, deadline: float):
    """(puzzle, report) once the strategies up to `grade` solve it: where they get stuck, a
    symmetric pair is given back at an open cell with the fewest digits left (the least help
    that moves them on) and the walk goes on from there; then walked again from the start, as
    explain will. None when stuck with no cell left to give."""
    n = puzzle.size
    board, steps, fresh = None, (), True
    for _ in range(n * n):
        board, steps = walk(puzzle, grade, deadline, board, steps)
        if board.is_solved():
            if fresh:
                if rests_on_uniqueness(steps) and unique(puzzle)[0] != "unique":
                    return None
                return puzzle, report_of(steps)
            board, steps, fresh = None, (), True
            continue
        open_cells = board.open_cells()
        fewest = min(bin(board.candidates[c]).count("1") for c in open_cells)
        cell = rng.choice([c for c in open_cells if bin(board.candidates[c]).count("1") == fewest])
        pair = {cell: grid[cell], n * n - 1 - cell: grid[n * n - 1 - cell]}
        givens = list(puzzle.givens)
        for c, digit in pair.items():
            givens[c] = digit
        puzzle = with_givens(puzzle, givens)
        board, fresh = placed(board, puzzle, pair), False
    return None


def trimmed(puzzle: Puzzle, report: dict, rng: random.Random, deadline: float):
    """A puzzle whose givens were given back or moved, with each pair of givens taken away
    again where the solution stays unique and explain's grade stays the same: near-minimal
    again. (puzzle, report)."""
    for pair in symmetric_pairs(puzzle.size, rng):
        if not puzzle.givens[pair[0]]:
            continue
        givens = list(puzzle.givens)
        for c in pair:
            givens[c] = 0
        fewer = with_givens(puzzle, givens)
        if unique(fewer)[0] != "unique":
            continue
        found = grade_within(fewer, report["level"], deadline)
        if found is not None and found["level"] == report["level"]:
            puzzle, report = fewer, found
    return puzzle, report


def unique(puzzle: Puzzle):
    """The solver's verdict ("unique", "multiple", "none", "timeout") and the solutions it met
    (two when multiple). A grid without cages that singles fill in is unique without asking
    the solver; else the Python engine for a grid without cages (the compiled kernel's
    set-up costs more than its search there), the kernel where it runs for caged grids. Both
    count the same nodes, and past SOLVE_NODES the verdict is "timeout"."""
    if not puzzle.cages:
        solved = singles_solve(puzzle)
        if solved is not None:
            return "unique", [solved]
    from ..solve.kernel import start_solver
    solver = start_solver(puzzle, "python" if not puzzle.cages else None)
    result = solver.step(SOLVE_NODES)
    return (result.status if result is not None else "timeout"), list(solver.solutions)


def second(solutions, grid):
    """Of the solutions the solver met, one that is not the grid's (None when it met none)."""
    return next((s for s in solutions if tuple(s) != tuple(grid)), None)


def with_givens(puzzle: Puzzle, givens) -> Puzzle:
    return Puzzle(puzzle.kind, puzzle.size, tuple(givens), puzzle.regions, puzzle.cages)


def symmetric_pairs(n: int, rng: random.Random) -> list[tuple[int, ...]]:
    """The cells in pairs turned half a turn about the centre (the centre of an odd grid alone),
    in random order: what a setter takes away together to keep the givens symmetric."""
    pairs = [tuple(sorted({c, n * n - 1 - c})) for c in range(n * n) if c <= n * n - 1 - c]
    rng.shuffle(pairs)
    return pairs


def given_puzzle(frame: Puzzle, grid, rng: random.Random) -> Puzzle:
    """The grid with symmetric pairs of givens taken away while the solution stays unique: no
    pair left can go without a second solution (or a search too long to settle)."""
    n = frame.size
    givens = list(grid)
    for pair in symmetric_pairs(n, rng):
        for c in pair:
            givens[c] = 0
        if unique(with_givens(frame, givens))[0] == "unique":
            continue
        for c in pair:
            givens[c] = grid[c]
    return with_givens(frame, givens)


# --- caged kinds -------------------------------------------------------------------------------

def caged(frame: Puzzle, clues: dict) -> Puzzle:
    """The puzzle of these cages ({cells: Cage}), in the codec's order, checked as the codec
    checks a decoded one."""
    return check_puzzle(Puzzle(frame.kind, frame.size, frame.givens, frame.regions,
                               tuple(sorted(clues.values(), key=lambda cage: cage.cells))))


def caged_attempt(frame: Puzzle, grid, grade: str | None, rng: random.Random, deadline: float):
    """Random cages split until unique; then, for a grade asked, split where the logic of that
    grade gets stuck until it solves, or (too easy) merged while it still does, until explain
    would grade it as asked. Single cells are merged away unless a gentle grade needs them."""
    clues = caged_puzzle(frame, grid, rng)
    if clues is None:
        return None
    if grade != "gentle":
        clues = fewer_single_cells(frame, grid, clues, rng)
    eased = easier_cages(frame, grid, clues, grade or ANY_GRADE, rng, deadline)
    if eased is None:
        return None
    clues, steps = eased
    report = report_of(steps)
    if grade is not None and LEVELS.index(report["level"]) < LEVELS.index(grade):
        found = harder_cages(frame, grid, clues, grade, rng, deadline)
        if found is None:
            return None
        clues, report = found
    if grade != "gentle" and any(len(k) == 1 for k in clues):   # left by the splits
        clues = fewer_single_cells(frame, grid, clues, rng, grade or ANY_GRADE, report["level"], deadline)
    return caged(frame, clues), report


def caged_puzzle(frame: Puzzle, grid, rng: random.Random) -> dict | None:
    """Cages ({cells: Cage}) cut at random from the grid, a cage split in two wherever the
    solver meets a second solution (at a cell where the two differ, so that ambiguity goes),
    until it is unique."""
    n = frame.size
    arithmetic = frame.kind in ARITHMETIC_KINDS
    cells = random_cages(grid, n, rng, arithmetic)
    clues = {tuple(c): clue_for(c, grid, rng, arithmetic) for c in cells}
    for _ in range(SPLITS):
        status, solutions = unique(caged(frame, clues))
        other = second(solutions, grid)
        if status == "unique":
            return clues
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


def easier_cages(frame: Puzzle, grid, clues: dict, grade: str, rng: random.Random, deadline: float):
    """(cages, explain's steps) once the strategies up to `grade` solve the puzzle: where they
    get stuck, the cage of an open cell is split there (for gentle, that cell alone: a gentle
    killer is one whose single cells lead the way), and the walk goes on from where it stopped.
    A walk that went on so is walked again from the start, as explain will; it proves the
    solution unique unless a step assumed so, when the solver is asked. None when no cage is
    left to split."""
    n = frame.size
    arithmetic = frame.kind in ARITHMETIC_KINDS
    puzzle = caged(frame, clues)
    board, steps, fresh = None, (), True
    for _ in range(SPLITS):
        board, steps = walk(puzzle, grade, deadline, board, steps)
        if board.is_solved():
            if fresh:
                if rests_on_uniqueness(steps) and unique(puzzle)[0] != "unique":
                    return None
                return clues, steps
            board, steps, fresh = None, (), True
            continue
        cage_of = {c: k for k in clues for c in k}
        stuck = [c for c in board.open_cells() if len(cage_of[c]) > 1]
        if not stuck:
            return None
        if grade != "gentle":   # a cage of 4+ cells splits without leaving a single cell
            stuck = [c for c in stuck if len(cage_of[c]) >= 4] or stuck
        cell = rng.choice(stuck)
        cage = cage_of[cell]
        if grade == "gentle":
            pieces = [[cell]] + components([c for c in cage if c != cell], n)
        else:
            pieces = split(cage, n, rng, cell)
        clues = dict(clues)
        del clues[cage]
        for piece in pieces:
            clues[tuple(piece)] = clue_for(piece, grid, rng, arithmetic)
        puzzle = caged(frame, clues)
        board, fresh = placed(board, puzzle, {}), False
    return None


def harder_cages(frame: Puzzle, grid, clues: dict, grade: str, rng: random.Random, deadline: float,
                 tries: int = MERGES):
    """A caged puzzle graded easier than asked, made harder by merging neighbouring cages (a
    killer's into five cells at most without a repeated digit, a KenKen's into four) while the
    strategies up to `grade` still solve it, until explain grades it as asked: (cages, report),
    or None when the tries run out first."""
    n = frame.size
    arithmetic = frame.kind in ARITHMETIC_KINDS
    largest = 4 if arithmetic else 5
    for _ in range(tries):
        cage_of = {c: k for k in clues for c in k}
        pairs = sorted({tuple(sorted((k, cage_of[x]))) for k in clues for c in k
                        for x in neighbours(c, n) if cage_of[x] != k
                        and len(k) + len(cage_of[x]) <= largest
                        and (arithmetic or not {grid[y] for y in k} & {grid[y] for y in cage_of[x]})})
        if not pairs:
            return None
        first, second = rng.choice(pairs)
        merged = merged_cages(clues, first, second, grid, rng, arithmetic)
        puzzle = caged(frame, merged)
        # the solver first: a merge often lets a second solution in, and the walk costs more
        if unique(puzzle)[0] != "unique":
            continue
        board, steps = walk(puzzle, grade, deadline)
        if not board.is_solved():
            continue
        clues = merged
        report = report_of(steps)
        if report["level"] == grade:
            return clues, report
    return None


def merged_cages(clues: dict, one, other, grid, rng: random.Random, arithmetic: bool) -> dict:
    """The clues with two cages made one, under a new clue for the cells they share."""
    merged = dict(clues)
    del merged[one], merged[other]
    cells = tuple(sorted(one + other))
    merged[cells] = clue_for(cells, grid, rng, arithmetic)
    return merged


def cage_to_split(clues, differ, rng: random.Random):
    """The cage to split: one holding a cell where the second solution differs (so that solution
    goes), of four cells or more where there is one (a pair split, or a triple, leaves a single
    cell, which gives its digit away); any cage of two or more cells when the second solution is
    unknown."""
    def pick(least):
        found = sorted(k for k in clues if len(k) >= least and (not differ or differ.intersection(k)))
        return rng.choice(found) if found else None
    return pick(4) or pick(3) or pick(2)


def fewer_single_cells(frame: Puzzle, grid, clues: dict, rng: random.Random,
                       grade: str | None = None, level: str | None = None, deadline: float = 0.0) -> dict:
    """Unique cages with single-cell cages merged into a neighbouring cage (a killer's of five
    cells at most and without the digit, a KenKen's of four at most) wherever the solution
    stays unique, and, given a grade, the strategies up to it still solve it at `level`: a
    single cell is a given in disguise."""
    n = frame.size
    arithmetic = frame.kind in ARITHMETIC_KINDS
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
            merged = merged_cages(clues, single, other, grid, rng, arithmetic)
            puzzle = caged(frame, merged)
            if unique(puzzle)[0] != "unique":
                continue
            if grade is not None:
                found = grade_within(puzzle, grade, deadline)
                if found is None or found["level"] != level:
                    continue
            clues = merged
            break
    return clues
