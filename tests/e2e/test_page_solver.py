"""Solve, Check and Cancel in the page: the solver runs in slices on the page's thread, the status
goes `solving` → `solved`, the grid is filled with the corpus's own solution, Check marks wrong
digits and pencil marks and offers to undo back to before the first mistake, Cancel stops a long
solve within a quarter of a second while the page keeps answering input, and a first hint waits
for the solver in slices (a few seconds at most), never frozen."""
from __future__ import annotations

import re
import time

import pytest

from pycore.codec import encode

from tests.corpus import DEV, REAL
from tests.browsers.pageutil import open_text, status_fits

STATUS = "[data-testid=status]"

# Records every data-state the status takes from now on (a solve can finish between two polls).
WATCH_STATES = """() => {
  const status = document.querySelector('[data-testid=status]');
  window.seenStates = [status.dataset.state];
  new MutationObserver(() => window.seenStates.push(status.dataset.state))
    .observe(status, { attributes: true, attributeFilter: ['data-state'] });
}"""
READ_VALUES = "cells => cells.map(c => c.dataset.value)"


def one_per_kind():
    cases, seen = [], set()
    for entry in REAL:
        if entry["kind"] not in seen:
            seen.add(entry["kind"])
            cases.append(pytest.param(entry["string"], entry["solution"], id=f"{entry['kind']}-real"))
    for entry in DEV:
        key = entry["kind"] if entry["size"] <= 9 else (entry["kind"], entry["size"])
        if key not in seen:
            seen.add(key)
            cases.append(pytest.param(entry["strings"]["versioned"], entry["solution"],
                                      id=f"{entry['kind']}-{entry['size']}"))
    return cases


@pytest.mark.parametrize("string,solution", one_per_kind())
def test_solve_fills_the_grid_with_the_solution(app_page, string, solution):
    assert open_text(app_page, string) == "ready"
    app_page.evaluate(WATCH_STATES)
    app_page.click("[data-action=solve]")
    app_page.locator(f"{STATUS}[data-state=solved]").wait_for()
    states = app_page.evaluate("window.seenStates")
    assert states[0] == "ready" and "solving" in states and states[-1] == "solved", states
    assert states.index("solving") < states.index("solved")
    values = app_page.locator("[data-testid=grid] [data-cell]").evaluate_all(READ_VALUES)
    assert values == list(solution)  # base-36 digits, row-major
    assert app_page.locator("[data-action=cancel]").count() == 0
    app_page.click("[data-action=undo]")  # the fill is one undoable change
    assert app_page.locator(f"{STATUS}").get_attribute("data-state") == "ready"
    assert app_page.locator("[data-testid=grid] [data-cell]").evaluate_all(READ_VALUES) != list(solution)


def test_check_marks_wrong_digits_and_pencil_marks(app_page):
    entry = next(e for e in REAL if e["name"] == "S9B easiest sudoku")
    solution = entry["solution"]
    assert open_text(app_page, entry["string"]) == "ready"
    empty = [i for i, note in enumerate(entry["expected"]["progress"]) if note[0] in ".c"]
    wrong_cell, marks_cell, right_cell = empty[:3]
    name = lambda i: f"[data-cell=r{i // 9 + 1}c{i % 9 + 1}]"  # noqa: E731
    wrong_digit = next(d for d in "123456789" if d != solution[wrong_cell])
    app_page.click(name(wrong_cell))
    app_page.keyboard.press(wrong_digit)
    app_page.click(name(right_cell))
    app_page.keyboard.press(solution[right_cell])
    app_page.click("[data-action=pencil]")
    app_page.click(name(marks_cell))
    app_page.keyboard.press("Delete")
    marks = [d for d in "123456789" if d != solution[marks_cell]][:2]
    for d in marks:
        app_page.keyboard.press(d)
    app_page.click("[data-action=pencil]")
    assert app_page.locator(name(marks_cell)).get_attribute("data-candidates") == "".join(marks)

    app_page.click("[data-action=check]")
    app_page.wait_for_function("document.querySelectorAll('[data-wrong=true]').length > 0")
    wrong = app_page.locator("[data-wrong=true]").evaluate_all(
        "cells => cells.map(c => [c.dataset.cell, c.dataset.problem])")
    assert sorted(wrong) == sorted([[name(wrong_cell)[11:-1], "wrong-digit"],
                                    [name(marks_cell)[11:-1], "candidates-exclude-solution"]])
    status = app_page.locator(STATUS)
    assert status.get_attribute("data-state") == "ready"
    assert "2 problems" in status.text_content()
    # the marks are red, and they go with the next change
    color = app_page.locator(f"{name(wrong_cell)} .value").evaluate("el => getComputedStyle(el).color")
    assert color == "rgb(192, 34, 27)"
    app_page.click(name(wrong_cell))
    app_page.keyboard.press(solution[wrong_cell])
    assert app_page.locator("[data-wrong=true]").count() == 0
    app_page.click(name(marks_cell))
    app_page.keyboard.press("Delete")
    app_page.click("[data-action=check]")
    app_page.wait_for_function("document.querySelector('[data-testid=status]').textContent.startsWith('Checked')")
    assert status.text_content() == "Checked: no mistakes so far."
    assert app_page.locator("[data-wrong=true]").count() == 0


