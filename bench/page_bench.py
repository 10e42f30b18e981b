#!/usr/bin/env python3
"""Page start-up: time from navigation to the rendered grid, next to bare loadPyodide().

    python -m bench.page_bench            # print the tables
    python -m bench.page_bench --write    # also replace their two sections of BENCHMARKS.md
    python -m bench.page_bench --engines-only --engines firefox   # one engine's row, quickly

Builds the site into a temporary directory, serves it on 127.0.0.1 and drives headless Chromium
(same binary and flags as the tests). Four pages, each timed from navigation start
(performance.now() at the end):
- bare:      the reference: a page that only awaits loadPyodide(), from the npm package's files
             (the whole standard library and lock file; dist/ ships them trimmed);
- page:      the real page, as shipped: PyScript 0.7.31 on the local Pyodide (`interpreter`),
             the wheel via `files`, unused plugins off; until the grid is drawn;
- pyscript:  a minimal page: the same bridge (main.py) and renderer started by PyScript the same
             way, until the grid is drawn (what PyScript costs without the rest of the page);
- plain:     the same minimal page on plain Pyodide (loadPyodide + unpackArchive of the wheel):
             the comparison row, what dropping PyScript would save.
Cold = a fresh browser context per run (empty HTTP cache, no service worker); repeat = a second
visit in the same context (HTTP cache and, for the page, the service worker warm). For the page,
three visits: cold, then (once the first visit's memory snapshot is stored) repeat from the
snapshot, then, the snapshot deleted, a plain repeat; each checks which start it got
(<html data-python-start>). Median and range of --runs runs, pages interleaved. Then --slow-runs
cold visits of the page and of bare on Chromium's emulated 10 Mbit/s, 150 ms line (DevTools
protocol), with the page's time to its grid outline and first paint after the HTML arrived, and
the bytes pulled (the bench server counts what it sends, gzipped as GitHub Pages serves it) until
usable and after (the service worker's precache and the snapshot worker). `--slow-only` runs only
these (with `--write`, replaces only their rows); `--timeline` prints one such first visit of
the page and of bare as a timeline (each request, the page's marks, fetch and wasm calls);
`--slow-engines chromium,firefox,webkit` adds the
same first visits in each engine through a second bench server that throttles itself
(tests/browsers/slowline.py: Chromium's emulation is Chromium's only), Chromium included to show
that the two throttles agree.
Then, per engine installed (Chromium, Firefox, WebKit; tests/browsers/engines.py's drivers), bare and
the page cold in fresh sessions, and their repeat visits: plain and from the snapshot.
The bench pages are served from memory under /__bench/, never shipped in dist/.
"""
from __future__ import annotations

import argparse
import email.utils
import gzip
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
import build
from tests.browsers.chromium import CHROMIUM_FLAGS, chromium_executable

PUZZLE = ("L9B0jdd00ep1jpt1ez50du900ep1g5n08b500ep00ep00ep1ez509w11mvl1ez53bpt2tjl2tjl1rm92zgx00ep00ep31g10g7l1t7"
          "52tjl0ikx1ez505xt1rm92tjl2tjl00ep1ez51ez500ep1ez500ep1ez54nwx484100ep31g11ez500ep0ff51jbj05xt00ep4841"
          "00ep2tjl4hld00ep00ep3ci92tjl1qtt2wpd2tjl04cx48411no100ep2tjl2tjl1ez54hld484100ep3dap1ez500ep2tjl0aoh00"
          "ep00ep2tjl2tjl2tjl1ez5")  # SudokuWiki's killer "Gentle Example 1" (corpus)

# Bare is Pyodide as its npm package ships it (the whole standard library and lock file), served
# under /__bench/pyodide/: the page's dist/ has them trimmed (build.py), and the comparison is
# with what a page that only starts Pyodide would load.
BARE = """<!doctype html><meta charset="utf-8"><title>bare</title><script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
await loadPyodide({ indexURL: "./pyodide/" });
window.benchDone = performance.now();
</script>"""

# Both minimal pages draw the grid the same way once main.py registers the bridge.
RENDER_ON_REGISTER = """<style>STYLE</style><div class="board-wrap" id="board"></div>
<script type="module">
import { renderBoard } from "../render.js";
window.pycoreRegister = (call) => {
  // as the page opens its address (web/app.js): open_view's view carries the cages' labels
  const opened = JSON.parse(call("open_view", JSON.stringify([location.search])));
  renderBoard(opened.view, document.getElementById("board")).update(opened.progress);
  window.benchDone = performance.now();
};
"""

