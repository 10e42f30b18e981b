"""The core end-to-end checks, one set of test cases run in Chromium, Firefox and WebKit (Safari's
engine) through the small drivers of engines.py, against the same built site under /sub/viewer/:
a link of every puzzle kind drawn to the DOM contract (cells, givens, progress, cages, regions,
status), a digit played (the cell and the address), the clock and its pause, Digit first, Colour mode, a solve, a hint's chain drawn over the grid, a decode error, offline after a first
visit (the service worker), and after every test: no request left 127.0.0.1, no 4xx/5xx, no
console error or uncaught exception. Screenshots of a killer, a KenKen and a 16x16 at phone and
desktop size go to screenshots/engines/ (docs/engines/ holds the committed ones).

One engine alone, for a quick loop:  ENGINES=webkit .venv/bin/python -m pytest tests/e2e/test_engines.py
(or `-k firefox`). Each engine starts once per run; the kinds are opened through the paste box.
"""
from __future__ import annotations

import json
import re
import time
import urllib.parse
from pathlib import Path

import pytest

from tests.corpus import DEV, REAL
from tests.browsers.engines import (ChromiumEngine, EngineError, EngineSite, FirefoxEngine, OutsideRecorder, WebKitEngine, missing,
                     selected_engines)
from pycore import api
from tests.e2e.test_hint import SUDOKU_AIC, check_lines
from tests.e2e.test_kinds import DIGITS, SIGNS, partition, shaded_cells

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "engines"
STATUS = "document.querySelector('[data-testid=status]')"
STARTED = f"{STATUS} && {STATUS}.dataset.state !== 'loading' && {STATUS}.dataset.state"
READ_CELLS = """[...document.querySelectorAll('[data-testid=grid] [data-cell]')].map(c => ({
  cell: c.dataset.cell, value: c.dataset.value, candidates: c.dataset.candidates,
  given: c.classList.contains('given'), solved: c.classList.contains('solved'),
  shaded: c.classList.contains('shaded'), cage: c.dataset.cage ?? null, region: c.dataset.region ?? null,
  total: c.dataset.cageTotal ?? null, op: c.dataset.cageOp ?? null, text: c.textContent }))"""
CAGE_LABELS = "[...document.querySelectorAll('svg.lines text.cage-total')].map(t => t.textContent)"


def real(name: str) -> dict:
    return next(e for e in REAL if e["name"].startswith(name))


def dev(kind: str, size: int) -> dict:
    return next(e for e in DEV if (e["kind"], e["size"]) == (kind, size))


def as_case(entry: dict) -> dict:
    """A corpus entry as (string, kind, size, givens, cages, regions, progress, solution)."""
    if "expected" in entry:
        fields = entry["expected"]
        string = entry["string"]
    else:
        fields, string = entry, entry["strings"]["versioned"]
    n = entry["size"]
    return {"string": string, "kind": entry["kind"], "size": n, "givens": fields.get("givens") or [0] * n * n,
            "cages": fields.get("cages", []), "regions": fields.get("regions"),
            "progress": fields.get("progress"), "solution": entry.get("solution")}


# a link of each kind: real SudokuWiki strings where the corpus has them, generated ones otherwise
KINDS = {
    "sudoku": as_case(real("S9B")), "killer": as_case(real("L9B")), "kenken": as_case(real("K6C")),
    "sudoku-x": as_case(dev("sudoku-x", 9)), "windoku": as_case(dev("windoku", 9)),
    "jigsaw": as_case(dev("jigsaw", 9)), "killer-jigsaw": as_case(dev("killer-jigsaw", 9)),
    "kendoku": as_case(dev("kendoku", 6)),
}
BIG = as_case(dev("sudoku", 16))


