"""Jigsaw's law of leftovers (SudokuWiki's "Law of Leftovers").

k consecutive rows hold each digit k times, and so do any k regions. Take the k regions lying
most inside the rows: the rows' cells outside those regions and the regions' cells outside the
rows then hold the same digits, counted with repeats (the same for columns). So a cell on one
side can only hold a digit the other side has a place for, and a digit already placed on one
side as often as the other side has places for it fills those places (and, as often as the
other side can still hold it, leaves its other places). The two sides come from
`pycore.model.leftovers`, which the solver uses too; sides of up to four cells, as SudokuWiki
finds larger ones rarely pay.
"""
from __future__ import annotations

from functools import lru_cache

from ..model import Puzzle, digit_name, digits_of, leftovers
from .board import Board, Step, digits_text, houses_text, leaves_text

MOST_CELLS = 4
COUNTS = {1: "once", 2: "twice"}


@lru_cache(maxsize=16)
def _leftovers(puzzle: Puzzle):
    return leftovers(puzzle, MOST_CELLS)


def law_of_leftovers(board: Board) -> Step | None:
    """The first pair of leftover sides (rows before columns, narrow spans first) that removes
    a candidate or places a digit."""
    g = board.geometry
    values, cand = board.values, board.candidates
    for found in _leftovers(board.puzzle):
        sides = ((found.inside, found.outside), (found.outside, found.inside))
        said, placements, eliminations = [], {}, set()
        for side, other in sides:
            # A cell keeps only the digits the other side can hold.
            can_hold = 0
            for cell in other:
                can_hold |= cand[cell] | _bit(values[cell])
            missing = 0
            for cell in side:
                for digit in digits_of(cand[cell] & ~can_hold):
                    eliminations.add((cell, digit))
                    missing |= _bit(digit)
            if missing:
                said.append(f"{g.names(other)} cannot hold {digits_text(missing)}")
        for side, other in sides:
            # A digit placed in `side` as often as `other` can hold it at most: every place
            # left for it in `other` is it, and it has no more places in `side`.
            for digit in range(1, g.size + 1):
                bit = _bit(digit)
                holders = [c for c in side if values[c] == digit]
                room = [c for c in other if cand[c] & bit]
                more = [c for c in side if cand[c] & bit]
                if (not holders or len(holders) != len(room) + sum(values[c] == digit for c in other)
                        or not (room or more) or _any_see(g, room)):
                    continue
                for cell in room:
                    placements[cell] = digit
                eliminations.update((cell, digit) for cell in more)
                said.append(f"{g.names(holders)} already hold{'s' if len(holders) == 1 else ''} "
                            f"{digit_name(digit)}, and {g.names(other)} can hold it no more often"
                            + (f", so {digit_name(digit)} goes in {g.names(room)}" if room else ""))
        eliminations = {(c, d) for c, d in eliminations if c not in placements}
        if not placements and not eliminations:
            continue
        k = len(found.lines)
        text = (f"Law of leftovers: {houses_text(g, found.lines + found.regions)} "
                f"each hold every digit {COUNTS.get(k, f'{k} times')}, so {g.names(found.inside)} "
                f"(in {'them' if k > 1 else 'it'}, outside the region{'s' if k > 1 else ''}) hold "
                f"the same digits as {g.names(found.outside)}; " + "; ".join(said))
        if eliminations:
            text += f" ({leaves_text(g, sorted(eliminations))})"
        return Step("law-of-leftovers", text, placements=tuple(sorted(placements.items())),
                    eliminations=tuple(sorted(eliminations)), cells=found.inside + found.outside,
                    units=found.lines + found.regions,
                    pattern=board.pattern_of(-1, found.inside) + board.pattern_of(-1, found.outside, 1))
    return None


def _bit(digit: int) -> int:
    return 1 << (digit - 1) if digit else 0


def _any_see(g, cells) -> bool:
    return any(g.sees(a, b) for i, a in enumerate(cells) for b in cells[i + 1:])


STRATEGIES = {"law-of-leftovers": law_of_leftovers}
