"""Windoku's hidden windows (pycore.solve.network.hidden_windows): the groups of cells that hold
every digit once because the rows, columns and drawn windows do, which the solver takes as units.

The expected windows are written out from the rule's arithmetic, and every Windoku solution the
tests can get without the solver (the corpus's, and every 4×4 one by brute force) keeps them.
"""
from itertools import permutations

from tests.corpus import DEV
from pycore.codec import decode
from pycore.model import Puzzle
from pycore.solve import solve
from pycore.model import hidden_windows


def cells(rows, columns, n=9):
    return {(r - 1) * n + c - 1 for r in rows for c in columns}


def empty_windoku(n):
    return Puzzle("windoku", n, (0,) * (n * n), None, ())


def test_a_9x9_windoku_has_the_five_hidden_windows():
    found = {frozenset(w) for w in hidden_windows(empty_windoku(9))}
    assert found == {frozenset(cells((1, 5, 9), (2, 3, 4))), frozenset(cells((1, 5, 9), (6, 7, 8))),
                     frozenset(cells((2, 3, 4), (1, 5, 9))), frozenset(cells((6, 7, 8), (1, 5, 9))),
                     frozenset(cells((1, 5, 9), (1, 5, 9)))}


def test_other_kinds_and_sizes_without_the_arithmetic_have_none_to_spare():
    assert hidden_windows(Puzzle("sudoku", 9, (0,) * 81, None, ())) == []
    # 6×6: one drawn window (rows 2-3, columns 2-4); the rest of its two rows holds each digit
    # once, but its three columns hold each digit three times, twice outside it: one hidden.
    assert [set(w) for w in hidden_windows(empty_windoku(6))] == [cells((2, 3), (1, 5, 6), 6)]
    assert [len(hidden_windows(empty_windoku(n))) for n in (4, 16, 25)] == [3, 7, 9]


def holds_every_digit_once(solution, unit, n):
    return sorted(solution[c] for c in unit) == list(range(1, n + 1))


def test_every_corpus_windoku_solution_keeps_its_hidden_windows():
    records = [r for r in DEV if r["kind"] == "windoku" and r.get("solution")]
    assert records
    for record in records:
        solution = [int(ch, 36) for ch in record["solution"]]
        puzzle = decode(next(iter(record["strings"].values())))[0]
        for window in hidden_windows(puzzle):
            assert holds_every_digit_once(solution, window, puzzle.size)


def test_every_4x4_windoku_grid_keeps_its_hidden_windows():
    """All 4×4 grids whose rows are permutations, checked against the stated units only."""
    puzzle = empty_windoku(4)
    rows = list(permutations(range(1, 5)))
    grids = 0
    for a in rows:
        for b in rows:
            for c in rows:
                if any(len({x, y, z}) < 3 for x, y, z in zip(a, b, c)):
                    continue   # a column repeats: no fourth row completes it
                grid = a + b + c + tuple(10 - x - y - z for x, y, z in zip(a, b, c))
                if all(holds_every_digit_once(grid, unit, 4) for unit in puzzle.units):
                    grids += 1
                    for window in hidden_windows(puzzle):
                        assert holds_every_digit_once(grid, window, 4)
    assert grids > 0


def test_an_almost_empty_windoku_and_an_empty_16x16_one_are_settled_at_once():
    """Without the hidden windows the first (four givens, from the fuzzer) searched 330,000 nodes
    in 30 s and found nothing, and the empty 16×16 ran out of 10 s: both have many solutions."""
    text = ("W9B8099a903343410897188367912a39891514875180409b1472859b7a6554a1619898425400449b72a7bbb2"
            "49a55366131ab5133644b46895a4ab887a543a556879749551a9849872588659398263554474a")
    for puzzle in (decode(text)[0], empty_windoku(16)):
        result = solve(puzzle, max_nodes=2_000)
        assert result.status == "multiple", result.reason


def test_two_givens_that_clash_only_in_a_hidden_window_are_named():
    givens = [0] * 81
    givens[1] = givens[4 * 9 + 2] = 1   # A2 and E3: no row, column, box or drawn window shared
    result = solve(Puzzle("windoku", 9, tuple(givens), None, ()))
    assert result.status == "none"
    assert result.reason == "A2 and E3 both hold 1 in the hidden window of rows A, E, I and columns 2–4"
