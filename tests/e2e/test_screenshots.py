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
