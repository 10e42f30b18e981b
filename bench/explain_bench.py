"""Explainer benchmark: how many puzzles the human-style strategies solve by logic alone, how fast,
and how that compares with the solver on the same puzzles.

    python -m bench.explain_bench                  # print the tables and the stuck puzzles
    python -m bench.explain_bench --write          # ...and replace the "## Explaining" section of BENCHMARKS.md
    python -m bench.explain_bench --quick          # a few puzzles per group (a smoke run)
    python -m bench.explain_bench --stuck FILE     # also write every stuck puzzle to FILE (JSON lines)

Puzzles: bench/data/tatham.jsonl (Tatham's generators, ~25 per kind, size and difficulty), the
dev corpus, and the hardest published killers of tests/test_solve_hard_killers.py. Each puzzle is
explained once from the empty grid with a per-puzzle time limit; every step is checked against
the known solution (an unsound step is reported, never counted as progress). The solver's time
on the same puzzle in the same process is the reference figure (median of --repeat runs). Times
are process CPU time, not wall-clock: the machine is shared.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
import traceback
from collections import defaultdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pycore.codec import decode, encode
from pycore.codec.errors import PuzzleStringError
from pycore.explain import BY_SLUG, explain
from pycore.model import Cage, Position, Puzzle
from pycore.solve import solve

TATHAM = ROOT / "bench" / "data" / "tatham.jsonl"
CORPUS = next(p for p in (ROOT.parent / "shared" / "corpus" / "dev.jsonl", ROOT / "tests" / "data" / "dev.jsonl") if p.exists())
DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"
# Tatham's difficulty letters, easiest first (solo: trivial … unreasonable; keen: easy … unreasonable).
SOLO_LEVELS = {"t": "trivial", "b": "basic", "i": "intermediate", "a": "advanced", "e": "extreme",
               "u": "unreasonable"}
KEEN_LEVELS = {"e": "easy", "n": "normal", "h": "hard", "x": "extreme", "u": "unreasonable"}
KILLER_LIMIT = 2.0   # seconds: the aim for a whole 9×9 killer


def digits(text: str) -> tuple[int, ...]:
    return tuple(DIGITS36.index(ch) for ch in text)


def difficulty_of(label: str) -> str:
    """'solo-3x3kdu' -> 'unreasonable', 'keen-6dx' -> 'extreme'; other labels as they are."""
    game, _, params = label.partition("-")
    levels = {"solo": SOLO_LEVELS, "keen": KEEN_LEVELS}.get(game)
    if levels and "d" in params and params[-1] in levels:
        return levels[params[-1]]
    return label


def puzzle_from_record(record: dict) -> Puzzle:
    n = record["size"]
    return Puzzle(record["kind"], n, tuple(record.get("givens") or [0] * (n * n)),
                  tuple(record["regions"]) if record.get("regions") else None,
                  tuple(Cage(tuple(c["cells"]), c["total"], c["op"]) for c in record.get("cages") or []))


# --- the puzzle sets ------------------------------------------------------------------------------
# An item: (set name, group label, difficulty, Puzzle, solution digits or None, versioned string).

def tatham_items(quick: bool):
    records = [json.loads(line) for line in TATHAM.read_text().splitlines() if line.strip()]
    seen = defaultdict(int)
    for r in records:
        seen[r["label"]] += 1
        if quick and seen[r["label"]] > 3:
            continue
        if r["string"]:
            puzzle, string = decode(r["string"])[0], r["string"]
        else:   # a product over the format's 2047: the record carries its cages instead
            puzzle, string = puzzle_from_record(r), "(Tatham game id) " + r["game_id"]
        yield ("tatham", f"{r['kind']} {r['size']}×{r['size']} {r['label']}",
               difficulty_of(r["label"]), puzzle, digits(r["solution"]), string)


def corpus_items(quick: bool):
    records = [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]
    seen = defaultdict(int)
    for r in records:
        seen[r["label"]] += 1
        if quick and seen[r["label"]] > 1:
            continue
        puzzle = puzzle_from_record(r)
        yield ("dev", f"{r['kind']} {r['size']}×{r['size']} {r['label']}", difficulty_of(r["label"]),
               puzzle, digits(r["solution"]), r["strings"]["versioned"])


def tarek_items(quick: bool):
    from tests.solve.test_hard_killers import TAREK_MORE, TAREK_WITH_SOLUTIONS, short_killer

    published = TAREK_WITH_SOLUTIONS[:3] if quick else TAREK_WITH_SOLUTIONS
    more = TAREK_MORE[:3] if quick else TAREK_MORE
    for text, solution in published:
        yield ("tarek", "killer 9×9 Tarek (published solution)", "hardest", short_killer(text),
               digits(solution), killer_string(short_killer(text), text))
    for text in more:
        yield ("tarek", "killer 9×9 Tarek (more)", "hardest", short_killer(text), None,
               killer_string(short_killer(text), text))


def killer_string(puzzle: Puzzle, short: str) -> str:
    """The versioned string, or the test's short notation when a cell is in no cage (the colour
    formats cage every cell)."""
    try:
        return encode(puzzle, Position.empty(puzzle.cell_count))
    except PuzzleStringError:
        return "(short notation of tests/test_solve_hard_killers.py) " + short


# --- measuring ------------------------------------------------------------------------------------

def unsound_steps(steps: list[dict], solution) -> list[str]:
    """Texts of the steps that place a wrong digit or remove the solution's digit."""
    bad = []
    for step in steps:
        wrong = [(c, d) for c, d in step["placements"] if solution[c] != d]
        wrong += [(c, d) for c, d in step["eliminations"] if solution[c] == d]
        if wrong:
            bad.append(f"{step['strategy']}: {step['text']} (against the solution: {wrong})")
    return bad


