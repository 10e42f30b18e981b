"""Share: the dialog's links round-trip (this page at the same position; SudokuWiki's link read by
the decoder), copy (clipboard, or the text selected when there is none), the iframe snippet,
SVG/PNG export of the grid with and without pencil marks and cell colours, printing without pencil marks unless
asked, and a keyboard-usable dialog that leaves the page where it was."""
from __future__ import annotations

import html.parser
import json
import re
import subprocess
import sys
from pathlib import Path

from tests.corpus import REAL
from tests.browsers.imageutil import is_dark, png_pixels, png_size, svg_texts
from tests.browsers.pageutil import wait_started

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
L9B = next(e for e in REAL if e["name"].startswith("L9B Gentle"))["string"]
DIALOG = "[data-testid=share-dialog]"


def cells(page) -> dict[str, tuple[str, str]]:
    return page.locator("[data-cell]").evaluate_all(
        "cs => Object.fromEntries(cs.map(c => [c.dataset.cell, [c.dataset.value, c.dataset.candidates]]))")


def cli_decode(text: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "pycore", "decode", text], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=60)
    return json.loads(out.stdout)


def play_some(page) -> None:
    """A digit, and pencil marks in another cell."""
    page.locator("[data-cell=r1c2]").click()
    page.locator("[data-testid=pad] [data-digit='5']").click()
    page.locator("[data-cell=r9c9]").click()
    page.locator("[data-action=pencil]").click()
    page.keyboard.press("Delete")
    for digit in "247":
        page.locator(f"[data-testid=pad] [data-digit='{digit}']").click()
    page.locator("[data-action=pencil]").click()


def open_dialog(page):
    page.click("[data-action=share]")
    dialog = page.locator(DIALOG)
    dialog.wait_for(state="visible")
    return dialog


def test_share_links_round_trip(page, site):
    page.goto(f"{site.url}?bd={L9B}&slice=500")
    assert wait_started(page) == "ready"
    play_some(page)
    before = cells(page)
    progress = page.evaluate("puzzleViewer.state.progress")
    assert "s5" in progress and "c247" in progress
    dialog = open_dialog(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "share-dialog-1280.png"))

    here = page.locator("[data-testid=share-url]").input_value()
    assert here.startswith(site.url + "?bd=L9B") and "embed" not in here and "slice" not in here
    assert page.locator("[data-testid=share-link]").get_attribute("href") == here
    wiki = page.locator("[data-testid=sudokuwiki-url]").input_value()
    assert wiki.startswith("https://www.sudokuwiki.org/killersudoku.aspx?bd=L9B")
    assert page.locator("[data-testid=sudokuwiki-link]").get_attribute("target") == "_blank"
    decoded = cli_decode(wiki)
    assert decoded["kind"] == "killer" and decoded["progress"] == progress
    assert len(decoded["cages"]) == len(cli_decode(L9B)["cages"])

    # the older killer formats, each read back by the decoder with the same cages
    options = page.locator("[data-testid=older-format] option").evaluate_all("os => os.map(o => o.value)")
    assert set(options) == {"killer-2024", "killer-a"}
    page.locator("summary", has_text="Older").click()
    for fmt in options:
        page.select_option("[data-testid=older-format]", fmt)
        link = page.locator("[data-testid=older-url]").input_value()
        assert link.startswith("https://www.sudokuwiki.org/killersudoku.aspx?bd=")
        assert cli_decode(link)["cages"] == decoded["cages"], fmt
    assert cli_decode(page.locator("[data-testid=older-url]").input_value())["format"] == options[-1]

    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    page.goto(here)
    assert wait_started(page) == "ready"
    assert cells(page) == before


def test_sudoku_links_and_older_formats(page, site):
    page.goto(f"{site.url}?bd={S9B}")
    assert wait_started(page) == "ready"
    open_dialog(page)
    wiki = page.locator("[data-testid=sudokuwiki-url]").input_value()
    assert wiki.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=S9B")
    page.locator("summary", has_text="Older").click()
    givens = cli_decode(S9B)["givens"]
    for fmt in ("packed162", "digits"):
        page.select_option("[data-testid=older-format]", fmt)
        link = page.locator("[data-testid=older-url]").input_value()
        decoded = cli_decode(link)
        assert decoded["format"] == fmt and decoded["givens"] == givens
        assert page.locator("[data-testid=older-link]").get_attribute("href") == link


