"""Playing on in the page: conflicts marked as they happen, a correct completion celebrated and
announced, the selected cell's houses and same digits shaded, automatic candidates and the
pencil-mark actions, keyboard-only play, and the position kept in the address."""
from __future__ import annotations

from contextlib import contextmanager
from urllib.parse import parse_qs, urlparse

import pytest

from pycore import api
from pycore.codec import decode, encode
from pycore.model import Position

from tests.corpus import REAL
from tests.browsers.pageutil import wait_started


@contextmanager
def touch_screen(browser, site, width: int = 390, height: int = 844, **options):
    """A page in a fresh context with a touch screen of `width`×`height` (a phone's, unless
    told), its guard checked once the test is done with it."""
    from tests.e2e.conftest import guarded_context
    context, guard = guarded_context(browser, site, viewport={"width": width, "height": height},
                                     has_touch=True, **options)
    yield context.new_page()
    context.close()
    guard.check()


S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")
KILLER = next(e for e in REAL if e["name"].startswith("L9B"))
KENKEN = next(e for e in REAL if e["kind"] == "kenken")
STATUS = "[data-testid=status]"
S9B_GIVENS = decode(S9B["string"])[0].givens


def cell(r: int, c: int) -> str:
    return f"[data-cell=r{r}c{c}]"


