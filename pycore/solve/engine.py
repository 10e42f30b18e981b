"""Propagation and iterative search over candidate masks.

A search state is a flat list of candidate masks (one per cell) plus, per constraint, its live
digit sets or tuples. Propagation narrows the state in place until nothing changes; it returns
None, or a short tuple naming the contradiction (formatted into words only when reported, since
contradictions are routine inside the search). The search keeps an explicit stack of frames so
that `Solver.step` can stop after any number of nodes and resume later.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from math import log2
from time import perf_counter

from ..model import Puzzle, cell_name, digit_name, digits_of
from .combos import fits
from .network import (BOUNDS, EXACT, LINEAR, SAME, SET, TUPLES, Network, add_derived_when_stuck,
                      add_exact, compile_puzzle)

# Contradiction codes.
EMPTY, MISSING, CAGE, CROWDED = 0, 1, 2, 3
# Halve old blame every this many contradictions (measured on the hardest killers: 1024 takes
# ~10% fewer guesses than never forgetting; 256 and 4096 fall between).
BLAME_DECAY = 1024
# Killers that need no more guesses than this never pay for building the derived sums
# (a few ms; the dev corpus killers need at most 3 guesses, the hardest thousands).
DERIVE_AFTER = 16
# A state whose every open cell has at least this many candidates gives the cell choice nothing
# to go on (counts tie, blame is young: the first cell in row order wins, so the search depended
# on the grid's orientation). A killer whose root is that wide once the derived sums are in starts
# again from the root and chooses by probing (Solver.probe_cells) at every node still that wide.
# Tuned on the hardest killers: all 14 Mathemagic killers' roots are 6-8 wide, of TAREK_ALL's 42
# only #38's (pycore/solve/README.md has the figures).
WIDE = 6
# A puzzle without cages whose search has met no solution after this many nodes starts again from
# the root, keeping its blame, with twice the allowance each time. Sparse grids have heavy tails:
# a first guess can lead into a huge subtree with no solution (25×25 sudokus with 83 and 56 of a
# corpus puzzle's givens took 97,855 and more than 400,000 nodes to their first solution; with
# restarts 886 and 1,062), while every hard 9×9 sudoku we know needs fewer (AI Escargot 134,
# Platinum Blonde 389). Killers and KenKen keep one search: their hardest are unique and need
# thousands of nodes, every one of which a restart before the solution would repeat.
RESTART_AFTER = 500


@dataclass(frozen=True)
class SolveResult:
    status: str                      # "unique", "multiple", "none" or "timeout"
    solution: tuple[int, ...] | None
    reason: str | None
    nodes: int
    guesses: int
    seconds: float
    found_at: int | None = None      # the nodes searched when the first solution was met
    engine: str = "python"           # which engine searched: "python" or "kernel" (kernel.py)


def propagate(net: Network, cand: list[int], live: list, singles: list[int], changed: set[int]):
    """Narrows `cand` and `live` in place to a fixpoint. `singles` are cells newly reduced to one
    digit, `changed` cells whose constraints must be revised. Returns None or a contradiction."""
    peers = net.peers
    units = net.units
    all_digits = net.all_digits
    constraints_of = net.constraints_of
    size = net.size
    constraints = net.constraints
    unit_sets_of = net.unit_sets_of
    touched = 0    # units (a bit set) with a changed cell since hidden singles last looked
    to_point = 0   # units changed since intersection removal last looked
    # Constraints to revise, first in first out, one at a time with the naked singles it made
    # dealt with before the next: a contradiction then turns up after fewer revisions than when
    # every constraint woken in a round is revised before any single (50 against 70 on average
    # in a failing node of Tarek #37; TAREK_ALL in six orientations 7% fewer guesses, 0.82x the
    # time). The order of revision decides which constraint finds a contradiction, and so the
    # blame: waking a cell's constraints in their index order, cell by cell, is part of it.
    queue: deque[int] = deque()
    queued = bytearray(len(constraints))
    # EXACT constraints taken off the queue wait here (still marked queued) for the fixpoint of
    # everything else, intersection removal included: by then most of their cells' changes are
    # in, and a failing node has usually met its contradiction without them. (Before
    # intersection removal the 14 Mathemagic killers took 934,095 guesses, after it 886,570.)
    exact: list[int] = []
    while True:
        # Naked singles: a solved cell's digit leaves all its peers.
        while singles:
            cell = singles.pop()
            bit = cand[cell]
            for peer in peers[cell]:
                mask = cand[peer]
                if mask & bit:
                    mask ^= bit
                    if not mask:
                        return (EMPTY, peer)
                    cand[peer] = mask
                    changed.add(peer)
                    if not mask & (mask - 1):
                        singles.append(peer)
        if changed:
            for cell in changed:
                for index in constraints_of[cell]:
                    if not queued[index]:
                        queued[index] = 1
                        queue.append(index)
                touched |= unit_sets_of[cell]
            changed.clear()
        if queue:
            index = queue.popleft()
            queued[index] = 0
            kind, cells, total, op = constraints[index]
            if kind == SET:
                problem = revise_set(net, index, cells, cand, live, singles, changed)
            elif kind == TUPLES:
                problem = revise_tuples(index, cells, size, cand, live, singles, changed)
            elif kind == LINEAR:
                rest = live[index]
                if rest:   # three or fewer open cells: only the exact filter is left
                    problem = exact_linear(index, rest, net.sum_tables[2], size, cand, live,
                                           singles, changed)
                else:
                    problem = revise_linear(net, index, op, cand, live, singles, changed)
            elif kind == EXACT:
                queued[index] = 1
                exact.append(index)
                continue
            elif kind == SAME:
                problem = revise_same(index, cells, op, cand, singles, changed)
            else:
                problem = revise_sum(index, cells, total, op, kind, size, cand, singles, changed)
            if problem:
                return problem
            continue
        # Hidden singles: a digit with one place left in a unit goes there. Only units with a
        # changed cell can have a new one (the state was at a fixpoint before this call).
        found = False
        sweep, touched = touched, 0
        to_point |= sweep
        while sweep:
            low = sweep & -sweep
            sweep ^= low
            number = low.bit_length() - 1
            unit = units[number]
            once = twice = 0
            for cell in unit:
                mask = cand[cell]
                twice |= once & mask
                once |= mask
            if once != all_digits:
                return (MISSING, number, all_digits & ~once)
            only = once & ~twice
            if only:
                for cell in unit:
                    mask = cand[cell]
                    hidden = mask & only
                    if hidden and hidden != mask:
                        if hidden & (hidden - 1):
                            return (CROWDED, cell)
                        cand[cell] = hidden
                        singles.append(cell)
                        changed.add(cell)
                        found = True
        if found:
            continue
        if not net.pointing:
            return None
        if to_point:
            problem = point_in_units(net, to_point, cand, singles, changed)
            to_point = 0
            if problem:
                return problem
            if changed:
                continue
        if exact:
            for index in exact:
                queued[index] = 0
                _, cells, _, table = constraints[index]
                if net.exact_once_solved and all(cand[c] & (cand[c] - 1) for c in cells):
                    continue
                problem = revise_exact(index, cells, table, cand, live, singles, changed)
                if problem:
                    return problem
            exact.clear()
            if changed:
                continue
        return None


def point_in_units(net: Network, numbers, cand, singles, changed):
    """Intersection removal in the units `numbers` (a bit set over unit numbers): when a digit's
    places in a unit all see some other cells (a box's digit confined to one row, a row's to one
    box or window), those cells lose the digit. Dearer than singles, so it runs only once they
    have nothing left to say, and only in units with a changed cell (the others were at its
    fixpoint already)."""
    peer_bits = net.peer_bits
    units, all_unit_bits = net.units, net.unit_bits
    counting = net.place_counts
    spread, excess, lanes_of = counting.spread, counting.excess, counting.digits
    top, ones = counting.top, counting.ones
    while numbers:
        low = numbers & -numbers
        numbers ^= low
        number = low.bit_length() - 1
        unit, unit_bits = units[number], all_unit_bits[number]
        solved = 0
        counts = excess[number]
        for cell in unit:
            mask = cand[cell]
            counts += spread[mask]
            if not mask & (mask - 1):
                solved |= mask
        # Digits with more places than any cell outside the unit sees have nothing to remove.
        crowded = lanes_of[counts >> top & ones]
        open_digits = net.all_digits & ~solved & ~crowded
        while open_digits:
            bit = open_digits & -open_digits
            open_digits ^= bit
            common = ~unit_bits
            for cell in unit:
                if cand[cell] & bit:
                    common &= peer_bits[cell]
                    if not common:
                        break
            if common <= 0:
                if common:
                    return (MISSING, number, bit)   # no cell of the unit can hold the digit
                continue
            problem = remove_digit(bit, common, cand, singles, changed)
            if problem:
                return problem
    return None


def remove_digit(bit, cell_bits, cand, singles, changed):
    """Removes the digit `bit` from every cell in the bit set `cell_bits` (bit i = cell i);
    None, or the contradiction of a cell left empty."""
    while cell_bits:
        low = cell_bits & -cell_bits
        cell_bits ^= low
        cell = low.bit_length() - 1
        mask = cand[cell]
        if mask & bit:
            mask ^= bit
            if not mask:
                return (EMPTY, cell)
            cand[cell] = mask
            changed.add(cell)
            if not mask & (mask - 1):
                singles.append(cell)
    return None


def narrow_cells(cells, keep, cand, singles, changed):
    """Keeps only the digits `keep` in each of `cells`; None, or the contradiction of a cell
    left empty."""
    for cell in cells:
        mask = cand[cell]
        new = mask & keep
        if new != mask:
            if not new:
                return (EMPTY, cell)
            cand[cell] = new
            changed.add(cell)
            if not new & (new - 1):
                singles.append(cell)
    return None


def narrow(cand, cell, keep, singles, changed):
    """Keeps only `keep` in a cell; False when nothing is left."""
    mask = cand[cell]
    new = mask & keep
    if new != mask:
        if not new:
            return False
        cand[cell] = new
        changed.add(cell)
        if not new & (new - 1):
            singles.append(cell)
    return True


def revise_sum(index, cells, total, op, kind, size, cand, singles, changed):
    """BOUNDS and FULL constraints: min/max reasoning for sums; other arithmetic can only be
    checked once every cell is solved."""
    if kind == BOUNDS or op == "+":
        problem = revise_bounds(index, cells, total, size, cand, singles, changed)
        if problem or kind == BOUNDS:
            return problem
    masks = [cand[c] for c in cells]
    if all(not m & (m - 1) for m in masks):
        if not fits(op, total, [m.bit_length() for m in masks]):
            return (CAGE, index)
    return None


def revise_set(net, index, cells, cand, live, singles, changed):
    """Distinct digits with a total: keep the digit sets (combinations) that fit the live
    candidates and narrow each cell to their union; a digit every combination needs goes in its
    only cell, or (`net.onlookers`) leaves every cell that sees all the cells that could hold
    it."""
    sets, alive, seen, settled, allowed, required = live[index]
    # The live sets met every cell's mask as it was when last seen: only the cells that changed
    # since need checking again. `lost`: the digits some cell lost since then (masks only ever
    # narrow along a branch, so a cell that changed lost something).
    keep = alive
    # The memos are read inline (a dict hit, no method call: this is the search's hottest loop);
    # the DigitSets methods compute and remember a miss.
    meeting = sets.meeting
    masks = []
    union = solved = lost = 0
    if seen is None:
        lost = -1
        for cell in cells:
            mask = cand[cell]
            masks.append(mask)
            union |= mask
            if not mask & (mask - 1):
                solved |= mask
            keep &= meeting.get(mask) or sets.meet(mask)
    else:
        for cell, old in zip(cells, seen):
            mask = cand[cell]
            masks.append(mask)
            union |= mask
            if not mask & (mask - 1):
                solved |= mask
            if mask != old:
                lost |= old & ~mask
                keep &= meeting.get(mask) or sets.meet(mask)
        if not lost:
            return None   # nothing new since this constraint last looked (often its own narrowing)
    must = solved
    for rest in net.house_rests[index]:
        # Digits the rest of a house cannot hold must be here.
        elsewhere = 0
        for cell in rest:
            elsewhere |= cand[cell]
        must |= net.all_digits & ~elsewhere
    if allowed & ~union:   # some live set uses a digit no cell has left
        keep &= sets.within.get(union) or sets.inside(union)
    if must & ~required:   # some live set lacks a digit that must be here
        keep &= sets.holding.get(must) or sets.hold(must)
    if not keep:
        return (CAGE, index)
    if keep != alive or seen is None:
        allowed, required = sets.summaries.get(keep) or sets.summarize(keep)
        if allowed != union:
            problem = narrow_cells(cells, allowed, cand, singles, changed)
            if problem:
                return problem
            masks = None   # read again at the end
    # else: the same combinations as last time, whose union the cells are already within.
    needed = required & ~solved
    # A needed digit dealt with when the constraint last looked, which no cell has lost since,
    # has the same places, whose onlookers lost it then.
    todo = needed & (lost | ~settled)
    constraint_bits = ~net.constraint_bits[index]
    peer_bits = net.peer_bits
    while todo:
        bit = todo & -todo
        todo ^= bit
        count = 0
        common = constraint_bits
        for cell in cells:
            if cand[cell] & bit:
                count += 1
                holder = cell
                common &= peer_bits[cell]
        if count > 1:
            # The digit is somewhere among the holders: cells seeing all of them cannot have it.
            if net.onlookers:
                problem = remove_digit(bit, common, cand, singles, changed)
                if problem:
                    return problem
        elif not count:
            return (CAGE, index)
        elif cand[holder] != bit:
            todo |= needed & cand[holder] & ~bit   # the other needed digits it held: fewer places
            cand[holder] = bit
            singles.append(holder)
            changed.add(holder)
            masks = None
    # Unless one of its own cells narrowed here (onlookers losing a digit are never its own
    # cells), the masks read at the start are the ones to remember: 0.97x the time.
    if masks is None:
        masks = [cand[c] for c in cells]
    live[index] = (sets, keep, masks, needed, allowed, required)
    return None


def revise_same(index, cells, split, cand, singles, changed):
    """Two groups of cells holding the same digits, counted with repeats (the law of
    leftovers): each cell keeps only digits the other group can hold, and a digit solved in one
    group as many times as the other group has places for it fills those places."""
    sides = (cells[:split], cells[split:]), (cells[split:], cells[:split])
    for side, other in sides:
        union = 0
        for cell in other:
            union |= cand[cell]
        problem = narrow_cells(side, union, cand, singles, changed)
        if problem:
            return problem
    for side, other in sides:
        solved: dict[int, int] = {}
        for cell in side:
            mask = cand[cell]
            if not mask & (mask - 1):
                solved[mask] = solved.get(mask, 0) + 1
        for bit, count in solved.items():
            places = [cell for cell in other if cand[cell] & bit]
            if len(places) < count:
                return (CAGE, index)
            if len(places) == count:
                narrow_cells(places, bit, cand, singles, changed)   # each holds bit: none empties
    return None


def revise_exact(index, cells, table, cand, live, singles, changed):
    """Distinct digits with a total, exactly (combos.one_to_one): the fillings that fit are one
    AND per cell, and each open cell keeps the digits one of them puts there. The fillings that
    fit are its live state: when they are the same as last time, the cells are still what it
    left them (a cell losing a digit loses the fillings that put it there)."""
    fitting, placing = table
    fits = -1
    for row, cell in zip(fitting, cells):
        fits &= row[cand[cell]]
    if not fits:
        return (CAGE, index)
    if fits == live[index]:
        return None   # its own narrowing woke it
    live[index] = fits
    for digits, cell in zip(placing, cells):
        mask = cand[cell]
        if mask & (mask - 1):
            keep, rest = 0, mask
            while rest:
                bit = rest & -rest
                rest ^= bit
                if fits & digits[bit.bit_length() - 1]:
                    keep |= bit
            # (never empty: every fitting filling puts one of the cell's digits there)
            narrow(cand, cell, keep, singles, changed)
    return None


def revise_tuples(index, cells, size, cand, live, singles, changed):
    """Arithmetic by support (KenKen cages, small killer cages): drop the fillings using a digit
    some cell lost, then keep in each cell only the digits a surviving filling uses. Fillings
    and masks are packed one cell per `size` bits, so a filling is checked with one AND."""
    fillings, union = live[index]
    packed = shift = 0
    for cell in cells:
        packed |= cand[cell] << shift
        shift += size
    if union & ~packed:
        lost = ~packed
        fillings = [code for code in fillings if not code & lost]
        if not fillings:
            return (CAGE, index)
        union = 0
        for code in fillings:
            union |= code
        live[index] = (fillings, union)
    if union != packed:
        full = (1 << size) - 1
        shift = 0
        for cell in cells:
            if not narrow(cand, cell, union >> shift & full, singles, changed):
                return (EMPTY, cell)
            shift += size
    return None


def revise_bounds(index, cells, total, size, cand, singles, changed):
    """A sum over cells that may repeat digits: each cell lies between the total less the
    others' largest and the total less the others' smallest."""
    low_sum = high_sum = 0
    for cell in cells:
        mask = cand[cell]
        low_sum += (mask & -mask).bit_length()
        high_sum += mask.bit_length()
    rise, fall = total - low_sum, high_sum - total
    if rise < 0 or fall < 0:
        return (CAGE, index)
    if rise >= size - 1 and fall >= size - 1:
        return None   # slack enough for any digit in any cell
    for cell in cells:
        mask = cand[cell]
        low, high = (mask & -mask).bit_length(), mask.bit_length()
        if high - low > rise or high - low > fall:
            keep = ((1 << min(low + rise, size)) - 1) & ~((1 << max(high - fall - 1, 0)) - 1)
            if not narrow(cand, cell, keep, singles, changed):
                return (EMPTY, cell)
    return None


def revise_linear(net, index, op, cand, live, singles, changed):
    """A +1/-1 sum (innies minus outies). Minus cells are mirrored (digit d as n+1-d) so every
    group adds up; each group of mutually seeing cells adds at least its k smallest and at most
    its k largest digits. A cell may rise above its group's k-th smallest digit only by the
    slack the other groups' minimum leaves, and fall below the k-th largest likewise."""
    top_digit = net.size
    ascending, descending, mirror = net.sum_tables
    shifted, groups, every_cell = op
    low = high = opened = 0
    unions = []
    for sign, cells in groups:
        union = 0
        for cell in cells:
            mask = cand[cell]
            union |= mask
            if mask & (mask - 1):
                opened += 1
        if sign < 0:
            union = mirror[union]
        k = len(cells)
        up = ascending[union]
        if len(up) <= k:
            return (CAGE, index)   # too few digits left for a group that must differ
        low += up[k]
        high += descending[union][k]
        unions.append(union)
    rise, fall = shifted - low, high - shifted
    if rise < 0 or fall < 0:
        return (CAGE, index)
    if opened <= 3:
        # Cells only ever get narrower below this node: from now on the exact filter does it all
        # (it takes the solved cells off the total itself).
        return exact_linear(index, (shifted, every_cell), mirror, top_digit, cand, live, singles,
                            changed)
    if rise >= top_digit - 1 and fall >= top_digit - 1:
        return None   # slack enough for any digit in any cell
    for (sign, cells), union in zip(groups, unions):
        k = len(cells)
        up, down = ascending[union], descending[union]
        top = up[k] - up[k - 1] + rise           # the k-th smallest digit plus the slack
        bottom = down[k] - down[k - 1] - fall    # the k-th largest digit less the slack
        if top >= top_digit and bottom <= 1:
            continue
        keep = ((1 << min(top, top_digit)) - 1) & ~((1 << max(bottom - 1, 0)) - 1)
        if sign < 0:
            keep = mirror[keep]
        problem = narrow_cells(cells, keep, cand, singles, changed)
        if problem:
            return problem
    return None


