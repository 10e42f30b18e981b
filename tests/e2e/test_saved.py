"""A game played on this device is offered again when the same puzzle's link is opened later
(web/saved.js): Resume puts it back as one undoable change, Start afresh keeps the link's
position, a reload (whose address carries the game) or Reset offers nothing."""
from __future__ import annotations

from pycore.codec import decode

from tests.corpus import REAL
from tests.browsers.pageutil import wait_started

S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
KILLER = next(e for e in REAL if e["name"].startswith("L9B"))["string"]
OFFER = "[data-testid=resume]"


def open_link(page, site, text: str) -> None:
    page.goto(f"{site.url}?bd={text}")
    assert wait_started(page) == "ready"


def values(page) -> list[str]:
    return page.locator("[data-testid=grid] [data-cell]").evaluate_all(
        "cells => cells.map(c => c.dataset.value || '')")


def play(page) -> list[str]:
    """Places 4 in A2 and 5 in B1 (open cells of S9B) and pencil-marks C1; the values after."""
    page.click("[data-cell=r1c2]")
    page.keyboard.press("4")
    page.click("[data-cell=r2c1]")
    page.keyboard.press("5")
    page.click("[data-cell=r3c1]")
    page.keyboard.press("Shift+Digit7")
    return values(page)


def test_reopening_the_link_offers_the_saved_game_and_resume_is_undoable(page, site):
    open_link(page, site, S9B)
    opened = values(page)
    assert not page.locator(OFFER).is_visible()   # nothing played yet
    played = play(page)
    assert played[1] == "4" and played[9] == "5"
    open_link(page, site, S9B)   # the same link, as from the e-mail it came in
    assert values(page) == opened
    offer = page.locator(OFFER)
    assert offer.is_visible()
    assert "2 digits placed, 1 cell pencil-marked" in offer.text_content()
    page.click("[data-action=resume-game]")
    assert not offer.is_visible()
    assert values(page) == played
    assert page.locator("[data-cell=r3c1]").get_attribute("data-candidates") == "7"
    page.click("[data-action=undo]")
    assert values(page) == opened


def test_a_reload_offers_nothing_and_start_afresh_keeps_the_link_position(page, site):
    open_link(page, site, S9B)
    opened = values(page)
    played = play(page)
    page.reload()
    assert wait_started(page) == "ready"
    assert values(page) == played and not page.locator(OFFER).is_visible()
    open_link(page, site, S9B)
    page.click("[data-action=dismiss-game]")
    assert not page.locator(OFFER).is_visible() and values(page) == opened
    # Playing afresh replaces the saved game; taking every change back forgets it.
    page.click("[data-cell=r1c2]")
    page.keyboard.press("4")
    page.click("[data-action=reset]")
    open_link(page, site, S9B)
    assert not page.locator(OFFER).is_visible()


def test_each_puzzle_keeps_its_own_game_and_embeds_offer_none(page, site):
    open_link(page, site, S9B)
    play(page)
    open_link(page, site, KILLER)
    assert not page.locator(OFFER).is_visible()   # another puzzle: no game of it yet
    page.goto(f"{site.url}?bd={S9B}&embed=1")
    assert wait_started(page) == "ready"
    assert not page.locator(OFFER).is_visible()   # a blog's frame has room for the grid only
    open_link(page, site, S9B)
    assert page.locator(OFFER).is_visible()


def test_only_the_fifty_most_recent_games_are_kept(page, site):
    open_link(page, site, S9B)
    page.evaluate("""() => {
        for (let i = 0; i < 60; i++) localStorage.setItem('puzzle-viewer:game:old' + i,
            JSON.stringify({ progress: ['.'], saved: 1000 + i }));
        localStorage.setItem('someone-else', 'kept');   // not a game: never touched
    }""")
    play(page)
    games = page.evaluate("""() => Object.keys(localStorage)
        .filter((k) => k.startsWith('puzzle-viewer:game:'))""")
    assert len(games) == 50
    assert not any(name.endswith(("old0", "old10")) for name in games)   # the oldest went first
    assert "puzzle-viewer:game:old59" in games and any("old" not in name for name in games)
    assert page.evaluate("localStorage.getItem('someone-else')") == "kept"
    page.evaluate("localStorage.removeItem('someone-else')")


