"""Almost locked sets (ALS): n cells of one house holding n + 1 digits between them. Take one of
those digits away and the rest are locked: every one of them is in the set.

- ALS-XZ: two sets A and B with a restricted common digit x (every x of A sees every x of B, so
  not both hold x). The one without x is locked, so a digit z of both is in A or in B: z leaves
  every cell seeing all the z's of both. Doubly linked (two restricted commons x and y): each set
  lacks one of x and y, so both are locked on their other digits (each leaves every cell seeing
  all its places in its own set) and x and y each leave every cell seeing all their places in
  the two sets.
- ALS-XY-Wing: sets A and B each share a restricted common with a third, C (x with A, y with B).
  C lacks at most one digit, so it holds x (then A lacks it and is locked) or y (B is): a digit z
  of A and B is in one of them, and leaves every cell seeing all its places in both.
- Death blossom: a stem cell, and for each of its digits a set (a petal) whose places for that
  digit all see the stem. Whatever the stem holds, that digit's petal lacks it and is locked, so
  a digit z of every petal (not the stem's) is in one of them: z leaves every cell seeing all
  its places in the petals.
- Sue de Coq: two or three cells where a line crosses a box, holding at least two digits more
  than cells, and sets of cells in the rest of the line and of the box with no digit in common,
  as many cells in all as digits: each digit is then in these cells exactly once. A digit of the
  line's set is in the line's part, one of the box's set in the box's part, any other in the
  crossing: each leaves the rest of its house (or of both).

"Sees" is `geometry.peers`, so jigsaw regions, diagonals and windows take part. Sets are of at
most MOST_CELLS cells, the first found with fewest cells in all is given.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..model import digit_name, digits_of
from .board import Board, Step, digits_text, leaves_text, remember
from .links import bits, shape_of

MOST_CELLS = 4   # cells of one almost locked set
MOST_SETS = 600  # sets a search pairs up (the smallest first); past it the rest are left out


@dataclass(frozen=True)
class Als:
    cells: int                  # cell mask
    digits: int                 # digit mask: one more digit than cells
    places: tuple[int, ...]     # places[d - 1]: the set's cells holding digit d (a cell mask)
    house: int

    @property
    def size(self) -> int:
        return self.cells.bit_count()


_kept: dict = {"board": None}   # what the set searches found on the last board asked


def kept_for(board: Board) -> dict:
    """What is kept for `board`: its sets per size limit, the restricted commons of pairs of
    them and each digit's places. ALS-XZ, ALS-XY-Wing, the ALS chain and the death blossom each
    ask the same of one stuck board (on Tarek's killers the sets alone were 4% of an
    explanation)."""
    last = _kept["board"]
    if last is None or last.puzzle is not board.puzzle or last.candidates != board.candidates:
        _kept.clear()
        _kept.update(board=board, sets={}, commons={}, places={})
    return _kept


def almost_locked_sets(board: Board, most: int = MOST_CELLS) -> list[Als]:
    """Every ALS of up to `most` cells, each cell set once (the first house it is met in),
    smallest first (kept for the board: the list is shared, to be read, not changed)."""
    kept = kept_for(board)["sets"]
    if most not in kept:
        kept[most] = _almost_locked_sets(board, most)
    return kept[most]


def _almost_locked_sets(board: Board, most: int) -> list[Als]:
    found: dict[int, Als] = {}
    for index in range(len(board.geometry.houses)):
        for als in _house_sets(board, index, most):
            if als.cells not in found:
                found[als.cells] = als
    return sorted(found.values(), key=lambda a: a.size)


# A house's sets read only its cells' candidates, and a stuck killer asks again at every stuck
# point on a board where most houses have not changed: each house's list kept on the geometry,
# the house, the size limit and the house's candidates. At most KEPT_HOUSES_MOST (then cleared).
KEPT_HOUSES_MOST = 4096
kept_houses: dict = {}


def _house_sets(board: Board, index: int, most: int) -> list[Als]:
    """The sets of up to `most` cells of house `index`, in the order its cells' combinations
    come, smallest first."""
    g = board.geometry
    cand = board.candidates
    key = (g, index, most, g.read_house[index](cand))
    found = kept_houses.get(key)
    if found is not None:
        return found
    found = []
    open_cells = [c for c in g.houses[index].cells if cand[c]]
    for size in range(1, min(most, len(open_cells) - 1) + 1):
        for cells in combinations(open_cells, size):
            digits = 0
            for c in cells:
                digits |= cand[c]
            if digits.bit_count() != size + 1:
                continue
            places = tuple(sum(1 << c for c in cells if cand[c] >> d & 1)
                           for d in range(board.size))
            found.append(Als(sum(1 << c for c in cells), digits, places, index))
    return remember(kept_houses, KEPT_HOUSES_MOST, key, found)


class Seen:
    """The cells seeing every cell of a mask, remembered (the searches ask again and again)."""

    def __init__(self, board: Board):
        self.shape = shape_of(board.geometry)
        self.memo: dict[int, int] = {}

    def __call__(self, cells: int) -> int:
        seen = self.memo.get(cells)
        if seen is None:
            seen = self.shape.cell_mask
            for c in bits(cells):
                seen &= self.shape.peer_mask[c]
            self.memo[cells] = seen
        return seen


def restricted_commons(a: Als, b: Als, seen: Seen, kept: dict | None = None) -> int:
    """The digits of both (disjoint) sets whose every place in one sees every place in the
    other: not both sets can hold them (a digit mask). `kept`, the board's `kept_for(...)
    ["commons"]`, remembers them: ALS-XZ and the graphs of ALS-XY-Wing and the ALS chain ask the
    same pairs of one board."""
    if kept is not None:
        found = kept.get((a.cells, b.cells))
        if found is None:
            found = kept[a.cells, b.cells] = restricted_commons(a, b, seen)
        return found
    found = 0
    for d in bits(a.digits & b.digits):
        if b.places[d] & ~seen(a.places[d]) == 0:
            found |= 1 << d
    return found


def places_of(board: Board, digit: int) -> int:
    """The open cells still holding `digit`, as a cell mask (kept for the board: every removal
    the set searches try asks it)."""
    kept = kept_for(board)["places"]
    found = kept.get(digit)
    if found is None:
        bit = 1 << (digit - 1)
        found = kept[digit] = sum(1 << c for c, m in enumerate(board.candidates) if m & bit)
    return found


def removals(board: Board, seen: Seen, sets, digit: int, outside: int) -> list[tuple[int, int]]:
    """(cell, digit) for each cell outside `outside` seeing every place of `digit` in `sets`."""
    where = 0
    for s in sets:
        where |= s.places[digit - 1]
    if not where:
        return []
    targets = seen(where) & ~outside
    if not targets:
        return []
    return [(c, digit) for c in bits(targets & places_of(board, digit))]


# --- words and drawing --------------------------------------------------------------------------

def set_text(board: Board, s: Als) -> str:
    """"A1+A2 (1/2/3)"."""
    g = board.geometry
    return f"{'+'.join(g.name(c) for c in bits(s.cells))} ({digits_text(s.digits)})"


def set_pattern(board: Board, sets, colours) -> tuple[tuple[int, int, int], ...]:
    """Each set's candidates in its colour (the sets outlined on the page by their cells)."""
    return tuple(sorted((c, d, colour) for s, colour in zip(sets, colours)
                        for c in bits(s.cells) for d in digits_of(board.candidates[c])))


def set_step(board: Board, slug: str, text: str, eliminations, sets, colours, units=()) -> Step:
    cells = 0
    for s in sets:
        cells |= s.cells
    return Step(slug, text, eliminations=tuple(sorted(set(eliminations))),
                cells=tuple(bits(cells)),
                units=tuple(sorted({s.house for s in sets} | set(units))),
                pattern=set_pattern(board, sets, colours),
                sets=tuple((tuple(bits(s.cells)), colour) for s, colour in zip(sets, colours)))


# --- ALS-XZ -------------------------------------------------------------------------------------

def als_xz(board: Board) -> Step | None:
    sets = almost_locked_sets(board)[:MOST_SETS]
    seen = Seen(board)
    g = board.geometry
    pairs = sorted(((a, b) for i, a in enumerate(sets) for b in sets[i + 1:]
                    if not a.cells & b.cells and (a.digits & b.digits).bit_count() >= 2
                    and a.size + b.size > 2),
                   key=lambda p: p[0].size + p[1].size)
    commons = kept_for(board)["commons"]
    for a, b in pairs:
        rcc = restricted_commons(a, b, seen, commons)
        if not rcc:
            continue
        both = a.cells | b.cells
        xs = [d + 1 for d in bits(rcc)]
        named = f"{set_text(board, a)} and {set_text(board, b)}"
        if len(xs) >= 2:
            x, y = xs[:2]
            gone = [e for d in (x, y) for e in removals(board, seen, (a, b), d, both)]
            for s in (a, b):
                for d in digits_of(s.digits & ~(1 << (x - 1)) & ~(1 << (y - 1))):
                    gone += removals(board, seen, (s,), d, s.cells)
            if gone:
                return set_step(board, "als-xz",
                                f"ALS-XZ, doubly linked: {named} are almost locked sets; "
                                f"{digit_name(x)} and {digit_name(y)} are both restricted "
                                f"common (each one's places in one set see its places in the "
                                f"other), so each set lacks one of them and holds all its "
                                f"other digits, and {digit_name(x)} and {digit_name(y)} are "
                                f"each in one of the sets: {leaves_text(g, gone)}",
                                gone, (a, b), (0, 1))
            continue
        (x,) = xs
        gone = [e for z in digits_of(a.digits & b.digits & ~rcc)
                for e in removals(board, seen, (a, b), z, both)]
        if gone:
            zs = digits_text(a.digits & b.digits & ~rcc)
            return set_step(board, "als-xz",
                            f"ALS-XZ: {named} are almost locked sets with the restricted common "
                            f"{digit_name(x)} (its places in one see its places in the other, "
                            f"so one set lacks it and holds all its other digits): {zs} is in "
                            f"one of the two, so {leaves_text(g, gone)}", gone, (a, b), (0, 1))
    return None


# --- ALS-XY-Wing ---------------------------------------------------------------------------------

def als_xy_wing(board: Board) -> Step | None:
    sets = almost_locked_sets(board)[:MOST_SETS]
    seen = Seen(board)
    g = board.geometry
    # set index → [(other set, common digits)]
    linked = rcc_graph(sets, seen, kept_for(board)["commons"])
    found = []
    for k, wings in linked.items():
        for (i, x), (j, y) in combinations(wings, 2):
            a, b, c = sets[i], sets[j], sets[k]
            if a.cells & b.cells or (x | y).bit_count() < 2:
                continue
            found.append((a.size + b.size + c.size, i, j, k, x, y))
    for _, i, j, k, x, y in sorted(found):
        a, b, c = sets[i], sets[j], sets[k]
        for dx in bits(x):
            for dy in bits(y & ~(1 << dx)):
                zs = a.digits & b.digits & ~(1 << dx) & ~(1 << dy)
                gone = [e for z in digits_of(zs)
                        for e in removals(board, seen, (a, b), z, a.cells | b.cells | c.cells)]
                if gone:
                    return set_step(board, "als-xy-wing",
                                    f"ALS-XY-Wing: {set_text(board, c)} shares the restricted "
                                    f"common {dx + 1} with {set_text(board, a)} and "
                                    f"{dy + 1} with {set_text(board, b)} (all three almost "
                                    f"locked sets); it holds {dx + 1} or {dy + 1}, so "
                                    f"one of the other two lacks its "
                                    f"restricted common and holds {digits_text(zs)}: "
                                    f"{leaves_text(g, gone)}", gone, (a, b, c), (0, 0, 1))
    return None


# --- ALS chain -----------------------------------------------------------------------------------

MOST_IN_CHAIN = 5   # sets in an ALS chain (two and three are ALS-XZ and ALS-XY-Wing)
MOST_CHAIN_SETS = 250
CHAIN_BUDGET = 20000   # chains tried, at most, per search


def rcc_graph(sets, seen: Seen, commons: dict | None = None) -> dict[int, list[tuple[int, int]]]:
    """Set index → [(other set, restricted common digits as a mask)] for disjoint sets
    (`commons` as restricted_commons takes it)."""
    linked: dict[int, list[tuple[int, int]]] = {}
    for i, a in enumerate(sets):
        for j in range(i + 1, len(sets)):
            b = sets[j]
            if a.cells & b.cells or not a.digits & b.digits:
                continue
            rcc = restricted_commons(a, b, seen, commons)
            if rcc:
                linked.setdefault(i, []).append((j, rcc))
                linked.setdefault(j, []).append((i, rcc))
    return linked


def als_chain(board: Board) -> Step | None:
    """Sets A1 … An, each sharing a restricted common with the next, no two in a row the same.
    If A1 lacked a digit z it would be locked, hold its restricted common with A2, which then
    lacks it and holds the next, and so on to An, which then lacks its last common and holds z:
    so z (a digit of A1 and An, neither end's common) is in A1 or An and leaves every cell
    seeing all its places in both. Chains of four or five sets (shorter ones are ALS-XZ and
    ALS-XY-Wing), fewest cells first."""
    sets = almost_locked_sets(board)[:MOST_CHAIN_SETS]
    seen = Seen(board)
    g = board.geometry
    linked = rcc_graph(sets, seen, kept_for(board)["commons"])
    found = []
    budget = [CHAIN_BUDGET]

    def extend(path, digits, used):
        budget[0] -= 1
        if len(path) >= 4:
            first, last = sets[path[0]], sets[path[-1]]
            zs = first.digits & last.digits & ~(1 << digits[0]) & ~(1 << digits[-1])
            if zs:
                found.append((sum(sets[i].size for i in path), list(path), list(digits), zs))
        if len(path) == MOST_IN_CHAIN or len(found) > 400 or budget[0] <= 0:
            return
        for j, rcc in linked.get(path[-1], ()):
            if sets[j].cells & used:
                continue
            for d in bits(rcc & ~(1 << digits[-1]) if digits else rcc):
                path.append(j)
                digits.append(d)
                extend(path, digits, used | sets[j].cells)
                path.pop()
                digits.pop()

    for i in linked:
        extend([i], [], sets[i].cells)
    for _, path, digits, zs in sorted(found, key=lambda f: f[0]):
        chain = [sets[i] for i in path]
        first, last = chain[0], chain[-1]
        used = 0
        for s in chain:
            used |= s.cells
        gone = [e for z in digits_of(zs)
                for e in removals(board, seen, (first, last), z, first.cells | last.cells)]
        if gone:
            zs = sum(1 << (d - 1) for _, d in gone)
            links = "".join(f"{set_text(board, s)} -{d + 1}- " for s, d in zip(chain, digits))
            return set_step(board, "als-chain",
                            f"ALS chain: {links}{set_text(board, last)}, almost locked sets each "
                            f"sharing the restricted common written between them with the next. "
                            f"If {set_text(board, first)} lacked {digits_text(zs)} it would hold "
                            f"{digits[0] + 1}, and each next set would lack one common and hold "
                            f"the other, down to the last, which would hold {digits_text(zs)}: "
                            f"{leaves_text(g, gone)}", gone, chain,
                            [k % 2 for k in range(len(chain))])
    return None


# --- Death blossom -------------------------------------------------------------------------------

def death_blossom(board: Board) -> Step | None:
    sets = almost_locked_sets(board)[:MOST_SETS]
    seen = Seen(board)
    g = board.geometry
    cand = board.candidates
    for stem in board.open_cells():
        digits = list(digits_of(cand[stem]))
        if not 2 <= len(digits) <= 3:
            continue
        stem_bit = 1 << stem
        petals_for = []
        for d in digits:
            petals_for.append([s for s in sets if not s.cells & stem_bit and s.places[d - 1]
                               and s.places[d - 1] & ~g_peer_mask(seen, stem) == 0])
        if not all(petals_for):
            continue
        for petals in _disjoint_choices(petals_for):
            zs = petals[0].digits
            for p in petals[1:]:
                zs &= p.digits
            zs &= ~cand[stem]
            used = stem_bit
            for p in petals:
                used |= p.cells
            gone = [e for z in digits_of(zs) for e in removals(board, seen, petals, z, used)]
            if gone:
                said = "; ".join(f"{digit_name(d)}: {set_text(board, p)}"
                                 for d, p in zip(digits, petals))
                return Step("death-blossom",
                            f"Death blossom: the stem {g.name(stem)} ({digits_text(cand[stem])}) "
                            f"and a petal, an almost locked set whose places for that digit all "
                            f"see the stem, for each of its digits ({said}). Whatever the stem "
                            f"holds, that petal lacks it and holds its other digits, so "
                            f"{digits_text(zs)} is in one of the petals: {leaves_text(g, gone)}",
                            eliminations=tuple(sorted(gone)),
                            cells=tuple(bits(used)),
                            units=tuple(sorted({p.house for p in petals})),
                            pattern=tuple(sorted(
                                [(stem, d, 1) for d in digits] + [
                                    (c, d, 0) for p in petals for c in bits(p.cells)
                                    for d in digits_of(cand[c])])),
                            sets=(((stem,), 1),
                                  *((tuple(bits(p.cells)), 0) for p in petals)))
    return None


def g_peer_mask(seen: Seen, cell: int) -> int:
    return seen.shape.peer_mask[cell]


def _disjoint_choices(options, most: int = 200):
    """One set from each list, pairwise disjoint, fewest cells first (at most `most` tried)."""
    chosen = []

    def walk(k, used, picked):
        if len(chosen) >= most:
            return
        if k == len(options):
            chosen.append(list(picked))
            return
        for s in options[k][:40]:
            if not s.cells & used:
                picked.append(s)
                walk(k + 1, used | s.cells, picked)
                picked.pop()
    walk(0, 0, [])
    return sorted(chosen, key=lambda ps: sum(p.size for p in ps))


# --- Sue de Coq ----------------------------------------------------------------------------------

def sue_de_coq(board: Board) -> Step | None:
    """The first Sue de Coq, line by line and the boxes (or regions) each line crosses."""
    g = board.geometry
    cand = board.candidates
    for line_index, line in enumerate(g.houses):
        if not line.is_line:
            continue
        for box_index in sorted({b for c in line.cells for b in g.houses_of[c]}):
            box = g.houses[box_index]
            if box.kind not in ("box", "region") or box_index == line_index:
                continue
            step = _crossing_kept(board, line_index, box_index)
            if step is not None:
                return step
    return None


# A crossing's Sue de Coq reads only the candidates of its line and its box, and a stuck killer
# asks again at every stuck point on a board where most crossings have not changed: the answer
# (step or none) kept on the two houses' candidates.
KEPT_CROSSINGS_MOST = 4096
kept_crossings: dict = {}


def _crossing_kept(board: Board, line_index: int, box_index: int) -> Step | None:
    g = board.geometry
    cand = board.candidates
    key = (g, line_index, box_index, g.read_house[line_index](cand), g.read_house[box_index](cand))
    try:
        return kept_crossings[key]
    except KeyError:
        pass
    step = _crossing_sue_de_coq(board, line_index, box_index)
    return remember(kept_crossings, KEPT_CROSSINGS_MOST, key, step)


def _crossing_sue_de_coq(board: Board, line_index: int, box_index: int) -> Step | None:
    """The first Sue de Coq where the line crosses the box."""
    g = board.geometry
    cand = board.candidates
    line, box = g.houses[line_index], g.houses[box_index]
    crossing = [c for c in line.cells if c in box.cells and cand[c]]
    line_rest = [c for c in line.cells if c not in box.cells and cand[c]]
    box_rest = [c for c in box.cells if c not in line.cells and cand[c]]
    for size in (2, 3):
        for core in combinations(crossing, size):
            v = 0
            for c in core:
                v |= cand[c]
            spare = v.bit_count() - size
            # each side set gains at most its 3 cells: more spare digits than two sides
            # can take never make a step (and on big empty grids would list millions)
            if spare < 2 or spare > 6:
                continue
            line_sets = _side_sets(cand, line_rest, v)
            box_by_gain: dict[int, list] = {}
            for b_set in _side_sets(cand, box_rest, v):
                box_by_gain.setdefault(b_set[2], []).append(b_set)
            for l_at, l_digits, l_gain in line_sets:
                # the box's sets that make up the spare digits, in their order
                for b_at, b_digits, b_gain in box_by_gain.get(spare - l_gain, ()):
                    if l_digits & b_digits:
                        continue
                    step = _sue_de_coq_step(board, core, v, tuple(line_rest[i] for i in l_at),
                                            l_digits, tuple(box_rest[i] for i in b_at),
                                            b_digits, line_index, box_index)
                    if step is not None:
                        return step
    return None


@lru_cache(maxsize=None)
def _index_sets(count: int, most: int = 3) -> tuple[tuple[tuple[int, ...], int], ...]:
    """(indices, the same as bits) for each set of 1..`most` of `count` places, smallest first."""
    return tuple((indices, sum(1 << i for i in indices))
                 for size in range(1, most + 1) for indices in combinations(range(count), size))


def _side_sets(cand, rest, v: int):
    """(indices in `rest`, digits, gain) for each set of 1..3 cells of `rest` with at least one
    digit of `v` per cell and more cells than digits outside `v` (gain: cells minus those
    digits)."""
    masks = tuple(cand[c] for c in rest)
    key = (masks, v)
    found = kept_sides.get(key)
    if found is not None:
        return found
    touching = 0   # the places in `rest` of the cells holding a digit of v
    for i, mask in enumerate(masks):
        if mask & v:
            touching |= 1 << i
    out = []
    for indices, positions in _index_sets(len(rest)):
        if positions & ~touching:
            continue
        digits = 0
        for i in indices:
            digits |= masks[i]
        gain = len(indices) - (digits & ~v).bit_count()
        if gain >= 1:
            out.append((indices, digits, gain))
    return remember(kept_sides, KEPT_SIDES_MOST, key, out)


# A side's sets depend only on its cells' candidates, in order, and the core's digits (they
# name cells by place in `rest`): kept on those, so a crossing asked again because its box
# changed reads its line's sets, and sides alike in any house share them. A list returned is
# shared, to be read.
KEPT_SIDES_MOST = 4096
kept_sides: dict = {}


def _sue_de_coq_step(board, core, v, l_cells, l_digits, b_cells, b_digits, line_index,
                     box_index) -> Step | None:
    g = board.geometry
    cand = board.candidates
    line, box = g.houses[line_index], g.houses[box_index]
    used = set(core) | set(l_cells) | set(b_cells)
    rest = v & ~l_digits & ~b_digits
    gone = []
    for c in line.cells:
        if c not in used and cand[c]:
            gone += [(c, d) for d in digits_of(cand[c] & (l_digits | rest))]
    for c in box.cells:
        if c not in used and cand[c]:
            gone += [(c, d) for d in digits_of(cand[c] & (b_digits | rest))]
    if not gone:
        return None
    gone = sorted(set(gone))
    count = len(used)
    said_rest = (f"; {digits_text(rest)}, in neither, only in the crossing, leave{'s' * (rest.bit_count() == 1)} "
                 f"both houses") if rest else ""
    text = (f"Sue de Coq: {g.names(core)}, where {line.name} crosses {box.name}, hold "
            f"{digits_text(v)}; with {g.names(l_cells)} ({digits_text(l_digits)}) in "
            f"{line.name} and {g.names(b_cells)} ({digits_text(b_digits)}) in {box.name}, "
            f"{count} cells hold {count} digits, each once. {digits_text(l_digits)} "
            f"stay{'s' * (l_digits.bit_count() == 1)} in {line.name}'s cells of them and "
            f"{digits_text(b_digits)} in {box.name}'s{said_rest}: {leaves_text(g, gone)}")
    pattern = ([(c, d, 0) for c in core for d in digits_of(cand[c])]
               + [(c, d, 1) for c in list(l_cells) + list(b_cells) for d in digits_of(cand[c])])
    return Step("sue-de-coq", text, eliminations=tuple(gone), cells=tuple(sorted(used)),
                units=(line_index, box_index), pattern=tuple(sorted(pattern)),
                sets=((tuple(sorted(core)), 0), (tuple(sorted(l_cells)), 1),
                      (tuple(sorted(b_cells)), 1)))


STRATEGIES = {
    "als-xz": als_xz,
    "als-xy-wing": als_xy_wing,
    "als-chain": als_chain,
    "death-blossom": death_blossom,
    "sue-de-coq": sue_de_coq,
}

