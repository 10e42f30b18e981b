"""The setter's mode (issue 45 §2, web/setter.js): a 6×6 KenKen and a 9×9 killer set from scratch
by clicks, drags and keys, the live status moving from "more than one solution" to "unique" with
explain's grade; the address keeping the draft over a reload; a contradiction shown on the grid;
a suggestion applied; Undo/Redo; Done opening the Share dialog, whose link reopens the puzzle.
The screenshots test writes screenshots/setter/ (phone and desktop)."""
from __future__ import annotations

from pathlib import Path

from pycore.codec import decode
from tests.browsers.pageutil import wait_started
from tests.corpus import REAL

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "setter"
STATUS = "[data-testid=setter-status]"
GRID = "[data-testid=setter-grid]"
# SudokuWiki's "Very Easy 1" KenKen and "Gentle Example 1" killer (the start page's examples), from the corpus
KENKEN = next(e["string"] for e in REAL if e["name"] == "K6C Very Easy 1 (SudokuWiki compatibility string)")
KILLER = next(e["string"] for e in REAL if e["name"] == "L9B Gentle Example 1 (SudokuWiki compatibility string)")
CHECKED_MS = 120_000   # a check is a bounded solve, but the machine is shared


def open_setter(page, site, query: str) -> None:
    page.goto(f"{site.url}?{query}")
    wait_started(page)
    page.locator(GRID).wait_for()
    settled(page)


def settled(page) -> str:
    """Waits for the live check after the last change; returns its state."""
    page.wait_for_function(f"""() => {{ const s = document.querySelector('{STATUS}');
        return s && s.dataset.state !== 'checking'; }}""", timeout=CHECKED_MS)
    return page.locator(STATUS).get_attribute("data-state")


