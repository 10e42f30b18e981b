"""Colour mode: the pad's last key turns the digits into nine colours, which colour the selected
cells (another colour joins it, the same colour again takes it off), by pad or keys 1-9;
Backspace and Clear take colours off. Colours are undoable changes, kept in the saved game (a
reload and a Resume bring them back) and gone with Reset; they never touch the digits or the
puzzle string."""
from __future__ import annotations

from tests.browsers.pageutil import wait_started
from tests.e2e.test_play import S9B, cell, open_page, selected, setting, touch_screen
from tests.e2e.test_saved import open_link

PAD = "[data-testid=pad]"
MODE = f"{PAD} [data-action=colour]"


def colours(page) -> dict[str, str]:
    """The coloured cells: {"r1c2": "3", …}."""
    return dict(page.locator("[data-testid=grid] [data-cell][data-colour]").evaluate_all(
        "cells => cells.map(c => [c.dataset.cell, c.dataset.colour])"))


def colour_key(n: int) -> str:
    return f"{PAD} [data-action=colour-key][data-colour='{n}']"


def test_colour_mode_colours_the_selected_cells_and_takes_them_back(page, site):
    open_page(page, site, S9B["string"])
    assert page.locator(f"{PAD} [data-digit]").count() == 9
    page.click(MODE)
    assert page.locator(MODE).get_attribute("aria-pressed") == "true"
    assert page.locator(f"{PAD} [data-digit]").count() == 0      # the digits gave way to colours
    assert page.locator(f"{PAD} [data-action=colour-key]").count() == 9
    assert page.locator(colour_key(3)).get_attribute("aria-label") == "Orange (3)"
    page.click(cell(1, 2))
    page.click(colour_key(3))
    assert colours(page) == {"r1c2": "3"}
    assert page.locator(cell(1, 2)).get_attribute("aria-label").endswith(", coloured orange")
    paint = page.locator(cell(1, 2)).evaluate("c => getComputedStyle(c, '::before').backgroundColor")
    assert paint.startswith("rgba(247, 146, 30")                  # drawn, see-through
    assert page.locator(cell(1, 2)).get_attribute("data-value") == ""   # no digit went in
    page.click(colour_key(3))                                      # the same colour again: off
    assert colours(page) == {}
    page.click(cell(1, 1), modifiers=["Control"])                  # a given takes a colour too
    page.keyboard.press("7")                                       # keys 1-9 are colours here
    assert colours(page) == {"r1c1": "7", "r1c2": "7"}
    assert page.locator(cell(1, 1)).get_attribute("data-value") == "3"
    page.click(cell(1, 2))
    page.keyboard.press("Backspace")                               # off again, the given's stays
    assert colours(page) == {"r1c1": "7"}
    page.click("[data-action=undo]")
    assert colours(page) == {"r1c1": "7", "r1c2": "7"}
    page.click("[data-action=redo]")
    assert colours(page) == {"r1c1": "7"}
    page.click(MODE)                                               # digits again; colours stay
    assert page.locator(f"{PAD} [data-digit]").count() == 9 and colours(page) == {"r1c1": "7"}
    page.keyboard.press("4")
    assert page.locator(cell(1, 2)).get_attribute("data-value") == "4"
    page.click("[data-action=undo]")                               # undo goes back through both
    page.click("[data-action=undo]")
    assert colours(page) == {"r1c1": "7", "r1c2": "7"}
    assert page.locator(cell(1, 2)).get_attribute("data-value") == ""


def test_pencil_mode_and_colour_mode_take_turns_and_clear_removes_every_colour(page, site):
    open_page(page, site, S9B["string"])
    page.click(MODE)
    page.click(cell(2, 1))
    page.click(colour_key(5))
    page.click(cell(3, 1))
    page.click(colour_key(2))
    page.click(cell(1, 2))
    page.keyboard.press("Shift+Digit4")                            # Shift+digit is still a mark
    assert page.locator(cell(1, 2)).get_attribute("data-candidates") == "4"
    page.click("[data-action=pencil]")                             # Pencil ends Colour mode
    assert page.locator(MODE).get_attribute("aria-pressed") == "false"
    page.keyboard.press("6")
    assert page.locator(cell(1, 2)).get_attribute("data-candidates") == "46"
    assert colours(page) == {"r2c1": "5", "r3c1": "2"}
    page.keyboard.press("v")                                       # V, as the key does: Colour
    assert page.locator(MODE).get_attribute("aria-pressed") == "true"   # mode ends Pencil mode
    assert page.locator("[data-action=pencil]").get_attribute("aria-pressed") == "false"
    page.click("[data-action=clear-marks]")                        # in Colour mode: the colours
    assert colours(page) == {}
    assert page.locator(cell(1, 2)).get_attribute("data-candidates") == "46"
    page.click("[data-action=undo]")
    assert colours(page) == {"r2c1": "5", "r3c1": "2"}