def stuck_string(puzzle: Puzzle, progress: list[str]) -> str | None:
    """The position the explainer stopped in, as a versioned string with its pencil marks
    (None when the format cannot hold the puzzle)."""
    solved, candidates = [], []
    for mark in progress:
        kind, text = mark[0], mark[1:]
        solved.append(DIGITS36.index(text) if kind == "s" else 0)
        mask = 0
        if kind == "c":
            for ch in text:
                mask |= 1 << (DIGITS36.index(ch) - 1)
        candidates.append(mask)
    try:
        return encode(puzzle, Position(tuple(solved), tuple(candidates)))
    except PuzzleStringError:
        return None


def measure(item, time_limit: float, repeat: int) -> dict:
    set_name, label, difficulty, puzzle, solution, string = item
    solve_times = []
    for _ in range(repeat):
        start = time.process_time()
        result = solve(puzzle, time_limit=60)
        solve_times.append(time.process_time() - start)
    if solution is None and result.status == "unique":
        solution = result.solution
    row = {"set": set_name, "label": label, "difficulty": difficulty, "string": string,
           "kind": puzzle.kind, "size": puzzle.size, "solve": statistics.median(solve_times),
           "hardest": None, "steps": 0, "unsound": [], "error": None}
    start = time.process_time()
    try:
        report = explain(puzzle, Position.empty(puzzle.cell_count), time_limit=time_limit)
    except Exception:   # a crash is a finding to report, not a reason to stop the bench
        row.update(status="error", seconds=time.process_time() - start,
                   error=traceback.format_exc(limit=3).strip().splitlines()[-1])
        return row
    row["seconds"] = time.process_time() - start
    row["status"] = report["status"]
    row["steps"] = len(report["steps"])
    row["hardest"] = report["grade"]["hardest"]
    if solution is not None:
        row["unsound"] = unsound_steps(report["steps"], solution)
    if report["status"] != "solved" and report["steps"]:
        row["stuck_at"] = stuck_string(puzzle, report["progress"])
    return row


def run(items, time_limit: float, repeat: int) -> list[dict]:
    rows = []
    for item in items:
        rows.append(measure(item, time_limit, repeat))
        print("." if rows[-1]["status"] == "solved" else "s", end="", flush=True, file=sys.stderr)
    print(file=sys.stderr)
    return rows


# --- reporting ------------------------------------------------------------------------------------

