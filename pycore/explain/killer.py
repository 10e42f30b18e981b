"""Killer and killer jigsaw: cage combinations, the rule of 45 (innies and outies), cage/unit
overlap, cage splitting and combination interaction, named as SudokuWiki names them.

Killer cages never repeat a digit. The sums and the per-puzzle relations live in killer_sums.py.
"""
from __future__ import annotations

from .board import Board, Step, digits_text
from .killer_sums import (balances, cliques, fitting_combinations, is_killer, relations,
                          sum_supports, union_of)

# --- shared pieces ------------------------------------------------------------------------------

def cage_state(board: Board, index: int):
    """(open cells, their candidates without the cage's placed digits, what they must add up to)."""
    cage = board.puzzle.cages[index]
    placed = 0
    rest = cage.total
    cells = []
    for c in cage.cells:
        v = board.values[c]
        if v:
            placed |= 1 << (v - 1)
            rest -= v
        else:
            cells.append(c)
    return tuple(cells), tuple(board.candidates[c] & ~placed for c in cells), rest


def cage_fits(board: Board, index: int):
    """(open cells, candidates, fitting combinations) of a cage; fits is empty when none fits."""
    cells, cands, rest = cage_state(board, index)
    if not cells:
        return cells, cands, ()
    return cells, cands, fitting_combinations(board.size, rest, cands)


def cage_label(board: Board, index: int) -> str:
    cage = board.puzzle.cages[index]
    return f"the {cage.total}-cage at {board.geometry.names(cage.cells)}"


def combos_text(fits) -> str:
    sums = ["+".join(str(d) for d in digits_of_mask(combo)) for combo, _ in fits]
    return sums[0] if len(sums) == 1 else ", ".join(sums[:-1]) + " or " + sums[-1]


def digits_of_mask(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def trimmed(board: Board, cells, masks) -> tuple[tuple[int, int], ...]:
    """(cell, digit) for each candidate of `cells` outside the matching mask of `masks`."""
    return tuple((c, d) for c, keep in zip(cells, masks)
                 for d in digits_of_mask(board.candidates[c] & ~keep))


def removal_text(board: Board, eliminations) -> str:
    """"3/4 leave A2 and B2; 9 leaves A1": cells grouped by the digits they lose."""
    lost: dict[int, int] = {}
    for c, d in eliminations:
        lost[c] = lost.get(c, 0) | 1 << (d - 1)
    by_digits: dict[int, list[int]] = {}
    for c in sorted(lost):
        by_digits.setdefault(lost[c], []).append(c)
    parts = []
    for mask, cells in by_digits.items():
        verb = "leaves" if len(digits_of_mask(mask)) == 1 else "leave"
        parts.append(f"{digits_text(mask)} {verb} {board.geometry.names(cells)}")
    return "; ".join(parts)


def step(slug: str, board: Board, text: str, eliminations=(), placements=(), cells=(),
         units=(), cages=()) -> Step:
    eliminations = tuple(sorted(set(eliminations)))
    if eliminations and not placements:
        text = f"{text}: {removal_text(board, eliminations)}"
    return Step(slug, text, placements=tuple(placements), eliminations=eliminations,
                cells=tuple(sorted(cells)), units=tuple(units), cages=tuple(cages))


# --- cage combinations ---------------------------------------------------------------------------

def cage_combinations(board: Board) -> Step | None:
    """A single-cell cage holds its total; otherwise a digit that no fitting combination can put
    in a cell leaves that cell."""
    if not is_killer(board):
        return None
    g = board.geometry
    for index, cage in enumerate(board.puzzle.cages):
        cells, cands, fits = cage_fits(board, index)
        if not cells or not fits:
            continue   # a filled cage, or a broken one that the contradiction check reports
        if len(cage.cells) == 1:
            return step("cage-combinations", board,
                        f"Killer combinations: {g.name(cells[0])} is a cage of one cell, so it is "
                        f"{cage.total}", placements=((cells[0], cage.total),), cells=cells,
                        cages=(index,))
        removed = trimmed(board, cells, union_of(fits, len(cells)))
        if removed:
            return step("cage-combinations", board,
                        f"Killer combinations: {cage_label(board, index)} can only be "
                        f"{combos_text(fits)}{placed_note(board, index)}", removed,
                        cells=cells, cages=(index,))
    return None


def placed_note(board: Board, index: int) -> str:
    placed = [board.values[c] for c in board.puzzle.cages[index].cells if board.values[c]]
    return f" besides its placed {digits_text(placed)}" if placed else ""


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
        for digit in digits_of_mask(required_digits(fits)):
            places = places_of(fits, cells, digit)
            lead = (f"Cage required digit: every combination of {cage_label(board, index)} "
                    f"({combos_text(fits)}) needs {digit}")
            if len(places) == 1:
                return step("cage-required-digit", board,
                            f"{lead}, and only {g.name(places[0])} can take it",
                            placements=((places[0], digit),), cells=cells, cages=(index,))
            outside = g.common_peers(places) - set(cage.cells)
            removed = board.eliminations_of(digit, outside)
            if removed:
                return step("cage-required-digit", board,
                            f"{lead}, which goes in {g.names(places)}", removed, cells=places,
                            cages=(index,))
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
    for unit, house in enumerate(g.houses):
        for digit in range(1, board.size + 1):
            places = board.places(digit, house.cells)
            if not places:
                continue
            index = g.cage_of[places[0]]
            if index < 0 or any(g.cage_of[c] != index for c in places):
                continue
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
                            f"Cage/unit overlap: in {house.name}, {digit} can only go in "
                            f"{g.names(places)} of {cage_label(board, index)}, so the cage is "
                            f"{combos_text(keep)} with {digit} there", removed, cells=places,
                            units=(unit,), cages=(index,))
    return None


