#!/usr/bin/env python3
"""Hints in the browser: time from a click on Hint to the answer on screen, in the page
(Pyodide in headless Chromium), next to the same hint_view call under CPython in this process.

    python -m bench.hint_bench            # print the table
    python -m bench.hint_bench --write    # also replace '## Hints in the browser' in BENCHMARKS.md

Positions: for the hardest 9×9 sudoku, killer and KenKen labels of the dev corpus, the start and
the positions every few logical steps along the way (found by CPython's own hint chain), opened in
the page through its paste box; the positions where each strategy family of issue 44 is the next
step (tests/e2e/test_hint_sets.py: top95's sudokus as the hints leave them, and a generated one);
and the first positions of Tatham's two unreasonable KenKens where a forcing chain is next. Per position: the first Hint (which also solves the puzzle once, to
check the reader's digits against the solution), then Apply, then the next Hint (the solution is
kept). Click to the next animation frame after the answer, timed with performance.now().
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
import build
from tests.browsers.chromium import launch_options
from tests.browsers.serve import serve_directory
from tests.corpus import DEV
from bench.sections import replace_section
from pycore import api

LABELS = {"sudoku": "solo-3x3du", "killer": "solo-3x3kdu", "kenken": "keen-9dx"}
PER_LABEL = 2
EVERY = 12   # steps between two measured positions
# Tatham's two unreasonable KenKens (bench/data/tatham.jsonl) that need the forcing chains, the
# slowest hints (Nishio before issue 44 brought the cell and unit forcing chains and nets): the
# first FORCING_EACH positions of each where one of them is the next step.
UNREASONABLE = ("bench-9", "bench-22")
FORCING = ("digit-forcing", "cell-forcing-chain", "unit-forcing-chain", "forcing-net", "nishio")
FORCING_EACH = 3
TATHAM = ROOT / "bench" / "data" / "tatham.jsonl"

CLICK = """async (action) => {
  const t0 = performance.now();
  document.querySelector(`[data-action=${action}]`).click();
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - t0;
}"""


def positions(text: str) -> list[list[str]]:
    """The start and every EVERY-th position of CPython's hint chain."""
    progress = api.decode_view(text)["progress"]
    found = [progress]
    for step in range(1, 400):
        hint = api.hint_view(text, progress)
        if hint["status"] != "step":
            break
        progress = hint["progress"]
        if step % EVERY == 0:
            found.append(progress)
    return found


def forcing_positions(text: str) -> list[list[str]]:
    """The first FORCING_EACH positions of CPython's hint chain whose next step is a forcing
    chain, net or Nishio."""
    progress = api.decode_view(text)["progress"]
    found = []
    for _ in range(400):
        hint = api.hint_view(text, progress)
        if hint["status"] != "step" or len(found) == FORCING_EACH:
            break
        if hint["step"]["strategy"] in FORCING:
            found.append(progress)
        progress = hint["progress"]
    return found


def cpython_ms(text: str, progress: list[str]) -> tuple[float, float]:
    api._solutions.clear()
    t0 = time.perf_counter()
    first = api.hint_view(text, progress)
    t1 = time.perf_counter()
    if first["status"] == "step":
        api.hint_view(text, first["progress"])
    t2 = time.perf_counter()
    return (t1 - t0) * 1000, (t2 - t1) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="update BENCHMARKS.md")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.browsers.pageutil import open_text

    cases = {}   # what is measured ("killer 9×9") -> [link texts, each with its position]
    for kind, label in LABELS.items():
        for entry in [e for e in DEV if e["label"] == label][:PER_LABEL]:
            text = entry["strings"]["versioned"]
            for progress in positions(text):
                cases.setdefault(f"{kind} 9×9", []).append(api.share(text, progress)["bd"])
    for line in TATHAM.read_text().splitlines():
        record = json.loads(line)
        if record["label"] == "keen-9du" and record["seed"] in UNREASONABLE:
            for progress in forcing_positions(record["string"]):
                cases.setdefault("kenken 9×9, forcing chain next", []).append(
                    api.share(record["string"], progress)["bd"])
    from tests.e2e.test_hint_sets import GALLERY, NEWER
    cases["sudoku 9×9, issue 44 family next"] = ([string for _, string in GALLERY]
                                                 + [string for _, _, string in NEWER])
    load_before = os.getloadavg()[0]
    page_first, page_next, host_first, host_next = ({k: [] for k in cases} for _ in range(4))
    with tempfile.TemporaryDirectory() as tmp:
        dist = build.build(dist=Path(tmp) / "dist")
        server, origin = serve_directory(dist)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**launch_options())
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(origin + "/")
                page.wait_for_function("puzzleViewer.ready.then(() => true)", timeout=120_000)
                for kind, links in cases.items():
                    for link in links:
                        if api.hint_view(link, api.decode_view(link)["progress"])["status"] != "step":
                            continue   # the chain's last position may be the solved grid
                        assert open_text(page, link) == "ready", link
                        page_first[kind].append(page.evaluate(CLICK, "hint"))
                        if page.locator("[data-action=apply-hint]").count():
                            page.click("[data-action=apply-hint]")
                            page_next[kind].append(page.evaluate(CLICK, "hint"))
                        progress = api.decode_view(link)["progress"]
                        first, following = cpython_ms(link, progress)
                        host_first[kind].append(first)
                        host_next[kind].append(following)
                browser.close()
        finally:
            server.shutdown()

    med = statistics.median
    rows = []
    for kind in cases:
        for name, page_ms, host_ms in (("first Hint (solves once)", page_first[kind], host_first[kind]),
                                       ("next Hint", page_next[kind], host_next[kind][:len(page_next[kind])])):
            rows.append(f"| {kind} | {name} | {len(page_ms)} | {med(page_ms):.0f} | "
                        f"{min(page_ms):.0f}–{max(page_ms):.0f} | {med(host_ms):.0f} | "
                        f"{med(page_ms) / max(med(host_ms), 0.01):.1f}× |")
    lines = [
        "## Hints in the browser",
        "",
        "Click on Hint to the answer on screen (the next animation frame), in the page (Pyodide, headless",
        "Chromium), against `hint_view` under CPython in the same run; the start and every",
        f"{EVERY}th step of {PER_LABEL} puzzles of the hardest dev-corpus label per kind "
        f"({', '.join(f'{k}: {v}' for k, v in LABELS.items())}), the first {FORCING_EACH} positions "
        f"of Tatham's KenKens {' and '.join(UNREASONABLE)} where a forcing chain is next, and one "
        "position per strategy family of issue 44 where it is next (`tests/e2e/test_hint_sets.py`). "
        "The first Hint also solves the puzzle once. Aim: under 300 ms:",
        "",
        "    python -m bench.hint_bench --write",
        "",
        "| puzzle | hint | positions | page median (ms) | page range (ms) | CPython median (ms) | page / CPython |",
        "|---|---|---:|---:|---:|---:|---:|",
        *rows,
        "",
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.system()} {platform.machine()}, Python "
        f"{platform.python_version()} (host), Pyodide 314.0.7 (CPython 3.14.2), Chromium (Debian), on "
        f"a shared 2-core machine (load average {load_before:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end).",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        replace_section(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