class Harness:
    """An engine with its own site and proxy; `guard()` says what went wrong since the last call."""

    def __init__(self, engine, site: EngineSite, recorder: OutsideRecorder):
        self.engine, self.site, self.recorder = engine, site, recorder
        self.seen: list[str] = []

    def collect(self) -> None:
        """Problems of the current document (read before it is left: the hook's list goes with it)."""
        try:
            self.seen += self.engine.problems()
        except Exception as error:  # noqa: BLE001 - a page that cannot answer is a problem too
            self.seen.append(f"could not read the page's problems: {error}")

    # A page's start waits for Python: WebKit's took 120 s at a load average of 25 on 2 cores.
    def goto(self, url: str, timeout: float = 180) -> str:
        self.collect()
        self.engine.goto(url)
        return self.engine.wait(STARTED, timeout)

    def open_text(self, text: str) -> str:
        """Pastes a string or link into the page's box and opens it; returns the status state."""
        e = self.engine
        if not e.js(f"{STATUS} && {STATUS}.dataset.state !== 'loading'"):
            self.goto(self.site.url)
        e.fill("[data-testid=puzzle-input]", text)
        e.js(f"{STATUS}.dataset.state = 'loading'")
        e.click("[data-action=open]")
        return e.wait(STARTED, 60)

    def status(self) -> tuple[str, str]:
        return tuple(self.engine.js(f"[{STATUS}.dataset.state, {STATUS}.textContent]"))

    def guard(self) -> list[str]:
        self.collect()
        found, self.seen = self.seen, []
        outside = self.recorder.take() + (self.engine.take_outside() if hasattr(self.engine, "take_outside") else [])
        problems = [f"{self.engine.name}: {p}" for p in found]
        if outside:
            problems.append(f"{self.engine.name}: requests outside 127.0.0.1 (refused): {outside}")
        if self.site.failed:
            problems.append(f"{self.engine.name}: failed responses: {self.site.failed}")
            self.site.failed.clear()
        return problems


def start_engine(name: str, request, site: EngineSite, recorder: OutsideRecorder, log: Path):
    if name == "chromium":
        return ChromiumEngine(request.getfixturevalue("browser"), site)
    if name == "firefox":
        return FirefoxEngine(recorder.port, log)
    return WebKitEngine(recorder.port, log)


@pytest.fixture(scope="module", params=selected_engines())
def harness(request, built_dist, tmp_path_factory):
    name = request.param
    need = missing(name)
    if need:
        pytest.fail(f"{name} is not installed: {need}", pytrace=False)
    site, recorder = EngineSite(built_dist), OutsideRecorder()
    log = tmp_path_factory.mktemp(f"{name}-log") / f"{name}.log"
    engine = start_engine(name, request, site, recorder, log)
    yield Harness(engine, site, recorder)
    engine.close()
    site.stop()
    recorder.stop()


@pytest.fixture
def h(harness):
    """The engine's harness for one test; the test fails on anything the guard found."""
    harness.seen.clear()
    yield harness
    problems = harness.guard()
    if problems:
        pytest.fail("; ".join(problems), pytrace=False)


def check_grid(h: Harness, case: dict) -> None:
    state, text = h.status()
    assert state == "ready", text
    n, kind = case["size"], case["kind"]
    cells = h.engine.js(READ_CELLS)
    assert [c["cell"] for c in cells] == [f"r{r}c{c}" for r in range(1, n + 1) for c in range(1, n + 1)]
    for cell, given in zip(cells, case["givens"]):
        if given:
            assert (cell["value"], cell["given"]) == (DIGITS[given], True), cell
        else:
            assert not cell["given"], cell
    for cell, note, given in zip(cells, case["progress"] or ["."] * n * n, case["givens"]):
        if note.startswith("s"):
            assert (cell["value"], cell["solved"], cell["candidates"]) == (note[1:], True, ""), (cell, note)
        elif note.startswith("c") and len(note) - 1 < n:
            assert (cell["value"], cell["candidates"], cell["text"]) == ("", note[1:], note[1:]), (cell, note)
        elif not given:  # no mark, or every digit (read as none)
            assert (cell["value"], cell["candidates"]) == ("", ""), (cell, note)
    assert partition(c["cage"] for c in cells) == {frozenset(cage["cells"]) for cage in case["cages"]}
    labels = []
    for cage in case["cages"]:
        first = cells[min(cage["cells"])]
        assert (int(first["total"]), first["op"]) == (cage["total"], cage["op"]), (first, cage)
        arithmetic = kind in ("kenken", "kendoku") and len(cage["cells"]) > 1
        labels.append(f"{cage['total']}{SIGNS[cage['op']] if arithmetic else ''}")
    assert sorted(h.engine.js(CAGE_LABELS)) == sorted(labels)
    if case["regions"] is not None:
        assert partition(c["region"] for c in cells) == partition(case["regions"])
    assert {i for i, c in enumerate(cells) if c["shaded"]} == shaded_cells(kind, n)


