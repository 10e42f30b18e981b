"""Compiles a Puzzle into flat lists the search loop can use without allocating: units, peers,
sum constraints over cells, and the starting candidate masks.

Constraint kinds (the first field of each constraint tuple):
- SET: cells holding distinct digits with a known total (killer cages, 45-rule innies/outies that
  lie in one unit); the live state is the list of digit sets (masks) that still fit.
- TUPLES: KenKen cages and small non-distinct sums; the live state is the list of tuples (one
  candidate bit per cell) that still fit, with the union of each position.
- BOUNDS: a larger sum of cells that may repeat digits; only min/max reasoning, no live state.
- FULL: a KenKen cage too big to enumerate; arithmetic is checked once every cell is solved.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model import ARITHMETIC_KINDS, Puzzle, full_mask, mask_of
from .combos import cage_tuples, combinations_for, usable_digits

SET, TUPLES, BOUNDS, FULL = 0, 1, 2, 3
KILLER_KINDS = frozenset({"killer", "killer-jigsaw"})
EXACT_CAGE_CELLS = 3    # killer cages up to this many cells also get exact tuple support
SMALL_TUPLE_GROUP = 3   # non-distinct 45-rule groups up to this many cells get exact tuples
BIG_BOUNDS_GROUP = 6    # ...and up to this many cells at least min/max reasoning


def cell_name(cell: int, size: int) -> str:
    return f"r{cell // size + 1}c{cell % size + 1}"


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
    constraints: list[tuple] = field(default_factory=list)   # (kind, cells, total, op)
    labels: list[str] = field(default_factory=list)          # how to name a constraint in a reason
    constraints_of: list[tuple[int, ...]] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)      # starting masks
    live: list = field(default_factory=list)                 # starting live state per constraint
    error: str | None = None                                 # why the puzzle cannot be solved
    pointing: bool = False              # run intersection removal (pays only for Windoku)
    constraint_bits: list = field(default_factory=list)      # cells of each constraint, bit set


def units_of_cells(units, count: int) -> list[tuple[int, ...]]:
    found: list[list[int]] = [[] for _ in range(count)]
    for number, unit in enumerate(units):
        for cell in unit:
            found[cell].append(number)
    return [tuple(x) for x in found]


def unit_names(puzzle: Puzzle) -> list[str]:
    n = puzzle.size
    names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
    word = "region" if puzzle.regions is not None else "box"
    extra = len(puzzle.units) - len(names)
    if puzzle.region_of is not None:
        names += [f"{word} {b + 1}" for b in range(n)]
        extra -= n
    extra_word = "diagonal" if puzzle.kind == "sudoku-x" else "window"
    names += [f"{extra_word} {i + 1}" for i in range(extra)]
    return names


def compile_puzzle(puzzle: Puzzle) -> Network:
    n, count = puzzle.size, puzzle.cell_count
    problem = check_shape(puzzle)
    if problem:
        # Nothing else can be built on a malformed puzzle; the solver reports `error`.
        return Network(n, count, full_mask(n), [], [], [], [], [], [], error=problem)
    units = [tuple(u) for u in puzzle.units]
    killer = puzzle.kind in KILLER_KINDS
    peer_sets = [set() for _ in range(count)]
    for unit in units:
        for cell in unit:
            peer_sets[cell].update(unit)
    if killer:
        # A killer cage never repeats a digit: its cells are peers of each other.
        for cage in puzzle.cages:
            for cell in cage.cells:
                peer_sets[cell].update(cage.cells)
    for cell in range(count):
        peer_sets[cell].discard(cell)
    net = Network(
        size=n, cell_count=count, all_digits=full_mask(n), units=units,
        unit_names=unit_names(puzzle),
        peers=[tuple(sorted(p)) for p in peer_sets],
        peer_bits=[sum(1 << p for p in ps) for ps in peer_sets],
        unit_bits=[sum(1 << c for c in unit) for unit in units],
        units_of=units_of_cells(units, count),
    )
    net.candidates = [net.all_digits] * count
    # Measured: the windows overlap rows, columns and boxes so much that intersection removal
    # saves more search than it costs; for every other kind it costs more than it saves.
    net.pointing = puzzle.kind == "windoku"
    net.error = place_givens(puzzle, net)
    if net.error:
        return net
    net.error = add_cages(puzzle, net, killer)
    if net.error:
        return net
    if killer:
        add_45_rule(puzzle, net)
    lists = [[] for _ in range(count)]
    for index, (_, cells, _, _) in enumerate(net.constraints):
        for cell in cells:
            lists[cell].append(index)
    net.constraints_of = [tuple(x) for x in lists]
    net.constraint_bits = [sum(1 << c for c in cells) for _, cells, _, _ in net.constraints]
    return net


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
                        f"both hold {digit} in {name}")
            first.setdefault(digit, cell)
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            net.candidates[cell] = 1 << (digit - 1)
    return None


def cage_label(number: int, cells, size: int) -> str:
    return f"cage {number} at {cell_name(cells[0], size)}"


def add_cages(puzzle: Puzzle, net: Network, killer: bool) -> str | None:
    n = puzzle.size
    arithmetic = puzzle.kind in ARITHMETIC_KINDS
    for number, cage in enumerate(puzzle.cages, 1):
        cells = tuple(cage.cells)
        label = cage_label(number, cells, n)
        if killer or not arithmetic:
            if len(cells) > n:
                return f"{label} has {len(cells)} cells but only {n} different digits exist"
            combos = combinations_for(n, cage.total, len(cells))
            if not combos:
                return (f"{label} has no combination of {len(cells)} digits "
                        f"totalling {cage.total}")
            add(net, SET, cells, cage.total, "+", label, (list(combos), None))
            if 1 < len(cells) <= EXACT_CAGE_CELLS:
                # Small cages also get exact support: each digit must sit in a whole filling.
                tuples = cage_tuples("+", cage.total, n, cells, lambda i, j: True)
                add(net, TUPLES, cells, cage.total, "+", label, tuples_state(tuples, len(cells)))
            continue
        if len(cells) == 1:
            if not 1 <= cage.total <= n:
                return f"{label} is one cell with total {cage.total}, outside 1…{n}"
            add(net, SET, cells, cage.total, "+", label, ([1 << (cage.total - 1)], None))
            continue
        peer_bits = net.peer_bits
        tuples = cage_tuples(cage.op, cage.total, n, cells,
                             lambda i, j: peer_bits[cells[i]] >> cells[j] & 1)
        if tuples is None:
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
        add(net, TUPLES, cells, cage.total, cage.op, label, tuples_state(tuples, len(cells)))
    return None


def tuples_state(tuples: list[tuple[int, ...]], width: int) -> tuple[list, tuple[int, ...]]:
    """Live tuples plus, per position, the union of their candidate bits."""
    supports = [0] * width
    for column, values in enumerate(zip(*tuples)):
        for bit in set(values):
            supports[column] |= bit
    return tuples, tuple(supports)


def add(net: Network, kind: int, cells, total: int, op: str, label: str, live) -> None:
    net.constraints.append((kind, tuple(cells), total, op))
    net.labels.append(label)
    net.live.append(live)


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


def cells_of(bits: int) -> tuple[int, ...]:
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return tuple(cells)


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
    if distinct:
        if count < n:
            add(net, SET, ordered, total, "+", label,
                (list(combinations_for(n, total, count)), None))
    elif count <= SMALL_TUPLE_GROUP:
        tuples = cage_tuples("+", total, n, ordered,
                             lambda i, j: peer_bits[ordered[i]] >> ordered[j] & 1)
        add(net, TUPLES, ordered, total, "+", label, tuples_state(tuples or [], count))
    elif count <= BIG_BOUNDS_GROUP:
        add(net, BOUNDS, ordered, total, "+", label, None)
