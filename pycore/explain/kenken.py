"""KenKen and KenDoku: what the cages' arithmetic says, cage by cage and cage against house.

Every strategy here reads a cage's fillings (kenken_fillings.py): the digit tuples that meet the
cage's arithmetic with the live candidates, copies of a digit only in cells that do not see each
other. The line rules (line sum, line product, parity) live in kenken_lines.py.
"""
from __future__ import annotations

from itertools import combinations

from ..model import digit_name, digits_of, joined
from .board import Board, Step, leaves_text, remember
from .kenken_fillings import (applies, cage_name, describe, digits_at, fillings,
                              fillings_and_unused, layout, possible, required)
from .kenken_lines import line_product, line_sum, parity

# Two cages are compared filling against filling only up to this many pairs.
PAIR_LIMIT = 6_000


def cage_arithmetic(board: Board) -> Step | None:
    """A candidate that no filling of its cage uses leaves the cell. Of the cages with something
    to remove, the one with the fewest fillings first (as a person starts with 3- in two cells
    of a 4×4: 1 and 4), then the one removing most."""
    if not applies(board):
        return None
    best = None
    # per cage, found again only where a step changed its cells: a forcing search's walks take
    # this step on every board (on Tatham's unreasonable KenKens a third of a forcing hint)
    for index, found in enumerate(board.per_unit("cage-arithmetic", board.geometry.cages_of,
                                                 cage_unused)):
        if found is None:
            continue
        fills, eliminations = found
        rank = (len(fills), -len(eliminations))
        if best is None or rank < best[0]:
            best = rank, index, fills, eliminations
    if best is None:
        return None
    _, index, fills, eliminations = best
    cage = layout(board.puzzle)[index]
    return Step("cage-arithmetic",
                f"Cage arithmetic: with the candidates left, {cage_name(board, index)} "
                f"can only be {describe(fills, cage.op)}, so "
                f"{leaves_text(board.geometry, eliminations)}",
                eliminations=eliminations, cells=cage.cells, cages=(index,),
                pattern=board.pattern_left(cage.cells, eliminations))


def cage_unused(board: Board, index: int):
    """(the fillings, the candidates none of them uses) of a cage with something to remove;
    None for a one-cell cage (single-cell-cage places it), a filled one, one with nothing to
    remove or too many fillings to list."""
    cage = layout(board.puzzle)[index]
    if len(cage.cells) == 1 or all(board.values[c] for c in cage.cells):
        return None
    fills, eliminations = fillings_and_unused(board, index)
    return (fills, eliminations) if eliminations else None


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
            eliminations = tuple((c, d) for d in digits_of(need) for c in outside if board.has(c, d))
            if eliminations:
                inside = [cage.cells[i] for i in positions]
                return Step("cage-line-overlap",
                            f"Cage/line overlap: {cage_name(board, index)} can only be "
                            f"{describe(fills, cage.op)}, and {_each(fills)} "
                            f"{joined(digit_name(d) for d in digits_of(need))} in "
                            f"{g.houses[unit].name} at {g.names(inside)}, "
                            f"so {leaves_text(board.geometry, eliminations)}",
                            eliminations=eliminations, cells=tuple(inside), units=(unit,),
                            cages=(index,), pattern=board.pattern_of(need, inside))
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
                         for e in digits_of(board.candidates[cell] & ~mask))
    if not eliminations or not kept:
        return None
    g = board.geometry
    return Step("cage-line-overlap",
                f"Cage/line overlap: {digit_name(d)} can only go in {g.houses[unit].name} at "
                f"{g.names(places)}, inside {cage_name(board, index)}, so the cage holds "
                f"{digit_name(d)} there: it can be {describe(fills, cage.op, most=6)}, and only "
                f"{describe(kept, cage.op)} {'does' if len(_sets(kept, cage.op)) == 1 else 'do'}, "
                f"so {leaves_text(board.geometry, eliminations)}",
                eliminations=eliminations, cells=tuple(places), units=(unit,), cages=(index,),
                pattern=board.pattern_of(1 << (d - 1), places))


