"""Playing on: what the page marks while a person fills in the grid.

- `clashes`: digits that break a rule as they are placed (two of a digit in a row, column, box,
  region, diagonal or window; a cage whose digits cannot make its clue any more).
- `auto_candidates`: the digits each open cell can still take, from the placed digits alone
  (its houses, and its cage's arithmetic with the cage's other open cells).
- `place`: a digit placed, and removed from the pencil marks of every cell that sees it.
- `filled_marks` and `narrowed_marks`: Fill candidates and Auto, which never bring back a
  candidate that a hint or the reader eliminated.
- `cage_combinations`: the digits that can still fill a cage, as the page lists them for the
  selected cell's cage (the killer player's table of combinations, narrowed by what is placed;
  KenKen's multisets, where a digit may repeat).

Windoku's hidden windows (pycore.model.hidden_windows) count as windows here, as they do in the
hints: the candidates a person fills in are then the ones a hint reasons from, and two of a digit
in a hidden window, which no solution allows, are marked as they are placed.

`values` is one digit per cell (givens and placed digits, 0 for an open cell). No search over the
whole grid here: only each unit and each cage on its own, so every call is a few milliseconds.
"""
from __future__ import annotations

from .model import (ARITHMETIC_KINDS, Cage, Position, Puzzle, cage_name, clue, digit_name,
                    digits_of, fits, full_mask, houses)
from .solve.combos import LISTED_MAX_SIZE

# A cage whose completion takes more steps than this to explore is not judged (never for 9×9).
CAGE_BUDGET = 200_000
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def values_of(puzzle: Puzzle, position: Position) -> list[int]:
    return [g or s for g, s in zip(puzzle.givens, position.solved)]


def remaining(puzzle: Puzzle, values: list[int]) -> list[int]:
    """How many of each digit (1…size, in order) are still to be placed: size less the copies on
    the board, never below 0 (a digit placed too often is a clash, reported as such)."""
    placed = [0] * (puzzle.size + 1)
    for value in values:
        placed[value] += 1
    return [max(0, puzzle.size - count) for count in placed[1:]]


def distinct_pairs(puzzle: Puzzle, cage: Cage) -> set[tuple[int, int]]:
    """Positions (i, j), i > j, of cage cells that must differ: every pair in a killer cage, the
    pairs sharing a row, column or (KenDoku) box in KenKen (where a cage may repeat a digit
    otherwise)."""
    n, cells = puzzle.size, cage.cells
    killer = puzzle.kind not in ARITHMETIC_KINDS
    box = puzzle.region_of
    return {(i, j) for i in range(len(cells)) for j in range(i)
            if killer or cells[i] // n == cells[j] // n or cells[i] % n == cells[j] % n
            or (box is not None and box[cells[i]] == box[cells[j]])}


def cage_support(puzzle: Puzzle, cage: Cage, allowed: list[int]) -> list[int] | None:
    """For each cell of `cage`, the digits (a mask) it holds in at least one way to fill the whole
    cage from `allowed` (a mask per cage cell) that makes the clue; all zero when there is none.
    None when the cage is too big to judge within CAGE_BUDGET."""
    k, op, total = len(cage.cells), cage.op, cage.total
    if k == 1:
        return [allowed[0] & (1 << (total - 1))] if 1 <= total <= puzzle.size else [0]
    pairs = distinct_pairs(puzzle, cage)
    earlier = [[j for (i, j) in pairs if i == pos] for pos in range(k)]
    # Only earlier digits that a later cell must differ from shape what can follow.
    remembered = [j for j in range(k) if any((i, j) in pairs for i in range(j + 1, k))]
    if op not in "+x":
        remembered = list(range(k))  # judged on the full cage: every digit counts
    all_differ = len(pairs) == k * (k - 1) // 2 and op in "+x"
    options = [digits_of(mask) for mask in allowed]
    support = [0] * k
    known: dict = {}
    steps = 0

    def completes(pos: int, chosen: tuple[int, ...], acc) -> bool:
        nonlocal steps
        if pos == k:
            return fits(op, total, chosen)
        # All different (a killer cage): only the set of digits used so far matters, not the order.
        used = sum(1 << (d - 1) for d in chosen) if all_differ else tuple(chosen[j] for j in remembered if j < pos)
        key = (pos, used, acc)
        if key in known:
            return known[key]
        steps += 1
        if steps > CAGE_BUDGET:
            raise OverflowError
        left = k - pos - 1
        found = False
        for d in options[pos]:
            if any(chosen[j] == d for j in earlier[pos]):
                continue
            if op == "+":
                s = acc + d
                if s + left > total or s + left * puzzle.size < total:
                    continue
                nxt = s
            elif op == "x":
                if total % (acc * d):
                    continue
                nxt = acc * d
            else:
                nxt = acc  # subtraction and division are judged when the cage is full
            if completes(pos + 1, chosen + (d,), nxt):
                support[pos] |= 1 << (d - 1)
                found = True
        known[key] = found
        return found

    start = 1 if op == "x" else 0
    try:
        completes(0, (), start)
    except OverflowError:
        return None
    return support