def _cage_digit_in_one_house(board: Board) -> Step | None:
    g = board.geometry
    for index, cage in enumerate(board.puzzle.cages):
        cells, cands, fits = cage_fits(board, index)
        if not cells or not fits:
            continue
        for digit in digits_of_mask(required_digits(fits)):
            places = places_of(fits, cells, digit)
            for unit, house in enumerate(g.houses):
                if not set(places) <= set(house.cells):
                    continue
                removed = board.eliminations_of(digit, set(house.cells) - set(cage.cells))
                if removed:
                    return step("cage-unit-overlap", board,
                                f"Cage/unit overlap: {cage_label(board, index)} "
                                f"({combos_text(fits)}) needs {digit} and can only put it in "
                                f"{house.name} ({g.names(places)})", removed, cells=places,
                                units=(unit,), cages=(index,))
    return None


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
            for b, _, other in states:
                if a == b:
                    continue
                keep = [f for f in fits if any(not f[0] & o[0] for o in other)]
                if not keep or len(keep) == len(fits):
                    continue
                removed = trimmed(board, cells, union_of(keep, len(cells)))
                if removed:
                    dropped = [f for f in fits if f not in keep]
                    return step("combination-interaction", board,
                                f"Combination interaction: in {house.name}, "
                                f"{cage_label(board, a)} cannot be {combos_text(dropped)}, "
                                f"which clash with every combination of {cage_label(board, b)} "
                                f"({combos_text(other)})", removed,
                                cells=cells, units=(unit,), cages=(a, b))
    return None


# --- the rule of 45 -------------------------------------------------------------------------------

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
        if b.plus:
            cell, value = b.plus[0], b.value
            text = (f"Innie at {g.name(cell)}: {area.name} totals {area.total} and its other "
                    f"cells make {area.total - value}, so {g.name(cell)} = {area.total} − "
                    f"{area.total - value} = {value}")
        else:
            cell, value = b.minus[0], -b.value
            text = (f"Outie at {g.name(cell)}: {area.name} totals {area.total}, and with "
                    f"{g.name(cell)} its cages make {area.total + value}, so {g.name(cell)} = "
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
                        f"{b.value}", removed, cells=(inner, outer), units=b.area.units,
                        cages=b.whole)
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
    """Several open innies (or several open outies) with a fixed sum: a virtual cage."""
    if not is_killer(board):
        return None
    g = board.geometry
    for b in _all_balances(board):
        if b.plus and b.minus:
            continue
        cells, total, word = (b.plus, b.value, "innies") if b.plus else (b.minus, -b.value,
                                                                          "outies")
        if len(cells) < 2 or (word == "innies" and len(b.area.units) == 1):
            continue   # one cell is innie-outie; one house's innies are a hidden cage
        masks = virtual_cage(board, cells, total)
        removed = trimmed(board, cells, masks) if masks is not None else ()
        if removed:
            return step("innies-outies-sum", board,
                        f"Innies and outies: the {word} {g.names(cells)} of {b.area.name} "
                        f"add up to {total}", removed, cells=cells, units=b.area.units,
                        cages=b.whole)
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
                        cages=b.whole)
    return None


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
