"""Soundness of issue 44's fish, single-digit and uniqueness strategies on the corpus: along each
corpus puzzle's explanation (as tests/explain/test_sound walks it), every few boards each of these
strategies is asked directly, so it is checked on positions where the easier strategies would
have come first too. Every step found must keep the known solution and draw only live candidates
and real links (tests/explain/drawing)."""
from __future__ import annotations

import pytest

from tests.corpus import DEV, REAL
from tests.explain.test_sound import check_step
from tests.solve.test_solve import digits, puzzle_from_record, record_id

from pycore.explain import BY_SLUG, next_step, start_board
from pycore.model import Position

# slug: boards between checks (the fish searches take tens of ms a board, the others a few)
EVERY = {"finned-jellyfish": 8, "franken-fish": 16, "mutant-fish": 16, "multi-colouring": 3,
         "unique-rectangle": 3, "hidden-unique-rectangle": 3, "avoidable-rectangle": 3,
         "two-string-kite": 3, "empty-rectangle": 3, "x-chain": 6}
RECORDS = [r for r in DEV + REAL if r.get("solution") and puzzle_from_record(r).size <= 9]


@pytest.mark.parametrize("record", RECORDS, ids=record_id)
def test_issue_44_strategies_keep_the_solution(record):
    puzzle = puzzle_from_record(record)
    solution = digits(record["solution"])
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    for count in range(2000):
        if board.is_solved():
            break
        for slug, every in EVERY.items():
            if count % every == 0:
                step = BY_SLUG[slug].find(board)
                if step:
                    check_step(board, solution, step)
        step = next_step(board)
        if step is None:
            break
        board = board.apply(step)