def cage_subsets(board: Board) -> Step | None:
    """Two cages whose cells see each other (in a shared house or anywhere) cannot put one digit
    in two cells that see each other, so only pairs of fillings that never clash can stand.
    The rule: (1) a candidate that no standing pair uses leaves its cell; (2) a digit that every
    standing pair puts inside a house the two share is locked into their cells there, as in a
    naked subset, and leaves the rest of the house. Two 2-cell cages of a row that between them
    must hold 1/2/3/4 take those four digits from every other cell of the row."""
    if not applies(board):
        return None
    g = board.geometry
    done = set()
    for house in g.houses:
        touching = sorted({g.cage_of[c] for c in house.cells if not board.values[c]} - {-1})
        for pair in combinations(touching, 2):
            if pair not in done:
                done.add(pair)
                step = _pair_step(board, *pair)
                if step:
                    return step
    return None


_pair_cache: dict = {}


def _standing(board: Board, a: int, b: int):
    """Over the pairs of fillings that do not clash: (the digits per cell of a then b, the
    digits each cell's own cage allows it, [(house, the digits every standing pair puts there
    that neither cage needs there alone, the house's cells outside both)]); None when there are
    too many pairs to compare or none stands. Cached on the two cages' candidates."""
    fills_a, fills_b = fillings(board, a), fillings(board, b)
    if not fills_a or not fills_b or len(fills_a) * len(fills_b) > PAIR_LIMIT:
        return None
    key = (board.puzzle.kind, board.size, board.puzzle.cages[a], board.puzzle.cages[b],
           fills_a, fills_b)
    found = _pair_cache.get(key, _pair_cache)
    if found is _pair_cache:
        found = remember(_pair_cache, 20_000, key, _pairs(board, a, b, fills_a, fills_b))
    return found


def _pairs(board: Board, a: int, b: int, fills_a, fills_b):
    """_standing's answer, worked out."""
    g = board.geometry
    cages = layout(board.puzzle)
    cells_a, cells_b = cages[a].cells, cages[b].cells
    clashes = [(i, j) for i, x in enumerate(cells_a) for j, y in enumerate(cells_b) if g.sees(x, y)]
    shared = [(unit, pa, [j for u, pb, _ in cages[b].houses if u == unit for j in pb])
              for unit, pa, _ in cages[a].houses if any(u == unit for u, _, _ in cages[b].houses)]
    # A filling of b as one int, a bit per (cell, digit): a filling of a rules out the bits of
    # the digits its cells put beside b's cells they see, so a pair clashes when the two share a
    # bit, one AND where comparing cell by cell took a quarter of a cold KenKen hint.
    n = board.size
    placed_b = [sum(1 << (j * n + d - 1) for j, d in enumerate(fb)) for fb in fills_b]
    shared_b = [[digits_at(fb, pb) for _, _, pb in shared] for fb in fills_b]
    union_a = union_b = 0
    need = {unit: -1 for unit, _, _ in shared}
    for fa in fills_a:
        ruled_out = 0
        for i, j in clashes:
            ruled_out |= 1 << (j * n + fa[i] - 1)
        standing = [k for k, placed in enumerate(placed_b) if not placed & ruled_out]
        if not standing:
            continue
        union_a |= sum(1 << (i * n + d - 1) for i, d in enumerate(fa))
        for k in standing:
            union_b |= placed_b[k]
        for s, (unit, pa, _) in enumerate(shared):
            every_b = -1
            for k in standing:
                every_b &= shared_b[k][s]
            need[unit] &= digits_at(fa, pa) | every_b
    if not union_a:
        return None
    full = (1 << n) - 1
    masks = ([(union_a >> (i * n)) & full for i in range(len(cells_a))]
             + [(union_b >> (j * n)) & full for j in range(len(cells_b))])
    # what a cage rules out or needs alone is cage arithmetic's or cage/line overlap's step
    alone = possible(fills_a, len(cells_a)) + possible(fills_b, len(cells_b))
    both = cells_a + cells_b
    locked = []
    for unit, digits in need.items():
        for cage, fills in ((cages[a], fills_a), (cages[b], fills_b)):
            digits &= ~required(fills, next(p for u, p, _ in cage.houses if u == unit))
        if digits:
            locked.append((unit, digits, [c for c in g.houses[unit].cells if c not in both]))
    return masks, alone, locked


