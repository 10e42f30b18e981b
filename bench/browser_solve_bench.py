#!/usr/bin/env python3
"""Solving in the browser: the same 9×9 killers solved by pycore under CPython (this process) and
under Pyodide in the page (headless Chromium), in the same run.

    python -m bench.browser_solve_bench            # print the table
    python -m bench.browser_solve_bench --write    # also replace '## Solving in the browser' in BENCHMARKS.md

Puzzles: every 9×9 killer of the dev corpus, and the hardest published killers that
tests/test_solve_hard_killers.py quotes (Tarek's thread, with and without published solutions)
that an L9B string can hold (every cell caged, cages orthogonally connected). Each solve is the page's own API path, `solve_start(text)` then
`solve_step(id, max_nodes)` with a budget large enough to finish in one slice: decoding, compiling
and searching, timed with performance.now() in the page and perf_counter() here. Median of --runs
rounds per puzzle. The page is also timed through its Solve button (slices of 20-40 ms of Python
with a yield to the browser between them) on the hardest of them, click to `solved`; and, with
--long NAME, on one puzzle of bench/data/hard_killers.jsonl that takes minutes (the page pauses every
minute: Keep going is pressed at once).
"""
from __future__ import annotations

import argparse
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
from pycore.codec import PuzzleStringError, encode

BIG = 10 ** 9

IN_PAGE = """async (strings) => {
  const out = [];
  for (const text of strings) {
    const t0 = performance.now();
    const started = await puzzleViewer.call("solve_start", text);
    const r = await puzzleViewer.call("solve_step", started.id, %d);
    out.push({ ms: performance.now() - t0, status: r.status, nodes: r.nodes });
  }
  return out;
}""" % BIG


def puzzles() -> dict[str, list[str]]:
    from tests.solve.test_hard_killers import TAREK_MORE, TAREK_WITH_SOLUTIONS, short_killer
    hard = []
    for text in [t for t, _ in TAREK_WITH_SOLUTIONS] + TAREK_MORE:
        try:
            hard.append(encode(short_killer(text)))
        except PuzzleStringError:
            pass  # a cell in no cage, or a diagonal cage: SudokuWiki's formats cannot hold it
    corpus = [e["strings"]["versioned"] for e in DEV if e["kind"] == "killer" and e["size"] == 9]
    return {"dev-corpus 9×9 killers": corpus, "hardest published killers (Tarek)": hard}


def cpython_ms(text: str) -> tuple[float, dict]:
    t0 = time.perf_counter()
    started = api.solve_start(text)
    result = api.solve_step(started["id"], BIG)
    return (time.perf_counter() - t0) * 1000, result


# Clicks Solve, then Keep going whenever the page pauses (every minute); resolves at `solved`
# with the time from the click, the number of pauses and when Show it was offered (the first
# solution found; null if the search ended in the slice that found it), or with the status text
# if it ends any other way (the solver's set-up and search, and the page's slicing and yields,
# all count).
SOLVE_THROUGH_PAUSES = """() => new Promise((resolve) => {
  const status = document.querySelector('[data-testid=status]');
  const toolbar = document.querySelector('[data-testid=toolbar]');
  let t0, pauses = 0, foundMs = null;
  new MutationObserver(() => {
    const keep = toolbar.querySelector('[data-action=continue]');
    if (keep) { pauses += 1; keep.click(); }
    if (foundMs === null && toolbar.querySelector('[data-action=show-found]')) foundMs = performance.now() - t0;
  }).observe(toolbar, { childList: true });
  new MutationObserver(() => {
    if (status.dataset.state === 'solved') resolve({ ms: performance.now() - t0, pauses, foundMs });
    else if (status.dataset.state === 'ready' && !toolbar.querySelector('[data-action=cancel]'))
      resolve({ error: status.textContent });
  }).observe(status, { attributes: true, attributeFilter: ['data-state'] });
  t0 = performance.now();
  document.querySelector('[data-action=solve]').click();
})"""


def solve_with_button(page, base: str, text: str, name: str) -> dict:
    """Opens the puzzle and solves it with the Solve button: {"ms", "pauses"}."""
    page.goto(f"{base}?bd={text}")
    page.locator("[data-testid=status][data-state=ready]").wait_for(timeout=120_000)
    result = page.evaluate(SOLVE_THROUGH_PAUSES)
    if "error" in result:
        raise SystemExit(f"{name} in the page: {result['error']}")
    return result


