"""JSON-shaped views of the core, shared by the command line and the web page's glue.

Every function takes and returns plain data (str, list, dict) so that JavaScript can call it
through Pyodide without knowing any Python class. The page may call exactly the functions marked
`@page_call` (PAGE_CALLS: web/main.py hands out these, the never-crash test tries these); each
answers bad input with {"error": message}, never an exception.
"""
from __future__ import annotations

from functools import wraps
from time import perf_counter

from .codec import PuzzleStringError, decode, encode
from .codec.fields import BASE36
from .codec.source import quote, read_link
from .model import (ARITHMETIC_KINDS, Position, Puzzle, cell_name, clue, digit_char, digit_name,
                    digits_of, full_mask, progress_notation)

PAGE_CALLS: dict = {}   # name -> function, in the order they are defined


def page_call(function):
    """Lets the page call `function` (PAGE_CALLS), and answers the PuzzleStringError it raises
    for bad input as {"error": message}: the one place that turns one into the other."""
    @wraps(function)
    def answered(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except PuzzleStringError as error:
            return {"error": str(error)}
    PAGE_CALLS[function.__name__] = answered
    return answered


def describe(puzzle: Puzzle, position: Position, fmt: str) -> dict:
    """The `decode` contract of docs/design.md, plus what a renderer needs (box shape, region per
    cell, diagonals/windows)."""
    return {
        "kind": puzzle.kind,
        "size": puzzle.size,
        "format": fmt,
        "givens": list(puzzle.givens),
        "regions": list(puzzle.regions) if puzzle.regions is not None else None,
        "cages": [{"cells": list(c.cells), "total": c.total, "op": c.op} for c in puzzle.cages],
        "progress": progress_notation(puzzle, position),
        "box_shape": list(puzzle.box_shape) if puzzle.box_shape else None,
        "region_of": list(puzzle.region_of) if puzzle.region_of is not None else None,
        "extra_units": [list(u) for u in puzzle.extra_units],
    }


@page_call
def decode_view(text: str, kind_hint: str | None = None) -> dict:
    """describe() of the puzzle in `text`, or {"error": message}."""
    puzzle, position, fmt = decode(text, kind_hint=kind_hint, with_format=True)
    return describe(puzzle, position, fmt)


# ---- opening a puzzle, for the page ----------------------------------------------------------
# The names the page gives each kind (its title, the grid's name for screen readers, the list of
# saved games).
KIND_NAMES = {
    "sudoku": "Sudoku", "sudoku-x": "Sudoku X", "windoku": "Windoku", "jigsaw": "Jigsaw Sudoku",
    "killer": "Killer Sudoku", "killer-jigsaw": "Killer Jigsaw", "kenken": "KenKen",
    "kendoku": "KenDoku",
}
OPERATOR_WORDS = {"+": "add", "-": "subtract", "x": "multiply", "/": "divide"}
# The parameters of the page's own query: what the decoder reads, and OWN_MARKS.
QUERY_PARAMETERS = ("bd", "jigmap", "shape")
# Marks an address the page wrote itself: its pencil marks are read as written. Without it a
# cell holding every digit as a mark reads as no marks (SudokuWiki writes every digit for a cell
# nobody has narrowed yet), so a player's full marks would vanish on a reload.
OWN_MARKS = "fullmarks"
NO_PUZZLE = "No puzzle in the link"


@page_call
def open_view(text: str) -> dict:
    """Everything the page needs to open the puzzle of `text`: its own address's query
    (location.search, with or without "?", embed= and the like ignored), a whole link, or a
    pasted string. One call; no puzzle knowledge is left to the page. Returns

        {"query": the puzzle's query as the page writes it in its address and passes as `text`
                  to the other calls ("bd=…", plus jigmap=/shape= for an old jigsaw link, plus
                  OWN_MARKS=1 when the link had it; values escaped as encodeURIComponent does,
                  commas kept; a link whose kind only its page name or kind= says becomes
                  bd=<version B/C string>, which carries the kind),
         "view": describe(), plus "label" (the kind's name, "Killer Sudoku") and, in each
                 cage, "label" (its clue as drawn: "15", "12×") and "words" (as a screen
                 reader says it: "cage 12, multiply, 3 cells"),
         "name": the kind's name and size ("Killer Sudoku 9×9"),
         "progress": the position the page opens with, per cell as view.progress, except that
                     a cell holding every digit as a pencil mark holds none (SudokuWiki's way
                     of writing an untouched cell) unless the link is the page's own (OWN_MARKS),
         "save_key": where the page keeps this puzzle's game on the device (the version B/C
                     string of its givens alone: saved.js)}

    or {"error": message} when the puzzle cannot be read, with "no_puzzle": true as well when
    the text holds no puzzle at all (no bd=, an empty one, nothing): the page then shows its
    start page, and its message NO_PUZZLE.
    """
    source = read_link(text)
    if not source.bd:
        return {"error": NO_PUZZLE, "no_puzzle": True}
    puzzle, position, fmt = decode(text, with_format=True)
    view = describe(puzzle, position, fmt)
    name = KIND_NAMES.get(puzzle.kind, puzzle.kind)
    view["label"] = name
    for cage, shown in zip(puzzle.cages, view["cages"]):
        shown["label"] = clue(cage, puzzle.kind)
        shown["words"] = cage_words(cage, puzzle.kind)
    from .play import without_full_marks   # the page plays next, which needs play anyway
    marks_kept = _marks_kept(source)
    opened = position if marks_kept else without_full_marks(puzzle, position)
    return {
        "query": _page_query(source, puzzle, position, marks_kept),
        "view": view,
        "name": f"{name} {puzzle.size}\u00d7{puzzle.size}",
        "progress": progress_notation(puzzle, opened),
        "save_key": encode(puzzle, Position.empty(puzzle.cell_count), "versioned"),
    }


def cage_words(cage, kind: str) -> str:
    """A cage as a screen reader says it: "cage 15, 3 cells", "cage 12, multiply, 3 cells"."""
    operator = (f", {OPERATOR_WORDS[cage.op]}" if kind in ARITHMETIC_KINDS and len(cage.cells) > 1
                else "")
    count = len(cage.cells)
    return f"cage {cage.total}{operator}, {count} cell{'' if count == 1 else 's'}"


def _marks_kept(source) -> bool:
    """Whether the link is the page's own, whose pencil marks are read as written (OWN_MARKS)."""
    return source.params.get(OWN_MARKS) == "1"


def _page_query(source, puzzle: Puzzle, position: Position, marks_kept: bool) -> str:
    """The page's query for a link read as `source` (open_view's "query")."""
    marker = f"&{OWN_MARKS}=1" if marks_kept else ""
    query = "&".join(f"{name}={quote(value)}" for name, value in source.params.items()
                     if name in QUERY_PARAMETERS) or "bd=" + quote(source.bd)
    if source.page_kind and _kind_of(query) != puzzle.kind:
        # only the page name or kind= said the kind: write the string that carries it
        query = "bd=" + quote(encode(puzzle, position, "versioned"))
    return query + marker


def _kind_of(query: str) -> str | None:
    try:
        return decode(query)[0].kind
    except PuzzleStringError:
        return None


def _own_query(puzzle: Puzzle, position: Position, bd: str) -> str:
    """The page's own address for `position`, written as the version B/C string `bd`: with
    OWN_MARKS when a cell holds every digit as a pencil mark, which would otherwise read as
    none (open_view)."""
    every = full_mask(puzzle.size)
    full = any(m == every for m in position.candidates)
    return "bd=" + quote(bd) + (f"&{OWN_MARKS}=1" if full else "")


def position_from_progress(puzzle: Puzzle, progress: list[str]) -> Position:
    """Reads the per-cell notation back (`.`, `gD`, `sD`, `cDDD`); givens come from the puzzle."""
    if not isinstance(progress, (list, tuple)):
        raise PuzzleStringError(f"progress must be a list of cell notes, not {type(progress).__name__}")
    if len(progress) != puzzle.cell_count:
        raise PuzzleStringError(f"progress has {len(progress)} cells, the puzzle {puzzle.cell_count}")
    solved, candidates = [], []
    for cell, note in enumerate(progress):
        if not isinstance(note, str) or any(ch not in BASE36 for ch in note[1:]):
            raise PuzzleStringError(f"cell {cell + 1}: cannot read progress {note!r}")
        kind, digits = note[:1], [int(ch, 36) for ch in note[1:]]  # ASCII only: int() takes any digit
        if any(not 1 <= d <= puzzle.size for d in digits):
            raise PuzzleStringError(f"cell {cell + 1}: digit out of range in {note!r}")
        if kind == "s" and len(digits) == 1:
            solved.append(digits[0]); candidates.append(0)
        elif kind == "c" and digits:
            solved.append(0); candidates.append(sum(1 << (d - 1) for d in set(digits)))
        elif kind in (".", "g"):
            solved.append(0); candidates.append(0)
        else:
            raise PuzzleStringError(f"cell {cell + 1}: cannot read progress {note!r}")
    return Position(tuple(solved), tuple(candidates))


@page_call
def share(text: str, progress: list[str], fmt: str | None = None) -> dict:
    """Re-encodes the puzzle of `text` with the player's current `progress`.

    Returns {"bd": string, "query": this page's own address for the position} or {"error":
    message}. `fmt` defaults to the version B/C header. `query` is `bd=` the version B/C string,
    with OWN_MARKS when a cell holds every digit as a pencil mark, so that the page opening its
    own address reads back exactly this position (open_view).
    """
    puzzle, _ = decode(text)
    position = position_from_progress(puzzle, progress)
    if fmt is not None and not isinstance(fmt, str):
        return {"error": f"the format must be a name, not {type(fmt).__name__}"}
    versioned = encode(puzzle, position, "versioned")
    bd = encode(puzzle, position, fmt) if fmt else versioned
    return {"bd": bd, "query": _own_query(puzzle, position, versioned)}


# ---- links for the Share dialog ------------------------------------------------------------------
# The SudokuWiki solver page that reads each kind (the page name also settles what a bare 81- or
# 162-character string is: SudokuX.aspx reads 81 digits as Sudoku X).
SUDOKUWIKI = "https://www.sudokuwiki.org/"
SUDOKUWIKI_PAGES = {
    "sudoku": "sudoku.htm", "sudoku-x": "SudokuX.aspx", "windoku": "Windoku.aspx",
    "jigsaw": "Jigsaw.aspx", "killer": "killersudoku.aspx", "killer-jigsaw": "KillerJigsaw.aspx",
    "kenken": "KenKen.aspx", "kendoku": "KenDoku.aspx",
}
# The older formats, for SudokuWiki pages and tools that predate version B/C; what each keeps.
OLDER_FORMATS = (
    ("packed162", "162 characters (January 2023): givens, your digits and pencil marks"),
    ("digits", "81 digits: every digit as a given, no pencil marks"),
    ("killer-2024", "Killer, May 2024 packing: cages, your digits and pencil marks"),
    ("killer-a", "Killer, Version A: cages only, no progress"),
    ("jigmap", "Jigsaw with jigmap= (shape=33): regions, givens and progress"),
)


def sudokuwiki_link(kind: str, bd: str) -> str:
    """A SudokuWiki solver link for `bd` (a bare string, or a whole query such as the jigmap form)."""
    query = bd if "bd=" in bd else "bd=" + bd
    return f"{SUDOKUWIKI}{SUDOKUWIKI_PAGES[kind]}?{query}"


@page_call
def share_links(text: str, progress: list[str]) -> dict:
    """Everything the Share dialog offers for the puzzle of `text` at `progress`:
    {"bd": version B/C string, "query": this page's own query for it (as share's), "sudokuwiki":
    link, "older": [{"format", "label", "bd", "link"}]}, only the older formats that can hold
    this puzzle; or {"error": message}."""
    puzzle, _ = decode(text)
    position = position_from_progress(puzzle, progress)
    bd = encode(puzzle, position, "versioned")
    older = []
    for fmt, label in OLDER_FORMATS:
        try:
            string = encode(puzzle, position, fmt)
        except PuzzleStringError:
            continue  # this format cannot hold this kind or size
        older.append({"format": fmt, "label": label, "bd": string, "link": sudokuwiki_link(puzzle.kind, string)})
    return {"bd": bd, "query": _own_query(puzzle, position, bd),
            "sudokuwiki": sudokuwiki_link(puzzle.kind, bd), "older": older}


# ---- solving in slices, for the page ------------------------------------------------------------
# The page runs the solver on the browser's main thread in short slices (a worker would need a
# second Pyodide start): solve_start keeps a Solver here, each solve_step runs at most max_nodes
# search nodes and returns, and the page yields to the browser between calls. The solver module
# is imported on first use, so start-up only pays for the decoder.

_solvers: dict = {}
_next_solver_id = 0


@page_call
def solve_start(text: str) -> dict:
    """Decodes `text` and starts a solver for it: {"id": n}, or {"error": message}."""
    global _next_solver_id
    puzzle, _ = decode(text)
    from .solve.kernel import start_solver   # the compiled kernel where it runs (#43)
    _next_solver_id += 1
    _solvers[_next_solver_id] = (text, start_solver(puzzle))
    return {"id": _next_solver_id}


@page_call
def solve_step(solver_id: int, max_nodes: int) -> dict:
    """Runs at most `max_nodes` more search nodes of solver `solver_id`.

    Unfinished: {"done": False, "nodes": n, "guesses": g}, plus "found" (row-major digits) once a
    first solution is found, while the search goes on to make sure it is the only one (on the
    hardest killers the first solution comes at 16-97% of the search). Finished: {"done": True,
    "status", "solution", "reason", "nodes", "guesses", "seconds"}, and the solver is forgotten;
    the hints then know the answer too (they never solve the same puzzle again themselves).
    """
    text, solver = _solvers.get(solver_id, (None, None)) if isinstance(solver_id, int) else (None, None)
    if solver is None:
        return {"error": f"no solve with id {solver_id} is running (finished or cancelled)"}
    nodes = _whole(max_nodes)
    if nodes is None:
        return {"error": f"max_nodes must be a whole number, not {max_nodes!r}"}
    result = solver.step(max(1, nodes))
    if result is None:
        report = {"done": False, "nodes": solver.nodes, "guesses": solver.guesses}
        if solver.solutions:
            report["found"] = list(solver.solutions[0])
        return report
    del _solvers[solver_id]
    _remember(text, result)
    from .solve.report import result_fields
    return {"done": True, **result_fields(result)}


@page_call
def solve_network(text: str) -> dict:
    """The solver's network as the compiled kernel reads it, for a search split over Web Workers
    (web/search-split.js; pycore.solve.kernel.split_network): {"base", "derived", "cells"}, or
    {"error": why it cannot be split}."""
    puzzle, _ = decode(text)
    from .solve.kernel import split_network
    return split_network(puzzle)


@page_call
def solve_cancel(solver_id: int, gave_up: bool = False) -> dict:
    """Forgets solver `solver_id` (nothing happens if it has finished already). `gave_up`: the page
    stopped waiting for it before a hint, so the hints of that puzzle go on without the solution,
    as after their own short solve runs out of time, and never solve it themselves."""
    if isinstance(solver_id, int):
        text, solver = _solvers.pop(solver_id, (None, None))
        if gave_up is True and solver is not None:
            _remember(text, solver.stop("the page stopped waiting for it"))
    return {}


def _whole(value) -> int | None:
    """`value` as an int when it is a whole number (JavaScript's numbers may arrive as floats)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _solution_digits(puzzle: Puzzle, solution) -> list[int]:
    """`solution` as cell_count digits 1…size; PuzzleStringError when it is not that."""
    try:
        digits = [_whole(d) for d in solution]
    except TypeError:
        digits = None
    if (digits is None or len(digits) != puzzle.cell_count
            or any(d is None or not 1 <= d <= puzzle.size for d in digits)):
        raise PuzzleStringError(f"the solution must be {puzzle.cell_count} digits from 1 to "
                                f"{puzzle.size}")
    return digits


@page_call
def check_view(text: str, progress: list[str], solution: list[int]) -> dict:
    """The player's mistakes against `solution` (row-major digits):
    {"problems": [{"cell", "problem", "expected"}, ...]} or {"error": message}.

    `problem` is "wrong-digit" (a placed digit that differs) or "candidates-exclude-solution"
    (pencil marks without the solution's digit); givens are never reported.
    """
    puzzle, position = _puzzle_and_position(text, progress)
    digits = _solution_digits(puzzle, solution)
    from .solve import check
    return {"problems": check(puzzle, position, digits)}


@page_call
def check_several(text: str, progress: list[str]) -> dict:
    """Check for a puzzle with more than one solution, where there is no one solution to check
    against: {"problems": [...], "reason": ...} when no solution keeps all the placed digits
    (problems name each digit whose removal alone would leave one, as "wrong-digit"), else
    {"problems": [], "reason": None}; or {"error": message}. A puzzle the solver cannot settle
    in about a second and a half passes unchecked."""
    puzzle, position = _puzzle_and_position(text, progress)
    from .explain import start_board
    from .explain.start import digits_leading_nowhere
    dead_end = digits_leading_nowhere(puzzle, start_board(puzzle, position))
    return ({"problems": dead_end["problems"], "reason": dead_end["reason"]} if dead_end
            else {"problems": [], "reason": None})


@page_call
def back_to_right(text: str, history: list[list[str]], solution: list[int]) -> dict:
    """How far back the game was last free of mistakes: `history` is the game's positions newest
    first (the current one first, then what Undo brings back in turn). {"back": the index of the
    first position with no mistake against `solution` (check_view's problems)}, {"back": None}
    when every one has some, or {"error": message}."""
    from .solve import check
    if not isinstance(history, list) or not history:
        return {"error": "history must be a list of positions, the current one first"}
    puzzle = _puzzle_of(text)
    digits = _solution_digits(puzzle, solution)
    for back, progress in enumerate(history):
        if not check(puzzle, position_from_progress(puzzle, progress), digits):
            return {"back": back}
    return {"back": None}


# ---- hints, for the page ----------------------------------------------------------------------
# A hint must never reason from a wrong position, so it needs the solution. The page solves first
# (in slices where it takes long) and passes it, or solve_step has kept its other answers here;
# a caller without either (the library, the command line) gets a short solve, kept per puzzle.
_solutions: dict[str, tuple] = {}
HINT_SOLVE_SECONDS = 2.0


def _solved(text: str, puzzle: Puzzle) -> tuple[str, tuple | None]:
    """(the solver's status, the solution when it is unique), kept per puzzle."""
    if text not in _solutions:
        from .solve import solve
        _remember(text, solve(puzzle, time_limit=HINT_SOLVE_SECONDS))
    return _solutions[text]


def _remember(text: str, result) -> None:
    """Keeps what the solver found for the puzzle of `text` (a time-out too: a hint does not wait
    for the solver twice)."""
    if len(_solutions) > 16:
        _solutions.clear()
    _solutions[text] = (result.status, result.solution if result.status == "unique" else None)


@page_call
def hint_view(text: str, progress: list[str], solution: list[int] | None = None,
              off: list[str] | None = None) -> dict:
    """The next logical step from the reader's position, in the stages a hint reveals.

    {"status": "step", "levels": [where to look, the strategy's name, the whole step],
     "step": {strategy, name, placements, eliminations, cells, units, cages, text, chain,
     pattern, links, sets, colours, article} (Step.to_json: the pattern's candidates in two
     colours, a chain's links, the sets of cells outlined; colours: what blue and orange stand for, or null; article: SudokuWiki's page
     on the strategy, or null),
     "progress": the position after the step, "marks": {cell: candidates before the step} for
     the cells the step names, so the page can show what is eliminated where the reader has no
     pencil marks} — or status "solved", "stuck" (no strategy applies; "reveal": true unless
    the puzzle has several solutions, when reveal_view can place one digit of the solution),
    "invalid" (with "reason" and "problems": the position contradicts the solution),
    or {"error": message}. `off`: the strategies the reader switched off (registry slugs).
    """
    from .explain import BY_SLUG, look_here, next_step, position_after
    answer, logic = _logic_from(text, progress, solution, off)
    if answer:
        return answer
    puzzle, position, board, strategies, status = logic
    step = next_step(board, strategies)
    if step is None:
        stuck = "No logical step found from here: the strategies this page knows are stuck."
        if off and next_step(board, _every_strategy(status)) is not None:
            # the reader's own choice stopped it: say so, and that switching back on helps
            stuck = ("No step with the strategies switched on: a strategy you switched off "
                     "would find the next one (Settings, Strategies).")
        if status == "multiple":
            return {"status": "stuck", "reason": f"{stuck} The puzzle has more than one "
                    "solution, so logic alone cannot settle every cell.", "reveal": False}
        return {"status": "stuck",
                "reason": f"{stuck} Reveal a cell places the solution's digit in the selected "
                          "cell (with none selected, in the open cell with the fewest "
                          "candidates); Solve shows it all.",
                "reveal": True}
    strategy = BY_SLUG[step.strategy]
    g = board.geometry
    after = position_after(board.apply(step), position, step)
    look = look_here(step, g, puzzle.kind)
    named = set(step.cells) | {c for c, _ in step.placements + step.eliminations} | {
        c for c, _, _ in step.pattern} | {c for a, _, b, *_ in step.implications for c in (a, b)}
    marks = {str(c): "".join(digit_char(d) for d in digits_of(board.candidates[c]))
             for c in sorted(named) if board.candidates[c]}
    return {
        "status": "step",
        "levels": [look, f"{strategy.name}. {look}", step.text],
        "step": {**step.to_json(g), "name": strategy.name, "difficulty": strategy.difficulty,
                 "colours": list(strategy.colours), "article": strategy.article},
        "progress": progress_notation(puzzle, after),
        "marks": marks,
    }


def _logic_from(text: str, progress: list[str], solution,
                off: list[str] | None = None) -> tuple[dict | None, tuple | None]:
    """explain.start.reasoning_from for the page's arguments: (the answer to give instead, None)
    or (None, (puzzle, position, board, strategies, solver status)), the strategies less those
    switched `off`. The solution is the one the page passes, else a short solve's (kept per
    puzzle); bad input, an unknown slug among them too, raises PuzzleStringError."""
    from .explain.start import reasoning_from
    _switched_on((), off)   # a bad list is the reader's error before any solving
    puzzle, position = _puzzle_and_position(text, progress)

    def settled():
        if solution is not None:
            return "unique", _solution_digits(puzzle, solution)
        return _solved(text, puzzle)

    answer, start = reasoning_from(puzzle, position, settled)
    if start:
        board, strategies, status = start
        return None, (puzzle, position, board, _switched_on(strategies, off), status)
    return answer, None


def _every_strategy(status: str) -> tuple:
    """What the hint would use with nothing switched off (start.reasoning_from's choice)."""
    from .explain.registry import NEED_UNIQUE, STRATEGIES
    return STRATEGIES if status != "multiple" else tuple(
        s for s in STRATEGIES if s.slug not in NEED_UNIQUE)


def _switched_on(strategies: tuple, off) -> tuple:
    """`strategies` less those switched off; `off` must be a list of known slugs, singles not
    among them (explain.run.strategies_for says why), else PuzzleStringError."""
    from .explain.run import strategies_for
    if off is None:
        return strategies
    if not isinstance(off, list) or not all(isinstance(slug, str) for slug in off):
        raise PuzzleStringError(f"off must be a list of strategy names, not {off!r}")
    try:
        strategies_for(None, off)
    except ValueError as error:
        raise PuzzleStringError(str(error)) from None
    return tuple(s for s in strategies if s.slug not in off)


@page_call
def reveal_view(text: str, progress: list[str], solution: list[int], cell: int = -1) -> dict:
    """One digit of the solution for a reader the logic leaves stuck, placed as a digit of theirs
    would be: in `cell` when it is open, else in the open cell with the fewest candidates (where
    a digit settles most). {"cell", "digit", "text", "progress"} or {"error": message}."""
    from . import play
    from .explain import start_board
    puzzle, position = _puzzle_and_position(text, progress)
    solution = _solution_digits(puzzle, solution)
    board = start_board(puzzle, position)
    open_cells = board.open_cells()
    if not open_cells:
        return {"error": "every cell is filled: there is nothing to reveal"}
    if type(cell) is not int or cell not in open_cells:
        cell = min(open_cells, key=lambda c: (board.candidates[c].bit_count(), c))
    digit = solution[cell]
    after = play.place(puzzle, position, cell, digit)
    return {"cell": cell, "digit": digit,
            "text": f"Revealed: {cell_name(cell, puzzle.size)} is {digit_name(digit)} (from the solution)",
            "progress": progress_notation(puzzle, after)}


# ---- the whole path by logic, in slices, for the page -------------------------------------------
# The hint panel can list every step from the reader's position to the end, or to where the
# logic is stuck, with the grade (SudokuWiki's solve path). The hardest take seconds in the
# browser, so, like the solver, path_step works for a bounded time and the page yields between.

_paths: dict = {}
_next_path_id = 0
PATHS_KEPT = 4   # a page runs one; more are paths it never finished (closed tabs' leftovers)


@page_call
def path_start(text: str, progress: list[str], solution: list[int] | None = None,
               off: list[str] | None = None) -> dict:
    """Starts the path from the reader's position, with the strategies switched `off` left out:
    {"id": n}, or what hint_view answers instead ({"status": "solved"}, {"status": "invalid",
    "reason", "problems"} or {"error": message})."""
    global _next_path_id
    from .explain.run import walk
    answer, logic = _logic_from(text, progress, solution, off)
    if answer:
        return answer
    puzzle, position, board, strategies, _ = logic
    while len(_paths) >= PATHS_KEPT:
        del _paths[min(_paths)]
    _next_path_id += 1
    # "positions": the reader's position after each step (explain.position_after), for path_progress
    _paths[_next_path_id] = {"walk": walk(board, strategies), "puzzle": puzzle, "board": board,
                             "position": position, "steps": [], "positions": []}
    return {"id": _next_path_id}


@page_call
def path_step(path_id: int, max_seconds: float) -> dict:
    """Explains for about `max_seconds` more (one step at least). Unfinished: {"done": False,
    "steps": [the new steps' texts]}. Finished: {"done": True, "steps": [...], "status":
    "solved", "stuck" or "invalid" (with "reason": the position has no solution), "count": the
    steps in all, "grade": {"hardest", "name", "level", "score"}}. A finished path is kept for
    path_progress until path_cancel (or until PATHS_KEPT newer paths have started)."""
    from .explain import BY_SLUG, grade, position_after
    path = _paths.get(path_id) if isinstance(path_id, int) else None
    if path is None or path.get("done"):
        return {"error": f"no path with id {path_id} is running (finished or cancelled)"}
    if isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) \
            or not 0 < max_seconds < 3600:
        return {"error": f"max_seconds must be a number of seconds, not {max_seconds!r}"}
    started, new, problem = perf_counter(), [], None
    for step, board in path["walk"]:
        path["position"] = position_after(board, path["position"], step)
        path["positions"].append(path["position"])
        path["board"] = board
        path["steps"].append(step)
        new.append(step.text)
        problem = board.contradiction()
        if problem or perf_counter() - started > max_seconds:
            break
    else:
        problem = False   # the walk is over: solved or stuck
    if problem is None:
        return {"done": False, "steps": new}
    path["done"] = True
    steps, board = path["steps"], path["board"]
    graded = grade(steps)
    finished = {"done": True, "steps": new, "count": len(steps),
                "grade": {**graded, "name": BY_SLUG[graded["hardest"]].name if steps else None}}
    if problem:
        return {**finished, "status": "invalid", "reason": f"The position has no solution: {problem}."}
    return {**finished, "status": "solved" if board.is_solved() else "stuck"}


@page_call
def path_progress(path_id: int, count: int) -> dict:
    """The reader's position after the first `count` steps of path `path_id` listed so far, as
    each would have been applied (one undoable change for the page): {"progress"} or {"error"}."""
    path = _paths.get(path_id) if isinstance(path_id, int) else None
    if path is None:
        return {"error": f"no path with id {path_id} (cancelled, or too old)"}
    steps = _whole(count)
    if steps is None or not 1 <= steps <= len(path["positions"]):
        return {"error": f"count must be a step of the path, 1 to {len(path['positions'])}, "
                         f"not {count!r}"}
    return {"progress": progress_notation(path["puzzle"], path["positions"][steps - 1])}


@page_call
def path_cancel(path_id: int) -> dict:
    """Forgets path `path_id`, finished or not (nothing happens if it is gone already)."""
    if isinstance(path_id, int):
        _paths.pop(path_id, None)
    return {}


# ---- playing on, for the page ----------------------------------------------------------------
# Called after every change of position, so the puzzle of the last text is kept (decoding a
# 25×25 string on every key press would be wasted work).

_last_decoded: list = [object(), None]   # a text no call can pass


def _puzzle_of(text: str) -> Puzzle:
    """The puzzle of a string, decoded once while the page keeps asking about the same one."""
    if _last_decoded[0] != text:
        _last_decoded[:] = [text, decode(text)[0]]
    return _last_decoded[1]


def _puzzle_and_position(text: str, progress: list[str]) -> tuple[Puzzle, Position]:
    puzzle = _puzzle_of(text)
    return puzzle, position_from_progress(puzzle, progress)


@page_call
def play_view(text: str, progress: list[str], solution: list[int] | None = None) -> dict:
    """What the page marks while a person plays: {"conflicts": [cells], "clashes": [{"cells",
    "reason"}], "candidates": [digits per cell, "" for a filled one], "remaining": [copies of
    each digit still to place], "finished": [the cells of each drawn house or cage that is full
    and breaks no rule], "complete": bool, "solved": bool} or {"error": message}.

    `solved` is a full grid that breaks no rule (and equals `solution` when one is given)."""
    from . import play
    puzzle, position = _puzzle_and_position(text, progress)
    values = play.values_of(puzzle, position)
    clashes = play.clashes(puzzle, values)
    complete = all(values)
    solved = complete and not clashes and (solution is None or list(solution) == values)
    conflicts = {cell for clash in clashes for cell in clash["cells"]}
    return {
        "conflicts": sorted(conflicts),
        "clashes": clashes,
        "candidates": ["".join(digit_char(d) for d in digits_of(m)) for m in play.auto_candidates(puzzle, values)],
        "remaining": play.remaining(puzzle, values),
        "finished": play.finished(puzzle, values, conflicts),
        "complete": complete,
        "solved": solved,
    }


@page_call
def cage_view(text: str, progress: list[str], cell: int) -> dict:
    """The cage of `cell` and the digits that can still fill it (play.cage_combinations):
    {"clue": "15" or "12×", "cells": 3, "combinations": ["159", "168", …] or None when there are
    too many to list, "left": [what the open cells must add up to, how many they are] for a sum
    cage with digits placed and cells open, else None}; {} for a cell in no cage; or
    {"error": message}."""
    from . import play
    puzzle, position = _puzzle_and_position(text, progress)
    cage = next((c for c in puzzle.cages if cell in c.cells), None) if type(cell) is int else None
    if cage is None:
        return {}
    values = play.values_of(puzzle, position)
    combos = play.cage_combinations(puzzle, values, cage)
    placed = [values[c] for c in cage.cells if values[c]]
    left = ([cage.total - sum(placed), len(cage.cells) - len(placed)]
            if cage.op == "+" and placed and len(placed) < len(cage.cells) else None)
    return {"clue": clue(cage, puzzle.kind), "cells": len(cage.cells),
            "combinations": None if combos is None else ["".join(map(digit_name, c)) for c in combos],
            "left": left}


def _progress_after(text: str, progress: list[str], change) -> dict:
    puzzle, position = _puzzle_and_position(text, progress)
    return {"progress": progress_notation(puzzle, change(puzzle, position))}


@page_call
def place_digit(text: str, progress: list[str], cell: int, digit: int) -> dict:
    """{"progress"} with `digit` in `cell` and removed from the pencil marks of its peers, or
    {"error": message} (a cell outside the grid or holding a given, a digit outside 1…size)."""
    from . import play
    puzzle, _ = _puzzle_and_position(text, progress)
    where, what = _whole(cell), _whole(digit)
    if where is None or not 0 <= where < puzzle.cell_count:
        return {"error": f"cell must be from 0 to {puzzle.cell_count - 1}, not {cell!r}"}
    if what is None or not 1 <= what <= puzzle.size:
        return {"error": f"digit must be from 1 to {puzzle.size}, not {digit!r}"}
    if puzzle.givens[where]:
        return {"error": f"cell {where} holds a given"}
    return _progress_after(text, progress, lambda puzzle, position: play.place(puzzle, position, where, what))


@page_call
def fill_candidates(text: str, progress: list[str]) -> dict:
    """{"progress"} with every open cell that has no pencil marks given what the rules allow
    (cells with marks keep theirs: play.filled_marks)."""
    from . import play
    return _progress_after(text, progress, play.filled_marks)


@page_call
def auto_marks(text: str, progress: list[str]) -> dict:
    """{"progress"} with Auto's candidates pencilled in: what the rules allow in every open
    cell, less what its marks have eliminated already (play.narrowed_marks)."""
    from . import play
    return _progress_after(text, progress, play.narrowed_marks)


@page_call
def logic_marks(text: str, progress: list[str]) -> dict:
    """{"progress"} with the candidates a hint reasons from pencilled into every open cell
    (explain.logic_marks): the board the reader sees once they ask the logic for help."""
    from .explain import logic_marks as marked
    return _progress_after(text, progress, marked)


@page_call
def opening_progress(text: str, progress: list[str]) -> dict:
    """{"progress"} as the page opens it (open_view's "progress"): a pencil-mark set holding
    every digit reads as none, unless `text` is the page's own query (OWN_MARKS)."""
    from . import play
    kept = _marks_kept(read_link(text))
    return _progress_after(text, progress, lambda puzzle, position: (
        position if kept else play.without_full_marks(puzzle, position)))


# ---- new puzzles, for the page's New puzzle dialog (web/newpuzzle.js) -----------------------
# generate() runs for seconds, so the page calls generate_view in a worker of its own (a second
# Python, web/generate-worker.mjs) that it can stop; generate_options is a quick call on the page.
# Pyodide runs Python two to three times slower than CPython: the page's budget is twice the
# command line's.
PAGE_GENERATE_SECONDS = 120.0


@page_call
def generate_options() -> dict:
    """What the New puzzle dialog offers: {"kinds": [{"kind", "name", "sizes", "grades": {size:
    the grades it can be made at}}], "grades": [...]}, the kinds and sizes pycore.generate makes
    (SIZES) and explain's grades (LEVELS)."""
    from .generate import LEVELS, SIZES, grades
    return {"kinds": [{"kind": kind, "name": KIND_NAMES.get(kind, kind), "sizes": list(sizes),
                       "grades": {str(n): list(grades(kind, n)) for n in sizes}}
                      for kind, sizes in SIZES.items()],
            "grades": list(LEVELS)}


# The families of explain's registry as the Strategies list in the page's settings names them.
FAMILY_NAMES = {"singles": "Singles", "killer": "Killer cages", "kenken": "KenKen cages",
                "intersections": "Intersections", "leftovers": "Leftovers", "subsets": "Subsets",
                "uniqueness": "Uniqueness", "fish": "Fish", "single_digit": "Single digit",
                "wings": "Wings", "chains": "Chains", "sets": "Almost locked sets",
                "templates": "Templates", "forcing": "Forcing chains and nets"}


@page_call
def strategy_families() -> dict:
    """What the page's Strategies list shows, for the reader to switch strategies off (hint_view's
    and path_start's `off`): {"families": [{"family", "name", "strategies": [{"slug", "name",
    "stays_on"}]}]}, families in the order of their easiest strategy, each easiest first;
    `stays_on`, the singles the walk needs (explain.run.STAY_ON), which cannot be switched off."""
    from .explain.registry import STRATEGIES, TABLE
    from .explain.run import STAY_ON
    family_of = {slug: family for slug, _, _, family in TABLE}
    families: dict[str, list] = {}
    for strategy in STRATEGIES:
        families.setdefault(family_of[strategy.slug], []).append(
            {"slug": strategy.slug, "name": strategy.name, "stays_on": strategy.slug in STAY_ON})
    return {"families": [{"family": family, "name": FAMILY_NAMES.get(family, family),
                          "strategies": listed} for family, listed in families.items()]}


@page_call
def generate_view(kind: str, size: int, grade: str | None = None, seconds: float | None = None,
                  seed: int | None = None) -> dict:
    """A new puzzle of `kind`, `size` and `grade` (None: any grade) made within `seconds`
    (default PAGE_GENERATE_SECONDS), from `seed` (None: a random one; the same seed makes the
    same puzzle here as on the command line): {"query": the page's query to open it with
    (open_view's), "name": "Killer Sudoku 9×9", "grade", "seconds", "attempts", "seed"}; or
    {"error": a sentence for people} when the request cannot be made or no such puzzle turned up
    in time."""
    from .generate import GenerateError, OutOfBudget, generate
    budget = PAGE_GENERATE_SECONDS if seconds is None else seconds
    if not isinstance(kind, str) or _whole(size) is None or not (grade is None or isinstance(grade, str)):
        return {"error": "a new puzzle needs a kind (a name), a size (a whole number) and a grade or none"}
    if seed is not None and (_whole(seed) is None or _whole(seed) < 0):
        return {"error": f"a seed is a whole number from 0, not {seed!r}"}
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget < float("inf"):
        return {"error": f"the time allowed must be a positive number of seconds, not {seconds!r}"}
    try:
        made = generate(kind, _whole(size), grade, None if seed is None else _whole(seed), float(budget))
    except GenerateError as error:
        return {"error": f"Cannot make that puzzle: {error}."}
    except OutOfBudget:
        name = f"{grade + ' ' if grade else ''}{size}\u00d7{size} {KIND_NAMES.get(kind, kind)}"
        return {"error": f"No {name} turned up within {budget:g} seconds. Try again (each try starts "
                         "afresh), or ask for another grade or size."}
    opened = open_view("bd=" + quote(made["string"]))
    return {"query": opened["query"], "name": opened["name"], "grade": made["grade"],
            "seconds": made["seconds"], "attempts": made["attempts"], "seed": made["seed"]}


# ---- the setter's mode (pycore/setter.py), for the page ---------------------------------------

@page_call
def setter_open(text: str) -> dict:
    """The draft in the page's address (`set=KIND&size=N`, plus what is drawn): {"draft": the
    draft (setter.py's form), "query": its address, "name": "Killer Sudoku 9×9", "sizes": the
    sizes each kind is set at, "names": each kind's name, "box_shape" and "extra_units" as
    describe()'s}, or {"error": message}."""
    from . import setter
    draft = setter.draft_of_query(text)
    frame = Puzzle(draft.kind, draft.size, draft.givens)
    return {"draft": setter.as_data(draft), "query": setter.draft_query(draft),
            "box_shape": list(frame.box_shape) if frame.box_shape else None,
            "extra_units": [list(u) for u in frame.extra_units],
            "name": f"{KIND_NAMES[draft.kind]} {draft.size}\u00d7{draft.size}",
            "sizes": {kind: list(sizes) for kind, sizes in setter.SIZES.items()},
            "names": dict(KIND_NAMES)}


@page_call
def setter_query(draft: dict) -> dict:
    """{"query": the page's address for `draft`} (setter.draft_query), or {"error": message}."""
    from . import setter
    return {"query": setter.draft_query(setter.draft_of(draft))}


@page_call
def setter_check(draft: dict) -> dict:
    """The live check of `draft`: setter.check's report (no solution, more than one, unique),
    or {"error": message}."""
    from . import setter
    return setter.check(setter.draft_of(draft))


@page_call
def setter_grade(draft: dict, solution: list[int]) -> dict:
    """Explain's grade and hardest step of a finished draft whose unique `solution` the check
    found (setter.grade), or {"error": message}."""
    from . import setter
    draft = setter.draft_of(draft)
    puzzle = setter.complete_puzzle(draft)
    return setter.grade(draft, _solution_digits(puzzle, solution))


@page_call
def setter_finish(draft: dict) -> dict:
    """{"query": bd= the finished puzzle's string, as the page opens it}, or {"error": message}
    naming what is still to draw."""
    from . import setter
    return {"query": setter.finished_query(setter.draft_of(draft))}


# Decoder messages name the format's parts; the page shows a sentence for people above them.
_HELP = (
    (r"unknown header|is not one of S X W J L M K D",
     "This doesn't look like a puzzle string this page can read: it should start with a puzzle "
     "type letter (S, X, W, J, L, M, K or D), a size and a version, such as S9B or L9B."),
    (r"Str8ts", "This is a Str8ts puzzle, which this page cannot show yet."),
    (r"too short|wrong length|has \d+ characters|characters before it|no puzzle string|is empty|no bd=",
     "The puzzle string is incomplete: it may have been cut off when the link was copied. "
     "Copy the whole link again."),
    (r"jigmap|shape=", "This jigsaw link does not say where its regions are; share it again from "
     "SudokuWiki with its region map (jigmap)."),
    (r"too long", "That text is far too long to be a puzzle link."),
)


@page_call
def error_help(message: str) -> str:
    """A sentence for a person about a decoder `message` (the message itself stays the detail)."""
    import re
    for pattern, sentence in _HELP:
        if re.search(pattern, str(message)):
            return sentence
    return "This puzzle link could not be read; it may be damaged or incomplete. Copy the whole link again."


# The library's functions and every page call (the command line uses describe and
# position_from_progress).
__all__ = ["PAGE_CALLS", "page_call", "describe", "position_from_progress", "sudokuwiki_link",
           "cage_words", *PAGE_CALLS]
