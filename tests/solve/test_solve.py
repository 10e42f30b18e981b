"""The solver against the corpus and against puzzles built to have 0, 1 or 2+ solutions.

Expected values always come from the corpus or from how a puzzle was built, never from the
solver; every grid the solver returns is also checked by `is_valid_solution`, written here
independently of the solver.
"""
from __future__ import annotations

import inspect
import json
import sys
from dataclasses import replace
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.corpus import DEV, REAL
from pycore.model import Cage, Position, Puzzle, cell_name
from pycore.solve import SolveResult, Solver, check, solve
from pycore.solve.report import solve_report

DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def puzzle_from_record(record: dict) -> Puzzle:
    """Builds the Puzzle straight from the corpus JSON (no codec involved)."""
    fields = record.get("expected", record)
    n = record["size"]
    regions = fields.get("regions")
    return Puzzle(
        kind=record["kind"], size=n,
        givens=tuple(fields.get("givens") or [0] * (n * n)),
        regions=tuple(regions) if regions else None,
        cages=tuple(Cage(tuple(c["cells"]), c["total"], c["op"]) for c in fields.get("cages") or []),
    )


RECORDS = [r for r in DEV + REAL if r.get("solution")]
assert len(RECORDS) >= 84, "the corpus did not load"


def digits(solution: str) -> tuple[int, ...]:
    return tuple(DIGITS36.index(ch) for ch in solution)


def record_id(record: dict) -> str:
    return f"{record['kind']}-{record['size']}-{record.get('label') or record.get('name', '')[:20]}"


# --- an independent validator -------------------------------------------------------------

def is_valid_solution(puzzle: Puzzle, solution) -> bool:
    """Every rule of the kind, checked from scratch on a full grid."""
    n = puzzle.size
    grid = [int(ch, 36) for ch in solution] if isinstance(solution, str) else list(solution)
    if len(grid) != n * n or any(not 1 <= d <= n for d in grid):
        return False
    if any(g and g != d for g, d in zip(puzzle.givens, grid)):
        return False
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    if puzzle.region_of is not None:
        for region in set(puzzle.region_of):
            groups.append([i for i, g in enumerate(puzzle.region_of) if g == region])
    if puzzle.kind == "sudoku-x":
        groups.append([i * n + i for i in range(n)])
        groups.append([i * n + n - 1 - i for i in range(n)])
    groups += [list(u) for u in puzzle.extra_units]
    if any(sorted(grid[i] for i in group) != list(range(1, n + 1)) for group in groups):
        return False
    for cage in puzzle.cages:
        values = [grid[i] for i in cage.cells]
        if puzzle.kind in ("killer", "killer-jigsaw"):
            if len(set(values)) != len(values) or sum(values) != cage.total:
                return False
        elif not arithmetic_holds(cage.op, cage.total, values):
            return False
    return True


def arithmetic_holds(op: str, total: int, values: list[int]) -> bool:
    if len(values) == 1:
        return values[0] == total
    if op == "+":
        return sum(values) == total
    if op == "x":
        return prod(values) == total
    a, b = sorted(values)[-1], sorted(values)[0]
    if op == "-":
        return len(values) == 2 and a - b == total
    return len(values) == 2 and a == b * total


def test_validator_accepts_corpus_solutions_and_rejects_a_swap():
    for record in RECORDS:
        puzzle = puzzle_from_record(record)
        assert is_valid_solution(puzzle, record["solution"]), record_id(record)
    record = RECORDS[0]
    broken = list(digits(record["solution"]))
    broken[0], broken[1] = broken[1], broken[0]
    assert not is_valid_solution(puzzle_from_record(record), broken)


# --- the corpus -----------------------------------------------------------------------------

@pytest.mark.parametrize("record", RECORDS, ids=record_id)
def test_corpus_puzzle_has_the_corpus_solution(record):
    puzzle = puzzle_from_record(record)
    result = solve(puzzle, time_limit=60)
    assert result.status == "unique", result.reason
    assert result.solution == digits(record["solution"])
    assert result.reason is None
    assert result.nodes >= 1 and result.guesses >= 0 and result.seconds >= 0