def name(i: int, n: int = 9) -> str:
    return cell(i // n + 1, i % n + 1)


def open_page(page, site, text: str, extra: str = "") -> None:
    page.goto(f"{site.url}?bd={text}{extra}")
    assert wait_started(page) == "ready"


def conflicts(page) -> list[str]:
    return page.locator("[data-conflict=true]").evaluate_all("cs => cs.map(c => c.dataset.cell).sort()")


def all_but_one(entry) -> tuple[str, int]:
    """The puzzle with every open cell solved but one: (versioned string, the open cell)."""
    puzzle, _ = decode(entry["string"])
    digits = [int(d, 36) for d in entry["solution"]]
    open_cells = [i for i, g in enumerate(puzzle.givens) if not g]
    last = open_cells[-1]
    solved = tuple(0 if g or i == last else digits[i] for i, g in enumerate(puzzle.givens))
    return encode(puzzle, Position(solved, (0,) * puzzle.cell_count), "versioned"), last


def test_conflicts_are_marked_as_they_happen(page, site):
    open_page(page, site, S9B["string"])
    assert conflicts(page) == []
    page.click(cell(1, 2))
    page.keyboard.press("3")  # r1c1 holds a given 3
    assert conflicts(page) == ["r1c1", "r1c2"]
    status = page.locator(STATUS)
    assert status.text_content().startswith("Two 3s in row A")
    color = page.locator(f"{cell(1, 2)} .value").evaluate("el => getComputedStyle(el).color")
    assert color == "rgb(192, 34, 27)"
    page.keyboard.press("Backspace")
    assert conflicts(page) == []
    assert status.text_content() == "Sudoku 9\u00d79"


def test_a_cage_that_cannot_make_its_total_is_marked(page, site):
    view = api.decode_view(KILLER["string"])
    cage = next(c for c in view["cages"] if len(c["cells"]) == 2 and c["total"] < 10
                and all(view["progress"][i][0] != "s" for i in c["cells"]))
    first, second = cage["cells"]
    open_page(page, site, KILLER["string"])
    page.click(name(first))
    page.keyboard.press("9")  # nothing from 1 to 9 brings the pair back under 10
    assert name(first)[11:-1] in conflicts(page)
    assert "can no longer make" in page.locator(STATUS).text_content()
    page.keyboard.press(KILLER["solution"][first])  # the solution's digit: the cage can be made
    assert conflicts(page) == []


def test_a_correct_completion_is_celebrated_and_announced(page, site):
    text, last = all_but_one(S9B)
    open_page(page, site, text)
    status = page.locator(STATUS)
    assert status.get_attribute("aria-live") == "polite"
    right = S9B["solution"][last]
    wrong = next(d for d in "123456789" if d != right)
    page.click(name(last))
    page.keyboard.press(wrong)  # a full grid with a mistake is not solved
    assert status.get_attribute("data-state") == "ready"
    assert conflicts(page)
    page.keyboard.press(right)
    assert status.get_attribute("data-state") == "solved"
    assert "Solved" in status.text_content()
    assert page.locator(".board.celebrate").count() == 1
    assert page.locator(".board-wrap.complete").count() == 1
    page.click("[data-action=undo]")
    assert status.get_attribute("data-state") == "ready"


def test_a_house_or_cage_just_finished_glows_a_moment(page, site):
    """Row A's last digit: row A's cells glow (and those of the box or cage it finished too),
    not the rest; a wrong last digit (a clash) finishes nothing."""
    puzzle, _ = decode(KILLER["string"])
    digits = [int(d, 36) for d in KILLER["solution"]]
    last = max(i for i in range(9) if not puzzle.givens[i])
    row = tuple(0 if g or i == last or i >= 9 else digits[i] for i, g in enumerate(puzzle.givens))
    open_page(page, site, encode(puzzle, Position(row, (0,) * 81), "versioned"))
    page.evaluate("""() => { window.glowed = new Set();
        new MutationObserver((changes) => changes.forEach((c) => c.target.classList.contains('finished')
            && window.glowed.add(c.target.dataset.cell))).observe(
            document.querySelector('[data-testid=grid]'), { subtree: true, attributeFilter: ['class'] }); }""")
    right = KILLER["solution"][last]
    page.click(name(last))
    wrong = next(d for d in "123456789" if d != right)   # held in the row already: a clash
    page.keyboard.press(wrong)
    page.keyboard.press(right)
    page.wait_for_function("document.querySelectorAll('.cell.finished').length === 0")
    glowed = set(page.evaluate("[...window.glowed]"))
    finished = api.play_view(KILLER["string"], [f"s{d}" if d else "." for d in row[:last] + (digits[last],) + row[last + 1:]])["finished"]
    expected = {name(i)[len("[data-cell="):-1] for group in finished for i in group}
    assert {f"r1c{c}" for c in range(1, 10)} <= glowed and glowed == expected
    assert len(glowed) < 81


def test_houses_and_same_digits_are_shaded(page, site):
    open_page(page, site, S9B["string"])
    page.click(cell(5, 5))  # a given 7 in the middle box
    houses = set(page.locator(".cell.house").evaluate_all("cs => cs.map(c => c.dataset.cell)"))
    expected = {f"r5c{c}" for c in range(1, 10)} | {f"r{r}c5" for r in range(1, 10)}
    expected |= {f"r{r}c{c}" for r in (4, 5, 6) for c in (4, 5, 6)}
    assert houses == expected - {"r5c5"}
    givens = S9B["expected"]["progress"]
    sevens = {name(i)[11:-1] for i, note in enumerate(givens) if note == "g7"} - {"r5c5"}
    same = set(page.locator(".cell.same-digit").evaluate_all("cs => cs.map(c => c.dataset.cell)"))
    assert same == sevens and len(sevens) >= 3
    house_bg = page.locator(cell(5, 1)).evaluate("el => getComputedStyle(el).backgroundColor")
    far_bg = page.locator(cell(1, 2)).evaluate("el => getComputedStyle(el).backgroundColor")
    assert house_bg != far_bg

    view = api.decode_view(KILLER["string"])
    cage = next(c for c in view["cages"] if len(c["cells"]) >= 3)
    open_page(page, site, KILLER["string"])
    page.click(name(cage["cells"][0]))
    houses = set(page.locator(".cell.house").evaluate_all("cs => cs.map(c => c.dataset.cell)"))
    assert {name(i)[11:-1] for i in cage["cells"][1:]} <= houses


def test_a_digit_with_no_cell_selected_shows_where_it_is(page, site):
    open_page(page, site, S9B["string"])
    givens = S9B_GIVENS
    sevens = sorted(name(i)[11:-1] for i, g in enumerate(givens) if g == 7)
    page.click(cell(1, 2))
    page.keyboard.press("Shift+Digit7")                 # a pencil mark 7 in A2
    page.keyboard.press("Escape")                       # no cell selected now
    assert selected(page) == []
    key = page.locator("[data-testid=pad] [data-digit='7']")
    key.click()
    shown = page.locator(".cell.same-digit").evaluate_all("cs => cs.map(c => c.dataset.cell).sort()")
    assert shown == sevens and len(sevens) >= 2
    assert page.locator(f"{cell(1, 2)} .marks > span.same").text_content() == "7"
    assert key.get_attribute("aria-pressed") == "true"
    page.keyboard.press("3")                            # another digit, from the keyboard
    threes = sorted(name(i)[11:-1] for i, g in enumerate(givens) if g == 3)
    assert page.locator(".cell.same-digit").evaluate_all("cs => cs.map(c => c.dataset.cell).sort()") == threes
    assert key.get_attribute("aria-pressed") == "false"
    page.keyboard.press("3")                            # the same again: off
    assert page.locator(".cell.same-digit").count() == 0
    key.click()
    page.keyboard.press("Escape")                       # Escape: off too
    assert page.locator(".cell.same-digit").count() == 0
    key.click()
    page.click(cell(1, 3))                              # a cell selected: its own digit rules
    assert page.locator(".cell.same-digit").count() == 0 and key.get_attribute("aria-pressed") == "false"
    assert page.locator(cell(1, 2)).get_attribute("data-candidates") == "7"   # nothing was entered


def setting(page, name: str, on: bool) -> None:
    """Sets a checkbox of the settings under the page (opening them first)."""
    if not page.locator("[data-testid=settings]").evaluate("d => d.open"):
        page.locator("[data-testid=settings] > summary").click()
    box = page.locator(f"input[data-setting={name}]")
    if box.is_checked() != on:
        box.click()


def test_settings_hide_the_clock_stop_marking_conflicts_and_keep_marks_and_are_kept(page, site):
    open_page(page, site, S9B["string"])
    clock = page.locator("[data-testid=clock]")
    assert clock.is_visible()
    setting(page, "clock", False)
    assert clock.is_hidden()
    setting(page, "conflicts", False)
    page.click(cell(1, 2))
    page.keyboard.press("3")                          # A1 holds a given 3: a broken rule, unmarked
    assert conflicts(page) == []
    assert page.locator(STATUS).text_content() == "Sudoku 9\u00d79"
    setting(page, "conflicts", True)                  # marked again at once
    assert conflicts(page) == ["r1c1", "r1c2"]
    assert page.locator(STATUS).text_content().startswith("Two 3s in row A")
    page.keyboard.press("Backspace")
    setting(page, "tidyMarks", False)
    page.click(cell(1, 3))
    page.keyboard.press("Shift+Digit4")               # a mark 4 in A3, then a 4 placed in A2
    page.click(cell(1, 2))
    page.keyboard.press("4")
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == "4"
    setting(page, "tidyMarks", True)
    page.click(cell(1, 2))
    page.keyboard.press("4")                          # out again, then in: now the mark goes
    page.keyboard.press("4")
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == ""
    page.reload()                                     # the choices are kept on this device
    assert wait_started(page) == "ready"
    assert clock.is_hidden()
    assert page.locator("input[data-setting=conflicts]").is_checked()
    assert not page.locator("input[data-setting=clock]").is_checked()


def test_digit_first_enters_the_picked_digit_in_each_cell_tapped(page, site):
    open_page(page, site, S9B["string"])
    setting(page, "digitFirst", True)
    page.click(cell(2, 1))                              # a selection, which picking a digit ends
    four = page.locator("[data-testid=pad] [data-digit='4']")
    four.click()
    assert four.get_attribute("aria-pressed") == "true" and selected(page) == []
    page.click(cell(1, 2))                              # taps: the 4 goes in, nothing is selected
    page.click(cell(3, 3))
    page.click(cell(1, 1))                              # a given stays as it is
    assert page.locator(cell(1, 2)).get_attribute("data-value") == "4"
    assert page.locator(cell(3, 3)).get_attribute("data-value") == "4"
    assert page.locator(cell(1, 1)).get_attribute("data-value") == "3"
    assert selected(page) == []
    page.click(cell(3, 3))                              # the same digit again: out
    assert page.locator(cell(3, 3)).get_attribute("data-value") == ""
    page.click("[data-action=pencil]")
    page.click(cell(3, 3))                              # in Pencil mode: a mark
    assert page.locator(cell(3, 3)).get_attribute("data-candidates") == "4"
    page.click("[data-action=undo]")
    assert page.locator(cell(3, 3)).get_attribute("data-candidates") == ""
    four.click()                                        # put down: a tap selects again
    page.click(cell(3, 3))
    assert selected(page) == ["r3c3"] and page.locator(cell(3, 3)).get_attribute("data-value") == ""


def test_digit_first_works_with_taps_on_a_touch_screen(browser, site):
    with touch_screen(browser, site) as page:
        open_page(page, site, S9B["string"])
        setting(page, "digitFirst", True)
        page.tap("[data-testid=pad] [data-digit='4']")
        page.tap(cell(1, 2))
        page.tap(cell(3, 3))
        assert page.locator(cell(1, 2)).get_attribute("data-value") == "4"
        assert page.locator(cell(3, 3)).get_attribute("data-value") == "4"
        assert selected(page) == []


def test_no_wall_of_marks_auto_candidates_fill_and_clear(page, site):
    open_page(page, site, S9B["string"])
    assert S9B["expected"]["progress"][1] == "c123456789"
    assert page.locator("[data-candidates='123456789']").count() == 0  # not a wall of 1-9
    assert page.locator(cell(1, 2)).get_attribute("data-candidates") == ""
    opening = api.opening_progress(S9B["string"], api.decode_view(S9B["string"])["progress"])["progress"]
    auto = api.play_view(S9B["string"], opening)["candidates"]

    page.click("[data-action=auto-candidates]")
    assert page.locator("[data-action=auto-candidates]").get_attribute("aria-pressed") == "true"
    shown = page.locator("[data-cell]").evaluate_all("cs => cs.map(c => c.dataset.candidates)")
    assert shown == auto and auto[1] and len(auto[1]) < 9
    page.click("[data-action=auto-candidates]")   # off: the marks Auto pencilled in stay (#41 §1)
    assert page.locator(cell(1, 2)).get_attribute("data-candidates") == auto[1]
    page.click("[data-action=undo]")              # Undo takes them back
    assert page.locator(cell(1, 2)).get_attribute("data-candidates") == ""

    page.click("[data-action=fill-candidates]")
    shown = page.locator("[data-cell]").evaluate_all("cs => cs.map(c => c.dataset.candidates)")
    assert shown == auto
    # placing a digit takes it out of its peers' marks, as one undoable change
    digit = S9B["solution"][1]
    seen = {i for i in range(81) if i // 9 == 0 or i % 9 == 1 or (i // 9 < 3 and i % 9 < 3)} - {1}
    peers = [name(i) for i in sorted(seen) if digit in auto[i]]
    assert len(peers) >= 2
    before = [page.locator(p).get_attribute("data-candidates") for p in peers]
    assert any(digit in marks for marks in before)
    page.click(cell(1, 2))
    page.keyboard.press(digit)
    assert all(digit not in page.locator(p).get_attribute("data-candidates") for p in peers)
    page.click("[data-action=undo]")
    assert [page.locator(p).get_attribute("data-candidates") for p in peers] == before
    assert page.locator(cell(1, 2)).get_attribute("data-value") == ""

    page.click("[data-action=clear-marks]")
    assert page.locator("[data-cell]:not([data-candidates=''])").count() == 0
    page.click("[data-action=undo]")
    assert page.locator(peers[0]).get_attribute("data-candidates") == before[0]


def test_keyboard_only_play(page, site):
    open_page(page, site, S9B["string"])
    for _ in range(6):  # the paste box, Open, then the grid: one tab stop
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-cell]')"):
            break
    focused = page.evaluate("document.activeElement.dataset.cell")
    assert focused == "r1c1"
    assert page.locator(cell(1, 1)).get_attribute("aria-selected") == "true"
    ring = page.evaluate("(s => [s.outlineStyle, parseFloat(s.outlineWidth), parseFloat(s.outlineOffset)])"
                         "(getComputedStyle(document.activeElement))")
    assert ring[0] != "none" and ring[1] >= 2 and ring[2] <= -ring[1] + 0.5  # drawn inside: never clipped
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.cell") == "r1c2"
    page.keyboard.press("5")
    assert page.locator(cell(1, 2)).get_attribute("data-value") == "5"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+Digit1")  # one pencil mark
    page.keyboard.press("Shift+Digit2")
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == "12"
    page.keyboard.press("Space")  # pencil mode on
    assert page.locator("[data-action=pencil]").get_attribute("aria-pressed") == "true"
    page.keyboard.press("8")
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == "128"
    page.keyboard.press("p")  # and off again
    assert page.locator("[data-action=pencil]").get_attribute("aria-pressed") == "false"
    page.keyboard.press("Control+z")
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == "12"
    # Tab leaves the grid for the toolbar; every button answers Enter
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "undo", page.evaluate("document.activeElement.outerHTML.slice(0, 300)")
    page.keyboard.press("Enter")
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == "1"
    page.keyboard.press("Shift+Tab")  # back to the same cell
    assert page.evaluate("document.activeElement.dataset.cell") == "r1c3"
    page.keyboard.press("Delete")
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == ""


def test_undo_and_redo_keep_the_newest_300_changes(page, site):
    """The in-memory history is capped as the stored one is (issue #42: 1,349 entries after 3,000
    moves): 310 changes leave 300 to undo, and undoing them all leaves 300 to redo."""
    open_page(page, site, S9B["string"])
    page.click(name(S9B_GIVENS.index(0)))
    page.evaluate("""() => {
      const key = (init) => document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, ...init }));
      for (let i = 0; i < 310; i++) key({ key: "!", code: "Digit1", shiftKey: true });
    }""")
    assert page.evaluate("puzzleViewer.state.undo.length") == 300
    page.evaluate("""() => {
      for (let i = 0; i < 310; i++) {
        document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "z", code: "KeyZ", ctrlKey: true }));
      }
    }""")
    assert page.evaluate("[puzzleViewer.state.undo.length, puzzleViewer.state.redo.length]") == [0, 300]
    assert page.locator("[data-action=undo]").is_disabled()


def address(page) -> str:
    """The page's address as it is now: Playwright's page.url follows replaceState through an
    event that can arrive after the key press that caused it has returned."""
    return page.evaluate("location.href")


def test_the_address_follows_the_position_and_survives_reload(page, site):
    open_page(page, site, S9B["string"], "&embed=1")
    start = address(page)
    history_length = page.evaluate("history.length")
    page.click(cell(1, 2))
    page.keyboard.press("5")
    page.click(cell(1, 3))
    page.keyboard.press("Shift+Digit2")
    page.keyboard.press("Shift+Digit8")
    query = parse_qs(urlparse(address(page)).query)
    assert address(page) != start and query["embed"] == ["1"]
    assert query["bd"][0].startswith("S9B")
    assert page.evaluate("history.length") == history_length  # replaced, not pushed
    progress = api.decode_view(query["bd"][0])["progress"]
    assert progress[1] == "s5" and progress[2] == "c28"
    page.reload()
    assert wait_started(page) == "ready"
    assert page.locator(cell(1, 2)).get_attribute("data-value") == "5"
    assert page.locator(cell(1, 3)).get_attribute("data-candidates") == "28"
    # back to the opening position: the address is the link as it was opened
    open_page(page, site, S9B["string"])
    page.click(cell(1, 2))
    page.keyboard.press("5")
    page.click("[data-action=undo]")
    assert address(page) == f"{site.url}?bd={S9B['string']}"


@pytest.mark.parametrize("width,height", [(844, 390), (667, 375)])
def test_a_phone_held_sideways_has_the_grid_and_its_controls_side_by_side_in_sight(browser, site, width, height):
    """Landscape on a phone: the whole grid (its row letters too), the toolbar and the digit pad
    all within the screen without scrolling, the controls beside the grid; the open box last."""
    with touch_screen(browser, site, width, height) as page:
        open_page(page, site, KILLER["string"])
        grid, letters, toolbar, pad, form = (page.locator(selector).bounding_box() for selector in (
            "[data-testid=grid]", ".coords-rows", "[data-testid=toolbar]", "[data-testid=pad]", "[data-testid=open-form]"))
        assert letters["x"] >= 0 and grid["y"] >= 0 and grid["y"] + grid["height"] <= height
        assert grid["width"] >= height - 60                           # as tall as the screen allows
        for part in (toolbar, pad):
            assert part["x"] >= grid["x"] + grid["width"] and part["x"] + part["width"] <= width
            assert part["y"] + part["height"] <= height
        assert form["y"] > pad["y"]
        assert [len(row) for row in pad_rows(page)] == [6, 5]
        page.tap(name(0))
        page.tap("[data-testid=pad] [data-digit='5']")
        assert page.locator(name(0)).get_attribute("data-value") == "5"


@pytest.mark.parametrize("width", [320, 390])
def test_a_phone_shows_a_cages_longest_combination_list_whole(browser, site, width):
    """Twelve combinations of a 4-cell cage (79 characters in all) on a phone: the whole list in
    sight (no hover on a phone to read the rest), in the line's fixed height."""
    with touch_screen(browser, site, width) as page:
        open_page(page, site, KILLER["string"])
        line = page.locator("[data-testid=cage-help]")
        height = line.bounding_box()["height"]
        page.tap(name(23))
        combinations = api.cage_view(KILLER["string"], api.decode_view(KILLER["string"])["progress"], 23)["combinations"]
        assert len(combinations) == 12 and line.text_content().endswith(" ".join(combinations))
        assert line.evaluate("l => l.scrollHeight <= l.clientHeight + 1 && l.scrollWidth <= l.clientWidth + 1")
        assert line.bounding_box()["height"] == height


def test_the_selected_cells_cage_combinations_are_listed(page, site):
    """Under the board, of fixed height; narrowed as digits are placed; caged kinds only."""
    open_page(page, site, KILLER["string"])
    line = page.locator("[data-testid=cage-help]")
    assert line.is_visible() and line.text_content().startswith("Select a cell")
    height = line.bounding_box()["height"]
    progress = api.decode_view(KILLER["string"])["progress"]
    cage = max(api.decode_view(KILLER["string"])["cages"], key=lambda c: len(c["cells"]))
    first, second = cage["cells"][:2]
    page.click(name(first))
    expected = api.cage_view(KILLER["string"], progress, first)
    assert line.text_content() == (f"{expected['clue']} in {expected['cells']} cells: "
                                   + " ".join(expected["combinations"]))
    assert line.get_attribute("title") == line.text_content()
    assert line.bounding_box()["height"] == height
    digit = KILLER["solution"][second]
    page.click(name(second))
    page.keyboard.press(digit)
    left = int(cage["total"]) - int(digit)
    assert line.text_content().startswith(f"{expected['clue']} in {expected['cells']} cells, "
                                          f"{left} left in {len(cage['cells']) - 1} cell")
    narrowed = line.text_content().split(": ")[1].split(" ")
    assert narrowed and all(digit in combo for combo in narrowed)
    assert set(narrowed) < set(expected["combinations"])
    open_page(page, site, KENKEN["string"])
    page.click(name(0))
    kenken = api.cage_view(KENKEN["string"], api.decode_view(KENKEN["string"])["progress"], 0)
    assert line.text_content().startswith(f"{kenken['clue']} in {kenken['cells']} cell")
    open_page(page, site, S9B["string"])
    assert not line.is_visible()
    page.goto(f"{site.url}?bd={KILLER['string']}&embed=1")
    assert wait_started(page) == "ready"
    assert not line.is_visible()


def test_the_pad_counts_the_copies_of_each_digit_left_to_place(page, site):
    text, last = all_but_one(S9B)
    missing = int(S9B["solution"][last], 36)
    open_page(page, site, text)
    key = page.locator(f"[data-testid=pad] [data-digit='{missing}']")
    assert key.get_attribute("aria-label") == f"{missing}, 1 to place"
    assert key.locator(".left").text_content() == "1"
    others = page.locator("[data-testid=pad] [data-digit].placed-all")
    assert others.count() == 8   # every other digit is on the board nine times: faded
    assert float(others.first.evaluate("el => getComputedStyle(el).opacity")) < 1
    page.click(name(last))
    key.click()
    assert key.get_attribute("aria-label") == f"{missing}, all placed"
    assert key.locator(".left").text_content() == ""
    assert others.count() == 9
    page.keyboard.press("Control+z")   # undo: the count comes back
    assert key.get_attribute("aria-label") == f"{missing}, 1 to place"


def pad_rows(page) -> list[list[dict]]:
    """The pad's keys as drawn, row by row (each key's box)."""
    boxes = page.locator("[data-testid=pad] > button").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); "
        "return {x: r.x, y: Math.round(r.y), width: r.width, height: r.height}; })")
    rows: dict[int, list[dict]] = {}
    for box in boxes:
        rows.setdefault(box["y"], []).append(box)
    return [rows[y] for y in sorted(rows)]