# ---- the cases ------------------------------------------------------------------------------------

def test_a_link_opens_with_its_grid(h):
    case = KINDS["killer"]
    assert h.goto(f"{h.site.url}?bd={case['string']}") == "ready", h.status()
    check_grid(h, case)
    assert "Killer Sudoku 9" in h.engine.js("document.title")


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_is_drawn_to_the_contract(h, kind):
    case = KINDS[kind]
    assert h.open_text(case["string"]) == "ready", h.status()
    check_grid(h, case)


def test_a_digit_played_shows_in_the_cell_and_the_address(h):
    case = KINDS["sudoku"]
    assert h.open_text(case["string"]) == "ready"
    before = h.engine.url()
    h.engine.click("[data-cell=r1c2]")
    h.engine.press("5")
    h.engine.wait("document.querySelector('[data-cell=r1c2]').dataset.value === '5'", 10)
    h.engine.click("[data-cell=r1c3]")
    h.engine.click("[data-testid=pad] [data-digit='8']")  # the digit pad, as on a phone
    h.engine.wait("document.querySelector('[data-cell=r1c3]').dataset.value === '8'", 10)
    after = h.engine.url()
    assert after != before and after.startswith(h.site.url + "?bd=")
    bd = urllib.parse.parse_qs(urllib.parse.urlsplit(after).query)["bd"][0]
    progress = api.decode_view(f"bd={bd}")["progress"]
    assert (progress[1], progress[2]) == ("s5", "s8"), progress[:9]
    h.engine.press("Backspace")
    h.engine.wait("document.querySelector('[data-cell=r1c3]').dataset.value === ''", 10)


CLOCK = "document.querySelector('[data-testid=clock] .clock-time').textContent"


def test_the_clock_runs_and_a_pause_covers_the_board(h):
    assert h.open_text(KINDS["sudoku"]["string"]) == "ready"
    shown = h.engine.js(CLOCK)
    assert h.engine.wait(f"{CLOCK} !== '{shown}'", 10) is True, shown   # a second later
    h.engine.click("[data-testid=clock]")
    assert h.engine.wait("document.querySelector('.pause-cover') !== null", 10) is True
    assert h.engine.js("getComputedStyle(document.querySelector('[data-cell=r1c1]')).visibility") == "hidden"
    assert h.engine.js("document.querySelector('[data-testid=pad]').inert") is True
    paused = h.engine.js(CLOCK)
    time.sleep(1.5)
    assert h.engine.js(CLOCK) == paused
    h.engine.click(".pause-cover")
    assert h.engine.wait("document.querySelector('.pause-cover') === null", 10) is True
    assert h.engine.js("getComputedStyle(document.querySelector('[data-cell=r1c1]')).visibility") == "visible"


def test_digit_first_enters_the_picked_digit_where_clicked(h):
    assert h.open_text(KINDS["sudoku"]["string"]) == "ready"
    h.engine.js("document.querySelector('[data-testid=settings]').open = true")
    h.engine.click("input[data-setting=digitFirst]")
    try:
        h.engine.click("[data-testid=pad] [data-digit='4']")
        h.engine.click("[data-cell=r1c2]")
        assert h.engine.wait("document.querySelector('[data-cell=r1c2]').dataset.value === '4'", 10) is True
        assert h.engine.js("document.querySelectorAll('[aria-selected=true]').length") == 0
    finally:   # the setting is kept on this device: back off for the tests after this one
        h.engine.click("input[data-setting=digitFirst]")
        h.engine.js("document.querySelector('[data-testid=settings]').open = false")
    assert h.engine.js("document.querySelector('input[data-setting=digitFirst]').checked") is False