PYSCRIPT_PAGE = """<!doctype html><meta charset="utf-8"><title>pyscript</title>
""" + RENDER_ON_REGISTER + """</script>
<script type="module" src="./pyscript/core.js"></script>
<mpy-config>{"plugins": PLUGINS}</mpy-config>
<script type="py" src="../main.py" config="./pyscript.json"></script>"""
PLAIN_PAGE = """<!doctype html><meta charset="utf-8"><title>plain</title>
""" + RENDER_ON_REGISTER + """const { loadPyodide } = await import("../pyodide/pyodide.mjs");
const [pyodide, wheel, bridge] = await Promise.all([
  loadPyodide({ indexURL: new URL("../pyodide/", location.href).href }),
  fetch("../wheels/WHEEL").then((r) => r.arrayBuffer()),
  fetch("../main.py").then((r) => r.text()),
]);
pyodide.unpackArchive(new Uint8Array(wheel), "wheel");
pyodide.runPython(bridge);
</script>"""
# The command as run, for the report (the options change the runs behind each median).
COMMAND = " ".join(["python -m bench.page_bench", *sys.argv[1:]])
PLUGINS_OFF = ["!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"


# GitHub Pages compresses what it serves (not the zips: the standard library and the wheel are
# compressed already); the bench serves the same way, so the bytes and the slow line are real.
GZIPPED = (".html", ".js", ".mjs", ".json", ".wasm", ".css", ".svg", ".webmanifest", ".py", ".txt")


class ByteCounter:
    """Bytes the server sent (headers and bodies), for "bytes pulled" (every engine, and the
    workers' requests too, which a page's DevTools session does not see), each write with the
    time its response was begun (`begun_before`)."""
    def __init__(self):
        self.sent = 0
        self.log: list[tuple[float, int]] = []   # (time.time() its response was begun, bytes)
        self.lock = threading.Lock()

    def add(self, n: int, begun: float) -> None:
        with self.lock:
            self.sent += n
            self.log.append((begun, n))

    def mark(self) -> int:
        with self.lock:
            return len(self.log)

    def begun_before(self, mark: int, moment: float) -> int:
        """The bytes, written since `mark`, of the responses begun before `moment` (time.time()):
        what the page had asked for and the server had started sending before it was usable,
        counted whole. The server's count at the moment a waiting bench saw the page usable
        also holds what the page asked for after (its later archive, on a line the server does
        not throttle itself), so this is the one the targets are read against."""
        with self.lock:
            return sum(n for begun, n in self.log[mark:] if begun < moment)


SENT = ByteCounter()


class CountingFile:
    def __init__(self, raw, handler):
        self.raw = raw
        self.handler = handler

    def write(self, data):
        SENT.add(len(data), self.handler.begun)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def make_handler(dist: Path, wheel: str, line=None):
    """The bench's server: dist/ gzipped as GitHub Pages serves it, the bench pages, every byte
    counted; with `line` (tests/browsers/slowline.py), every response on that shared slow line."""
    style = (ROOT / "web" / "style.css").read_text(encoding="utf-8")  # inlined, as build.py does
    config = {"interpreter": "../pyodide/pyodide.mjs", "plugins": PLUGINS_OFF, "files": {f"../wheels/{wheel}": "./*"}}
    pages = {
        "/__bench/bare.html": ("text/html", BARE),
        "/__bench/pyscript.html": ("text/html", PYSCRIPT_PAGE.replace("PLUGINS", json.dumps(PLUGINS_OFF)).replace("STYLE", style)),
        "/__bench/pyscript.json": ("application/json", json.dumps(config)),
        "/__bench/plain.html": ("text/html", PLAIN_PAGE.replace("WHEEL", wheel).replace("STYLE", style)),
    }

    gzipped: dict[str, tuple[float, bytes]] = {}

    class Handler(build.QuietHandler):
        def setup(self):
            super().setup()
            self.begun = time.time()
            self.wfile = CountingFile(self.wfile, self)

        def translate_path(self, path):
            if path.startswith("/__bench/pyscript/"):
                return str(PYSCRIPT_DIST / path.split("?")[0].rsplit("/", 1)[1])
            if path.startswith("/__bench/pyodide/"):
                return str(build.NODE_MODULES / "pyodide" / path.split("?")[0].rsplit("/", 1)[1])
            return super().translate_path(path)

        def send_gzipped(self, path: Path) -> bool:
            """A file as a compressing host sends it: gzip, Last-Modified, 304 when unchanged."""
            if path.is_dir():
                path = path / "index.html"
            if not path.is_file() or not path.name.endswith(GZIPPED) or "gzip" not in self.headers.get("Accept-Encoding", ""):
                return False
            mtime = path.stat().st_mtime
            since = self.headers.get("If-Modified-Since")
            if since:
                try:
                    if int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                        self.send_response(304)
                        self.end_headers()
                        return True
                except (TypeError, ValueError):
                    pass
            cached = gzipped.get(str(path))
            if cached is None or cached[0] != mtime:
                cached = gzipped[str(path)] = (mtime, gzip.compress(path.read_bytes(), 6))
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(cached[1])))
            self.send_header("Last-Modified", self.date_time_string(int(mtime)))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            self.wfile.write(cached[1])
            return True

        def do_GET(self):
            self.begun = time.time()
            kind, body = pages.get(self.path.split("?")[0], (None, None))
            if body is None:
                if self.send_gzipped(Path(self.translate_path(self.path))):
                    return
                return super().do_GET()
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    if line is not None:
        from tests.browsers.slowline import throttled
        Handler = throttled(Handler, line)
    return partial(Handler, directory=str(dist))


