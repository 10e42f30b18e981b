"""The solver: a constraint engine over candidate bit masks (see README.md in this folder).

    solve(puzzle, position=None, *, max_nodes=None, time_limit=None) -> SolveResult
    Solver(puzzle).step(max_nodes) -> SolveResult | None    # for slices in the browser
    check(puzzle, position, solution) -> list[dict]
"""
from .check import check
from .engine import SolveResult, Solver, solve

__all__ = ["SolveResult", "Solver", "check", "solve"]
