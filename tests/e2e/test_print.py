"""Print and picture from a dark theme (issue 41 §4): an exported SVG or PNG, and the printed page,
are in the paper palette whatever the screen's theme: cage outlines, box lines and totals dark on
white, never the dark theme's pale grey (rgb(201, 205, 211)) on white. Printing leaves out the clock
and the cage's combinations line. The PNG and the print-media screenshot go to screenshots/."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.corpus import REAL
from tests.browsers.imageutil import is_dark, png_pixels, png_size
from tests.browsers.pageutil import wait_started

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
L9B = next(e for e in REAL if e["name"].startswith("L9B Gentle"))["string"]
SVG = "{http://www.w3.org/2000/svg}"


def rgb(colour: str) -> tuple[int, int, int]:
    """An SVG colour as the browser or style.css writes it: rgb(r, g, b), #rrggbb or #rgb."""
    if colour.startswith("#"):
        digits = colour[1:] if len(colour) == 7 else "".join(ch * 2 for ch in colour[1:4])
        return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))
    numbers = re.findall(r"[\d.]+", colour)
    return tuple(round(float(v)) for v in numbers[:3])


def lightness(colour: tuple[int, int, int]) -> float:
    return sum(colour) / (3 * 255)


@pytest.fixture
def dark_killer(page, site):
    """The killer opened in a dark-themed page, a cell selected (its combinations shown), a digit
    placed (the clock running)."""
    page.emulate_media(color_scheme="dark")
    page.goto(f"{site.url}?bd={L9B}")
    assert wait_started(page) == "ready"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
    page.click("[data-cell=r1c2]")
    page.click("[data-testid=pad] [data-digit='5']")
    yield page
    page.emulate_media(media="screen", color_scheme="light")


def download(page, action: str) -> bytes:
    page.click("[data-action=share]")
    page.locator("[data-testid=share-dialog]").wait_for(state="visible")
    with page.expect_download() as info:
        page.click(f"[data-action={action}]")
    page.keyboard.press("Escape")
    return Path(info.value.path()).read_bytes()


def test_svg_exported_from_dark_mode_is_dark_ink_on_paper(dark_killer):
    page = dark_killer
    root = ET.fromstring(download(page, "export-svg"))
    paper = root.find(SVG + "rect")
    assert rgb(paper.get("fill")) == (255, 255, 255)
    lines = next(g for g in root.findall(SVG + "g") if g.get("class") == "lines")
    strokes = [rgb(node.get("stroke")) for node in lines.iter() if node.get("stroke") not in (None, "none")]
    cages = [rgb(node.get("stroke")) for node in lines.iter()
             if node.get("stroke-dasharray") and node.get("stroke") not in (None, "none")]
    assert cages, "the cage outlines are in the picture"
    assert all(lightness(c) < 0.4 for c in cages), cages          # dark dashes: #333, not #c9cdd3
    assert all(lightness(c) < 0.7 for c in strokes), set(strokes)  # every line shows on white
    totals = [rgb(node.get("fill")) for node in lines.iter(SVG + "text")]
    assert totals and all(lightness(c) < 0.3 for c in totals), set(totals)
    digits = next(g for g in root.findall(SVG + "g") if g.get("class") == "digits")
    assert all(lightness(rgb(t.get("fill"))) < 0.6 for t in digits.iter(SVG + "text"))
    # the page itself is still dark afterwards
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"


def test_png_exported_from_dark_mode_is_on_white(dark_killer):
    png = download(dark_killer, "export-png")
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "export-dark-mode-killer.png").write_bytes(png)
    width, height = png_size(png)
    rows = png_pixels(png)
    assert rows[2][2][:3] == (255, 255, 255)   # paper at the corner
    dark = sum(is_dark(p) for row in rows for p in row)
    assert 0.02 < dark / (width * height) < 0.5
    # inside a cell (row A, column 2's cage dash runs near its edges): some dark dash pixels
    cell = width / 9.5
    top = round(cell * 0.25)
    band = [rows[y][x] for y in range(top + round(cell * 0.05), top + round(cell * 0.2)) for x in range(width)]
    assert sum(is_dark(p) for p in band) > 0.05 * len(band), "dashed cage lines dark on white"


def test_print_from_dark_mode_is_paper_without_clock_or_combinations(dark_killer):
    page = dark_killer
    clock, combos = page.locator(".clock"), page.locator("[data-testid=cage-help]")
    assert clock.is_visible() and combos.is_visible()
    page.emulate_media(media="print", color_scheme="dark")
    assert clock.is_hidden() and combos.is_hidden()
    assert page.locator("[data-testid=status]").is_hidden()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    cage = page.locator("svg.lines .cage").first
    assert lightness(rgb(cage.evaluate("c => getComputedStyle(c).stroke"))) < 0.4
    for cell in ("r1c2", "r1c1", "r2c2"):   # selected, its cage and row, its column: no play shading
        background = page.locator(f"[data-cell={cell}]").evaluate("c => getComputedStyle(c).backgroundColor")
        assert background == "rgba(0, 0, 0, 0)", (cell, background)
    given = page.locator("[data-cell] .value").first
    assert lightness(rgb(given.evaluate("v => getComputedStyle(v).color"))) < 0.6
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "print-dark-mode-killer.png"), full_page=True)
