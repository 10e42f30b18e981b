"""KenKen and KenDoku: what the cages' arithmetic says, cage by cage and cage against house.

Every strategy here reads a cage's fillings (kenken_fillings.py): the digit tuples that meet the
cage's arithmetic with the live candidates, copies of a digit only in cells that do not see each
other. The line rules (line sum, line product, parity) live in kenken_lines.py.
"""
from __future__ import annotations

from itertools import combinations

from .board import Board, Step, digits_text
from .kenken_fillings import (applies, cage_name, describe, eliminations_text, fillings, layout,
                              possible, required)
from .kenken_lines import line_product, line_sum, parity

# Two cages are compared filling against filling only up to this many pairs.
PAIR_LIMIT = 6_000


def single_cell_cage(board: Board) -> Step | None:
    """A one-cell cage's clue is its digit."""
    if not applies(board):
        return None
    g = board.geometry
    for index, cage in enumerate(board.puzzle.cages):
        if len(cage.cells) != 1:
            continue
        cell = cage.cells[0]
        if board.values[cell] or not 1 <= cage.total <= board.size or not board.has(cell, cage.total):
            continue
        return Step("single-cell-cage", f"Single-cell cage: the cage at {g.name(cell)} holds "
                    f"just its clue, so {g.name(cell)} is {cage.total}",
                    placements=((cell, cage.total),), cells=(cell,), cages=(index,))
    return None


def cage_arithmetic(board: Board) -> Step | None:
    """A candidate that no filling of its cage uses leaves the cell."""
    if not applies(board):
        return None
    for index, cage in enumerate(layout(board.puzzle)):
        if all(board.values[c] for c in cage.cells):
            continue
        fills = fillings(board, index)
        if not fills:
            continue
        masks = possible(fills, len(cage.cells))
        eliminations = tuple((cell, d) for cell, mask in zip(cage.cells, masks)
                             for d in _digits(board.candidates[cell] & ~mask))
        if eliminations:
            return Step("cage-arithmetic",
                        f"Cage arithmetic: with the candidates left, {cage_name(board, index)} "
                        f"can only be {describe(fills, cage.op)}, so "
                        f"{eliminations_text(board, eliminations)}",
                        eliminations=eliminations, cells=cage.cells, cages=(index,))
    return None


def cage_line_overlap(board: Board) -> Step | None:
    """A digit every filling of a cage puts in a house leaves the rest of that house; and a
    house's digit that only this cage can hold there forces the cage's fillings to hold it."""
    if not applies(board):
        return None
    g = board.geometry
    for index, cage in enumerate(layout(board.puzzle)):
        if all(board.values[c] for c in cage.cells):
            continue
        fills = fillings(board, index)
        if not fills:
            continue
        for unit, positions, outside in cage.houses:
            need = required(fills, positions)
            eliminations = tuple((c, d) for d in _digits(need) for c in outside if board.has(c, d))
            if eliminations:
                inside = [cage.cells[i] for i in positions]
                return Step("cage-line-overlap",
                            f"Cage/line overlap: every filling of {cage_name(board, index)} puts "
                            f"{digits_text(need)} in {g.houses[unit].name} ({g.names(inside)}), "
                            f"so {eliminations_text(board, eliminations)}",
                            eliminations=eliminations, cells=tuple(inside), units=(unit,),
                            cages=(index,))
    cage_of = g.cage_of
    for unit, house in enumerate(g.houses):
        for d in range(1, board.size + 1):
            places = board.places(d, house.cells)
            if not places or any(cage_of[c] != cage_of[places[0]] for c in places):
                continue
            index = cage_of[places[0]]
            if index < 0:
                continue
            step = _confined(board, index, unit, d, places)
            if step:
                return step
    return None


