"""Nishio: the last resort SudokuWiki's solver also keeps. Suppose a candidate were the cell's
digit and follow only the easy steps (singles and cage arithmetic); if that ends in a contradiction,
the candidate goes. A person can check it with a pencil, which is why it counts as logic, if the
hardest kind."""
from __future__ import annotations

from .board import Board, Step

# What a reader follows in their head after the supposition: placing digits and reading cages.
EASY = ("full-house", "naked-single", "hidden-single", "single-cell-cage", "cage-combinations",
        "cage-arithmetic")
# A chain longer than this is no longer something a person follows (and costs the hint time).
MAX_STEPS = 40
# Easy steps over all the suppositions of one search, on a 9×9 grid (a larger one gets fewer in
# proportion to its cells, each step costing more there). Past it the search gives up rather than
# keep a hint waiting. Measured over Tarek's 35 killers (where Nishio finds little: they need
# search) and Tatham's unreasonable puzzles, whole explanations: 700 keeps the slowest killer at
# 0.4 s and unsticks one of the two KenKens the other strategies leave stuck (so do 1,000 and
# 1,500, with killers up to 0.9 and 1.4 s); 5,000 unsticks both, but a killer's explanation then
# took 7 s (each stuck point pays a whole failed search).
BUDGET = 700


def nishio(board: Board) -> Step | None:
    """The first candidate (cells with fewest candidates first) whose supposition leads, by easy
    steps alone, to a contradiction: it is eliminated."""
    from .registry import BY_SLUG   # the registry loads this module
    easy = [BY_SLUG[slug] for slug in EASY if slug in BY_SLUG]
    g = board.geometry
    cells = sorted(board.open_cells(), key=lambda c: (board.candidates[c].bit_count(), c))
    budget = [BUDGET * 81 // g.cell_count]
    for cell in cells:
        mask = board.candidates[cell]
        if not mask & (mask - 1):
            continue   # a single is a step of its own
        for digit in range(1, board.size + 1):
            if not mask >> (digit - 1) & 1:
                continue
            supposed = board.apply(Step("nishio", "", placements=((cell, digit),)))
            found = contradiction_after(supposed, easy, budget)
            if found:
                count, reason = found
                name = g.name(cell)
                return Step("nishio", f"Nishio: if {name} were {digit}, {count} easy "
                            f"step{'s' if count != 1 else ''} (singles and cages) would lead to a "
                            f"contradiction ({reason}), so {name} is not {digit}",
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
