"""A search split over Web Workers running the bare kernel (web/search-split.js,
web/search-worker.mjs; `&workers=2` forces the split after the root node, on any puzzle): in
Chromium, hard killers, a sudoku with several solutions and a killer with none end with what the
single search on the host says (status, the solution; for "multiple" two different solutions)."""
from __future__ import annotations

import random

import pytest

from pycore.codec import encode
from pycore.model import Cage, Puzzle
from pycore.solve import solve

from tests.browsers.pageutil import open_text
from tests.solve.test_kernel import hard_killer


def several_solutions() -> Puzzle:
    """18 givens of Tarek #9's solution grid: two solutions, met after 38 nodes."""
    grid = solve(hard_killer("TAREK_ALL#9"), engine="kernel").solution
    kept = random.Random(46).sample(range(81), 18)
    return Puzzle("sudoku", 9, tuple(grid[i] if i in kept else 0 for i in range(81)))


def no_solution() -> Puzzle:
    """Tarek #9 with a unit moved between two cages' totals: refuted by some 400 nodes."""
    cages = list(hard_killer("TAREK_ALL#9").cages)
    cages[3] = Cage(cages[3].cells, cages[3].total + 1)
    cages[4] = Cage(cages[4].cells, cages[4].total - 1)
    return Puzzle("killer", 9, (0,) * 81, None, tuple(cages))


def split_solve(page, puzzle: Puzzle) -> dict:
    """Opens `puzzle`, asks for two workers, clicks Solve; the page's answer (state.solution)."""
    assert open_text(page, encode(puzzle)) == "ready"
    page.evaluate("history.replaceState(null, '', location.search + '&workers=2')")
    page.click("[data-action=solve]")
    page.wait_for_function("puzzleViewer.state.solution?.text === puzzleViewer.state.text"
                           " && !puzzleViewer.state.solving", timeout=180_000)
    return page.evaluate("puzzleViewer.state.solution")


@pytest.mark.parametrize("name", ["TAREK_ALL#9", "TAREK_ALL#17", "TAREK_ALL#20", "Wecoc #2"])
def test_hard_killers_split_over_workers(app_page, name):
    puzzle = hard_killer(name)
    single = solve(puzzle, engine="kernel")
    answer = split_solve(app_page, puzzle)
    assert answer["workers"] == 2, answer
    assert (answer["status"], answer["solution"]) == (single.status, list(single.solution))
    assert app_page.locator("[data-testid=status][data-state=solved]").count() == 1


def test_several_solutions_split_over_workers(app_page):
    puzzle = several_solutions()
    assert solve(puzzle, engine="kernel").status == "multiple"
    answer = split_solve(app_page, puzzle)
    assert answer["workers"] == 2 and answer["status"] == "multiple", answer
    first, second = answer["solutions"]
    assert first != second
    for grid in (first, second):
        assert all(g in (0, d) for g, d in zip(puzzle.givens, grid))
        assert solve(Puzzle("sudoku", 9, tuple(grid)), engine="kernel").status == "unique"
    assert "more than one solution" in app_page.locator("[data-testid=status]").text_content()


def test_no_solution_split_over_workers(app_page):
    puzzle = no_solution()
    assert solve(puzzle, engine="kernel").status == "none"
    answer = split_solve(app_page, puzzle)
    assert answer["workers"] == 2 and answer["status"] == "none", answer
    assert answer["solution"] is None
    assert "has no solution" in app_page.locator("[data-testid=status]").text_content()


def test_a_failing_worker_hands_the_search_back_to_the_page(browser, site):
    """Workers that throw as soon as they get a part (as a kernel trap would): the split stops and
    the page's own solver, left where it was, ends the search with the single search's answer."""
    from tests.e2e.conftest import guarded_context
    from tests.browsers.pageutil import wait_started
    context, guard = guarded_context(browser, site)
    failing = "onmessage = ({ data }) => { if ('part' in data) throw new Error('a trap'); };"
    context.route("**/search-worker.mjs*", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=failing))
    try:
        page = context.new_page()
        said = []
        page.on("console", lambda message: said.append(message.text))
        puzzle = hard_killer("TAREK_ALL#17")
        single = solve(puzzle, engine="kernel")
        page.goto(f"{site.url}?bd={encode(puzzle)}&workers=2")
        assert wait_started(page) == "ready"
        page.click("[data-action=solve]")
        page.locator("[data-testid=status][data-state=solved]").wait_for(timeout=180_000)
        answer = page.evaluate("puzzleViewer.state.solution")
        assert "workers" not in answer, answer
        assert any("search workers failed" in text for text in said), said
        assert (answer["status"], answer["solution"]) == (single.status, list(single.solution))
        guard.check()
    finally:
        context.close()


STATUS = "[data-testid=status]"


def test_keep_going_and_cancel_work_while_split(page, site):
    """A Mathemagic killer (seconds) split from its root, pausing every 0.3 s (`&pause=0.3`):
    each pause says more nodes, Keep going resumes the workers to the single search's solution;
    then a second solve cancelled while the workers run stops at once and stays stopped."""
    puzzle = hard_killer("MATHEMAGIC_KILLERS#4")
    single = solve(puzzle, engine="kernel")
    page.goto(f"{site.url}?bd={encode(puzzle)}&workers=2&pause=0.3")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.click("[data-action=solve]")
    status, pauses = page.locator(STATUS), []
    while True:
        page.wait_for_function("""() => document.querySelector('[data-testid=status]').dataset.state === 'solved'
            || document.querySelector('[data-action=continue]') !== null""", timeout=180_000)
        if status.get_attribute("data-state") == "solved":
            break
        text = status.text_content()
        assert text.startswith("Solving paused after"), text
        pauses.append(int(text.split(", ")[1].split(" search node")[0].replace(",", "")))
        page.click("[data-action=continue]")
    answer = page.evaluate("puzzleViewer.state.solution")
    assert answer["workers"] == 2 and answer["solution"] == list(single.solution)
    assert len(pauses) >= 2 and pauses == sorted(set(pauses)), pauses
    page.click("[data-action=undo]")
    page.evaluate("puzzleViewer.state.solution = null")   # (solve it again, not from memory)
    page.click("[data-action=solve]")
    page.wait_for_function("/[0-9]+ search nodes/.test(document.querySelector('[data-testid=status]').textContent)"
                           " || document.querySelector('[data-action=continue]') !== null")
    page.click("[data-action=cancel]")
    page.wait_for_function("document.querySelector('[data-testid=status]').textContent.startsWith('Solving cancelled after')")
    page.wait_for_timeout(500)   # no worker's answer lands after the cancel
    assert status.get_attribute("data-state") == "ready"
    assert status.text_content().startswith("Solving cancelled after")
    assert page.locator("[data-cell][data-value='']").count() > 0
