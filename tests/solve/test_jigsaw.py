"""Jigsaw's law of leftovers in the solver (SAME constraints, pycore.solve.network.add_leftovers):
any k rows and any k regions each hold every digit k times, so what the rows have outside the
regions and what the regions have outside the rows are the same digits."""
from tests.corpus import DEV
from pycore.codec import decode
from pycore.model import Puzzle
from pycore.solve import solve
from pycore.solve.network import SAME, compile_puzzle

# 4×4, regions by letter:  A A A B / A B B B / C C C D / C D D D
SMALL = (1, 1, 1, 2, 1, 2, 2, 2, 3, 3, 3, 4, 3, 4, 4, 4)


def leftovers(puzzle):
    """{(first group, second group)} of the puzzle's SAME constraints."""
    net = compile_puzzle(puzzle)
    return {(cells[:split], cells[split:]) for kind, cells, _, split in net.constraints if kind == SAME}


def test_row_one_and_its_region_leave_one_cell_each_which_must_match():
    """Row 1 and region A share r1c1-r1c3, so r1c4 (row 1's cell outside A) and r2c1 (A's cell
    outside row 1) hold the same digit: givens 1 and 2 there leave no solution."""
    assert ((3,), (4,)) in leftovers(Puzzle("jigsaw", 4, (0,) * 16, SMALL, ()))
    givens = [0] * 16
    givens[3], givens[4] = 1, 2
    assert solve(Puzzle("jigsaw", 4, tuple(givens), SMALL, ())).status == "none"
    givens[4] = 1
    assert solve(Puzzle("jigsaw", 4, tuple(givens), SMALL, ())).status == "multiple"


def test_every_corpus_jigsaw_solution_keeps_its_leftovers():
    records = [r for r in DEV if r["kind"] in ("jigsaw", "killer-jigsaw")]
    assert records
    for record in records:
        solution = [int(ch) for ch in record["solution"]]
        pairs = leftovers(decode(next(iter(record["strings"].values())))[0])
        assert pairs
        for first, second in pairs:
            assert sorted(solution[c] for c in first) == sorted(solution[c] for c in second)


def test_a_jigsaw_with_random_givens_and_no_solution_is_refuted_at_once():
    """From bench/fuzz.py --sparse: without the leftovers 1,826,264 nodes (56 s) to refute."""
    text = ("J9B0000080000sg0sg0sg0sg0sg0sk1kw0000000002dc0sg0sg0sg35s1kw0000002dc2dl2dc2dc2dc35s1l2000"
            "2dc2dc2dc35s35s35s35s1l11kw1kw1l43y83y83y835s35s1kw4qo5j45j43y93y83y83y835x1kw4qo4qo5j43y8"
            "5j43y86bk6bk4qo4qo4qo5j45j45j46bk6bk6bk4qo4qo4qr5j65j46bk6bk6bk6bk")
    result = solve(decode(text)[0], max_nodes=100)
    assert result.status == "none" and result.nodes == 1
