"""What the page keeps in the browser (issue 42, "Lose nothing"; issue 41 section 3):

- every stored record is checked before use (web/stored.js): corrupt saved games, histories and
  settings planted in localStorage and sessionStorage are dropped, the board opens right, plays
  and undoes, and no page error is thrown; a newer build's record is left alone;
- storage denied (every getter throwing, as in opaque origins or with third-party storage
  blocked), an embed in a sandboxed frame of an about:blank host, and an embed framed by a local
  file's page all start, take a digit by tapping, and show nothing alarming;
- two tabs on one puzzle keep both games, not the last one saved.
"""
from __future__ import annotations

import http.server
import threading
from functools import partial

import pytest

import build
from tests.browsers.pageutil import PAGE_TIMEOUT_MS, wait_started
from tests.corpus import REAL
from tests.e2e.conftest import SUB_PATH, Guard, guarded_context

S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
GAME = "puzzle-viewer:game:"
HISTORY = "puzzle-viewer:history:"

# Each plants one corrupt record for the puzzle (key, opened: its progress as opened, n: cells)
# in the words; `where` is the storage it goes to, `name` its entry.
CORRUPT = {
    "colours as numbers": ("local", GAME, "{progress: opened, saved: Date.now(), colours: opened.map(() => 3)}"),
    "progress of nulls": ("local", GAME, "{progress: opened.map(() => null), saved: Date.now()}"),
    "numeric notes": ("local", GAME, "{progress: opened.map((note) => (note[0] === 'g' ? note : 5)), saved: Date.now()}"),
    "notes zz": ("local", GAME, "{progress: opened.map((note) => (note[0] === 'g' ? note : 'zz')), saved: Date.now()}"),
    "notes g7": ("local", GAME, "{progress: opened.map(() => 'g7'), saved: Date.now()}"),
    "a game that is not one": ("local", GAME, "[1, 2, 3]"),
    "history with null entries": ("session", HISTORY,
                                  "{at: {progress: opened, colours: opened.map(() => '')}, "
                                  "undo: [null, {progress: opened.map((note, i) => (i === 1 ? null : note)), colours: opened.map(() => '')}], redo: [null]}"),
    "history of nulls": ("session", HISTORY,
                         "{at: {progress: opened, colours: opened.map(() => '')}, "
                         "undo: [{progress: opened.map((note, i) => (i === 1 ? null : note)), colours: opened.map(() => '')}], redo: []}"),
}


@pytest.fixture(scope="module")
def fresh(browser, site):
    """A context of its own (no saved games but the test's), its guard checked after each test."""
    context, guard = guarded_context(browser, site)
    yield context, guard
    context.close()


@pytest.fixture
def tab(fresh):
    context, guard = fresh
    guard.reset()
    page = context.new_page()
    yield page
    # (a page saves its game again as it closes: not this one)
    page.evaluate("() => { Storage.prototype.setItem = () => {}; localStorage.clear(); sessionStorage.clear(); }")
    page.close()
    guard.check()


def cells(page) -> list[tuple[str, bool]]:
    """Each cell's digit and whether it is drawn as a given."""
    return page.locator("[data-testid=grid] [data-cell]").evaluate_all(
        "cells => cells.map(c => [c.dataset.value || '', c.classList.contains('given')])")


def open_puzzle(page, site) -> None:
    page.goto(f"{site.url}?bd={S9B}")
    assert wait_started(page) == "ready"