def hardest_of(rows) -> str:
    seen = {r["hardest"] for r in rows if r["hardest"]}
    if not seen:
        return "–"
    return max(seen, key=lambda slug: BY_SLUG[slug].difficulty)


def seconds_text(s: float) -> str:
    return f"{s:.3f}" if s < 1 else f"{s:.2f}"


def per_kind(rows) -> list[dict]:
    """The rows relabelled by kind and size, for a table of one line each."""
    return [{**r, "label": f"{r['kind']} {r['size']}×{r['size']}", "difficulty": "all"} for r in rows]


def table(rows, title: str) -> str:
    groups = defaultdict(list)
    for row in rows:
        groups[row["label"]].append(row)
    lines = [f"| {title} | difficulty | puzzles | solved by logic | stuck | over limit | errors "
             "| median s | max s | hardest strategy seen | solve median ms | explain / solve |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|"]
    for label in groups:
        g = groups[label]
        solved = sum(r["status"] == "solved" for r in g)
        explain_median = statistics.median(r["seconds"] for r in g)
        solve_median = statistics.median(r["solve"] for r in g)
        lines.append(
            f"| {label} | {g[0]['difficulty']} | {len(g)} | {100 * solved / len(g):.0f}% "
            f"| {sum(r['status'] == 'stuck' for r in g)} | {sum(r['status'] == 'timeout' for r in g)} "
            f"| {sum(r['status'] == 'error' for r in g)} "
            f"| {seconds_text(explain_median)} | {seconds_text(max(r['seconds'] for r in g))} "
            f"| {hardest_of(g)} | {solve_median * 1000:.1f} | {explain_median / solve_median:.1f} |")
    return "\n".join(lines)


def targets(rows) -> list[str]:
    """The issue's aims, each with the figure that decides it."""
    tatham = [r for r in rows if r["set"] == "tatham"]
    below = [r for r in tatham if r["difficulty"] != "unreasonable"]
    unreasonable = [r for r in tatham if r["difficulty"] == "unreasonable"]
    killers = [r for r in rows if r["kind"] == "killer" and r["size"] == 9]
    tarek = [r for r in rows if r["set"] == "tarek"]

    def share(group):
        return sum(r["status"] == "solved" for r in group) / len(group) if group else 0.0

    lines = []
    if below:
        lines.append(f"- Tatham below unreasonable solved by logic alone: {100 * share(below):.1f}% "
                     f"of {len(below)} (aim 100%)")
    if unreasonable:
        lines.append(f"- Tatham unreasonable solved by logic alone: {100 * share(unreasonable):.1f}% "
                     f"of {len(unreasonable)} (aim ≥ 90%)")
    if tarek:
        lines.append(f"- Tarek's hardest killers solved by logic alone: {100 * share(tarek):.1f}% "
                     f"of {len(tarek)} (reported, no aim)")
    if killers:
        times = [r["seconds"] for r in killers]
        over = sum(t >= KILLER_LIMIT for t in times)
        lines.append(f"- 9×9 killers explained (all sets, {len(killers)}): median "
                     f"{statistics.median(times):.3f} s, max {max(times):.2f} s, {over} at or over "
                     f"{KILLER_LIMIT:g} s (aim: every one under {KILLER_LIMIT:g} s)")
    unsound = sum(len(r["unsound"]) for r in rows)
    errors = sum(r["status"] == "error" for r in rows)
    lines.append(f"- Unsound steps: {unsound}; explainer errors: {errors}")
    return lines