@pytest.mark.parametrize("width", [320, 390])
def test_a_phones_pad_is_even_rows_of_big_keys_across_the_board(browser, site, width):
    """9×9: 11 keys (digits, clear, colours) as 6 and 5, not 7 and 4; 16×16: 18 as three rows of
    6; in Colour mode the same. Every key at least 44 px each way, on the screen, the rows at
    least as wide as a 9×9 grid."""
    from tests.corpus import DEV
    with touch_screen(browser, site, width) as page:
        big = next(e for e in DEV if e["size"] == 16)
        for text, counts in ((S9B["string"], [6, 5]), (big["strings"]["versioned"], [6, 6, 6])):
            open_page(page, site, text)
            for mode in ("digits", "colours"):
                if mode == "colours":
                    if counts != [6, 5]:
                        continue
                    page.tap("[data-action=colour]")
                    page.locator("[data-testid=pad] [data-action=colour-key]").first.wait_for()
                rows = pad_rows(page)
                assert [len(row) for row in rows] == counts, (width, mode)
                keys = [key for row in rows for key in row]
                assert min(key["width"] for key in keys) >= 44 and min(key["height"] for key in keys) >= 44
                grid = page.locator("[data-testid=grid]").bounding_box()
                first = rows[0]
                span = first[-1]["x"] + first[-1]["width"] - first[0]["x"]
                assert first[0]["x"] >= 0 and first[0]["x"] + span <= width
                if counts == [6, 5]:   # a 9×9 grid fits the phone: the pad is at least as wide
                    assert span >= grid["width"] - 1, (width, span, grid["width"])
                assert rows[1][0]["x"] == first[0]["x"]   # the rows start together
            if counts == [6, 5]:
                page.tap("[data-action=colour]")


