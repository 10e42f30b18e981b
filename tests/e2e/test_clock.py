"""The clock beside the status (web/clock.js): it counts while the reader can play, pausing
covers the board and takes its input away, a page out of sight stops it, the last digit stops it
and the status says the time, and the saved game carries it over a reload and a Resume. The
browser's time is Playwright's fake clock, moved on by hand, so no test waits for real minutes."""
from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import forget_games, guarded_context
from tests.browsers.pageutil import wait_started
from tests.e2e.test_play import S9B, all_but_one, cell, name, open_page

CLOCK = "[data-testid=clock]"
STATUS = "[data-testid=status]"


@pytest.fixture(scope="module")
def clocked(browser, site):
    """A context of its own: the fake clock is installed in every page of the context it is in."""
    context, guard = guarded_context(browser, site, viewport={"width": 1280, "height": 900})
    context.clock.install()
    yield context
    context.close()
    guard.check()


@pytest.fixture
def page(clocked, site):
    page = clocked.new_page()
    yield page
    forget_games([page], site.origin, closing=True)
    page.close()


def seconds(page) -> int:
    """The clock's figure in seconds ("1:05" -> 65, "1:02:05" -> 3725)."""
    total = 0
    for part in page.locator(f"{CLOCK} .clock-time").text_content().split(":"):
        total = total * 60 + int(part)
    return total


def moved_on(page, clock_time: str) -> int:
    """Moves the browser's time on by `clock_time` ("mm:ss"); returns how far the clock moved.
    Real time flows too (a second or two while the page works), hence the ranges below."""
    before = seconds(page)
    page.clock.fast_forward(clock_time)
    page.wait_for_timeout(50)
    return seconds(page) - before


def test_the_clock_counts_while_playing_and_a_pause_covers_the_board(page, site):
    open_page(page, site, S9B["string"])
    clock = page.locator(CLOCK)
    assert clock.is_visible() and clock.get_attribute("aria-pressed") == "false"
    assert 65 <= moved_on(page, "01:05") <= 67
    page.click(cell(1, 2))   # an open cell, selected before the pause
    clock.click()
    assert clock.get_attribute("aria-pressed") == "true"
    assert page.locator(".pause-cover").is_visible()
    assert not page.locator(cell(5, 5)).is_visible()          # the digits are hidden
    assert page.locator("[data-action=hint]").evaluate("b => b.closest('[inert]') !== null")
    assert page.locator("[data-testid=pad]").evaluate("p => p.inert")
    page.keyboard.press("4")                                   # no input while paused
    assert moved_on(page, "01:00") == 0
    page.click(".pause-cover")
    assert clock.get_attribute("aria-pressed") == "false"
    assert page.locator(cell(5, 5)).is_visible() and page.locator(".pause-cover").count() == 0
    assert page.locator(cell(1, 2)).get_attribute("data-value") == ""
    assert 10 <= moved_on(page, "00:10") <= 12
    page.keyboard.press("4")                                   # the selection is still there
    assert page.locator(cell(1, 2)).get_attribute("data-value") == "4"


HIDE = """hidden => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_a_page_out_of_sight_stops_the_clock(page, site):
    open_page(page, site, S9B["string"])
    assert 30 <= moved_on(page, "00:30") <= 32
    page.evaluate(HIDE, True)      # another tab, a minimised window, a locked phone
    assert moved_on(page, "10:00") == 0
    page.evaluate(HIDE, False)
    assert 5 <= moved_on(page, "00:05") <= 7


def test_the_last_digit_stops_the_clock_and_the_status_says_the_time(page, site):
    text, last = all_but_one(S9B)
    open_page(page, site, text)
    moved_on(page, "02:30")
    page.click(name(last))
    page.keyboard.press(S9B["solution"][last])
    status = page.locator(STATUS)
    assert status.get_attribute("data-state") == "solved"
    time = page.locator(f"{CLOCK} .clock-time").text_content()
    assert status.text_content().startswith(f"Solved in {time} \u2014")
    assert 150 <= seconds(page) <= 155
    assert page.locator(CLOCK).is_disabled()                   # nothing left to pause
    assert moved_on(page, "05:00") == 0
    page.click("[data-action=undo]")                           # not solved any more: it runs again
    assert 5 <= moved_on(page, "00:05") <= 7


def test_the_saved_game_keeps_its_time_over_a_reload_and_a_resume_and_reset_starts_again(page, site):
    open_page(page, site, S9B["string"])
    moved_on(page, "01:40")
    page.click(cell(1, 2))
    page.keyboard.press("4")            # a change: the game (and its time) is saved
    played = seconds(page)
    assert played >= 100
    page.reload()                       # the address keeps the game; the clock goes on from it
    assert wait_started(page) == "ready"
    assert played <= seconds(page) <= played + 5
    moved_on(page, "00:20")
    page.evaluate(HIDE, True)           # the page goes out of sight: the time so far is saved
    page.evaluate(HIDE, False)
    kept = seconds(page)
    open_page(page, site, S9B["string"])   # the link again, as from the e-mail it came in
    assert seconds(page) <= 5              # a new look at the puzzle, until Resume
    offer = page.locator("[data-testid=resume]")
    assert offer.is_visible()
    said = re.search(r"(\d+):(\d\d) on the clock", offer.text_content())
    assert said and kept <= int(said[1]) * 60 + int(said[2]) <= kept + 3
    page.click("[data-action=resume-game]")
    assert kept <= seconds(page) <= kept + 5
    page.click("[data-action=reset]")
    assert seconds(page) <= 2


def test_an_embed_has_no_clock(page, site):
    open_page(page, site, S9B["string"], "&embed=1")
    assert page.locator(CLOCK).is_hidden()


def test_a_pause_is_kept_over_a_reload(page, site):
    open_page(page, site, S9B["string"])
    moved_on(page, "00:40")
    page.click(cell(1, 2))
    page.keyboard.press("4")
    page.click(CLOCK)                   # paused, then the page goes (a reload, a closed tab)
    paused_at = seconds(page)
    page.reload()
    assert wait_started(page) == "ready"
    assert page.locator(".pause-cover").is_visible()          # still paused, the board covered
    assert page.locator(CLOCK).get_attribute("aria-pressed") == "true"
    assert seconds(page) == paused_at and moved_on(page, "01:00") == 0
    page.click(".pause-cover")
    assert 5 <= moved_on(page, "00:05") <= 7
    page.reload()                       # going on was saved too: it runs at once
    assert wait_started(page) == "ready"
    assert page.locator(".pause-cover").count() == 0 and 5 <= moved_on(page, "00:05") <= 7
