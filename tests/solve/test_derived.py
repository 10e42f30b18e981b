"""Derived killer sums (LINEAR: innies minus outies with +1/-1 coefficients) and the hardest
killers data: the reasoning on small hand-made cases, when the derived sums are built, and
solving a few hard killers as published and rotated, reflected or with bands and stacks
permuted (the solver must not depend on a puzzle's orientation)."""
from __future__ import annotations

import json
import random
from itertools import combinations, product
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace

import pytest

from pycore.model import Cage, Puzzle, digits_of, mask_of
from pycore.solve import Solver, solve
from pycore.solve import combos, engine
from pycore.solve.combos import combinations_for, digit_sets
from pycore.solve.engine import CAGE, revise_exact, revise_linear, three_cells_exactly
from pycore.solve.network import (EXACT, LINEAR, add_derived_when_stuck, add_exact, cliques,
                                   compile_puzzle, linear_op, sum_tables)

from tests.solve.test_solve import first, is_valid_solution, killer_around_a_deadly_rectangle, puzzle_from_record

DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "hard_killers.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
BY_NAME = {r["name"]: r for r in RECORDS}
ALL = mask_of(range(1, 10))


def linear(cand, groups, total):
    """Runs revise_linear on cells 0.. with candidate masks `cand` for
    sum(+ groups) - sum(- groups) = total; returns (problem, cand)."""
    net = SimpleNamespace(size=9, sum_tables=sum_tables(9))
    minus = sum(len(cells) for sign, cells in groups if sign < 0)
    op = linear_op(total + 10 * minus, tuple(groups))
    cand = list(cand)
    problem = revise_linear(net, 0, op, cand, [None], [], set())
    return problem, cand


def test_difference_of_two_cells_is_exact():
    problem, cand = linear([ALL, ALL], [(1, (0,)), (-1, (1,))], 3)   # x - y = 3
    assert problem is None
    assert cand == [mask_of(range(4, 10)), mask_of(range(1, 7))]


def test_two_cells_of_one_group_cannot_share_the_half():
    problem, cand = linear([mask_of([3, 5, 7]), mask_of([3, 5, 7])], [(1, (0, 1))], 10)
    assert problem is None
    assert cand == [mask_of([3, 7]), mask_of([3, 7])]   # 5 + 5 would repeat a digit


def test_bounds_know_that_a_group_of_seeing_cells_differ():
    # a + b - c = 0 with a, b distinct from {1, 2, 3}: a + b is 3…5, so c is 3…5 (not 2…6).
    cand = [mask_of([1, 2, 3]), mask_of([1, 2, 3]), ALL]
    problem, cand = linear(cand, [(1, (0, 1)), (-1, (2,))], 0)
    assert problem is None
    assert cand[2] == mask_of([3, 4, 5])


def test_an_unreachable_difference_is_a_contradiction():
    cand = [mask_of([1, 2]), mask_of([1, 2]), mask_of([8, 9])]
    problem, _ = linear(cand, [(1, (0, 1)), (-1, (2,))], 0)
    assert problem == (CAGE, 0)


@pytest.mark.parametrize("seed", range(5))
def test_three_open_cells_keep_exactly_the_digits_of_some_sum(seed):
    rng = random.Random(seed)
    mirror = sum_tables(9)[2]
    for _ in range(400):
        masks = [rng.randrange(1, 512) for _ in range(3)]
        groups = [rng.randrange(2) for _ in range(3)]
        target = rng.randrange(0, 30)
        keeps = [0, 0, 0]
        for a, b, c in product(*(digits_of(m) for m in masks)):
            differ = all(x != y for (x, gx), (y, gy) in combinations(zip((a, b, c), groups), 2)
                         if gx == gy)
            if a + b + c == target and differ:
                for i, d in enumerate((a, b, c)):
                    keeps[i] |= 1 << (d - 1)
        assert three_cells_exactly(target, masks, groups, mirror, 9) == keeps


@pytest.mark.parametrize("total, count", [(20, 4), (13, 4), (25, 5), (31, 5)])
def test_exact_cage_support_keeps_exactly_the_digits_of_some_filling(total, count):
    """EXACT: a cell keeps a digit only if some filling of distinct digits adding up to the
    total, one from each cell's candidates, puts it there (found here by trying every one)."""
    rng = random.Random(total * 10 + count)
    table = combos.one_to_one(9, total, count)
    cells = tuple(range(count))
    for _ in range(300):
        masks = [rng.choice([ALL, rng.randrange(1, 512), 1 << rng.randrange(9)])
                 for _ in cells]
        keeps = [0] * count
        for digits in product(*(digits_of(m) for m in masks)):
            if len(set(digits)) == count and sum(digits) == total:
                for i, d in enumerate(digits):
                    keeps[i] |= 1 << (d - 1)
        cand, singles, changed = list(masks), [], set()
        problem = revise_exact(7, cells, table, cand, [None] * 8, singles, changed)
        if not any(keeps):
            assert problem == (CAGE, 7)
            continue
        assert problem is None and cand == keeps
        assert changed == {i for i in cells if keeps[i] != masks[i]}
        assert set(singles) == {i for i in changed if bin(keeps[i]).count("1") == 1}


