"""Explains a position step by step: the easiest strategy that finds something, applied, again."""
from __future__ import annotations

from dataclasses import replace
from itertools import islice
from time import perf_counter

from ..model import Position, Puzzle, cage_name, digit_name, joined
from .board import Board, houses_text, start_board
from .registry import BY_SLUG, NEED_UNIQUE, STRATEGIES, Strategy

# A grade's level by the difficulty of the hardest step, calibrated on HoDoKu's levels and
# SudokuWiki's (README, "Grade"): gentle, singles and a cage's own arithmetic (SudokuWiki's gentle
# killers and very easy KenKens need them); moderate, intersections and naked pairs (HoDoKu's
# medium but for hidden pairs and triples, which share their difficulties with the killer steps
# over several cages); tough, HoDoKu's hard (quads, basic fish, wings, unique rectangles,
# colouring); diabolical, HoDoKu's unfair (finned big fish, chains, almost locked sets); extreme,
# the rest.
LEVELS = ((30, "gentle"), (60, "moderate"), (210, "tough"), (320, "diabolical"),
          (10 ** 9, "extreme"))


# The singles place the digits every later step reasons from: a walk without them would stall on
# a cell with one candidate left, so the reader cannot switch them off (nor a killer's one-cell
# cage, which is a given in all but name).
STAY_ON = ("full-house", "naked-single", "hidden-single", "single-cell-cage")


def strategies_for(only: list[str] | None, off: list[str] | None = None) -> tuple[Strategy, ...]:
    """The strategies a walk uses: `only` these (every one when None), less the ones switched
    `off` (SudokuWiki's and HoDoKu's unticked strategies). An unknown slug, or a single switched
    off, is a ValueError saying which."""
    unknown = [slug for slug in (only or []) + (off or []) if slug not in BY_SLUG]
    if unknown:
        raise ValueError(f"unknown strategy {unknown[0]!r}; known: {', '.join(BY_SLUG)}")
    kept_on = [slug for slug in off or [] if slug in STAY_ON]
    if kept_on:
        raise ValueError(f"{', '.join(kept_on)} cannot be switched off: the singles place the "
                         f"digits every other step reasons from ({', '.join(STAY_ON)} stay on)")
    return tuple(s for s in STRATEGIES
                 if (not only or s.slug in only) and s.slug not in (off or ()))


def next_step(board: Board, strategies=STRATEGIES):
    """The step of the easiest applicable strategy, or None when all are stuck; where several
    strategies share that difficulty, the smallest of their steps (`smaller`). A step resting on
    a Windoku hidden window says why that window holds every digit once."""
    found = None
    for strategy in strategies:
        if found is not None and (strategy.difficulty > found_at or size(found) <= 1):
            break   # (nothing is smaller than a single cell)
        step = strategy.find(board)
        if step is not None and step.is_progress() and (found is None or smaller(step, found)):
            found, found_at = step, strategy.difficulty
    if found is None:
        return None
    why = [board.geometry.reasons[u] for u in found.units if u in board.geometry.reasons]
    return replace(found, text=f"{found.text} ({why[0]})") if why else found


def size(step) -> int:
    """How much of the board a step asks the reader to hold at once: a chain's nodes (the
    candidates or groups its links join), else the cells it rests on."""
    if step.links:
        return len({(a, x) for a, x, *_ in step.links} | {(b, y) for _, _, b, y, _ in step.links})
    return len(step.cells)


def smaller(step, than) -> bool:
    """Whether `step` is easier to follow than `than`, found at the same difficulty: a shorter
    chain, or fewer cells (issue 44: a 14-node chain was offered where a short one was there);
    on a tie the strategy tried first keeps it."""
    return size(step) < size(than)


def problems_against(board: Board, solution) -> list[dict]:
    """Placed digits that differ from the solution, or, when there are none, candidates that
    leave it out (a wrong digit also strikes its own digit from its peers' candidates; that is
    the digit's fault, not the pencil marks')."""
    g = board.geometry
    problems = []
    for cell, expected in enumerate(solution):
        if board.puzzle.givens[cell]:
            continue
        value = board.values[cell]
        if value and value != expected:
            problems.append({"cell": cell, "problem": "wrong-digit", "expected": expected,
                             "text": f"{g.name(cell)} holds {digit_name(value)}, but the "
                                     f"solution has {digit_name(expected)}"})
        elif not value and not board.candidates[cell] >> (expected - 1) & 1:
            problems.append({"cell": cell, "problem": "candidates-exclude-solution",
                             "expected": expected,
                             "text": f"the candidates of {g.name(cell)} leave out its digit"})
    wrong = [p for p in problems if p["problem"] == "wrong-digit"]
    return wrong or problems