def clashes(puzzle: Puzzle, values: list[int]) -> list[dict]:
    """Every broken rule among the placed digits: {"cells": [...], "reason": "two 7s in row 3"}.

    A unit holding a digit twice names the cells holding it; a cage whose placed digits can no
    longer make its clue (full and wrong, a repeat in a killer cage, or no digits left for its
    open cells that would make it) names its placed cells."""
    found = []
    for _, unit, name in houses(puzzle):
        holders: dict[int, list[int]] = {}
        for cell in unit:
            if values[cell]:
                holders.setdefault(values[cell], []).append(cell)
        for digit, cells in holders.items():
            if len(cells) > 1:
                count = COUNT_WORDS.get(len(cells), str(len(cells)))
                found.append({"cells": cells, "reason": f"{count} {digit_name(digit)}s in {name}"})
    every = full_mask(puzzle.size)
    for cage in puzzle.cages:
        placed = [cell for cell in cage.cells if values[cell]]
        if not placed:
            continue
        allowed = [1 << (values[cell] - 1) if values[cell] else every for cell in cage.cells]
        support = cage_support(puzzle, cage, allowed)
        if support is None or all(support):
            continue
        name, label = cage_name(cage, puzzle.kind, puzzle.size), clue(cage, puzzle.kind)
        full = len(placed) == len(cage.cells)
        reason = f"{name} does not make {label}" if full else f"{name} can no longer make {label}"
        found.append({"cells": placed, "reason": reason})
    return found


def finished(puzzle: Puzzle, values: list[int], conflicts: set[int]) -> list[list[int]]:
    """The drawn houses and the cages that are full and break no rule, each as its cells: what the
    page marks as done when a digit completes one (as puzzle apps do). Hidden windows are not
    drawn, so they are left out."""
    groups = list(puzzle.units) + [cage.cells for cage in puzzle.cages if len(cage.cells) > 1]
    return [list(group) for group in groups
            if all(values[cell] for cell in group) and not conflicts.intersection(group)]


def auto_candidates(puzzle: Puzzle, values: list[int]) -> list[int]:
    """A mask per cell (0 for a filled cell): the digits no placed digit in the cell's houses
    rules out, narrowed by its cage, where the cage can still be completed."""
    key = (puzzle, tuple(values))
    if _last_auto[0] != key:
        _last_auto[:] = [key, _auto_candidates(puzzle, values)]
    return list(_last_auto[1])


# The page asks for the same position's candidates twice in a row (play_view, then cage_view for
# the selected cell): a cage of many cells takes a second or more to judge.
_last_auto: list = [None, None]


def _auto_candidates(puzzle: Puzzle, values: list[int]) -> list[int]:
    every = full_mask(puzzle.size)
    masks = [0 if v else every for v in values]
    for _, unit, _ in houses(puzzle):
        seen = 0
        for cell in unit:
            if values[cell]:
                seen |= 1 << (values[cell] - 1)
        for cell in unit:
            masks[cell] &= ~seen
    for cage in puzzle.cages:
        open_cells = [cell for cell in cage.cells if not values[cell]]
        if not open_cells:
            continue
        allowed = [1 << (values[cell] - 1) if values[cell] else masks[cell] for cell in cage.cells]
        support = cage_support(puzzle, cage, allowed)
        if support is None or not any(support):
            continue  # too big to judge, or already broken (marked as a clash): units only
        for cell, mask in zip(cage.cells, support):
            if not values[cell]:
                masks[cell] = mask
    return masks