def selected(page) -> list[str]:
    return sorted(page.locator("[aria-selected=true]").evaluate_all("cs => cs.map(c => c.dataset.cell)"))


def marks(page, *cells) -> list[str]:
    return [page.locator(c).get_attribute("data-candidates") for c in cells]


def test_several_cells_take_a_pencil_mark_or_a_digit_together(page, site):
    open_page(page, site, KILLER["string"])
    a, b, c = cell(1, 1), cell(1, 2), cell(2, 1)
    page.click(a)
    page.click(b, modifiers=["Control"])   # Ctrl+click adds a cell
    page.click(c, modifiers=["Shift"])     # and so does Shift+click
    assert selected(page) == ["r1c1", "r1c2", "r2c1"]
    assert page.locator(cell(9, 9)).get_attribute("aria-selected") == "false"
    page.keyboard.press("Shift+Digit5")
    assert marks(page, a, b, c) == ["5", "5", "5"]
    page.keyboard.press("Shift+Digit5")    # all have it: it leaves all
    assert marks(page, a, b, c) == ["", "", ""]
    page.click(b, modifiers=["Control"])   # Ctrl+click again takes a cell out
    assert selected(page) == ["r1c1", "r2c1"]
    page.keyboard.press("Shift+Digit7")
    assert marks(page, a, b, c) == ["7", "", "7"]
    page.click(b, modifiers=["Control"])
    page.keyboard.press("Shift+Digit7")    # not all have it: it goes into all
    assert marks(page, a, b, c) == ["7", "7", "7"]
    page.keyboard.press("Control+z")       # one undoable change for the three cells
    assert marks(page, a, b, c) == ["7", "", "7"]
    page.keyboard.press("Backspace")       # clears every selected cell
    assert marks(page, a, b, c) == ["", "", ""]
    page.keyboard.press("Escape")          # back to one cell
    assert len(selected(page)) == 1
    page.click(a)
    page.click(c, modifiers=["Shift"])
    page.keyboard.press("4")               # a digit goes into each selected cell
    assert [page.locator(x).get_attribute("data-value") for x in (a, b, c)] == ["4", "", "4"]
    assert set(conflicts(page)) >= {"r1c1", "r2c1"}   # two 4s in column 1 and box 1
    page.click(b)                          # a plain click selects one cell again
    assert selected(page) == ["r1c2"]