def grade(steps, by_slug=BY_SLUG) -> dict:
    """The hardest strategy used, its band, and a score: the sum of every step's difficulty."""
    if not steps:
        return {"hardest": None, "level": None, "score": 0}
    used = [by_slug[s.strategy] for s in steps]
    hardest = max(used, key=lambda s: s.difficulty)
    level = next(name for limit, name in LEVELS if hardest.difficulty <= limit)
    return {"hardest": hardest.slug, "level": level, "score": sum(s.difficulty for s in used)}


def explain(puzzle: Puzzle, position: Position, *, only: list[str] | None = None,
            off: list[str] | None = None, max_steps: int | None = None, solution=None,
            time_limit: float | None = None, unique: bool = True) -> dict:
    """Steps from the reader's position until solved, stuck, or `max_steps`.

    `solution` (row-major digits), when known, is checked first: a position that contradicts it
    is reported `invalid`, never reasoned from. `unique=False` (a puzzle with several solutions)
    leaves out the strategies that assume one; `off`, strategies switched off (strategies_for).
    Returns the `explain` contract of docs/design.md.
    """
    strategies = strategies_for(only, off)
    if not unique:
        strategies = tuple(s for s in strategies if s.slug not in NEED_UNIQUE)
    board = start_board(puzzle, position)
    g = board.geometry
    if solution is not None:
        problems = problems_against(board, solution)
        if problems:
            return {"status": "invalid", "reason": problems[0]["text"], "problems": problems,
                    "steps": [], "grade": grade([])}
    problem = board.contradiction()
    if problem:
        return {"status": "invalid", "reason": problem, "problems": [], "steps": [],
                "grade": grade([])}
    started = perf_counter()
    steps = []
    status, stopped, out_of_time = "stuck", None, False
    for step, board in islice(walk(board, strategies), max_steps):
        steps.append(step)
        # Sound steps from a position with no solution end in a contradiction; say so rather
        # than hand strategies a cell with no candidate.
        problem = board.contradiction()
        if problem:
            return {"status": "invalid", "reason": f"the position has no solution: {problem}",
                    "problems": [], "steps": [s.to_json(g) for s in steps], "grade": grade(steps)}
        if time_limit is not None and perf_counter() - started > time_limit:
            out_of_time = True
            break
    if board.is_solved():
        status = "solved"
    elif len(steps) == max_steps:
        stopped = "max-steps"   # "stuck" as far as these steps go; the logic may go on
    elif out_of_time:
        status = "timeout"
    return {
        "status": status,
        **({"stopped": stopped} if stopped else {}),
        "steps": [s.to_json(g) for s in steps],
        "grade": grade(steps),
        "seconds": round(perf_counter() - started, 6),
        "progress": _notation(board),
    }


def walk(board: Board, strategies=STRATEGIES):
    """A solve by logic from `board`: each step with the board after it, until the grid is full
    or no strategy finds anything. The caller checks each board for a contradiction (a position
    with no solution) and stops there."""
    while not board.is_solved():
        step = next_step(board, strategies)
        if step is None:
            return
        board = board.apply(step)
        yield step, board


def _notation(board: Board) -> list[str]:
    from ..model import digit_char
    out = []
    for cell, value in enumerate(board.values):
        if board.puzzle.givens[cell]:
            out.append("g" + digit_char(value))
        elif value:
            out.append("s" + digit_char(value))
        else:
            out.append("c" + "".join(digit_char(d + 1) for d in range(board.size)
                                     if board.candidates[cell] >> d & 1))
    return out


def position_after(after: Board, position: Position, step) -> Position:
    """The reader's position after `step`, given the board after it (`board.apply(step)`, or
    what `walk` yields): the step's digits placed, and every open cell pencil-marked with the
    candidates the logic holds after it. Once the reader has the logic help, the board shows
    what the logic reasons from, as SudokuWiki and HoDoKu do (issue 41): an AIC's "8 in column 3
    only in C3 and H3" can be checked by eye, and every elimination made stays made."""
    solved = list(position.solved)
    for cell, digit in step.placements:
        solved[cell] = digit
    candidates = tuple(0 if value else marks for value, marks in zip(after.values, after.candidates))
    return Position(tuple(solved), candidates)


def logic_marks(puzzle: Puzzle, position: Position) -> Position:
    """The reader's position with every open cell pencil-marked with the candidates a hint
    reasons from (start_board: their marks where they narrowed a cell, else every digit its
    filled peers allow). Reasoning from it finds what reasoning from `position` finds."""
    board = start_board(puzzle, position)
    return Position(position.solved, tuple(0 if value else marks
                                           for value, marks in zip(board.values, board.candidates)))


def look_here(step, geometry, kind: str = "sudoku") -> str:
    """The first stage of a hint: where to look, without saying what is there."""
    if step.units:
        return f"Look at {houses_text(geometry, step.units)}."
    if step.cages:
        return "Look at " + joined([cage_name(geometry.cages[i], kind, geometry.size)
                                  for i in step.cages]) + "."
    cells = step.cells or tuple(c for c, _ in step.placements + step.eliminations)
    return f"Look at {geometry.names(cells)}."