def test_colour_mode_colours_the_selected_cell_with_one_colour_or_two(h):
    assert h.open_text(KINDS["sudoku"]["string"]) == "ready"
    h.engine.click("[data-cell=r1c2]")
    h.engine.click("[data-testid=pad] [data-action=colour]")
    try:
        h.engine.click("[data-testid=pad] [data-action=colour-key][data-colour='2']")
        assert h.engine.wait("document.querySelector('[data-cell=r1c2]').dataset.colour === '2'", 10) is True
        paint = h.engine.js("getComputedStyle(document.querySelector('[data-cell=r1c2]'), '::before').backgroundColor")
        assert paint.replace(" ", "").startswith("rgba(232,72,62,"), paint   # drawn, see-through
        assert h.engine.js("document.querySelector('[data-cell=r1c2]').dataset.value") == ""
        h.engine.click("[data-testid=pad] [data-action=colour-key][data-colour='5']")   # joins red
        assert h.engine.wait("document.querySelector('[data-cell=r1c2]').dataset.colour === '25'", 10) is True
        image = h.engine.js("getComputedStyle(document.querySelector('[data-cell=r1c2]'), '::before').backgroundImage")
        wedges = set(re.findall(r"rgba\(\d+, ?\d+, ?\d+", image))   # two wedges: red and green
        assert image.startswith("conic-gradient(") and len(wedges) == 2, image
    finally:   # the mode stays for the next puzzle opened in this page: back to digits
        h.engine.click("[data-testid=pad] [data-action=colour]")
    assert h.engine.wait("document.querySelectorAll('[data-testid=pad] [data-digit]').length === 9", 10) is True


# Two taps on the first digit as iOS reports them: pointer events and a click each, no dblclick.
DOUBLE_TAP = """(() => {
  const cells = [...document.querySelectorAll('[data-testid=grid] [data-cell]')];
  const cell = cells.find((c) => c.dataset.value), box = cell.getBoundingClientRect();
  const at = { bubbles: true, pointerType: 'touch', clientX: box.x + 5, clientY: box.y + 5 };
  for (let i = 0; i < 2; i++) {
    cell.dispatchEvent(new PointerEvent('pointerdown', at));
    cell.dispatchEvent(new PointerEvent('pointerup', at));
    cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }
  return cells.filter((c) => c.dataset.value === cell.dataset.value).map((c) => c.dataset.cell).sort().join(' ');
})()"""
SELECTED = "[...document.querySelectorAll('[aria-selected=true]')].map((c) => c.dataset.cell).sort().join(' ')"


def test_a_double_tap_on_a_digit_selects_every_cell_holding_it(h):
    assert h.open_text(KINDS["sudoku"]["string"]) == "ready"
    same = h.engine.js(DOUBLE_TAP)
    assert len(same.split()) >= 2
    assert h.engine.wait(f"{SELECTED} === '{same}'", 10) is True, h.engine.js(SELECTED)


def test_solve_fills_in_the_solution(h):
    case = KINDS["kenken"]
    assert h.open_text(case["string"]) == "ready"
    h.engine.click("[data-action=solve]")
    assert h.engine.wait(f"{STATUS}.dataset.state === 'solved' || {STATUS}.dataset.state === 'error' && 'error'", 60) is True, h.status()
    values = h.engine.js("[...document.querySelectorAll('[data-testid=grid] [data-cell]')].map(c => c.dataset.value)")
    solution = case["solution"]  # a string of digits (real links) or a list of numbers (generated)
    assert values == [str(d).lower() if isinstance(solution, str) else DIGITS[d] for d in solution]


