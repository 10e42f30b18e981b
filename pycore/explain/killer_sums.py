"""The arithmetic under the killer strategies: which digit sets fit a cage's live candidates, and
the rule of 45 (a house, or several adjacent houses, holds a known total).

Everything here is a pure function; the costly parts are cached on their inputs (a cage's total
and its cells' candidates), so a cage that did not change since the last step costs a lookup.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..model import Puzzle, row_name
from ..solve.combos import LISTED_MAX_SIZE, combinations_for
from .board import Board, geometry_of

KILLER_KINDS = frozenset({"killer", "killer-jigsaw"})


def house_total(size: int) -> int:
    return size * (size + 1) // 2


# --- cages of distinct digits ---------------------------------------------------------------

@lru_cache(maxsize=1 << 16)
def fitting_combinations(size: int, total: int, candidates: tuple[int, ...]):
    """((combination mask, per-cell masks), …): every set of distinct digits adding up to `total`
    that the cells can hold one each, with the digits each cell can take in some such filling."""
    if size > LISTED_MAX_SIZE:
        return ()   # too many digit sets to list (combos.LISTED_MAX_SIZE)
    union = 0
    for mask in candidates:
        union |= mask
    fits = []
    for combo in combinations_for(size, total, len(candidates)):
        if combo & ~union or any(not mask & combo for mask in candidates):
            continue
        supports = _fillings(tuple(mask & combo for mask in candidates), combo)
        if supports is not None:
            fits.append((combo, supports))
    return tuple(fits)


@lru_cache(maxsize=1 << 14)
def _fillings(candidates, combo):
    """The digits each cell takes in some one-to-one filling of the cells with `combo` (as many
    digits as cells), or None. Kept on the candidates within `combo` alone (all it reads): a
    cage's other combinations and the walks' boards a digit apart outside it ask the same again
    (on a stuck killer's explanation 7,375 calls were 2,794 different). Up to 4 cells the digit
    sets are listed (`_listed_fillings`); from 5, one filling and the cycles along which cells
    can trade digits (`_traded_fillings`), 2-7x faster there (a house's rest of 8 or 9 cells,
    hidden-cage's), slower below."""
    if len(candidates) <= 4:
        return _listed_fillings(candidates, combo)
    return _traded_fillings(candidates, combo)


def _traded_fillings(candidates, combo):
    """_fillings by matching: one filling (a digit per cell, found by augmenting paths); a cell
    can also take another cell's digit exactly when the two lie on a cycle of "takes the digit
    of" (the filling shifted around the cycle is another one), that is in one strongly
    connected part of that graph (Régin's rule for all-different)."""
    count = len(candidates)
    holder: dict[int, int] = {}   # digit bit -> the cell the filling gives it

    def give(cell: int, tried: set) -> bool:
        free = candidates[cell] & combo
        while free:
            bit = free & -free
            free ^= bit
            if bit not in tried:
                tried.add(bit)
                other = holder.get(bit)
                if other is None or give(other, tried):
                    holder[bit] = cell
                    return True
        return False

    for cell in range(count):
        if not give(cell, set()):
            return None
    digit_of = [0] * count
    for bit, cell in holder.items():
        digit_of[cell] = bit
    takes = [[holder[bit] for bit in _bits(candidates[c] & combo & ~digit_of[c])]
             for c in range(count)]
    part = _strong_parts(takes)
    return tuple(digit_of[c] | _or_of(digit_of[o] for o in takes[c] if part[o] == part[c])
                 for c in range(count))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit)
        mask ^= bit
    return out


def _or_of(masks) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _strong_parts(succ: list[list[int]]) -> list[int]:
    """Each node's strongly connected part (Tarjan), as the part's root node."""
    count = len(succ)
    order: list = [None] * count
    low = [0] * count
    part = [0] * count
    stack: list[int] = []
    on_stack = [False] * count
    seen = [0]

    def visit(v: int) -> None:
        order[v] = low[v] = seen[0]
        seen[0] += 1
        stack.append(v)
        on_stack[v] = True
        for w in succ[v]:
            if order[w] is None:
                visit(w)
                low[v] = min(low[v], low[w])
            elif on_stack[w]:
                low[v] = min(low[v], order[w])
        if low[v] == order[v]:
            while True:
                w = stack.pop()
                on_stack[w] = False
                part[w] = v
                if w == v:
                    break

    for v in range(count):
        if order[v] is None:
            visit(v)
    return part


def _listed_fillings(candidates, combo):
    """_fillings by listing: forward, the digit sets the first i cells can use; backward, those
    that can be completed."""
    reach = [{0}]
    for mask in candidates:
        layer = set()
        for used in reach[-1]:
            free = mask & combo & ~used
            while free:
                bit = free & -free
                layer.add(used | bit)
                free ^= bit
        if not layer:
            return None
        reach.append(layer)
    if combo not in reach[-1]:
        return None
    good = {combo}
    supports = [0] * len(candidates)
    for i in range(len(candidates) - 1, -1, -1):
        earlier = set()
        for used in reach[i]:
            free = candidates[i] & combo & ~used
            while free:
                bit = free & -free
                if used | bit in good:
                    earlier.add(used)
                    supports[i] |= bit
                free ^= bit
        good = earlier
    return tuple(supports)


def union_of(fits, count: int) -> tuple[int, ...]:
    masks = [0] * count
    for _, supports in fits:
        for i, mask in enumerate(supports):
            masks[i] |= mask
    return tuple(masks)


# --- sums whose digits may repeat (cells that do not see each other) ------------------------

@lru_cache(maxsize=1 << 14)
def group_sums(size: int, candidates: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """{sum: per-cell digits} over the fillings of cells that all see each other. Forward: the
    digit sets the first i cells can use; backward: per such set, the final sums (a bit set) the
    remaining cells can still reach, which tells every cell's digits per final sum. A filling's
    sum is its digit set's, so the final sums are carried as they are, never shifted."""
    count = len(candidates)
    reach = [(0,)]
    for mask in candidates:
        layer = set()
        for used in reach[-1]:
            free = mask & ~used
            while free:
                bit = free & -free
                layer.add(used | bit)
                free ^= bit
        reach.append(layer)
    finals = {used: 1 << digit_sum(used) for used in reach[-1]}
    per_sum: dict[int, list[int]] = {}
    for i in range(count - 1, -1, -1):
        earlier = {}
        finals_of: dict[int, int] = {}   # digit bit -> the final sums (a bit set) cell i reaches with it
        mask = candidates[i]
        for used in reach[i]:
            free = mask & ~used
            sums = 0
            while free:
                bit = free & -free
                free ^= bit
                later = finals.get(used | bit)
                if later is None:
                    continue
                sums |= later
                finals_of[bit] = finals_of.get(bit, 0) | later
            if sums:
                earlier[used] = sums
        # the final sums read once per digit, not once per digit set (the costly part before)
        for bit, sums in finals_of.items():
            while sums:
                low = sums & -sums
                sums ^= low
                per_sum.setdefault(low.bit_length() - 1, [0] * count)[i] |= bit
        finals = earlier
    return {total: tuple(per_sum[total]) for total in sorted(per_sum)}


def digit_sum(mask: int) -> int:
    """The sum of the digits in a digit mask."""
    total = 0
    while mask:
        low = mask & -mask
        total += low.bit_length()
        mask ^= low
    return total


@lru_cache(maxsize=1 << 14)
def sum_supports(size: int, total: int, groups: tuple[tuple[int, ...], ...]):
    """The digits each cell takes in some filling of `groups` (each a run of cells that see each
    other, given by their candidates) adding up to `total`, per group. Cells of different groups
    are let repeat a digit even where they see each other: that only keeps more digits, so what
    it removes is sound."""
    tables = [group_sums(size, g) for g in groups]
    # sums as bit sets (bit s: s can be made), shifted and or-ed in C rather than sets of ints
    # added pair by pair (a stuck killer's innies/outies sums ask over a thousand of these)
    within = (2 << total) - 1
    reach = [1]   # the sums the first i groups can make
    for table in tables:
        before, after = reach[-1], 0
        for s in table:
            after |= before << s
        reach.append(after & within)
    if not reach[-1] >> total & 1:
        return None
    need = 1 << total   # what groups i… must make, going backwards
    supports = [None] * len(groups)
    for i in range(len(groups) - 1, -1, -1):
        masks = [0] * len(groups[i])
        earlier = 0
        for s, per_cell in tables[i].items():
            starts = reach[i] & (need >> s)
            if starts:
                earlier |= starts
                masks = [m | p for m, p in zip(masks, per_cell)]
        supports[i] = tuple(masks)
        need = earlier
    return tuple(supports)


def cliques(cells, sees) -> list[list[int]]:
    """`cells` split greedily into runs whose cells all see each other."""
    groups: list[list[int]] = []
    for c in cells:
        for group in groups:
            if all(sees(c, other) for other in group):
                group.append(c)
                break
        else:
            groups.append([c])
    return groups


# --- what a puzzle's cages and houses are, once per puzzle ----------------------------------

@dataclass(frozen=True)
class Area:
    """One or several adjacent houses, with the known total of their digits."""
    name: str
    cells: frozenset[int]
    units: tuple[int, ...]
    total: int
    inside: tuple[int, ...]    # cages wholly in the area
    across: tuple[int, ...]    # cages partly in it
    loose: tuple[int, ...]     # cells of the area in no cage


@dataclass(frozen=True)
class Relations:
    cages_in_house: tuple[tuple[int, ...], ...]   # per house, the cages wholly inside it
    areas: tuple[Area, ...]


def is_killer(board: Board) -> bool:
    """Whether the killer strategies apply: a killer whose digit sets can be listed (up to
    combos.LISTED_MAX_SIZE; a bigger one, which only the library can make, is explained by the
    other strategies alone)."""
    return board.puzzle.kind in KILLER_KINDS and board.size <= LISTED_MAX_SIZE


@lru_cache(maxsize=16)
def relations(puzzle: Puzzle) -> Relations:
    g = geometry_of(puzzle)
    house_sets = [frozenset(h.cells) for h in g.houses]
    cages_in_house = tuple(tuple(i for i, cage in enumerate(puzzle.cages)
                                 if house.issuperset(cage.cells)) for house in house_sets)
    areas = [_area(puzzle, name, units) for name, units in _area_units(g)]
    areas.sort(key=lambda area: len(area.units))   # single houses first: easiest to see
    return Relations(cages_in_house, tuple(areas))


def _area(puzzle: Puzzle, name: str, units: tuple[int, ...]) -> Area:
    g = geometry_of(puzzle)
    cells = frozenset(c for u in units for c in g.houses[u].cells)
    inside, across = [], []
    for i, cage in enumerate(puzzle.cages):
        within = sum(1 for c in cage.cells if c in cells)
        if within == len(cage.cells):
            inside.append(i)
        elif within:
            across.append(i)
    loose = tuple(sorted(c for c in cells if g.cage_of[c] < 0))
    return Area(name, cells, units, house_total(g.size) * len(units), tuple(inside),
                tuple(across), loose)


def _area_units(g):
    """Single houses, runs of adjacent rows and of adjacent columns, and pairs of boxes or
    regions that touch; named as a person says them."""
    n = g.size
    out = []
    for first in range(n):
        for last in range(first, n - 1 if first == 0 else n):
            rows = tuple(range(first, last + 1))
            out.append((_run_name("row", [row_name(r, n) for r in rows]), rows))
    for first in range(n):
        for last in range(first, n - 1 if first == 0 else n):
            columns = tuple(range(first, last + 1))
            out.append((_run_name("column", [str(c + 1) for c in columns]),
                        tuple(n + c for c in columns)))
    boxes = [i for i, h in enumerate(g.houses) if h.kind in ("box", "region")]
    for b in boxes:
        out.append((g.houses[b].name, (b,)))
    for i, a in enumerate(boxes):
        edge = {c + step for c in g.houses[a].cells for step in (1, -1, n, -n)}
        for b in boxes[i + 1:]:
            if edge & set(g.houses[b].cells):
                word = g.houses[a].kind + "es" if g.houses[a].kind == "box" else "regions"
                out.append((f"{word} {g.houses[a].number} and {g.houses[b].number}", (a, b)))
    return out


def _run_name(word: str, labels: list[str]) -> str:
    if len(labels) == 1:
        return f"{word} {labels[0]}"
    if len(labels) == 2:
        return f"{word}s {labels[0]} and {labels[1]}"
    return f"{word}s {labels[0]}–{labels[-1]}"


# --- the rule of 45 on a board ----------------------------------------------------------------

@dataclass(frozen=True)
class Balance:
    """sum(plus cells) − sum(minus cells) = value: what the rule of 45 says of an area when the
    cages in `whole` are counted whole (their cells outside are outies) and the others by their
    cells inside (innies)."""
    area: Area
    plus: tuple[int, ...]
    minus: tuple[int, ...]
    value: int
    whole: tuple[int, ...]


def balances(board: Board, area: Area) -> list[Balance]:
    """The useful ways to count an area: innies only (cages with no open cell outside counted
    whole), outies only (cages with no open cell inside counted by their inside), and the one
    with the fewest open cells on either side."""
    puzzle = board.puzzle
    values = board.values
    base = area.total
    for i in area.inside:
        base -= puzzle.cages[i].total
    loose_open = []
    for c in area.loose:
        if values[c]:
            base -= values[c]
        else:
            loose_open.append(c)
    sides = []   # per cage across: (inner open, inner known sum, outer open, outer known sum)
    for i in area.across:
        inner, inner_sum, outer, outer_sum = [], 0, [], 0
        for c in puzzle.cages[i].cells:
            if c in area.cells:
                if values[c]:
                    inner_sum += values[c]
                else:
                    inner.append(c)
            elif values[c]:
                outer_sum += values[c]
            else:
                outer.append(c)
        sides.append((i, inner, inner_sum, outer, outer_sum))

    def count(whole_if) -> Balance:
        plus, minus, value, whole = list(loose_open), [], base, []
        for i, inner, inner_sum, outer, outer_sum in sides:
            if whole_if(inner, outer):
                whole.append(i)
                minus += outer
                value += outer_sum - puzzle.cages[i].total
            else:
                plus += inner
                value -= inner_sum
        return Balance(area, tuple(sorted(plus)), tuple(sorted(minus)), value, tuple(whole))

    found = [count(lambda inner, outer: not outer),              # innies only
             count(lambda inner, outer: True),                   # outies (with loose innies)
             count(lambda inner, outer: len(outer) < len(inner))]
    unique = []
    for b in found:
        if b not in unique:
            unique.append(b)
    return unique
