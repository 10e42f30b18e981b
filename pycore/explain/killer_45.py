"""The rule of 45: a house, or several adjacent houses, holds a known total, so its innies (cells
of cages reaching out of it) and outies (the cells outside of cages reaching in) add up to known
amounts: one cell is placed, an innie and an outie differ by a fixed amount, several cells make
a virtual cage, and a house without its whole cages is a hidden cage (SudokuWiki's cage
splitting)."""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from ..model import joined
from .board import Board, Step, number_text
from .killer_steps import combos_text, step, trimmed
from .killer_sums import (Balance, balances, cliques, fitting_combinations, is_killer, relations,
                          sum_supports, union_of)


# A virtual cage of more cells than this is not tried: no person adds up so many, and over
# explain_bench's 216 killers the sets that gave a step had at most 12 cells (70 of 151 had 2),
# while those of 13 to 28 cells were 60% of the strategy's time on the slowest two (issue 44).
MOST_VIRTUAL_CELLS = 12

_balances: dict = {}


def _all_balances(board: Board):
    """Every area's balances (see _area_balances)."""
    for _, found in _area_balances(board):
        yield from found


def _area_balances(board: Board) -> list:
    """[(area, its balances)] for every area. An area's read only the digits placed in its cells
    and in the cages across it, which a step rarely changes, so they are kept on those, per
    puzzle: the four rule-of-45 strategies each read every area whenever nothing easier
    applies. The list is kept on the board too: the four ask it of the same board in turn."""
    return board.kept("area_balances", lambda b: list(_kept_balances(b)))


def _kept_balances(board: Board):
    values = board.values
    kept = _balances.get(board.puzzle)
    if kept is None or len(kept) > 20_000:
        if len(_balances) > 8:
            _balances.clear()
        kept = _balances[board.puzzle] = {}
    for area, placed_in in _areas_read(board.puzzle):
        key = (area, placed_in(values))
        found = kept.get(key)
        if found is None:
            found = kept[key] = tuple(balances(board, area))
        yield area, found


@lru_cache(maxsize=16)
def _areas_read(puzzle) -> tuple:
    """(area, the placed digits its balances read, as a getter of those cells' values) for each
    area: a getter reads them at C speed (the key was a sixth of the three strategies' time).
    An area has at least two cells, so the getter gives a tuple."""
    out = []
    for area in relations(puzzle).areas:
        cells = set(area.cells)
        for i in area.across:
            cells.update(puzzle.cages[i].cells)
        out.append((area, itemgetter(*sorted(cells))))
    return tuple(out)


def counted(board: Board, b: Balance) -> tuple[str, int, str]:
    """What a balance counts, in words and as terms, so its sum can be checked: ("the cages in
    and over it make 36, of which C7 = 1 is placed outside it, and D4 = 1 is placed in it", the
    area's total less all that, " − 36 + 1 − 1", the terms after the area's total). Cages
    counted whole that reach out of the area are "in and over it", and their digits placed
    outside it are given back; digits placed in it outside those cages are taken off too."""
    g = board.geometry
    area = b.area
    puzzle = board.puzzle
    counted_cages = area.inside + b.whole
    cages = sum(puzzle.cages[i].total for i in counted_cages)
    in_cages = {c for i in counted_cages for c in puzzle.cages[i].cells}
    inside = [c for c in sorted(area.cells) if board.values[c] and c not in in_cages]
    outside = [c for i in b.whole for c in puzzle.cages[i].cells
               if board.values[c] and c not in area.cells]
    it = "it" if len(area.units) == 1 else "them"
    words = f"the cages in {'and over ' if b.whole else ''}{it} make {cages}"
    terms = f" \u2212 {cages}"
    for cells, lead, where, sign in ((outside, "of which", "outside", "+"),
                                     (inside, "and", "in", "\u2212")):
        if cells:
            verb = "is" if len(cells) == 1 else "are"
            words += (f", {lead} {joined(f'{g.name(c)} = {board.values[c]}' for c in cells)} "
                      f"{verb} placed {where} {it}")
            terms += "".join(f" {sign} {board.values[c]}" for c in cells)
    left = area.total - cages - sum(board.values[c] for c in inside) \
        + sum(board.values[c] for c in outside)
    return words, left, terms


