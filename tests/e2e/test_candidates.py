"""The candidates on the board and the ones the hints reason from agree (issue 41 §1).

On a link without pencil marks, asking the logic for help (the hint's second stage, Next step,
Apply, the whole path) pencils in the candidates the logic reasons from, as one undoable change
kept in the address; every step applied keeps them, so each cell a step names shows what the step
used, and an elimination stays made. Fill candidates fills only cells without marks, and Auto
shows the rules' candidates less every elimination made so far: neither brings one back."""
from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from pycore import api
from tests.browsers.pageutil import ask_hint, open_text
from tests.e2e.test_hint import EASY, SUDOKU_AIC, expected_path
from tests.e2e.test_play import KILLER

STEPS = 12
PANEL = "[data-testid=hint]"
READ = "cells => cells.map(c => [c.dataset.value, c.dataset.candidates])"
# What a shown step draws over each cell it names: the candidates it speaks of (hint.js stepMarks).
STEP_MARKS = """() => Object.fromEntries([...document.querySelectorAll('[data-testid=grid] .cell')]
  .filter((c) => c.querySelector('.hint-marks'))
  .map((c) => [Number(c.dataset.index), [...c.querySelectorAll('.hint-marks > span')].map((s) => s.dataset.digit).join('')]))"""


def board(page) -> list[list[str]]:
    """[value, candidates] of every cell, row-major."""
    return page.locator("[data-testid=grid] [data-cell]").evaluate_all(READ)


def opened_marks(text: str) -> list[str]:
    """The position as the page opens `text`, and the logic's candidates pencilled into it."""
    opened = api.opening_progress(text, api.decode_view(text)["progress"])["progress"]
    return api.logic_marks(text, opened)["progress"]


def candidates_of(progress: list[str]) -> list[str]:
    return [note[1:] if note[0] == "c" else "" for note in progress]


def in_address(page) -> list[str]:
    """The candidates of each cell as the page's address has them (opened again, it shows these)."""
    return candidates_of(api.open_view(urlparse(page.url).query)["progress"])


def test_steps_along_the_path_show_the_candidates_they_reason_from(app_page):
    """A real killer link without pencil marks, twelve steps along the path by Next step: each
    step shown names cells whose pencil marks are the candidates it speaks of (the command line
    explains the same steps), every open cell shows its candidates, and no elimination made comes
    back, not with Auto, not with Fill candidates."""
    path = expected_path(KILLER["string"], "--max-steps", str(STEPS))["steps"]
    assert len(path) == STEPS
    assert open_text(app_page, KILLER["string"]) == "ready"
    assert all(candidates == "" for _, candidates in board(app_page)), "a link without pencil marks"
    hint_text = app_page.locator("[data-testid=hint-text]")
    eliminated: set[tuple[int, str]] = set()
    for number, step in enumerate(path, 1):
        ask_hint(app_page, "step-next")   # the step shown whole (and the one before it applied)
        expect(hint_text).to_have_text(step["text"])
        now = board(app_page)
        drawn = app_page.evaluate(STEP_MARKS)
        assert drawn, f"step {number} draws the candidates it speaks of"
        for cell, digits in drawn.items():
            assert now[int(cell)][1] == digits, (number, cell, step["text"])
        assert all(value or candidates for value, candidates in now), f"step {number}: a blank cell"
        assert not {(c, d) for c, d in eliminated if d in now[c][1]}, f"step {number}: one came back"
        eliminated |= {(c, str(d)) for c, d in step["eliminations"]}
    app_page.click("[data-action=apply-hint]")
    after = board(app_page)
    assert not {(c, d) for c, d in eliminated if d in after[c][1]}
    assert app_page.locator("[data-testid=hint-steps] li").count() == STEPS

    # Auto: the rules' candidates less what was eliminated; one undoable change, in the address.
    app_page.click("[data-action=auto-candidates]")
    auto = board(app_page)
    for (value, was), (_, now) in zip(after, auto):
        assert set(now) <= set(was) and (value or now)
    assert not {(c, d) for c, d in eliminated if d in auto[c][1]}
    assert in_address(app_page) == [c for _, c in auto]
    app_page.click("[data-action=undo]")
    assert board(app_page) == after

    # Fill candidates: only a cell without marks is filled; the others keep theirs.
    emptied = next(i for i, (value, candidates) in enumerate(after) if len(candidates) >= 2)
    app_page.click(f"[data-testid=grid] [data-index='{emptied}']")
    app_page.keyboard.press("Backspace")
    assert board(app_page)[emptied] == ["", ""]
    app_page.click("[data-action=fill-candidates]")
    filled = board(app_page)
    assert [c for i, c in enumerate(filled) if i != emptied] == [c for i, c in enumerate(after) if i != emptied]
    assert filled[emptied][1] != ""
    assert not {(c, d) for c, d in eliminated if d in filled[c][1] and c != emptied}