class IframeSrc(html.parser.HTMLParser):
    def handle_starttag(self, tag, attrs):
        if tag == "iframe":
            self.iframe = dict(attrs)


def test_embed_snippet_and_copy(browser, site):
    from tests.e2e.conftest import guarded_context
    context, guard = guarded_context(browser, site, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{site.url}?bd={S9B}&embed=1")
    assert wait_started(page) == "ready"
    open_dialog(page)
    here = page.locator("[data-testid=share-url]").input_value()
    assert "embed" not in here  # a link shared from an embed is a link to the full page
    snippet = page.locator("[data-testid=embed-code]").input_value()
    parser = IframeSrc()
    parser.feed(snippet)
    assert parser.iframe["src"] == here + "&embed=1"
    assert parser.iframe["title"].startswith("Sudoku")
    page.locator(".share-item", has=page.locator("[data-testid=embed-code]")).locator("[data-action=copy]").click()
    page.wait_for_function("navigator.clipboard.readText().then(t => t.startsWith('<iframe'))")
    assert page.evaluate("navigator.clipboard.readText()") == snippet
    context.close()
    guard.check()


def test_copy_without_clipboard_selects_the_text(page, site):
    page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new Error('denied'))")
    page.goto(f"{site.url}?bd={S9B}")
    assert wait_started(page) == "ready"
    open_dialog(page)
    item = page.locator(".share-item", has=page.locator("[data-testid=sudokuwiki-url]"))
    item.locator("[data-action=copy]").click()
    page.wait_for_function("document.activeElement?.dataset.testid === 'sudokuwiki-url'")
    selected = page.evaluate("(() => { const f = document.activeElement; return [f.selectionStart, f.selectionEnd, f.value.length]; })()")
    assert selected[0] == 0 and selected[1] == selected[2] > 50
    assert "Ctrl+C" in item.locator(".copy-note").text_content()


def test_dialog_keyboard_and_no_scroll(page, site):
    page.set_viewport_size({"width": 390, "height": 700})
    page.goto(f"{site.url}?bd={L9B}")
    assert wait_started(page) == "ready"
    page.locator("[data-action=share]").scroll_into_view_if_needed()
    scrolled = page.evaluate("scrollY")
    page.locator("[data-action=share]").focus()
    page.keyboard.press("Enter")
    dialog = page.locator(DIALOG)
    dialog.wait_for(state="visible")
    assert page.evaluate("document.querySelector('dialog.share-dialog').matches(':modal')")
    for _ in range(12):  # Tab stays inside the modal dialog
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('dialog.share-dialog').contains(document.activeElement)")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] <= 700
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "share-dialog-390.png"))
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    assert page.evaluate("scrollY") == scrolled
    assert page.evaluate("document.activeElement.dataset.action") == "share"


def download(page, action: str) -> bytes:
    with page.expect_download() as info:
        page.click(f"[data-action={action}]")
    return Path(info.value.path()).read_bytes()


def test_export_svg_and_png(page, site):
    page.goto(f"{site.url}?bd={L9B}")
    assert wait_started(page) == "ready"
    play_some(page)
    open_dialog(page)
    plain = download(page, "export-svg").decode("utf-8")
    assert "href" not in plain and "url(" not in plain and "<script" not in plain  # standalone
    totals = page.locator("[data-cage-total]").evaluate_all("cs => cs.map(c => c.dataset.cageLabel)")
    assert sorted(svg_texts(plain, "lines")) == sorted(totals)  # every cage total, from the line layer
    state = cells(page)
    values = sorted(value for value, _ in state.values() if value)
    assert sorted(svg_texts(plain, "digits")) == values and "5" in values  # digits, no pencil marks
    page.check("[data-testid=export-marks]")
    marked = download(page, "export-svg").decode("utf-8")
    marks = sorted(mark for _, candidates in state.values() for mark in candidates)
    assert len(marks) >= 3
    assert sorted(svg_texts(marked, "digits")) == sorted(values + marks)

    png = download(page, "export-png")
    width, height = png_size(png)
    assert width == height >= 900
    rows = png_pixels(png)
    dark = sum(is_dark(p) for row in rows for p in row)
    assert 0.02 < dark / (width * height) < 0.5  # lines and digits on white, not blank, not black
    # the grid's outer border: a dark line across most of the picture, a quarter-cell in
    margin = round(width * 0.25 / 9.5)
    border_row = max(range(margin - 6, margin + 6), key=lambda y: sum(is_dark(p) for p in rows[y]))
    assert sum(is_dark(p) for p in rows[border_row]) > 0.9 * (width - 2 * margin)


