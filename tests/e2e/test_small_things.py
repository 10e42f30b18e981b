"""Small things people notice (issue 41 §5): Reset is one undoable change, the clock included;
a paused game hides the hint with the board; the hint's Previous step keeps its name on a phone;
a game finished by Solve is listed as solved by the solver; a long press starts a new selection of
several cells rather than adding to the one cell a tap selected."""
from __future__ import annotations

import pytest

from tests.browsers.pageutil import ask_hint, open_text, wait_started
from tests.e2e.test_clock import moved_on, seconds
from tests.e2e.test_hint import EASY
from tests.e2e.test_play import KILLER, LONG_PRESS, S9B, cell, open_page, touch_screen

PANEL = "[data-testid=hint]"
CLOCK = "[data-testid=clock]"


def values(page) -> list[str]:
    return page.locator("[data-testid=grid] [data-cell]").evaluate_all("cs => cs.map(c => c.dataset.value)")


def selected(page) -> list[str]:
    return page.locator("[data-testid=grid] .cell.selected").evaluate_all("cs => cs.map(c => c.dataset.cell)")


def test_reset_is_one_undoable_change_and_undo_puts_the_clock_back(clocked_page, site):
    page = clocked_page
    open_page(page, site, S9B["string"])
    opened = values(page)
    moved_on(page, "01:40")
    page.click(cell(1, 2))
    page.keyboard.press("4")
    played, before = values(page), seconds(page)
    assert before >= 100
    page.click("[data-action=reset]")
    assert values(page) == opened and seconds(page) <= 2
    page.click("[data-action=undo]")
    assert values(page) == played
    assert before <= seconds(page) <= before + 3, "Undo puts the time back with the position"
    page.click("[data-action=redo]")
    assert values(page) == opened and seconds(page) <= 3


def test_a_paused_game_hides_the_hint_with_the_board(app_page):
    assert open_text(app_page, EASY) == "ready"
    ask_hint(app_page)
    panel = app_page.locator(PANEL)
    assert panel.is_visible()
    app_page.click(CLOCK)
    assert app_page.locator(".pause-cover").is_visible()
    assert panel.is_hidden(), "the hint says where to look: it goes with the board"
    app_page.click(".pause-cover")
    assert panel.is_visible() and panel.get_attribute("data-stage") == "1"


def test_a_closed_hint_stays_closed_after_a_pause(app_page):
    assert open_text(app_page, EASY) == "ready"
    ask_hint(app_page)
    app_page.click("[data-action=hint-close]")
    app_page.click(CLOCK)
    app_page.click(".pause-cover")
    assert app_page.locator(PANEL).is_hidden()


@pytest.mark.parametrize("width,height,label", [(390, 844, "Previous"), (1366, 657, "Previous step")])
def test_previous_step_keeps_its_name_on_a_phone(app_page, width, height, label):
    app_page.set_viewport_size({"width": width, "height": height})
    try:
        assert open_text(app_page, EASY) == "ready"
        back = app_page.locator("[data-action=step-back]")
        assert back.inner_text().strip() == label
        assert back.get_attribute("aria-label") == "Previous step"
        assert "Back" not in app_page.locator("[data-testid=toolbar]").inner_text()
    finally:
        app_page.set_viewport_size({"width": 1280, "height": 900})


def test_a_game_finished_by_solve_is_listed_as_solved_by_the_solver(page, site):
    open_page(page, site, S9B["string"])
    page.click(cell(1, 2))
    page.keyboard.press("4")                        # a game of the sudoku, played a little
    open_page(page, site, KILLER["string"])
    page.click("[data-action=solve]")               # the killer: finished by the solver
    page.locator("[data-testid=status][data-state=solved]").wait_for()
    page.goto(site.url)
    assert wait_started(page) == "ready"
    games = page.locator("[data-testid=games] li")
    games.nth(1).wait_for()
    what = dict(zip(page.locator("[data-testid=games] .game-head a").all_text_contents(),
                    page.locator("[data-testid=games] .game-what").all_text_contents()))
    assert what["Killer Sudoku 9\u00d79"].startswith("solved by the solver")
    assert not what["Sudoku 9\u00d79"].startswith("solved")


def test_a_long_press_starts_a_new_selection_after_a_tap(browser, site):
    with touch_screen(browser, site) as page:
        open_page(page, site, KILLER["string"])
        page.tap(cell(1, 1))                        # one cell, by a tap
        page.evaluate(LONG_PRESS, [cell(5, 5), 0])  # a long press elsewhere: a new selection
        assert selected(page) == ["r5c5"]
        page.evaluate(LONG_PRESS, [cell(5, 6), 0])  # and further long presses add to it
        page.evaluate(LONG_PRESS, [cell(6, 5), 0])
        assert selected(page) == ["r5c5", "r5c6", "r6c5"]
        page.evaluate(LONG_PRESS, [cell(5, 6), 0])  # or take a cell out
        assert selected(page) == ["r5c5", "r6c5"]
        page.tap(cell(9, 9))
        assert selected(page) == ["r9c9"]
