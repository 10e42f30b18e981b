"""The page's behaviour: loading, no puzzle, errors, pasting, playing on, sharing, embedding, offline."""
from __future__ import annotations

import re
import urllib.request

from pycore import api

from tests.corpus import DEV, REAL
from tests.browsers.pageutil import PAGE_TIMEOUT_MS, open_text, wait_started

S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
STATUS = "[data-testid=status]"


def test_loading_indicator_is_in_the_first_paint(site):
    html = urllib.request.urlopen(site.url, timeout=10).read().decode()
    status = re.search(r'<p[^>]*data-testid="status"[^>]*>([^<]*)<', html)
    assert status and 'data-state="loading"' in status.group(0) and "Loading" in status.group(1)


def test_the_busy_circle_turns_in_steps_not_smoothly(page, site):
    # WebKitGTK paints a smooth spin itself at 60 frames a second and Python, on the same thread,
    # got the rest: loadPyodide() took 6.0-8.1 s against 3.3-3.9 s with the circle still (traced
    # with marks; BENCHMARKS.md, "Page start-up in each engine").
    # Chromium composites the spin, so only the style can be checked here.
    page.goto(f"{site.url}?bd={S9B}")
    assert wait_started(page) == "ready"
    spin = """(state) => {
      const status = document.querySelector('[data-testid=status]');
      status.dataset.state = state;
      const style = getComputedStyle(status, '::before');
      return [style.animationName, style.animationTimingFunction];
    }"""
    for state in ("loading", "solving"):
        name, timing = page.evaluate(spin, state)
        assert name == "spin" and timing.startswith("steps("), (state, name, timing)


def test_page_loads_only_from_its_own_origin_and_shows_the_grid(page, site):
    page.goto(f"{site.url}?bd={S9B}")
    assert wait_started(page) == "ready"
    assert page.locator("[data-cell=r1c1]").get_attribute("data-value") == "3"
    assert page.locator("[data-cell=r1c1].given").count() == 1


def test_no_puzzle_explains_and_offers_examples(page, site):
    page.goto(site.url)
    assert wait_started(page) == "ready"
    assert page.locator("[data-testid=intro]").is_visible()
    examples = page.locator("[data-testid=intro] a[href^='?']")
    assert examples.count() >= 5
    examples.first.click()
    page.locator("[data-testid=grid]").wait_for()
    assert "?bd=S9B" in page.url
    assert not page.locator("[data-testid=intro]").is_visible()


def test_bad_string_shows_the_decoders_message(page, site):
    bad = "L9B0jdd00ep1jpt"
    page.goto(f"{site.url}?bd={bad}")
    assert wait_started(page) == "error"
    message = page.locator(STATUS).text_content()
    assert message == api.decode_view(f"bd={bad}")["error"]
    assert "Traceback" not in page.content()
    assert page.locator("[data-testid=grid]").count() == 0


def test_after_an_error_the_title_is_not_the_first_paints_guess(page, site):
    """The first paint names the puzzle from the string's header ("Killer Sudoku 9×9 - ..."); a
    string that then fails to decode leaves the page's own title, not that guess (issue #42)."""
    page.goto(f"{site.url}?bd=L9B0jdd00ep1jpt")
    assert wait_started(page) == "error"
    assert page.title() == "Puzzle link viewer"


def test_pasting_a_url_updates_the_query_and_survives_reload(page, site):
    digits = "000004026000010000010008004500000900009000400002000008900300040000020000720600000"
    page.goto(site.url)
    wait_started(page)
    assert open_text(page, f"https://www.sudokuwiki.org/SudokuX.aspx?bd={digits}") == "ready"
    assert "sudoku-x" in page.locator("[data-testid=grid]").get_attribute("class")
    assert "?bd=" in page.url
    page.reload()
    assert wait_started(page) == "ready"  # the link kept the kind (a versioned X9B string)
    assert "sudoku-x" in page.locator("[data-testid=grid]").get_attribute("class")
    page.go_back()
    assert wait_started(page) == "ready"
    assert page.locator("[data-testid=intro]").is_visible()


