"""The `solve` command's JSON object, built from solve() and check()."""
from __future__ import annotations

from ..model import Position, Puzzle
from .check import check
from .engine import SolveResult, solve


def result_fields(result: SolveResult) -> dict:
    """A SolveResult as plain JSON-ready data."""
    return {
        "status": result.status,
        "solution": list(result.solution) if result.solution is not None else None,
        "reason": result.reason,
        "nodes": result.nodes,
        "guesses": result.guesses,
        "seconds": round(result.seconds, 6),
        "engine": result.engine,
    }


def solve_report(puzzle: Puzzle, position: Position | None = None, *,
                 max_nodes: int | None = None, time_limit: float | None = None,
                 engine: str | None = None) -> dict:
    result = solve(puzzle, max_nodes=max_nodes, time_limit=time_limit, engine=engine)
    problems = []
    if result.status == "unique" and position is not None and position.has_progress:
        problems = check(puzzle, position, result.solution)
    return {**result_fields(result), "problems": problems}