def test_the_start_page_lists_the_saved_games_to_go_on_with_or_forget(page, site):
    page.goto(site.url)
    assert wait_started(page) == "ready"
    games = page.locator("[data-testid=games]")
    assert games.is_hidden()                       # none yet
    open_link(page, site, S9B)
    played = play(page)
    open_link(page, site, KILLER)
    page.click("[data-cell=r1c1]")
    page.keyboard.press("Shift+Digit9")            # a mark: a game of the killer too,
    page.click("[data-testid=pad] [data-action=colour]")
    page.keyboard.press("3")                       # and A1 coloured orange,
    page.click("[data-cell=r1c2]")
    page.keyboard.press("2")                       # A2 red and green
    page.keyboard.press("5")
    page.click("[data-testid=pad] [data-action=colour]")
    page.goto(site.url)
    assert wait_started(page) == "ready"
    entries = games.locator("li")
    entries.nth(1).wait_for()                      # (games.js is loaded for the start page only)
    assert entries.count() == 2
    open_cells = {text: sum(not g for g in decode(text)[0].givens) for text in (S9B, KILLER)}
    assert open_cells[KILLER] == 81                # (its link has 3 digits placed already)
    names = games.locator(".game-head a").all_text_contents()
    assert names == ["Killer Sudoku 9\u00d79", "Sudoku 9\u00d79"]   # the newest first
    what = games.locator(".game-what").all_text_contents()
    assert what[0].startswith("3 of 81 open cells filled, ")
    assert what[1].startswith(f"2 of {open_cells[S9B]} open cells filled, ")
    # a small picture of each: the givens in ink, the digits placed in blue (A2's 4 and B1's 5)
    picture = entries.nth(1).locator("svg.game-thumb")
    assert picture.locator("text.solved").all_text_contents() == ["4", "5"]
    assert picture.locator("text.given").count() == sum(bool(g) for g in decode(S9B)[0].givens)
    killer_picture = entries.nth(0).locator("svg.game-thumb")
    # A1 a square, A2 two halves split along its diagonal
    assert killer_picture.locator("polygon[data-colour]").evaluate_all(
        "ps => ps.map(p => [p.getAttribute('points'), p.dataset.colour])") == [
        ["0,0 1,0 1,1 0,1", "3"], ["1.5,0.5 2,0 2,1 1,1", "2"], ["1.5,0.5 1,1 1,0 2,0", "5"]]
    entries.nth(1).locator(".game-head a").click()   # straight into the game, no offer to resume
    page.locator("[data-testid=grid]").wait_for()
    assert values(page) == played and not page.locator(OFFER).is_visible()
    assert page.locator("[data-cell=r3c1]").get_attribute("data-candidates") == "7"
    page.go_back()                                 # the list again: forget the sudoku's game
    page.wait_for_function("document.querySelectorAll('[data-testid=games] li').length === 2")
    names = games.locator(".game-head a").all_text_contents()   # (that look made it the newest)
    entries.nth(names.index("Sudoku 9\u00d79")).locator("[data-action=forget-game]").click()
    assert games.locator(".game-head a").all_text_contents() == ["Killer Sudoku 9\u00d79"]
    open_link(page, site, S9B)
    assert not page.locator(OFFER).is_visible()    # forgotten


def test_the_fifty_most_recent_games_are_kept(page, site):
    open_link(page, site, S9B)
    # 55 older games of other puzzles (keys no puzzle has: the list leaves them out)
    page.evaluate("""() => { for (let i = 0; i < 55; i++) localStorage.setItem('puzzle-viewer:game:old' + i,
        JSON.stringify({ progress: ['.'], saved: 1000 + i, seconds: 0 })); }""")
    play(page)                                      # saves this game, the newest: 56 in all
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('puzzle-viewer:game:'))""")
    assert len(kept) == 50
    assert sum(not key.startswith("puzzle-viewer:game:old") for key in kept) == 1   # this one
    assert {f"puzzle-viewer:game:old{i}" for i in range(6, 55)} <= set(kept)       # the 49 newest old


def test_a_reload_keeps_undo_and_redo(page, site):
    open_link(page, site, S9B)
    opened = values(page)
    played = play(page)                            # three changes
    page.click("[data-action=undo]")               # one of them undone: redo has it
    page.reload()
    assert wait_started(page) == "ready"
    assert page.locator("[data-action=undo]").is_enabled() and page.locator("[data-action=redo]").is_enabled()
    page.click("[data-action=redo]")
    assert page.locator("[data-cell=r3c1]").get_attribute("data-candidates") == "7"
    assert values(page) == played
    for _ in range(3):
        page.click("[data-action=undo]")
    assert values(page) == opened and page.locator("[data-action=undo]").is_disabled()
    page.reload()                                  # all undone: the history is kept too
    assert wait_started(page) == "ready"
    assert page.locator("[data-action=redo]").is_enabled()
    page.click("[data-action=redo]")
    page.fill("#puzzle-input", KILLER)             # another puzzle in this tab, then Back
    page.click("button[type=submit]")
    page.wait_for_function("document.title.startsWith('Killer')")
    page.go_back()
    page.wait_for_function("document.title.startsWith('Sudoku')")
    assert page.locator("[data-action=undo]").is_enabled() and page.locator("[data-action=redo]").is_enabled()
    other = page.context.new_page()                # another tab has its own history: none there
    open_link(other, site, S9B)
    assert other.locator("[data-action=undo]").is_disabled() and other.locator("[data-action=redo]").is_disabled()
