"""Where a hard killer's explanation spends its time, per strategy: each strategy's process time
summed over the whole explanation of TAREK_MORE N (tests/solve/test_hard_killers.py), and the
stuck points (steps that took over 0.1 s) with their five costliest strategies.

    python -m bench.strategy_times 6

One run, one process: the figures move by tens of percent between runs on this machine; compare
code with `bench.explain_ab`, and use this to see where to look.
"""
from __future__ import annotations

import argparse
import time
from collections import defaultdict
from dataclasses import replace

from pycore.explain import registry, run
from pycore.explain.board import start_board
from pycore.model import Position
from tests.solve.test_hard_killers import TAREK_MORE, short_killer


def timed(find, spent: dict, slug: str):
    def find_timed(board):
        started = time.process_time()
        try:
            return find(board)
        finally:
            spent[slug] += time.process_time() - started
    return find_timed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", type=int, help="which of TAREK_MORE (0-based)")
    parser.add_argument("--top", type=int, default=25, help="strategies listed")
    args = parser.parse_args(argv)
    step_spent, total = defaultdict(float), defaultdict(float)
    strategies = tuple(replace(s, find=timed(s.find, step_spent, s.slug)) for s in registry.STRATEGIES)
    puzzle = short_killer(TAREK_MORE[args.puzzle])
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    started = last = time.process_time()
    steps = 0
    for step, _ in run.walk(board, strategies):
        steps += 1
        now = time.process_time()
        if now - last > 0.1:
            costliest = sorted(step_spent.items(), key=lambda kv: -kv[1])[:5]
            print(f"step {steps} ({step.strategy}): {(now - last) * 1000:.0f} ms, "
                  + ", ".join(f"{slug} {s * 1000:.0f}" for slug, s in costliest))
        last = now
        for slug, s in step_spent.items():
            total[slug] += s
        step_spent.clear()
    print(f"TAREK_MORE {args.puzzle}: {steps} steps, {time.process_time() - started:.2f} s, "
          f"{sum(total.values()):.2f} s in strategies")
    for slug, s in sorted(total.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"  {slug:28} {s * 1000:7.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