def test_a_mouse_drag_selects_the_cells_it_passes(page, site):
    open_page(page, site, KILLER["string"])
    def centre(selector):
        box = page.locator(selector).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(*centre(cell(4, 2)))
    page.mouse.down()
    for c in (3, 4, 5):
        page.mouse.move(*centre(cell(4, c)), steps=4)
    page.mouse.up()
    assert selected(page) == ["r4c2", "r4c3", "r4c4", "r4c5"]
    page.keyboard.press("Shift+Digit1")
    assert marks(page, *(cell(4, c) for c in (2, 3, 4, 5))) == ["1"] * 4
    page.keyboard.press("Shift+ArrowDown")   # Shift+arrows extend the selection too
    assert selected(page) == ["r4c2", "r4c3", "r4c4", "r4c5", "r5c5"]
    page.mouse.click(*centre(cell(3, 2)))    # r3c2 holds a digit: a click still selects it alone
    assert selected(page) == ["r3c2"]


LONG_PRESS = """([selector, moveBy]) => new Promise((done) => {
  const cell = document.querySelector(selector);
  const box = cell.getBoundingClientRect();
  const at = (dx) => ({ pointerType: "touch", pointerId: 7, isPrimary: true, bubbles: true,
                        clientX: box.x + 5 + dx, clientY: box.y + 5 });
  cell.dispatchEvent(new PointerEvent("pointerdown", at(0)));
  if (moveBy) cell.dispatchEvent(new PointerEvent("pointermove", at(moveBy)));
  setTimeout(() => { cell.dispatchEvent(new PointerEvent("pointerup", at(moveBy))); done(); }, 700);
})"""


