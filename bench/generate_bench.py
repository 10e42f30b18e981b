"""Generator benchmark (issue 45 §1): how long `generate` takes per kind, size and grade, next to
how long the solver takes to prove the same puzzle unique, and (with --reference) next to an
older generator run in the same process on the same seeds.

    python -m bench.generate_bench                      # the default cases, 5 seeds each
    python -m bench.generate_bench --seeds 10           # more seeds
    python -m bench.generate_bench --case sudoku:9:tough --case kenken:6:-   # chosen cases
                                                        # (kind:size:grade, "-" for any grade)
    python -m bench.generate_bench --reference a69b0a2  # also the generator of that commit
    python -m bench.generate_bench --page               # in the page (Pyodide, Chromium) too

Times are wall-clock on one core (`--clock process`: processor time, which holds better than
wall-clock on a machine shared with other work): `generate(kind, size, grade, seed)` for seeds 1..N, whole (all
its attempts); the solver's is `solve(puzzle)` on the puzzle made (the default engine). With
--reference, that commit's `pycore` (git archive, imported as `pycore_ref`) generates the same
case and seed just before; its time and the ratio of each seed's times (now / reference) are
printed too: the ratio holds better than either time on a machine shared with other work.
With --page, the built site is opened in headless Chromium and the page's own Python makes each
case and seed too (`api.generate_view` with the seed, the New puzzle dialog's call, timed in the
page on its main thread, where the dialog runs it in a worker's Python alike), right after
CPython made it: the page's median and its ratio to CPython's seed by seed (wall-clock both).
Printed per case: the median and the spread (fastest-slowest), the median ratio generate/solve
and now/reference, the median number of attempts. A seed that runs out of budget counts as its
budget and is shown under "failed" (now, then reference).
"""
from __future__ import annotations

import argparse
import importlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pycore import api
from pycore.codec import decode
from pycore.generate import OutOfBudget, generate
from pycore.solve import solve

CASES = ("sudoku:4:-", "sudoku:6:-", "sudoku:9:gentle", "sudoku:9:moderate", "sudoku:9:tough",
         "sudoku:9:diabolical", "killer:6:-", "killer:9:gentle", "killer:9:moderate", "killer:9:tough",
         "kenken:4:-", "kenken:6:-", "kenken:9:-", "sudoku-x:9:-", "windoku:9:-", "jigsaw:9:-",
         "killer-jigsaw:9:-", "kendoku:6:-", "sudoku:16:-")
# the issue's page budget: 9×9 sudoku and killer up to tough (and the diabolical sudoku, KenKen 6×6)
PAGE_CASES = ("sudoku:9:gentle", "sudoku:9:moderate", "sudoku:9:tough", "sudoku:9:diabolical",
              "killer:9:gentle", "killer:9:moderate", "killer:9:tough", "kenken:6:-")


