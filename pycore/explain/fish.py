"""Fish: X-Wing, Swordfish, Jellyfish and their finned (and sashimi) forms.

A basic fish of size k on digit d: k base lines (rows, or columns) whose places for d all lie in
k cover lines (columns, or rows). The k copies of d in the base lines fill the cover lines, so d
leaves every other cell of the cover lines. Only rows and columns are used, and every kind has
those, so the logic holds for jigsaw, X, Windoku and the caged kinds alike.

Franken and mutant fish (HoDoKu's names) take boxes (or jigsaw regions) as base or cover houses
too: k base houses that share no place of d hold k copies of d in k different cells; when k cover
houses hold every base place, each cover house holds exactly one of them (k copies, each in at
least one cover, none holding two), so d leaves the cover houses' other cells; with fins, those
that see every fin. Franken: base rows and boxes, cover columns and boxes (or turned), a box on
one side at least. Mutant: any other mix of rows, columns and boxes. Both up to size 4, with at
most MAX_FINS fins, which see each other (else hardly a cell sees them all).

A finned fish has extra places in the base lines (the fins) outside the cover lines. Either a fin
holds d, or the fish is basic; a cell of the cover lines outside the base lines that sees every
fin loses d in both cases. "Sees" is `geometry.peers`, so any house (a region, a diagonal, a
window) can carry the fins. A sashimi fish has a base line with a single place in the cover
lines (without its fins it would not be a fish at all): the argument is the same, d is in a fin
or else in the cover lines, so the finned slugs find it and the text names it sashimi.
"""
from __future__ import annotations

from functools import lru_cache

from ..model import digit_name, joined, row_name
from .board import Board, Step, leaves_text, remember
from .links import live_candidates, shape_of

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
SLUGS = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}


def line_masks(board: Board, digit: int, rows: bool) -> list[int]:
    """For each base line, a mask of the cover lines where `digit` is still a candidate."""
    n = board.size
    bit = 1 << (digit - 1)
    cand = board.candidates
    masks = []
    for base in range(n):
        mask = 0
        for cover in range(n):
            if cand[base * n + cover if rows else cover * n + base] & bit:
                mask |= 1 << cover
        masks.append(mask)
    return masks


def base_sets(masks: list[int], k: int, width: int):
    """Every k base lines (ascending) with at least two places each, whose places together span
    at most `width` cover lines, with that span."""
    usable = [b for b, m in enumerate(masks) if 2 <= m.bit_count() <= width]

    def grow(start: int, chosen: tuple, union: int):
        if len(chosen) == k:
            yield chosen, union
            return
        for i in range(start, len(usable) - (k - len(chosen)) + 1):
            wider = union | masks[usable[i]]
            if wider.bit_count() <= width:
                yield from grow(i + 1, chosen + (usable[i],), wider)
    return grow(0, (), 0)


@lru_cache(maxsize=4096)
def bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def cover_sets(union: int, k: int):
    """Every k of the lines in `union`, as masks, in ascending order."""
    lines = bits(union)

    def grow(start: int, chosen: int, left: int):
        if not left:
            yield chosen
            return
        for i in range(start, len(lines) - left + 1):
            yield from grow(i + 1, chosen | 1 << lines[i], left - 1)
    return grow(0, 0, k)


def lines_text(indices, rows: bool, size: int) -> str:
    names = [row_name(i, size) if rows else str(i + 1) for i in indices]
    return ("rows " if rows else "columns ") + joined(names)


def fish_eliminations(board: Board, digit: int, rows: bool, base, cover: int):
    """d in the cover lines outside the base lines."""
    n = board.size
    bit = 1 << (digit - 1)
    cand = board.candidates
    found = []
    for line in range(n):
        if line in base:
            continue
        for c in bits(cover):
            cell = line * n + c if rows else c * n + line
            if cand[cell] & bit:
                found.append((cell, digit))
    return tuple(sorted(found))


def finned_eliminations(board: Board, digit: int, rows: bool, base, cover: int, fins):
    """d in the cells of the cover lines outside the base lines that see every fin."""
    n = board.size
    bit = 1 << (digit - 1)
    cand = board.candidates
    found = []
    for cell in board.geometry.common_peers(fins):
        row, column = divmod(cell, n)
        line, across = (row, column) if rows else (column, row)
        if cover >> across & 1 and line not in base and cand[cell] & bit:
            found.append((cell, digit))
    return tuple(sorted(found))


