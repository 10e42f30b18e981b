"""The compiled search kernel against the Python engine and against ISS, in turns in one run
(the machine's load changes by the minute: only times taken side by side compare).

    python -m bench.kernel_bench --collection TAREK_ALL --rounds 5 --python --iss ../iss
    python -m bench.kernel_bench --collection MATHEMAGIC_KILLERS --rounds 3 --iss ../iss
    python -m bench.kernel_bench --collection TAREK_ALL --cold --iss ../iss   # a process a puzzle
    python -m bench.kernel_bench --same TAREK_ALL EXTREME_KILLERS   # every puzzle in both engines:
                                                                    # the same nodes and guesses
    python -m bench.kernel_bench --collection TAREK_ALL --page   # Chromium: click Solve to solved
    python -m bench.kernel_bench --collection TAREK_ALL --page --browsers chromium,firefox,webkit
    python -m bench.kernel_bench --collection TAREK_ALL --page --workers 0,auto   # the search
        # on the page's thread against split over Web Workers (auto: as a reader gets it), in turns

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
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.browser_solve_bench import SOLVE_THROUGH_PAUSES
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


def tree_cpu() -> float:
    """Processor seconds used so far by this process's descendants that are still running (the
    browser, its renderer and helper processes, a driver): read from /proc, Linux only."""
    ticks = os.sysconf("SC_CLK_TCK")
    parent, used = {}, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue   # ended meanwhile
        parent[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / ticks
    me = os.getpid()

    def descends(pid: int) -> bool:
        while pid in parent and pid != me:
            pid = parent[pid]
        return pid == me
    return sum(seconds for pid, seconds in used.items() if pid != me and descends(pid))


# The Solve button clicked, every "Keep going" pressed, until `solved`: the result left in a global
# that any driver can poll (bench/browser_solve_bench.py's SOLVE_THROUGH_PAUSES, started, not awaited).
START_SOLVE = ("(window.__solved = null, (" + SOLVE_THROUGH_PAUSES + ")()"
               ".then((r) => { window.__solved = r; }), true)")


# The page's marks, ms from its start: Python registered, the grid drawn (bench/page_bench.py's
# figure), kernel.wasm's compile begun and done (kernel.prepare).
MARKS = ("python-registered", "grid-rendered", "kernel-compile", "kernel-ready")
TIMELINE = ("Object.fromEntries(" + repr(list(MARKS)) + ".map((n) => "
            "[n, (performance.getEntriesByName(n)[0] || {startTime: null}).startTime]))")


# Another puzzle opened in the same page, as its Back button would (app.js's popstate): no reload,
# which in WebKit under load costs a minute a puzzle.
RELOADS = 3   # the first puzzles each in a page loaded afresh (a repeat visit: its start-up marks)
OPEN_IN_PAGE = ("(history.pushState(null, '', location.pathname + '?bd=' + {text}), "
                "dispatchEvent(new PopStateEvent('popstate')), true)")


def page_solve(engine, url: str, name: str, reload: bool = True) -> dict:
    """Opens the puzzle in a page of `engine` (loading the page, or in the page already open)
    and solves it with the Solve button: {"ms", "pauses", "engine", "cpu", "timeline"} (cpu:
    the browser's processor seconds over the solve; timeline: this page load's marks)."""
    if reload:
        engine.goto(url)
    else:
        text = url.split("?bd=", 1)[1]
        engine.js(OPEN_IN_PAGE.format(text=repr(text)))
    engine.wait("document.querySelector('[data-testid=status][data-state=ready]') !== null", 180)
    # Clicked once the kernel is compiled (kernel.prepare's marks), so the kernel solves from the
    # first node, not the Python engine handing over: when that was, against the page's start.
    engine.wait("performance.getEntriesByName('kernel-ready').length > 0", 180)
    timeline = engine.js(TIMELINE)
    cpu = tree_cpu()
    engine.js(START_SOLVE)
    result = engine.wait("window.__solved", 600, interval=0.05)
    result["cpu"] = tree_cpu() - cpu
    if "error" in result:
        raise SystemExit(f"{name} in {engine.name}: {result['error']}")
    result["engine"] = engine.js("puzzleViewer.state.solution.engine + "
                                 "(puzzleViewer.state.solution.workers ? ' in workers' : '')")
    result["timeline"] = timeline
    return result


def page_rows(collection: str) -> list:
    """(name, puzzle, page string) of each puzzle in the collection an L9B string can hold."""
    from pycore.codec import PuzzleStringError, encode
    rows = []
    for record in hardest_killers([collection]):
        try:
            rows.append((record["name"], killer_from_record(record), encode(killer_from_record(record))))
        except PuzzleStringError:
            pass   # a cage not orthogonally connected: no page string holds it
    return rows


def page_section(collection: str, browsers: list[str], limit: int = 0,
                 workers: list[str] = ("auto",)) -> str:
    """Each puzzle of the collection an L9B string can hold, solved in the page (the site built
    afresh) through its Solve button, click to `solved` as bench/browser_solve_bench.py times
    it, in each browser engine (tests/browsers/engines.py's drivers, fresh sessions); with the
    browser's processor time over the solve, and the solve() time here beside it. Each puzzle
    once per `workers` setting, in turns (`&workers=N`; "auto": the page's own choice)."""
    import tempfile

    import build
    from bench.page_bench import start_engine
    from tests.browsers.engines import EngineSite, OutsideRecorder, missing
    rows = page_rows(collection)
    browser_names = browsers
    browsers = [b if list(workers) == ["auto"] else f"{b} workers={w}" for b in browsers for w in workers]
    lines = [f"{collection} in the page (click Solve to `solved`; {len(rows)} puzzles an L9B string "
             f"holds), seconds: page wall time, the browser's processor time over it, and "
             f"solve() here (kernel) beside it:", "",
             "| puzzle | " + " | ".join(f"{b} s (CPU s)" for b in browsers) + " | solve() here s |",
             "|---|" + "---:|" * (len(browsers) + 1)]
    page_s = {b: [] for b in browsers}
    page_cpu = {b: [] for b in browsers}
    engines_seen = {b: set() for b in browsers}
    pauses = {b: 0 for b in browsers}
    host_s = []
    loads = []
    timelines = {b: [] for b in browsers}
    if limit:
        rows = rows[:limit]
    with tempfile.TemporaryDirectory() as tmp:
        # SITE_DIR: a site built already (as for bench/page_bench.py), else built afresh here
        dist = (Path(os.environ["SITE_DIR"]) if os.environ.get("SITE_DIR")
                else build.build(dist=Path(tmp) / "dist"))
        site, recorder = EngineSite(dist), OutsideRecorder()
        log = Path(tmp) / "engine.log"
        try:
            for name_of_browser in browser_names:
                need = missing(name_of_browser)
                if need:
                    raise SystemExit(f"kernel_bench: {name_of_browser} cannot run here: {need}")
                engine = start_engine(name_of_browser, site.url, recorder, log)
                settings = [(b, w) for b, w in zip(browsers, [w for _ in browser_names for w in workers])
                            if b.split()[0] == name_of_browser]
                try:
                    page_solve(engine, f"{site.url}?bd={rows[0][2]}", rows[0][0])   # a first visit
                    for i, (name, _, text) in enumerate(rows):   # repeat visits, then in the page
                        for k, (browser, setting) in enumerate(settings):
                            asked = text if setting == "auto" else f"{text}&workers={setting}"
                            result = page_solve(engine, f"{site.url}?bd={asked}", name, i < RELOADS and k == 0)
                            page_s[browser].append(result["ms"] / 1000)
                            page_cpu[browser].append(result["cpu"])
                            engines_seen[browser].add(result["engine"])
                            pauses[browser] += result["pauses"]
                            if i < RELOADS and k == 0:
                                timelines[browser].append(result["timeline"])
                            loads.append(os.getloadavg()[0])
                            print(".", end="", flush=True, file=sys.stderr)
                    outside = recorder.take() + list(getattr(engine, "outside", []))
                    if outside:
                        raise SystemExit(f"requests left 127.0.0.1 in {name_of_browser}: {outside}")
                finally:
                    engine.close()
                for browser, _ in settings:
                    print(f" {browser} {json.dumps([page_s[browser], page_cpu[browser]])}",
                          file=sys.stderr)   # (what a run cut short has measured)
        finally:
            site.stop()
            recorder.stop()
    for _, puzzle, _ in rows:
        start = time.perf_counter()
        solve(puzzle, engine="kernel")
        host_s.append(time.perf_counter() - start)
    for i, (name, _, _) in enumerate(rows):
        lines.append(f"| {name} | " + " | ".join(f"{page_s[b][i]:.2f} ({page_cpu[b][i]:.2f})"
                                                for b in browsers) + f" | {host_s[i]:.2f} |")
    lines.append("")
    for b in browsers:
        lines.append(f"{b}: total {sum(page_s[b]):.1f} s (browser CPU {sum(page_cpu[b]):.1f} s), "
                     f"median {statistics.median(page_s[b]):.2f} s (CPU {statistics.median(page_cpu[b]):.2f}), "
                     f"worst {max(page_s[b]):.2f} s (CPU {max(page_cpu[b]):.2f}); under 0.5 s: "
                     f"{sum(v < 0.5 for v in page_s[b])} of {len(rows)}; engine {'/'.join(sorted(engines_seen[b]))}; "
                     f"pauses to Keep going {pauses[b]}; page / solve() here {sum(page_s[b]) / sum(host_s):.2f}")
    lines += ["", f"Start-up on the first {RELOADS} puzzles' repeat visits (the page loaded afresh, "
              "HTTP cache and service worker warm; the other puzzles opened in the page), ms from "
              "the page's start, medians:", "",
              "| browser | " + " | ".join(MARKS) + " | compile ms |", "|---|" + "---:|" * (len(MARKS) + 1)]
    for b in browsers:
        if not timelines[b]:
            continue
        medians = [statistics.median(t[m] for t in timelines[b]) for m in MARKS]
        compile_ms = statistics.median(t["kernel-ready"] - t["kernel-compile"] for t in timelines[b])
        after = sum(t["kernel-compile"] >= t["grid-rendered"] for t in timelines[b])
        lines.append(f"| {b} | " + " | ".join(f"{v:.0f}" for v in medians)
                     + f" | {compile_ms:.0f} (begun after the grid on {after} of {len(timelines[b])}) |")
    lines.append("")
    lines.append(f"solve() here: total {sum(host_s):.1f} s. Load average (1 min) during the page "
                 f"solves: {min(loads):.1f}-{max(loads):.1f}, median {statistics.median(loads):.1f}.")
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
                        help="in the page through the Solve button (--browsers)")
    parser.add_argument("--first", type=int, default=0, metavar="N",
                        help="--page: only the first N puzzles (a quick look)")
    parser.add_argument("--browsers", default="chromium",
                        help="--page: chromium, firefox, webkit, comma-separated (default chromium)")
    parser.add_argument("--workers", default="auto",
                        help="--page: web workers per solve, comma-separated settings taken in "
                             "turns: N (the page's &workers=N; 0: never split) or auto (default)")
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
            print(page_section(collection, [b.strip() for b in args.browsers.split(",")], args.first,
                               [w.strip() for w in args.workers.split(",")]))
        elif args.cold:
            print(cold_section(collection, args.iss, args.python))
        else:
            print(warm_section(collection, args.rounds, args.iss, args.python))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