def test_corpus_covers_every_kind():
    assert {r["kind"] for r in RECORDS} >= {"sudoku", "sudoku-x", "windoku", "jigsaw", "killer",
                                           "killer-jigsaw", "kenken", "kendoku"}


# --- several solutions ----------------------------------------------------------------------

def deadly_rectangle(puzzle: Puzzle, grid: tuple[int, ...]):
    """Four cells in two rows, two columns and two boxes holding a b / b a: swapping them
    gives a second grid that breaks no unit. Returns the cells and the swapped grid."""
    n = puzzle.size
    box = puzzle.region_of
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    cells = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    a, b, c, d = (grid[i] for i in cells)
                    if a == d and b == c and a != b and len({box[i] for i in cells}) == 2:
                        swapped = list(grid)
                        for i in cells:
                            swapped[i] = a + b - grid[i]
                        if is_valid_solution(Puzzle(puzzle.kind, n, (0,) * (n * n), puzzle.regions),
                                             swapped):
                            return cells, tuple(swapped)
    return None


def first(kind: str, size: int = 9) -> dict:
    return next(r for r in RECORDS if r["kind"] == kind and r["size"] == size)


def test_sudoku_missing_a_deadly_rectangle_has_two_solutions():
    record = first("sudoku")
    grid = digits(record["solution"])
    base = puzzle_from_record(record)
    cells, swapped = deadly_rectangle(base, grid)
    givens = tuple(0 if i in cells else d for i, d in enumerate(grid))
    puzzle = Puzzle("sudoku", 9, givens)
    assert is_valid_solution(puzzle, grid) and is_valid_solution(puzzle, swapped)
    result = solve(puzzle)
    assert result.status == "multiple"
    assert result.solution in (grid, swapped)


def test_sudoku_with_a_given_removed_from_few_givens_is_multiple():
    puzzle = Puzzle("sudoku", 9, (1, 2, 3) + (0,) * 78)
    result = solve(puzzle)
    assert result.status == "multiple"
    assert is_valid_solution(puzzle, result.solution)


def killer_around_a_deadly_rectangle():
    """A corpus killer with its cages recut so that a deadly rectangle's two columns are cages
    of their own: (puzzle, grid, the grid with the rectangle swapped)."""
    record = first("killer")
    grid = digits(record["solution"])
    base = puzzle_from_record(record)
    cells, swapped = deadly_rectangle(base, grid)
    r1c1, r1c2, r2c1, r2c2 = cells
    cages = []
    for cage in base.cages:
        rest = tuple(c for c in cage.cells if c not in cells)
        if rest:
            cages.append(Cage(rest, sum(grid[c] for c in rest)))
    # Each column pair holds {a, b} in both grids, so its total is the same.
    cages.append(Cage((r1c1, r2c1), grid[r1c1] + grid[r2c1]))
    cages.append(Cage((r1c2, r2c2), grid[r1c2] + grid[r2c2]))
    puzzle = Puzzle("killer", 9, (0,) * 81, None, tuple(sorted(cages, key=lambda c: c.cells[0])))
    return puzzle, grid, swapped


def test_killer_with_cages_recut_around_a_deadly_rectangle_has_two_solutions():
    puzzle, grid, swapped = killer_around_a_deadly_rectangle()
    assert is_valid_solution(puzzle, grid) and is_valid_solution(puzzle, swapped)
    result = solve(puzzle)
    assert result.status == "multiple"
    assert result.solution in (grid, swapped)


def test_killer_with_cages_merged_into_rows_is_multiple():
    """Merging each row's cages into one cage totalling 45 says nothing beyond Sudoku."""
    cages = tuple(Cage(tuple(range(r * 9, r * 9 + 9)), 45) for r in range(9))
    puzzle = Puzzle("killer", 9, (0,) * 81, None, cages)
    result = solve(puzzle)
    assert result.status == "multiple"
    assert is_valid_solution(puzzle, result.solution)


