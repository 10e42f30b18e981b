"""New puzzle (issue 45 §1, web/newpuzzle.js): a puzzle made in the page, in a worker, opens as a
normal link (the address is its own query, which reopens the same puzzle; Back goes to the one
before) and plays; Cancel ends the worker; a search that runs out of time says so in a sentence;
the dialog works from the keyboard. The screenshots test writes screenshots/generate/: the dialog
on a phone and a desktop, and a generated puzzle of each kind."""
from __future__ import annotations

import json
from pathlib import Path

from tests.browsers.pageutil import wait_started
from tests.corpus import REAL

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "generate"
DIALOG = "[data-testid=new-dialog]"
S9 = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
# Generating takes seconds of Python in the page, more on a loaded machine: the wait for a puzzle.
MADE_MS = 240_000


def open_dialog(page, opener: str = "[data-testid=new-puzzle]"):
    page.click(opener)
    dialog = page.locator(DIALOG)
    dialog.wait_for(state="visible")
    return dialog


def choose(page, kind: str, size: int, grade: str) -> None:
    page.select_option("[data-testid=new-kind]", kind)
    page.select_option("[data-testid=new-size]", str(size))
    page.select_option("[data-testid=new-grade]", grade)


def wait_made(page, before: str) -> None:
    """Until the puzzle made has opened: the dialog closed, the address changed, a grid drawn."""
    page.wait_for_function("""before => location.href !== before
        && !document.querySelector('[data-testid=new-dialog]').open
        && document.querySelector('[data-testid=status]').dataset.state !== 'loading'
        && document.querySelector('[data-testid=grid]')""", arg=before, timeout=MADE_MS)


def query(page) -> str:
    return page.evaluate("location.search")


def grid(page) -> dict:
    """What the reader sees of the puzzle: its kind, size, givens and cages."""
    return page.evaluate("""() => { const v = puzzleViewer.state.view;
        return {kind: v.kind, size: v.size, givens: v.givens, cages: v.cages.map(c => [c.cells, c.total, c.op])}; }""")


def play_a_digit(page) -> str:
    """Types a digit into the first open cell by the keyboard; returns the cell's name."""
    cell = page.locator("[data-testid=grid] [data-cell][data-value='']").first
    name = cell.get_attribute("data-cell")
    cell.click()
    page.keyboard.press("1")
    page.wait_for_function("name => document.querySelector(`[data-cell=${name}]`).dataset.value === '1'", arg=name)
    return name


def test_a_kenken_made_from_the_start_page_is_a_link_that_reopens_it(page, context, site):
    page.goto(site.url)
    assert wait_started(page) == "ready"
    dialog = open_dialog(page, "[data-testid=intro-new-puzzle]")
    # what can be made comes from pycore.generate: KenKen's sizes, the five grades and "any"
    choose(page, "kenken", 4, "gentle")
    sizes = page.locator("[data-testid=new-size] option").evaluate_all("os => os.map(o => o.value)")
    assert sizes == ["4", "5", "6", "7", "8", "9"]
    # only the grades a size reaches ("" is any grade): a 4×4 KenKen up to moderate, a 4×4 sudoku gentle
    offered = "os => os.map(o => o.value)"
    assert page.locator("[data-testid=new-grade] option").evaluate_all(offered) == ["gentle", "moderate", ""]
    choose(page, "sudoku", 4, "gentle")
    assert page.locator("[data-testid=new-grade] option").evaluate_all(offered) == ["gentle", ""]
    choose(page, "kenken", 4, "gentle")
    start = page.url
    dialog.locator("[data-action=make]").click()
    assert dialog.get_attribute("data-state") in ("making", "made")
    wait_made(page, start)
    assert query(page).startswith("?bd=K4")
    made = grid(page)
    assert made["kind"] == "kenken" and made["size"] == 4 and made["cages"]
    play_a_digit(page)
    # the address is the puzzle's own link: another tab opens the same puzzle from it
    other = context.new_page()
    other.goto(page.url)
    assert wait_started(other) == "ready"
    assert grid(other) == made
    # Back: the start page again
    page.go_back()
    page.locator("[data-testid=intro]:not([hidden])").wait_for()
    assert query(page) == ""


def test_a_gentle_sudoku_made_from_a_puzzle_by_the_keyboard_and_back_to_it(page, site):
    page.goto(f"{site.url}?bd={S9}")
    assert wait_started(page) == "ready"
    before = grid(page)
    page.focus("[data-testid=new-puzzle]")
    page.keyboard.press("Enter")
    dialog = page.locator(DIALOG)
    dialog.wait_for(state="visible")
    # the puzzle on the page is offered first: a 9×9 sudoku, gentle; the kind has the focus
    assert page.evaluate("document.activeElement.id") == "new-kind"
    assert page.input_value("[data-testid=new-kind]") == "sudoku"
    assert page.input_value("[data-testid=new-size]") == "9"
    assert page.input_value("[data-testid=new-grade]") == "gentle"
    for _ in range(3):   # size, grade, Make
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "make"
    start = page.url
    page.keyboard.press("Enter")
    wait_made(page, start)
    made = grid(page)
    assert made["kind"] == "sudoku" and made["size"] == 9 and made != before
    assert 17 <= sum(1 for g in made["givens"] if g) < 81
    name = play_a_digit(page)
    assert page.locator(f"[data-cell={name}]").get_attribute("data-value") == "1"
    # Back: the puzzle before, as it was; Forward: the one made
    made_query = query(page)
    page.go_back()
    page.wait_for_function("bd => location.search === '?bd=' + bd", arg=S9)
    page.wait_for_function("want => JSON.stringify(puzzleViewer.state.view.givens) === want",
                           arg=json.dumps(before["givens"], separators=(",", ":")))
    assert grid(page) == before
    page.go_forward()
    page.wait_for_function("q => location.search === q", arg=made_query)
    page.wait_for_function("want => JSON.stringify(puzzleViewer.state.view.givens) === want",
                           arg=json.dumps(made["givens"], separators=(",", ":")))