def test_check_on_a_puzzle_with_several_solutions_names_a_digit_none_of_them_keeps(app_page):
    """No one solution to check against: Check asks whether some solution keeps the digits
    placed, and marks the one whose removal alone would leave one (api.check_several)."""
    from tests.api.test_hint import SEVERAL
    assert open_text(app_page, SEVERAL) == "ready"
    status = app_page.locator(STATUS)
    app_page.click("[data-cell=r1c3]")
    app_page.keyboard.press("1")   # A3 = 1: some solutions keep it
    app_page.click("[data-action=check]")
    app_page.wait_for_function("document.querySelector('[data-testid=status]').textContent.startsWith('Checked')")
    assert status.text_content() == ("Checked: this puzzle has more than one solution, and your "
                                     "digits still fit at least one of them.")
    app_page.click("[data-cell=r3c6]")
    app_page.keyboard.press("8")   # C6 = 8: none keeps it
    app_page.click("[data-action=check]")
    app_page.wait_for_function("document.querySelectorAll('[data-wrong=true]').length > 0")
    wrong = app_page.locator("[data-wrong=true]").evaluate_all("cs => cs.map(c => c.dataset.cell)")
    assert wrong == ["r3c6"]
    assert status.text_content().startswith("This puzzle has more than one solution, but none of "
                                            "them keeps all your digits: without this digit (C6)")


def test_after_a_check_with_a_mistake_undo_goes_back_to_before_it(app_page):
    entry = next(e for e in REAL if e["name"] == "S9B easiest sudoku")
    solution = entry["solution"]
    assert open_text(app_page, entry["string"]) == "ready"
    first, second, third = [i for i, note in enumerate(entry["expected"]["progress"]) if note[0] in ".c"][:3]
    name = lambda i: f"[data-cell=r{i // 9 + 1}c{i % 9 + 1}]"  # noqa: E731
    value = lambda i: app_page.locator(name(i)).get_attribute("data-value")  # noqa: E731
    wrong_digit = next(d for d in "123456789" if d != solution[second])
    for cell, digit in ((first, solution[first]), (second, wrong_digit), (third, solution[third])):
        app_page.click(name(cell))
        app_page.keyboard.press(digit)
    offer = app_page.locator("[data-testid=rewind]")
    app_page.click("[data-action=check]")
    app_page.wait_for_function("document.querySelectorAll('[data-wrong=true]').length > 0")
    assert offer.is_visible()
    assert "2 changes back" in offer.text_content()
    app_page.click("[data-action=rewind]")
    assert [value(first), value(second), value(third)] == [solution[first], "", ""]
    assert not offer.is_visible()
    assert app_page.locator(STATUS).text_content().startswith("Back 2 changes, before the first mistake")
    app_page.click("[data-action=redo]")
    app_page.click("[data-action=redo]")
    assert [value(first), value(second), value(third)] == [solution[first], wrong_digit, solution[third]]
    app_page.click(name(second))
    app_page.keyboard.press(solution[second])
    app_page.click("[data-action=check]")   # no mistake: nothing to go back to
    app_page.wait_for_function("document.querySelector('[data-testid=status]').textContent.startsWith('Checked')")
    assert not offer.is_visible()


def long_puzzle() -> str:
    """One of the hardest published killers (tests/test_solve_hard_killers.py), thousands of search
    nodes, run here one node per slice (`&slice=1`, a test-only parameter): a solve that lasts
    minutes, so the test's clicks always land while it runs, however fast the solver gets."""
    from tests.solve.test_hard_killers import EXTREME, short_killer
    return encode(short_killer(EXTREME[7]))


