"""Where reasoning from a reader's position starts: never from a wrong position.

A hint, or the whole path, reasons from the reader's digits and pencil marks; a wrong digit
would make every step after it nonsense. So the position is checked first: against the
solution when there is one, by the solver's propagation when there is none yet, and, for a
puzzle with several solutions, by asking whether any solution keeps the reader's digits.
(Moved here from pycore.api, which keeps only the page's side: decoding and the solve cache.)
"""
from __future__ import annotations

from dataclasses import replace
from time import perf_counter
from typing import Callable

from ..model import Position, Puzzle, digit_name
from .board import Board, start_board
from .registry import NEED_UNIQUE, STRATEGIES
from .run import problems_against

# A puzzle with several solutions has no one solution to check digits against: the solver asks
# instead whether any solution keeps all the reader's digits, and which one digit is to blame.
DEAD_END_SECONDS = 0.5
CULPRIT_SECONDS = 1.0


def reasoning_from(puzzle: Puzzle, position: Position,
                   settled: Callable[[], tuple[str, tuple | list | None]]) -> tuple[dict | None, tuple | None]:
    """What reasoning from the reader's position starts from: (None, (board, strategies, solver
    status)), or (the answer to give instead, None): "solved", or "invalid" when the position
    contradicts the solution. `settled()` gives (the solver's status, the solution or None); it
    is asked only when the board is not solved already (it may have to solve). When it has no
    solution, the solver's propagation from the position is the check."""
    from .forcing import solver_contradiction
    board = start_board(puzzle, position)
    if board.is_solved():
        return {"status": "solved"}, None
    status, known = settled()
    if status == "none":
        return {"status": "invalid", "reason": "This puzzle has no solution, so there is no "
                "logical step to find.", "problems": []}, None
    if known is not None and len(known) == puzzle.cell_count:
        problems = problems_against(board, known)
        if problems:
            return {"status": "invalid", "reason": fix_first(problems), "problems": problems}, None
    contradiction = board.contradiction()
    if contradiction is None and known is None:
        # No solution to check against (a puzzle the solver has not settled yet): the solver's
        # propagation still catches most wrong digits once a few are placed.
        found = solver_contradiction(board)
        if found:
            contradiction = f"from your digits and pencil marks, {found}, so one of them is a mistake"
    if contradiction:
        return {"status": "invalid", "reason": f"Something is wrong: {contradiction}.",
                "problems": []}, None
    if status == "multiple":
        dead_end = digits_leading_nowhere(puzzle, board)
        if dead_end:
            return dead_end, None
    strategies = STRATEGIES if status != "multiple" else tuple(
        s for s in STRATEGIES if s.slug not in NEED_UNIQUE)   # they assume one solution
    return None, (board, strategies, status)


def digits_leading_nowhere(puzzle: Puzzle, board: Board) -> dict | None:
    """An "invalid" answer when no solution of a several-solution puzzle keeps the reader's
    placed digits, naming each digit whose removal alone would leave one; None when some
    solution keeps them (or the solver cannot tell within its short budget)."""
    from ..solve import solve
    values = board.values
    if values == puzzle.givens:
        return None   # only the puzzle's own digits: nothing of the reader's to blame

    def solvable(digits, deadline: float) -> bool | None:
        left = max(deadline - perf_counter(), 0.01)
        status = solve(replace(puzzle, givens=tuple(digits)), time_limit=left).status
        return None if status == "timeout" else status != "none"

    if solvable(values, perf_counter() + DEAD_END_SECONDS) is not False:
        return None
    deadline = perf_counter() + CULPRIT_SECONDS
    g = board.geometry
    problems, tried_all = [], True
    for cell, digit in enumerate(values):
        if digit and not puzzle.givens[cell]:
            if perf_counter() >= deadline:
                tried_all = False
                break
            if solvable(values[:cell] + (0,) + values[cell + 1:], deadline):
                problems.append({"cell": cell, "problem": "wrong-digit", "expected": None,
                                 "text": f"with your other digits, no solution has "
                                         f"{digit_name(digit)} in {g.name(cell)}"})
    reason = ("This puzzle has more than one solution, but none of them keeps all your digits: "
              + (f"without {'this digit' if len(problems) == 1 else 'any one of these'} "
                 f"({', '.join(g.name(p['cell']) for p in problems)}) there would be one."
                 if problems else "no one of them is to blame alone, so more than one is a mistake."
                 if tried_all else "which of them to blame was not found in the time allowed."))
    return {"status": "invalid", "reason": reason, "problems": problems}


def fix_first(problems: list[dict]) -> str:
    """What to fix before a hint can reason: the wrong digits, else the pencil marks."""
    wrong = [p for p in problems if p["problem"] == "wrong-digit"]
    if wrong:
        count = len(wrong)
        return (f"Fix {'this digit' if count == 1 else f'these {count} digits'} first: "
                f"{'it does' if count == 1 else 'they do'} not match the solution.")
    return ("Some pencil marks leave out the solution's digit; fix them first "
            "(Fill candidates rebuilds them).")
