"""Reading and accessibility: the grid as rows of cells a screen reader can walk and name
("row C column 4, 7", candidates, the cage), aria-invalid after Check, every button named, the
puzzle in the tab title, a status line that never moves the grid, messages for people, dark
mode, cage totals clear of the pencil marks and KenKen cages as bold walls."""
from __future__ import annotations

from pycore import api

from tests.corpus import REAL
from tests.browsers.pageutil import wait_started

S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")
KILLER = next(e for e in REAL if e["name"].startswith("L9B"))
KENKEN = next(e for e in REAL if e["kind"] == "kenken")
STATUS = "[data-testid=status]"


def open_page(page, site, text: str) -> None:
    page.goto(f"{site.url}?bd={text}")
    assert wait_started(page) == "ready"


def label(page, cell: str) -> str:
    return page.locator(f"[data-cell={cell}]").get_attribute("aria-label")


def test_grid_rows_and_cells_are_announced(page, site):
    open_page(page, site, S9B["string"])
    grid = page.locator("[data-testid=grid]")
    assert grid.get_attribute("role") == "grid"
    assert "Sudoku 9\u00d79" in grid.get_attribute("aria-label")
    shape = grid.evaluate("""g => [...g.querySelectorAll(':scope > [role=row]')]
        .map(r => r.querySelectorAll(':scope > [role=gridcell][data-cell]').length)""")
    assert shape == [9] * 9
    assert label(page, "r1c1") == "row A column 1, 3, given"
    assert label(page, "r1c2") == "row A column 2, empty"
    page.click("[data-cell=r1c2]")
    page.keyboard.press("5")
    assert label(page, "r1c2") == "row A column 2, 5"
    page.click("[data-cell=r1c3]")
    for key in ("Shift+Digit1", "Shift+Digit2", "Shift+Digit5"):
        page.keyboard.press(key)
    assert label(page, "r1c3") == "row A column 3, candidates 1 2 5"
    assert page.locator("[data-cell=r1c3]").get_attribute("aria-selected") == "true"


def test_cages_are_announced_with_their_clue(page, site):
    view = api.decode_view(KILLER["string"])
    open_page(page, site, KILLER["string"])
    for cage in view["cages"][:5]:
        k = len(cage["cells"])
        for i in cage["cells"]:
            name = f"r{i // 9 + 1}c{i % 9 + 1}"
            assert f"cage {cage['total']}, {k} cell{'s' if k > 1 else ''}" in label(page, name), name
    kenken = api.decode_view(KENKEN["string"])
    open_page(page, site, KENKEN["string"])
    words = {"+": "add", "-": "subtract", "x": "multiply", "/": "divide"}
    cage = next(c for c in kenken["cages"] if c["op"] == "x" and len(c["cells"]) > 1)
    first = cage["cells"][0]
    assert f"cage {cage['total']}, {words['x']}, {len(cage['cells'])} cells" in label(page, f"r{first // 6 + 1}c{first % 6 + 1}")


def test_check_sets_aria_invalid(page, site):
    open_page(page, site, S9B["string"])
    wrong = next(d for d in "123456789" if d != S9B["solution"][1])
    page.click("[data-cell=r1c2]")
    page.keyboard.press(wrong)
    assert page.locator("[aria-invalid=true]").count() == 0
    page.click("[data-action=check]")
    page.wait_for_function("document.querySelectorAll('[aria-invalid=true]').length > 0")
    assert page.locator("[aria-invalid=true]").evaluate_all("cs => cs.map(c => c.dataset.cell)") == ["r1c2"]
    page.keyboard.press(S9B["solution"][1])
    assert page.locator("[aria-invalid=true]").count() == 0


UNNAMED_BUTTONS = """bs => bs
    .filter(b => b.offsetParent !== null)
    .filter(b => !(b.getAttribute('aria-label') || b.textContent.trim()).length)
    .map(b => b.outerHTML)"""


def test_every_button_has_a_name(page, site):
    open_page(page, site, KILLER["string"])
    assert page.locator("button").evaluate_all(UNNAMED_BUTTONS) == []
    erase = page.locator("[data-action=erase]")
    assert erase.get_attribute("aria-label") == "Clear the cell"
    mode = page.locator("[data-action=colour]")
    assert mode.get_attribute("aria-label") == "Colour mode" and mode.get_attribute("aria-pressed") == "false"
    mode.click()                        # the colours' keys are named too (the swatch's words hidden)
    assert page.locator("button").evaluate_all(UNNAMED_BUTTONS) == []
    assert page.locator("[data-action=colour-key]").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))") == [
        "Grey (1)", "Red (2)", "Orange (3)", "Yellow (4)", "Green (5)", "Teal (6)", "Blue (7)", "Purple (8)", "Pink (9)"]
    assert erase.get_attribute("aria-label") == "Clear the colour"
    assert page.locator("[data-action=colour]").get_attribute("aria-pressed") == "true"


def test_tab_title_names_the_puzzle(page, site):
    open_page(page, site, KILLER["string"])
    assert page.title() == "Killer Sudoku 9\u00d79 \u2014 Puzzle link viewer"


