"""Soundness: on every corpus puzzle and the hardest killers, every step the explainer takes keeps
the known solution (no solution digit eliminated, no wrong digit placed), and every step's data
is well formed."""
from __future__ import annotations


import pytest

from tests.corpus import DEV, REAL
from tests.solve.test_solve import digits, puzzle_from_record, record_id
from tests.solve.test_hard_killers import TAREK_WITH_SOLUTIONS, short_killer

from tests.explain.drawing import check_drawing

from pycore.explain import next_step, start_board
from pycore.model import Position

RECORDS = [r for r in DEV + REAL if r.get("solution")]


def check_step(board, solution, step) -> None:
    """A step on `board` keeps `solution`: it places only into open cells and only the solution's
    digits, eliminates only candidates the solution does not use, says itself in one line and
    draws what it names."""
    assert step.placements or step.eliminations, step
    for cell, digit in step.placements:
        assert not board.values[cell], (step, "placed into a filled cell")
        assert solution[cell] == digit, (step.strategy, step.text)
    for cell, digit in step.eliminations:
        assert board.has(cell, digit), (step.strategy, step.text, "eliminates a non-candidate")
        assert solution[cell] != digit, (step.strategy, step.text)
    assert step.text and "\n" not in step.text
    check_drawing(board, step)


def walk(puzzle, solution, max_steps=2000):
    """Explains from the givens, checking each step against the solution. Returns the board."""
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    for _ in range(max_steps):
        if board.is_solved():
            break
        step = next_step(board)
        if step is None:
            break
        check_step(board, solution, step)
        board = board.apply(step)
    return board


@pytest.mark.parametrize("record", RECORDS, ids=record_id)
def test_every_step_keeps_the_solution(record):
    puzzle = puzzle_from_record(record)
    solution = digits(record["solution"])
    board = walk(puzzle, solution)
    for cell, value in enumerate(board.values):
        assert not value or value == solution[cell]


@pytest.mark.parametrize("text,published", TAREK_WITH_SOLUTIONS[:4])
def test_hardest_killers_steps_keep_the_solution(text, published):
    walk(short_killer(text), [int(ch) for ch in published])