def test_a_long_press_adds_a_cell_on_a_touch_screen(browser, site):
    with touch_screen(browser, site) as page:
        open_page(page, site, KILLER["string"])
        a, b, c = cell(1, 1), cell(1, 2), cell(2, 1)
        page.tap(cell(5, 5))                          # one cell tapped: a long press starts afresh
        page.evaluate(LONG_PRESS, [a, 0])
        page.evaluate(LONG_PRESS, [b, 0])
        page.evaluate(LONG_PRESS, [c, 0])
        assert selected(page) == ["r1c1", "r1c2", "r2c1"]
        page.evaluate(LONG_PRESS, [cell(9, 9), 40])   # the finger moved: scrolling, not selecting
        assert selected(page) == ["r1c1", "r1c2", "r2c1"]
        page.tap("[data-action=pencil]")
        page.tap("[data-testid=pad] [data-digit='6']")
        assert marks(page, a, b, c) == ["6", "6", "6"]
        page.evaluate(LONG_PRESS, [b, 0])             # again: out of the selection
        assert selected(page) == ["r1c1", "r2c1"]
        page.tap(b)                                     # a plain tap: one cell
        assert selected(page) == ["r1c2"]


def test_a_long_press_then_a_slide_selects_the_cells_passed_and_does_not_scroll(browser, site):
    # Real touches (Chromium's input pipeline, as a phone's finger): the page's own scrolling
    # decides whether a slide scrolls, which synthetic pointer events cannot show.
    with touch_screen(browser, site, 390, 700, is_mobile=True) as page:
        open_page(page, site, KILLER["string"])
        touch = page.context.new_cdp_session(page)

        def finger(kind, *points):
            touch.send("Input.dispatchTouchEvent",
                       {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]})

        def centre_of(selector):
            box = page.locator(selector).bounding_box()
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

        def slide(path, hold_ms):
            finger("touchStart", path[0])
            page.wait_for_timeout(hold_ms)
            for (x0, y0), (x1, y1) in zip(path, path[1:]):
                for k in range(1, 6):   # a finger moves in small steps
                    finger("touchMove", (x0 + (x1 - x0) * k / 5, y0 + (y1 - y0) * k / 5))
                    page.wait_for_timeout(16)
            finger("touchEnd")
            page.wait_for_timeout(300)

        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.scrollingElement.scrollHeight > innerHeight")   # it can scroll
        # No long press: the finger's slide scrolls the page and selects nothing.
        slide([centre_of(cell(5, 5)), (centre_of(cell(5, 5))[0], centre_of(cell(1, 5))[1])], 0)
        assert page.evaluate("scrollY") > 0
        assert selected(page) == []
        page.evaluate("window.scrollTo(0, 0)")
        # A long press on A1, then a slide along row A and down to B3: those cells, and no scrolling.
        slide([centre_of(cell(1, 1)), centre_of(cell(1, 3)), centre_of(cell(2, 3))], 700)
        assert selected(page) == ["r1c1", "r1c2", "r1c3", "r2c3"]
        assert page.evaluate("scrollY") == 0
        page.tap("[data-action=pencil]")
        page.tap("[data-testid=pad] [data-digit='4']")
        assert marks(page, cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 3)) == ["4"] * 4
        # Digit first, 7 picked (Pencil still on): the long press and slide mark every cell passed.
        setting(page, "digitFirst", True)
        page.tap("[data-testid=pad] [data-digit='7']")
        page.evaluate("window.scrollTo(0, 0)")
        slide([centre_of(cell(1, 1)), centre_of(cell(1, 3)), centre_of(cell(2, 3))], 700)
        assert marks(page, cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 3)) == ["47"] * 4
        assert page.evaluate("scrollY") == 0 and selected(page) == []


