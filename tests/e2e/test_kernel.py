"""The search kernel (pycore/solve/kernel.wasm) where the page's Python runs: in Pyodide under
Node (its WebAssembly) it takes the same search as the Python engine there, slice by slice
through a Mathemagic killer's probing, and as the host's kernel; in the page (Chromium), a
hard killer's Solve ends solved by the kernel, with the host's nodes and guesses."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pycore.codec import encode
from pycore.solve import kernel, solve

from tests.browsers.pageutil import open_text
from tests.solve.test_kernel import hard_killer

ROOT = Path(__file__).resolve().parents[2]
NODE_SCRIPT = ROOT / "tests" / "browsers" / "node_kernel.mjs"
SLICES = [1, 5, 40, 333, 1000] + [97] * 8


def as_request(puzzle, engines, slices=None) -> dict:
    request = {"kind": puzzle.kind, "size": puzzle.size, "givens": list(puzzle.givens),
               "cages": [[list(c.cells), c.total, c.op] for c in puzzle.cages], "engines": engines}
    if slices:
        request["slices"] = slices
    return request


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_node_pyodide_kernel_searches_like_python(built_dist):
    wheel = next((built_dist / "wheels").glob("pycore-*.whl"))
    tarek5, tarek37 = hard_killer("TAREK_ALL#5"), hard_killer("TAREK_ALL#37")
    request = {"puzzles": [as_request(tarek5, ["kernel", "python"]),
                           as_request(tarek37, ["kernel"]),
                           as_request(hard_killer("MATHEMAGIC_KILLERS#0"), [], SLICES)]}
    done = subprocess.run(["node", str(NODE_SCRIPT), str(ROOT / "node_modules" / "pyodide"),
                           str(wheel)], input=json.dumps(request), capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["platform"] == "emscripten" and out["unavailable"] is None, out
    first, second, slices = out["results"]
    assert first["kernel"][5] == "kernel" and first["kernel"][:5] == first["python"][:5]
    for puzzle, row in ((tarek5, first), (tarek37, second)):
        host = solve(puzzle, engine="kernel")
        assert row["kernel"][:5] == [host.status, list(host.solution), host.reason, host.nodes,
                                     host.guesses]
    assert slices["kernel type"] == "KernelSolver"
    assert slices["kernel slices"] == slices["python slices"]
    assert slices["kernel slices"][-1][0] > 1500   # past the derived sums, into the probing


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_node_pyodide_kernel_propagates_suppositions_like_the_host(built_dist):
    """The forcing searches' propagation through the page's runtime (BrowserRuntime, here
    Node's WebAssembly): the board and every supposition from it answered as on the host, and
    as the Python engine answers there once the kernel is missing."""
    from pycore.explain import forcing
    from pycore.solve.network import compiled
    from tests.explain.test_forcing_kernel import random_board
    import random
    puzzle = hard_killer("TAREK_ALL#5")
    board = random_board(random.Random(3), puzzle, list(solve(puzzle).solution), True)
    request = {"puzzle": as_request(puzzle, []), "values": list(board.values),
               "candidates": list(board.candidates)}
    done = subprocess.run(["node", str(ROOT / "tests" / "browsers" / "node_forcing.mjs"),
                           str(ROOT / "node_modules" / "pyodide"),
                           str(next((built_dist / "wheels").glob("pycore-*.whl")))],
                          input=json.dumps(request), capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)
    assert out["platform"] == "emscripten" and out["unavailable"] is None, out
    host = forcing.PythonPropagation(compiled(puzzle), list(board.masks))
    expected = [host.board]
    for cell, mask in enumerate(board.masks):
        if mask & (mask - 1):
            for digit in range(1, 10):
                bit = 1 << (digit - 1)
                if mask & bit:
                    expected += [host.after(cell, bit), host.after(cell, mask & ~bit)]
    expected = [[problem and list(problem), cand] for problem, cand in expected]
    assert out["kernel"] == ["BoardPropagation", expected]
    assert out["missing"] == ["PythonPropagation", expected]
    assert any(problem for problem, _ in expected)


def test_page_solves_a_hard_killer_through_the_kernel(app_page, monkeypatch):
    puzzle = hard_killer("Wecoc #2")   # wide everywhere: derived sums, then probing
    # The page's Python (3.14) adds floats with compensation (sum() since 3.12), and so the
    # probe's scores there; this one's probing takes 8,956 nodes so, 8,995 with 3.11's sum.
    monkeypatch.setattr(kernel, "COMPENSATED_SUM", True)
    host = solve(puzzle, engine="kernel")
    assert open_text(app_page, encode(puzzle)) == "ready"
    # one search on the page's thread (not split over workers: their nodes are summed)
    app_page.evaluate("history.replaceState(null, '', location.search + '&workers=0')")
    for _ in range(2):   # the first solve hands over to the kernel once compiled; then at once
        app_page.click("[data-action=solve]")
        app_page.locator("[data-testid=status][data-state=solved]").wait_for(timeout=120_000)
        solution = app_page.evaluate("puzzleViewer.state.solution")
        assert solution["engine"] == "kernel", solution
        assert (solution["nodes"], solution["guesses"]) == (host.nodes, host.guesses)
        assert solution["solution"] == list(host.solution)
        app_page.click("[data-action=undo]")
        app_page.locator("[data-testid=status][data-state=ready]").wait_for()


def forcing_hint_once_the_kernel_is_ready(page) -> int:
    """Asks the KenKen forcing hint in full, once the page's kernel has compiled; checks it is
    the host's step and returns how many kernel instances for the hints the page marked."""
    from tests.browsers.pageutil import ask_hint
    from tests.e2e.test_hint import KENKEN_FORCING, expected_first_step
    page.wait_for_function("performance.getEntriesByName('kernel-ready').length > 0",
                           timeout=60_000)
    for _ in range(3):
        ask_hint(page)
    text = page.locator("[data-testid=hint-text]").inner_text()
    assert text == expected_first_step(KENKEN_FORCING)["text"]
    assert text.startswith("Digit forcing chain: if ")
    return page.evaluate("performance.getEntriesByName('kernel-suppositions').length")


def test_page_hint_propagates_suppositions_in_the_kernel(app_page):
    """A hint whose forcing search propagates suppositions, once the page's kernel is compiled:
    the kernel does it there (its instance for the hints marks the page's timeline), and the
    step is the host's."""
    from tests.e2e.test_hint import KENKEN_FORCING
    assert open_text(app_page, KENKEN_FORCING) == "ready"
    assert forcing_hint_once_the_kernel_is_ready(app_page) == 1


def test_a_page_asking_for_the_python_engine_propagates_its_hints_in_python(page, site):
    """`&engine=python` switches the hints' forcing searches too: the same step, and the kernel's
    instance for the hints is never made (no mark in the page's timeline)."""
    from urllib.parse import quote
    from tests.e2e.test_hint import KENKEN_FORCING
    page.goto(f"{site.url}?bd={quote(KENKEN_FORCING)}&engine=python")
    page.locator("[data-testid=status][data-state=ready]").wait_for(timeout=120_000)
    assert forcing_hint_once_the_kernel_is_ready(page) == 0
