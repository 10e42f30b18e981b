"""Where reasoning starts (pycore/explain/start.py): the reader's position is checked before any
step is reasoned from it; the solver is asked only when the board is not solved already. The
page's side of the same checks (hint_view, check_several) is tested in tests/api/test_hint.py."""
from __future__ import annotations

from pycore.codec import decode
from pycore.explain import STRATEGIES
from pycore.explain.board import start_board
from pycore.explain.registry import NEED_UNIQUE
from pycore.explain.start import digits_leading_nowhere, fix_first, reasoning_from
from pycore.model import Position
from pycore.solve import solve
from tests.api.test_hint import SEVERAL
from tests.corpus import REAL

EASY = next(e for e in REAL if e["name"] == "S9B easiest sudoku")


def easy():
    puzzle, position = decode(EASY["string"])
    return puzzle, position, tuple(int(ch) for ch in EASY["solution"])


def placed(puzzle, position, cell, digit) -> Position:
    solved = list(position.solved)
    solved[cell] = digit
    return Position(tuple(solved), position.candidates)


def never_asked():
    raise AssertionError("a solved board needs no solver")


def test_a_solved_board_is_solved_without_asking_the_solver():
    puzzle, position, solution = easy()
    full = Position(tuple(0 if g else d for g, d in zip(puzzle.givens, solution)), position.candidates)
    assert reasoning_from(puzzle, full, never_asked) == ({"status": "solved"}, None)


def test_a_puzzle_without_a_solution_has_no_step():
    puzzle, position, _ = easy()
    answer, start = reasoning_from(puzzle, position, lambda: ("none", None))
    assert start is None and answer["status"] == "invalid" and answer["problems"] == []


def test_a_wrong_digit_is_to_be_fixed_first():
    puzzle, position, solution = easy()
    cell = puzzle.givens.index(0)
    wrong = next(d for d in range(1, 10) if d != solution[cell])
    answer, start = reasoning_from(puzzle, placed(puzzle, position, cell, wrong),
                                   lambda: ("unique", solution))
    assert start is None and answer["status"] == "invalid"
    assert [p["cell"] for p in answer["problems"]] == [cell]
    assert answer["reason"] == fix_first(answer["problems"]) == (
        "Fix this digit first: it does not match the solution.")


def test_a_right_position_starts_with_every_strategy():
    puzzle, position, solution = easy()
    answer, (board, strategies, status) = reasoning_from(puzzle, position, lambda: ("unique", solution))
    assert answer is None and status == "unique" and strategies == STRATEGIES
    assert board == start_board(puzzle, position)


def test_with_several_solutions_the_uniqueness_strategies_are_left_out():
    puzzle, position = decode(SEVERAL)
    answer, (_, strategies, status) = reasoning_from(puzzle, position, lambda: ("multiple", None))
    assert answer is None and status == "multiple"
    assert strategies and not any(s.slug in NEED_UNIQUE for s in strategies)


def test_a_digit_no_solution_keeps_is_named_and_the_givens_alone_blame_nobody():
    puzzle, position = decode(SEVERAL)
    assert digits_leading_nowhere(puzzle, start_board(puzzle, position)) is None
    dead_end = placed(puzzle, position, 23, 8)   # C6 = 8 is in no solution
    answer = digits_leading_nowhere(puzzle, start_board(puzzle, dead_end))
    assert answer["status"] == "invalid" and [p["cell"] for p in answer["problems"]] == [23]
    one = solve(puzzle).solution
    fine = placed(puzzle, position, 0, one[0]) if not puzzle.givens[0] else position
    assert digits_leading_nowhere(puzzle, start_board(puzzle, fine)) is None


def test_pencil_marks_that_leave_out_the_solution_are_named_when_no_digit_is_wrong():
    assert fix_first([{"problem": "candidates-exclude-solution"}]).startswith(
        "Some pencil marks leave out the solution's digit")
    assert fix_first([{"problem": "wrong-digit"}] * 2).startswith("Fix these 2 digits first")