def test_digit_first_a_drag_enters_the_digit_in_every_cell_it_passes(page, site):
    open_page(page, site, S9B["string"])
    setting(page, "digitFirst", True)
    page.click("[data-action=pencil]")
    page.click("[data-testid=pad] [data-digit='6']")
    a2, a3, b1, b3 = (page.locator(cell(r, c)) for r, c in ((1, 2), (1, 3), (2, 1), (2, 3)))
    page.hover(cell(1, 2))
    page.mouse.down()                                   # A2, then across to A3 and down to B3
    page.hover(cell(1, 3))
    page.hover(cell(2, 3))
    page.hover(cell(2, 2))                              # (B2 holds a given 4: passed over as it is)
    page.mouse.up()
    assert [c.get_attribute("data-candidates") for c in (a2, a3, b3)] == ["6", "6", "6"]
    assert page.locator(cell(2, 2)).get_attribute("data-value") == "4"
    assert selected(page) == []
    page.hover(cell(1, 3))
    page.mouse.down()                                   # starting on a 6 takes the 6s out
    page.hover(cell(1, 2))
    page.hover(cell(2, 2))
    page.hover(cell(2, 1))                              # (B1 has none to take out)
    page.mouse.up()
    assert [c.get_attribute("data-candidates") for c in (a2, a3, b1, b3)] == ["", "", "", "6"]
    page.click("[data-action=undo]")                    # a stroke is one change
    assert [c.get_attribute("data-candidates") for c in (a2, a3, b3)] == ["6", "6", "6"]
    page.click("[data-action=undo]")
    assert [c.get_attribute("data-candidates") for c in (a2, a3, b3)] == ["", "", ""]
    page.click("[data-action=pencil]")                  # digits: the same, as placed digits
    page.hover(cell(2, 1))
    page.mouse.down()
    page.hover(cell(2, 2))
    page.hover(cell(2, 3))
    page.mouse.up()
    assert b1.get_attribute("data-value") == "6" and b3.get_attribute("data-value") == "6"
    assert {"r2c1", "r2c3"} <= set(conflicts(page))     # two 6s in row B, marked as ever
    page.click("[data-action=undo]")
    assert b1.get_attribute("data-value") == "" and b3.get_attribute("data-value") == ""
