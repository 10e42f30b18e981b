"""Issue 9 in the page: Solve on a puzzle whose set-up or search is long says `solving` from the
click, shows Cancel at once, and Cancel works within a quarter of a second, set-up included
(a KenKen with an 18-cell sum cage once froze the tab for minutes with the status still `ready`)."""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from pycore.codec import encode
from pycore.model import Cage, Puzzle

STATUS = "[data-testid=status]"


def kenken_with_big_sum_cage(n: int, total_extra: int = 0) -> str:
    """Rows 1-2 one "+" cage (2n cells); the other rows in two-cell "+" cages of a cyclic Latin square."""
    value = lambda c: (c // n + c % n) % n + 1  # noqa: E731
    cages = [Cage(tuple(range(2 * n)), n * (n + 1) + total_extra, "+")]
    for r in range(2, n):
        for c in range(0, n - 1, 2):
            cells = (r * n + c, r * n + c + 1)
            cages.append(Cage(cells, value(cells[0]) + value(cells[1]), "+"))
        if n % 2:
            cages.append(Cage((r * n + n - 1,), value(r * n + n - 1)))
    return encode(Puzzle("kenken", n, (0,) * (n * n), None, tuple(cages)))


# Times each status change and the Cancel click by the browser's own clock.
WATCH = """() => {
  const status = document.querySelector('[data-testid=status]');
  window.states = [];
  document.addEventListener('click', (e) => {
    if (e.target.closest('[data-action=solve]')) window.solveClicked = e.timeStamp;
    if (e.target.closest('[data-action=cancel]')) window.cancelClicked = e.timeStamp;
  }, true);
  new MutationObserver(() => {
    window.states.push([status.dataset.state, performance.now()]);
    if (status.dataset.state !== 'solving' && window.cancelClicked !== undefined && window.leftSolving === undefined)
      window.leftSolving = performance.now();
  }).observe(status, { attributes: true, attributeFilter: ['data-state'] });
}"""


@pytest.mark.parametrize("text", [
    pytest.param(kenken_with_big_sum_cage(9), id="kenken-9x9-18-cell-cage"),
    pytest.param(kenken_with_big_sum_cage(7, 1), id="kenken-7x7-14-cell-cage-no-filling"),
    pytest.param("WPB" + "0" * (625 * 5), id="empty-windoku-25x25"),
])
def test_solve_says_solving_at_once_and_cancel_works_during_set_up(page, site, text):
    page.goto(f"{site.url}?bd={text}&slice=1")   # one node a slice: the search outlasts the clicks
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.evaluate(WATCH)
    page.click("[data-action=solve]")
    try:
        page.click("[data-action=cancel]", timeout=10_000)   # as soon as it can be clicked
    except PlaywrightTimeout:
        pass                                      # the solve ended first: checked below
    page.wait_for_function("window.leftSolving !== undefined || window.states.some(s => s[0] !== 'solving')")
    states = page.evaluate("window.states")
    assert states[0][0] == "solving", states
    assert states[0][1] - page.evaluate("window.solveClicked") < 250, states
    if text.startswith("W"):   # an empty 25x25 cannot finish in the time the clicks take
        assert page.evaluate("window.leftSolving") is not None
    if page.evaluate("window.leftSolving") is not None:
        latency = page.evaluate("window.leftSolving - window.cancelClicked")
        assert 0 <= latency < 250, latency
        assert page.locator(STATUS).get_attribute("data-state") == "ready"
        assert page.locator(STATUS).text_content().startswith("Solving cancelled")
    else:  # the solve ended before the click reached Cancel: it must say how
        assert page.locator(STATUS).get_attribute("data-state") in ("ready", "solved")
    assert page.locator("[data-action=cancel]").count() == 0
    page.wait_for_timeout(300)   # nothing runs on after the cancel
    assert page.locator(STATUS).get_attribute("data-state") in ("ready", "solved")


def test_a_big_sum_cage_is_solved_or_settled_in_the_page(page, site):
    """Without Cancel the solve ends by itself with an honest status (here: more than one solution)."""
    page.goto(f"{site.url}?bd={kenken_with_big_sum_cage(7)}")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.click("[data-action=solve]")
    page.wait_for_function("document.querySelector('[data-testid=status]').textContent.includes('more than one solution')",
                           timeout=30_000)