@pytest.mark.parametrize("case", CORRUPT)
def test_a_corrupt_record_is_dropped_and_the_board_opens_right(tab, site, case):
    open_puzzle(tab, site)
    opened = cells(tab)
    key, progress = tab.evaluate("[window.puzzleViewer.state.gameKey, window.puzzleViewer.state.opened]")
    where, prefix, record = CORRUPT[case]
    storage = "localStorage" if where == "local" else "sessionStorage"
    infos = []
    tab.on("console", lambda m: m.type == "info" and infos.append(m.text))
    # planted from another document of the site (in this tab, for sessionStorage), which reads
    # nothing as it goes (the page saves its game as it closes)
    tab.goto(site.url + "icon.svg")
    tab.evaluate(f"""([key, opened]) => {storage}.setItem({prefix!r} + key, JSON.stringify({record}))""", [key, progress])
    open_puzzle(tab, site)                          # the link again, as from the e-mail it came in
    assert tab.locator("[data-testid=status]").get_attribute("data-state") == "ready"
    assert cells(tab) == opened                    # no digit, no given, from the record
    assert tab.locator("[data-testid=resume]").is_hidden()   # nothing offered
    assert tab.locator("[data-action=undo]").is_disabled()   # no history from it
    assert tab.evaluate(f"{storage}.getItem({prefix!r} + {key!r})") is None   # dropped,
    assert any("did not fit and was dropped" in text for text in infos), infos  # and said quietly
    # and the page plays on: a digit, its undo, its redo
    tab.click("[data-cell=r1c2]")
    tab.keyboard.press("4")
    assert tab.locator("[data-cell=r1c2]").get_attribute("data-value") == "4"
    tab.click("[data-action=undo]")
    assert cells(tab) == opened
    tab.click("[data-action=redo]")
    assert tab.locator("[data-cell=r1c2]").get_attribute("data-value") == "4"


def test_corrupt_settings_leave_the_defaults(tab, site):
    tab.goto(site.url + "icon.svg")
    tab.evaluate("""localStorage.setItem('puzzle-viewer:settings',
        JSON.stringify({digitFirst: 'yes', conflicts: 0, clock: null, tidyMarks: [false]}))""")
    open_puzzle(tab, site)
    checked = tab.locator("input[data-setting]").evaluate_all(
        "boxes => Object.fromEntries(boxes.map(b => [b.dataset.setting, b.checked]))")
    assert checked == {"clock": True, "conflicts": True, "tidyMarks": True, "digitFirst": False}
    tab.click("[data-cell=r1c2]")
    tab.keyboard.press("4")
    assert tab.locator("[data-cell=r1c2]").get_attribute("data-value") == "4"


def test_a_newer_builds_game_is_left_alone(tab, site):
    """All of a user's project sites share one origin: a newer build at another path may keep a
    game in a form this build does not know. It is neither used nor dropped."""
    open_puzzle(tab, site)
    opened = cells(tab)
    key = tab.evaluate("window.puzzleViewer.state.gameKey")
    tab.goto(site.url + "icon.svg")
    newer = tab.evaluate("""(key) => { const text = JSON.stringify({v: 99, progress: 'from the future', saved: 1});
        localStorage.setItem('puzzle-viewer:game:' + key, text); return text; }""", key)
    open_puzzle(tab, site)
    assert cells(tab) == opened and tab.locator("[data-testid=resume]").is_hidden()
    assert tab.evaluate(f"localStorage.getItem('puzzle-viewer:game:' + {key!r})") == newer


# ---- storage denied -----------------------------------------------------------------------------

# As an opaque origin or blocked third-party storage has it: every storage getter throws.
DENY_STORAGE = """
const deny = (target, name) => Object.defineProperty(target, name, {
  configurable: true, get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });
for (const name of ["localStorage", "sessionStorage", "indexedDB", "caches"]) deny(window, name);
deny(Navigator.prototype, "serviceWorker");
"""


def nothing_alarming(frame) -> None:
    """Started, ready, and no error for people: no start failure, no PyScript error box."""
    frame.locator("[data-testid=status]:not([data-state=loading])").wait_for(state="attached", timeout=PAGE_TIMEOUT_MS)
    assert frame.locator("[data-testid=status]").get_attribute("data-state") == "ready"
    assert frame.locator("[data-testid=status-help]").text_content() == ""
    assert frame.locator(".py-error").count() == 0


def plays_by_tapping(frame) -> None:
    cell = frame.locator("[data-cell=r1c2]")
    cell.tap()
    frame.locator("[data-testid=pad] [data-digit='4']").tap()
    assert cell.get_attribute("data-value") == "4"
    frame.locator("[data-action=undo]").tap()
    assert cell.get_attribute("data-value") == ""


