"""Start-up: the first paint on a slow line (grid outline, name, bytes received) and, on later
visits, the start from a memory snapshot of the Python runtime (web/pyodide-start.mjs)."""
from __future__ import annotations

import re

import pytest

from conftest import Guard
from corpus import REAL
from pageutil import PAGE_TIMEOUT_MS, wait_started

KILLER = next(e for e in REAL if e["string"].startswith("L9B"))["string"]
SLOW_LINE = {"offline": False, "latency": 150, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8}


def emulate_slow_line(context, page) -> None:
    """Chromium's network emulation (DevTools protocol): 10 Mbit/s down, 150 ms latency."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINE)


def watched_context(browser, site, **options):
    """Like conftest's guarded context, but requests leaving 127.0.0.1 are recorded from the
    request event instead of a route: routing every request through Playwright adds a round trip
    per request that the timing here would measure. (Chromium's dead proxy still stops them.)"""
    context = browser.new_context(service_workers="block", **options)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    guard = Guard(site.origin)
    context.on("page", guard.watch)
    context.on("request", lambda r: r.url.startswith((site.origin + "/", "data:", "blob:")) or guard.outside.append(r.url))
    return context, guard


def test_slow_line_first_visit_shows_outline_name_and_bytes_at_once(browser, site):
    if browser.browser_type.name != "chromium":
        pytest.skip("network emulation is Chromium's")
    context, guard = watched_context(browser, site, viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        emulate_slow_line(context, page)
        page.goto(f"{site.url}?bd={KILLER}", wait_until="commit")
        page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
        # the outline was drawn, and the page first painted, within 300 ms of the HTML's arrival
        html_end, outline, painted = page.evaluate("""[
            performance.getEntriesByType('navigation')[0].responseEnd,
            performance.getEntriesByName('grid-outline')[0].startTime,
            performance.getEntriesByName('first-contentful-paint')[0].startTime]""")
        assert outline - html_end <= 300, (html_end, outline)
        assert painted - html_end <= 300, (html_end, painted)
        outline_box = page.locator("[data-testid=grid-outline]").bounding_box()
        assert outline_box["width"] > 300 and abs(outline_box["width"] - outline_box["height"]) < 2
        assert page.locator("[data-testid=boot] strong").text_content() == "Killer Sudoku 9\u00d79"
        assert page.title().startswith("Killer Sudoku 9\u00d79")
        assert page.locator("[data-testid=status]").get_attribute("data-state") == "loading"
        # bytes arrive and are counted while the status stays `loading`
        total = float(page.locator("[data-testid=load-progress]").get_attribute("max"))
        assert total > 10e6
        page.wait_for_function("document.querySelector('[data-testid=load-progress]')?.value > 2e6")
        assert page.locator("[data-testid=status]").get_attribute("data-state") == "loading"
        assert re.fullmatch(r"\d+\.\d of \d+\.\d MB", page.locator(".boot-bytes").text_content())
        # then the real grid takes the outline's place
        assert wait_started(page) == "ready"
        assert page.locator("[data-testid=grid] [data-cage]").count() == 81
        assert page.locator("[data-testid=boot]").count() == 0
    finally:
        context.close()
    guard.check()


@pytest.mark.parametrize("query", ["", "?bd=not-a-puzzle"])
def test_no_outline_is_left_behind_without_a_puzzle_or_on_an_error(page, site, query):
    page.goto(f"{site.url}{query}")
    state = wait_started(page)
    assert state == ("ready" if not query else "error")
    assert page.locator("[data-testid=boot]").count() == 0
    assert page.locator("[data-testid=grid-outline]").count() == 0