def test_the_second_stage_of_a_hint_pencils_in_the_logics_candidates(app_page):
    """Hint's first stage says where to look and leaves the board; the second names the strategy
    and pencils in the candidates it reasons from, as one undoable change kept in the address."""
    assert open_text(app_page, EASY) == "ready"
    before = board(app_page)
    assert all(candidates == "" for _, candidates in before)
    ask_hint(app_page)
    assert board(app_page) == before
    ask_hint(app_page)
    assert app_page.locator(PANEL).get_attribute("data-stage") == "2"
    marked = board(app_page)
    assert [c for _, c in marked] == candidates_of(opened_marks(EASY))
    assert app_page.locator(PANEL).is_visible(), "the hint stays"
    ask_hint(app_page)   # the whole step: what it draws is what the cells hold
    for cell, digits in app_page.evaluate(STEP_MARKS).items():
        assert marked[int(cell)][1] == digits
    assert in_address(app_page) == [c for _, c in marked]


def test_undo_takes_the_pencilled_candidates_back_in_one_change(app_page):
    assert open_text(app_page, EASY) == "ready"
    before = board(app_page)
    ask_hint(app_page)
    ask_hint(app_page)
    assert board(app_page) != before
    app_page.click("[data-action=undo]")
    assert board(app_page) == before
    app_page.click("[data-action=redo]")
    assert [c for _, c in board(app_page)] == candidates_of(opened_marks(EASY))


def test_auto_keeps_the_eliminations_a_step_made(app_page):
    """Auto on a board a step has narrowed (a grouped alternating inference chain in a hard
    sudoku): every candidate the step eliminated stays out, where the old Auto
    showed the rules' candidates from the placed digits alone."""
    step = expected_path(SUDOKU_AIC, "--max-steps", "1")["steps"][0]
    assert step["eliminations"]
    assert open_text(app_page, SUDOKU_AIC) == "ready"
    ask_hint(app_page, "step-next")
    expect(app_page.locator("[data-testid=hint-text]")).to_have_text(step["text"])
    app_page.click("[data-action=apply-hint]")
    narrowed = board(app_page)
    app_page.click("[data-action=auto-candidates]")
    auto = board(app_page)
    for cell, digit in step["eliminations"]:
        assert str(digit) not in auto[cell][1]
    for (value, was), (_, now) in zip(narrowed, auto):
        assert set(now) <= set(was) and (value or now)


def test_auto_keeps_the_readers_own_eliminations(app_page):
    """A mark the reader took out stays out when Auto is turned on; Undo turns Auto off again."""
    assert open_text(app_page, EASY) == "ready"
    app_page.click("[data-action=fill-candidates]")
    filled = board(app_page)
    cell = next(i for i, (value, candidates) in enumerate(filled) if len(candidates) >= 3)
    digit = filled[cell][1][0]
    app_page.click(f"[data-testid=grid] [data-index='{cell}']")
    app_page.keyboard.press(f"Shift+Digit{digit}")   # the reader eliminates it
    assert digit not in board(app_page)[cell][1]
    auto_button = app_page.locator("[data-action=auto-candidates]")
    auto_button.click()
    assert auto_button.get_attribute("aria-pressed") == "true"
    assert board(app_page)[cell][1] == filled[cell][1][1:]
    # a digit placed with Auto on: its peers lose it from their candidates
    other = next(i for i, (value, candidates) in enumerate(filled) if i != cell and digit in candidates)
    app_page.click(f"[data-testid=grid] [data-index='{other}']")
    app_page.keyboard.press(digit)
    assert board(app_page)[other][0] == digit
    assert not any(digit in c for i, (_, c) in enumerate(board(app_page)) if i // 9 == other // 9)
    app_page.click("[data-action=undo]")
    app_page.click("[data-action=undo]")
    assert auto_button.get_attribute("aria-pressed") == "false"
    assert digit not in board(app_page)[cell][1]


@pytest.mark.parametrize("device,width,height", [("phone", 390, 844), ("laptop", 1366, 657)])
def test_a_second_stage_hint_shows_every_candidate_on_phone_and_laptop(app_page, device, width, height):
    """The board after a stage-2 hint on a killer link without marks, on a phone and on a laptop
    screen less the browser's bar: every open cell shows its candidates, and the grid and the
    hint are both in the window (a picture to screenshots/ for a person to look at)."""
    from pathlib import Path
    shots = Path(__file__).resolve().parents[2] / "screenshots"
    shots.mkdir(exist_ok=True)
    app_page.set_viewport_size({"width": width, "height": height})
    try:
        assert open_text(app_page, KILLER["string"]) == "ready"
        ask_hint(app_page)
        ask_hint(app_page)
        assert app_page.locator(PANEL).get_attribute("data-stage") == "2"
        assert all(value or candidates for value, candidates in board(app_page))
        app_page.evaluate("window.scrollTo(0, 0)")
        grid = app_page.locator("[data-testid=grid]").bounding_box()
        panel = app_page.locator(PANEL).bounding_box()
        assert grid["x"] >= 0 and grid["x"] + grid["width"] <= width
        assert panel["x"] >= 0 and panel["x"] + panel["width"] <= width
        app_page.screenshot(path=str(shots / f"candidates-{device}-stage2.png"))
    finally:
        app_page.set_viewport_size({"width": 1280, "height": 900})