def test_play_undo_redo_reset_and_share(page, site):
    page.goto(f"{site.url}?bd={S9B}")
    wait_started(page)
    cell = page.locator("[data-cell=r1c2]")
    cell.click()
    page.keyboard.press("5")
    assert cell.get_attribute("data-value") == "5"
    page.click("[data-action=pencil]")
    page.locator("[data-cell=r1c3]").click()
    # the link gave all nine candidates, which read as none (no wall of 1-9 marks)
    assert page.locator("[data-cell=r1c3]").get_attribute("data-candidates") == ""
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.keyboard.press("1")
    assert page.locator("[data-cell=r1c3]").get_attribute("data-candidates") == "2"
    page.click("[data-action=undo]")
    assert page.locator("[data-cell=r1c3]").get_attribute("data-candidates") == "12"
    page.click("[data-action=redo]")
    assert page.locator("[data-cell=r1c3]").get_attribute("data-candidates") == "2"
    page.locator("[data-cell=r1c1]").click()
    page.keyboard.press("7")  # a given does not change
    assert page.locator("[data-cell=r1c1]").get_attribute("data-value") == "3"

    page.click("[data-action=share]")
    link = page.locator("[data-testid=share-link]")
    link.wait_for()
    shared = link.get_attribute("href")
    assert shared.startswith(site.url + "?bd=")
    page.keyboard.press("Escape")  # closes the share dialog
    page.click("[data-action=reset]")
    assert cell.get_attribute("data-value") == ""
    page.goto(shared)
    assert wait_started(page) == "ready"
    assert page.locator("[data-cell=r1c2]").get_attribute("data-value") == "5"
    assert page.locator("[data-cell=r1c2].solved").count() == 1
    assert page.locator("[data-cell=r1c3]").get_attribute("data-candidates") == "2"


def test_buttons_exist_only_for_capabilities(page, site):
    page.goto(f"{site.url}?bd={S9B}")
    wait_started(page)
    functions = page.evaluate("puzzleViewer.ready.then(info => info.functions)")
    actions = set(page.locator("[data-testid=toolbar] button").evaluate_all("bs => bs.map(b => b.dataset.action)"))
    assert {"undo", "redo", "reset", "share"} <= actions
    needs = {"solve": {"solve_start", "solve_step", "solve_cancel"},
             "check": {"solve_start", "solve_step", "solve_cancel", "check_view"}, "hint": {"hint_view"}}
    for action, names in needs.items():
        assert (action in actions) == (names <= set(functions)), action
    assert "cancel" not in actions  # only while a solve runs
    assert set(functions) <= {name for name in dir(api) if not name.startswith("_")}


