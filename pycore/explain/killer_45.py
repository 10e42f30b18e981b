"""The rule of 45: a house, or several adjacent houses, holds a known total, so its innies (cells
of cages reaching out of it) and outies (the cells outside of cages reaching in) add up to known
amounts: one cell is placed, an innie and an outie differ by a fixed amount, several cells make
a virtual cage, and a house without its whole cages is a hidden cage (SudokuWiki's cage
splitting)."""
from __future__ import annotations

from .board import Board, Step, number_text
from .killer_steps import combos_text, step, trimmed
from .killer_sums import (balances, cliques, fitting_combinations, is_killer, relations,
                          sum_supports, union_of)


def _all_balances(board: Board):
    for area in relations(board.puzzle).areas:
        for balance in balances(board, area):
            yield balance


def innie_outie(board: Board) -> Step | None:
    """An area of whole houses whose total leaves one open innie or one open outie: its value."""
    if not is_killer(board):
        return None
    g = board.geometry
    for b in _all_balances(board):
        if len(b.plus) + len(b.minus) != 1:
            continue
        area = b.area
        totals, its = ("total", "their") if len(area.units) > 1 else ("totals", "its")
        if b.plus:
            cell, value = b.plus[0], b.value
            text = (f"Innie at {g.name(cell)}: {area.name} {totals} {area.total} and {its} "
                    f"other cells make {area.total - value}, so {g.name(cell)} = {area.total} − "
                    f"{area.total - value} = {value}")
        else:
            cell, value = b.minus[0], -b.value
            text = (f"Outie at {g.name(cell)}: {area.name} {totals} {area.total}, and with "
                    f"{g.name(cell)} {its} cages make {area.total + value}, so {g.name(cell)} = "
                    f"{area.total + value} − {area.total} = {value}")
        if 1 <= value <= board.size and board.has(cell, value):
            return step("innie-outie", board, f"Innies and outies: {text}",
                        placements=((cell, value),), cells=(cell,), units=area.units,
                        cages=b.whole)
    return None


def shifted(mask: int, by: int, size: int) -> int:
    """The digits d + by for d in mask that are still digits."""
    return (mask << by if by >= 0 else mask >> -by) & ((1 << size) - 1)


def innie_outie_difference(board: Board) -> Step | None:
    """One open innie and one open outie: innie − outie is fixed, which restricts both."""
    if not is_killer(board):
        return None
    g = board.geometry
    n = board.size
    for b in _all_balances(board):
        if len(b.plus) != 1 or len(b.minus) != 1:
            continue
        inner, outer = b.plus[0], b.minus[0]
        cand_in, cand_out = board.candidates[inner], board.candidates[outer]
        keep_in = cand_in & shifted(cand_out, b.value, n)
        keep_out = cand_out & shifted(cand_in, -b.value, n)
        removed = trimmed(board, (inner, outer), (keep_in, keep_out))
        if removed:
            return step("innie-outie-difference", board,
                        f"Innie/outie difference: counting {b.area.name} "
                        f"({b.area.total}), innie {g.name(inner)} − outie {g.name(outer)} = "
                        f"{number_text(b.value)}", removed, cells=(inner, outer), units=b.area.units,
                        cages=b.whole, pattern=board.pattern_left((inner, outer), removed))
    return None


def virtual_cage(board: Board, cells, total: int):
    """The digits each of `cells` can take when they add up to `total` (cells that do not see
    each other may repeat a digit), as masks in the order of `cells`, or None when none fits."""
    groups = cliques(cells, board.geometry.sees)
    per_group = sum_supports(board.size, total,
                             tuple(tuple(board.candidates[c] for c in g) for g in groups))
    if per_group is None:
        return None
    mask_of_cell = {c: m for g, masks in zip(groups, per_group) for c, m in zip(g, masks)}
    return tuple(mask_of_cell[c] for c in cells)


def innies_outies_sum(board: Board) -> Step | None:
    """Several open innies (or several open outies) with a fixed sum: a virtual cage. The
    smallest set that removes something is given (issue 44: a set of 11 or 19 cells was offered
    where one of 4 gave the step): every area's sets are listed first, which costs no search,
    then tried fewest cells first."""
    if not is_killer(board):
        return None
    g = board.geometry
    sets = []
    for order, b in enumerate(_all_balances(board)):
        if b.plus and b.minus:
            continue
        cells, total, word = (b.plus, b.value, "innies") if b.plus else (b.minus, -b.value,
                                                                          "outies")
        if len(cells) < 2 or (word == "innies" and len(b.area.units) == 1):
            continue   # one cell is innie-outie; one house's innies are a hidden cage
        sets.append((len(cells), order, cells, total, word, b))
    sets.sort(key=lambda found: found[:2])
    tried = set()
    for _, _, cells, total, word, b in sets:
        if (cells, total) in tried:
            continue   # the same cells and sum, counted from another area
        tried.add((cells, total))
        masks = virtual_cage(board, cells, total)
        removed = trimmed(board, cells, masks) if masks is not None else ()
        if removed:
            return step("innies-outies-sum", board,
                        f"Innies and outies: the {word} {g.names(cells)} of {b.area.name} "
                        f"add up to {total}", removed, cells=cells, units=b.area.units,
                        cages=b.whole, pattern=board.pattern_left(cells, removed))
    return None


def hidden_cage(board: Board) -> Step | None:
    """Cage splitting: a house without the cages wholly inside it (and its placed digits) is a
    cage of its own, with a known total and distinct digits."""
    if not is_killer(board):
        return None
    g = board.geometry
    for area in relations(board.puzzle).areas:
        if len(area.units) != 1:
            continue
        b = balances(board, area)[0]
        if b.minus or len(b.plus) < 2:
            continue
        cands = tuple(board.candidates[c] for c in b.plus)
        fits = fitting_combinations(board.size, b.value, cands)
        if not fits:
            continue
        removed = trimmed(board, b.plus, union_of(fits, len(b.plus)))
        if removed:
            return step("hidden-cage", board,
                        f"Cage splitting: {area.name} without its whole cages leaves "
                        f"{g.names(b.plus)} to make {b.value}, so they are "
                        f"{combos_text(fits)}", removed, cells=b.plus, units=area.units,
                        cages=b.whole, pattern=board.pattern_left(b.plus, removed))
    return None