def test_a_long_solve_pauses_goes_on_and_shows_the_solution_found(h):
    """A hard Tarek killer whose solve pauses every 0.3 s of search (`&pause=0.3`): Keep going
    resumes it, Show it fills in the first solution found while the search goes on, and the
    search ends proving it unique."""
    from tests.e2e.test_page_solver import paused_killer
    string, solution = paused_killer()
    assert h.goto(f"{h.site.url}?bd={string}&pause=0.3&slice=1") == "ready", h.status()
    h.engine.click("[data-action=solve]")
    waiting = ("document.querySelector('[data-action=show-found]') ? 'found'"
               f" : {STATUS}.dataset.state === 'solved' ? 'solved'"
               " : document.querySelector('[data-action=continue]') ? 'paused' : false")
    while (seen := h.engine.wait(waiting, 60)) == "paused":
        h.engine.click("[data-action=continue]")
    assert seen == "found", h.status()
    # Show it goes through Python before the board is drawn: wait for the board, then read it.
    # The search goes on meanwhile: a pause can lay the toolbar out again as the click lands (the
    # click then meets a button that is gone), so a reader clicks what is offered until it is filled.
    filled = "[...document.querySelectorAll('[data-testid=grid] [data-cell]')].every(c => c.dataset.value)"
    offered = (f"({filled}) ? 'filled' : document.querySelector('[data-action=show-found]') ? 'found'"
               " : document.querySelector('[data-action=continue]') ? 'paused' : false")
    for _ in range(20):
        seen = h.engine.wait(offered, 60)
        if seen == "filled":
            break
        h.engine.click("[data-action=show-found]" if seen == "found" else "[data-action=continue]")
        try:   # a click WebKit lost under load leaves the button there: it is offered and clicked again
            h.engine.wait(f"({filled}) || !document.querySelector('[data-action={'show-found' if seen == 'found' else 'continue'}]')", 20)
        except EngineError:
            pass
    assert seen == "filled", h.status()
    values = h.engine.js("[...document.querySelectorAll('[data-testid=grid] [data-cell]')].map(c => c.dataset.value)")
    assert "".join(values) == solution
    resumed = 0
    while (seen := h.engine.wait(waiting, 60)) == "paused":
        h.engine.click("[data-action=continue]")
        resumed += 1
    assert seen == "solved" and resumed >= 1, (seen, resumed, h.status())
    assert h.status()[1] == "Solved: the solution is filled in."


def test_the_whole_path_is_listed_under_the_hint(h):
    case = KINDS["killer"]
    progress = api.decode_view(case["string"])["progress"]
    started = api.path_start(case["string"], progress)
    expected = api.path_step(started["id"], 60.0)
    assert expected["done"]
    assert h.open_text(case["string"]) == "ready"
    h.engine.click("[data-action=hint]")
    # (a first hint may wait for the solver in slices)
    assert h.engine.wait("!document.querySelector('[data-testid=hint]').hidden", 60) is True
    h.engine.click("[data-testid=hint-path] summary")
    summary = "document.querySelector('[data-testid=path-summary]').textContent"
    assert h.engine.wait(f"{summary}.startsWith('Solved by logic') || {summary}.startsWith('The logic')", 60)
    listed = h.engine.js("[...document.querySelectorAll('[data-testid=path-steps] li')].map(li => li.textContent)")
    assert listed == expected["steps"]


def test_a_chain_is_drawn_over_the_grid(h):
    """The whole step of an AIC: one line per link, solid or dashed as the link is strong or
    weak, each from one of its candidates (or its group's box) to the other (test_hint.py's
    check_lines, as in Chromium)."""
    step = api.hint_view(SUDOKU_AIC, api.decode_view(SUDOKU_AIC)["progress"])["step"]
    assert h.open_text(SUDOKU_AIC) == "ready"
    for stage in "123":
        h.engine.click("[data-action=hint]")
        assert h.engine.wait(f"document.querySelector('[data-testid=hint]').dataset.stage === '{stage}'", 60) is True
    check_lines(lambda source, arg=None: h.engine.js(f"({source})({json.dumps(arg)})"), step)


def test_a_string_that_cannot_be_read_shows_the_decoders_message(h):
    bad = "L9B0jdd00ep1jpt"
    assert h.open_text(bad) == "error"
    assert h.status()[1] == api.decode_view(f"bd={bad}")["error"]
    assert h.engine.js("document.querySelectorAll('[data-testid=grid]').length") == 0
    assert h.engine.js("document.querySelector('[data-testid=status-help]').textContent") != ""


