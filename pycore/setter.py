"""The setter's mode (issue 45 §2): a puzzle drawn by hand, checked live as it is set.

A *draft* is what the setter has drawn so far, as plain data the page edits:

    {"kind": "killer", "size": 9,
     "givens": [digit or 0 per cell],
     "regions": [region 1…size or 0 (not drawn yet) per cell] or None (kinds without regions),
     "cages": [{"cells": [...], "total": number or 0 (not typed yet), "op": "+", "-", "x", "/"
               or "" (not chosen yet; killer cages are always "+")}]}

The page's address keeps it (`?set=killer&size=9&g=…&r=…&c=…`: draft_query / draft_of_query), so
a reload loses nothing. `check` answers what a setter needs to know as they go: what is still to
draw, and whether what is drawn has no solution (with the first contradiction), more than one (two
of them, where they differ, and a given or a cage split that removes the ambiguity) or exactly
one; `grade` adds explain's grade and hardest step once it is unique. The solver is bounded by
nodes, so a check takes as long on every machine and never hangs the page.
"""
from __future__ import annotations

from dataclasses import dataclass

from .codec import PuzzleStringError, encode
from .codec.cages import check_arithmetic_cage, check_killer_cage, is_connected, neighbours
from .codec.fields import BASE36
from .model import (ARITHMETIC_KINDS, CAGED_KINDS, REGION_KINDS, Cage, Position, Puzzle,
                    cell_name, clue, digit_name)

# The sizes a setter can draw, by kind: what the string formats hold and a hand can set.
SIZES = {
    "sudoku": (4, 6, 8, 9), "sudoku-x": (4, 6, 8, 9), "windoku": (9,),
    "jigsaw": (4, 5, 6, 7, 8, 9), "killer": (4, 6, 8, 9), "killer-jigsaw": (4, 5, 6, 7, 8, 9),
    "kenken": (3, 4, 5, 6, 7, 8, 9), "kendoku": (4, 6, 8, 9),
}
# Search nodes for the count of solutions, and for each trial of a suggestion: nodes, not
# seconds, so a check says the same on every machine.
CHECK_NODES = 20_000
SUGGEST_NODES = 4_000
SUGGEST_TRIALS = 12
GRADE_SECONDS = 4.0
# Operators as the address writes them (letters that need no escaping in a query).
OP_LETTERS = {"+": "a", "-": "s", "x": "m", "/": "d", "": "n"}
OP_OF_LETTER = {letter: op for op, letter in OP_LETTERS.items()}


@dataclass(frozen=True)
class Draft:
    kind: str
    size: int
    givens: tuple[int, ...]
    regions: tuple[int, ...] | None
    cages: tuple[tuple[tuple[int, ...], int, str], ...]   # (cells, total or 0, op or "")

    @property
    def cell_count(self) -> int:
        return self.size * self.size