def findings(rows) -> str:
    """Every puzzle not solved by logic, every unsound step and every error, with its string."""
    out = []
    for r in rows:
        if r["status"] == "solved" and not r["unsound"]:
            continue
        line = f"{r['label']} {r['status']} after {r['steps']} steps"
        if r["hardest"]:
            line += f" (hardest {r['hardest']})"
        out.append(line + f": {r['string']}")
        if r.get("stuck_at"):
            out.append(f"    stopped at: {r['stuck_at']}")
        if r["error"]:
            out.append(f"    error: {r['error']}")
        out += [f"    UNSOUND {text}" for text in r["unsound"]]
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few puzzles per group")
    parser.add_argument("--time-limit", type=float, default=30.0,
                        help="wall seconds per puzzle (explain stops there: over limit)")
    parser.add_argument("--repeat", type=int, default=3, help="solver runs per puzzle (median)")
    parser.add_argument("--stuck", type=Path, help="write the puzzles not solved to this JSON-lines file")
    parser.add_argument("--write", action="store_true", help="update BENCHMARKS.md")
    parser.add_argument("--per-label", action="store_true", help="the dev corpus per generator label")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    tatham = run(tatham_items(args.quick), args.time_limit, args.repeat)
    dev = run(corpus_items(args.quick), args.time_limit, args.repeat)
    tarek = run(tarek_items(args.quick), args.time_limit, args.repeat)
    rows = tatham + dev + tarek
    sections = [
        "Tatham's generators (`bench/data/tatham.jsonl`), per kind, size and difficulty:\n\n"
        + table(tatham, "kind / size / params"),
        "Dev corpus, per kind and size (per generator label: `--per-label`):\n\n"
        + (table(dev, "kind / size / label") if args.per_label else table(per_kind(dev), "kind / size")),
        "Hardest published killers:\n\n" + table(tarek, "set"),
        "Against the issue's aims:\n\n" + "\n".join(targets(rows)),
    ]
    footer = (f"Per-puzzle limit {args.time_limit:g} s; bench wall time "
              f"{time.perf_counter() - started:.0f} s.\n"
              f"Measured {date.today()} on {platform.system()} {platform.machine()}, "
              f"Python {platform.python_version()}, one core; code: {code_version()}.")
    text = "\n\n".join(sections) + "\n\n" + footer
    print(text)
    print("\nNot solved by logic, unsound or failing:\n" + (findings(rows) or "(none)"))
    if args.stuck:
        with open(args.stuck, "w", encoding="utf-8") as out:
            for r in rows:
                if r["status"] != "solved" or r["unsound"]:
                    out.write(json.dumps({k: r.get(k) for k in ("label", "status", "steps", "hardest",
                                                              "string", "stuck_at", "unsound", "error")}) + "\n")
    if args.write:
        if args.quick:
            print("--write ignored with --quick (a subset is not the benchmark)", file=sys.stderr)
        else:
            write_section(text, args)
    return 0


def code_version() -> str:
    """The commit measured, and whether pycore had uncommitted changes (several engineers share
    the working tree)."""
    def git(*words):
        return subprocess.run(["git", *words], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--", "pycore")
    return f"commit {commit}" + (" plus uncommitted changes in pycore/" if dirty else "")


def write_section(text: str, args) -> None:
    path = ROOT / "BENCHMARKS.md"
    old = path.read_text() if path.exists() else "# Benchmarks\n"
    command = "python -m bench.explain_bench --write"
    if args.time_limit != 30.0:
        command += f" --time-limit {args.time_limit:g}"
    section = ("## Explaining\n\n" + SECTION_INTRO.strip() + f"\n\nCommand:\n\n    {command}\n\n"
               + text + "\n\n" + SECTION_NOTES.strip() + "\n")
    start = old.find("## Explaining\n")
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + section
    else:
        end = old.find("\n## ", start + 1)
        new = old[:start] + section + (old[end + 1:] if end >= 0 else "")
    path.write_text(new)


SECTION_INTRO = """
`pycore.explain.explain` (CPython, one core) from the empty grid until solved by logic alone,
stuck, or over the per-puzzle limit; every step checked against the solution. Seconds are process
CPU time for one whole explanation (median and max over the group), beside `pycore.solve.solve` on
the same puzzles ("explain / solve": ratio of medians); "hardest strategy seen" by the registry's
difficulty. The Tatham set: 25 puzzles per kind, size and difficulty from Simon Tatham's generators
at fixed seeds (`bench/data/README.md`; his solver needs no guessing below "unreasonable").
"""

SECTION_NOTES = """
Timings on this shared 2-core machine vary by ±20%; compare rows of one run. The puzzles not
solved (with their strings and the position where the logic stopped) are printed by the command
and written by `--stuck FILE`.
"""


if __name__ == "__main__":
    raise SystemExit(main())
