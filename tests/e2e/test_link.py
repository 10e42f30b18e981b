"""Issue 42 in the page (Chromium).

- One reading of a link: `?BD=`, `?%62d=` and `?bd=X&bd=Y` open what the command line decodes
  from the same query, and the first paint (web/index.html's inline script) drew that puzzle's
  outline and name (pycore.codec.source.read_link: names in any case, percent-decoded, the first
  of a repeated parameter).
- Lose nothing: a cell marked with every digit survives a reload of the page's own address, with
  the undo history and the clock, and no "saved game" offer, and so does the start page's link
  to the game (the address carries `fullmarks=1`, pycore.api.share; a SudokuWiki string alone
  reads such a set as no marks)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browsers.pageutil import wait_started
from tests.corpus import REAL

ROOT = Path(__file__).resolve().parents[2]
S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
KILLER = next(e for e in REAL if e["name"].startswith("L9B"))["string"]
KENKEN = next(e for e in REAL if e["kind"] == "kenken")["string"]   # 6×6

# What the inline script drew before any module arrived, caught as it goes in (app.js then
# replaces it): the outline's size and the name in its caption.
CATCH_FIRST_PAINT = """
new MutationObserver((changes, observer) => {
  const boot = document.querySelector('[data-testid=boot]');
  if (!boot || window.firstPaint) return;
  const outline = boot.querySelector('[data-testid=grid-outline]');
  window.firstPaint = { n: outline ? Number(outline.style.getPropertyValue('--n')) : 0,
                        name: boot.querySelector('strong')?.textContent ?? '' };
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""


def command_line_decode(query: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "pycore", "decode", query], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def shown(page) -> list[str]:
    """Per cell, its digit or, when it has none, its pencil marks: what the page shows."""
    return page.locator("[data-testid=grid] [data-cell]").evaluate_all(
        "cells => cells.map(c => c.dataset.value || 'c' + (c.dataset.candidates || ''))")


def as_shown(progress: list[str], size: int) -> list[str]:
    """The command line's progress notes as the page shows them (a set of every digit as no
    marks: the opening position of a SudokuWiki string)."""
    return [note[1:] if note[0] in "gs" else "c" + (note[1:] if len(note) - 1 < size else "")
            for note in progress]


@pytest.mark.parametrize("query", [f"?BD={S9B}", f"?%62d={S9B}", f"?bd={KENKEN}&bd={KILLER}",
                                   f"?Bd={KENKEN}&bd={S9B}&embed=1"])
def test_every_spelling_of_a_link_opens_what_the_command_line_decodes(page, site, query):
    page.add_init_script(CATCH_FIRST_PAINT)
    page.goto(site.url + query)
    assert wait_started(page) == "ready"
    decoded = command_line_decode(query)
    n = decoded["size"]
    assert page.locator("[data-testid=grid] [data-cell]").count() == n * n
    assert shown(page) == as_shown(decoded["progress"], n)
    assert page.locator("[data-testid=grid] [data-cage-label]").count() == len(decoded["cages"])
    kind = {"sudoku": "Sudoku", "killer": "Killer Sudoku", "kenken": "KenKen"}[decoded["kind"]]
    assert page.title().startswith(f"{kind} {n}\u00d7{n}")
    assert page.evaluate("window.firstPaint") == {"n": n, "name": f"{kind} {n}\u00d7{n}"}


# ---- full marks over a reload ----------------------------------------------------------------

def clock_seconds(page) -> int:
    minutes, seconds = page.locator("[data-testid=clock] .clock-time").text_content().split(":")[-2:]
    return int(minutes) * 60 + int(seconds)


def undo_depth(page) -> int:
    """How many times Undo can go back (pressed while it is enabled; then Redo as often)."""
    depth = 0
    while depth < 50 and page.locator("[data-action=undo]").is_enabled():
        page.click("[data-action=undo]")
        depth += 1
    for _ in range(depth):
        page.click("[data-action=redo]")
    return depth


def test_full_marks_survive_a_reload_with_their_history_and_clock(clocked_page, site):
    page = clocked_page
    page.goto(f"{site.url}?bd={KILLER}")
    assert wait_started(page) == "ready"
    cell = page.locator("[data-testid=grid] [data-cell][data-value='']").first
    cell.click()
    for digit in range(1, 10):
        page.keyboard.press(f"Shift+Digit{digit}")
    assert cell.get_attribute("data-candidates") == "123456789"
    page.clock.fast_forward("00:30")
    page.wait_for_timeout(50)
    played, ticked = shown(page), clock_seconds(page)
    assert ticked >= 30
    page.reload()
    assert wait_started(page) == "ready"
    assert shown(page) == played
    assert cell.get_attribute("data-candidates") == "123456789"
    assert ticked <= clock_seconds(page) <= ticked + 5
    assert not page.locator("[data-testid=resume]").is_visible()   # a reload offers nothing
    assert page.locator("[data-action=undo]").is_enabled()          # (its depth: below)
    assert "fullmarks=1" in page.evaluate("location.search")   # how: the address says so
    # the start page's list of games links to it the same way (games.js)
    page.goto(site.url)
    assert wait_started(page) == "ready"
    page.locator("[data-testid=games] .game-head a").first.click()
    page.locator("[data-testid=grid]").wait_for()
    assert wait_started(page) == "ready"
    assert shown(page) == played and not page.locator("[data-testid=resume]").is_visible()
    assert ticked <= clock_seconds(page) <= ticked + 5
    assert undo_depth(page) == 9   # (back at the position opened, Undo's last step forgets the game)
    assert shown(page) == played