def test_cancel_ends_the_worker_and_the_page_makes_the_next_one(page, site):
    # an extreme 16×16 takes explain's whole logic on a grid of 256 cells: it runs until stopped
    page.goto(f"{site.url}?generate_seconds=900")
    assert wait_started(page) == "ready"
    page.evaluate("""() => { window.terminated = 0; const end = Worker.prototype.terminate;
        Worker.prototype.terminate = function () { window.terminated++; return end.call(this); }; }""")
    dialog = open_dialog(page)
    choose(page, "sudoku", 16, "extreme")
    dialog.locator("[data-action=make]").click()
    progress = dialog.locator("[data-testid=new-progress]")
    page.wait_for_function("() => document.querySelector('[data-testid=new-progress]').textContent.startsWith('Making an extreme 16×16 Sudoku')",
                           timeout=MADE_MS)
    # the page answers while Python searches: the kind can't change, Cancel has the focus
    assert dialog.locator("[data-testid=new-kind]").is_disabled()
    assert page.evaluate("document.activeElement.dataset.action") == "cancel-make"
    page.keyboard.press("Enter")   # Cancel
    assert dialog.get_attribute("data-state") == "choosing"
    assert progress.text_content() == "Stopped."
    assert page.evaluate("window.terminated") == 1
    assert query(page) == "?generate_seconds=900"
    # a fresh worker makes the next one
    choose(page, "kenken", 4, "gentle")
    start = page.url
    dialog.locator("[data-action=make]").click()
    wait_made(page, start)
    assert grid(page)["kind"] == "kenken"


def test_no_puzzle_in_time_is_said_in_a_sentence(page, site):
    page.goto(f"{site.url}?generate_seconds=2")
    assert wait_started(page) == "ready"
    dialog = open_dialog(page)
    choose(page, "sudoku", 16, "extreme")
    dialog.locator("[data-action=make]").click()
    page.wait_for_function("() => document.querySelector('[data-testid=new-dialog]').dataset.state === 'error'",
                           timeout=MADE_MS)
    error = dialog.locator("[data-testid=new-error]").text_content()
    assert error.startswith("No extreme 16×16 Sudoku turned up within 2 seconds.")
    assert "Traceback" not in error and "Error" not in error
    assert not dialog.locator("[data-testid=new-kind]").is_disabled()
    # Escape closes the dialog; the page is where it was
    page.keyboard.press("Escape")
    assert not page.locator(DIALOG).is_visible()
    assert query(page) == "?generate_seconds=2"


# One puzzle of each kind, as the dialog would make it (pycore.generate, the same code the worker
# runs, on the host here so the screenshots don't wait for eight searches in the page).
SHOWN = (("sudoku", 9, "moderate"), ("sudoku-x", 9, "gentle"), ("windoku", 9, "gentle"),
         ("jigsaw", 9, "gentle"), ("killer", 9, "tough"), ("killer-jigsaw", 9, "gentle"),
         ("kenken", 6, "moderate"), ("kendoku", 6, "gentle"))
SCREENS = {"phone": (390, 844), "desktop": (1440, 900)}


def test_screenshots_of_the_dialog_and_a_puzzle_of_each_kind(page, site):
    from pycore.api import open_view
    from pycore.codec.source import quote
    from pycore.generate import generate
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{site.url}?bd={S9}&generate_seconds=900")
    assert wait_started(page) == "ready"
    for screen, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        dialog = open_dialog(page)
        choose(page, "killer", 9, "tough")
        page.screenshot(path=str(SHOTS / f"{screen}-dialog.png"))
        choose(page, "sudoku", 16, "extreme")   # (minutes in the page: the making state stays to be seen)
        dialog.locator("[data-action=make]").click()
        page.wait_for_function("() => /^Making .* \\d+ s$/.test(document.querySelector('[data-testid=new-progress]').textContent)",
                               timeout=MADE_MS)
        page.screenshot(path=str(SHOTS / f"{screen}-dialog-making.png"))
        dialog.locator("[data-action=cancel-make]").click()
        page.keyboard.press("Escape")
        assert not dialog.is_visible()
    for kind, size, grade in SHOWN:
        made = generate(kind, size, grade, seed=45)
        link = open_view("bd=" + quote(made["string"]))["query"]
        for screen, (width, height) in SCREENS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{site.url}?{link}")
            assert wait_started(page) == "ready"
            assert grid(page)["kind"] == kind
            page.screenshot(path=str(SHOTS / f"{screen}-{kind}-{size}-{made['grade']}.png"))