def test_kenken_with_row_sums_only_is_multiple():
    cages = tuple(Cage(tuple(range(r * 4, r * 4 + 4)), 10, "+") for r in range(4))
    puzzle = Puzzle("kenken", 4, (0,) * 16, None, cages)
    result = solve(puzzle)
    assert result.status == "multiple"
    assert is_valid_solution(puzzle, result.solution)


def test_kenken_with_cages_merged_into_rows_is_multiple():
    """A corpus KenKen whose cages are merged into one "+" cage per row: the corpus grid still
    fits, and so does any other 4×4 Latin square."""
    record = first("kenken", 4)
    base = puzzle_from_record(record)
    grid = digits(record["solution"])
    cages = tuple(Cage(tuple(range(r * 4, r * 4 + 4)), sum(grid[r * 4:r * 4 + 4]), "+")
                  for r in range(4))
    puzzle = Puzzle("kenken", 4, base.givens, None, cages)
    assert is_valid_solution(puzzle, grid)
    assert solve(puzzle).status == "multiple"


# --- no solution ----------------------------------------------------------------------------

def test_two_equal_givens_in_a_row_have_no_solution():
    givens = [0] * 81
    givens[0] = givens[5] = 7
    result = solve(Puzzle("sudoku", 9, tuple(givens)))
    assert result.status == "none" and result.solution is None
    assert result.reason == "A1 and A6 both hold 7 in row A"


def test_two_cell_killer_cage_totalling_18_has_no_solution():
    record = first("killer")
    base = puzzle_from_record(record)
    cages = list(base.cages)
    index = next(i for i, c in enumerate(cages) if len(c.cells) == 2)
    cages[index] = Cage(cages[index].cells, 18)
    result = solve(Puzzle("killer", 9, base.givens, None, tuple(cages)))
    assert result.status == "none"
    where = cell_name(cages[index].cells[0], 9)
    assert result.reason == f"the 18 cage at {where} has no combination of 2 digits totalling 18"


def test_killer_whose_totals_do_not_add_up_has_no_solution():
    record = first("killer")
    base = puzzle_from_record(record)
    cages = list(base.cages)
    big = max(range(len(cages)), key=lambda i: len(cages[i].cells))
    cages[big] = Cage(cages[big].cells, cages[big].total + 1)
    result = solve(Puzzle("killer", 9, base.givens, None, tuple(cages)))
    assert result.status == "none" and result.reason


def test_kenken_difference_too_big_has_no_solution():
    cages = [Cage((0, 1), 4, "-")] + [Cage((c,), 1) for c in range(2, 16)]
    result = solve(Puzzle("kenken", 4, (0,) * 16, None, tuple(cages)))
    assert result.status == "none"
    assert result.reason.startswith("the 4\u2212 cage at A1 ")


def test_contradiction_found_only_by_search_reports_the_search():
    # Givens consistent with each other, but the puzzle has no solution: r1 needs a 9 and
    # the only free cells of r1 see a 9 in their columns/box.
    givens = [0] * 81
    row1 = [1, 2, 3, 4, 5, 6, 0, 0, 0]
    givens[:9] = row1
    givens[9 * 3 + 6] = 9
    givens[9 * 4 + 7] = 9
    givens[9 * 5 + 8] = 7
    givens[9 * 6 + 8] = 8
    result = solve(Puzzle("sudoku", 9, tuple(givens)))
    assert result.status == "none" and result.reason


# --- budgets, slices, recursion -------------------------------------------------------------

def hard_killer() -> Puzzle:
    from tests.solve.test_hard_killers import TAREK_WITH_SOLUTIONS, short_killer
    return short_killer(TAREK_WITH_SOLUTIONS[0][0])


def test_node_budget_of_one_on_a_hard_puzzle_times_out():
    result = solve(hard_killer(), max_nodes=1)
    assert result.status == "timeout" and result.solution is None
    assert result.nodes == 1


