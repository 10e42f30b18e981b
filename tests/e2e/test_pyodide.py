"""The core that runs in the page is the same code on CPython 3.14 (Pyodide) as on the host: the
decoder gives the same JSON for a spread of corpus strings, in the browser and under Node's
loadPyodide(); the explainer takes the same steps; the solver takes the same path."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pycore import api

from tests.corpus import DEV, REAL
from tests.browsers.pageutil import wait_started

ROOT = Path(__file__).resolve().parents[2]
NODE_SCRIPT = ROOT / "tests" / "browsers" / "node_decode.mjs"


def sample_strings() -> list[str]:
    strings = [entry["string"] for entry in REAL]
    seen = set()
    for entry in DEV:
        if (entry["kind"], entry["size"]) not in seen:
            seen.add((entry["kind"], entry["size"]))
            strings += entry["strings"].values()
    return strings + ["bd=123", "L9Bzz", ""]  # error paths too


def host_decode(text: str) -> dict:
    return json.loads(json.dumps(api.decode_view(text)))


def test_page_python_is_314_and_decodes_like_the_host(page, site):
    page.goto(site.url)
    assert wait_started(page) == "ready"
    info = page.evaluate("puzzleViewer.ready")
    assert tuple(info["python"]) >= (3, 14), info
    assert info["platform"] == "emscripten"
    strings = sample_strings()
    in_page = page.evaluate("texts => Promise.all(texts.map(t => puzzleViewer.decode(t)))", strings)
    for text, result in zip(strings, in_page):
        assert result == host_decode(text), text[:60]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_node_pyodide_decodes_like_the_host(built_dist):
    wheel = next((built_dist / "wheels").glob("pycore-*.whl"))
    strings = sample_strings()
    result = subprocess.run(
        ["node", str(NODE_SCRIPT), str(ROOT / "node_modules" / "pyodide"), str(wheel)],
        input=json.dumps(strings), capture_output=True, text=True, timeout=180, cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert tuple(out["python"]) >= (3, 14)
    for text, decoded in zip(strings, out["results"]):
        assert decoded == host_decode(text), text[:60]


def hint_chain(call, text: str, steps: int) -> list[dict]:
    progress = api.decode_view(text)["progress"]
    chain = []
    for _ in range(steps):
        hint = call(text, progress)
        chain.append(hint)
        if hint.get("status") != "step":
            break
        progress = hint["progress"]
    return chain


def test_page_python_explains_like_the_host(page, site):
    """The human-style logic on Python 3.14 in the page takes the same steps, in the same words,
    as on the host's CPython (the first 25 hints of a spread of kinds)."""
    page.goto(site.url)
    assert wait_started(page) == "ready"
    labels = ("solo-3x3du", "solo-3x3kdu", "keen-6dx", "solo-9jdi", "solo-3x3xdi", "kendoku-6")
    for label in labels:
        text = next(e["strings"]["versioned"] for e in DEV if e["label"] == label)
        host = hint_chain(lambda t, p: json.loads(json.dumps(api.hint_view(t, p))), text, 25)
        in_page = hint_chain(lambda t, p: page.evaluate(
            "([t, p]) => puzzleViewer.call('hint_view', t, p, null)", [t, p]), text, 25)
        assert in_page == host, label
        assert len(host) > 3, label


def solve_path(call, text: str, slices: int, nodes: int) -> list:
    """(nodes, guesses) after each of `slices` solve_step calls of `nodes` nodes."""
    started = call("solve_start", text)
    path = []
    for _ in range(slices):
        report = call("solve_step", started["id"], nodes)
        path.append((report["nodes"], report["guesses"]))
        if report["done"]:
            break
    call("solve_cancel", started["id"])
    return path


def test_page_python_solves_a_wide_killer_like_the_host(page, site):
    """A Mathemagic killer's first 2,400 nodes: the restart from the root and the probing there
    (its every cell still 6-8 wide) take the same path on Python 3.14 in the page as here."""
    from pycore.codec import encode
    from tests.solve.test_derived import BY_NAME, puzzle_of
    text = encode(puzzle_of(BY_NAME["MATHEMAGIC_KILLERS#0"]))
    page.goto(site.url)
    assert wait_started(page) == "ready"
    host = solve_path(lambda name, *args: getattr(api, name)(*args), text, 8, 300)
    in_page = solve_path(lambda name, *args: page.evaluate(
        "([name, args]) => puzzleViewer.call(name, ...args)", [name, list(args)]), text, 8, 300)
    assert in_page == host
    assert host[-1][0] >= 2000 and host[-1][1] > 16   # past the restart and the first probe
