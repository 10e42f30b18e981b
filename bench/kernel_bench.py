"""The compiled search kernel against the Python engine and against ISS, in turns in one run
(the machine's load changes by the minute: only times taken side by side compare).

    python -m bench.kernel_bench --collection TAREK_ALL --rounds 5 --python --iss ../iss
    python -m bench.kernel_bench --collection MATHEMAGIC_KILLERS --rounds 3 --iss ../iss
    python -m bench.kernel_bench --collection TAREK_ALL --cold --iss ../iss   # a process a puzzle
    python -m bench.kernel_bench --same TAREK_ALL EXTREME_KILLERS   # every puzzle in both engines:
                                                                    # the same nodes and guesses
    python -m bench.kernel_bench --collection TAREK_ALL --page   # Chromium: click Solve to solved

Warm: each round solves the whole collection in this process (`solve(engine=...)`, the puzzle
compiled each time; the module loaded before the first round), and ISS's own
tools/perf/benchmark_puzzles.js solves it in one Node process (its summed `ms`); "CPU" rows are
processor time (ours: this process's; ISS's: its whole Node process, start-up included), which
a loaded machine distorts far less than wall time. Cold: each
puzzle in a process of its own, started and timed from here, ours `python -m bench.kernel_bench
--one NAME` (CPython start, imports, solve) and ISS's tool with that one puzzle. Prints each
round's totals, the median, the spread (min-max) and the ratios of the medians.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

from pycore.solve import solve
from pycore.solve.kernel import available

from bench.solve_bench import hardest_killers, iss_total_seconds, killer_from_record


def time_ours(puzzles, engine: str) -> tuple[float, float, list]:
    """(wall seconds, CPU seconds, results) of solving the puzzles here."""
    start, cpu = time.perf_counter(), time.process_time()
    results = [solve(puzzle, engine=engine) for puzzle in puzzles]
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    if any(r.status != "unique" or r.engine != engine for r in results):
        raise SystemExit(f"the {engine} engine did not prove every puzzle unique by itself")
    return seconds, cpu, results


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cold_seconds(command: list[str], cwd=None) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def summary(label: str, values: list[float]) -> str:
    return (f"| {label} | {' '.join(f'{v:.2f}' for v in values)} | {statistics.median(values):.2f} "
            f"| {min(values):.2f}-{max(values):.2f} |")


def warm_section(collection: str, rounds: int, iss_dir: str | None, python: bool) -> str:
    records = hardest_killers([collection])
    puzzles = [killer_from_record(r) for r in records]
    solve(puzzles[0], engine="kernel")   # the module compiled once, as in a long-lived process
    times: dict[str, list[float]] = {"kernel": [], "python": [], "ISS": [],
                                     "kernel CPU": [], "python CPU": [], "ISS CPU": []}
    counts = {}
    for _ in range(rounds):
        seconds, cpu, results = time_ours(puzzles, "kernel")
        times["kernel"].append(seconds)
        times["kernel CPU"].append(cpu)
        counts["kernel"] = (sum(r.guesses for r in results), sum(r.nodes for r in results))
        if python:
            seconds, cpu, py_results = time_ours(puzzles, "python")
            times["python"].append(seconds)
            times["python CPU"].append(cpu)
            mismatch = [rec["name"] for rec, a, b in zip(records, results, py_results)
                        if (a.solution, a.nodes, a.guesses) != (b.solution, b.nodes, b.guesses)]
            if mismatch:
                raise SystemExit(f"the engines searched differently: {mismatch}")
        if iss_dir:
            cpu = children_cpu()   # Node's whole process: start, JIT and solving
            seconds, guesses = iss_total_seconds(iss_dir, collection)
            times["ISS"].append(seconds)
            times["ISS CPU"].append(children_cpu() - cpu)
            counts["ISS"] = (guesses, None)
        print(".", end="", flush=True, file=sys.stderr)
    print(file=sys.stderr)
    return table(f"{collection} ({len(puzzles)} puzzles), warm, {rounds} rounds, seconds per "
                 f"round", times, counts)


def cold_section(collection: str, iss_dir: str | None, python: bool) -> str:
    records = hardest_killers([collection])
    times: dict[str, list[float]] = {"kernel": [], "python": [], "ISS": []}
    engines = ["kernel"] + (["python"] if python else [])
    for record in records:
        for engine in engines:
            times[engine].append(cold_seconds([sys.executable, "-m", "bench.kernel_bench", "--one",
                                               record["name"], "--engine", engine]))
        if iss_dir:   # its constraint string, as solve_bench.iss_guesses writes it
            puzzle = killer_from_record(record)
            text = "".join(f".Cage~{cage.total}~" + "~".join(f"R{c // 9 + 1}C{c % 9 + 1}"
                                                             for c in cage.cells)
                           for cage in puzzle.cages)
            times["ISS"].append(cold_seconds(["node", "tools/perf/benchmark_puzzles.js",
                                              "--max-backtracks", "none", "--input", text,
                                              "--json"], cwd=iss_dir))
        print(".", end="", flush=True, file=sys.stderr)
    print(file=sys.stderr)
    lines = [f"{collection} ({len(records)} puzzles), cold (a process a puzzle, start-up "
             f"included), seconds:", "",
             "| engine | total | median per puzzle | worst | worst puzzle |", "|---|---:|---:|---:|---|"]
    for engine, values in times.items():
        if values:
            worst = max(range(len(values)), key=values.__getitem__)
            lines.append(f"| {engine} | {sum(values):.2f} | {statistics.median(values):.3f} "
                         f"| {values[worst]:.2f} | {records[worst]['name']} |")
    if times["ISS"]:
        ratios = [ours / theirs for ours, theirs in zip(times["kernel"], times["ISS"])]
        lines.append("")
        lines.append(f"kernel / ISS: total {sum(times['kernel']) / sum(times['ISS']):.2f}, per "
                     f"puzzle median {statistics.median(ratios):.2f}, worst {max(ratios):.2f} "
                     f"({records[max(range(len(ratios)), key=ratios.__getitem__)]['name']})")
    return "\n".join(lines)


def table(title: str, times: dict, counts: dict) -> str:
    lines = [title + ":", "", "| engine (clock) | rounds | median | spread |", "|---|---|---:|---|"]
    lines += [summary(engine, values) for engine, values in times.items() if values]
    lines.append("")
    for clock in ("", " CPU"):
        kernel = statistics.median(times["kernel" + clock])
        for other in ("python", "ISS"):
            if times[other + clock]:
                lines.append(f"kernel / {other}{clock}: "
                             f"{kernel / statistics.median(times[other + clock]):.3f}")
    lines.append(f"guesses, nodes: kernel {counts['kernel']}"
                 + (f"; ISS guesses {counts['ISS'][0]}" if "ISS" in counts else ""))
    return "\n".join(lines)


def same_section(collections) -> str:
    """Every puzzle of the collections in both engines, complete: the same search."""
    lines = []
    for collection in collections:
        records = hardest_killers([collection])
        for record in records:
            puzzle = killer_from_record(record)
            ours, python = solve(puzzle, engine="kernel"), solve(puzzle, engine="python")
            same = ((ours.status, ours.solution, ours.nodes, ours.guesses)
                    == (python.status, python.solution, python.nodes, python.guesses))
            if not same:
                lines.append(f"DIFFERENT: {record['name']}: kernel {ours.nodes} nodes "
                             f"{ours.guesses} guesses, python {python.nodes} {python.guesses}")
            print("." if same else "X", end="", flush=True, file=sys.stderr)
        print(file=sys.stderr)
        lines.append(f"{collection}: {len(records)} puzzles, both engines complete; "
                     f"{sum(1 for line in lines if line.startswith('DIFFERENT'))} differ so far")
    return "\n".join(lines)


def page_section(collection: str) -> str:
    """Each puzzle of the collection an L9B string can hold, solved in the page (headless
    Chromium, the site built afresh) through its Solve button: click to `solved`, as
    bench/browser_solve_bench.py times it; with the solve() time here beside it."""
    import tempfile
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    import build
    from bench.browser_solve_bench import solve_with_button
    from pycore.codec import PuzzleStringError, encode
    from tests.browsers.chromium import launch_options
    from tests.browsers.serve import serve_directory
    rows = []
    for record in hardest_killers([collection]):
        try:
            rows.append((record["name"], killer_from_record(record), encode(killer_from_record(record))))
        except PuzzleStringError:
            pass   # a cage not orthogonally connected: no page string holds it
    lines = [f"{collection} in the page (Chromium, click Solve to `solved`; {len(rows)} puzzles an "
             f"L9B string holds), seconds, beside solve() here:", "",
             "| puzzle | page s | engine | pauses | solve() here s |", "|---|---:|---|---:|---:|"]
    page_s, host_s = [], []
    with tempfile.TemporaryDirectory() as tmp:
        dist = build.build(dist=Path(tmp) / "dist")
        server, origin = serve_directory(dist)
        base = origin + "/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**launch_options())
                page = browser.new_page()
                solve_with_button(page, base, rows[0][2], rows[0][0])   # the kernel compiled
                for name, puzzle, text in rows:
                    result = solve_with_button(page, base, text, name)
                    engine = page.evaluate("puzzleViewer.state.solution.engine")
                    start = time.perf_counter()
                    solve(puzzle, engine="kernel")
                    host_s.append(time.perf_counter() - start)
                    page_s.append(result["ms"] / 1000)
                    lines.append(f"| {name} | {page_s[-1]:.2f} | {engine} | {result['pauses']} "
                                 f"| {host_s[-1]:.2f} |")
                    print(".", end="", flush=True, file=sys.stderr)
                browser.close()
        finally:
            server.shutdown()
    print(file=sys.stderr)
    lines += ["", f"page: total {sum(page_s):.1f} s, median {statistics.median(page_s):.2f} s, "
              f"worst {max(page_s):.2f} s; solve() here: total {sum(host_s):.1f} s; page / here "
              f"{sum(page_s) / sum(host_s):.2f}"]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--collection", action="append",
                        help="TAREK_ALL, EXTREME_KILLERS or MATHEMAGIC_KILLERS (repeatable)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--python", action="store_true",
                        help="also the Python engine each round (slow on MATHEMAGIC_KILLERS)")
    parser.add_argument("--iss", metavar="DIR", help="a checkout of ISS (Node runs its tool)")
    parser.add_argument("--cold", action="store_true", help="a process a puzzle")
    parser.add_argument("--page", action="store_true",
                        help="in the page (Chromium) through the Solve button")
    parser.add_argument("--same", nargs="+", metavar="COLLECTION",
                        help="only check both engines search alike on these collections")
    parser.add_argument("--one", metavar="NAME", help=argparse.SUPPRESS)
    parser.add_argument("--engine", default="kernel", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:   # a cold run's child: one puzzle, one process
        record = next(r for r in hardest_killers() if r["name"] == args.one)
        return 0 if solve(killer_from_record(record), engine=args.engine).status == "unique" else 1
    if available():
        raise SystemExit(f"kernel_bench: the kernel cannot run here: {available()}")
    if args.same:
        print(same_section(args.same))
        return 0
    for collection in args.collection or ["TAREK_ALL"]:
        if args.page:
            print(page_section(collection))
        elif args.cold:
            print(cold_section(collection, args.iss, args.python))
        else:
            print(warm_section(collection, args.rounds, args.iss, args.python))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