def cell_point(page, n: int, cell: int) -> tuple[float, float]:
    page.locator(GRID).scroll_into_view_if_needed()
    box = page.locator(GRID).bounding_box()
    span = n + 0.08
    return (box["x"] + (cell % n + 0.54) / span * box["width"],
            box["y"] + (cell // n + 0.54) / span * box["height"])


def click_cell(page, n: int, cell: int, shift: bool = False) -> None:
    x, y = cell_point(page, n, cell)
    if shift:
        page.keyboard.down("Shift")
    page.mouse.click(x, y)
    if shift:
        page.keyboard.up("Shift")


def drag(page, n: int, cells) -> None:
    """A drag through `cells` in order (each next to the last)."""
    page.mouse.move(*cell_point(page, n, cells[0]))
    page.mouse.down()
    for cell in cells[1:]:
        page.mouse.move(*cell_point(page, n, cell), steps=4)
    page.mouse.up()


KEYS = {"+": "+", "-": "-", "x": "x", "/": "/"}


def draw_cage(page, n: int, cage, arithmetic: bool, by_drag: bool = False) -> None:
    cells = list(cage.cells)
    if by_drag and len(cells) > 1 and all(b - a == 1 and a // n == b // n for a, b in zip(cells, cells[1:])):
        drag(page, n, cells)
    else:
        click_cell(page, n, cells[0])
        for cell in cells[1:]:
            click_cell(page, n, cell, shift=True)
        page.keyboard.press("Enter")
    page.keyboard.type(str(cage.total))
    if arithmetic and len(cells) > 1:
        page.keyboard.press(KEYS[cage.op])


def opened_puzzle(page) -> dict:
    return page.evaluate("""() => { const v = puzzleViewer.state.view;
        return {kind: v.kind, size: v.size, cages: v.cages.map(c => [c.cells, c.total, c.op])}; }""")


def share_and_reopen(page, context, puzzle) -> None:
    """Done: the finished puzzle opens with the Share dialog; its link reopens it in another tab."""
    page.click("[data-action=done]")
    dialog = page.locator("[data-testid=share-dialog]")
    dialog.wait_for(state="visible")
    link = page.input_value("[data-testid=share-url]")
    assert "bd=" in link and "set=" not in link
    assert page.input_value("[data-testid=sudokuwiki-url]").startswith("https://www.sudokuwiki.org/")
    assert "<iframe" in page.input_value("[data-testid=embed-code]")
    assert page.locator("[data-action=export-svg]").is_visible()
    want = {"kind": puzzle.kind, "size": puzzle.size,
            "cages": [[list(c.cells), c.total, c.op] for c in puzzle.cages]}
    assert opened_puzzle(page) == want
    other = context.new_page()
    other.goto(link)
    assert wait_started(other) == "ready"
    assert opened_puzzle(other) == want


def test_a_6x6_kenken_set_from_scratch_goes_from_several_solutions_to_unique_and_is_shared(page, context, site):
    puzzle, _ = decode(KENKEN)
    n = puzzle.size
    open_setter(page, site, "set=kenken&size=6")
    assert page.locator(STATUS).get_attribute("data-state") == "multiple"
    states = []
    for index, cage in enumerate(puzzle.cages):
        draw_cage(page, n, cage, arithmetic=True, by_drag=index % 2 == 0)
        if index == len(puzzle.cages) // 2:
            states.append(settled(page))
            # two solutions side by side, where they differ marked on the grid
            assert page.locator("[data-testid=setter-solutions] svg").count() == 2
            assert page.locator(f"{GRID} .sc.differ").count() > 0
            # the address keeps the draft: a reload brings every cage back
            before = page.evaluate("location.search")
            page.reload()
            wait_started(page)
            page.locator(GRID).wait_for()
            assert page.evaluate("location.search") == before
            assert page.locator(f"{GRID} .clue").count() == index + 1
    states.append(settled(page))
    assert states == ["multiple", "unique"]
    assert page.locator("[data-testid=setter-left]").count() == 0
    page.locator("[data-testid=setter-grade]").filter(has_text="Grade:").wait_for(timeout=CHECKED_MS)
    assert page.locator("[data-testid=setter-step]").inner_text().startswith("That step:")
    # Undo takes the last operator away (a cage without one is left to draw), Redo puts it back
    page.click("[data-action=undo]")
    settled(page)
    assert "no operator" in page.locator("[data-testid=setter-left]").inner_text()
    page.keyboard.press("Control+y")
    assert settled(page) == "unique"
    assert page.locator("[data-testid=setter-left]").count() == 0
    share_and_reopen(page, context, puzzle)


def test_a_9x9_killer_set_from_scratch_is_unique_once_every_cage_is_drawn(page, context, site):
    puzzle, _ = decode(KILLER)
    n = puzzle.size
    open_setter(page, site, "set=killer&size=9")
    for index, cage in enumerate(puzzle.cages):
        draw_cage(page, n, cage, arithmetic=False, by_drag=index % 3 == 0)
        if index == 3:
            assert settled(page) == "multiple"
    assert settled(page) == "unique"
    assert page.locator("[data-testid=setter-left]").count() == 0
    page.locator("[data-testid=setter-grade]").filter(has_text="Grade:").wait_for(timeout=CHECKED_MS)
    share_and_reopen(page, context, puzzle)


def test_a_contradiction_is_shown_on_the_grid_and_a_suggestion_settles_two_solutions(page, site):
    open_setter(page, site, "set=kenken&size=4")
    # by the keyboard: a 2-cell cage A1-A2 that no two digits make (5× in a 4×4)
    page.focus(GRID)
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.type("5x")
    assert settled(page) == "none"
    assert page.locator(STATUS).inner_text().startswith("No solution:")
    assert page.locator(f"{GRID} .sc.bad").count() == 2
    page.keyboard.press("Backspace")
    page.keyboard.type("3")
    assert settled(page) == "multiple"
    # givens by the keyboard (G), then the suggestions until one solution is left
    page.keyboard.press("g")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("1")
    settled(page)
    for _ in range(16):
        if settled(page) == "unique":
            break
        page.locator("[data-testid=setter-suggestion] button").first.click()
    assert settled(page) == "unique"


def test_screenshots_of_the_setter_on_a_phone_and_a_desktop(page, site):
    SHOTS.mkdir(parents=True, exist_ok=True)
    puzzle, _ = decode(KILLER)
    for screen, width, height in (("phone", 390, 844), ("desktop", 1440, 900)):
        page.set_viewport_size({"width": width, "height": height})
        open_setter(page, site, "set=killer&size=9")
        page.click("[data-action=clear]")
        for cage in puzzle.cages[:-3]:
            draw_cage(page, 9, cage, arithmetic=False)
        settled(page)
        page.screenshot(path=str(SHOTS / f"{screen}-killer-multiple.png"), full_page=True)
        assert settled(page) == "multiple"
        for cage in puzzle.cages[-3:]:
            draw_cage(page, 9, cage, arithmetic=False)
        assert settled(page) == "unique"
        page.locator("[data-testid=setter-grade]").filter(has_text="Grade:").wait_for(timeout=CHECKED_MS)
        page.screenshot(path=str(SHOTS / f"{screen}-killer-unique.png"), full_page=True)
    open_setter(page, site, "set=jigsaw&size=6&r=111222111222333444333444555666555666")
    page.screenshot(path=str(SHOTS / "desktop-jigsaw-regions.png"), full_page=True)


def test_on_a_phone_taps_and_the_pad_draw_a_kenken_cage_and_type_its_clue(browser, site):
    from tests.e2e.conftest import guarded_context
    context, guard = guarded_context(browser, site, viewport={"width": 390, "height": 844},
                                     has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        open_setter(page, site, "set=kenken&size=4")
        for cell in (0, 1):   # a tap adds a cell in no cage to the cells to draw
            page.touchscreen.tap(*cell_point(page, 4, cell))
        page.locator("[data-key=Enter]").tap()   # Draw
        page.locator("[data-key='3']").tap()
        page.locator("[data-key=x]").tap()
        settled(page)
        assert "set=kenken&size=4&c=3m0001" in page.evaluate("location.search")
        assert page.locator(f"{GRID} .clue").text_content() == "3\u00d7"
        page.locator("[data-action=undo]").tap()
        settled(page)
        assert page.locator(f"{GRID} .clue").text_content() == "3?"
    finally:
        context.close()
    guard.check()


# Every check the setter sends its worker is held back until window.release(): as far as the page
# can tell, a check that has not ended (a real one takes seconds on a big killer).
HOLD_CHECKS = """() => { window.held = []; const send = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message) {
        if (message && message.call) { window.held.push([this, message]); return; }
        return send.call(this, message); };
    window.release = () => { Worker.prototype.postMessage = send;
        for (const [worker, message] of window.held.splice(0)) send.call(worker, message); }; }"""


def test_typing_goes_on_while_a_check_runs_in_a_python_of_its_own(page, site):
    open_setter(page, site, "set=sudoku&size=4")
    page.evaluate(HOLD_CHECKS)
    page.focus(GRID)
    page.keyboard.press("1")
    page.wait_for_function("() => window.held.length === 1", timeout=CHECKED_MS)   # its check is under way
    assert page.locator(STATUS).get_attribute("data-state") == "checking"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("2")
    # the page answered while the check ran: the given is drawn and the address keeps it
    page.wait_for_function("() => location.search.includes('g=12')")
    assert page.locator(f"{GRID} .given").count() == 2
    # one check at a time: the newer draft's is asked once the older one answers
    assert page.evaluate("window.held.length") == 1
    assert page.locator(STATUS).get_attribute("data-state") == "checking"
    page.evaluate("window.release()")
    assert settled(page) == "multiple"
    assert page.evaluate("window.held.length") == 0


def test_set_your_own_opens_from_the_new_puzzle_dialog_of_an_open_puzzle(page, site):
    page.goto(f"{site.url}?bd={KENKEN}")
    assert wait_started(page) == "ready"
    before = page.evaluate("location.search")
    page.click("[data-testid=new-puzzle]")
    page.locator("[data-testid=new-dialog]").wait_for(state="visible")
    button = page.locator("[data-testid=new-set-own]")
    # a 16×16 sudoku can be made but not set here
    page.select_option("[data-testid=new-kind]", "sudoku")
    page.select_option("[data-testid=new-size]", "16")
    assert button.is_disabled()
    page.select_option("[data-testid=new-kind]", "kenken")
    page.select_option("[data-testid=new-size]", "6")
    button.click()
    page.locator(GRID).wait_for()
    assert page.evaluate("location.search") == "?set=kenken&size=6"
    assert not page.locator("[data-testid=new-dialog]").is_visible()
    assert settled(page) == "multiple"
    # Back: the puzzle before
    page.go_back()
    page.wait_for_function("q => location.search === q && document.querySelector('[data-testid=grid]')", arg=before)
    assert page.locator(GRID).count() == 0