def test_time_limit_stops_a_hard_puzzle():
    result = solve(hard_killer(), time_limit=0.001)
    assert result.status == "timeout"
    assert result.seconds < 1


@pytest.mark.parametrize("record", [first("killer"), first("kenken"), first("windoku"),
                                    first("jigsaw")], ids=record_id)
def test_step_in_slices_gives_the_same_result_as_solve(record):
    puzzle = puzzle_from_record(record)
    whole = solve(puzzle)
    solver = Solver(puzzle)
    slices = 0
    while (result := solver.step(1)) is None:
        slices += 1
    assert (result.status, result.solution, result.nodes, result.guesses) == \
        (whole.status, whole.solution, whole.nodes, whole.guesses)
    assert result.nodes - 1 <= slices <= result.nodes   # one node per slice
    assert solver.step(5) is result   # finished: keeps answering the same


def test_step_slices_on_a_hard_killer_match_and_stay_small():
    puzzle = hard_killer()
    whole = solve(puzzle)
    solver = Solver(puzzle)
    results = [solver.step(7) for _ in range(whole.nodes // 7 + 2)]
    final = [r for r in results if r is not None]
    assert final and final[0].solution == whole.solution and final[0].nodes == whole.nodes


def test_search_is_iterative_not_recursive():
    puzzle = hard_killer()   # before the limit: its first call imports modules, deep in importlib
    depth = len(inspect.stack())
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 40)
    try:
        result = solve(puzzle)
    finally:
        sys.setrecursionlimit(old)
    assert result.status == "unique" and result.guesses > 10


def test_position_progress_is_not_trusted():
    record = first("sudoku")
    puzzle = puzzle_from_record(record)
    wrong = tuple(1 if not g else 0 for g in puzzle.givens)
    result = solve(puzzle, Position(wrong, (0,) * 81))
    assert result.solution == digits(record["solution"])


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(RECORDS), st.randoms(use_true_random=False))
def test_extra_givens_from_the_solution_keep_it_unique(record, rnd):
    puzzle = puzzle_from_record(record)
    grid = digits(record["solution"])
    givens = [g or (d if rnd.random() < 0.3 else 0) for g, d in zip(puzzle.givens, grid)]
    stronger = Puzzle(puzzle.kind, puzzle.size, tuple(givens), puzzle.regions, puzzle.cages)
    result = solve(stronger)
    assert result.status == "unique" and result.solution == grid


# --- check and the report -------------------------------------------------------------------

def test_check_finds_a_wrong_digit_and_candidates_that_exclude_the_solution():
    record = first("sudoku")
    puzzle = puzzle_from_record(record)
    grid = digits(record["solution"])
    empty = [i for i, g in enumerate(puzzle.givens) if not g]
    wrong_cell, marks_cell, right_cell, good_marks_cell = empty[:4]
    solved = [0] * 81
    candidates = [0] * 81
    solved[wrong_cell] = grid[wrong_cell] % 9 + 1
    solved[right_cell] = grid[right_cell]
    candidates[marks_cell] = 0b111111111 & ~(1 << (grid[marks_cell] - 1))
    candidates[good_marks_cell] = 1 << (grid[good_marks_cell] - 1) | 1 << (grid[good_marks_cell] % 9)
    position = Position(tuple(solved), tuple(candidates))
    problems = check(puzzle, position, grid)
    assert sorted(problems, key=lambda p: p["cell"]) == sorted([
        {"cell": wrong_cell, "problem": "wrong-digit", "expected": grid[wrong_cell]},
        {"cell": marks_cell, "problem": "candidates-exclude-solution", "expected": grid[marks_cell]},
    ], key=lambda p: p["cell"])
    assert check(puzzle, Position.empty(81), grid) == []


