"""Human-style explanation: strategies that each find one step in a position (see README.md).

    explain(puzzle, position, only=None, max_steps=None, solution=None) -> dict
    start_board(puzzle, position) -> Board;  next_step(board) -> Step | None;  board.apply(step)
"""
from .board import Board, Geometry, House, Step, geometry_of, start_board
from .registry import ALL_SLUGS, BY_SLUG, STRATEGIES
from .run import explain, grade, logic_marks, look_here, next_step, position_after, problems_against

__all__ = ["ALL_SLUGS", "BY_SLUG", "Board", "Geometry", "House", "STRATEGIES", "Step", "explain",
           "geometry_of", "grade", "logic_marks", "look_here", "next_step", "position_after", "problems_against",
           "start_board"]
