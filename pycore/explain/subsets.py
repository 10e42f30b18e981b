"""Naked and hidden subsets (pairs, triples, quads) in any house.

A naked subset: k cells of a house whose candidates together are k digits. Those digits fill
those cells, so they leave every other cell of any house holding all k cells.
A hidden subset: k digits whose places in a house are k cells. Those cells hold those digits, so
every other candidate leaves them.
Searches grow a combination one cell (or digit) at a time and stop as soon as the union is wider
than k, which keeps 16×16 and 25×25 houses cheap.
"""
from __future__ import annotations

from .board import Board, Step, digits_text, leaves_text

WORDS = {2: "pair", 3: "triple", 4: "quad"}


def loses_text(geometry, eliminations) -> str:
    """"B3 loses 2/5; B7 loses 9": eliminations grouped by cell."""
    by_cell: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_cell.setdefault(cell, []).append(digit)
    return "; ".join(f"{geometry.name(cell)} loses {digits_text(digits)}"
                     for cell, digits in sorted(by_cell.items()))


def subsets(items, masks, k: int):
    """The k-long combinations of `items` (in order) whose masks together cover exactly k bits,
    each with that union. A branch is cut as soon as its union is wider than k."""
    def grow(start: int, chosen: tuple, union: int):
        if len(chosen) == k:
            if union.bit_count() == k:
                yield chosen, union
            return
        for i in range(start, len(items) - (k - len(chosen)) + 1):
            wider = union | masks[i]
            if wider.bit_count() <= k:
                yield from grow(i + 1, chosen + (items[i],), wider)
    return grow(0, (), 0)


def naked_subset(board: Board, k: int) -> Step | None:
    g = board.geometry
    cand = board.candidates
    for house in g.houses:
        # A cell with more than k candidates cannot be in a naked k-subset.
        cells = [c for c in house.cells if cand[c] and cand[c].bit_count() <= k]
        if len(cells) < k:
            continue
        masks = [cand[c] for c in cells]
        for combo, digits in subsets(cells, masks, k):
            inside = set(combo)
            shared = [i for i, h in enumerate(g.houses) if inside.issubset(h.cells)]
            targets = {c for i in shared for c in g.houses[i].cells} - inside
            eliminations = tuple((c, d) for c in sorted(targets) for d in range(1, g.size + 1)
                                 if cand[c] & digits & (1 << (d - 1)))
            if not eliminations:
                continue
            where = " and ".join(g.houses[i].name for i in shared)
            return Step(f"naked-{WORDS[k]}",
                        f"Naked {WORDS[k]} {digits_text(digits)} in {g.names(combo)} ({where}): "
                        f"{leaves_text(g, eliminations)}",
                        eliminations=eliminations, cells=tuple(sorted(combo)),
                        units=tuple(shared), pattern=board.pattern_of(digits, combo))
    return None


def hidden_subset(board: Board, k: int) -> Step | None:
    g = board.geometry
    cand = board.candidates
    for index, house in enumerate(g.houses):
        positions = {c: p for p, c in enumerate(house.cells)}
        places = {}
        for d in range(1, g.size + 1):
            bit = 1 << (d - 1)
            where = 0
            for c in house.cells:
                if cand[c] & bit:
                    where |= 1 << positions[c]
            # A digit with more than k places cannot be in a hidden k-subset; one with none is
            # placed already (or the house is broken, which the contradiction check reports).
            if where and where.bit_count() <= k:
                places[d] = where
        if len(places) < k:
            continue
        digits = list(places)
        for combo, where in subsets(digits, [places[d] for d in digits], k):
            kept = sum(1 << (d - 1) for d in combo)
            cells = tuple(c for c in house.cells if where >> positions[c] & 1)
            eliminations = tuple((c, d) for c in cells for d in range(1, g.size + 1)
                                 if cand[c] & ~kept & (1 << (d - 1)))
            if not eliminations:
                continue
            return Step(f"hidden-{WORDS[k]}",
                        f"Hidden {WORDS[k]} {digits_text(kept)} in {house.name}: only "
                        f"{g.names(cells)} can hold them, so {loses_text(g, eliminations)}",
                        eliminations=eliminations, cells=tuple(sorted(cells)), units=(index,),
                        pattern=board.pattern_of(kept, cells))
    return None


def naked_pair(board: Board) -> Step | None:
    return naked_subset(board, 2)


def naked_triple(board: Board) -> Step | None:
    return naked_subset(board, 3)


def naked_quad(board: Board) -> Step | None:
    return naked_subset(board, 4)


def hidden_pair(board: Board) -> Step | None:
    return hidden_subset(board, 2)


def hidden_triple(board: Board) -> Step | None:
    return hidden_subset(board, 3)


def hidden_quad(board: Board) -> Step | None:
    return hidden_subset(board, 4)


STRATEGIES = {
    "naked-pair": naked_pair,
    "naked-triple": naked_triple,
    "naked-quad": naked_quad,
    "hidden-pair": hidden_pair,
    "hidden-triple": hidden_triple,
    "hidden-quad": hidden_quad,
}