def measure_long(page, base: str, name: str) -> str:
    """One long solve through the page's Solve button and with solve() here; a sentence."""
    from pycore.solve import solve
    from bench.solve_bench import hardest_killers, killer_from_record
    record = next(r for r in hardest_killers() if r["name"] == name)
    puzzle = killer_from_record(record)
    result = solve_with_button(page, base, encode(puzzle), name)
    start = time.perf_counter()
    host = solve(puzzle)
    host_s = time.perf_counter() - start
    assert host.status == "unique", host
    return (f"A long one, {name} (ISS: {record['iss_guesses']:,} guesses), through the Solve button with Keep "
            f"going pressed at each of its {result['pauses']} pauses: {result['ms'] / 1000:.0f} s from click "
            f"to `solved`, against {host_s:.0f} s for solve() in CPython ({host.guesses:,} guesses, "
            f"{host.nodes:,} nodes): {result['ms'] / 1000 / host_s:.2f}×. "
            + (f"Show it (the first solution found) was offered {result['foundMs'] / 1000:.0f} s after the click. "
               if result.get("foundMs") is not None else "")
            + "(That the page answers input and Cancel while it "
            "solves, and resumes after a pause, is tested in tests/e2e/test_page_solver.py.)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write", action="store_true", help="update BENCHMARKS.md")
    parser.add_argument("--long", metavar="NAME", help="also one puzzle of bench/data/hard_killers.jsonl "
                        "(e.g. MATHEMAGIC_KILLERS#1) through the Solve button, Keep going pressed at each "
                        "pause, next to solve() in CPython: one run each, minutes")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    groups = puzzles()
    texts = [t for group in groups.values() for t in group]
    host = {t: [] for t in texts}
    page_ms = {t: [] for t in texts}
    button = []
    with tempfile.TemporaryDirectory() as tmp:
        dist = build.build(dist=Path(tmp) / "dist")
        server, origin = serve_directory(dist)
        base = origin + "/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**launch_options())
                page = browser.new_page()
                page.goto(base)
                page.wait_for_function("puzzleViewer.ready.then(() => true)", timeout=120_000)
                page.evaluate(IN_PAGE, texts[:3])  # warm-up: first imports of the solver
                for t in texts[:3]:
                    cpython_ms(t)
                for _ in range(args.runs):  # interleaved rounds: load drift hits both alike
                    for t, r in zip(texts, page.evaluate(IN_PAGE, texts)):
                        page_ms[t].append(r["ms"])
                        assert r["status"] == "unique", r
                    for t in texts:
                        ms, r = cpython_ms(t)
                        host[t].append(ms)
                        assert r["status"] == "unique", r
                hardest = max(groups["hardest published killers (Tarek)"], key=lambda t: statistics.median(host[t]))
                for _ in range(args.runs):
                    button.append(solve_with_button(page, base, hardest, "the slowest Tarek killer")["ms"])
                long = measure_long(page, base, args.long) if args.long else None
                browser.close()
        finally:
            server.shutdown()

    med = lambda xs: statistics.median(xs)  # noqa: E731
    rows = []
    for name, group in groups.items():
        h = [med(host[t]) for t in group]
        b = [med(page_ms[t]) for t in group]
        ratios = [y / x for x, y in zip(h, b)]
        rows.append(f"| {name} | {len(group)} | {sum(h):.0f} | {sum(b):.0f} | {sum(b) / sum(h):.2f}× | "
                    f"{med(ratios):.2f}× | {min(ratios):.2f}×–{max(ratios):.2f}× |")
    hardest_host = med(host[hardest])
    lines = [
        "## Solving in the browser",
        "",
        "The same 9×9 killers solved by pycore on the host's CPython and on Pyodide (CPython 3.14 in",
        "WebAssembly) in the page, headless Chromium, in the same run: the page's API path",
        "(`solve_start` + one `solve_step` with an unlimited budget: decode, compile, search), median of",
        f"{args.runs} interleaved rounds per puzzle. Aim: within 3× of CPython. Command:",
        "",
        "    python -m bench.browser_solve_bench --write" + (f" --runs {args.runs}" if args.runs != 5 else "")
        + (f" --long {args.long}" if args.long else ""),
        "",
        "| puzzles | count | CPython total (ms) | browser total (ms) | browser / CPython | median per puzzle | range per puzzle |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
        "Through the Solve button (slices of 20–40 ms of Python, a yield to the browser after each), the",
        f"slowest of them took {med(button):.0f} ms from click to `solved` (median of {args.runs}; range "
        f"{min(button):.0f}–{max(button):.0f} ms), against {hardest_host:.0f} ms in CPython: "
        f"{med(button) / hardest_host:.2f}×.",
        "",
        *([] if long is None else [long, ""]),
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.system()} {platform.machine()}, Python "
        f"{platform.python_version()} (host), Pyodide 314.0.7 (CPython 3.14.2), Chromium "
        "(Debian), on a shared 2-core machine.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        replace_section(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
