"""Generator benchmark (issue 45 §1): how long `generate` takes per kind, size and grade, next to
how long the solver takes to prove the same puzzle unique, and (with --reference) next to an
older generator run in the same process on the same seeds.

    python -m bench.generate_bench                      # the default cases, 5 seeds each
    python -m bench.generate_bench --seeds 10           # more seeds
    python -m bench.generate_bench --case sudoku:9:tough --case kenken:6:-   # chosen cases
                                                        # (kind:size:grade, "-" for any grade)
    python -m bench.generate_bench --reference a69b0a2  # also the generator of that commit

Times are wall-clock on one core (`--clock process`: processor time, which holds better than
wall-clock on a machine shared with other work): `generate(kind, size, grade, seed)` for seeds 1..N, whole (all
its attempts); the solver's is `solve(puzzle)` on the puzzle made (the default engine). With
--reference, that commit's `pycore` (git archive, imported as `pycore_ref`) generates the same
case and seed just before; its time and the ratio of each seed's times (now / reference) are
printed too: the ratio holds better than either time on a machine shared with other work.
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

from pycore.codec import decode
from pycore.generate import OutOfBudget, generate
from pycore.solve import solve

CASES = ("sudoku:4:-", "sudoku:6:-", "sudoku:9:gentle", "sudoku:9:moderate", "sudoku:9:tough",
         "sudoku:9:diabolical", "killer:6:-", "killer:9:gentle", "killer:9:moderate", "killer:9:tough",
         "kenken:4:-", "kenken:6:-", "kenken:9:-", "sudoku-x:9:-", "windoku:9:-", "jigsaw:9:-",
         "killer-jigsaw:9:-", "kendoku:6:-", "sudoku:16:-")


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
    args = parser.parse_args()
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