def fish_step(board: Board, slug: str, title: str, digit: int, rows: bool, base, cover: int,
              fins, eliminations) -> Step:
    g = board.geometry
    n = board.size
    cells = sorted(b * n + c if rows else c * n + b for b in base
                   for c in range(n) if board.has(b * n + c if rows else c * n + b, digit))
    covered = lines_text(bits(cover), not rows, n)
    if fins:
        covered += f", fin{'s' if len(fins) > 1 else ''} {g.names(fins)}"
    units = tuple(b if rows else n + b for b in base) + tuple(
        n + c if rows else c for c in bits(cover))
    if fins and any(sum(board.has(b * n + c if rows else c * n + b, digit) for c in bits(cover)) < 2
                    for b in base):
        title = title.replace("Finned", "Sashimi")
    return Step(slug, f"{title} on {digit_name(digit)} in {lines_text(base, rows, n)} ({covered}): "
                f"{leaves_text(g, eliminations)}",
                eliminations=eliminations, cells=tuple(cells), units=units,
                pattern=tuple((c, digit, int(c in fins)) for c in cells))


def basic_fish(board: Board, k: int) -> Step | None:
    for digit in range(1, board.size + 1):
        for rows in (True, False):
            masks = line_masks(board, digit, rows)
            for base, cover in base_sets(masks, k, k):
                if cover.bit_count() != k:
                    continue   # fewer cover lines than base lines: a broken position
                eliminations = fish_eliminations(board, digit, rows, base, cover)
                if eliminations:
                    return fish_step(board, SLUGS[k], NAMES[k], digit, rows, base, cover, (),
                                     eliminations)
    return None


def fin_spread(board: Board) -> int:
    """How many lines beyond the cover the fins may spread over: a box of a 9×9 spans three
    columns, one of them a cover line, so two. Wider houses (jigsaw regions, diagonals) could
    carry fins further; they are left out to keep the search small."""
    return max(2, round(board.size ** 0.5) - 1)


def finned_fish(board: Board, k: int) -> Step | None:
    n = board.size
    spread = fin_spread(board)
    for digit in range(1, n + 1):
        for rows in (True, False):
            masks = line_masks(board, digit, rows)
            for base, union in base_sets(masks, k, k + spread):
                if union.bit_count() <= k:
                    continue   # no room for a fin: a basic fish
                for cover in cover_sets(union, k):
                    if any(not masks[b] & cover for b in base):
                        continue
                    fins = [b * n + c if rows else c * n + b for b in base
                            for c in bits(masks[b] & ~cover)]
                    eliminations = finned_eliminations(board, digit, rows, base, cover, fins)
                    if eliminations:
                        return fish_step(board, f"finned-{SLUGS[k]}", f"Finned {NAMES[k]}",
                                         digit, rows, base, cover, fins, eliminations)
    return None


MAX_FINS = 2
# Base and cover sets tried in one search, all sizes and fin counts together: a hint's search
# stays within tens of ms on the boards where many houses hold few places (such a board could
# take seconds, and a stuck killer asks at every step); a count, not the clock, so a board always
# gets the same answer.
SEARCH_BUDGET = 3_000
LINE_KINDS = {"row": "row", "column": "column", "box": "box", "region": "box"}


def kinds_of(board: Board, houses) -> frozenset:
    return frozenset(LINE_KINDS[board.geometry.houses[h].kind] for h in houses)


def family(base_kinds: frozenset, cover_kinds: frozenset) -> str:
    """"basic" (rows against columns: the plain fish), "franken" or "mutant"."""
    for lines, across in (("row", "column"), ("column", "row")):
        if base_kinds <= {lines, "box"} and cover_kinds <= {across, "box"}:
            return "basic" if "box" not in base_kinds | cover_kinds else "franken"
    return "mutant"


def house_places(board: Board) -> dict[int, list[int]]:
    """For each digit, for each house, the mask of its cells (as cell bits) where the digit is a
    candidate. Kept on the board (franken and mutant fish both ask it), to be read."""
    return board.kept("_house_places", _house_places)


