"""Issue 44: the Strategies list in the page's settings. The reader unticks strategies, as on
SudokuWiki's solver and in HoDoKu: Hint then leaves them out (the step is the command line's
`explain --off`), the choice is remembered across a reload, "All on" switches every one back on,
the singles cannot be switched off, and where only a switched-off strategy would find the next
step the hint says so. Screenshots of the list on a phone (light) and a laptop (dark) go to
screenshots/hints44/."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browsers.pageutil import ask_hint, open_text, wait_started
from tests.e2e.test_hint import expected_path
from tests.e2e.test_hint_sets import ALS_XZ

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "hints44"
LIST = "details[data-testid=strategies]"


def open_strategies(page) -> None:
    """Opens Settings and the Strategies list in it, and waits for its checkboxes."""
    page.evaluate("""() => { document.querySelector('details[data-testid=settings]').open = true;
                             document.querySelector('details[data-testid=strategies]').open = true; }""")
    page.locator(f"{LIST} input[data-strategy]").first.wait_for(timeout=60_000)


def box(page, slug: str):
    return page.locator(f"{LIST} input[data-strategy={slug}]")


def first_step(string: str, *off: str) -> dict:
    options = ["--off", ",".join(off)] if off else []
    return expected_path(string, "--max-steps", "1", *options)["steps"][0]


def test_a_strategy_switched_off_is_left_out_remembered_and_switched_back_on(app_page):
    page = app_page
    assert first_step(ALS_XZ)["strategy"] == "als-xz"
    without = first_step(ALS_XZ, "als-xz")
    assert without["strategy"] != "als-xz"
    open_strategies(page)
    families = page.locator(f"{LIST} fieldset legend").all_inner_texts()
    assert families[0] == "Singles" and "Almost locked sets" in families and "Fish" in families
    # the singles stay on: the other steps reason from the digits they place
    assert box(page, "naked-single").is_checked() and box(page, "naked-single").is_disabled()
    box(page, "als-xz").uncheck()
    assert page.locator(f"{LIST} summary").inner_text() == "Strategies (1 off)"
    assert open_text(page, ALS_XZ) == "ready"
    for _ in range(3):
        ask_hint(page)
    assert page.locator("[data-testid=hint-text]").inner_text() == without["text"]

    page.reload()
    assert wait_started(page) == "ready"
    open_strategies(page)
    assert not box(page, "als-xz").is_checked() and box(page, "aic").is_checked()
    page.click("[data-testid=strategies-all-on]")
    assert box(page, "als-xz").is_checked()
    assert page.locator(f"{LIST} summary").inner_text() == "Strategies"
    assert open_text(page, ALS_XZ) == "ready"
    for _ in range(3):
        ask_hint(page)
    assert page.locator("[data-testid=hint-text]").inner_text() == first_step(ALS_XZ)["text"]


def test_with_every_strategy_but_the_singles_off_the_hint_says_so(app_page):
    page = app_page
    open_strategies(page)
    page.evaluate("""() => { for (const b of document.querySelectorAll(
        'details[data-testid=strategies] input[data-strategy]:not(:disabled)')) b.click(); }""")
    assert open_text(page, ALS_XZ) == "ready"
    ask_hint(page)
    said = page.locator("[data-testid=hint-text]").inner_text()
    assert said.startswith("No step with the strategies switched on"), said
    page.click("[data-testid=strategies-all-on]")


@pytest.mark.parametrize("device,width,height,scheme", [("phone", 390, 844, "light"),
                                                        ("laptop", 1366, 657, "dark")])
def test_the_strategies_list_fits_a_phone_and_a_laptop(app_page, device, width, height, scheme):
    page = app_page
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=scheme)
    try:
        open_strategies(page)
        box(page, "franken-fish").uncheck()
        listed = page.locator(LIST)
        # nothing sticks out sideways: the page never scrolls across
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        labels = page.locator(f"{LIST} fieldset label").evaluate_all(
            "ls => ls.map(l => l.getBoundingClientRect()).map(r => [r.left, r.right])")
        assert all(0 <= left and right <= width for left, right in labels)
        SHOTS.mkdir(parents=True, exist_ok=True)
        listed.scroll_into_view_if_needed()
        listed.screenshot(path=str(SHOTS / f"strategies-{device}-{scheme}.png"))
    finally:
        page.click("[data-testid=strategies-all-on]")
        page.emulate_media(color_scheme="light")
        page.set_viewport_size({"width": 1280, "height": 900})
