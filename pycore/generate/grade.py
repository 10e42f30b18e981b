"""Explain's grade, as cheaply as the generator can ask for it (issue 45 §1).

Explain tries its strategies easiest first, so the steps it takes with only the strategies up to
a grade's band are the first steps of its whole walk: when those solve the puzzle, explain grades
it that band or easier, and when they get stuck, harder (or not at all). The generator asks "at
most this grade?" at every clue it takes away, so it walks with the band's strategies only and
never pays for the hard strategies searching a puzzle that needs them (most of explain's time on
a hard puzzle is spent there, and in the contradiction check it makes after every step, which a
puzzle cut from a full grid never needs). The walk also hands back the board where it got stuck,
so that a clue given back there can be followed on from it rather than from the start.
"""
from __future__ import annotations

from functools import lru_cache
from time import perf_counter

from ..model import Position, Puzzle


class OutOfBudget(RuntimeError):
    """No puzzle of the grade asked for was found in the time allowed."""


@lru_cache(maxsize=8)
def strategies_up_to(level: str | None) -> tuple:
    """Explain's strategies, easiest first, as far as the band of `level` goes (all for None)."""
    from ..explain.registry import STRATEGIES
    from ..explain.run import LEVELS as BANDS
    limit = dict((name, top) for top, name in BANDS)[level] if level else None
    return tuple(s for s in STRATEGIES if limit is None or s.difficulty <= limit)


def start(puzzle: Puzzle):
    """The board explain starts from: the givens, every other cell with the digits its filled
    peers allow."""
    from ..explain.board import start_board
    return start_board(puzzle, Position.empty(puzzle.cell_count))


def walk(puzzle: Puzzle, level: str | None, deadline: float, board=None, steps=()):
    """Explain's walk with the strategies up to `level`, from the start (or from `board`, after
    `steps`), until the grid is full or no strategy finds anything: (board, steps). Past the
    deadline the budget is spent (an error, never another puzzle: one seed, one puzzle)."""
    from ..explain.run import next_step
    strategies = strategies_up_to(level)
    board = start(puzzle) if board is None else board
    steps = list(steps)
    while not board.is_solved():
        if perf_counter() > deadline:
            raise OutOfBudget("out of time")
        step = next_step(board, strategies)
        if step is None:
            break
        board = board.apply(step)
        steps.append(step)
    return board, steps


def grade_within(puzzle: Puzzle, level: str | None, deadline: float) -> dict | None:
    """Explain's grade report ({"hardest", "level", "score"}) when the strategies up to `level`
    solve the puzzle from its clues (then it is explain's grade, step for step); None when they
    get stuck: harder than `level`, or beyond the logic."""
    board, steps = walk(puzzle, level, deadline)
    return report(steps) if board.is_solved() else None


def report(steps) -> dict:
    from ..explain.run import grade
    return grade(steps)


def rests_on_uniqueness(steps) -> bool:
    """Whether a step assumed the puzzle has one solution (a unique rectangle, BUG+1): a walk
    that solves without one proves the solution unique, with one it proves nothing."""
    from ..explain.registry import NEED_UNIQUE
    return any(s.strategy in NEED_UNIQUE for s in steps)


def placed(board, puzzle: Puzzle, digits: dict):
    """`board` for `puzzle` (the same grid with a clue given back) with `digits` {cell: digit}
    written in and struck from their peers' candidates: where a walk stuck on the old puzzle
    goes on from on the new one."""
    from ..explain.board import Board
    values, candidates = list(board.values), list(board.candidates)
    peers = board.geometry.peers
    for cell, digit in digits.items():
        values[cell], candidates[cell] = digit, 0
        for peer in peers[cell]:
            candidates[peer] &= ~(1 << (digit - 1))
    return Board(puzzle, tuple(values), tuple(candidates))