# The page lists a KenKen cage's fillings up to this many digits tried or fillings found (the
# hints stop sooner: a whole 4×4 as one cage takes about 50,000).
LIST_LIMIT = 100_000


def cage_combinations(puzzle: Puzzle, values: list[int], cage: Cage) -> list[tuple[int, ...]] | None:
    """The digits that can still fill a cage, each way as an ascending tuple, in order: the
    digits placed in it, the others spread over its open cells so that each takes a digit the
    placed digits leave it (its Auto candidates). A killer cage's are sets of different digits
    adding up to its total; a KenKen cage's make its clue, a digit repeating only in cells that
    do not see each other. The hints' own listings do the work (killer_sums.fitting_combinations,
    kenken_fillings.enumerate_fillings); None when there are too many ways to list."""
    from .explain.board import geometry_of
    from .explain.kenken_fillings import enumerate_fillings
    from .explain.killer_sums import fitting_combinations
    arithmetic = puzzle.kind in ARITHMETIC_KINDS
    if not arithmetic and puzzle.size > LISTED_MAX_SIZE:
        return None
    allowed = auto_candidates(puzzle, values)
    masks = tuple(1 << (values[c] - 1) if values[c] else allowed[c] for c in cage.cells)
    if not arithmetic:
        return sorted(tuple(digits_of(combo))
                      for combo, _ in fitting_combinations(puzzle.size, cage.total, masks))
    sees = geometry_of(puzzle).sees
    found = enumerate_fillings(cage.op, cage.total, masks,
                               lambda a, b: sees(cage.cells[a], cage.cells[b]),
                               node_limit=LIST_LIMIT, filling_limit=LIST_LIMIT)
    return None if found is None else sorted({tuple(sorted(filling)) for filling in found})


def peers_of(puzzle: Puzzle, cell: int) -> set[int]:
    """Cells that may not hold the same digit as `cell`: its houses, and its killer cage."""
    peers = {other for _, unit, _ in houses(puzzle) if cell in unit for other in unit}
    if puzzle.kind not in ARITHMETIC_KINDS:
        peers.update(other for cage in puzzle.cages if cell in cage.cells for other in cage.cells)
    peers.discard(cell)
    return peers


def place(puzzle: Puzzle, position: Position, cell: int, digit: int) -> Position:
    """`digit` placed in `cell` (not a given), its pencil marks gone, and `digit` removed from
    the pencil marks of every peer."""
    solved, candidates = list(position.solved), list(position.candidates)
    solved[cell], candidates[cell] = digit, 0
    bit = 1 << (digit - 1)
    for peer in peers_of(puzzle, cell):
        candidates[peer] &= ~bit
    return Position(tuple(solved), tuple(candidates))


def filled_marks(puzzle: Puzzle, position: Position) -> Position:
    """Fill candidates: every open cell without pencil marks gets its auto candidates; a cell
    with marks keeps them, so no elimination a hint or the reader made comes back."""
    values = values_of(puzzle, position)
    auto = auto_candidates(puzzle, values)
    return Position(position.solved, tuple(0 if value else marks or rules for value, marks, rules
                                           in zip(values, position.candidates, auto)))


def narrowed_marks(puzzle: Puzzle, position: Position) -> Position:
    """Auto: every open cell pencil-marked with the digits the rules allow (its auto candidates)
    less every digit already eliminated from its marks. A skyscraper took A1's 2: A1 stays 378
    where the rules alone would say 2378."""
    values = values_of(puzzle, position)
    auto = auto_candidates(puzzle, values)
    return Position(position.solved, tuple(0 if value else rules & (marks or rules) for value, marks, rules
                                           in zip(values, position.candidates, auto)))


def without_full_marks(puzzle: Puzzle, position: Position) -> Position:
    """Pencil-mark sets holding every digit read as "no marks": SudokuWiki writes every digit for
    a cell nobody has narrowed yet, and a wall of them hides what the givens already rule out."""
    every = full_mask(puzzle.size)
    return Position(position.solved, tuple(0 if m == every else m for m in position.candidates))