def timed_visit(page, url: str, what: str, start: str | None = None) -> float:
    page.goto(url)
    if what == "page":
        page.wait_for_function("performance.getEntriesByName('grid-rendered').length > 0", timeout=120_000)
        if start is not None:  # how Python started (web/pyodide-start.mjs): what this visit measures
            how = page.evaluate("document.documentElement.dataset.pythonStart")
            assert how == start, f"expected a {start} start, got {how}"
        return page.evaluate("performance.getEntriesByName('grid-rendered')[0].startTime")
    page.wait_for_function("window.benchDone !== undefined", timeout=120_000)
    return page.evaluate("window.benchDone")


def drop_snapshot(page) -> None:
    page.evaluate("caches.delete('pyodide-snapshot')")


# When the page was usable (the grid drawn; bare: loadPyodide() done), as time.time() * 1000:
# the browser's clock is the bench server's (one machine).
USABLE_AT = {"page": "performance.timeOrigin + performance.getEntriesByName('grid-rendered')[0].startTime",
             "bare": "performance.timeOrigin + window.benchDone"}
SLOW_LINE = {"offline": False, "latency": 150, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8}


def measure_slow_line(browser, base: str, runs: int) -> dict[str, dict[str, list[float]]]:
    """Cold visits (first visits: a fresh context) on Chromium's emulated 10 Mbit/s, 150 ms line:
    time to the grid (or to loadPyodide() for bare) and, for the page, to its first paint (the
    outline); the bytes the server sent until then ("pulled") and, for the page, after it until
    the service worker controls the page and the snapshot worker has stored its snapshot."""
    samples = {"load": os.getloadavg()[0], "bare": {"done": [], "pulled": [], "asked": []},
               "page": {"done": [], "outline": [], "paint": [], "html": [], "pulled": [], "asked": [],
                        "after": []}}
    for _ in range(runs):
        for what, url in (("page", f"{base}?bd={PUZZLE}"), ("bare", f"{base}__bench/bare.html")):
            context = browser.new_context()
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_LINE)
            start, mark = SENT.sent, SENT.mark()
            samples[what]["done"].append(timed_visit(page, url, what))
            samples[what]["pulled"].append(SENT.sent - start)
            samples[what]["asked"].append(SENT.begun_before(mark, page.evaluate(USABLE_AT[what]) / 1000))
            if what == "page":
                html, outline, paint = page.evaluate("""[performance.getEntriesByType('navigation')[0].responseEnd,
                    performance.getEntriesByName('grid-outline')[0].startTime,
                    performance.getEntriesByName('first-contentful-paint')[0].startTime]""")
                samples[what]["html"].append(html)
                samples[what]["outline"].append(outline)
                samples[what]["paint"].append(paint)
                usable = SENT.sent
                page.wait_for_function(SNAPSHOT_STORED, timeout=300_000)
                samples[what]["after"].append(SENT.sent - usable)
            context.close()
    return samples


def measure_slow_line_engines(names: list[str], base: str, runs: int) -> dict:
    """Cold visits (a fresh browser session each) of the page and of bare in each engine, through
    the server's own slow line (`base` is the throttled server: tests/browsers/slowline.py, 10 Mbit/s
    shared, 150 ms per response), since Chromium's emulation is Chromium's only: time to the grid (or
    to loadPyodide()) and the bytes the server sent by then."""
    from tests.browsers.engines import OutsideRecorder, missing

    recorder, log = OutsideRecorder(), Path(tempfile.mkdtemp()) / "engine.log"
    visits = (("page", f"{base}?bd={PUZZLE}", GRID_TIME), ("bare", f"{base}__bench/bare.html", "window.benchDone"))
    results = {}
    try:
        for name in names:
            need = missing(name)
            if need:
                print(f"skipping {name}: {need}", file=sys.stderr)
                continue
            samples = {what: {"done": [], "pulled": [], "asked": []} for what, _, _ in visits}
            for _ in range(runs):
                for what, url, done in visits:
                    engine = start_engine(name, base, recorder, log)
                    try:
                        start, mark = SENT.sent, SENT.mark()
                        engine.goto(url)
                        samples[what]["done"].append(engine.wait(done, 300))
                        samples[what]["pulled"].append(SENT.sent - start)
                        usable = engine.wait(USABLE_AT[what], 10) / 1000
                        samples[what]["asked"].append(SENT.begun_before(mark, usable))
                    finally:
                        engine.close()
            results[name] = samples
            print(f"{name} (server's slow line): {json.dumps(samples)}", file=sys.stderr)
    finally:
        outside = recorder.take()
        recorder.stop()
    if outside:
        raise RuntimeError(f"requests left 127.0.0.1: {outside}")
    return results


