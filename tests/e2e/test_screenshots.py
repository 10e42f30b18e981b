"""Every kind at phone (390×844) and desktop (1280×900) size: the grid fits the screen (a 25×25
grid may scroll sideways on a phone, at a legible cell size), cells are square, and a screenshot
of each goes to screenshots/ (git-ignored) for a person to look at."""
from __future__ import annotations

from pathlib import Path

import pytest

from corpus import DEV, REAL
from pageutil import open_text

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


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


@pytest.mark.parametrize("device", SIZES)
def test_every_kind_fits_and_is_recorded(app_page, device):
    width, height = SIZES[device]
    app_page.set_viewport_size({"width": width, "height": height})
    SHOTS.mkdir(exist_ok=True)
    for name, string in CASES:
        assert open_text(app_page, string) == "ready", name
        grid = app_page.locator("[data-testid=grid]").bounding_box()
        cell = app_page.locator("[data-cell=r1c1]").bounding_box()
        assert abs(cell["width"] - cell["height"]) < 1, name
        if "-25" not in name or device == "desktop":
            assert grid["x"] >= 0 and grid["x"] + grid["width"] <= width, name
        assert cell["width"] >= 18, name  # legible even at 25×25
        app_page.screenshot(path=str(SHOTS / f"{device}-{name}.png"), full_page=True)


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
    app_page.keyboard.press(sudoku["solution"][marks])  # toggles the solution's digit off
    app_page.click("[data-action=pencil]")
    app_page.click("[data-action=check]")
    app_page.wait_for_function("document.querySelectorAll('[data-wrong=true]').length === 2")
    app_page.screenshot(path=str(SHOTS / f"{device}-checked-sudoku.png"), full_page=True)
