"""Whole explanations against an earlier revision, alternated: the same puzzles, old and new code
taking turns, each explanation in a fresh process (the explainer keeps caches per process, and a
hint or a bench meets it cold), process time. Only a comparison inside one run means anything on
this machine, whose speed drifts by tens of percent within an hour.

    python -m bench.explain_ab 5479681                  # TAREK_MORE 6 and 9, 5 runs each
    python -m bench.explain_ab HEAD~3 --puzzle 2 --puzzle 6 --runs 3

Puzzles are TAREK_MORE's (tests/solve/test_hard_killers.py), the slowest 9×9 killers to explain.
Prints per puzzle each side's median, range and steps, and the ratio of medians new / old.
"""
from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys, time
from tests.solve.test_hard_killers import TAREK_MORE, short_killer
from pycore.explain import explain
from pycore.model import Position
puzzle = short_killer(TAREK_MORE[int(sys.argv[1])])
start = time.process_time()
report = explain(puzzle, Position.empty(puzzle.cell_count))
print(time.process_time() - start, len(report["steps"]))
"""


def tree_at(revision: str, directory: Path) -> Path:
    """The revision's pycore and tests, unpacked in `directory`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "pycore", "tests"],
                             check=True, capture_output=True).stdout
    tarfile.open(fileobj=io.BytesIO(archive)).extractall(directory, filter="data")
    return directory


def explain_once(tree: Path, puzzle: int) -> tuple[float, int]:
    """(CPU seconds, steps) of one whole explanation with the code in `tree`."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(puzzle)], cwd=tree, check=True,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    seconds, steps = done.stdout.split()
    return float(seconds), int(steps)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", help="the code to compare against (a commit)")
    parser.add_argument("--puzzle", type=int, action="append", help="TAREK_MORE index (6, 9)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        sides = {args.revision: tree_at(args.revision, Path(tmp)), "working tree": ROOT}
        for puzzle in args.puzzle or [6, 9]:
            runs = {side: [] for side in sides}
            for _ in range(args.runs):
                for side, tree in sides.items():
                    runs[side].append(explain_once(tree, puzzle))
            medians = {}
            for side, got in runs.items():
                seconds = [s for s, _ in got]
                medians[side] = statistics.median(seconds)
                print(f"TAREK_MORE {puzzle}, {side}: median {medians[side]:.2f} s "
                      f"(range {min(seconds):.2f}-{max(seconds):.2f}), {got[0][1]} steps")
            print(f"TAREK_MORE {puzzle}: new / old {medians['working tree'] / medians[args.revision]:.2f}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
