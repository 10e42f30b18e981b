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