def _house_places(board: Board) -> dict[int, list[int]]:
    shape = shape_of(board.geometry)
    live = live_candidates(board)
    n = shape.cell_count
    return {d: [live >> ((d - 1) * n) & m for m in shape.house_mask]
            for d in range(1, board.size + 1)}


def general_fish(board: Board, k: int, wanted: str, most_fins: int, budget,
                 places_of) -> Step | None:
    """The first franken or mutant fish (`wanted`) of size k with at most `most_fins` fins.
    Each digit's search is kept (see `digit_fish_kept`); the budget is spent as if it ran."""
    for digit in range(1, board.size + 1):
        places = places_of[digit]
        spent, step = digit_fish_kept(board, k, wanted, most_fins, digit, places, budget[0])
        budget[0] -= spent
        if budget[0] < 0:
            return None
        if step:
            return step
    return None


# A digit's fish depend only on the geometry and that digit's places (its cells as a mask: the
# houses' places are that mask and each house's), and a stuck killer asks again at every stuck
# point on a board where most digits' places have not moved. Kept: the decrements of the budget
# the search made (up to the step found, or all of them) and its step; or, for a search the
# budget cut off, that it needs more than it had (it is run again if asked with more).
KEPT_FISH_MOST = 4096
kept_fish: dict = {}


def digit_fish_kept(board: Board, k: int, wanted: str, most_fins: int, digit: int, places,
                    left: int):
    """(budget spent, step or None) of `digit_fish` with `left` of the budget: the spending is
    the same whatever was left, as long as it does not run out (then (left + 1, None))."""
    everywhere = 0
    for mask in places:
        everywhere |= mask
    key = (board.geometry, k, wanted, most_fins, digit, everywhere)
    kept = kept_fish.get(key)
    if kept is not None:
        spent, step, whole = kept
        if spent > left:
            return left + 1, None
        if whole:
            return spent, step
    budget = [left]
    step = digit_fish(board, k, wanted, most_fins, digit, places, budget)
    whole = budget[0] >= 0
    spent = left - budget[0] if whole else left + 1
    remember(kept_fish, KEPT_FISH_MOST, key, (spent, step if whole else None, whole))
    return spent, step if whole else None


def digit_fish(board: Board, k: int, wanted: str, most_fins: int, digit: int, places,
               budget) -> Step | None:
    """The first franken or mutant fish of size k on `digit`, counting down `budget`."""
    g = board.geometry
    usable = [h for h, house in enumerate(g.houses) if house.kind in LINE_KINDS]
    all_places = 0
    for h in usable:
        all_places |= places[h]
    # a base house with more places than k covers and the fins could plausibly hold is
    # left out: the search stays within a hint's time (see MAX_FINS)
    bases = [h for h in usable if 2 <= places[h].bit_count() <= k + MAX_FINS]
    for base, union in disjoint_bases(bases, places, k):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        base_kinds = kinds_of(board, base)
        if wanted == "franken":
            if "column" in base_kinds and "row" in base_kinds:
                continue
            across = {"row": "column", "column": "row"}
            sides = [across[kind] for kind in base_kinds if kind in across] or ["row", "column"]
        else:
            sides = ["row", "column"]
        for side in sides:
            allowed = [h for h in usable if LINE_KINDS[g.houses[h].kind] in (side, "box")
                       or wanted == "mutant"]
            for cover, fins in covers(board, places, allowed, base, union, k, most_fins,
                                      budget):
                if family(base_kinds, kinds_of(board, cover)) != wanted:
                    continue
                step = general_fish_step(board, wanted, k, digit, places, all_places, base,
                                         cover, union, fins)
                if step:
                    return step
            if wanted == "mutant":
                break
    return None


def disjoint_bases(bases, places, k: int):
    """Every k of `bases` (ascending) no two of which share a place, with their places' union."""
    def grow(start: int, chosen: tuple, union: int):
        if len(chosen) == k:
            yield chosen, union
            return
        for i in range(start, len(bases) - (k - len(chosen)) + 1):
            here = places[bases[i]]
            if not here & union:
                yield from grow(i + 1, chosen + (bases[i],), union | here)
    return grow(0, (), 0)