def _number(value, name: str, low: int, high: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PuzzleStringError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _cells_list(value, name: str, length: int, high: int) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or len(value) != length:
        raise PuzzleStringError(f"{name} must be a list of {length} numbers")
    return tuple(_number(v, f"each of {name}", 0, high) for v in value)


def draft_of(data) -> Draft:
    """The draft the page sent (the form above), checked; PuzzleStringError says what is wrong."""
    if not isinstance(data, dict):
        raise PuzzleStringError("a draft is an object with kind, size, givens, regions and cages")
    kind = data.get("kind")
    if kind not in SIZES:
        raise PuzzleStringError(f"a setter draws one of {', '.join(SIZES)}, not {kind!r}")
    size = _number(data.get("size"), "size", 1, 36)
    if size not in SIZES[kind]:
        raise PuzzleStringError(f"a {kind} is set at size {', '.join(map(str, SIZES[kind]))}, not {size}")
    count = size * size
    givens = _cells_list(data.get("givens", [0] * count), "givens", count, size)
    regions = None
    if kind in REGION_KINDS:
        regions = _cells_list(data.get("regions") or [0] * count, "regions", count, size)
    cages, seen = [], set()
    for cage in (data.get("cages") or []) if kind in CAGED_KINDS else []:
        if not isinstance(cage, dict) or not isinstance(cage.get("cells"), (list, tuple)) or not cage["cells"]:
            raise PuzzleStringError("each cage needs its cells")
        cells = tuple(sorted({_number(c, "a cage's cell", 0, count - 1) for c in cage["cells"]}))
        if seen & set(cells):
            raise PuzzleStringError(f"{cell_name(min(seen & set(cells)), size)} is in two cages")
        seen |= set(cells)
        total = _number(cage.get("total") or 0, "a cage's total", 0, 10 ** 9)
        op = cage.get("op") or ""
        if op not in OP_LETTERS:
            raise PuzzleStringError(f"a cage's operator is one of + - x /, not {op!r}")
        if kind not in ARITHMETIC_KINDS or len(cells) == 1:
            op = "+" if kind not in ARITHMETIC_KINDS else ""
        cages.append((cells, total, op))
    return Draft(kind, size, givens, regions, tuple(sorted(cages)))


def as_data(draft: Draft) -> dict:
    """The draft as the page holds it."""
    return {"kind": draft.kind, "size": draft.size, "givens": list(draft.givens),
            "regions": list(draft.regions) if draft.regions is not None else None,
            "cages": [{"cells": list(cells), "total": total, "op": op} for cells, total, op in draft.cages]}


def empty_draft(kind: str, size: int) -> Draft:
    return draft_of({"kind": kind, "size": size})


# ---- the address ---------------------------------------------------------------------------------
# set=KIND&size=N, then only what is drawn: g= the givens (one base-36 character a cell, "." for
# none, trailing dots left off), r= the regions (likewise, "0" for a cell in none yet), c= the
# cages joined by "_", each its total's digits (none yet: nothing), its operator's letter
# (OP_LETTERS) and its cells, two base-36 characters each. Every character is one a query keeps
# as it is.

def draft_query(draft: Draft) -> str:
    query = f"set={draft.kind}&size={draft.size}"
    givens = "".join(BASE36[d] if d else "." for d in draft.givens).rstrip(".")
    if givens:
        query += "&g=" + givens
    if draft.regions is not None and any(draft.regions):
        query += "&r=" + "".join(BASE36[r] for r in draft.regions).rstrip("0")
    if draft.cages:
        query += "&c=" + "_".join(
            f"{total or ''}{OP_LETTERS[op]}" + "".join(BASE36[c // 36] + BASE36[c % 36] for c in cells)
            for cells, total, op in draft.cages)
    return query


def _cells_of(text: str, size: int, blank: str, name: str) -> list[int]:
    if len(text) > size * size or any(ch not in BASE36[:size + 1] + blank for ch in text):
        raise PuzzleStringError(f"{name}= must be up to {size * size} characters, each "
                                f"{blank!r} or 1-{BASE36[size]}")
    values = [0 if ch in blank else BASE36.index(ch) for ch in text]
    return values + [0] * (size * size - len(values))


def _cages_of(text: str) -> list[dict]:
    cages = []
    for part in filter(None, text.split("_")):
        digits = len(part) - len(part.lstrip("0123456789"))
        total, letter, cells = part[:digits], part[digits:digits + 1], part[digits + 1:]
        if letter not in OP_OF_LETTER or not cells or len(cells) % 2 or any(ch not in BASE36 for ch in cells):
            raise PuzzleStringError(f"cannot read the cage {part!r} in c=")
        cages.append({"cells": [BASE36.index(cells[i]) * 36 + BASE36.index(cells[i + 1])
                                for i in range(0, len(cells), 2)],
                      "total": int(total) if total else 0, "op": OP_OF_LETTER[letter]})
    return cages


def draft_of_query(text: str) -> Draft:
    """The draft in the page's address (location.search, with or without "?")."""
    from .codec.source import parse_qsl   # (urllib.parse would pull in more of the library)
    params = {}
    for name, value in parse_qsl(str(text).lstrip("?")):
        params.setdefault(name, value)
    kind = params.get("set", "")
    if kind not in SIZES:
        raise PuzzleStringError(f"set= names the kind to set, one of {', '.join(SIZES)}; not {kind!r}")
    size_text = params.get("size", "9")
    if not size_text.isdigit() or int(size_text) not in SIZES[kind]:
        raise PuzzleStringError(f"a {kind} is set at size {', '.join(map(str, SIZES[kind]))}, not {size_text!r}")
    size = int(size_text)
    data = {"kind": kind, "size": size,
            "givens": _cells_of(params.get("g", ""), size, ".", "g"),
            "regions": _cells_of(params.get("r", ""), size, "0", "r") if kind in REGION_KINDS else None,
            "cages": _cages_of(params.get("c", ""))}
    return draft_of(data)


# ---- what is left to draw, and the puzzle drawn so far -----------------------------------------

def unfinished(draft: Draft) -> list[str]:
    """What must still be drawn before the draft is a puzzle (its string needs every part)."""
    n, left = draft.size, []
    if draft.regions is not None:
        open_cells = draft.regions.count(0)
        if open_cells:
            left.append(f"{open_cells} cell{'s' if open_cells > 1 else ''} in no region")
    if draft.kind in CAGED_KINDS:
        caged = {c for cells, _, _ in draft.cages for c in cells}
        if len(caged) < draft.cell_count:
            loose = draft.cell_count - len(caged)
            left.append(f"{loose} cell{'s' if loose > 1 else ''} in no cage")
        for cells, total, op in draft.cages:
            where = cell_name(cells[0], n)
            if not total:
                left.append(f"the cage at {where} has no total")
            elif draft.kind in ARITHMETIC_KINDS and len(cells) > 1 and not op:
                left.append(f"the cage at {where} has no operator")
    return left


class _Contradiction(Exception):
    """A part of the draft that no digits can fill: the reason and the cells to show."""

    def __init__(self, reason: str, cells):
        super().__init__(reason)
        self.reason, self.cells = reason, sorted(cells)


def drawn_puzzle(draft: Draft) -> tuple[Puzzle, bool]:
    """(the puzzle as far as it is drawn: the cages with a total (and operator) only, whether it
    can be solved yet: regions must all be drawn, the solver needs every house whole).
    _Contradiction names a part no digits can fill (a region too big, a cage whose total its
    cells cannot make)."""
    n = draft.size
    regions = draft.regions
    if regions is not None:
        for region in range(1, n + 1):
            count = regions.count(region)
            if count > n:
                raise _Contradiction(f"region {region} has {count} cells; a region holds {n}",
                                     [c for c, r in enumerate(regions) if r == region])
        if 0 in regions:
            regions = None
    cages = []
    for cells, total, op in draft.cages:
        if not total or (draft.kind in ARITHMETIC_KINDS and len(cells) > 1 and not op):
            continue
        cage = Cage(cells, total, op or "+")
        if not is_connected(cells, n):
            raise _Contradiction(f"the cage at {cell_name(cells[0], n)} is not connected", list(cells))
        try:
            (check_arithmetic_cage if draft.kind in ARITHMETIC_KINDS else check_killer_cage)(cage, n)
        except PuzzleStringError as error:
            raise _Contradiction(str(error), list(cells)) from None
        cages.append(cage)
    solvable = draft.regions is None or regions is not None
    return Puzzle(draft.kind, n, draft.givens, regions, tuple(cages)), solvable


def complete_puzzle(draft: Draft) -> Puzzle:
    """The finished puzzle, as its string holds it; PuzzleStringError when parts are missing."""
    left = unfinished(draft)
    if left:
        raise PuzzleStringError("not finished: " + "; ".join(left))
    try:
        puzzle, _ = drawn_puzzle(draft)
    except _Contradiction as problem:
        raise PuzzleStringError(problem.reason) from None
    return puzzle


# ---- the checks ------------------------------------------------------------------------------

def check(draft: Draft, max_nodes: int = CHECK_NODES) -> dict:
    """What the draft's solutions are so far:

    {"status": "none" (with "reason" and "cells": the first contradiction),
               "multiple" (with "solutions": two of them, "differ": the cells where they differ,
                           "suggestions": [{"kind": "given" or "split", "text", "cells", …}]),
               "unique" (with "solution"),
               "undecided" (the solver's node budget ran out first: "reason"),
               "open" (the regions are not all drawn: nothing to solve yet),
     "text": the status as the page says it,
     "left": what must still be drawn (unfinished), "complete": nothing is left}
    """
    left = unfinished(draft)
    base = {"left": left, "complete": not left}
    try:
        puzzle, solvable = drawn_puzzle(draft)
    except _Contradiction as problem:
        return {**base, **_no_solution(problem.reason, problem.cells)}
    if not solvable:
        return {**base, "status": "open", "text": "Draw every region to see the solutions."}
    clash = _first_clash(puzzle, draft)
    if clash:
        return {**base, **_no_solution(*clash)}
    if draft.kind in CAGED_KINDS and not left and draft.kind not in ARITHMETIC_KINDS:
        n = draft.size
        grand = sum(c.total for c in puzzle.cages)
        if grand != n * n * (n + 1) // 2:
            return {**base, **_no_solution(
                f"the cage totals add up to {grand}; a {n}×{n} killer's add up to {n * n * (n + 1) // 2}", [])}
    result = _solve(puzzle, max_nodes)
    if result.status == "none":
        return {**base, **_no_solution(result.reason or "no solution", _problem_cells(puzzle))}
    if result.status == "timeout":
        return {**base, "status": "undecided", "reason": result.reason,
                "text": f"Not settled yet: the solver stopped after {result.nodes} nodes."}
    if result.status == "unique":
        return {**base, "status": "unique", "solution": list(result.solution),
                "text": "Unique: exactly one solution." if not left
                        else "Unique already, but not finished: " + "; ".join(left) + "."}
    first, second = _two_solutions(puzzle, result)
    differ = [c for c in range(puzzle.cell_count) if first[c] != second[c]]
    return {**base, "status": "multiple", "solutions": [first, second], "differ": differ,
            "suggestions": suggestions(draft, puzzle, first, differ),
            "text": f"More than one solution: two of them differ in {len(differ)} cells."}


def _no_solution(reason: str, cells) -> dict:
    return {"status": "none", "reason": reason, "cells": list(cells),
            "text": f"No solution: {reason}."}


def _first_clash(puzzle: Puzzle, draft: Draft):
    """Two equal givens in a house, or givens a cage cannot hold: (reason, cells) or None."""
    from .play import clashes
    found = clashes(puzzle, list(draft.givens))
    return (found[0]["reason"], found[0]["cells"]) if found else None


def _solve(puzzle: Puzzle, max_nodes: int):
    from .solve import solve
    return solve(puzzle, max_nodes=max_nodes)


def _two_solutions(puzzle: Puzzle, result) -> tuple[list[int], list[int]]:
    """Two solutions: the compiled kernel reports only the first it met, the Python engine keeps
    both (one more bounded search); failing that, the second is found with the first ruled out
    at one cell after another."""
    from .solve.engine import Solver
    solver = Solver(puzzle)
    if solver.step(CHECK_NODES) is not None and len(solver.solutions) == 2:
        return [list(s) for s in solver.solutions]
    first = list(result.solution)
    for cell in range(puzzle.cell_count):
        if puzzle.givens[cell]:
            continue
        for digit in range(1, puzzle.size + 1):
            if digit == first[cell]:
                continue
            trial = _solve(_with_given(puzzle, cell, digit), SUGGEST_NODES)
            if trial.solution is not None:
                return first, list(trial.solution)
    return first, first   # (not met: the count said two)


def _with_given(puzzle: Puzzle, cell: int, digit: int) -> Puzzle:
    givens = list(puzzle.givens)
    givens[cell] = digit
    return Puzzle(puzzle.kind, puzzle.size, tuple(givens), puzzle.regions, puzzle.cages)


def _problem_cells(puzzle: Puzzle) -> list[int]:
    """The cells of the contradiction the solver's first propagation meets (none when only the
    search finds that every branch fails)."""
    from .solve.engine import CAGE, MISSING, Solver
    solver = Solver(puzzle)
    solver.step(1)
    if solver.net.error:   # a cage no digits can make, found as the solver was built
        named = [c for c in puzzle.cages
                 if f"cage at {cell_name(c.cells[0], puzzle.size)} " in solver.net.error + " "]
        return sorted(named[0].cells) if named else []
    problem = solver.root_problem
    if not problem:
        return []
    code, where = problem[0], problem[1]
    if code == CAGE:
        return sorted(solver.net.constraints[where][1])
    if code == MISSING:
        return sorted(solver.net.units[where])
    return [where]


# ---- removing an ambiguity -----------------------------------------------------------------------

def suggestions(draft: Draft, puzzle: Puzzle, solution: list[int], differ: list[int]) -> list[dict]:
    """At most one given and one cage split, each taken from `solution`, that leave it the only
    solution (tried in a bounded number of solves); failing that, the given that keeps fewest
    cells open to doubt is not searched for: the first differing cell is offered as a start."""
    found = []
    trials = 0
    for cell in _central_first(differ, puzzle.size):
        if trials >= SUGGEST_TRIALS // 2:
            break
        trials += 1
        if _solve(_with_given(puzzle, cell, solution[cell]), SUGGEST_NODES).status == "unique":
            found.append({"kind": "given", "cells": [cell], "digit": solution[cell],
                          "text": f"Give {digit_name(solution[cell])} at {cell_name(cell, puzzle.size)}: "
                                  "then the solution is unique."})
            break
    if puzzle.cages:
        split = _split_that_settles(draft, puzzle, solution, set(differ))
        if split:
            found.append(split)
    if not found and differ:
        cell = _central_first(differ, puzzle.size)[0]
        found.append({"kind": "given", "cells": [cell], "digit": solution[cell], "settles": False,
                      "text": f"Give {digit_name(solution[cell])} at {cell_name(cell, puzzle.size)} "
                              "to narrow it down (more will be needed)."})
    return found


def _central_first(cells, n: int) -> list[int]:
    """Cells nearest the centre first: a given there usually settles most."""
    middle = (n - 1) / 2
    return sorted(cells, key=lambda c: (abs(c // n - middle) + abs(c % n - middle), c))


def _split_that_settles(draft: Draft, puzzle: Puzzle, solution: list[int], differ: set[int]):
    """A cage holding differing cells cut in two connected parts, each with its total (and, in
    KenKen, an operator) from `solution`, such that the solution is unique: a suggestion, or None."""
    trials = 0
    for index, cage in enumerate(puzzle.cages):
        if len(cage.cells) < 2 or not differ & set(cage.cells):
            continue
        for part in _cuts(cage.cells, puzzle.size, differ):
            if trials >= SUGGEST_TRIALS:
                return None
            trials += 1
            rest = tuple(c for c in cage.cells if c not in part)
            new = [_cage_for(part, solution, draft.kind), _cage_for(rest, solution, draft.kind)]
            cages = tuple(sorted(puzzle.cages[:index] + tuple(new) + puzzle.cages[index + 1:],
                                 key=lambda c: c.cells))
            trial = Puzzle(puzzle.kind, puzzle.size, puzzle.givens, puzzle.regions, cages)
            if _solve(trial, SUGGEST_NODES).status == "unique":
                n, kind = puzzle.size, draft.kind
                return {"kind": "split", "cells": list(cage.cells),
                        "cages": [{"cells": list(c.cells), "total": c.total, "op": c.op} for c in new],
                        "text": f"Split {_cage_words(cage, kind, n)} into {_cage_words(new[0], kind, n)} "
                                f"and {_cage_words(new[1], kind, n)}: then the solution is unique."}
    return None


def _cage_words(cage: Cage, kind: str, n: int) -> str:
    return f"the {clue(cage, kind)} cage at {cell_name(cage.cells[0], n)}"


def _cuts(cells: tuple[int, ...], n: int, differ: set[int]):
    """Connected parts of a cage whose rest is connected too: single differing cells first, then
    a differing cell with one neighbour."""
    members = set(cells)
    seen = set()
    for cell in sorted(cells, key=lambda c: c not in differ):
        options = [(cell,)] + [tuple(sorted((cell, o))) for o in neighbours(cell, n) if o in members]
        for part in options:
            rest = tuple(c for c in cells if c not in part)
            if part in seen or not rest or not is_connected(rest, n):
                continue
            seen.add(part)
            yield part


def _cage_for(cells: tuple[int, ...], solution: list[int], kind: str) -> Cage:
    """A cage over `cells` whose clue `solution` makes: a sum in a killer; in KenKen, ÷ or −
    for two cells where it divides (a clue with fewer ways to make it), else ×, else +."""
    digits = [solution[c] for c in cells]
    if kind not in ARITHMETIC_KINDS or len(cells) == 1:
        return Cage(cells, sum(digits), "+")
    if len(cells) == 2:
        big, small = max(digits), min(digits)
        if big % small == 0 and big != small:
            return Cage(cells, big // small, "/")
        return Cage(cells, big - small, "-") if big != small else Cage(cells, big + small, "+")
    product = 1
    for d in digits:
        product *= d
    return Cage(cells, product, "x")


# ---- the grade, for a unique draft ---------------------------------------------------------------

def grade(draft: Draft, solution, time_limit: float = GRADE_SECONDS) -> dict:
    """Explain's grade of a finished, unique draft: {"level", "hardest", "name", "score",
    "step": the hardest step's text, "logic": "solved" or "stuck" (the strategies this page knows
    cannot finish it: it needs trial and error), "text"}."""
    from .explain import BY_SLUG, explain
    puzzle = complete_puzzle(draft)
    report = explain(puzzle, Position.empty(puzzle.cell_count), solution=list(solution),
                     time_limit=time_limit)
    graded = report["grade"]
    name = BY_SLUG[graded["hardest"]].name if graded["hardest"] else None
    step = next((s["text"] for s in report["steps"] if s["strategy"] == graded["hardest"]), None)
    logic = "solved" if report["status"] == "solved" else "stuck"
    if logic == "solved":
        text = f"Grade: {graded['level']}; hardest step: {name}." if name else "Grade: no steps needed."
    elif report["status"] == "timeout":
        text = "The logic took too long to grade it here" + (f" (hardest so far: {name})." if name else ".")
    else:
        text = ("Beyond the logic this page knows: it needs trial and error"
                + (f" (hardest step before that: {name})." if name else "."))
    return {"level": graded["level"] if logic == "solved" else None, "hardest": graded["hardest"],
            "name": name, "score": graded["score"], "step": step, "logic": logic, "text": text}


def finished_query(draft: Draft) -> str:
    """The finished puzzle as the page's own query: bd= its version B/C string."""
    from .codec.source import quote
    puzzle = complete_puzzle(draft)
    return "bd=" + quote(encode(puzzle, Position.empty(puzzle.cell_count), "versioned"))


__all__ = ["Draft", "SIZES", "as_data", "check", "draft_of", "draft_of_query", "draft_query",
           "empty_draft", "finished_query", "grade", "unfinished"]