def reference_generate(commit: str):
    """`generate` of `commit`'s pycore, imported beside this one as pycore_ref."""
    root = Path(tempfile.mkdtemp(prefix="generate_ref_"))
    archive = subprocess.run(["git", "archive", "--format=tar", "--prefix=pycore_ref/",
                              f"{commit}:pycore"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    sys.path.insert(0, str(root))
    module = importlib.import_module("pycore_ref.generate")
    return module.generate, module.OutOfBudget


CLOCK = time.perf_counter   # or time.process_time (--clock process)


def timed(make, out_of_budget, kind, size, grade, seed, budget):
    """(seconds, result or None when the budget ran out)."""
    started = CLOCK()
    try:
        result = make(kind, size, grade, seed, time_limit=budget)
    except out_of_budget:
        return CLOCK() - started, None
    return CLOCK() - started, result


def run_case(kind: str, size: int, grade: str | None, seeds: int, budget: float, reference=None) -> dict:
    made, solved, attempts, failed, ref, ref_failed = [], [], [], 0, [], 0
    for seed in range(1, seeds + 1):
        if reference:
            seconds, result = timed(*reference, kind, size, grade, seed, budget)
            ref.append(seconds)
            ref_failed += result is None
        seconds, result = timed(generate, OutOfBudget, kind, size, grade, seed, budget)
        made.append(seconds)
        if result is None:
            failed += 1
            continue
        attempts.append(result["attempts"])
        puzzle = decode(result["string"])[0]
        started = CLOCK()
        assert solve(puzzle).status == "unique"
        solved.append(CLOCK() - started)
    ratios = [m / s for m, s in zip(made, solved)] if solved else []
    return {"made": made, "solved": solved, "attempts": attempts, "failed": failed, "ratios": ratios,
            "ref": ref, "ref_failed": ref_failed, "ref_ratios": [m / r for m, r in zip(made, ref)]}


class Page:
    """The built site open in headless Chromium, making puzzles with its own Python."""

    def __enter__(self):
        import build
        from playwright.sync_api import sync_playwright
        from tests.browsers.chromium import launch_options
        from tests.browsers.serve import serve_directory
        self.folder = tempfile.TemporaryDirectory()
        dist = build.build(dist=Path(self.folder.name) / "dist")
        self.server, origin = serve_directory(dist)
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(**launch_options())
        self.page = self.browser.new_page()
        self.page.goto(origin + "/")
        self.page.wait_for_function("puzzleViewer.ready.then(() => true)", timeout=180_000)
        self.make("sudoku", 4, None, 0, 60)   # imports, not timed
        return self

    def make(self, kind, size, grade, seed, budget):
        """(seconds, the answer): generate_view in the page, timed there."""
        answer = self.page.evaluate("""async ([kind, size, grade, seed, budget]) => {
            const t0 = performance.now();
            const made = await puzzleViewer.call("generate_view", kind, size, grade, budget, seed);
            return {ms: performance.now() - t0, made}; }""", [kind, size, grade, seed, budget])
        return answer["ms"] / 1000, answer["made"]

    def __exit__(self, *exc):
        self.browser.close()
        self.playwright.stop()
        self.server.shutdown()
        self.folder.cleanup()


def run_page_case(page: Page, kind: str, size: int, grade: str | None, seeds: int, budget: float) -> dict:
    host, in_page, failed = [], [], 0
    for seed in range(1, seeds + 1):
        started = time.perf_counter()
        try:
            made = generate(kind, size, grade, seed, time_limit=budget)
        except OutOfBudget:
            made = None
        host.append(time.perf_counter() - started)
        seconds, answer = page.make(kind, size, grade, seed, budget)
        in_page.append(seconds)
        failed += "error" in answer
        if made is not None and "error" not in answer:   # the same puzzle from the same seed
            assert answer["query"] == api.open_view("bd=" + made["string"])["query"], (kind, seed)
    return {"host": host, "page": in_page, "failed": failed,
            "ratios": [b / a for a, b in zip(host, in_page)]}


def spread(values) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):8.3f} ({min(values):.3f}-{max(values):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=60.0, help="generate's time limit per seed")
    parser.add_argument("--case", action="append", help="kind:size:grade ('-' for any grade)")
    parser.add_argument("--reference", help="a commit whose generator runs beside, seed by seed")
    parser.add_argument("--clock", choices=("wall", "process"), default="wall",
                        help="wall-clock time, or this process's processor time")
    parser.add_argument("--page", action="store_true",
                        help="in the page (Pyodide in headless Chromium) beside CPython, seed by seed")
    args = parser.parse_args()
    if args.page:
        with Page() as page:
            print(f"{'case':22} {'CPython s: median (spread)':30} {'page s: median (spread)':30} "
                  f"{'page/CPython':>12} {'failed in page':>14}", flush=True)
            for case in args.case or PAGE_CASES:
                kind, size, grade = case.split(":")
                r = run_page_case(page, kind, int(size), None if grade == "-" else grade, args.seeds, args.budget)
                print(f"{case:22} {spread(r['host']):30} {spread(r['page']):30} "
                      f"{statistics.median(r['ratios']):12.2f} {r['failed']:>14}", flush=True)
        return
    global CLOCK
    CLOCK = time.process_time if args.clock == "process" else time.perf_counter
    reference = reference_generate(args.reference) if args.reference else None
    for make, out_of_budget in [(generate, OutOfBudget)] + ([reference] if reference else []):
        timed(make, out_of_budget, "sudoku", 4, None, 0, args.budget)   # imports, not timed
    print(f"{'case':22} {'generate s: median (spread)':30} {'solve s':>8} {'gen/solve':>9} "
          f"{'attempts':>8} {'failed':>6}" + (f"  {'reference s: median (spread)':30} {'now/ref':>7}"
                                                if reference else ""), flush=True)
    for case in args.case or CASES:
        kind, size, grade = case.split(":")
        r = run_case(kind, int(size), None if grade == "-" else grade, args.seeds, args.budget, reference)
        solve_s = f"{statistics.median(r['solved']):8.3f}" if r["solved"] else "       -"
        ratio = f"{statistics.median(r['ratios']):9.0f}" if r["ratios"] else "        -"
        attempts = f"{statistics.median(r['attempts']):8g}" if r["attempts"] else "       -"
        line = f"{case:22} {spread(r['made']):30} {solve_s} {ratio} {attempts} {r['failed']:>6}"
        if reference:
            line += (f"  {spread(r['ref']):30} {statistics.median(r['ref_ratios']):7.2f}"
                     f"  (reference failed {r['ref_failed']})")
        print(line, flush=True)


if __name__ == "__main__":
    main()
