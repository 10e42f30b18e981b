"""Generator benchmark (issue 45 §1): how long `generate` takes per kind, size and grade, next to
how long the solver takes to prove the same puzzle unique.

    python -m bench.generate_bench                      # the default cases, 5 seeds each
    python -m bench.generate_bench --seeds 10           # more seeds
    python -m bench.generate_bench --case sudoku:9:tough --case kenken:6:-   # chosen cases
                                                        # (kind:size:grade, "-" for any grade)

Times are wall-clock on one core: `generate(kind, size, grade, seed)` for seeds 1..N, whole (all
its attempts); the solver's is `solve(puzzle)` on the puzzle made (the default engine). Printed per
case: the median and the spread (fastest-slowest) of both, the median ratio generate/solve, and
the median number of attempts. A seed that runs out of budget counts as its budget and is shown.
"""
from __future__ import annotations

import argparse
import statistics
import time

from pycore.codec import decode
from pycore.generate import OutOfBudget, generate
from pycore.solve import solve

CASES = ("sudoku:4:-", "sudoku:6:-", "sudoku:9:gentle", "sudoku:9:moderate", "sudoku:9:tough",
         "sudoku:9:diabolical", "killer:6:-", "killer:9:gentle", "killer:9:moderate", "killer:9:tough",
         "kenken:4:-", "kenken:6:-", "kenken:9:-", "sudoku-x:9:-", "windoku:9:-", "jigsaw:9:-",
         "killer-jigsaw:9:-", "kendoku:6:-", "sudoku:16:-")


def run_case(kind: str, size: int, grade: str | None, seeds: int, budget: float) -> dict:
    made, solved, attempts, failed = [], [], [], 0
    for seed in range(1, seeds + 1):
        started = time.perf_counter()
        try:
            result = generate(kind, size, grade, seed, time_limit=budget)
        except OutOfBudget:
            made.append(time.perf_counter() - started)
            failed += 1
            continue
        made.append(time.perf_counter() - started)
        attempts.append(result["attempts"])
        puzzle = decode(result["string"])[0]
        started = time.perf_counter()
        assert solve(puzzle).status == "unique"
        solved.append(time.perf_counter() - started)
    ratios = [m / s for m, s in zip(made, solved)] if solved else []
    return {"made": made, "solved": solved, "attempts": attempts, "failed": failed, "ratios": ratios}


def spread(values) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):8.3f} ({min(values):.3f}-{max(values):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=60.0, help="generate's time limit per seed")
    parser.add_argument("--case", action="append", help="kind:size:grade ('-' for any grade)")
    args = parser.parse_args()
    print(f"{'case':24} {'generate s: median (spread)':32} {'solve s: median (spread)':30} "
          f"{'ratio':>8} {'attempts':>8} {'failed':>6}", flush=True)
    for case in args.case or CASES:
        kind, size, grade = case.split(":")
        r = run_case(kind, int(size), None if grade == "-" else grade, args.seeds, args.budget)
        ratio = f"{statistics.median(r['ratios']):8.0f}" if r["ratios"] else "       -"
        attempts = f"{statistics.median(r['attempts']):8g}" if r["attempts"] else "       -"
        print(f"{case:24} {spread(r['made']):32} {spread(r['solved']):30} {ratio} {attempts} "
              f"{r['failed']:>6}", flush=True)


if __name__ == "__main__":
    main()
