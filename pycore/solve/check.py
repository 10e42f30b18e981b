"""Compares a player's position with the solution, for the Check button and the command line."""
from __future__ import annotations

from ..model import Position, Puzzle


def check(puzzle: Puzzle, position: Position, solution) -> list[dict]:
    """One entry per cell where the player is wrong: a placed digit that differs from the
    solution, or pencil marks that leave out the solution's digit. Givens are never reported;
    cells with no pencil marks (mask 0) mean "no information" and are not wrong."""
    problems = []
    for cell, expected in enumerate(solution):
        if puzzle.givens[cell]:
            continue
        placed = position.solved[cell]
        if placed:
            if placed != expected:
                problems.append({"cell": cell, "problem": "wrong-digit", "expected": expected})
            continue
        marks = position.candidates[cell]
        if marks and not marks >> (expected - 1) & 1:
            problems.append({"cell": cell, "problem": "candidates-exclude-solution",
                             "expected": expected})
    return problems