def covers(board: Board, places, usable, base, union: int, k: int, most_fins: int, budget):
    """Every k cover houses (not base houses) holding all the base places but at most `most_fins`,
    with those fins (a cell mask): the lowest place not yet covered is covered by one of its
    houses, or is a fin."""
    g = board.geometry
    size = board.size
    houses_of = g.houses_of
    allowed = set(usable) - set(base)
    seen = set()

    def grow(left: int, chosen: frozenset, fins: int):
        budget[0] -= 1
        if budget[0] < 0:
            return
        if left.bit_count() > (k - len(chosen)) * size + most_fins - fins.bit_count():
            return
        if not left or len(chosen) == k:
            fins |= left
            if len(chosen) == k and fins.bit_count() <= most_fins and (chosen, fins) not in seen:
                seen.add((chosen, fins))
                yield tuple(sorted(chosen)), fins
            return
        low = left & -left
        cell = low.bit_length() - 1
        for h in houses_of[cell]:
            if h in allowed and h not in chosen:
                yield from grow(left & ~places[h], chosen | {h}, fins)
        if fins.bit_count() < most_fins and all(g.sees(cell, f) for f in bits_of(fins)):
            yield from grow(left & ~low, chosen, fins | low)   # fins that see each other
    return grow(union, frozenset(), 0)


def general_fish_step(board: Board, wanted: str, k: int, digit: int, places, all_places: int,
                      base, cover, union: int, fins: int) -> Step | None:
    g = board.geometry
    covered = 0
    for h in cover:
        covered |= places[h]
    targets = covered & ~union & all_places
    fin_cells = tuple(bits_of(fins))
    if fin_cells:
        targets &= sum(1 << c for c in g.common_peers(fin_cells))
    if not targets:
        return None
    eliminations = tuple((c, digit) for c in bits_of(targets))
    title = ("Finned " if fins else "") + f"{wanted.capitalize()} {NAMES[k]}"
    fin_text = f", fin{'s' if len(fin_cells) > 1 else ''} {g.names(fin_cells)}" if fins else ""
    base_cells = tuple(bits_of(union))
    return Step(f"{wanted}-fish", f"{title} on {digit_name(digit)}: base "
                f"{houses_text(g, base)} (each must hold a {digit_name(digit)}), covered by "
                f"{houses_text(g, cover)}{fin_text}: {leaves_text(g, eliminations)}",
                eliminations=eliminations, cells=base_cells, units=tuple(base) + tuple(cover),
                pattern=tuple((c, digit, int(fins >> c & 1)) for c in base_cells),
                # the page outlines the houses, base in blue and cover in orange: a box among
                # them is what tells a franken or mutant fish from a basic one
                sets=tuple((tuple(g.houses[h].cells), 0) for h in base)
                + tuple((tuple(g.houses[h].cells), 1) for h in cover))


def houses_text(g, houses) -> str:
    return joined(g.houses[h].name for h in houses)


def bits_of(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def franken_fish(board: Board) -> Step | None:
    return smallest_fish(board, "franken")


def mutant_fish(board: Board) -> Step | None:
    return smallest_fish(board, "mutant")


def smallest_fish(board: Board, wanted: str) -> Step | None:
    """Smallest first, and at each size a fish without fins before a finned one."""
    budget = [SEARCH_BUDGET]   # shared, counted down
    places_of = house_places(board)
    for k in (2, 3, 4):
        for most_fins in (0, MAX_FINS):
            step = general_fish(board, k, wanted, most_fins, budget, places_of)
            if step:
                return step
    return None


def x_wing(board: Board) -> Step | None:
    return basic_fish(board, 2)


def swordfish(board: Board) -> Step | None:
    return basic_fish(board, 3)


def jellyfish(board: Board) -> Step | None:
    return basic_fish(board, 4)


def finned_x_wing(board: Board) -> Step | None:
    return finned_fish(board, 2)


def finned_swordfish(board: Board) -> Step | None:
    return finned_fish(board, 3)


def finned_jellyfish(board: Board) -> Step | None:
    return finned_fish(board, 4)


STRATEGIES = {
    "x-wing": x_wing,
    "swordfish": swordfish,
    "jellyfish": jellyfish,
    "finned-x-wing": finned_x_wing,
    "finned-swordfish": finned_swordfish,
    "finned-jellyfish": finned_jellyfish,
    "franken-fish": franken_fish,
    "mutant-fish": mutant_fish,
}