def test_cancel_stops_a_long_solve_quickly_and_the_page_stays_responsive(page, site):
    page.goto(f"{site.url}?bd={long_puzzle()}&slice=1")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    assert page.locator("[data-action=cancel]").count() == 0
    page.evaluate("""() => {
      const status = document.querySelector('[data-testid=status]');
      // the click's own time stamp (when the browser received it) to the status leaving `solving`
      document.addEventListener('click', (e) => {
        if (e.target.closest('[data-action=cancel]')) window.cancelClicked = e.timeStamp;
      }, true);
      new MutationObserver(() => {
        if (status.dataset.state !== 'solving' && window.cancelClicked !== undefined && window.leftSolving === undefined)
          window.leftSolving = performance.now();
      }).observe(status, { attributes: true, attributeFilter: ['data-state'] });
    }""")
    page.click("[data-action=solve]")
    page.locator(f"{STATUS}[data-state=solving]").wait_for()
    page.wait_for_function("/[0-9]+ search nodes/.test(document.querySelector('[data-testid=status]').textContent)")

    # the page answers input while solving: a click selects a cell, a key moves the selection
    page.click("[data-cell=r1c1]")
    page.keyboard.press("ArrowRight")
    assert page.locator("[data-cell=r1c2].selected").count() == 1
    assert page.locator(STATUS).get_attribute("data-state") == "solving"
    nodes_before = page.locator(STATUS).text_content()

    page.click("[data-action=cancel]")
    page.wait_for_function("window.leftSolving !== undefined")
    latency = page.evaluate("window.leftSolving - window.cancelClicked")
    assert 0 <= latency < 250, latency
    status = page.locator(STATUS)
    assert status.get_attribute("data-state") == "ready"
    assert status.text_content().startswith("Solving cancelled after")
    assert page.locator("[data-action=cancel]").count() == 0
    assert page.locator("[data-action=solve]").is_enabled()
    assert nodes_before != status.text_content()
    page.wait_for_timeout(300)  # no slice runs after the cancel
    assert status.get_attribute("data-state") == "ready"
    assert page.locator("[data-cell][data-value='']").count() > 0


def paused_killer():
    """A hard Tarek killer (about 1,250 search nodes) and its published solution: run one node
    a slice (`&slice=1`: the compiled kernel takes a few milliseconds for all of them) and with
    `&pause=0.3` (test-only parameters; a minute otherwise) its solve pauses several times
    before it ends."""
    from tests.solve.test_hard_killers import TAREK_WITH_SOLUTIONS, short_killer
    text, solution = TAREK_WITH_SOLUTIONS[13]
    return encode(short_killer(text)), solution


def nodes_in(text: str) -> int:
    return int(re.search(r"([0-9,]+) search nodes?", text).group(1).replace(",", ""))


def test_a_long_solve_pauses_and_keep_going_resumes_the_same_search_to_the_end(page, site):
    string, solution = paused_killer()
    page.goto(f"{site.url}?bd={string}&pause=0.3&slice=1")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.click("[data-action=solve]")
    status = page.locator(STATUS)
    pauses = []
    while True:
        page.wait_for_function("""() => {
          const state = document.querySelector('[data-testid=status]').dataset.state;
          return state === 'solved' || document.querySelector('[data-action=continue]') !== null;
        }""")
        if status.get_attribute("data-state") == "solved":
            break
        # paused: says so, with the nodes so far; Solve and Check wait, Cancel stays
        text = status.text_content()
        assert text.startswith("Solving paused after") and "Keep going, or cancel." in text, text
        assert status.get_attribute("data-state") == "ready"
        assert page.locator("[data-action=solve]").is_disabled()
        assert page.locator("[data-action=cancel]").count() == 1
        pauses.append(nodes_in(text))
        page.click("[data-action=continue]")   # (it may pause again before the next look)
    assert len(pauses) >= 2, pauses
    assert pauses == sorted(set(pauses)), pauses   # each pause further on: the same search resumed
    details = status.get_attribute("title")
    assert nodes_in(details) > pauses[-1], details
    values = page.locator("[data-cell]").evaluate_all(READ_VALUES)
    assert "".join(values) == solution
    assert page.locator("[data-action=cancel]").count() == 0
    assert page.locator("[data-action=solve]").is_enabled()