@pytest.mark.parametrize("embed", [False, True], ids=["page", "embed"])
def test_the_page_plays_with_every_storage_denied(browser, site, embed):
    context, guard = guarded_context(browser, site, has_touch=True, service_workers="allow")
    context.add_init_script(DENY_STORAGE)
    page = context.new_page()
    page.goto(f"{site.url}?bd={S9B}{'&embed=1' if embed else ''}")
    nothing_alarming(page)
    plays_by_tapping(page)
    page.evaluate("() => new Promise((done) => setTimeout(done, 500))")   # (a late storage call's error)
    context.close()
    guard.check()


class CorsHandler(build.QuietHandler):
    """Sends Access-Control-Allow-Origin: *, as GitHub Pages does: a frame without
    allow-same-origin has an opaque origin, and its module scripts are cross-origin requests."""

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


@pytest.fixture(scope="module")
def pages_like(site):
    """The site served again, with GitHub Pages' CORS header: its origin."""
    server = build.QuietServer(("127.0.0.1", 0), partial(CorsHandler, directory=str(site.root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("sandbox", ["allow-scripts allow-popups", "allow-scripts allow-same-origin allow-popups"],
                         ids=["opaque", "same-origin"])
def test_an_embed_in_a_sandboxed_frame_of_a_blank_page_plays(browser, pages_like, sandbox):
    context = browser.new_context(has_touch=True)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    guard = Guard(pages_like)
    guard.install(context)
    page = context.new_page()                      # about:blank: the host page's origin is opaque
    page.set_content(f'<iframe id="puzzle" sandbox="{sandbox}" width="600" height="600" '
                     f'src="{pages_like}{SUB_PATH}?bd={S9B}&embed=1"></iframe>')
    frame = page.frame_locator("#puzzle")
    nothing_alarming(frame)
    plays_by_tapping(frame)
    context.close()
    guard.check()


def test_an_embed_framed_by_a_local_file_plays(browser, site, tmp_path):
    host = tmp_path / "blog-post.html"
    host.write_text(f'<!doctype html><title>Saved post</title><p>A puzzle:</p>'
                    f'<iframe id="puzzle" width="600" height="600" src="{site.url}?bd={S9B}&embed=1"></iframe>',
                    encoding="utf-8")
    context, guard = guarded_context(browser, site, has_touch=True, service_workers="allow")
    page = context.new_page()
    page.goto(host.as_uri())
    frame = page.frame_locator("#puzzle")
    nothing_alarming(frame)
    plays_by_tapping(frame)
    context.close()
    guard.outside[:] = [url for url in guard.outside if not url.startswith("file:")]   # the host page itself
    guard.check()


# ---- two tabs -----------------------------------------------------------------------------------

def games_of(page, key: str) -> list[list[str]]:
    """The progress of every game kept for the puzzle `key`."""
    return page.evaluate("""(key) => Object.keys(localStorage)
        .filter((name) => name === 'puzzle-viewer:game:' + key || name.startsWith('puzzle-viewer:game:' + key + '\\n'))
        .map((name) => JSON.parse(localStorage.getItem(name)).progress)""", key)


def test_two_tabs_on_one_puzzle_keep_both_games(tab, site):
    first, second = tab, tab.context.new_page()
    open_puzzle(first, site)
    open_puzzle(second, site)
    key = first.evaluate("window.puzzleViewer.state.gameKey")
    first.click("[data-cell=r1c2]")
    first.keyboard.press("4")                       # the first tab's game: 4 in A2
    second.click("[data-cell=r2c1]")
    second.keyboard.press("5")                      # the second's, saved later: 5 in B1
    first.click("[data-cell=r1c3]")
    first.keyboard.press("Shift+Digit7")            # the first goes on
    games = games_of(first, key)
    assert len(games) == 2, games
    mine = next(g for g in games if g[1] == "s4")
    theirs = next(g for g in games if g[9] == "s5")
    assert mine[2] == "c7" and theirs[1] != "s4" and mine[9] != "s5"
    # the start page lists both, to go on with either
    second.close()
    first.goto(site.url)
    assert wait_started(first) == "ready"
    first.wait_for_function("document.querySelectorAll('[data-testid=games] li').length === 2")
