"""Pattern overlay (SudokuWiki's pattern overlay method): a digit's places in a solution are one
cell in every house, a template. Listing every template the digit's candidates (and its placed
copies) allow, a candidate that no template uses goes, and a cell that every template uses holds
the digit. One digit at a time; it sees whatever single-digit logic (fish, chains on one digit)
can, so it comes after those, as SudokuWiki orders it.
"""
from __future__ import annotations

from functools import lru_cache

from ..model import digit_name
from .board import Board, Step, leaves_text

# Templates listed per digit, at most; a digit with more (an open board) is passed over.
MOST_TEMPLATES = 1000
# Partial templates (a row reached, the houses filled) worked out per digit, at most: past it the
# digit is passed over too. A 9×9 killer's stuck digit takes a few hundred; an open 25×25 grid's
# would take longer than anyone waits (the listing this replaced stopped at MOST_TEMPLATES).
MOST_STATES = 50_000


class TooMany(Exception):
    """More partial templates than MOST_STATES."""


def templates(board: Board, digit: int) -> tuple[int, int, int] | None:
    """What every template of `digit` (a cell mask) says: (how many, the cells some template
    uses, the cells every one uses), or None past MOST_TEMPLATES. Built row by row, top to bottom,
    each cell taking every house it lies in (a template fills each house once). Counted, not
    listed: the partial templates that have filled the same houses go on alike, so each (row,
    houses filled) is worked out once; a stuck killer's digits have thousands of partial
    templates and a few hundred such states. Rows top to bottom, not fewest places first: once a
    band's boxes are all filled, partial templates differ only in their columns (half the
    states on TAREK_MORE 6)."""
    g = board.geometry
    bit = 1 << (digit - 1)
    house_bits = _house_bits(g)
    every_house = (1 << len(g.houses)) - 1
    options = []
    for row in g.rows:
        placed = [c for c in row.cells if board.values[c] == digit]
        options.append(placed or [c for c in row.cells if board.candidates[c] & bit])
    key = (id(g), tuple(map(tuple, options)))
    kept = _listed.get(key)
    if kept is not None and kept[0] is g:
        return kept[1]
    last = len(options)
    # reach[k]: the houses rows k onwards could still fill; a house neither filled nor in reach
    # ends the partial template there
    reach = [0] * (last + 1)
    for k in range(last - 1, -1, -1):
        reach[k] = reach[k + 1]
        for c in options[k]:
            reach[k] |= house_bits[c]
    done: dict[tuple[int, int], tuple[int, int, int]] = {}

    def rest(k: int, used: int) -> tuple[int, int, int]:
        """(count, anywhere, everywhere) of the ways to finish from row k with `used` filled."""
        if every_house & ~used & ~reach[k]:
            return (0, 0, ~0)
        if k == last:
            return (1, 0, 0)
        state = (k, used)
        found = done.get(state)
        if found is None:
            if len(done) >= MOST_STATES:
                raise TooMany
            count, anywhere, everywhere = 0, 0, ~0
            for c in options[k]:
                if house_bits[c] & used:
                    continue
                more, some, every = rest(k + 1, used | house_bits[c])
                if more:
                    count += more
                    anywhere |= some | 1 << c
                    everywhere &= every | 1 << c
            found = done[state] = (count, anywhere, everywhere)
        return found

    try:
        summary = rest(0, 0)
    except TooMany:
        summary = (MOST_TEMPLATES + 1, 0, 0)
    if len(_listed) > 4096:
        _listed.clear()
    result = _listed[key] = (g, summary if summary[0] <= MOST_TEMPLATES else None)
    return result[1]


@lru_cache(maxsize=16)
def _house_bits(g) -> tuple[int, ...]:
    """Each cell's houses as a mask of house indices (one geometry's, worked out once)."""
    return tuple(sum(1 << h for h in g.houses_of[c]) for c in range(g.cell_count))


# What the templates say, by the digit's places (its candidates and placed copies, row by row): a
# step changes few digits' places, and pattern overlay asks every digit on every board it is
# asked about. Keyed by the geometry's id, and the geometry kept beside them to check it is the
# same one.
_listed: dict = {}


def pattern_overlay(board: Board) -> Step | None:
    g = board.geometry
    for digit in range(1, board.size + 1):
        bit = 1 << (digit - 1)
        places = [c for c in board.open_cells() if board.candidates[c] & bit]
        if not places:
            continue
        found = templates(board, digit)
        if not found or not found[0]:
            continue   # too many to list (or none: a broken board, not this step's to say)
        count, anywhere, everywhere = found
        gone = tuple((c, digit) for c in places if not anywhere >> c & 1)
        placed = tuple((c, digit) for c in places if everywhere >> c & 1)
        if not gone and not placed:
            continue
        name = digit_name(digit)
        ways = f"the {count} ways" if count > 1 else "the one way"
        said = []
        if placed:
            said.append(f"{'every one' if count > 1 else 'it'} puts it in {g.names(c for c, _ in placed)}, so "
                        f"{g.names(c for c, _ in placed)} {'is' if len(placed) == 1 else 'are'} "
                        f"{name}")
        if gone:
            said.append(f"none uses {g.names(c for c, _ in gone)}, so "
                        f"{leaves_text(g, gone)}")
        return Step("pattern-overlay",
                    f"Pattern overlay on {name}: of {ways} to place every {name} (one in each "
                    f"house) that the candidates allow, {'; '.join(said)}",
                    placements=placed, eliminations=gone,
                    cells=tuple(c for c in places if anywhere >> c & 1),
                    pattern=tuple((c, digit, 1 if everywhere >> c & 1 else 0) for c in places
                                  if anywhere >> c & 1))
    return None


STRATEGIES = {"pattern-overlay": pattern_overlay}