def test_colours_go_into_the_picture_and_the_print_when_asked(page, site):
    page.goto(f"{site.url}?bd={L9B}")
    assert wait_started(page) == "ready"
    open_dialog(page)
    assert page.locator("[data-testid=export-colours]").count() == 0   # nothing coloured: no choice
    page.keyboard.press("Escape")
    page.click("[data-cell=r2c3]")
    page.click("[data-testid=pad] [data-action=colour]")
    page.click("[data-testid=pad] [data-action=colour-key][data-colour='5']")
    open_dialog(page)
    plain = download(page, "export-svg").decode("utf-8")
    assert 'class="colours"' not in plain
    page.check("[data-testid=export-colours]")
    coloured = download(page, "export-svg").decode("utf-8")
    # one cell's square, at column 3 (x=2) row B (y=1), in the light palette's green
    assert re.search(r'<g class="colours"><polygon points="2,1 3,1 3,2 2,2" fill="rgba\(70, 185, 80, 0?\.42\)"/></g>',
                     coloured), coloured[:2000]
    page.keyboard.press("Escape")
    page.click("[data-testid=pad] [data-action=colour-key][data-colour='2']")   # red joins it
    open_dialog(page)
    page.check("[data-testid=export-colours]")
    two = download(page, "export-svg").decode("utf-8")
    # two halves split along the diagonal from the top right corner: red first, then green
    assert re.search(r'<g class="colours"><polygon points="2.5,1.5 3,1 3,2 2,2" fill="rgba\(232, 72, 62, 0?\.38\)"/>'
                     r'<polygon points="2.5,1.5 2,2 2,1 3,1" fill="rgba\(70, 185, 80, 0?\.42\)"/></g>', two), two[:2000]
    page.keyboard.press("Escape")
    page.click("[data-testid=pad] [data-action=colour-key][data-colour='2']")   # and leaves it
    open_dialog(page)
    page.check("[data-testid=export-colours]")
    paint = page.locator("[data-cell=r2c3]")
    page.evaluate("window.print = () => {}")
    page.click("[data-action=print]")
    page.emulate_media(media="print")
    assert paint.evaluate("c => getComputedStyle(c, '::before').display") == "block"
    page.emulate_media(media="screen")
    open_dialog(page)
    page.uncheck("[data-testid=export-colours]")
    page.click("[data-action=print]")
    page.emulate_media(media="print")
    assert paint.evaluate("c => getComputedStyle(c, '::before').display") == "none"


def test_print_hides_pencil_marks_unless_asked(page, site):
    page.goto(f"{site.url}?bd={L9B}")
    assert wait_started(page) == "ready"
    play_some(page)
    marks = page.locator("[data-cell=r9c9] .marks")
    page.emulate_media(media="print")
    assert marks.evaluate("m => getComputedStyle(m).visibility") == "hidden"
    assert page.locator("[data-testid=toolbar]").is_hidden()
    page.emulate_media(media="screen")
    open_dialog(page)
    page.check("[data-testid=export-marks]")
    page.evaluate("window.print = () => { window.__printed = true; }")  # no print dialog in a test
    page.click("[data-action=print]")
    assert page.evaluate("window.__printed")
    assert not page.locator(DIALOG).is_visible()
    page.emulate_media(media="print")
    assert marks.evaluate("m => getComputedStyle(m).visibility") == "visible"