SIZES = {"desktop": (1280, 900), "phone": (390, 844), "sideways": (844, 390)}


@pytest.mark.parametrize("puzzle", ["killer", "kenken", "16x16"])
@pytest.mark.parametrize("size", list(SIZES))  # all desktop shots, then all phone ones, then sideways
def test_screenshots_fit_with_square_cells(h, puzzle, size):
    case = BIG if puzzle == "16x16" else KINDS[puzzle]
    width, height = SIZES[size]
    assert h.open_text(case["string"]) == "ready"
    h.engine.viewport(width, height)  # may reload the page (WebKit's phone frame)
    assert h.engine.wait(STARTED, 90) == "ready"
    h.engine.js("(scrollTo(0, 0), document.activeElement.blur(), 0)")
    box = h.engine.js("""(() => { const g = document.querySelector('[data-testid=grid]').getBoundingClientRect();
        const c = document.querySelector('[data-cell=r1c1]').getBoundingClientRect();
        const pad = document.querySelector('[data-testid=pad]').getBoundingClientRect();
        return {left: g.left, right: g.right, bottom: g.bottom, cw: c.width, ch: c.height, page: document.documentElement.scrollWidth,
                inner: innerWidth, innerHeight, padLeft: pad.left, padTop: pad.top}; })()""")
    assert box["inner"] == width, box  # the engine's driver gave the page a phone-wide viewport
    assert abs(box["cw"] - box["ch"]) <= 1, box
    assert box["page"] <= box["inner"], box  # the page never scrolls sideways (a big grid scrolls in its frame)
    if not (puzzle == "16x16" and size == "phone"):
        assert box["left"] >= 0 and box["right"] <= box["inner"], box
    if size == "sideways" and puzzle != "16x16":   # the grid in sight, its pad beside it
        # (the pad's whole height is checked in test_play: here an offer to resume a game saved by
        # an earlier test may stand above it)
        assert box["padLeft"] >= box["right"] and box["bottom"] <= box["innerHeight"], box
        assert box["padTop"] < box["innerHeight"], box
    SHOTS.mkdir(parents=True, exist_ok=True)
    h.engine.screenshot(SHOTS / f"{puzzle}-{size}-{h.engine.name}.png")


def test_works_offline_after_a_first_visit(h):
    """Last in the module: it stops the engine's own server, which is what offline means here. The
    first visit (of test_a_link_opens_with_its_grid, or here when run alone) installed the service
    worker."""
    if not h.engine.js("!!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
        assert h.goto(f"{h.site.url}?bd={KINDS['sudoku']['string']}") == "ready"
    h.engine.wait("navigator.serviceWorker.controller !== null", 60)
    h.site.stop()
    assert h.goto(f"{h.site.url}?bd={KINDS['killer-jigsaw']['string']}") == "ready", h.status()
    check_grid(h, KINDS["killer-jigsaw"])


def test_the_guard_sees_errors_and_requests_outside(harness):
    """The checks every test relies on can fail: a console error, an uncaught exception, a rejected
    promise and a request to another host are each reported (then cleared, so this test passes)."""
    h, e = harness, harness.engine
    h.guard()
    e.js("(console.error('probe: console'), setTimeout(() => { throw new Error('probe: thrown'); }),"
         " Promise.reject(new Error('probe: rejected')), 0)")
    time.sleep(1)
    found = h.guard()
    e.js("(location.href = 'http://outside.invalid/probe', 0)")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not any("outside.invalid" in p for p in found):
        time.sleep(0.5)
        found += h.guard()
    for probe in ("probe: console", "probe: thrown", "probe: rejected", "outside.invalid"):
        assert any(probe in p for p in found), (probe, found)
    for attempt in range(3):  # Chromium may still be showing its error page for the aborted request
        try:
            e.goto("about:blank")
            break
        except Exception:  # noqa: BLE001 - "interrupted by another navigation": try again
            time.sleep(1)
    h.guard()