def test_solve_report_is_plain_json_with_problems_for_progress():
    record = first("killer")
    puzzle = puzzle_from_record(record)
    grid = digits(record["solution"])
    solved = [0] * 81
    solved[0] = grid[0] % 9 + 1
    report = solve_report(puzzle, Position(tuple(solved), (0,) * 81))
    assert json.loads(json.dumps(report)) == report
    assert report["status"] == "unique" and report["solution"] == list(grid)
    assert report["problems"] == [{"cell": 0, "problem": "wrong-digit", "expected": grid[0]}]
    assert set(report) >= {"status", "solution", "reason", "nodes", "guesses", "seconds"}
    assert solve_report(puzzle, Position.empty(81))["problems"] == []
    assert solve_report(puzzle)["problems"] == []


def test_solve_report_for_no_solution():
    givens = [0] * 81
    givens[0] = givens[1] = 3
    report = solve_report(Puzzle("sudoku", 9, tuple(givens)), Position.empty(81))
    assert report["status"] == "none" and report["solution"] is None and report["reason"]


def test_result_is_a_frozen_dataclass():
    result = solve(puzzle_from_record(first("sudoku", 6)))
    assert isinstance(result, SolveResult)
    with pytest.raises(Exception):
        result.status = "none"


def test_malformed_puzzles_are_reported_not_raised():
    assert "region 1" in solve(Puzzle("jigsaw", 4, (0,) * 16, (1,) * 16)).reason
    assert "15 givens" in solve(Puzzle("sudoku", 4, (0,) * 15)).reason
    overlap = Puzzle("killer", 4, (0,) * 16, None, (Cage((0, 1), 3), Cage((1, 2), 5)))
    assert solve(overlap).reason == "A2 is in cage 1 and cage 2"
    assert "outside" in solve(Puzzle("sudoku", 4, (5,) + (0,) * 15)).reason


def test_stop_cancels_a_running_search():
    solver = Solver(hard_killer())
    assert solver.step(3) is None
    result = solver.stop("cancelled")
    assert result.status == "timeout" and result.reason == "cancelled"
    assert solver.step(100) is result


# --- restarts (puzzles without cages) ------------------------------------------------------------

def sparse(record: dict, kept) -> Puzzle:
    """The record's puzzle keeping only the givens in `kept` cells (each a given there): it still
    has the record's solution, and others."""
    base = puzzle_from_record(record)
    assert all(base.givens[c] for c in kept)
    return replace(base, givens=tuple(d if c in kept else 0 for c, d in enumerate(base.givens)))


def test_sparse_grids_with_heavy_search_tails_are_settled_by_restarts():
    """Found by fuzzing the solver: without restarts the 25×25 took more than 400,000 nodes to
    meet its first solution (not settled in 30 s), and the jigsaw 123,871 (since the law of
    leftovers, 34 with or without restarts)."""
    jigsaw = next(r for r in RECORDS if r["kind"] == "jigsaw" and r["givens"][55] == 8)
    sudoku = first("sudoku", 25)
    kept_25 = {5, 6, 18, 24, 41, 72, 76, 112, 115, 120, 123, 130, 138, 158, 165, 172, 178, 205,
               218, 227, 232, 236, 245, 273, 292, 304, 307, 309, 313, 339, 373, 376, 385, 400, 405,
               409, 416, 424, 432, 444, 468, 473, 475, 478, 483, 491, 497, 512, 516, 522, 534, 536,
               548, 559, 600, 606}
    for puzzle in (sparse(jigsaw, {55}), sparse(sudoku, kept_25)):
        result = solve(puzzle, max_nodes=5_000)
        assert result.status == "multiple", result.reason
        assert is_valid_solution(puzzle, result.solution)


@pytest.mark.parametrize("record", [r for r in RECORDS if not puzzle_from_record(r).cages],
                         ids=record_id)
def test_restarting_after_every_few_nodes_keeps_every_answer(record, monkeypatch):
    from pycore.solve import engine
    monkeypatch.setattr(engine, "RESTART_AFTER", 1)   # restarts at 1, 2, 4, … nodes
    puzzle = puzzle_from_record(record)
    result = solve(puzzle)
    assert result.status == "unique" and result.solution == digits(record["solution"])
    assert solve(replace(puzzle, givens=(0,) * puzzle.cell_count)).status == "multiple"