def test_rows_are_lettered_and_columns_numbered_beside_the_grid(page, site):
    """As SudokuWiki prints them, and as the hints name cells (E5); not in an embedded puzzle."""
    page.goto(f"{site.url}?bd={S9B}")
    assert wait_started(page) == "ready"
    rows, columns = page.locator(".coords-rows span"), page.locator(".coords-columns span")
    assert rows.all_text_contents() == list("ABCDEFGHI")
    assert columns.all_text_contents() == [str(c) for c in range(1, 10)]
    assert page.locator(".coords-rows").get_attribute("aria-hidden") == "true"
    grid = page.locator("[data-testid=grid]").bounding_box()
    e, five = rows.nth(4).bounding_box(), columns.nth(4).bounding_box()
    cell = page.locator("[data-cell=r5c5]").bounding_box()
    assert e["x"] + e["width"] <= grid["x"] + 1 and abs(e["y"] + e["height"] / 2 - (cell["y"] + cell["height"] / 2)) < 2
    assert five["y"] + five["height"] <= grid["y"] + 1 and abs(five["x"] + five["width"] / 2 - (cell["x"] + cell["width"] / 2)) < 2
    assert e["x"] >= 0
    page.click("[data-cell=r5c3]")
    assert page.locator(".coords span.on").all_text_contents() == ["E", "3"]
    page.goto(f"{site.url}?bd={S9B}&embed=1")
    assert wait_started(page) == "ready"
    assert not page.locator(".coords-rows").is_visible()
    # A 16×16's digits above 9 are letters, so its rows are numbered (the hints say R2C12).
    big = next(r["strings"]["versioned"] for r in DEV if r["size"] == 16)
    page.goto(f"{site.url}?bd={big}")
    assert wait_started(page) == "ready"
    assert rows.all_text_contents() == [str(r) for r in range(1, 17)]
    page.click("[data-cell=r2c12]")
    assert page.locator(".coords span.on").all_text_contents() == ["2", "12"]
    assert page.locator("[data-cell=r2c12]").get_attribute("aria-label").startswith("row 2 column 12, ")
    second, grid = rows.nth(1).bounding_box(), page.locator("[data-testid=grid]").bounding_box()
    assert second["x"] >= 0 and second["x"] + second["width"] <= grid["x"] + 1
    assert rows.nth(15).evaluate("el => el.scrollWidth <= el.clientWidth")   # "16" fits the gutter


def test_embed_shows_only_grid_and_toolbar(page, site):
    page.set_viewport_size({"width": 480, "height": 540})
    page.goto(f"{site.url}?bd={S9B}&embed=1")
    assert wait_started(page) == "ready"
    for hidden in ("header", "[data-testid=open-form]", "[data-testid=intro]", "footer"):
        assert not page.locator(hidden).is_visible(), hidden
    assert page.locator("[data-testid=grid]").is_visible()
    assert page.locator("[data-action=share]").is_visible()
    box = page.locator("[data-testid=grid]").bounding_box()
    assert box["width"] <= 480 and box["y"] + box["height"] <= 540


def test_works_offline_after_a_first_visit(browser, site, tmp_path):
    """A second server for this test alone: stopping it is what 'offline' means here."""
    from tests.e2e.conftest import guarded_context, mount, serve_directory

    root = tmp_path / "www"
    mount(site.dist, root)
    server, origin = serve_directory(root)
    context, guard = guarded_context(browser, type(site)(root, site.dist, origin, server), service_workers="allow")
    try:
        page = context.new_page()
        page.goto(f"{origin}/sub/viewer/?bd={S9B}")
        assert wait_started(page) == "ready"
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=PAGE_TIMEOUT_MS)
        server.shutdown()
        server.server_close()
        page.goto(f"{origin}/sub/viewer/?bd={REAL[0]['string']}")
        assert wait_started(page) == "ready"
        assert page.locator("[data-testid=grid] [data-cage]").count() == 81
    finally:
        context.close()
    guard.check()


def test_a_python_failure_at_start_is_shown_not_an_endless_loading(browser, site, tmp_path):
    """PyScript can fail without a word: a main.py that raises must end in `error` with its message."""
    import shutil

    from tests.e2e.conftest import guarded_context, mount, serve_directory

    broken = tmp_path / "dist"
    shutil.copytree(site.dist, broken, symlinks=True)
    (broken / "main.py").write_text('raise RuntimeError("the bridge is broken")\n', encoding="utf-8")
    root = tmp_path / "www"
    mount(broken, root)
    server, origin = serve_directory(root)
    context, guard = guarded_context(browser, type(site)(root, broken, origin, server))
    try:
        page = context.new_page()
        page.goto(f"{origin}/sub/viewer/?bd={S9B}")
        assert wait_started(page) == "error"
        message = page.locator(STATUS).text_content()
        assert message.startswith("The Python runtime failed to start") and "the bridge is broken" in message
        assert page.locator("[data-testid=grid]").count() == 0
    finally:
        context.close()
        server.shutdown()
    assert not guard.outside and not guard.failed  # page errors are this test's point