def measure_on_throttled_server(dist: Path, wheel: str, names: list[str], runs: int) -> dict:
    """measure_slow_line_engines on a second bench server whose responses share one slow line."""
    from tests.browsers.slowline import SharedLine
    server = build.QuietServer(("127.0.0.1", 0), make_handler(dist, wheel, SharedLine()))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        return measure_slow_line_engines(names, f"http://127.0.0.1:{server.server_address[1]}/", runs)
    finally:
        server.shutdown()


# --timeline: marks for what the page's own code cannot mark (added before any of its scripts):
# each fetch() asked for and answered, the wasm compiled, the status's changes.
TIMELINE_HOOKS = """(() => {
  const mark = (name) => { try { performance.mark(name); } catch {} };
  for (const fn of ["instantiateStreaming", "compileStreaming", "instantiate", "compile"]) {
    const plain = WebAssembly[fn];
    WebAssembly[fn] = function (...args) {
      const size = args[0]?.byteLength ?? "";
      mark(`WebAssembly.${fn}(${size}) called`);
      const answer = plain.apply(this, args);
      answer.then(() => mark(`WebAssembly.${fn}(${size}) done`), () => {});
      return answer;
    };
  }
  const plainFetch = window.fetch;
  window.fetch = function (...args) {
    const name = String(args[0]?.url ?? args[0]).split("/").pop();
    mark(`fetch ${name} called`);
    const answer = plainFetch.apply(this, args);
    answer.then(() => mark(`fetch ${name} answered`), () => {});
    return answer;
  };
  let state;
  new MutationObserver(() => {
    const now = document.querySelector("[data-testid=status]")?.dataset.state;
    if (now !== state) mark(`status ${(state = now)}`);
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();"""

TIMELINE = """(() => {
  const rows = [];
  for (const e of performance.getEntriesByType("resource"))
    rows.push([e.startTime, `${e.name.split("/").pop().split("?")[0].slice(0, 40)} (${e.initiatorType}): first byte `
               + `${e.responseStart.toFixed(0)}, end ${e.responseEnd.toFixed(0)}, ${(e.transferSize / 1e3).toFixed(0)} kB`]);
  for (const e of performance.getEntriesByType("mark")) rows.push([e.startTime, "mark: " + e.name]);
  for (const e of performance.getEntriesByType("paint")) rows.push([e.startTime, e.name]);
  rows.push([performance.getEntriesByType("navigation")[0].responseEnd, "the HTML has arrived"]);
  return rows.sort((a, b) => a[0] - b[0]);
})()"""


def timeline(browser, base: str) -> None:
    """Prints one first visit of the page and of bare on the emulated slow line as a timeline: each
    request's start, first byte and end (resource timing), the page's own marks (grid-outline,
    python-loader and python-started in pyodide-start.mjs, python-registered in bridge.js,
    grid-rendered in app.js) and TIMELINE_HOOKS' marks."""
    visits = (("page", f"{base}?bd={PUZZLE}"), ("bare", f"{base}__bench/bare.html"))
    for what, url in visits:  # once unthrottled first: the server gzips each file on its first request
        context = browser.new_context()
        timed_visit(context.new_page(), url, what)
        context.close()
    for what, url in visits:
        context = browser.new_context()
        context.add_init_script(TIMELINE_HOOKS)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_LINE)
        start = SENT.sent
        done = timed_visit(page, url, what)
        print(f"== {what}: usable after {done:.0f} ms, {(SENT.sent - start) / 1e6:.2f} MB pulled, "
              f"load average {os.getloadavg()[0]:.1f}")
        for ms, event in page.evaluate(TIMELINE):
            print(f"{ms:8.0f} ms  {event}")
        context.close()


def measure(browser, base: str, runs: int) -> dict[str, dict[str, float]]:
    urls = {
        "bare": f"{base}__bench/bare.html",
        "page": f"{base}?bd={PUZZLE}",
        "pyscript": f"{base}__bench/pyscript.html?bd={PUZZLE}",
        "plain": f"{base}__bench/plain.html?bd={PUZZLE}",
    }
    samples = {what: {"cold": [], "repeat": []} for what in urls}
    samples["page"]["snapshot"] = []
    order = list(urls)
    for run in range(runs):
        # interleaved and rotated, so drift in machine load and ordering effects hit all alike
        for what in order[run % len(order):] + order[:run % len(order)]:
            url = urls[what]
            context = browser.new_context()
            page = context.new_page()
            if what != "page":
                samples[what]["cold"].append(timed_visit(page, url, what))
                samples[what]["repeat"].append(timed_visit(page, url, what))
                context.close()
                continue
            samples[what]["cold"].append(timed_visit(page, url, what, "plain"))
            # let the service worker take control and the snapshot be stored (after the grid)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
            page.wait_for_function("document.documentElement.dataset.pythonSnapshot === 'stored'", timeout=120_000)
            samples[what]["snapshot"].append(timed_visit(page, url, what, "snapshot"))
            drop_snapshot(page)  # a repeat visit without it (as when it is missing or stale)
            samples[what]["repeat"].append(timed_visit(page, url, what, "plain"))
            context.close()
    return samples


