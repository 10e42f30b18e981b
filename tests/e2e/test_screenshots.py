"""Every kind at phone (320 and 390 px wide, and 844×390 held sideways) and desktop (1280×900) size, light and dark, as opened
and after some play: the grid fits the screen (16×16 and 25×25 may scroll sideways on a phone, at
a legible cell size, from their first column), cells are square, and a screenshot of each goes
to screenshots/ (git-ignored) for a person to look at."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus import DEV, REAL
from tests.browsers.pageutil import open_text, status_fits

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
SIZES = {"phone-320": (320, 700), "phone": (390, 844), "phone-sideways": (844, 390), "desktop": (1280, 900)}


def one_per_kind():
    cases, seen = [], set()
    for entry in REAL:
        if entry["kind"] not in seen:
            seen.add(entry["kind"])
            cases.append((f"{entry['kind']}-{entry['size']}-real", entry["string"]))
    for entry in DEV:
        key = (entry["kind"], entry["size"])
        if key not in seen and entry["size"] in (4, 6, 9, 16, 25):
            seen.add(key)
            cases.append((f"{entry['kind']}-{entry['size']}", entry["strings"]["versioned"]))
    return cases


CASES = one_per_kind()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", SIZES)
def test_every_kind_fits_and_is_recorded(app_page, device, scheme):
    """Each kind as opened and after some play (candidates filled, two digits placed, a cell
    selected), light and dark."""
    width, height = SIZES[device]
    app_page.set_viewport_size({"width": width, "height": height})
    app_page.emulate_media(color_scheme=scheme)
    SHOTS.mkdir(exist_ok=True)
    try:
        for name, string in CASES:
            assert open_text(app_page, string) == "ready", name
            grid = app_page.locator("[data-testid=grid]").bounding_box()
            cell = app_page.locator("[data-cell=r1c1]").bounding_box()
            assert abs(cell["width"] - cell["height"]) < 1, name
            assert grid["x"] >= 0, name  # a grid wider than a phone scrolls from its first column
            big = "-16" in name or "-25" in name
            if not big or device == "desktop":
                assert grid["x"] + grid["width"] <= width, name
            assert cell["width"] >= 18, name  # legible even at 25×25
            if scheme == "dark":
                paper = app_page.evaluate("getComputedStyle(document.body).backgroundColor")
                assert paper != "rgb(255, 255, 255)", name
            app_page.screenshot(path=str(SHOTS / f"{device}-{scheme}-{name}.png"), full_page=True)
            app_page.click("[data-action=fill-candidates]")
            open_cells = app_page.locator("[data-cell][data-value='']")
            for k in (0, 3):
                target = open_cells.nth(k)
                marks = target.get_attribute("data-candidates")
                target.click()
                if marks:
                    app_page.keyboard.press(marks[-1])
            app_page.screenshot(path=str(SHOTS / f"{device}-{scheme}-{name}-played.png"), full_page=True)
    finally:
        app_page.emulate_media(color_scheme="light")


@pytest.mark.parametrize("device", SIZES)
def test_solved_and_checked_grids_are_recorded(app_page, device):
    """A solved killer and a 16×16, and a checked sudoku with a wrong digit and a pencil-mark set
    that misses the solution's digit, for a person to look at."""
    width, height = SIZES[device]
    app_page.set_viewport_size({"width": width, "height": height})
    SHOTS.mkdir(exist_ok=True)
    killer = next(e for e in REAL if e["kind"] == "killer")
    big = next(e for e in DEV if e["size"] == 16)
    for name, string in (("solved-killer", killer["string"]), ("solved-sudoku-16", big["strings"]["versioned"])):
        assert open_text(app_page, string) == "ready"
        app_page.click("[data-action=solve]")
        app_page.locator("[data-testid=status][data-state=solved]").wait_for()
        app_page.screenshot(path=str(SHOTS / f"{device}-{name}.png"), full_page=True)
    sudoku = next(e for e in REAL if e["name"] == "S9B easiest sudoku")
    assert open_text(app_page, sudoku["string"]) == "ready"
    open_cells = [i for i, note in enumerate(sudoku["expected"]["progress"]) if note[0] != "g"]
    wrong, marks = open_cells[0], open_cells[1]
    app_page.click(f"[data-cell=r{wrong // 9 + 1}c{wrong % 9 + 1}]")
    app_page.keyboard.press("9" if sudoku["solution"][wrong] != "9" else "8")
    app_page.click("[data-action=pencil]")
    app_page.click(f"[data-cell=r{marks // 9 + 1}c{marks % 9 + 1}]")
    app_page.keyboard.press("9" if sudoku["solution"][marks] != "9" else "8")  # marks without the solution's digit
    app_page.click("[data-action=pencil]")
    app_page.click("[data-action=check]")
    app_page.wait_for_function("document.querySelectorAll('[data-wrong=true]').length === 2")
    status = app_page.locator("[data-testid=status]").text_content()
    assert status.startswith("Checked: 2 problems") and status_fits(app_page), status
    app_page.screenshot(path=str(SHOTS / f"{device}-checked-sudoku.png"), full_page=True)


@pytest.mark.parametrize("device", SIZES)
def test_the_page_without_a_puzzle_says_what_to_do_in_full(page, site, device):
    width, height = SIZES[device]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site.url)
    status = page.locator("[data-testid=status][data-state=ready]")
    status.wait_for()
    assert status.text_content().startswith("No puzzle in the link")
    assert status_fits(page), (device, status.text_content())
