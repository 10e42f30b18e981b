"""The page's layout on laptop screens (issue 41 §2): on a window wider than tall, less the
browser's bar (1366×657, 1440×789; also 1280×800 and 1366×768), the grid, every toolbar button,
every digit-pad key and an open hint (stage 2, the strategy named) are all in sight at once, with
the page not scrolled; a phone held upright keeps its one column (grid, then the controls under
it). Screenshots go to screenshots/ for a person to look at."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus import REAL
from tests.browsers.pageutil import ask_hint, open_text

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
KILLER = next(e for e in REAL if e["name"].startswith("L9B Gentle"))["string"]
LAPTOPS = [(1366, 657), (1440, 789), (1280, 800), (1366, 768)]
# every toolbar button and pad key the page shows, with its box in the viewport
CONTROLS = """() => [...document.querySelectorAll('[data-testid=toolbar] > button, [data-testid=pad] button')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => { const r = b.getBoundingClientRect();
                return {name: b.getAttribute('aria-label') || b.textContent, x: r.x, y: r.y, right: r.right, bottom: r.bottom}; })"""


def inside(box, width, height) -> bool:
    return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5


@pytest.mark.parametrize("width,height", LAPTOPS)
def test_a_laptop_shows_grid_toolbar_pad_and_hint_without_scrolling(app_page, width, height):
    page = app_page
    page.set_viewport_size({"width": width, "height": height})
    assert open_text(page, KILLER) == "ready"
    page.click("[data-cell=r5c5]")
    ask_hint(page)
    ask_hint(page, "hint-more")
    assert page.locator("[data-testid=hint]").get_attribute("data-stage") == "2"
    page.evaluate("scrollTo(0, 0)")
    assert page.evaluate("scrollY") == 0
    grid = page.locator("[data-testid=grid]").bounding_box()
    assert inside(grid, width, height), grid
    assert grid["height"] >= height - 60, "the grid as tall as the window allows"
    controls = page.evaluate(CONTROLS)
    assert len(controls) >= 12 + 9, controls   # the toolbar's buttons and the nine digits at least
    outside = [c["name"] for c in controls if c["x"] < 0 or c["y"] < 0 or c["right"] > width + 0.5 or c["bottom"] > height + 0.5]
    assert not outside, f"out of sight at {width}x{height}: {outside}"
    # the hint beside the grid, its text and its Apply in sight
    hint = page.locator("[data-testid=hint]").bounding_box()
    assert hint["x"] >= grid["x"] + grid["width"], (hint, grid)
    for part in ("[data-testid=hint-text]", "[data-action=apply-hint]"):
        assert inside(page.locator(part).bounding_box(), width, height), part
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"laptop-{width}x{height}-killer-hint.png"))
    page.click("[data-action=hint-close]")


def test_a_phone_upright_keeps_its_one_column(app_page):
    """390×844: the grid across the width (its row letters in the gutter), the hint, toolbar and
    pad under it, as before the laptop layout."""
    page = app_page
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        assert open_text(page, KILLER) == "ready"
        ask_hint(page)
        grid, hint, toolbar, pad = (page.locator(f"[data-testid={part}]").bounding_box()
                                    for part in ("grid", "hint", "toolbar", "pad"))
        assert grid["width"] >= 390 - 40
        assert hint["y"] >= grid["y"] + grid["height"]
        assert toolbar["y"] >= hint["y"] + hint["height"] and pad["y"] >= toolbar["y"] + toolbar["height"]
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "layout-phone-390x844-killer-hint.png"), full_page=True)
        page.click("[data-action=hint-close]")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