def innie_outie(board: Board) -> Step | None:
    """An area of whole houses whose total leaves one open innie or one open outie: its value."""
    if not is_killer(board):
        return None
    g = board.geometry
    for b in _all_balances(board):
        if len(b.plus) + len(b.minus) != 1:
            continue
        area = b.area
        totals = "total" if len(area.units) > 1 else "totals"
        words, left, terms = counted(board, b)
        if b.plus:
            cell, value = b.plus[0], b.value
            text = (f"Innie at {g.name(cell)}: {area.name} {totals} {area.total} and {words}, "
                    f"so {g.name(cell)} = {area.total}{terms} = {value}")
        else:
            cell, value = b.minus[0], -b.value
            text = (f"Outie at {g.name(cell)}: {area.name} {totals} {area.total} and {words}, "
                    f"so {g.name(cell)} = {_flipped(terms)} \u2212 {area.total} = {value}")
        if 1 <= value <= board.size and board.has(cell, value):
            return step("innie-outie", board, f"Innies and outies: {text}",
                        placements=((cell, value),), cells=(cell,), units=area.units,
                        cages=b.whole)
    return None


def _flipped(terms: str) -> str:
    """" − 51 − 3 + 4" → "51 + 3 − 4": the counted terms on the outies' side."""
    flipped = terms.replace("\u2212", "\0").replace("+", "\u2212").replace("\0", "+")
    return flipped.strip().removeprefix("+ ")


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
            words, _, terms = counted(board, b)
            totals = "total" if len(b.area.units) > 1 else "totals"
            return step("innie-outie-difference", board,
                        f"Innie/outie difference: {b.area.name} {totals} {b.area.total} and "
                        f"{words}, so innie {g.name(inner)} − outie {g.name(outer)} = "
                        f"{b.area.total}{terms} = {number_text(b.value)}", removed,
                        cells=(inner, outer), units=b.area.units,
                        cages=b.whole, pattern=board.pattern_left((inner, outer), removed))
    return None


def virtual_cage(board: Board, cells, total: int):
    """The digits each of `cells` can take when they add up to `total` (cells that do not see
    each other may repeat a digit), as masks in the order of `cells`, or None when none fits."""
    candidates = board.candidates
    return _virtual_cage(board.geometry, tuple(cells), total, tuple(candidates[c] for c in cells))


@lru_cache(maxsize=1 << 14)
def _virtual_cage(geometry, cells: tuple, total: int, masks: tuple):
    """virtual_cage on the cells' candidates `masks`, kept: innies_outies_sum asks the same
    hundred or so sets at every step a killer's hard stretch reaches it, and a step changes few
    of them (on Tarek's killers the split into cliques alone was a sixth of its time)."""
    of_cell = dict(zip(cells, masks))
    groups = cliques(cells, geometry.sees)
    per_group = sum_supports(geometry.size, total,
                             tuple(tuple(of_cell[c] for c in g) for g in groups))
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
        if len(cells) > MOST_VIRTUAL_CELLS:
            continue
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
            words, _, terms = counted(board, b)
            totals = "total" if len(b.area.units) > 1 else "totals"
            sums = (f"{b.area.total}{terms}" if word == "innies" else
                    f"{_flipped(terms)} \u2212 {b.area.total}")
            return step("innies-outies-sum", board,
                        f"Innies and outies: {b.area.name} {totals} {b.area.total} and {words}, "
                        f"so the {word} {g.names(cells)} add up to {sums} = {total}", removed,
                        cells=cells, units=b.area.units,
                        cages=b.whole, pattern=board.pattern_left(cells, removed))
    return None


@lru_cache(maxsize=1 << 12)
def _rest_fillings(size: int, total: int, candidates: tuple):
    """(the digit sets that fit a house's rest, the digits each of its cells keeps), kept on the
    rest's candidates: hidden_cage reads every house's rest at each step that reaches it, and a
    step changes few (the union was a third of its time on a stuck killer)."""
    fits = fitting_combinations(size, total, candidates)
    return fits, union_of(fits, len(candidates))


def hidden_cage(board: Board) -> Step | None:
    """Cage splitting: a house without the cages wholly inside it (and its placed digits) is a
    cage of its own, with a known total and distinct digits."""
    if not is_killer(board):
        return None
    g = board.geometry
    for area, found in _area_balances(board):
        if len(area.units) != 1:
            continue
        b = found[0]
        if b.minus or len(b.plus) < 2:
            continue
        cands = tuple(board.candidates[c] for c in b.plus)
        fits, kept = _rest_fillings(board.size, b.value, cands)
        if not fits:
            continue
        removed = trimmed(board, b.plus, kept)
        if removed:
            words, _, terms = counted(board, b)
            return step("hidden-cage", board,
                        f"Cage splitting: {area.name} totals {area.total} and {words}, so the "
                        f"rest, {g.names(b.plus)}, make {area.total}{terms} = {b.value} and "
                        f"can only be {combos_text(fits)}", removed, cells=b.plus,
                        units=area.units,
                        cages=b.whole, pattern=board.pattern_left(b.plus, removed))
    return None