def test_show_it_fills_in_the_first_solution_found_while_the_search_goes_on(page, site):
    """The first solution turns up at about a tenth of this search: "Show it" fills it in at once
    (one undoable change), the solve goes on to prove it unique and then says so. On a 320 px
    phone every status on the way fits the status's two lines."""
    page.set_viewport_size({"width": 320, "height": 700})
    string, solution = paused_killer()
    page.goto(f"{site.url}?bd={string}&pause=0.3&slice=1")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.click("[data-action=solve]")
    status = page.locator(STATUS)
    while page.locator("[data-action=show-found]").count() == 0:
        page.wait_for_function("""() => document.querySelector('[data-action=show-found]')
          || document.querySelector('[data-action=continue]')""")
        assert status_fits(page), status.text_content()
        if page.locator("[data-action=show-found]").count() == 0:
            page.click("[data-action=continue]")
    assert status.get_attribute("data-state") != "solved"
    assert "no other" in status.get_attribute("title")
    assert page.locator("[data-cell][data-value='']").count() > 0   # nothing filled unasked
    paused = page.locator("[data-action=continue]").count() == 1
    page.click("[data-action=show-found]")
    values = page.locator("[data-cell]").evaluate_all(READ_VALUES)
    assert "".join(values) == solution
    assert page.locator("[data-action=show-found]").count() == 0
    assert status.get_attribute("data-state") != "solved"   # not yet proved the only one
    assert status_fits(page), status.text_content()
    text = status.text_content()
    if paused:   # still paused, and still saying so
        assert page.locator("[data-action=continue]").count() == 1
        assert "Keep going, or cancel." in text
    else:        # (or paused since)
        assert text.startswith("Filled in; checking for another solution") or "Keep going" in text, text
    assert page.locator("[data-action=cancel]").count() == 1
    while status.get_attribute("data-state") != "solved":
        page.wait_for_function("""() => document.querySelector('[data-testid=status]').dataset.state === 'solved'
          || document.querySelector('[data-action=continue]')""")
        assert status_fits(page), status.text_content()
        if status.get_attribute("data-state") != "solved":
            page.click("[data-action=continue]")
    assert status.text_content() == "Solved: the solution is filled in."
    assert "".join(page.locator("[data-cell]").evaluate_all(READ_VALUES)) == solution
    page.click("[data-action=undo]")   # the fill was one change: one undo empties the grid again
    assert page.locator("[data-cell][data-value='']").count() > 0


def test_cancel_while_paused_ends_the_solve(page, site):
    string, _ = paused_killer()
    page.goto(f"{site.url}?bd={string}&pause=0.3&slice=1")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.click("[data-action=solve]")
    page.locator("[data-action=continue]").wait_for()
    page.click("[data-action=cancel]")
    status = page.locator(STATUS)
    assert status.text_content().startswith("Solving cancelled after")
    assert page.locator("[data-action=continue], [data-action=cancel]").count() == 0
    assert page.locator("[data-action=solve]").is_enabled()
    page.wait_for_timeout(500)   # nothing resumes behind the reader's back
    assert status.get_attribute("data-state") == "ready"
    assert page.locator("[data-cell][data-value='']").count() > 0


def test_a_first_hint_on_a_hard_killer_waits_for_the_solver_in_slices_not_frozen(page, site):
    """A hint needs the solution. On a killer the solver needs a second or two for, the page's
    own solver answers first, in slices ("Finding the solution…", Cancel, clicks answered), and
    the hint follows; from then on hints come at once. Cancelled, no hint shows."""
    string, _ = paused_killer()
    page.goto(f"{site.url}?bd={string}&engine=python")   # the kernel would answer at once
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    panel = page.locator("[data-testid=hint]")
    page.click("[data-action=hint]")
    page.locator(f"{STATUS}[data-state=solving]").wait_for()
    assert page.locator(STATUS).text_content().startswith("Finding the solution")
    assert panel.is_hidden() and page.locator("[data-action=cancel]").count() == 1
    page.click("[data-action=cancel]")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.wait_for_timeout(300)
    assert panel.is_hidden()                                       # cancelled: no hint

    page.click("[data-action=hint]")
    page.locator(f"{STATUS}[data-state=solving]").wait_for()
    page.click("[data-cell=r5c5]")                                 # the page answers meanwhile
    assert page.locator("[data-cell=r5c5].selected").count() == 1
    panel.wait_for(state="visible", timeout=60_000)
    assert page.locator(STATUS).get_attribute("data-state") == "ready"
    assert page.locator("[data-testid=hint-text]").text_content()
    assert page.locator("[data-action=cancel]").count() == 0
    page.click("[data-action=step-next]")                          # now at once: no solve
    assert page.locator(STATUS).get_attribute("data-state") == "ready"
    assert panel.get_attribute("data-stage") == "3"