def exact_linear(index, rest, mirror, top_digit, cand, live, singles, changed):
    """The last one, two or three open cells of a LINEAR sum must make up what the solved ones
    leave of the total exactly (digits mirrored for minus cells): each keeps only the digits the
    others can complete. `rest` is (what the cells make up, [(cell, sign, group)]) as last seen;
    what is left of it once the newly solved cells are taken off is remembered as the
    constraint's live state, so later revisions below this node look at those cells only."""
    target, last_open = rest
    open_cells = []
    masks = []   # mirrored for minus cells
    for entry in last_open:
        mask = cand[entry[0]]
        if mask & (mask - 1):
            open_cells.append(entry)
            masks.append(mask if entry[1] > 0 else mirror[mask])
        else:
            target -= mask.bit_length() if entry[1] > 0 else top_digit + 1 - mask.bit_length()
    live[index] = (target, open_cells)
    if not open_cells:
        return None if target == 0 else (CAGE, index)
    if len(open_cells) == 3:
        keeps = three_cells_exactly(target, masks, [g for _, _, g in open_cells], mirror,
                                    top_digit)
    elif len(open_cells) == 1:
        keeps = [1 << (target - 1) if 1 <= target <= top_digit else 0]
    else:
        keeps = [complements(masks[1], target, mirror, top_digit),
                 complements(masks[0], target, mirror, top_digit)]
        if open_cells[0][2] == open_cells[1][2] and not target & 1:
            half = ~(1 << (target // 2 - 1)) if target >= 2 else -1
            keeps = [keep & half for keep in keeps]   # one group: the two digits differ
    for (cell, sign, _), mask, keep in zip(open_cells, masks, keeps):
        if mask & ~keep:
            if not mask & keep:
                return (CAGE, index)
            if not narrow(cand, cell, keep if sign > 0 else mirror[keep], singles, changed):
                return (EMPTY, cell)
    return None


def complements(mask, target, mirror, top_digit) -> int:
    """{target - d : d in mask}, as a mask of digits 1..top_digit: mirror maps d to
    top_digit + 1 - d, then a shift by target - top_digit - 1."""
    shift = target - top_digit - 1
    flipped = mirror[mask]
    return (flipped << shift if shift >= 0 else flipped >> -shift) & ((1 << top_digit) - 1)


def three_cells_exactly(target, masks, groups, mirror, top_digit) -> list[int]:
    """Per cell, the digits of `masks` found in some a + b + c = target, one digit from each
    mask, cells of one group differing. For each a, the b whose c = target - a - b is left are
    found all at once, as complements of c's mask."""
    a_mask, b_mask, c_mask = masks
    same_ab, same_ac, same_bc = groups[0] == groups[1], groups[0] == groups[2], groups[1] == groups[2]
    keep_a = keep_b = keep_c = 0
    a_bits = a_mask
    while a_bits:
        a_bit = a_bits & -a_bits
        a_bits ^= a_bit
        rest = target - a_bit.bit_length()
        if rest < 2:
            break   # larger a leave even less
        b_options = b_mask & ~a_bit if same_ab else b_mask
        b_options &= complements(c_mask & ~a_bit if same_ac else c_mask, rest, mirror, top_digit)
        if same_bc and not rest & 1:
            b_options &= ~(1 << (rest // 2 - 1))   # b and c would be the same digit
        if b_options:
            keep_a |= a_bit
            keep_b |= b_options
            keep_c |= complements(b_options, rest, mirror, top_digit)
    return [keep_a, keep_b, keep_c]


def most_constrained_cell(cand: list[int], blame: list[int]) -> int:
    """The unsolved cell with the fewest candidates per unit of blame (how often the cell took
    part in a contradiction so far: guessing where the puzzle keeps failing finds refutations
    sooner). -1 when every cell is solved. Ties go to the first cell, so runs repeat exactly."""
    best, best_score = -1, 1e30
    for cell, mask in enumerate(cand):
        if mask & (mask - 1):
            score = mask.bit_count() / blame[cell]
            if score < best_score:
                best, best_score = cell, score
    return best


def wide(cand: list[int]) -> bool:
    """Whether some cell is open and every open cell has at least WIDE candidates."""
    opened = False
    for mask in cand:
        if mask & (mask - 1):
            if mask.bit_count() < WIDE:
                return False
            opened = True
    return opened


def space(cand: list[int]) -> float:
    """log2 of the number of ways to fill the open cells from their candidates."""
    return sum(LOG2[m.bit_count()] for m in cand)


LOG2 = [0.0] + [log2(k) for k in range(1, 65)]


def describe(net: Network, problem) -> str:
    code = problem[0]
    n = net.size
    if code == EMPTY:
        return f"{cell_name(problem[1], n)} has no candidate left"
    if code == MISSING:
        digits = ", ".join(map(digit_name, digits_of(problem[2])))
        return f"{net.unit_names[problem[1]]} has no place left for {digits}"
    if code == CROWDED:
        return f"{cell_name(problem[1], n)} is the only place left for two digits"
    kind, cells, total, op = net.constraints[problem[1]]
    label = net.labels[problem[1]]
    has = "have" if label.startswith(("the innies", "the outies")) else "has"
    if kind == LINEAR:
        return f"{label} cannot differ by {total}"
    if kind == SAME:
        return f"{label} cannot hold the same digits"
    if kind == EXACT:
        return f"{label} {has} no way left to place {len(cells)} different digits totalling {total}"
    if op == "+":
        return f"{label} {has} no combination of {len(cells)} digits totalling {total} left"
    return f"{label} {has} no way left to make {total} with {op}"


class Solver:
    """Search in slices: each `step(max_nodes)` propagates at most that many nodes and returns
    None while the search is unfinished, then the SolveResult (and keeps returning it)."""

    def __init__(self, puzzle: Puzzle):
        start = perf_counter()
        self.net = compile_puzzle(puzzle)
        self.puzzle = puzzle
        self.derived = False   # derived sums are added the first time a guess is needed
        self.nodes = 0
        self.guesses = 0
        self.seconds = 0.0
        self.solutions: list[tuple[int, ...]] = []
        self.found_at: int | None = None
        self.result: SolveResult | None = None
        self.root_problem = None
        self.root = None       # the propagated root state (candidates, live), kept for a restart
        self.probing = False   # choose cells by probing wherever the state is WIDE
        self.probe = None      # the probe under way: a generator, one propagation per step
        self.blame = [1] * self.net.cell_count
        self.restart_after = None if puzzle.cages else RESTART_AFTER
        self.run_nodes = 0     # nodes since the search last started from the root
        self.conflicts = 0
        # frames: [candidates, live, cell, untried digit bits, share of the search tree per digit]
        self.stack: list[list] = []
        # The share of the search tree (each guess splitting its node's share evenly among the
        # cell's digits) already finished: how far a search has come, for progress and estimates.
        self.explored = 0.0
        self.weight = 1.0   # the share of the node being propagated
        net = self.net
        cand = list(net.candidates)
        singles = [c for c, m in enumerate(cand) if not m & (m - 1)]
        self.pending = (cand, list(net.live), singles, set(range(net.cell_count)))
        self.seconds += perf_counter() - start

    def step(self, max_nodes: int) -> SolveResult | None:
        if self.result is not None:
            return self.result
        start = perf_counter()
        if self.net.error:
            result = self.finish("none", None, self.net.error)
        else:
            result = self.search(max(1, max_nodes))
        self.seconds += perf_counter() - start
        if result is not None:
            self.result = result = replace(result, seconds=self.seconds)
        return result

    def search(self, budget: int) -> SolveResult | None:
        net, stack = self.net, self.stack
        while budget > 0:
            budget -= 1
            if self.probe is not None:
                try:
                    next(self.probe)
                    continue
                except StopIteration as done:
                    self.probe = None
                    cand, live, problem, cell = done.value
            else:
                state = self.pending
                self.pending = None
                if state is None and not stack:
                    return self.exhausted()
                if state is None and self.restart_due():
                    state = self.restart()
                elif state is None:
                    frame = stack[-1]
                    untried = frame[3]
                    bit = untried & -untried
                    untried ^= bit
                    if untried:
                        frame[3] = untried
                        self.guesses += 1
                    else:
                        stack.pop()   # the last digit left for this cell is forced, not a guess
                    cand = frame[0][:]
                    cell = frame[2]
                    cand[cell] = bit
                    state = (cand, frame[1][:], [cell], {cell})
                    self.weight = frame[4]
                self.nodes += 1
                self.run_nodes += 1
                cand, live = state[0], state[1]
                problem = propagate(net, *state)
                if self.nodes == 1:
                    self.root_problem = problem
                    self.root = (cand[:], live[:])
                cell = None
            if problem:
                self.add_blame(problem)
                self.explored += self.weight
                continue
            if cell is None:
                cell = most_constrained_cell(cand, self.blame)
                if cell >= 0:
                    if (not self.derived and self.guesses >= DERIVE_AFTER
                            and self.add_derived(cand, live)):
                        continue
                    if self.probing and wide(cand):
                        self.probe = self.probe_cells(cand, live)
                        continue
            if cell < 0:
                self.explored += self.weight
                self.solutions.append(tuple(m.bit_length() for m in cand))
                if self.found_at is None:
                    self.found_at = self.nodes
                if len(self.solutions) == 2:
                    return self.finish("multiple", self.solutions[0], None)
                continue
            stack.append([cand, live, cell, cand[cell], self.weight / cand[cell].bit_count()])
        return None

    def restart_due(self) -> bool:
        return (self.restart_after is not None and self.run_nodes >= self.restart_after
                and not self.solutions and self.root is not None)

    def restart(self):
        """Drops the search tree (RESTART_AFTER) and returns the root state to search again."""
        self.stack.clear()
        self.explored, self.weight = 0.0, 1.0
        self.run_nodes = 0
        self.restart_after *= 2
        cand, live = self.root
        return (cand[:], live[:], [], set())

    def add_derived(self, cand, live) -> bool:
        """After DERIVE_AFTER guesses: adds the derived sums (to the open frames as well) and,
        if there are any, queues this state to be propagated again with them (True). If the
        root with them is still WIDE everywhere, the search starts again from there, probing,
        with exact cage support (EXACT) as well; otherwise EXACT comes in too, revised once one
        of its cells is solved."""
        self.derived = True
        start = add_derived_when_stuck(self.puzzle, self.net)
        if start == len(self.net.constraints):
            return False
        new_live = self.net.live[start:]
        root_cand, root_live = self.root[0][:], self.root[1] + new_live
        self.nodes += 1
        if (propagate(self.net, root_cand, root_live, [], set(range(self.net.cell_count))) is None
                and wide(root_cand)):
            # Nothing found so far is lost: the blame stays, and a solution met on the way is
            # met again.
            self.stack.clear()
            self.solutions.clear()
            self.explored, self.weight = 0.0, 1.0
            self.probing = True
            root_live += self.net.live[add_exact(self.net):]
            self.nodes += 1
            if propagate(self.net, root_cand, root_live, [],
                         set(range(self.net.cell_count))) is None:
                self.probe = self.probe_cells(root_cand, root_live)
            return True   # else no solution: the stack is empty
        # Every killer's 4- and 5-cell sums get exact support from here on too (EXACT), once
        # one of their cells is solved.
        self.net.exact_once_solved = True
        new_live += self.net.live[add_exact(self.net):]
        live.extend(new_live)
        for frame in self.stack:
            # Their starting states hold for any search state (revising narrows them).
            frame[1].extend(new_live)
        self.pending = (cand, live, [], set(range(self.net.cell_count)))
        return True

    def probe_cells(self, cand, live):
        """Chooses the cell to branch on by trying every digit of every open cell (a generator
        that yields after each trial propagation, so slices stay short and can be cancelled).
        A digit whose trial fails leaves its cell (and blames as a contradiction does), and the
        state is propagated again before the next cell. Of the cells whose digits all held, the
        one whose trials leave the least search space (the sum over its digits of the product
        of candidate counts, relative to now) wins. One pass, not to a fixpoint: passing again
        after each removal took 10% more nodes on the Mathemagic killers as published.
        Returns (cand, live, contradiction or None, cell)."""
        net = self.net
        before = space(cand)
        best, best_score = -1, float("inf")
        for cell in range(len(cand)):
            mask = cand[cell]
            if not mask & (mask - 1):
                continue
            score, rest, removed = 0.0, mask, False
            while rest:
                bit = rest & -rest
                rest ^= bit
                trial = cand[:]
                trial[cell] = bit
                self.nodes += 1
                problem = propagate(net, trial, live[:], [cell], {cell})
                yield
                if problem:
                    self.add_blame(problem)
                    cand[cell] &= ~bit
                    removed = True
                else:
                    score += 2.0 ** (space(trial) - before)
            if removed:
                self.nodes += 1
                mask = cand[cell]
                if not mask:
                    return cand, live, (EMPTY, cell), -1
                problem = propagate(net, cand, live, [] if mask & (mask - 1) else [cell], {cell})
                yield
                if problem:
                    return cand, live, problem, -1
                before = space(cand)
                continue
            if score < best_score:
                best, best_score = cell, score
        if best < 0 or not cand[best] & (cand[best] - 1) or not wide(cand):
            return cand, live, None, most_constrained_cell(cand, self.blame)
        return cand, live, None, best

    def add_blame(self, problem) -> None:
        """The cells of the failing constraint (or house) take the blame; every BLAME_DECAY
        contradictions old blame is halved, so the search follows where it fails now."""
        self.conflicts += 1
        if self.conflicts % BLAME_DECAY == 0:
            self.blame = [1 + (b - 1) / 2 for b in self.blame]
        code, where = problem[0], problem[1]
        if code == CAGE:
            cells = self.net.constraints[where][1]
        elif code == MISSING:
            cells = self.net.units[where]
        else:
            cells = (where,)
        blame = self.blame
        for cell in cells:
            blame[cell] += 1

    def exhausted(self) -> SolveResult:
        if len(self.solutions) == 1:
            return self.finish("unique", self.solutions[0], None)
        if self.root_problem is not None:
            return self.finish("none", None, describe(self.net, self.root_problem))
        return self.finish("none", None,
                           f"every branch ends in a contradiction ({self.nodes} nodes searched)")

    def finish(self, status, solution, reason) -> SolveResult:
        self.stack.clear()
        self.result = SolveResult(status, solution, reason, self.nodes, self.guesses, self.seconds,
                                  self.found_at)
        return self.result

    def stop(self, reason: str) -> SolveResult:
        """Gives up (budget spent or cancelled); the search cannot be resumed afterwards."""
        if self.result is None:
            self.finish("timeout", None, reason)
        return self.result


def solve(puzzle: Puzzle, position=None, *, max_nodes: int | None = None,
          time_limit: float | None = None, engine: str | None = None) -> SolveResult:
    """Solves from the givens and cages only (a player's progress may be wrong, so `position`
    is not used), stopping at the second solution or when a budget runs out. `engine`:
    "python" or "kernel" to force one (kernel.start_solver), None for the kernel where it
    can run."""
    from .kernel import start_solver   # (kernel.py builds on this module)
    solver = start_solver(puzzle, engine)
    largest = getattr(solver, "largest_slice", 64)
    # Slices start at one node and grow while they stay short: a 25x25 node can take 15 ms, so
    # fixed 64-node slices could overrun a time limit by a second.
    slice_nodes = 1
    while True:
        budget = slice_nodes
        if max_nodes is not None:
            budget = min(budget, max_nodes - solver.nodes)
            if budget <= 0:
                return solver.stop(f"stopped after {solver.nodes} nodes (node budget)")
        before = solver.seconds
        result = solver.step(budget)
        if result is not None:
            return result
        if time_limit is not None and solver.seconds >= time_limit:
            return solver.stop(f"stopped after {solver.seconds:.2f} s (time limit)")
        if solver.seconds - before < 0.01:
            slice_nodes = min(largest, slice_nodes * 2)
