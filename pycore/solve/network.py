"""Compiles a Puzzle into flat lists the search loop can use without allocating: units, peers,
sum constraints over cells, and the starting candidate masks.

Constraint kinds (the first field of each constraint tuple):
- SET: cells holding distinct digits with a known total (killer cages, 45-rule innies/outies that
  lie in one unit); the live state is its digit sets (a shared DigitSets), the ones that still fit
  (bits over them), the cells' masks when it last looked, the needed digits whose places it had
  then dealt with, and the union and intersection of the live sets (set_state).
- TUPLES: KenKen cages, small killer cages and small non-distinct sums; the live state is the
  list of fillings that still fit, each packed into one int (cell i's digit bit shifted by
  i * size, so one AND checks a whole filling against the cells' masks packed the same way),
  and the union of those fillings.
- BOUNDS: a larger sum of cells that may repeat digits; only min/max reasoning, no live state.
- FULL: a KenKen cage too big to enumerate; arithmetic is checked once every cell is solved.
- SAME: jigsaw's law of leftovers, two groups of cells holding the same digits counted with
  repeats; the op field is how many of its cells are the first group. No live state.
- LINEAR: a derived killer sum with +1 and -1 coefficients (outies minus innies of a union of
  houses); the op field holds (shifted total, groups of mutually seeing cells with their sign,
  every cell with its sign and group: linear_op),
  reasoned about by bounds that know each group's digits differ, then exactly once three or fewer
  cells are open (its live state from then on: those cells and what they must make up, as cells
  only narrow below that node).
- EXACT: a killer cage or 45-rule group of EXACT_CELLS distinct digits with a total, added with
  the derived sums (add_exact; in a killer not wide everywhere revised only once one of its cells
  is solved, `exact_once_solved`): each cell keeps only the digits some one-to-one filling of a
  digit set puts there (the op field is combos.one_to_one's table). Revised at the fixpoint of
  the others, not from the queue; its live state is the fillings that fitted when it last looked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..model import (ARITHMETIC_KINDS, Puzzle, cage_name, cell_name, cells_of, digit_name,
                     full_mask, houses, leftovers, lines_name, mask_of)
from .combos import (LISTED_MAX_SIZE, cage_tuples, combinations_for, digit_sets, line_sum_range,
                     one_to_one, usable_digits)

SET, TUPLES, BOUNDS, FULL, LINEAR, SAME, EXACT = 0, 1, 2, 3, 4, 5, 6
# Law of leftovers constraints (jigsaws) with more cells a side than this are not kept: each cell
# keeps the digits of the other side, which says little once a side is wide.
LEFTOVER_CELLS = 4
KILLER_KINDS = frozenset({"killer", "killer-jigsaw"})
EXACT_CAGE_CELLS = 3    # killer cages up to this many cells also get exact tuple support
SMALL_TUPLE_GROUP = 3   # non-distinct 45-rule groups up to this many cells get exact tuples
BIG_BOUNDS_GROUP = 6    # ...and up to this many cells at least min/max reasoning
# Distinct-digit sums of these many cells get exact support (EXACT) once the derived sums are in.
# Smaller cages have exact TUPLES already; a 6-cell table would hold up to 8,640 fillings. 4-cell
# ones too since issue 43's kernel made them affordable (pycore/solve/README.md, EXACT).
EXACT_CELLS = (4, 5)
EXACT_MAX_SIZE = 9      # one_to_one's tables have 2^size entries per cell
# What a network reasons with. "solver": everything the search can afford. "pencil": what a
# person's easy steps read (pycore.explain.forcing.EASY: singles and each cage's own
# combinations), no rule of 45, no leftovers, no digit a cage needs taken from the cells that see
# all its places; "pencil-intersections" adds intersection removal (a forcing net's steps). The
# forcing searches propagate their suppositions with a pencil network: what it cannot refute the
# easy steps cannot either, and what it refutes they mostly can, so few suppositions are followed
# in vain (issue 44: the solver's network sent most of a killer's walks to a dead end).
READINGS = ("solver", "pencil", "pencil-intersections")


@dataclass
class Network:
    size: int
    cell_count: int
    all_digits: int
    units: list[tuple[int, ...]]
    unit_names: list[str]
    peers: list[tuple[int, ...]]
    peer_bits: list[int]                 # peers of each cell as a bit set over cells
    unit_bits: list[int]                 # cells of each unit as a bit set
    units_of: list[tuple[int, ...]]      # the units (indices) each cell is in
    unit_sets_of: list[int]              # the same, as a bit set over unit numbers
    constraints: list[tuple] = field(default_factory=list)   # (kind, cells, total, op)
    labels: list[str] = field(default_factory=list)          # how to name a constraint in a reason
    constraints_of: list[tuple[int, ...]] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)      # starting masks
    live: list = field(default_factory=list)                 # starting live state per constraint
    error: str | None = None                                 # why the puzzle cannot be solved
    pointing: bool = False              # run intersection removal (pays only for Windoku)
    onlookers: bool = True              # a digit a cage needs leaves the cells seeing its places
    exact_once_solved: bool = False     # EXACT revised only once one of its cells is solved
    constraint_bits: list = field(default_factory=list)      # cells of each constraint, bit set
    sum_tables: tuple | None = None     # (ascending sums, descending sums, mirror) per mask: LINEAR
    house_rests: list = field(default_factory=list)   # per constraint: rest of each house it is in
    place_counts: PlaceCounts | None = None   # for intersection removal (set with `pointing`)


class PlaceCounts:
    """Every digit's count of places in a unit, found with one addition per cell: a mask's digits
    are spread to lanes of `width` bits (`spread`), so the sum of a unit's spread masks holds each
    digit's count in its lane. Its `excess` added first, a lane's top bit is set exactly when
    the digit has more places than any cell outside the unit sees (peers in the unit through its
    row, column, box or cage); `digits` turns those top bits back into a digit mask.
    Intersection removal has nothing to find for such a digit: on Tarek #36 and #37 three in
    four digits it looked at had 5 to 9 places, where no outside cell sees more than 4 or 5."""
    __slots__ = ("spread", "digits", "top", "ones", "excess")

    def __init__(self, size: int, peer_bits: tuple[int, ...], unit_bits: tuple[int, ...]):
        width = size.bit_length() + 1   # a lane holds any count plus the excess
        self.top = width - 1
        self.ones = sum(1 << (width * d) for d in range(size))
        self.spread = Memo(lambda mask: sum(1 << (width * d)
                                            for d in range(mask.bit_length()) if mask >> d & 1))
        self.digits = Memo(lambda lanes: sum(1 << d for d in range(size)
                                             if lanes >> (width * d) & 1))
        outside_seen = [max(((peers & bits).bit_count() for cell, peers in enumerate(peer_bits)
                             if not bits >> cell & 1), default=0)
                        for bits in unit_bits]
        self.excess = [((1 << self.top) - 1 - seen) * self.ones for seen in outside_seen]


class Memo(dict):
    """key -> compute(key), remembered: read with [] in hot loops (a dict hit, no call)."""
    def __init__(self, compute):
        super().__init__()
        self.compute = compute

    def __missing__(self, key):
        value = self[key] = self.compute(key)
        return value


@lru_cache(maxsize=16)
def place_counts(size: int, peer_bits: tuple[int, ...], unit_bits: tuple[int, ...]) -> PlaceCounts:
    """One PlaceCounts per grid geometry: its memos fill once for every puzzle of that shape."""
    return PlaceCounts(size, peer_bits, unit_bits)


def place_counts_of(net: Network) -> PlaceCounts:
    return place_counts(net.size, tuple(net.peer_bits), tuple(net.unit_bits))


def units_of_cells(units, count: int) -> list[tuple[int, ...]]:
    found: list[list[int]] = [[] for _ in range(count)]
    for number, unit in enumerate(units):
        for cell in unit:
            found[cell].append(number)
    return [tuple(x) for x in found]


@lru_cache(maxsize=32)
def geometry(units: tuple[tuple[int, ...], ...], count: int):
    """(peers, peer_bits, unit_bits, units_of, unit_sets_of) of a grid's units: the same for
    every puzzle of a kind and size (and a jigsaw's regions), so built once. Solving an easy 9x9
    spent a third of its time here (bench/solve_bench.py --engines). Shared: never mutated."""
    peer_bits = [0] * count
    for unit in units:
        bits = sum(1 << c for c in unit)
        for cell in unit:
            peer_bits[cell] |= bits
    peer_bits = tuple(bits & ~(1 << cell) for cell, bits in enumerate(peer_bits))
    peers = tuple(cells_of(bits) for bits in peer_bits)
    units_of = tuple(units_of_cells(units, count))
    return (peers, peer_bits, tuple(sum(1 << c for c in unit) for unit in units), units_of,
            tuple(sum(1 << u for u in numbers) for numbers in units_of))


def compile_puzzle(puzzle: Puzzle, reading: str = "solver") -> Network:
    """The puzzle's network, reasoning as `reading` (READINGS) says."""
    if reading not in READINGS:
        raise ValueError(f"unknown reading {reading!r} (one of {', '.join(READINGS)})")
    n, count = puzzle.size, puzzle.cell_count
    problem = check_shape(puzzle)
    if problem:
        # Nothing else can be built on a malformed puzzle; the solver reports `error`.
        return Network(n, count, full_mask(n), [], [], [], [], [], [], [], error=problem)
    # Windoku's hidden windows are units too: without them the search wandered for minutes in
    # almost empty Windoku grids (BENCHMARKS.md).
    named = houses(puzzle)
    units = tuple(tuple(cells) for _, cells, _ in named)
    killer = puzzle.kind in KILLER_KINDS
    peers, peer_bits, unit_bits, units_of, unit_sets_of = geometry(units, count)
    if killer:
        # A killer cage never repeats a digit: its cells are peers of each other.
        peers, peer_bits = list(peers), list(peer_bits)
        for cage in puzzle.cages:
            cage_bits = sum(1 << c for c in cage.cells)
            for cell in cage.cells:
                if cage_bits & ~peer_bits[cell] & ~(1 << cell):
                    peer_bits[cell] |= cage_bits & ~(1 << cell)
                    peers[cell] = cells_of(peer_bits[cell])
    net = Network(
        size=n, cell_count=count, all_digits=full_mask(n), units=list(units),
        unit_names=[name for _, _, name in named],
        peers=peers, peer_bits=peer_bits, unit_bits=unit_bits, units_of=units_of,
        unit_sets_of=unit_sets_of,
    )
    net.candidates = [net.all_digits] * count
    # Measured: the windows overlap rows, columns and boxes so much that intersection removal
    # saves more search than it costs; for every other kind it costs more than it saves.
    pencil = reading != "solver"
    net.pointing = reading == "pencil-intersections" or (not pencil and puzzle.kind == "windoku")
    net.onlookers = not pencil
    if net.pointing:
        net.place_counts = place_counts_of(net)
    net.error = place_givens(puzzle, net)
    if net.error:
        return net
    net.error = add_cages(puzzle, net, killer)
    if net.error:
        return net
    if pencil:
        # The easy steps keep each cell's digits of the fillings that fit a cage, not of its
        # combinations: so does an EXACT twin (a cage of EXACT_CELLS cells; larger ones keep
        # the combinations' digits, a little weaker than the easy steps)
        add_exact(net)
    else:
        if killer:
            add_45_rule(puzzle, net)
        if puzzle.regions is not None:
            add_leftovers(puzzle, net)
    index_constraints(net)
    return net


@lru_cache(maxsize=8)
def compiled(puzzle: Puzzle, reading: str = "solver") -> Network:
    """compile_puzzle's network, kept: to read (the forcing searches' propagations copy its
    live state; kernel.board_words encodes it), never to change, as a search does when it
    adds the derived sums."""
    return compile_puzzle(puzzle, reading)


def index_constraints(net: Network) -> None:
    """The constraints each cell is in, and each constraint's cells as a bit set."""
    lists = [[] for _ in range(net.cell_count)]
    for index, (_, cells, _, _) in enumerate(net.constraints):
        for cell in cells:
            lists[cell].append(index)
    net.constraints_of = [tuple(x) for x in lists]
    net.constraint_bits = [sum(1 << c for c in cells) for _, cells, _, _ in net.constraints]
    # Like intersection removal, this pays only once a killer needs guessing; a person's easy
    # steps do not read it (a pencil network).
    rests = net.pointing and net.onlookers
    net.house_rests = [house_rests(net, kind, cells, bits) if rests else ()
                       for (kind, cells, _, _), bits in zip(net.constraints, net.constraint_bits)]


def house_rests(net: Network, kind: int, cells, bits: int) -> tuple[tuple[int, ...], ...]:
    """For a SET constraint, the other cells of each house that holds all its cells: a digit
    none of them can hold must be in the constraint's combination."""
    if kind != SET or len(cells) < 2:
        return ()
    rests = []
    for number in net.units_of[cells[0]]:   # a house holding them all holds the first
        unit_bits = net.unit_bits[number]
        if not bits & ~unit_bits and unit_bits != bits:
            rests.append(tuple(c for c in net.units[number] if not bits >> c & 1))
    return tuple(rests)


def add_derived_when_stuck(puzzle: Puzzle, net: Network) -> int:
    """Adds the derived killer sums (add_derived_sums) the first time the search must guess:
    most killers are solved by propagation alone and never pay for building them. Returns the
    index of the first new constraint (len(net.constraints) when none were added)."""
    start = len(net.constraints)
    if puzzle.kind in KILLER_KINDS and not net.error:
        # Measured on the hardest killers: intersection removal takes 11% fewer guesses once
        # a killer needs guessing, at no cost in time (it only pays for Windoku otherwise).
        net.pointing = True
        net.place_counts = place_counts_of(net)
        add_derived_sums(puzzle, net)
        index_constraints(net)
    return start


def add_exact(net: Network) -> int:
    """Adds EXACT twins of the SET constraints of EXACT_CELLS cells, with the derived sums
    (engine.Solver.add_derived: in a killer not wide everywhere revised only once one of their
    cells is solved). A SET keeps the digits of its live digit sets; its twin, only the
    digits a one-to-one filling of one of them puts in each cell. The 14 Mathemagic killers
    (all 5-cell cages) took 38% fewer guesses and 0.91x the time; for every other killer, once
    one of a twin's cells is solved, TAREK_ALL and EXTREME_KILLERS in six orientations 15% fewer
    guesses in the kernel for the same time or a little less (pycore/solve/README.md). Returns
    the index of the first one added."""
    start = len(net.constraints)
    if net.size <= EXACT_MAX_SIZE:
        for (kind, cells, total, _), label in list(zip(net.constraints, net.labels)):
            if kind == SET and len(cells) in EXACT_CELLS:
                add(net, EXACT, cells, total, one_to_one(net.size, total, len(cells)), label,
                    None)
        index_constraints(net)
    return start


def check_shape(puzzle: Puzzle) -> str | None:
    n, count = puzzle.size, puzzle.cell_count
    if n < 1:
        return f"a grid of size {n} has no cells"
    if len(puzzle.givens) != count:
        return f"the puzzle has {len(puzzle.givens)} givens for {count} cells"
    if puzzle.regions is not None:
        if len(puzzle.regions) != count:
            return f"the puzzle has {len(puzzle.regions)} region numbers for {count} cells"
        for region in range(1, n + 1):
            if puzzle.regions.count(region) != n:
                return f"region {region} has {puzzle.regions.count(region)} cells, not {n}"
    for cell, digit in enumerate(puzzle.givens):
        if not 0 <= digit <= n:
            return f"{cell_name(cell, n)} holds {digit}, outside 1…{n}"
    seen: dict[int, int] = {}
    for number, cage in enumerate(puzzle.cages, 1):
        if not cage.cells:
            return f"cage {number} has no cells"
        for cell in cage.cells:
            if not 0 <= cell < count:
                return f"cage {number} names cell {cell}, outside the grid"
            if cell in seen:
                return f"{cell_name(cell, n)} is in cage {seen[cell]} and cage {number}"
            seen[cell] = number
    return None


def place_givens(puzzle: Puzzle, net: Network) -> str | None:
    """Givens become single candidates; two equal givens in a unit are reported by name."""
    n = puzzle.size
    for unit, name in zip(net.units, net.unit_names):
        first: dict[int, int] = {}
        for cell in unit:
            digit = puzzle.givens[cell]
            if digit and digit in first:
                return (f"{cell_name(first[digit], n)} and {cell_name(cell, n)} "
                        f"both hold {digit_name(digit)} in {name}")
            first.setdefault(digit, cell)
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            net.candidates[cell] = 1 << (digit - 1)
    return None


def add_cages(puzzle: Puzzle, net: Network, killer: bool) -> str | None:
    n = puzzle.size
    arithmetic = puzzle.kind in ARITHMETIC_KINDS
    for cage in puzzle.cages:
        cells = tuple(cage.cells)
        label = cage_name(cage, puzzle.kind, n)
        if killer or not arithmetic:
            if len(cells) > n:
                return f"{label} has {len(cells)} cells but only {n} different digits exist"
            k = len(cells)
            if not k * (k + 1) // 2 <= cage.total <= k * (2 * n - k + 1) // 2:
                return f"{label} has no combination of {k} digits totalling {cage.total}"
            if n > LISTED_MAX_SIZE:   # too many digit sets to list: the sum's bounds alone
                add(net, BOUNDS, cells, cage.total, "+", label, None)
                continue
            add(net, SET, cells, cage.total, "+", label,
                set_state(combinations_for(n, cage.total, k)))
            if 1 < len(cells) <= EXACT_CAGE_CELLS:
                # Small cages also get exact support: each digit must sit in a whole filling.
                tuples = cage_tuples("+", cage.total, n, cells, lambda i, j: True)
                add(net, TUPLES, cells, cage.total, "+", label, tuples_state(tuples, n))
            continue
        if len(cells) == 1:
            if not 1 <= cage.total <= n:
                return f"{label} is one cell with total {cage.total}, outside 1…{n}"
            add(net, SET, cells, cage.total, "+", label, set_state([1 << (cage.total - 1)]))
            continue
        peer_bits = net.peer_bits
        tuples = cage_tuples(cage.op, cage.total, n, cells,
                             lambda i, j: peer_bits[cells[i]] >> cells[j] & 1)
        if tuples is None:
            low, high = line_sum_range(cells, n) if cage.op == "+" else (cage.total, cage.total)
            if not low <= cage.total <= high:
                return (f"{label} has no way to make {cage.total} with + from {len(cells)} digits "
                        f"1…{n}, its cells in each row and column being different")
            # Too many fillings to list: keep the digits that can take part at all, and check
            # the arithmetic (or, for sums, min/max) as cells get solved.
            usable = mask_of(usable_digits(cage.op, cage.total, n, len(cells)))
            for cell in cells:
                net.candidates[cell] &= usable
            add(net, FULL, cells, cage.total, cage.op, label, None)
            continue
        if not tuples:
            return (f"{label} has no way to make {cage.total} with {cage.op} "
                    f"from {len(cells)} digits 1…{n}")
        add(net, TUPLES, cells, cage.total, cage.op, label, tuples_state(tuples, n))
    return None


def set_state(combos) -> tuple:
    """A SET constraint's starting live state: its digit sets (shared, memoising), the live ones
    (all, as bits), then (filled in by revise_set) the cells' masks when it last looked, the
    needed digits whose places it dealt with then, and the union and intersection of the live
    sets (-1 and 0 until then, so the first look filters by both)."""
    sets = digit_sets(tuple(combos))
    return (sets, sets.every, None, 0, -1, 0)


def tuples_state(tuples: list[tuple[int, ...]], size: int) -> tuple[list[int], int]:
    """A TUPLES constraint's starting live state: its fillings packed (cell i's digit bit
    shifted by i * size) and their union."""
    packed = []
    union = 0
    for filling in tuples:
        code = 0
        for position, bit in enumerate(filling):
            code |= bit << (position * size)
        packed.append(code)
        union |= code
    return packed, union


def add(net: Network, kind: int, cells, total: int, op: str, label: str, live) -> None:
    net.constraints.append((kind, tuple(cells), total, op))
    net.labels.append(label)
    net.live.append(live)


def add_leftovers(puzzle: Puzzle, net: Network) -> None:
    """Jigsaw's law of leftovers (pycore.model.leftovers) as SAME constraints, where each side
    has at most LEFTOVER_CELLS cells."""
    n = puzzle.size
    for found in leftovers(puzzle, LEFTOVER_CELLS):
        label = (f"the leftovers of {lines_name(found.lines, n)} "
                 f"({', '.join(cell_name(c, n) for c in found.inside)} "
                 f"against {', '.join(cell_name(c, n) for c in found.outside)})")
        add(net, SAME, found.inside + found.outside, 0, len(found.inside), label, None)


def add_45_rule(puzzle: Puzzle, net: Network) -> None:
    """Every row, column and box (and every band of consecutive rows or columns) sums to a known
    total. Cages wholly inside such an area fix the total of the area's other cells (innies);
    cages that stick out fix the total of the cells outside (outies). Each small group becomes a
    sum constraint of its own, which is what solves the hardest killers without guessing.
    Cell sets are bit sets (bit i = cell i) to keep this cheap for every puzzle."""
    n = puzzle.size
    unit_total = n * (n + 1) // 2
    areas: list[tuple[int, int, str]] = []
    for unit, bits, name in zip(net.units, net.unit_bits, net.unit_names):
        areas.append((bits, 1, name))
    row_bits = net.unit_bits[:n]
    col_bits = net.unit_bits[n:2 * n]
    for k in range(2, n):
        for start in range(0, n - k + 1):
            areas.append((sum(row_bits[start:start + k]), k, f"rows {start + 1}-{start + k}"))
            areas.append((sum(col_bits[start:start + k]), k, f"columns {start + 1}-{start + k}"))
    cages = [(sum(1 << c for c in cage.cells), cage.total) for cage in puzzle.cages]
    caged = 0
    for bits, _ in cages:
        caged |= bits
    seen = {bits for bits, _ in cages}
    for area, units_in_area, name in areas:
        inside_cells = inside_total = touching_cells = touching_total = 0
        for bits, total in cages:
            if bits & area:
                touching_cells |= bits
                touching_total += total
                if not bits & ~area:
                    inside_cells |= bits
                    inside_total += total
        area_total = units_in_area * unit_total
        add_group(net, area & ~inside_cells, area_total - inside_total,
                  f"the innies of {name}", seen)
        # Outies need every cell of the area caged: then the touching cages' totals are known.
        if not area & ~caged:
            add_group(net, touching_cells & ~area, touching_total - area_total,
                      f"the outies of {name}", seen)


def add_group(net: Network, bits: int, total: int, label: str, seen: set) -> None:
    """A set of cells (as bits) with a known total becomes the strongest constraint it can
    afford: digit sets when its cells all see each other, else tuples or min/max."""
    count = bits.bit_count()
    if not count or count > max(net.size - 1, BIG_BOUNDS_GROUP) or bits in seen:
        return   # empty, known, or too big to be distinct and to be worth min/max reasoning
    seen.add(bits)
    n = net.size
    peer_bits = net.peer_bits
    ordered = cells_of(bits)
    distinct = all(not (bits & ~(1 << c)) & ~peer_bits[c] for c in ordered)
    if distinct and n <= LISTED_MAX_SIZE:
        if count < n:
            add(net, SET, ordered, total, "+", label,
                set_state(combinations_for(n, total, count)))
    elif count <= SMALL_TUPLE_GROUP:
        tuples = cage_tuples("+", total, n, ordered,
                             lambda i, j: peer_bits[ordered[i]] >> ordered[j] & 1)
        add(net, TUPLES, ordered, total, "+", label, tuples_state(tuples or [], n))
    elif count <= BIG_BOUNDS_GROUP:
        add(net, BOUNDS, ordered, total, "+", label, None)


# --- derived sums with +1/-1 coefficients ------------------------------------------------------

DERIVED_MAX_SIZE = 12     # sum_tables cover masks of up to this many digits
DERIVED_MAX_CELLS = 6     # a derived sum over cells that are all caged stays this small


@lru_cache(maxsize=None)
def sum_tables(n: int) -> tuple[list, list, list]:
    """Per candidate mask: the running sums of its digits from the smallest up and from the
    largest down (index k = the k smallest / largest together), and the mask mirrored
    (digit d becomes n+1-d), which turns a -1 coefficient into a +1."""
    ascending, descending, mirror = [], [], []
    for mask in range(1 << n):
        digits = [d + 1 for d in range(n) if mask >> d & 1]
        up, down = [0], [0]
        for d in digits:
            up.append(up[-1] + d)
        for d in reversed(digits):
            down.append(down[-1] + d)
        ascending.append(tuple(up))
        descending.append(tuple(down))
        mirror.append(sum(1 << (n - 1 - d) for d in range(n) if mask >> d & 1))
    return ascending, descending, mirror


def cliques(cells, peer_bits) -> list[tuple[int, ...]]:
    """Splits cells into groups that all see each other (greedy, in cell order): a group's
    digits differ, which is what makes its sum's bounds tight."""
    groups: list[list[int]] = []
    for cell in cells:
        for group in groups:
            if all(peer_bits[cell] >> other & 1 for other in group):
                group.append(cell)
                break
        else:
            groups.append([cell])
    return [tuple(g) for g in groups]


def house_kinds(net: Network, puzzle: Puzzle) -> list[list[int]]:
    """The houses of each kind (rows, columns, boxes or regions) as cell bit sets."""
    n = net.size
    kinds = [net.unit_bits[:n], net.unit_bits[n:2 * n]]
    if puzzle.region_of is not None:
        kinds.append(net.unit_bits[2 * n:3 * n])
    return kinds


def house_unions(houses: list[int], cages) -> list[tuple[int, int, int]]:
    """Per union of houses (indexed by the chosen houses as bits): its cells, the cells of the
    cages with more than half their cells inside it, and those cages' totals added. The unions
    are walked in Gray-code order, each one house away from the one before, so only the cages
    touching that house are looked at again (0.6x the time of testing every cage against every
    union)."""
    touching = [[(i, (bits & house).bit_count(), size // 2, bits, total)
                 for i, (bits, size, total) in enumerate(cages) if bits & house]
                for house in houses]
    inside = [0] * len(cages)   # each cage's cells inside the current union
    area = pieces = pieces_total = chosen = 0
    found = [(0, 0, 0)] * (1 << len(houses))
    for step in range(1, 1 << len(houses)):
        house = (step & -step).bit_length() - 1
        chosen ^= 1 << house
        area ^= houses[house]
        joined = chosen >> house & 1
        for i, count, half, bits, total in touching[house]:
            was = inside[i]
            now = inside[i] = was + count if joined else was - count
            if (now > half) != (was > half):   # more than half its cells inside, or no longer
                pieces ^= bits
                pieces_total += total if now > half else -total
        found[chosen] = (area, pieces, pieces_total)
    return found


def add_derived_sums(puzzle: Puzzle, net: Network) -> None:
    """The rule of 45 over every union of k houses of one kind (k = 1 … n-1; all of them, not
    runs from one end, so a turned or permuted grid gets the same sums: runs of rows, columns
    and boxes from the top-left gave a rotated killer 28 where the published one had 32, a
    band-permuted one 17): the cages mostly inside the union (more than half their cells) add
    to a known total, so the cells they leave out of the union (innies) and the cells they bring
    in from outside (outies) are tied: sum(outies) - sum(innies) = cage totals - 45k. And per
    house, each cage poking out by one cell ties that cell to the rest of the house. Built once
    per puzzle, as LINEAR."""
    n = net.size
    if n > DERIVED_MAX_SIZE:
        return
    net.sum_tables = sum_tables(n)
    unit_total = n * (n + 1) // 2
    cages = [(sum(1 << c for c in cage.cells), len(cage.cells), cage.total)
             for cage in puzzle.cages]
    caged = 0
    for bits, _, _ in cages:
        caged |= bits
    seen = {(sum(1 << c for c in cells), 0) for _, cells, _, _ in net.constraints}
    for kind_houses in house_kinds(net, puzzle):
        unions = house_unions(kind_houses, cages)
        for chosen in range(1, (1 << n) - 1):   # every union but the whole grid
            area, pieces, pieces_total = unions[chosen]
            innies, outies = area & ~pieces, pieces & ~area
            a, b = innies.bit_count(), outies.bit_count()
            if not a + b or a + b > n or (a > 2 and b > 2):
                continue
            if not (innies | outies) & ~caged and a + b > DERIVED_MAX_CELLS:
                continue
            k = chosen.bit_count()
            add_linear(net, outies, innies, pieces_total - k * unit_total,
                       f"the innies and outies of {k} houses", seen)
    add_poking_out(net, cages, unit_total, seen)


def add_poking_out(net: Network, cages, unit_total: int, seen) -> None:
    """A cage with one cell outside a house: that cell differs from the rest of the house
    (less the cages wholly inside) by a known amount."""
    for house, name in zip(net.unit_bits, net.unit_names):
        inside = inside_total = 0
        for bits, _, total in cages:
            if bits & house and not bits & ~house:
                inside |= bits
                inside_total += total
        rest = house & ~inside
        for bits, size, total in cages:
            out = bits & ~house
            if bits & house and out.bit_count() == 1:
                remaining = rest & ~bits
                if remaining.bit_count() + 1 <= DERIVED_MAX_CELLS:
                    add_linear(net, remaining, out, unit_total - inside_total - total,
                               f"the cage poking out of {name}", seen)


def add_linear(net: Network, plus: int, minus: int, total: int, label: str, seen) -> None:
    """sum(plus cells) - sum(minus cells) = total, as a LINEAR constraint (or a plain sum
    through add_group when every coefficient is +1)."""
    key = (plus, minus)
    if key in seen or (minus, plus) in seen or not plus | minus:
        return   # known, or the same equation with both sides swapped
    seen.add(key)
    if not minus:
        add_group(net, plus, total, label, set())
        return
    if not plus:
        add_group(net, minus, -total, label, set())
        return
    peer_bits = net.peer_bits
    groups = [(1, g) for g in cliques(cells_of(plus), peer_bits)]
    groups += [(-1, g) for g in cliques(cells_of(minus), peer_bits)]
    shifted = total + (net.size + 1) * minus.bit_count()
    cells = cells_of(plus) + cells_of(minus)
    add(net, LINEAR, cells, total, linear_op(shifted, tuple(groups)), label, None)


def linear_op(shifted: int, groups) -> tuple:
    """A LINEAR constraint's op field: the total with minus cells mirrored, the groups of
    mutually seeing cells with their sign, and every cell as (cell, sign, group number), the
    starting list of the exact filter once three or fewer cells are open."""
    every_cell = tuple((cell, sign, number) for number, (sign, cells) in enumerate(groups)
                       for cell in cells)
    return shifted, groups, every_cell