def _pair_step(board: Board, a: int, b: int) -> Step | None:
    found = _standing(board, a, b)
    if found is None:
        return None
    masks, alone, locked = found
    g = board.geometry
    cages = layout(board.puzzle)
    both = cages[a].cells + cages[b].cells
    candidates = board.candidates
    eliminations = tuple((cell, d) for cell, mask, own in zip(both, masks, alone)
                         if candidates[cell] & own & ~mask
                         for d in digits_of(candidates[cell] & own & ~mask))
    if eliminations:
        # drawn: what the standing pairs keep, in both cages (cage arithmetic's removals too)
        ruled_out = [(cell, d) for cell, mask in zip(both, masks)
                     for d in digits_of(candidates[cell] & ~mask)]
        return Step("cage-subsets",
                    f"Cage subsets: {_with_fillings(board, a)} and {_with_fillings(board, b)} "
                    f"cannot repeat a digit where their cells see each other, and side by side "
                    f"they can only be {_side_by_side(board, a, b)}, "
                    f"so {leaves_text(board.geometry, eliminations)}",
                    eliminations=eliminations, cells=tuple(sorted(both)), cages=(a, b),
                    pattern=board.pattern_left(both, ruled_out))
    for unit, digits, outside in locked:
        if not any(candidates[c] & digits for c in outside):
            continue
        eliminations = tuple((c, d) for d in digits_of(digits) for c in outside if board.has(c, d))
        if eliminations:
            inside = [c for c in both if c in g.houses[unit].cells]
            return Step("cage-subsets",
                        f"Cage subsets: {_with_fillings(board, a)} and {_with_fillings(board, b)} "
                        f"cannot share a digit in {g.houses[unit].name}, and side by side they "
                        f"can only be {_side_by_side(board, a, b)}, each putting "
                        f"{joined(digit_name(d) for d in digits_of(digits))} in "
                        f"{g.names(inside)}, so "
                        f"{leaves_text(board.geometry, eliminations)}",
                        eliminations=eliminations, cells=tuple(sorted(inside)), units=(unit,),
                        cages=(a, b), pattern=board.pattern_of(digits, inside))
    return None



def _sets(fills, op: str) -> list[tuple[int, ...]]:
    """The digit sets the fillings use, as describe lists them."""
    return sorted({tuple(sorted(f, reverse=op in "-/")) for f in fills})


def _each(fills) -> str:
    return "that puts" if len(fills) == 1 else "every way to place it puts"


def _with_fillings(board: Board, index: int) -> str:
    """"the 7+ cage (A1 and A2: 1+6, 2+5 or 3+4)"."""
    cage = layout(board.puzzle)[index]
    return (f"the {cage.label} cage ({board.geometry.names(cage.cells)}: "
            f"{describe(fillings(board, index), cage.op)})")


def _side_by_side(board: Board, a: int, b: int, most: int = 4) -> str:
    """The digit sets of the pairs of fillings that fit side by side: "2+5 with 1×3"."""
    g = board.geometry
    cages = layout(board.puzzle)
    clashes = [(i, j) for i, x in enumerate(cages[a].cells) for j, y in enumerate(cages[b].cells)
               if g.sees(x, y)]
    seen = []
    for fa in fillings(board, a):
        for fb in fillings(board, b):
            if any(fa[i] == fb[j] for i, j in clashes):
                continue
            words = (describe((fa,), cages[a].op), describe((fb,), cages[b].op))
            if words not in seen:
                seen.append(words)
    seen.sort()
    said = [f"{x} with {y}" for x, y in seen[:most]]
    if len(seen) > most:
        said.append(f"{len(seen) - most} more")
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


STRATEGIES = {
    "cage-arithmetic": cage_arithmetic,
    "line-sum": line_sum,
    "line-product": line_product,
    "cage-line-overlap": cage_line_overlap,
    "cage-subsets": cage_subsets,
    "parity": parity,
}