# Wecoc's killer #2 (bench/data/hard_killers.jsonl, from the enjoysudoku forum's "Killing with
# flowers" thread) and its published solution: 9,000 search nodes, a few seconds for the solver
# here and several times that in the page, so a first hint stops waiting for it.
WECOC_2 = (
    "L9B07wg1udc1ekg0jr40000000000001n9c1ekg00001ekg1ekg00001udc1ekg1ekg0fsw00001ybk0fsw3cw02t4w2t4"
    "w1ekg4rgg000000001ekg000000002t4w47pc47pc47pc1ybk1ekg1ekg00004rgg2t4w01kw1ybk47pc0fsw1ekg1ekg1"
    "ekg47pc47pc47pc1ekg000000001ekg0glc000047pc38xs1ekg1ekg1ekg00001ekg000000002t4w2t4w2t4w0jr438x"
    "s2t4w08ow1mgw1ekg00000000000000002t4w2t4w0000")
WECOC_2_SOLUTION = "863145792247869315591372486126987543739524168485631279672493851358716924914258637"


def wrong_among_right(puzzle, solution, seed):
    """The puzzle with 12 of its solution's digits placed at random and one wrong digit that
    breaks no rule in plain sight: the solver's propagation alone shows it leaves no solution."""
    import random
    from pycore.explain import start_board
    from pycore.explain.forcing import solver_contradiction
    from pycore.model import Position
    rng = random.Random(seed)
    while True:
        cells = rng.sample([c for c in range(81) if not puzzle.givens[c]], 13)
        solved = [0] * 81
        for cell in cells[:12]:
            solved[cell] = solution[cell]
        solved[cells[12]] = rng.choice([d for d in range(1, 10) if d != solution[cells[12]]])
        position = Position(tuple(solved), (0,) * 81)
        board = start_board(puzzle, position)
        if board.contradiction() is None and solver_contradiction(board):
            return encode(puzzle, position)


def test_a_hint_that_gave_up_waiting_still_finds_a_wrong_digit_among_right_ones(page, site):
    """Without the solution (the hint stopped waiting for the solver), a wrong digit among a dozen
    right ones that breaks no rule in plain sight is still reported, not reasoned from."""
    from pycore.codec import decode
    string = wrong_among_right(decode(WECOC_2)[0], [int(ch) for ch in WECOC_2_SOLUTION], seed=3)
    page.goto(f"{site.url}?bd={string}&engine=python")   # the kernel would not make it give up
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.click("[data-action=hint]")
    page.locator(f"{STATUS}[data-state=solving]").wait_for()
    panel = page.locator("[data-testid=hint]")
    panel.wait_for(state="visible", timeout=60_000)
    assert panel.get_attribute("data-status") == "invalid"
    said = page.locator("[data-testid=hint-text]").text_content()
    assert said.startswith("Something is wrong: from your digits and pencil marks, ")
    assert said.endswith("so one of them is a mistake.")


def test_a_hint_gives_up_waiting_for_a_solve_of_a_minute_and_reasons_without_it(page, site):
    """The slowest killers take the solver a minute or more (here one node a slice): after a few
    seconds of slices the hint stops waiting, as its own short solve always did, and reasons
    without the solution."""
    page.goto(f"{site.url}?bd={long_puzzle()}&slice=1")
    page.locator(f"{STATUS}[data-state=ready]").wait_for()
    page.click("[data-action=hint]")
    page.locator(f"{STATUS}[data-state=solving]").wait_for()
    started = time.monotonic()
    page.locator("[data-testid=hint]").wait_for(state="visible", timeout=60_000)
    waited = time.monotonic() - started
    assert 2 < waited < 20, waited
    assert page.locator(STATUS).get_attribute("data-state") == "ready"
    assert page.locator("[data-action=cancel]").count() == 0
    assert page.locator("[data-testid=hint-text]").text_content()
    page.click("[data-action=step-next]")                          # the next at once: no solve
    assert page.locator(STATUS).get_attribute("data-state") == "ready"
    page.click("[data-action=solve]")                              # Solve still solves it
    page.locator(f"{STATUS}[data-state=solving]").wait_for()
    page.click("[data-action=cancel]")