def test_colours_are_kept_in_the_saved_game_and_reset_removes_them(page, site):
    open_link(page, site, S9B["string"])
    page.click(MODE)
    page.click(cell(1, 2))
    page.click(colour_key(9))
    page.reload()                                                  # nothing but a colour: kept
    assert wait_started(page) == "ready"
    assert colours(page) == {"r1c2": "9"}
    page.click(cell(2, 1))
    page.keyboard.press("5")                                       # (digits again after a reload)
    assert page.locator(cell(2, 1)).get_attribute("data-value") == "5"
    open_link(page, site, S9B["string"])                          # the link again: offered
    assert colours(page) == {}
    offer = page.locator("[data-testid=resume]")
    assert "1 digit placed, 1 cell coloured" in offer.text_content()
    page.click("[data-action=resume-game]")
    assert colours(page) == {"r1c2": "9"}
    assert page.locator(cell(2, 1)).get_attribute("data-value") == "5"
    page.click("[data-action=reset]")                              # as the link opened: no colour
    assert colours(page) == {} and page.locator(cell(2, 1)).get_attribute("data-value") == ""
    assert page.locator("[data-action=reset]").is_disabled()
    open_link(page, site, S9B["string"])
    assert not page.locator("[data-testid=resume]").is_visible()   # nothing left to offer


def test_a_cell_holds_several_colours_drawn_as_wedges(page, site):
    """Another colour joins a cell's colour (as in SudokuPad), so two colourings can overlap; a
    colour goes on every selected cell unless all have it, then off all; Backspace takes every
    colour off. Kept in the saved game, and a game an older page saved (one character a cell)
    still opens with its colours."""
    open_link(page, site, S9B["string"])
    page.click(MODE)
    page.click(cell(1, 2))
    page.click(colour_key(2))
    page.click(colour_key(5))                                      # green joins red
    assert colours(page) == {"r1c2": "25"}
    assert page.locator(cell(1, 2)).get_attribute("aria-label").endswith(", coloured red and green")
    image = page.locator(cell(1, 2)).evaluate("c => getComputedStyle(c, '::before').backgroundImage")
    assert image.startswith("conic-gradient(from 45deg") and "rgba(232, 72, 62" in image and "rgba(70, 185, 80" in image
    page.click(cell(1, 3), modifiers=["Control"])
    page.keyboard.press("2")                                       # not on both yet: on both
    assert colours(page) == {"r1c2": "25", "r1c3": "2"}
    page.keyboard.press("2")                                       # on both: off both
    assert colours(page) == {"r1c2": "5"}
    assert page.locator(cell(1, 2)).evaluate("c => getComputedStyle(c, '::before').backgroundImage") == "none"
    page.keyboard.press("7")
    assert colours(page) == {"r1c2": "57", "r1c3": "7"}
    page.keyboard.press("Backspace")                               # every colour off
    assert colours(page) == {}
    page.click("[data-action=undo]")
    assert colours(page) == {"r1c2": "57", "r1c3": "7"}
    page.reload()
    assert wait_started(page) == "ready"
    assert colours(page) == {"r1c2": "57", "r1c3": "7"}
    page.goto(site.url)                                            # a game saved by an older page
    assert wait_started(page) == "ready"
    page.evaluate("""() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith("puzzle-viewer:game:"));
        const game = JSON.parse(localStorage.getItem(key));
        game.colours = "4" + "0".repeat(80);
        localStorage.setItem(key, JSON.stringify(game));
    }""")
    open_link(page, site, S9B["string"])
    assert colours(page) == {"r1c1": "4"}


def test_an_embed_has_no_colour_mode(page, site):
    open_page(page, site, S9B["string"], "&embed=1")
    assert page.locator(f"{PAD} [data-digit]").count() == 9
    assert page.locator(MODE).count() == 0


def test_a_double_click_on_a_digit_selects_every_cell_holding_it(page, site):
    open_page(page, site, S9B["string"])
    page.click(cell(1, 2))
    page.keyboard.press("6")                                       # a placed 6 counts too
    page.dblclick(cell(1, 5))                                      # a given 6
    sixes = page.locator("[data-testid=grid] [data-cell]").evaluate_all(
        "cs => cs.filter(c => c.dataset.value === '6').map(c => c.dataset.cell).sort()")
    assert len(sixes) >= 3
    assert sorted(page.locator("[aria-selected=true]").evaluate_all("cs => cs.map(c => c.dataset.cell)")) == sixes
    page.click(MODE)
    page.click(colour_key(4))                                      # all of them coloured at once
    assert sorted(colours(page)) == sixes