# What the page adds on a repeat visit, found with performance marks in main.py and app.js and
# with imports timed under Node's Pyodide (2026-11-21); kept here so --write keeps it.
FINDINGS = [
    "Where the page's extra time goes on a repeat visit (performance marks in main.py/app.js, imports",
    "timed under Node's Pyodide; 2026-11-21):",
    "",
    "- PyScript starts main.py ~80 ms after main.py has arrived (its own Python bootstrap); that, and",
    "  reading its config first, is the PyScript cost in the rows above.",
    "- Importing `pycore.api` took ~95 ms: ~75 ms of it `urllib.parse` and the `ipaddress` module it",
    "  imports (for two small helpers of the codec), most of the rest compiling pycore's source. The",
    "  codec now has its own `unquote`/`parse_qsl` (tested against urllib's), and build.py adds",
    "  bytecode compiled by Pyodide's Python 3.14 to the wheel: the import now takes 7-11 ms in the",
    "  page. The solver is imported on the first Solve or Check, not at start.",
    "- Decoding the link takes 4-7 ms and drawing the grid 2-5 ms.",
    "- The service worker costs nothing measurable (repeat visit 1883 ms with it, 1886 ms without,",
    "  medians of 5), and neither do the preload hints on 127.0.0.1 (cold 3993 ms with, 4029 ms",
    "  without, medians of 8 at load average 3-4): every file is fetched once either way; the hints",
    "  stay because on a real network they overlap PyScript's config, runtime and wheel downloads.",
]