def test_cliques_group_cells_that_all_see_each_other():
    peer_bits = [0b0110, 0b0101, 0b0011, 0]   # cells 0, 1, 2 see each other; 3 sees nobody
    assert cliques((0, 1, 2, 3), peer_bits) == [(0, 1, 2), (3,)]


def puzzle_of(record) -> Puzzle:
    return Puzzle("killer", 9, (0,) * 81, None,
                  tuple(Cage(tuple(c["cells"]), c["total"]) for c in record["cages"]))


def test_derived_sums_are_built_only_once_a_guess_is_needed():
    easy = Solver(Puzzle("killer", 9, (0,) * 81, None, tuple(
        Cage((r * 9 + c,), d) for r, row in enumerate(SOLVED) for c, d in enumerate(row))))
    hard = Solver(puzzle_of(BY_NAME["TAREK_ALL#39"]))
    while easy.step(64) is None:
        pass
    while hard.step(64) is None:
        pass
    assert easy.result.status == hard.result.status == "unique"
    assert not any(kind == LINEAR for kind, *_ in easy.net.constraints)
    assert any(kind == LINEAR for kind, *_ in hard.net.constraints)


SOLVED = [[(r * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]


def test_hardest_killers_data_reads_as_killers_with_iss_counts():
    assert {r["collection"] for r in RECORDS} == {"TAREK_ALL", "EXTREME_KILLERS",
                                                  "MATHEMAGIC_KILLERS"}
    assert sum(r["collection"] == "TAREK_ALL" for r in RECORDS) == 42
    assert sum(r["collection"] == "MATHEMAGIC_KILLERS" for r in RECORDS) == 14
    for record in RECORDS:
        cells = [c for cage in record["cages"] for c in cage["cells"]]
        assert len(cells) == len(set(cells)) and all(0 <= c < 81 for c in cells)
        if len(cells) == 81:
            assert sum(cage["total"] for cage in record["cages"]) == 405
        assert record["iss_guesses"] > 0 and record["source"]


# Cell maps: where cell (r, c) of the original goes.
TRANSFORMS = {
    "rotated": lambda r, c: (c, 8 - r),
    "reflected": lambda r, c: (r, 8 - c),
    "transposed": lambda r, c: (c, r),
    "bands and stacks permuted": lambda r, c: ((r + 3) % 9, (c + 6) % 9),
    "rows in a band permuted": lambda r, c: (r // 3 * 3 + (2 - r % 3), c // 3 * 3 + (c + 1) % 3),
}


def transformed(record, move):
    def cell(i):
        r, c = move(i // 9, i % 9)
        return r * 9 + c
    puzzle = Puzzle("killer", 9, (0,) * 81, None, tuple(
        Cage(tuple(sorted(cell(i) for i in cage["cells"])), cage["total"])
        for cage in record["cages"]))
    return puzzle, cell


# A representative fast subset; the whole collections run in bench/solve_bench.py --hardest.
FAST = ["TAREK_ALL#2", "TAREK_ALL#39"]


@lru_cache(maxsize=None)
def solved(name):
    return solve(puzzle_of(BY_NAME[name]), time_limit=30)


@pytest.mark.parametrize("name", FAST)
@pytest.mark.parametrize("how", sorted(TRANSFORMS))
def test_hard_killers_solve_the_same_in_any_orientation(name, how):
    record = BY_NAME[name]
    original = solved(name)
    assert original.status == "unique"
    assert is_valid_solution(puzzle_of(record), original.solution)
    puzzle, cell = transformed(record, TRANSFORMS[how])
    result = solve(puzzle, time_limit=30)
    assert result.status == "unique"
    assert is_valid_solution(puzzle, result.solution)
    moved = [0] * 81
    for i, digit in enumerate(original.solution):
        moved[cell(i)] = digit
    assert list(result.solution) == moved


def derived_sums(puzzle, cell=lambda i: i) -> set:
    """The derived ±1 sums built for `puzzle`, each as (its cells with their signs, its total),
    cells mapped through `cell`, either side of the equation first."""
    net = compile_puzzle(puzzle)
    start = len(net.constraints)
    add_derived_when_stuck(puzzle, net)
    sums = set()
    for kind, cells, total, op in net.constraints[start:]:
        if kind == LINEAR:
            signed = sorted((cell(c), sign) for sign, group in op[1] for c in group)
            negated = sorted((c, -sign) for c, sign in signed)
            sums.add(min((tuple(signed), total), (tuple(negated), -total)))   # a = b as b = a
    return sums


@pytest.mark.parametrize("how", sorted(TRANSFORMS))
def test_derived_sums_do_not_depend_on_orientation(how):
    # Runs of houses from one corner gave a rotated Mathemagic killer 28 derived sums where the
    # published one had 32 (and 1.8x the guesses): every orientation must get the same ones.
    for name in ("MATHEMAGIC_KILLERS#0", "TAREK_ALL#37"):
        record = BY_NAME[name]
        puzzle, cell = transformed(record, TRANSFORMS[how])
        published = derived_sums(puzzle_of(record), cell)
        assert len(published) > 20
        assert derived_sums(puzzle) == published


def test_explored_share_grows_to_the_whole_tree_when_a_search_ends():
    solver = Solver(puzzle_of(BY_NAME["TAREK_ALL#2"]))
    shares = []
    while solver.step(20) is None:
        shares.append(solver.explored)
    assert shares and all(0 <= a <= b <= 1 + 1e-9 for a, b in zip(shares, shares[1:]))
    assert solver.result.status == "unique"
    assert solver.explored == pytest.approx(1.0)


# --- Probing: the first cells of a wide killer chosen by trying every digit -----------------------

def run(puzzle):
    solver = Solver(puzzle)
    while (result := solver.step(64)) is None:
        pass
    return solver, result


def test_only_a_killer_wide_everywhere_starts_again_probing():
    wide = Solver(puzzle_of(BY_NAME["MATHEMAGIC_KILLERS#0"]))
    while not wide.probing and wide.step(1) is None:
        pass
    assert wide.probing and wide.derived and wide.guesses == engine.DERIVE_AFTER
    assert wide.probe is not None and not wide.stack and not wide.solutions
    # ...with exact support in its 5-cell cages (EXACT) revised always; a narrow killer gets it
    # too (4- and 5-cell sums), revised only once one of a sum's cells is solved.
    exact = [cells for kind, cells, *_ in wide.net.constraints if kind == EXACT]
    assert len(exact) >= 16 and {len(cells) for cells in exact} == {5}
    assert not wide.net.exact_once_solved
    narrow, result = run(puzzle_of(BY_NAME["TAREK_ALL#39"]))
    assert narrow.derived and not narrow.probing and result.status == "unique"
    assert any(kind == EXACT for kind, *_ in narrow.net.constraints)
    assert narrow.net.exact_once_solved


def probe_everywhere(monkeypatch):
    """Every search that guesses starts again at its first guess and probes at every node."""
    monkeypatch.setattr(engine, "WIDE", 1)
    monkeypatch.setattr(engine, "DERIVE_AFTER", 0)


@pytest.mark.parametrize("name", FAST)
def test_probing_proves_the_same_solution_one_propagation_a_step(name, monkeypatch):
    plain = solved(name)
    probe_everywhere(monkeypatch)
    solver = Solver(puzzle_of(BY_NAME[name]))
    most = 0
    while True:
        nodes = solver.nodes
        result = solver.step(1)
        most = max(most, solver.nodes - nodes)
        if result is not None:
            break
    assert solver.probing
    assert result.status == "unique" and result.solution == plain.solution
    assert result.nodes > plain.nodes   # the probes' propagations are counted as nodes
    # A probe step, or a node and the root again with the derived sums, then with exact support.
    assert most <= 3
    assert solver.explored == pytest.approx(1.0)


def test_probing_still_finds_a_second_solution(monkeypatch):
    probe_everywhere(monkeypatch)
    puzzle, grid, swapped = killer_around_a_deadly_rectangle()
    solver, result = run(puzzle)
    assert solver.probing and result.status == "multiple"
    assert result.solution in (grid, swapped)


def test_probing_reports_no_solution(monkeypatch):
    probe_everywhere(monkeypatch)
    record = BY_NAME["TAREK_ALL#2"]
    cages = [dict(c) for c in record["cages"]]
    # Two cages trade one unit of total: the sum still adds up to 405, so only search refutes it.
    cages[0]["total"] += 1
    cages[1]["total"] -= 1
    solver, result = run(puzzle_of({"cages": cages}))
    assert solver.probing and result.status == "none"


# --- DigitSets: a SET constraint's memoised filters -----------------------------------------------

@pytest.mark.parametrize("total, count", [(10, 3), (20, 4), (17, 2), (45, 9), (23, 5)])
def test_digit_sets_filters_agree_with_the_sets_themselves(total, count):
    sets = digit_sets(combinations_for(9, total, count))
    assert sets is digit_sets(combinations_for(9, total, count))   # shared by equal sets
    assert {sum(d + 1 for d in range(9) if s >> d & 1) for s in sets.sets} == {total}
    listed = list(enumerate(sets.sets))
    for mask in range(1 << 9):
        meeting = sum(1 << i for i, s in listed if s & mask)
        assert sets.meet(mask) == meeting and sets.meeting[mask] == meeting   # memoised
        assert sets.inside(mask) == sum(1 << i for i, s in listed if s | mask == mask)
        assert sets.hold(mask) == sum(1 << i for i, s in listed if s & mask == mask)
    alive = sets.every & 0b1011
    union = common = None
    for i, s in listed:
        if alive >> i & 1:
            union = s if union is None else union | s
            common = s if common is None else common & s
    assert sets.summarize(alive) == (union, common)


def test_digit_sets_memos_start_again_when_full(monkeypatch):
    monkeypatch.setattr(combos, "MEMO_LIMIT", 8)
    sets = combos.DigitSets(combinations_for(9, 20, 4))
    for mask in range(1, 40):
        assert sets.meet(mask) == sets.subset(lambda s: s & mask)
        assert len(sets.meeting) <= 8


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("name", ["TAREK_ALL#14", "Wecoc #2"])
def test_propagation_keeps_the_solution_and_stops_at_a_fixpoint(name, exact):
    """From states the solution passes through (some of its digits placed, derived sums in, and
    exact cage support as a killer wide everywhere has it), propagation, whatever order it revises
    in, removes none of the solution's digits and stops where nothing is left to narrow:
    propagating again with every cell marked changed finds the same candidates."""
    record = BY_NAME[name]
    puzzle = puzzle_of(record)
    net = compile_puzzle(puzzle)
    add_derived_when_stuck(puzzle, net)
    if exact:
        assert add_exact(net) < len(net.constraints)
    solution = [int(d) for d in record["solution"]]
    rnd = random.Random(name)
    narrowed = 0
    for placed_count in (0, 3, 6, 9, 12, 15, 20, 25):
        placed = rnd.sample(range(81), placed_count)
        cand, live = list(net.candidates), list(net.live)
        for cell in placed:
            cand[cell] = 1 << (solution[cell] - 1)
        assert engine.propagate(net, cand, live, list(placed), set(range(81))) is None
        assert all(cand[cell] >> (digit - 1) & 1 for cell, digit in enumerate(solution))
        narrowed += sum(bin(m).count("1") for m in cand) < 81 * 9 - placed_count * 8
        again = cand[:]
        assert engine.propagate(net, again, live[:], [], set(range(81))) is None
        assert again == cand
    assert narrowed == 8   # each state was narrowed beyond its placed digits


def intersection_removal_by_hand(net, numbers, cand):
    """What intersection removal must do, cell by cell: in each unit in turn, each digit not
    solved there leaves every cell outside the unit that sees all its places. True when a digit
    has no place left or a cell is left empty."""
    for number in numbers:
        unit = net.units[number]
        solved = {cand[c] for c in unit if bin(cand[c]).count("1") == 1}
        for digit in range(1, net.size + 1):
            bit = 1 << (digit - 1)
            if bit in solved:
                continue
            places = [c for c in unit if cand[c] & bit]
            if not places:
                return True
            for cell in range(net.cell_count):
                if cell not in unit and all(cell in net.peers[p] for p in places) and cand[cell] & bit:
                    cand[cell] &= ~bit
                    if not cand[cell]:
                        return True
    return False


@pytest.mark.parametrize("kind", ["killer", "windoku"])
def test_intersection_removal_skips_only_digits_with_nothing_to_remove(kind):
    """Intersection removal leaves out digits with more places in a unit than any outside cell
    sees (PlaceCounts); on random states of a hard killer (cages make cells see more of a unit)
    and of a Windoku, it removes exactly what the cell-by-cell rule removes."""
    if kind == "killer":
        puzzle = puzzle_of(BY_NAME["TAREK_ALL#37"])
        net = compile_puzzle(puzzle)
        add_derived_when_stuck(puzzle, net)
    else:
        net = compile_puzzle(puzzle_from_record(first("windoku")))
    assert net.pointing and net.place_counts is not None
    rnd = random.Random(kind)
    removed = contradictions = 0
    for _ in range(300):
        keep = rnd.choice([0.3, 0.5, 0.7])
        cand = [mask_of([d for d in range(1, 10) if rnd.random() < keep]) or 1 << rnd.randrange(9)
                for _ in range(81)]
        numbers = sorted(rnd.sample(range(len(net.units)), 6))   # the order it takes them in
        expected = cand[:]
        failed = intersection_removal_by_hand(net, numbers, expected)
        got = cand[:]
        problem = engine.point_in_units(net, sum(1 << n for n in numbers), got, [], set())
        if failed:
            contradictions += 1
            assert problem is not None
        else:
            assert problem is None and got == expected
            removed += got != cand
    assert removed > 30 and contradictions > 10   # both outcomes were exercised