def _confined(board: Board, index: int, unit: int, d: int, places) -> Step | None:
    """House `unit`'s digit d can only go in cage `index`: keep the fillings that put it there."""
    cage = layout(board.puzzle)[index]
    fills = fillings(board, index)
    if not fills:
        return None
    there = [i for i, c in enumerate(cage.cells) if c in places]
    kept = [f for f in fills if any(f[i] == d for i in there)]
    masks = possible(kept, len(cage.cells))
    eliminations = tuple((cell, e) for cell, mask in zip(cage.cells, masks)
                         for e in _digits(board.candidates[cell] & ~mask))
    if not eliminations or not kept:
        return None
    g = board.geometry
    return Step("cage-line-overlap",
                f"Cage/line overlap: {d} can only go in {g.houses[unit].name} at "
                f"{g.names(places)}, inside {cage_name(board, index)}, so the cage holds {d} there "
                f"and is {describe(kept, cage.op)}: {eliminations_text(board, eliminations)}",
                eliminations=eliminations, cells=tuple(places), units=(unit,), cages=(index,))


def cage_subsets(board: Board) -> Step | None:
    """Two cages that meet a house hold different digits there (and wherever else their cells
    see each other), so only pairs of fillings that never clash can stand. The rule: a digit
    that every such pair puts inside the house is locked into the two cages' cells there (as a
    naked subset is), and leaves the rest of the house. Two 2-cell cages of a row that between
    them must hold 1/2/3/4 take those four digits from every other cell of the row."""
    if not applies(board):
        return None
    g = board.geometry
    cages = layout(board.puzzle)
    for unit, house in enumerate(g.houses):
        touching = sorted({g.cage_of[c] for c in house.cells if not board.values[c]} - {-1})
        for a, b in combinations(touching, 2):
            step = _pair_in_house(board, cages, unit, a, b)
            if step:
                return step
    return None


def _pair_in_house(board: Board, cages, unit: int, a: int, b: int) -> Step | None:
    fills_a, fills_b = fillings(board, a), fillings(board, b)
    if not fills_a or not fills_b or len(fills_a) * len(fills_b) > PAIR_LIMIT:
        return None
    g = board.geometry
    cells_a, cells_b = cages[a].cells, cages[b].cells
    clashes = [(i, j) for i, x in enumerate(cells_a) for j, y in enumerate(cells_b) if g.sees(x, y)]
    in_a = [i for i, c in enumerate(cells_a) if c in g.houses[unit].cells]
    in_b = [j for j, c in enumerate(cells_b) if c in g.houses[unit].cells]
    alone = required(fills_a, in_a) | required(fills_b, in_b)
    need = -1
    for fa in fills_a:
        here_a = 0
        for i in in_a:
            here_a |= 1 << (fa[i] - 1)
        for fb in fills_b:
            if any(fa[i] == fb[j] for i, j in clashes):
                continue
            here = here_a
            for j in in_b:
                here |= 1 << (fb[j] - 1)
            need &= here
            if not need & ~alone:
                return None
    if need == -1:
        return None
    need &= ~alone
    both = set(cells_a) | set(cells_b)
    outside = [c for c in g.houses[unit].cells if c not in both]
    eliminations = tuple((c, d) for d in _digits(need) for c in outside if board.has(c, d))
    if not eliminations:
        return None
    inside = [cells_a[i] for i in in_a] + [cells_b[j] for j in in_b]
    house = g.houses[unit].name
    return Step("cage-subsets",
                f"Cage subsets: {cage_name(board, a)} and {cage_name(board, b)} cannot share a "
                f"digit in {house}, and every way to fill them side by side puts "
                f"{digits_text(need)} in {g.names(inside)}, so "
                f"{eliminations_text(board, eliminations)}",
                eliminations=eliminations, cells=tuple(sorted(inside)), units=(unit,),
                cages=(a, b))


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


STRATEGIES = {
    "single-cell-cage": single_cell_cage,
    "cage-arithmetic": cage_arithmetic,
    "line-sum": line_sum,
    "line-product": line_product,
    "cage-line-overlap": cage_line_overlap,
    "cage-subsets": cage_subsets,
    "parity": parity,
}
