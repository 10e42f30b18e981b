"""Nishio: the last resort SudokuWiki's solver also keeps. Suppose a candidate were the cell's
digit and follow only the easy steps (singles and cage arithmetic); if that ends in a contradiction,
the candidate goes. A person can check it with a pencil, which is why it counts as logic, if the
hardest kind."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ..model import Puzzle, digit_name
from ..solve.engine import propagate
from ..solve.network import FULL, Network, compile_puzzle
from .board import Board, Step

# What a reader follows in their head after the supposition: placing digits and reading cages.
EASY = ("full-house", "naked-single", "hidden-single", "single-cell-cage", "cage-combinations",
        "cage-arithmetic")
# A chain longer than this is no longer something a person follows (and costs the hint time).
MAX_STEPS = 40
# Easy steps over all the suppositions of one search, on a 9×9 grid (a larger one gets fewer in
# proportion to its cells, each step costing more there). Past it the search gives up rather than
# keep a hint waiting. Only suppositions the solver's propagation refutes are followed (see
# `solver_refutes`), so the budget goes to the promising ones: 5,000 unsticks both of Tatham's
# unreasonable KenKens the other strategies leave stuck (700 unstuck one, and before the filter
# 5,000 took a killer's explanation to 7 s: each stuck point paid a whole failed search).
BUDGET = 5000
# Suppositions are made only in cells of at most this many candidates. Over Tarek's 35 killers,
# whole explanations: 7 finds 10 Nishio steps (690 steps in all, the slowest explanation 0.96 s),
# 8 a few more at 2.4 s, 9 (every cell) 37 (733 steps) at 3.6 s: each step pays the filter's
# propagation of every supposition before it. Tatham's two KenKens need no more than 4.
MOST_CANDIDATES = 7


@lru_cache(maxsize=8)
def network_of(puzzle: Puzzle) -> Network:
    return compile_puzzle(puzzle)


def solver_refutes(board: Board) -> Callable[[int, int], bool]:
    """A test of suppositions on `board`: whether the solver's propagation finds "cell is digit"
    contradictory, in a fraction of the easy steps' time. It does what the easy steps do and more
    (singles, every cage's arithmetic), except that for a killer cage of four or more cells it
    keeps the digits of the fitting combinations where the easy steps keep each cell's digits of
    the fitting fillings; so a supposition it does not refute is, but for that rare case (never
    met in 122,000 suppositions checked: pycore/explain/README.md), one the easy steps cannot
    refute either, and Nishio does not follow it (tests check both kinds of stuck board it is
    used on, and random killer boards). A KenKen cage too big for the solver to list its fillings is
    checked there only once solved, so with one of those every supposition is followed. The
    board is propagated once; each supposition then starts from there."""
    net = network_of(board.puzzle)
    cand = [1 << (value - 1) if value else mask
            for value, mask in zip(board.values, board.candidates)]
    live = list(net.live)
    singles = [cell for cell, mask in enumerate(cand) if not mask & (mask - 1)]
    if (net.error or any(kind == FULL for kind, *_ in net.constraints) or not all(cand)
            or propagate(net, cand, live, singles, set(range(len(cand))))):
        return lambda cell, digit: True   # nothing to filter with: follow every supposition

    def refutes(cell: int, digit: int) -> bool:
        bit = 1 << (digit - 1)
        if not cand[cell] & bit:
            return True   # the propagation already removed it
        trial = cand[:]
        trial[cell] = bit
        return propagate(net, trial, live[:], [cell], {cell}) is not None
    return refutes


def easy_strategies() -> list:
    """The registry's strategies named in EASY, in its order of difficulty."""
    from .registry import BY_SLUG   # the registry loads this module
    return [BY_SLUG[slug] for slug in EASY if slug in BY_SLUG]


def nishio(board: Board) -> Step | None:
    """The first candidate (cells with fewest candidates first, up to MOST_CANDIDATES) whose
    supposition leads, by easy steps alone, to a contradiction: it is eliminated."""
    easy = easy_strategies()
    g = board.geometry
    cells = sorted((c for c in board.open_cells()
                    if board.candidates[c].bit_count() <= MOST_CANDIDATES),
                   key=lambda c: (board.candidates[c].bit_count(), c))
    budget = [BUDGET * 81 // g.cell_count]
    refutes = solver_refutes(board)
    for cell in cells:
        mask = board.candidates[cell]
        if not mask & (mask - 1):
            continue   # a single is a step of its own
        for digit in range(1, board.size + 1):
            if not mask >> (digit - 1) & 1:
                continue
            if not refutes(cell, digit):
                continue
            supposed = board.apply(Step("nishio", "", placements=((cell, digit),)))
            found = contradiction_after(supposed, easy, budget)
            if found:
                count, reason = found
                name = g.name(cell)
                return Step("nishio", f"Nishio: if {name} were {digit_name(digit)}, {count} easy "
                            f"step{'s' if count != 1 else ''} (singles and cages) would lead to a "
                            f"contradiction ({reason}), so {name} is not {digit_name(digit)}",
                            eliminations=((cell, digit),), cells=(cell,))
            if budget[0] <= 0:
                return None
    return None


def contradiction_after(board: Board, easy, budget: list[int]) -> tuple[int, str] | None:
    """(steps taken, the contradiction) if following `easy` strategies from `board` breaks a
    rule within MAX_STEPS steps; None if they stop first, the board holds or the shared
    `budget` of steps (decremented here) runs out."""
    from .run import next_step   # run loads the registry, which loads this module
    for taken in range(MAX_STEPS + 1):
        problem = board.contradiction()
        if problem:
            return taken, problem
        if taken == MAX_STEPS or budget[0] <= 0:
            return None
        budget[0] -= 1
        step = next_step(board, easy)
        if step is None:
            return None
        board = board.apply(step)
    return None


STRATEGIES = {"nishio": nishio}
