"""Killer and killer jigsaw: cage combinations, required digits, cage/unit overlap and
combination interaction here; the rule of 45 (innies and outies, cage splitting) in killer_45.py,
the sums and per-puzzle relations in killer_sums.py. Named as SudokuWiki names them.

Killer cages never repeat a digit.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from ..model import digit_name, digits_of, joined
from .board import Board, Step
from .links import live_candidates, shape_of
from .killer_45 import hidden_cage, innie_outie, innie_outie_difference, innies_outies_sum
from .killer_reasons import failing_text, removals_text
from .killer_steps import (cage_fits, cage_label, cage_state, cage_sum_label, combos_of,
                           combos_text, step, trimmed)
from .killer_sums import fitting_combinations, house_total, is_killer, relations, union_of


# --- cage combinations ---------------------------------------------------------------------------

def cage_combinations(board: Board) -> Step | None:
    """A digit that no fitting combination can put in a cell leaves that cell. Of the cages
    with something to remove, the one with the fewest combinations, as a person starts with the
    cages that have only one (17 in two cells: 8+9); then the one removing most."""
    best = best_cage(board)
    if best is None:
        return None
    index, cells, fits, keep = best
    removed = tuple(sorted(trimmed(board, cells, keep)))
    _, cands, rest = cage_state(board, index)
    placed = sum(1 << (board.values[c] - 1) for c in board.puzzle.cages[index].cells
                 if board.values[c])
    return step("cage-combinations", board,
                f"Killer combinations: {cage_sum_label(board, index)} can only be "
                f"{combos_text(fits)}{failing_text(board, cells, cands, rest, fits, placed)}",
                removed, cells=cells, cages=(index,), pattern=board.pattern_left(cells, removed),
                leaves=removals_text(board, cells, rest, fits, removed))


def best_cage(board: Board):
    """(cage index, open cells, fitting combinations, the digits they leave each cell) of the
    cage cage_combinations speaks of, or None."""
    if not is_killer(board):
        return None
    best = None
    for index, outcome in enumerate(board.per_unit("cage-outcome", board.geometry.cages_of,
                                                   cage_outcome)):
        if outcome is None:
            continue   # a cage of one cell: single-cell-cage places it
        cells, fits, keep, removals = outcome
        rank = (len(fits), -removals)
        if removals and (best is None or rank < best[0]):
            best = rank, index, cells, fits, keep
    return None if best is None else best[1:]


def cage_combinations_unsaid(board: Board) -> Step | None:
    """cage_combinations' step without its text and drawing (the same strategy, removals,
    cells and cage): a forcing search's suppositions take thousands of these and show few, so
    a shown one is said afterwards by cage_combinations on the board it was taken on."""
    best = best_cage(board)
    if best is None:
        return None
    index, cells, _, keep = best
    return Step("cage-combinations", "",
                eliminations=tuple(sorted(set(trimmed(board, cells, keep)))),
                cells=tuple(sorted(cells)), cages=(index,))


_outcomes: dict = {}


def cage_outcome(board: Board, index: int):
    """(open cells, fitting combinations, the digits they leave each cell, how many candidates
    that removes) of a cage; no fits for a filled or broken cage; None for a cage of one cell.
    Memoised on the cage and its cells' state: a step changes few cages, and every hint looks at
    them all."""
    cage = board.puzzle.cages[index]
    if len(cage.cells) == 1:
        return None
    # keyed by the cage's id (the cage kept with what is found, to check it is the same one) and
    # its cells' digits and candidates, read at C speed: built for every cage on every board of
    # a forcing search's walks, the key cost more than the lookup saved
    read = _readers.get(id(cage))
    if read is None or read[0] is not cage:
        read = _readers[id(cage)] = (cage, itemgetter(*cage.cells, cage.cells[0]))
    key = (board.size, id(cage), read[1](board.values), read[1](board.candidates))
    found = _outcomes.get(key)
    if found is None or found[0] is not cage:
        if len(_outcomes) > 50_000:
            _outcomes.clear()
            _readers.clear()
        cells, _, fits = cage_fits(board, index)
        keep = union_of(fits, len(cells)) if cells and fits else ()
        removals = sum((board.candidates[c] & ~k).bit_count() for c, k in zip(cells, keep))
        found = _outcomes[key] = (cage, cells, fits, keep, removals)
    return found[1:]


_readers: dict = {}   # id(cage) -> (the cage, the getter of its cells' entries as a tuple)


def required_digits(fits) -> int:
    need = -1
    for combo, _ in fits:
        need &= combo
    return need if fits else 0


def places_of(fits, cells, digit: int) -> list[int]:
    """The cells that take `digit` in some fitting filling."""
    bit = 1 << (digit - 1)
    return [c for c, mask in zip(cells, union_of(fits, len(cells))) if mask & bit]


def cage_required_digit(board: Board) -> Step | None:
    """A digit every fitting combination needs is placed when one cell can take it; otherwise it
    leaves the cells outside the cage that see all its places."""
    if not is_killer(board):
        return None
    g = board.geometry
    for index, cage in enumerate(board.puzzle.cages):
        cells, cands, fits = cage_fits(board, index)
        if not cells or not fits:
            continue
        for digit in digits_of(required_digits(fits)):
            places = places_of(fits, cells, digit)
            lead = (f"Cage required digit: every combination of {cage_label(board, index)} "
                    f"{combos_of(board, index, fits)} needs {digit_name(digit)}")
            if len(places) == 1:
                return step("cage-required-digit", board,
                            f"{lead}, and only {g.name(places[0])} can take it",
                            placements=((places[0], digit),), cells=cells, cages=(index,))
            outside = g.common_peers(places) - set(cage.cells)
            removed = board.eliminations_of(digit, outside)
            if removed:
                return step("cage-required-digit", board,
                            f"{lead}, which goes in {g.names(places)}", removed, cells=places,
                            cages=(index,), pattern=board.pattern_of(1 << (digit - 1), places))
    return None


# --- cage/unit overlap ----------------------------------------------------------------------------

def cage_unit_overlap(board: Board) -> Step | None:
    """Type 1: a house's digit confined to one cage's cells → the cage holds it there, so its
    combinations without it go, and its other cells lose it. Type 2: a digit every combination
    of a cage needs, with all its places in one house → it leaves the rest of that house."""
    if not is_killer(board):
        return None
    return _house_digit_in_one_cage(board) or _cage_digit_in_one_house(board)


def _house_digit_in_one_cage(board: Board) -> Step | None:
    g = board.geometry
    shape = shape_of(g)
    cage_masks = cage_masks_of(g)
    live = live_candidates(board)
    for unit, house in enumerate(g.houses):
        inside = shape.house_mask[unit]
        for digit in range(1, board.size + 1):
            here = live >> ((digit - 1) * shape.cell_count) & inside   # the digit's places
            if not here:
                continue
            index = g.cage_of[(here & -here).bit_length() - 1]
            if index < 0 or here & ~cage_masks[index]:
                continue   # not all in one cage
            places = board.places(digit, house.cells)
            cells, cands, fits = cage_fits(board, index)
            bit = 1 << (digit - 1)
            keep = [f for f in fits if f[0] & bit]
            if not keep:
                continue
            masks = union_of(keep, len(cells))
            masks = tuple(m if c in places else m & ~bit for c, m in zip(cells, masks))
            removed = trimmed(board, cells, masks)
            if removed:
                return step("cage-unit-overlap", board,
                            f"Cage/unit overlap: in {house.name}, {digit_name(digit)} can only "
                            f"go in {g.names(places)} of {cage_sum_label(board, index)}, so the "
                            f"cage is {combos_text(keep)} with {digit_name(digit)} there",
                            removed, cells=places,
                            units=(unit,), cages=(index,), pattern=board.pattern_of(bit, places))
    return None


def _cage_digit_in_one_house(board: Board) -> Step | None:
    g = board.geometry
    house_masks = shape_of(g).house_mask
    for index, cage in enumerate(board.puzzle.cages):
        cells, cands, fits = cage_fits(board, index)
        if not cells or not fits:
            continue
        for digit in digits_of(required_digits(fits)):
            places = places_of(fits, cells, digit)
            at = sum(1 << c for c in places)
            for unit, house in enumerate(g.houses):
                if at & ~house_masks[unit]:
                    continue
                removed = board.eliminations_of(digit, set(house.cells) - set(cage.cells))
                if removed:
                    return step("cage-unit-overlap", board,
                                f"Cage/unit overlap: {cage_label(board, index)} "
                                f"{combos_of(board, index, fits)} needs {digit_name(digit)} "
                                f"and can only put it in {house.name} ({g.names(places)})",
                                removed,
                                cells=places, units=(unit,), cages=(index,),
                                pattern=board.pattern_of(1 << (digit - 1), places))
    return None


@lru_cache(maxsize=16)
def cage_masks_of(g) -> tuple[int, ...]:
    """Each cage's cells as a cell mask (one geometry's, worked out once)."""
    masks = [0] * (1 + max(g.cage_of, default=-1))
    for cell, index in enumerate(g.cage_of):
        if index >= 0:
            masks[index] |= 1 << cell
    return tuple(masks)


# --- combination interaction ----------------------------------------------------------------------

def combination_interaction(board: Board) -> Step | None:
    """Cages wholly in one house hold different digits: a combination of one cage that shares a
    digit with every fitting combination of another cage in the house goes."""
    if not is_killer(board):
        return None
    g = board.geometry
    inside = relations(board.puzzle).cages_in_house
    for unit, house in enumerate(g.houses):
        states = []
        for index in inside[unit]:
            cells, cands, fits = cage_fits(board, index)
            if cells and fits:
                states.append((index, cells, fits))
        for a, cells, fits in states:
            for b, cells_b, other in states:
                if a == b:
                    continue
                keep = [f for f in fits if any(not f[0] & o[0] for o in other)]
                if not keep or len(keep) == len(fits):
                    continue
                removed = trimmed(board, cells, union_of(keep, len(cells)))
                if removed:
                    dropped = [f for f in fits if f not in keep]
                    # drawn: what the cage keeps, and in the second colour the cage it clashes with
                    theirs = trimmed(board, cells_b, union_of(other, len(cells_b)))
                    return step("combination-interaction", board,
                                f"Combination interaction: in {house.name}, "
                                f"{cage_sum_label(board, a)} cannot be {combos_text(dropped)}, "
                                f"which clash with every combination of {cage_label(board, b)} "
                                f"{combos_of(board, b, other)}", removed,
                                cells=cells, units=(unit,), cages=(a, b),
                                pattern=board.pattern_left(cells, removed)
                                + board.pattern_left(cells_b, theirs, colour=1))
    return _house_shares(board)


def _house_shares(board: Board) -> Step | None:
    """A house's open digits are shared out among its whole cages and the rest of its cells (a
    hidden cage): each keeps only the combinations that leave the others a way to share."""
    g = board.geometry
    inside = relations(board.puzzle).cages_in_house
    for unit, house in enumerate(g.houses):
        groups = []
        covered = set()
        left = house_total(board.size)
        for index in inside[unit]:
            cells, cands, rest = cage_state(board, index)
            covered.update(board.puzzle.cages[index].cells)
            left -= board.puzzle.cages[index].total
            if cells:
                groups.append((index, cells, fitting_combinations(board.size, rest, cands)))
        rest_cells = []
        for c in house.cells:
            if c in covered:
                continue
            if board.values[c]:
                left -= board.values[c]
            else:
                rest_cells.append(c)
        if rest_cells:
            cands = tuple(board.candidates[c] for c in rest_cells)
            groups.append((-1, tuple(rest_cells), fitting_combinations(board.size, left, cands)))
        if len(groups) < 2 or any(not fits for _, _, fits in groups):
            continue
        kept = shared_out([[combo for combo, _ in fits] for _, _, fits in groups])
        for (index, cells, fits), keep in zip(groups, kept):
            chosen = [f for f in fits if f[0] in keep]
            if not chosen or len(chosen) == len(fits):
                continue
            removed = trimmed(board, cells, union_of(chosen, len(cells)))
            if removed:
                who = (cage_sum_label(board, index) if index >= 0 else
                       _rest_of_house(board, unit, inside[unit], cells, left))
                return step("combination-interaction", board,
                            f"Combination interaction: {house.name}'s cages and the rest of "
                            f"its cells must share out its digits, which leaves {who} only "
                            f"{combos_text(chosen)}", removed, cells=cells, units=(unit,),
                            cages=tuple(i for i, _, _ in groups if i >= 0),
                            pattern=board.pattern_left(cells, removed))
    return None


def _rest_of_house(board: Board, unit: int, cages, cells, left: int) -> str:
    """The cells of a house outside its whole cages, with the sum that says what they make:
    "the rest of row A (A5 and A9, which make 45 − 10 − 13 − 3 = 19: row A's 45 less the
    10-cage and the 13-cage inside it and the placed A4 = 3)"."""
    g = board.geometry
    house = g.houses[unit]
    totals = [board.puzzle.cages[i].total for i in cages]
    placed = [c for c in house.cells if board.values[c] and c not in cells
              and all(c not in board.puzzle.cages[i].cells for i in cages)]
    terms = [house_total(board.size)] + totals + [board.values[c] for c in placed]
    less = [f"the {t}-cage" for t in totals]
    if placed:
        less.append("the placed " + joined(f"{g.name(c)} = {board.values[c]}" for c in placed))
    where = " inside it" if cages else ""
    return (f"the rest of {house.name} ({g.names(cells)}, which "
            f"{'makes' if len(cells) == 1 else 'make'} {' − '.join(map(str, terms))} = {left}: "
            f"{house.name}'s {terms[0]} less {joined(less[:len(totals)])}{where}"
            f"{' and ' + less[-1] if placed else ''})")


def shared_out(choices: list[list[int]]) -> list[set[int]]:
    """Per group, the digit sets that are part of some choice of pairwise disjoint sets, one
    per group. Forward: the digits the first i groups can use together; backward: those from
    which the remaining groups can still choose."""
    reach = [{0}]
    for options in choices:
        reach.append({used | combo for used in reach[-1] for combo in options
                      if not used & combo})
    good = set(reach[-1])
    kept: list[set[int]] = [set() for _ in choices]
    for i in range(len(choices) - 1, -1, -1):
        earlier = set()
        for used in reach[i]:
            for combo in choices[i]:
                if not used & combo and used | combo in good:
                    earlier.add(used)
                    kept[i].add(combo)
        good = earlier
    return kept


STRATEGIES = {
    "cage-combinations": cage_combinations,
    "cage-required-digit": cage_required_digit,
    "cage-unit-overlap": cage_unit_overlap,
    "combination-interaction": combination_interaction,
    "innie-outie": innie_outie,
    "innie-outie-difference": innie_outie_difference,
    "innies-outies-sum": innies_outies_sum,
    "hidden-cage": hidden_cage,
}
