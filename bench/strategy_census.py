"""Which strategies a collection of puzzles needs, and what each costs: every puzzle is walked from
its givens one step at a time, as the page's hints walk it (the easiest strategy that finds
something, each step applied), and every step is checked against the solver's solution.

    python -m bench.strategy_census FILE [--limit N] [--write]

FILE holds one puzzle a line: any string the decoder reads (a bare 81-character grid with "." or
"0" for an open cell, as collections such as top95 are written, or a SudokuWiki string); the rest
of a line after whitespace is ignored. Printed: per strategy, the steps it took, and the median and
largest time of a call to it (found or not), in ms of process time; --write puts the table in
BENCHMARKS.md, "Strategy census" (for top95, the collection measured there, see that section).
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pycore.codec import decode
from pycore.explain import STRATEGIES, start_board
from pycore.explain.run import size, smaller
from pycore.solve import solve
from bench.sections import replace_section

INTRO = """Which strategies hard sudokus need and what each costs: `bench/strategy_census.py` walks each
puzzle from its givens as the page's hints do (the easiest strategy that finds something, each
step applied and checked against the solver's solution) and counts the steps per strategy, with
the time of a call to each (found or not; process time). The collection is top95, 95 hard
sudokus passed around since 2005 (the file `top95.txt` of github.com/wesc111/sudoku_numpy, one
puzzle a line, "." for an open cell; not kept here). Rows: the strategies that took a step or
whose call takes a millisecond or more at the median; the cheap ones that took steps in one line."""


def census(texts: list[str]) -> tuple[Counter, dict, dict]:
    """(steps per strategy, call times per strategy, {"solved", "stuck", "unsound"} counts)."""
    steps: Counter = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    outcome: Counter = Counter()
    for text in texts:
        puzzle, position = decode(text)
        solution = solve(puzzle).solution
        board = start_board(puzzle, position)
        while not board.is_solved():
            step = found_at = None
            for strategy in STRATEGIES:   # as run.next_step takes a step
                if step is not None and (strategy.difficulty > found_at or size(step) <= 1):
                    break
                started = time.process_time()
                found = strategy.find(board)
                times[strategy.slug].append(time.process_time() - started)
                if found is not None and found.is_progress() and (step is None or
                                                                  smaller(found, step)):
                    step, found_at = found, strategy.difficulty
            if step is None:
                outcome["stuck"] += 1
                break
            if any(solution[cell] == digit for cell, digit in step.eliminations) or any(
                    solution[cell] != digit for cell, digit in step.placements):
                outcome["unsound"] += 1
                break
            steps[step.strategy] += 1
            board = board.apply(step)
        else:
            outcome["solved"] += 1
    return steps, times, outcome


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--limit", type=int, default=0, help="the first N puzzles only")
    parser.add_argument("--write", action="store_true", help="update BENCHMARKS.md")
    args = parser.parse_args(argv)
    texts = [line.split()[0] for line in Path(args.file).read_text().splitlines() if line.strip()]
    texts = texts[:args.limit] if args.limit else texts
    steps, times, outcome = census(texts)
    asked = [s.slug for s in STRATEGIES if times.get(s.slug)]
    cheap = [slug for slug in asked if steps[slug] and statistics.median(times[slug]) < 0.001]
    rows = [f"| {slug} | {steps[slug]} | {len(times[slug])} | "
            f"{1000 * statistics.median(times[slug]):.2f} | {1000 * max(times[slug]):.1f} |"
            for slug in asked if slug not in cheap and (steps[slug] or statistics.median(times[slug]) >= 0.001)]
    folded = ("Under a millisecond a call at the median, steps taken: "
              + ", ".join(f"{slug} {steps[slug]}" for slug in cheap) + ".")
    text = "\n".join([
        "## Strategy census", "", INTRO, "", "Command:", "",
        f"    python -m bench.strategy_census {Path(args.file).name}{' --write' * args.write}", "",
        f"{len(texts)} puzzles: {outcome['solved']} solved by logic, {outcome['stuck']} stuck, "
        f"{outcome['unsound']} with an unsound step.", "",
        folded, "",
        "| strategy | steps | calls | median ms a call | max ms a call |", "|---|---:|---:|---:|---:|",
        *rows, "",
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.system()} {platform.machine()}, Python "
        f"{platform.python_version()}, one core of a shared 2-core machine.", ""])
    print(text)
    if args.write:
        replace_section(text)
    return 1 if outcome["unsound"] else 0


if __name__ == "__main__":
    sys.exit(main())
