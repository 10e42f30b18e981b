"""The solver against an earlier revision of itself, interleaved in one process: the same
puzzles, old and new code alternating, process time (this machine's speed drifts by tens of
percent within an hour, so only a comparison inside one run means anything).

    python -m bench.solve_ab HEAD~1                       # the hardest Tarek killers
    python -m bench.solve_ab 3b277ac TAREK_ALL#36 EXTREME_KILLERS#1 --runs 5
    python -m bench.solve_ab HEAD~1 --dev kenken --dev jigsaw   # the dev corpus, per kind

Prints per puzzle each side's median time, guesses, nodes and time per node, then the totals and
the time ratio new / old. Puzzles are named as in bench/data/hard_killers.jsonl; `--dev KIND`
times every dev-corpus puzzle of that kind instead, one line per kind (their sums).
"""
from __future__ import annotations

import argparse
import importlib.util
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pycore.solve import solve
from bench.solve_bench import CORPUS, hardest_killers, killer_from_record, puzzle_from_record

DEFAULT = ["TAREK_ALL#36", "TAREK_ALL#37", "TAREK_ALL#38", "TAREK_ALL#40", "TAREK_ALL#17"]


def solver_at(revision: str, directory: Path):
    """`solve` as it was at `revision` (its pycore package, imported under another name)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "pycore"],
                             check=True, capture_output=True).stdout
    tarfile.open(fileobj=io.BytesIO(archive)).extractall(directory, filter="data")
    spec = importlib.util.spec_from_file_location(
        "pycore_old", directory / "pycore" / "__init__.py", submodule_search_locations=[str(directory / "pycore")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["pycore_old"] = module
    spec.loader.exec_module(module)
    return importlib.import_module("pycore_old.solve").solve


def puzzle_groups(names, kinds) -> list[tuple[str, list]]:
    """(label, puzzles) to time together: each named hard killer alone, each dev kind as one."""
    records = {r["name"]: r for r in hardest_killers()}
    groups = [(name, [killer_from_record(records[name])]) for name in names]
    dev = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    for kind in kinds:
        puzzles = [puzzle_from_record(r) for r in dev if r["kind"] == kind]
        groups.append((f"dev {kind} ({len(puzzles)})", puzzles))
    return groups


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", help="the git revision to compare with (old)")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--dev", action="append", metavar="KIND",
                        help="the dev corpus puzzles of this kind (sudoku, killer, kenken, ...)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    groups = puzzle_groups(args.names or ([] if args.dev else DEFAULT), args.dev or [])
    totals = {"old": [0.0, 0, 0], "new": [0.0, 0, 0]}
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"old": solver_at(args.revision, Path(tmp)), "new": solve}
        for name, puzzles in groups:
            times: dict[str, list[float]] = {"old": [], "new": []}
            counts = {}
            for _ in range(args.runs):
                for side, run in sides.items():
                    seconds = guesses = nodes = 0
                    for puzzle in puzzles:
                        start = time.process_time()
                        result = run(puzzle, time_limit=300)
                        seconds += time.process_time() - start
                        guesses += result.guesses
                        nodes += result.nodes
                    times[side].append(seconds)
                    counts[side] = (guesses, nodes)
            cells = [name]
            for side in ("old", "new"):
                seconds, (guesses, nodes) = statistics.median(times[side]), counts[side]
                total = totals[side]
                total[0] += seconds
                total[1] += guesses
                total[2] += nodes
                cells.append(f"{side} {seconds:.2f} s {guesses} guesses {nodes} nodes {1e6 * seconds / nodes:.0f} µs/node")
            print(" | ".join(cells), flush=True)
    for side, (seconds, guesses, nodes) in totals.items():
        print(f"{side} ({args.revision if side == 'old' else 'working tree'}): {seconds:.2f} s, "
              f"{guesses} guesses, {nodes} nodes, {1e6 * seconds / nodes:.0f} µs/node")
    print(f"time new / old: {totals['new'][0] / totals['old'][0]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
