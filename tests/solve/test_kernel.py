"""The compiled search kernel (pycore/solve/kernel.c as kernel.wasm, run here through wasmtime)
takes the very search the Python engine takes: the same status, solution, nodes and guesses on
every dev-corpus puzzle it takes, on a sample of the hardest killers as published, rotated and
reflected, and slice by slice through the derived sums and the probing of a killer wide
everywhere. Also: the committed kernel.wasm is the build of kernel.c, byte for byte; what does
not fit the kernel, or a kernel that fails, is solved by the Python engine."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycore.codec import decode
from pycore.model import Cage, Puzzle
from pycore.solve import kernel, solve
from pycore.solve.engine import Solver
from pycore.solve.report import solve_report

from tests.corpus import DEV

ROOT = Path(__file__).resolve().parents[2]
HARDEST = ROOT / "bench" / "data" / "hard_killers.jsonl"
# Hardest killers the Python engine proves in well under a second each (a few hundred nodes).
SAMPLE = ("TAREK_ALL#0", "TAREK_ALL#5", "TAREK_ALL#9", "TAREK_ALL#20")
# Where cell (r, c) goes: each keeps rows, columns, boxes and cages (bench/solve_bench.py's).
MOVES = {
    "rotated": lambda r, c: (c, 8 - r),
    "reflected": lambda r, c: (r, 8 - c),
    "transposed": lambda r, c: (c, r),
}


def test_kernel_runs_here():
    # requirements-test.txt pins wasmtime: without it every test below would pass on the
    # Python engine alone and prove nothing
    assert kernel.available() is None, kernel.available()


def dev_puzzles():
    for entry in DEV:
        text = next(iter(entry["strings"].values()))
        puzzle, _ = decode(text)
        yield pytest.param(puzzle, id=f"{entry.get('name', entry.get('id'))}-{puzzle.kind}-{puzzle.size}")


def outcome(result):
    return result.status, result.solution, result.reason, result.nodes, result.guesses


@pytest.mark.parametrize("puzzle", list(dev_puzzles()))
def test_dev_corpus_same_search(puzzle):
    python = solve(puzzle, engine="python")
    ours = solve(puzzle, engine="kernel")
    if puzzle.size <= kernel.MAX_SIZE:
        assert ours.engine == "kernel"
    assert outcome(ours) == outcome(python)


def hard_killer(name: str, move=None) -> Puzzle:
    record = next(json.loads(line) for line in HARDEST.read_text().splitlines()
                  if line.strip() and json.loads(line)["name"] == name)

    def cell(i):
        r, c = move(i // 9, i % 9) if move else (i // 9, i % 9)
        return r * 9 + c
    return Puzzle("killer", 9, (0,) * 81, None, tuple(
        Cage(tuple(sorted(cell(i) for i in c["cells"])), c["total"]) for c in record["cages"]))


@pytest.mark.parametrize("move", [None, *MOVES], ids=lambda m: m or "as published")
@pytest.mark.parametrize("name", SAMPLE)
def test_hard_killers_same_search(name, move):
    puzzle = hard_killer(name, MOVES.get(move))
    python = solve(puzzle, engine="python")
    ours = solve(puzzle, engine="kernel")
    assert ours.engine == "kernel" and ours.status == "unique"
    assert outcome(ours) == outcome(python)
    assert ours.guesses >= 16   # past the derived sums


def test_slices_through_probing_match():
    """A Mathemagic killer is wide everywhere: after its derived sums the search starts again
    and probes. Slice by slice (the page's step(n)), both engines stand at the same node."""
    puzzle = hard_killer("MATHEMAGIC_KILLERS#0")
    python, ours = Solver(puzzle), kernel.kernel_solver(puzzle)
    for slice_nodes in [1, 5, 40, 333, 1000] + [97] * 8:
        assert python.step(slice_nodes) is None and ours.step(slice_nodes) is None
        assert (ours.nodes, ours.guesses, ours.explored) == (python.nodes, python.guesses,
                                                             python.explored)
    assert python.probing and python.nodes > 1500
    ours.stop("enough")


@pytest.mark.parametrize("seed", [5, 31])
def test_restarts_match(seed):
    """Sparse jigsaws with givens at random: past RESTART_AFTER nodes both engines start again
    from the root, keeping their blame, and end alike."""
    import random
    jigsaw = next(decode(next(iter(e["strings"].values())))[0] for e in DEV
                  if e["kind"] == "jigsaw" and e["size"] == 9)
    pick = random.Random(seed)
    givens = [0] * 81
    for _ in range(pick.randint(8, 14)):
        givens[pick.randrange(81)] = pick.randint(1, 9)
    puzzle = Puzzle("jigsaw", 9, tuple(givens), jigsaw.regions, ())
    ours, python = solve(puzzle, engine="kernel"), solve(puzzle, engine="python")
    assert ours.engine == "kernel" and ours.nodes > 500
    assert outcome(ours) == outcome(python)


def test_multiple_and_none_match():
    open_sudoku = Puzzle("sudoku", 9, (0,) * 81)
    assert outcome(solve(open_sudoku, engine="kernel")) == outcome(solve(open_sudoku,
                                                                         engine="python"))
    clash = Puzzle("killer", 4, (0,) * 16, None, (Cage((0, 1), 2), Cage(tuple(range(2, 16)), 38)))
    ours, python = solve(clash, engine="kernel"), solve(clash, engine="python")
    assert ours.status == "none" and outcome(ours) == outcome(python)


def test_report_says_which_engine():
    puzzle = hard_killer("TAREK_ALL#5")
    assert solve_report(puzzle)["engine"] == "kernel"
    assert solve_report(puzzle, engine="python")["engine"] == "python"


def test_small_grids_solve_in_python_unless_the_kernel_is_asked():
    """Under 7x7 the kernel's fixed cost is more than a whole solve (BENCHMARKS.md, "No kind
    gets slower"): solve() picks the Python engine there, and the kernel still answers alike
    when forced."""
    six = Puzzle("sudoku", 6, (1, 2, 3) + (0,) * 33)
    chosen, forced = solve(six), solve(six, engine="kernel")
    assert chosen.engine == "python" and forced.engine == "kernel"
    assert outcome(chosen) == outcome(forced)
    seven = next(decode(next(iter(e["strings"].values())))[0] for e in DEV
                 if e["kind"] == "kenken" and e["size"] == 7)
    assert solve(seven).engine == "kernel"


def test_too_big_for_the_kernel_solves_in_python():
    puzzle = Puzzle("sudoku", 16, (0,) * 256)
    assert kernel.kernel_solver(puzzle) is None
    result = solve(puzzle, engine="kernel", max_nodes=50)
    assert result.engine == "python"


def test_a_kernel_trap_falls_back_to_python(monkeypatch):
    puzzle = hard_killer("TAREK_ALL#5")
    solver = kernel.kernel_solver(puzzle)

    def trap(*args):
        raise solver.instance.errors[0]("unreachable")
    monkeypatch.setattr(solver.instance, "call", trap)
    result = solver.step(10_000)
    while result is None:
        result = solver.step(10_000)
    assert result.engine == "python"
    assert outcome(result) == outcome(solve(puzzle, engine="python"))


def test_a_real_trap_is_one_of_the_instances_errors():
    # input() with a negative length traps inside kernel.wasm; the unchecked call must turn
    # that into an error the solver catches (and falls back on), never a crash or a wrong read
    instance = kernel.runtime().instance()
    with pytest.raises(instance.errors):
        instance.call("input", -5)


def test_unchecked_calls_are_in_use_and_agree_with_checked_ones(monkeypatch):
    # the pinned wasmtime has the raw call (kernel.UncheckedCalls: ~3 us a call, not ~30); a
    # wasmtime without it takes the checked call, with the same search
    assert kernel.unchecked_calls() is not None
    puzzle = hard_killer("TAREK_ALL#9")
    fast = solve(puzzle, engine="kernel")
    monkeypatch.setattr(kernel, "unchecked_calls", lambda: None)
    monkeypatch.setattr(kernel, "_spare", [])
    checked = kernel.kernel_solver(puzzle)
    assert checked.instance.raw is None
    result = checked.step(10**9)
    while result is None:
        result = checked.step(10**9)
    assert result.engine == fast.engine == "kernel"
    assert outcome(result) == outcome(fast)


def test_kernel_wasm_is_the_build_of_kernel_c():
    """Rebuilt with the pinned ziglang (requirements-build.txt): the same bytes. No skip: a
    machine without ziglang fails here, with the command that installs it."""
    from pycore.solve import build_kernel
    try:
        import ziglang  # noqa: F401
    except ImportError:
        pytest.fail("ziglang is missing: pip install -r requirements-test.txt (it pins it)")
    assert build_kernel.main(["--check"]) == 0