def test_status_has_a_fixed_height_and_keeps_the_figures_in_its_title(page, site):
    page.set_viewport_size({"width": 320, "height": 700})
    open_page(page, site, KILLER["string"])
    top = page.locator("[data-testid=grid]").bounding_box()["y"]
    status = page.locator(STATUS)
    assert "L9B" not in status.text_content() and "L9B" in status.get_attribute("title")
    page.evaluate("""() => {
      const s = document.querySelector('[data-testid=status]');
      s.textContent = 'A very long message '.repeat(12);
    }""")
    assert page.locator("[data-testid=grid]").bounding_box()["y"] == top
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("[data-action=solve]")
    page.locator(f"{STATUS}[data-state=solved]").wait_for()
    assert "search node" not in status.text_content()
    assert "search node" in status.get_attribute("title")


def test_decoder_messages_come_with_a_sentence_for_people(page, site):
    bad = "h9B0000000000"
    open_page_error = f"{site.url}?bd={bad}"
    page.goto(open_page_error)
    assert wait_started(page) == "error"
    message = api.decode_view(f"bd={bad}")["error"]
    assert page.locator(STATUS).text_content() == message  # the decoder's exact words stay
    help_text = page.locator("[data-testid=status-help]").text_content()
    assert help_text == api.error_help(message) and "puzzle type letter" in help_text
    assert page.locator("[data-testid=status-help]").is_visible()


def test_dark_mode_follows_the_system(browser, site):
    from tests.e2e.conftest import guarded_context
    context, guard = guarded_context(browser, site, color_scheme="dark")
    try:
        page = context.new_page()
        open_page(page, site, KILLER["string"])
        paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
        ink = page.locator(".cage-total").first.evaluate("el => getComputedStyle(el).fill")
        assert paper != "rgb(255, 255, 255)" and ink != "rgb(17, 17, 17)"
    finally:
        context.close()
    guard.check()


def test_cage_totals_leave_the_pencil_marks_clear(page, site):
    open_page(page, site, KILLER["string"])
    assert page.locator("svg.lines .label-bg").count() == 0  # no patch that stays white
    page.click("[data-action=fill-candidates]")
    totals = page.locator("svg .cage-total").evaluate_all(
        "ts => ts.map(t => { const b = t.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
    marks = page.locator(".cell .marks > span").evaluate_all(
        "ms => ms.map(m => { const b = m.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
    assert len(totals) > 20 and len(marks) > 100

    def overlaps(a, b):
        return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5
    # each mark is a grid slot; its glyph is narrower, so compare the total with the glyph's box
    covered = [(t, m) for t in totals for m in marks if overlaps(t, m)]
    assert covered == []


def test_kenken_cages_are_bold_walls(page, site):
    open_page(page, site, KENKEN["string"])
    assert page.locator("svg.lines path.cage").count() == 0  # no killer-style dashes
    walls = page.locator("svg.lines path.walls")
    assert walls.count() == 1
    width = walls.evaluate("el => parseFloat(getComputedStyle(el).strokeWidth)")
    thin = page.locator("svg.lines path.thin").evaluate("el => parseFloat(getComputedStyle(el).strokeWidth)")
    assert width >= 2.5 * thin
    labels = page.locator("svg .cage-total").all_text_contents()
    assert any(lbl.endswith("\u00d7") for lbl in labels) and all(" " not in lbl for lbl in labels)


def test_the_selected_cells_cage_combinations_describe_it(page, site):
    open_page(page, site, KILLER["string"])
    page.click("[data-cell=r1c1]")
    described = page.locator("[aria-describedby=cage-help]")
    assert described.count() == 1 and described.get_attribute("data-cell") == "r1c1"
    assert " cells: " in page.locator("#cage-help").text_content()
    page.click("[data-cell=r9c9]")
    assert page.locator("[aria-describedby=cage-help]").get_attribute("data-cell") == "r9c9"
    news = page.locator("[data-testid=cage-news]")
    assert news.get_attribute("aria-live") == "polite" and news.text_content() == ""
    page.keyboard.press(KILLER["solution"][80])   # a digit placed where the selection stays
    line = page.locator("#cage-help").text_content()
    assert news.text_content() == line and " left in " in line   # the changed line is said
    page.click("[data-cell=r1c1]")                # moving on: the description, not the news
    assert news.text_content() == line
    open_page(page, site, S9B["string"])   # no cages: no line, no description
    page.click("[data-cell=r1c2]")
    assert page.locator("[aria-describedby]").count() == 0


def test_the_keys_are_listed_under_the_page_and_open_by_keyboard(page, site):
    open_page(page, site, S9B["string"])
    keys = page.locator("[data-testid=keys]")
    assert not keys.evaluate("d => d.open")
    keys.locator("summary").focus()
    page.keyboard.press("Enter")
    assert keys.evaluate("d => d.open")
    listed = keys.locator("dt").all_text_contents()
    for key in ("Shift+digit", "Space", "Backspace", "Arrows", "Ctrl+Z", "Escape"):
        assert any(key in dt for dt in listed) or key == "Escape" and "Escape" in keys.text_content(), key
    page.goto(f"{site.url}?bd={S9B['string']}&embed=1")
    assert wait_started(page) == "ready"
    assert not keys.is_visible()   # an embed has no footer