def slow_table(slow: dict, slow_runs: int) -> list[str]:
    """The slow line's rows (measure_slow_line)."""
    def slow_cell(what: str, k: str, minus: str | None = None) -> str:
        values = slow[what][k] if minus is None else [a - b for a, b in zip(slow[what][k], slow[what][minus])]
        return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"

    def mb_cell(what: str, k: str) -> str:
        values = [v / 1e6 for v in slow[what][k]]
        return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"

    def kb_cell(what: str, k: str) -> str:
        values = [v / 1e3 for v in slow[what][k]]
        return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"

    return [
        f"First visit on an emulated slow line (Chromium's network emulation: 10 Mbit/s down, 150 ms "
        f"latency; a fresh context each; files gzipped as GitHub Pages serves them; median and range of "
        f"{slow_runs} runs, page and bare interleaved; load average {slow['load']:.0f} on 2 cores). Pulled = "
        "bytes the server sent by the time the bench saw the page usable; begun before = the bytes of every "
        "response the server had begun before the page was usable (`performance.timeOrigin` + its mark, "
        "the server's clock), counted whole: what the page asked for to start, without what it asks once "
        "usable, which an unthrottled server sends at once; after = what the page pulls once usable, until "
        "its service worker controls it and its snapshot worker has stored the snapshot. The page is usable after "
        f"{statistics.median(slow['page']['done']) / statistics.median(slow['bare']['done']):.2f}× "
        "the time of a bare `loadPyodide()` (issue 46's targets: at most 0.8×, at most 5.0 MB begun before). "
        f"Command: `{COMMAND}`.",
        "",
        "| page | to the rendered grid / `loadPyodide()` (ms) | pulled by then (MB) | begun before (MB) | HTML arrived (ms) | outline drawn, after the HTML (ms) | first paint, after the HTML (ms) | pulled after (kB) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        f"| bare `loadPyodide()` (npm's files) | {slow_cell('bare', 'done')} | {mb_cell('bare', 'pulled')} | {mb_cell('bare', 'asked')} | – | – | – | – |",
        f"| **the page** | {slow_cell('page', 'done')} | {mb_cell('page', 'pulled')} | {mb_cell('page', 'asked')} | {slow_cell('page', 'html')} | "
        f"{slow_cell('page', 'outline', 'html')} | {slow_cell('page', 'paint', 'html')} | {kb_cell('page', 'after')} |",
        "",
        *engines_slow_table(slow.get("engines") or {}, slow_runs),
        *SLOW_FINDINGS,
    ]


# Where a slow first visit's time went, and what changed: web/HISTORY.md (2026-11-27).
SLOW_FINDINGS = [
    "Where a first visit's time went on this line, and what changed (issue 46; `python -m",
    "bench.page_bench --timeline` prints one visit's timeline): [web/HISTORY.md](web/HISTORY.md).",
    "",
]


def engines_slow_table(engines: dict, runs: int) -> list[str]:
    """The slow line's rows per engine, throttled by the server (measure_slow_line_engines)."""
    if not engines:
        return []

    def cell(values, scale=1.0, digits=0):
        values = [v * scale for v in values]
        return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"
    lines = [
        "The same first visits in each engine through the bench server's own slow line "
        "(`tests/browsers/slowline.py`: every response after 150 ms, through one 10 Mbit/s pipe shared by "
        f"all requests; Chromium's emulation exists in Chromium only), a fresh browser session each, median "
        f"and range of {runs}; the Chromium row here against the one above shows how the two throttles agree.",
        "",
        "| engine | bare `loadPyodide()` (ms) | bare pulled (MB) | the page: rendered grid (ms) | page pulled (MB) | page begun before (MB) | page against bare |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, s in engines.items():
        ratio = statistics.median(s["page"]["done"]) / statistics.median(s["bare"]["done"])
        lines.append(f"| {name} | {cell(s['bare']['done'])} | {cell(s['bare']['pulled'], 1e-6, 2)} | "
                     f"{cell(s['page']['done'])} | {cell(s['page']['pulled'], 1e-6, 2)} | "
                     f"{cell(s['page']['asked'], 1e-6, 2)} | {ratio:.2f}× |")
    return lines + [""]


SLOW_TABLE = re.compile(r"^(?:First visit|Cold) on an emulated slow line.*?(?=^Cold visits on this shared)", re.S | re.M)


def write_slow_table(lines: list[str], path: Path = ROOT / "BENCHMARKS.md") -> None:
    """Replaces only the slow line's rows in the start-up section (--slow-only --write)."""
    old = path.read_text(encoding="utf-8")
    if not SLOW_TABLE.search(old):
        raise SystemExit("BENCHMARKS.md has no slow-line table to replace: run the whole bench with --write")
    path.write_text(SLOW_TABLE.sub(lambda _: "\n".join(lines) + "\n", old, count=1), encoding="utf-8")


def report(samples: dict, runs: int, slow: dict, slow_runs: int) -> str:
    med = {what: {k: statistics.median(v) for k, v in s.items()} for what, s in samples.items()}
    bare = med["bare"]

    def cell(what: str, k: str) -> str:
        s = samples[what].get(k)
        return f"{statistics.median(s):.0f} ({min(s):.0f}–{max(s):.0f})" if s else "–"

    def row(label: str, what: str) -> str:
        cells = [cell(what, k) for k in ("cold", "repeat", "snapshot")]
        if what == "bare":
            return f"| {label} | {' | '.join(cells)} | – |"
        over = [f"{(med[what][k] / bare[k] - 1) * 100:+.1f}% {k}" for k in ("cold", "repeat")]
        if "snapshot" in med[what]:
            over.append(f"{(med[what]['snapshot'] / bare['repeat'] - 1) * 100:+.1f}% from snapshot (vs bare repeat)")
        return f"| {label} | {' | '.join(cells)} | {', '.join(over)} |"

    cpu = platform.processor() or platform.machine()
    page = med["page"]
    lines = [
        "## Page start-up",
        "",
        "Navigation to the rendered grid (SudokuWiki's killer \"Gentle Example 1\") beside a page that only",
        f"awaits `loadPyodide()`, headless Chromium, one run; median (range) of {runs}, pages interleaved. Cold:",
        "a fresh context; repeat: HTTP cache and service worker warm, Python started the plain way; from",
        "snapshot: from the memory snapshot the first visit left (web/pyodide-start.mjs). Command:",
        "",
        "    " + COMMAND,
        "",
        "| page | cold (ms) | repeat (ms) | repeat from snapshot (ms) | against bare Pyodide |",
        "|---|---:|---:|---:|---|",
        row("bare `loadPyodide()` (reference)", "bare"),
        row("**the page** (PyScript 0.7.31, local Pyodide, wheel via `files`, snapshot)", "page"),
        row("minimal page: bridge + renderer started by PyScript", "pyscript"),
        row("minimal page: same bridge + renderer on plain Pyodide (comparison)", "plain"),
        "",
        f"Repeat visit from the snapshot: {page['snapshot']:.0f} ms to the rendered grid, against "
        f"{bare['repeat']:.0f} ms for a bare `loadPyodide()` from the HTTP cache "
        f"({page['snapshot'] - bare['repeat']:+.0f} ms) and {page['repeat']:.0f} ms for the page's own plain repeat start. "
        "The snapshot (31 MB, pycore imported) is restored in place of Python's start; PyScript still "
        "reads its config, unpacks the wheel and runs main.py around it.",
        "",
        *slow_table(slow, slow_runs),
        "Cold visits on this shared machine spread over seconds whatever the page (the ranges); the repeat",
        "visits spread far less. Compare rows of one run, not runs of different days. Under a heavy load the",
        "slow line's times are mostly waiting for the CPU, not the line: read its bytes first.",
        "",
        *FINDINGS,
        "",
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.system()} {cpu}, Python {platform.python_version()} "
        "(host), Pyodide 314.0.7, @pyscript/core 0.7.31, Chromium, on a shared 2-core machine. The other "
        "engines: next section.",
        "",
    ]
    return "\n".join(lines)


ENGINES_HEADING = "## Page start-up in each engine"
ALL_ENGINES = ("chromium", "firefox", "webkit")


def start_engine(name: str, base: str, recorder, log: Path):
    """A fresh session (empty caches) of engine `name`, through tests/browsers/engines.py's drivers."""
    from tests.browsers.engines import ChromiumEngine, FirefoxEngine, WebKitEngine
    if name != "chromium":
        return (FirefoxEngine if name == "firefox" else WebKitEngine)(recorder.port, log)
    from playwright.sync_api import sync_playwright
    playwright = sync_playwright().start()
    launch = {"args": CHROMIUM_FLAGS}
    if chromium_executable():
        launch["executable_path"] = chromium_executable()
    browser = playwright.chromium.launch(**launch)
    engine = ChromiumEngine(browser, type("Site", (), {"origin": base.rstrip("/")})())
    close = engine.close

    def close_all():
        close()
        browser.close()
        playwright.stop()
    engine.close = close_all
    return engine


GRID_TIME = ("performance.getEntriesByName('grid-rendered').length"
             " && performance.getEntriesByName('grid-rendered')[0].startTime")
HOW_STARTED = "document.documentElement.dataset.pythonStart"
SNAPSHOT_STORED = ("navigator.serviceWorker.controller !== null"
                   " && document.documentElement.dataset.pythonSnapshot === 'stored'")


def page_visit(engine, url: str, start: str) -> float:
    engine.goto(url)
    ms = engine.wait(GRID_TIME, 180)
    how = engine.js(HOW_STARTED)
    if how != start:
        raise RuntimeError(f"{engine.name}: expected a {start} start, got {how}")
    return ms


def measure_engines(names: list[str], base: str, runs: int, sessions: int) -> dict:
    """Per engine: bare loadPyodide() and the page to its rendered grid, each in `sessions` fresh
    browser sessions (cold: empty caches), each followed by `runs` repeat visits (HTTP cache and, for
    the page, its service worker warm): for the page, alternately from the snapshot the first visit
    stored and, the snapshot deleted, the plain way."""
    from tests.browsers.engines import OutsideRecorder, missing

    bare_url, page_url = f"{base}__bench/bare.html", f"{base}?bd={PUZZLE}"
    results, recorder = {}, OutsideRecorder()
    log = Path(tempfile.mkdtemp()) / "engine.log"
    for name in names:
        need = missing(name)
        if need:
            print(f"skipping {name}: {need}", file=sys.stderr)
            continue
        samples = {"bare": {"cold": [], "repeat": []}, "page": {"cold": [], "repeat": [], "snapshot": []}}
        for _ in range(sessions):
            engine = start_engine(name, base, recorder, log)
            try:
                for visit in range(runs + 1):
                    engine.goto(bare_url)
                    samples["bare"]["repeat" if visit else "cold"].append(engine.wait("window.benchDone", 180))
            finally:
                engine.close()
            engine = start_engine(name, base, recorder, log)
            try:
                samples["page"]["cold"].append(page_visit(engine, page_url, "plain"))
                for visit in range(runs):  # the plain visits store a new snapshot once idle
                    if visit % 2 == 0:
                        engine.wait(SNAPSHOT_STORED, 180)
                        samples["page"]["snapshot"].append(page_visit(engine, page_url, "snapshot"))
                    else:
                        engine.js("[window.__dropped = false, caches.delete('pyodide-snapshot')"
                                  ".then(() => { window.__dropped = true; })][0]")
                        engine.wait("window.__dropped", 30)
                        samples["page"]["repeat"].append(page_visit(engine, page_url, "plain"))
            finally:
                engine.close()
        results[name] = samples
        print(f"{name}: {json.dumps(samples)}", file=sys.stderr)
    outside = recorder.take()
    recorder.stop()
    if outside:
        raise RuntimeError(f"requests left 127.0.0.1: {outside}")
    return results


def report_engines(results: dict, runs: int, sessions: int) -> str:
    lines = [
        ENGINES_HEADING,
        "",
        "The same, in each engine through the cross-engine tests' drivers (`tests/browsers/engines.py`):",
        f"cold = the first visit of a fresh browser session ({sessions} each), then {runs} repeat visits a",
        "session, the page alternately from its snapshot and, the snapshot deleted, the plain way. Command:",
        "",
        "    " + COMMAND,
        "",
        "| engine | bare cold (ms) | page cold (ms) | bare repeat (ms) | page repeat, plain (ms) "
        "| page repeat from snapshot (ms) | from snapshot against bare repeat |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, s in results.items():
        def med(what, k):
            v = s[what][k]
            return statistics.median(v) if v else float("nan")

        def cell(what, k):
            v = s[what][k]
            return f"{med(what, k):.0f}" + (f" ({min(v):.0f}–{max(v):.0f})" if len(v) > 1 else "")
        saved = med("page", "snapshot") - med("bare", "repeat")
        lines.append(f"| {name} | {cell('bare', 'cold')} | {cell('page', 'cold')} | {cell('bare', 'repeat')} "
                     f"| {cell('page', 'repeat')} | {cell('page', 'snapshot')} "
                     f"| {saved:+.0f} ms ({(med('page', 'snapshot') / med('bare', 'repeat') - 1) * 100:+.0f}%) |")
    lines += [
        "",
        "In every engine the page's repeat visit from the snapshot is below bare `loadPyodide()` from the",
        "HTTP cache. Why WebKit's status circle turns in eight steps a second: [web/HISTORY.md](web/HISTORY.md).",
        "",
        f"Measured {time.strftime('%Y-%m-%d')} on a shared 2-core machine (compare rows of one run only).",
        "",
    ]
    return "\n".join(lines)


def write_section(text: str, path: Path = ROOT / "BENCHMARKS.md", heading: str = "## Page start-up") -> None:
    """Replaces only the section under `heading`; other sections are other people's."""
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n\n"
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    new = pattern.sub(lambda _: text + "\n", old, count=1) if pattern.search(old) else old.rstrip("\n") + "\n\n" + text
    path.write_text(new.rstrip("\n") + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="Chromium's detailed table: runs per page")
    parser.add_argument("--slow-runs", type=int, default=3, help="cold visits on the emulated slow line")
    parser.add_argument("--engines", default=",".join(ALL_ENGINES),
                        help="engines for the per-engine table (default: all three; those not installed are skipped)")
    parser.add_argument("--sessions", type=int, default=3, help="per-engine table: fresh sessions per engine")
    parser.add_argument("--repeats", type=int, default=4, help="per-engine table: repeat visits per session")
    parser.add_argument("--engines-only", action="store_true", help="only the per-engine table")
    parser.add_argument("--slow-only", action="store_true",
                        help="only the slow line's first visits (Chromium); with --write, only their rows in BENCHMARKS.md")
    parser.add_argument("--slow-engines", default="",
                        help="with --slow-only: also these engines (e.g. chromium,firefox,webkit) on the server's own slow line")
    parser.add_argument("--timeline", action="store_true",
                        help="only print one slow-line first visit of the page and of bare as a timeline (requests, marks)")
    parser.add_argument("--write", action="store_true", help="update BENCHMARKS.md")
    args = parser.parse_args()
    names = [n.strip() for n in args.engines.split(",") if n.strip()]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(os.environ["SITE_DIR"]) if os.environ.get("SITE_DIR") else build.build(dist=Path(tmp) / "dist")
        wheel = next((dist / "wheels").glob("*.whl")).name
        server = build.QuietServer(("127.0.0.1", 0), make_handler(dist, wheel))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            if not args.engines_only:
                with sync_playwright() as p:
                    launch = {"args": CHROMIUM_FLAGS}
                    executable = chromium_executable()
                    if executable:
                        launch["executable_path"] = executable
                    browser = p.chromium.launch(**launch)
                    if args.timeline:
                        timeline(browser, base)
                        return 0
                    if args.slow_only:
                        slow = measure_slow_line(browser, base, args.slow_runs)
                        browser.close()
                    else:
                        result = measure(browser, base, args.runs)
                        slow = measure_slow_line(browser, base, args.slow_runs)
                        browser.close()
            if args.slow_only:  # (the engines' drivers start their own Playwright: outside the one above)
                slow_engines = [n.strip() for n in args.slow_engines.split(",") if n.strip()]
                if slow_engines:
                    slow["engines"] = measure_on_throttled_server(dist, wheel, slow_engines, args.slow_runs)
                print("\n".join(slow_table(slow, args.slow_runs)))
                print(json.dumps(slow))
                if args.write:
                    write_slow_table(slow_table(slow, args.slow_runs))
                return 0
            engines = measure_engines(names, base, args.repeats, args.sessions)
        finally:
            server.shutdown()
    texts = [] if args.engines_only else [(report(result, args.runs, slow, args.slow_runs), "## Page start-up")]
    texts.append((report_engines(engines, args.repeats, args.sessions), ENGINES_HEADING))
    for text, _ in texts:
        print(text)
    print(json.dumps({"chromium": None if args.engines_only else {"samples": result, "slow_line": slow},
                      "engines": engines}))
    if args.write:
        for text, heading in texts:
            write_section(text, heading=heading)
    return 0


if __name__ == "__main__":
    sys.exit(main())