def test_with_digit_first_a_picked_colour_goes_where_the_taps_and_drags_say(page, site):
    open_page(page, site, S9B["string"])
    setting(page, "digitFirst", True)
    page.click(MODE)
    page.click(cell(1, 2))
    page.click(colour_key(3))                                      # picked: the selection goes
    assert selected(page) == [] and colours(page) == {}
    assert page.locator(colour_key(3)).get_attribute("aria-pressed") == "true"
    page.click(cell(1, 2))
    assert colours(page) == {"r1c2": "3"} and selected(page) == []
    page.click(cell(1, 2))                                         # the same colour again: off
    assert colours(page) == {}
    page.hover(cell(2, 1))
    page.mouse.down()                                              # a drag colours every cell passed
    page.hover(cell(2, 2))
    page.hover(cell(2, 3))
    page.mouse.up()
    assert colours(page) == {"r2c1": "3", "r2c2": "3", "r2c3": "3"}
    page.hover(cell(2, 3))
    page.mouse.down()                                              # from a coloured cell: off again
    page.hover(cell(2, 2))
    page.mouse.up()
    assert colours(page) == {"r2c1": "3"}
    page.click("[data-action=undo]")                               # a stroke is one change
    assert colours(page) == {"r2c1": "3", "r2c2": "3", "r2c3": "3"}
    page.keyboard.press("5")                                       # a key picks a colour too
    page.click(cell(1, 1))                                         # (a given takes one as well)
    assert colours(page)["r1c1"] == "5" and selected(page) == []
    page.hover(cell(2, 1))
    page.mouse.down()                                              # over coloured cells: it joins
    page.hover(cell(2, 2))
    page.mouse.up()
    assert colours(page) == {"r1c1": "5", "r2c1": "35", "r2c2": "35", "r2c3": "3"}
    page.click("[data-action=undo]")
    page.keyboard.press("Escape")                                  # put down: taps select again
    assert page.locator(colour_key(5)).get_attribute("aria-pressed") == "false"
    page.click(cell(1, 3))
    assert selected(page) == ["r1c3"] and "r1c3" not in colours(page)
    page.click(colour_key(7))                                      # picked again, the cell let go
    page.click(MODE)                                               # digits: the colour is put down
    page.click(cell(1, 3))
    assert selected(page) == ["r1c3"] and "r1c3" not in colours(page)


TWO_TAPS = """([selector, gap]) => new Promise((done) => {
  // Two taps as iOS reports them: pointer events and a click each, no dblclick.
  const cell = document.querySelector(selector), box = cell.getBoundingClientRect();
  const at = { bubbles: true, pointerType: "touch", clientX: box.x + 5, clientY: box.y + 5 };
  const tap = () => {
    cell.dispatchEvent(new PointerEvent("pointerdown", at));
    cell.dispatchEvent(new PointerEvent("pointerup", at));
    cell.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  };
  tap();
  setTimeout(() => { tap(); done(); }, gap);
})"""


def test_a_double_tap_on_a_digit_selects_every_cell_holding_it(browser, site):
    with touch_screen(browser, site, is_mobile=True) as page:
        open_page(page, site, S9B["string"])
        sixes = page.locator("[data-testid=grid] [data-cell]").evaluate_all(
            "cs => cs.filter(c => c.dataset.value === '6').map(c => c.dataset.cell).sort()")
        assert len(sixes) >= 2
        page.evaluate(TWO_TAPS, [cell(1, 5), 150])                     # a given 6, twice
        assert selected(page) == sixes
        page.evaluate(TWO_TAPS, [cell(1, 5), 700])                     # two taps apart: one cell
        assert selected(page) == ["r1c5"]
        page.evaluate(TWO_TAPS, [cell(1, 2), 150])                     # an open cell: just that one
        assert selected(page) == ["r1c2"]
        # Real touches (Chromium's input pipeline): the same, and the board asks the browser not to
        # zoom on a double tap (as iOS Safari otherwise does).
        touch = page.context.new_cdp_session(page)

        def tap(selector):
            box = page.locator(selector).bounding_box()
            point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
            touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
            touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        # The page sees each tap's click; on a loaded machine the two may reach it more than
        # DOUBLE_TAP_MS apart, which is two single taps: then the pair is tapped again.
        page.evaluate("""() => document.querySelector('[data-testid=grid]')
            .addEventListener('click', (e) => window.tapTimes.push(e.timeStamp), true)""")
        for _ in range(3):
            page.evaluate("window.tapTimes = []")
            tap(cell(1, 5))
            page.wait_for_timeout(120)
            tap(cell(1, 5))
            page.wait_for_timeout(500)
            times = page.evaluate("window.tapTimes")
            if len(times) == 2 and times[1] - times[0] < 400:
                break
        assert len(times) == 2 and times[1] - times[0] < 400, times
        assert selected(page) == sixes
        assert page.locator(".board").evaluate("b => getComputedStyle(b).touchAction") == "manipulation"
