"""hint_view: the page's Hint, as data."""
from tests.solve.test_hard_killers import TAREK_WITH_SOLUTIONS

from pycore import api

EASY = ("S9B03epep090607epep01ep04ep03ep02ep08epep02epepepepep07epep07epepepepep09epepepep080703ep"
        "epep05epepep01epepep03epep0407ep0501epep09ep05epepep02ep0708epep060201epep04")


def test_hint_names_a_step_in_three_stages_and_gives_the_position_after_it():
    view = api.decode_view(EASY)
    hint = api.hint_view(EASY, view["progress"])
    assert hint["status"] == "step"
    look, named, whole = hint["levels"]
    assert look.startswith("Look at ")
    assert hint["step"]["name"] in named
    assert whole == hint["step"]["text"]
    ((cell, digit),) = hint["step"]["placements"]
    assert view["progress"][cell] != f"s{digit}"
    assert hint["progress"][cell] == f"s{digit}"
    # the digits are the reader's and the step's; every open cell is pencil-marked with the
    # candidates the logic holds after the step (issue 41: the board shows what hints reason from)
    digits = [i for i, (a, b) in enumerate(zip(view["progress"], hint["progress"])) if a != b and b[0] != "c"]
    assert digits == [cell]
    after = api.hint_view(EASY, hint["progress"])
    marks = {int(c): m for c, m in after["marks"].items()}
    assert all(hint["progress"][c] == "c" + m for c, m in marks.items())
    assert all(note[0] in "gsc" for note in hint["progress"])
    # a single, which SudokuWiki explains in its first article
    assert hint["step"]["article"] == "https://www.sudokuwiki.org/Getting_Started"


def test_hint_on_a_wrong_digit_asks_to_fix_it_first():
    view = api.decode_view(EASY)
    hint = api.hint_view(EASY, view["progress"])
    ((cell, digit),) = hint["step"]["placements"]
    wrong = view["progress"][:]
    wrong[cell] = f"s{digit % 9 + 1}"
    answer = api.hint_view(EASY, wrong)
    assert answer["status"] == "invalid"
    assert [p["cell"] for p in answer["problems"]] == [cell]
    assert "first" in answer["reason"]


def test_hint_on_a_solved_grid_says_solved():
    view = api.decode_view(EASY)
    solution = api.solve_step(api.solve_start(EASY)["id"], 10_000)["solution"]
    progress = [note if note.startswith("g") else f"s{solution[i]}"
                for i, note in enumerate(view["progress"])]
    assert api.hint_view(EASY, progress) == {"status": "solved"}


def test_hint_steps_reach_the_solution_on_an_easy_sudoku():
    progress = api.decode_view(EASY)["progress"]
    for _ in range(81):
        hint = api.hint_view(EASY, progress)
        if hint["status"] != "step":
            break
        progress = hint["progress"]
    assert hint == {"status": "solved"}


def test_hint_on_a_bad_string_is_an_error_message():
    assert "error" in api.hint_view("S9B0", [])


# Tarek's first killer of tests/test_solve_hard_killers.py explained until the strategies are
# stuck (12 steps from the givens).
STUCK_KILLER = (
    "L9B0d1t00ep00ep1vkh1ez50g7l00e91vkh1ez500ep365q1ez41ez500ep00ep34ku1ez51ez52tjl2tjl0emp38k02t"
    "jk1rm92tjl2t5t0d1d2tch00ep00ep2tjk0emi1ez51ez500ep00ep0du81ogh1ez54hld00ep00ep321d00291x5d00e"
    "o1ez50d1s484148412tch2tch1ez51ez5007l34lt00eo00ep1p8x0c9d00ep1es10k5s1rm22tjl2tjl1ez51ez500ep"
    "38k02t5t00eo1ez51ez50du800ep00ep2tjl2tjl00ep00ep")


def test_where_the_logic_is_stuck_one_digit_of_the_solution_can_be_revealed():
    solution = [int(ch) for ch in TAREK_WITH_SOLUTIONS[0][1]]
    progress = api.decode_view(STUCK_KILLER)["progress"]
    hint = api.hint_view(STUCK_KILLER, progress)
    assert hint["status"] == "stuck" and "Reveal a cell" in hint["reason"] and hint["reveal"] is True
    reveal = api.reveal_view(STUCK_KILLER, progress, solution)
    cell, digit = reveal["cell"], reveal["digit"]
    assert digit == solution[cell] and progress[cell].startswith("c")
    fewest = min(len(note) - 1 for note in progress if note.startswith("c"))
    assert len(progress[cell]) - 1 == fewest   # the open cell with the fewest candidates
    assert reveal["progress"][cell] == f"s{digit}"
    assert reveal["text"] == f"Revealed: {'ABCDEFGHI'[cell // 9]}{cell % 9 + 1} is {digit} (from the solution)"
    # The digit leaves the pencil marks of the cells that see it, as a digit the reader places.
    assert api.hint_view(STUCK_KILLER, reveal["progress"])["status"] in ("step", "stuck")
    same_row = [c for c in range(cell - cell % 9, cell - cell % 9 + 9) if c != cell]
    assert all(str(digit) not in reveal["progress"][c] for c in same_row if reveal["progress"][c].startswith("c"))


def test_reveal_places_the_selected_cell_when_it_is_open():
    solution = [int(ch) for ch in TAREK_WITH_SOLUTIONS[0][1]]
    progress = api.decode_view(STUCK_KILLER)["progress"]
    fewest = api.reveal_view(STUCK_KILLER, progress, solution)["cell"]
    chosen = next(c for c, note in enumerate(progress) if note.startswith("c") and c != fewest
                  and len(note) > len(progress[fewest]))
    reveal = api.reveal_view(STUCK_KILLER, progress, solution, chosen)
    assert reveal["cell"] == chosen and reveal["progress"][chosen] == f"s{solution[chosen]}"
    for elsewhere in (-1, 81, "4", None):   # not a cell: the fewest candidates
        assert api.reveal_view(STUCK_KILLER, progress, solution, elsewhere)["cell"] == fewest
    placed = progress[:fewest] + [f"s{solution[fewest]}"] + progress[fewest + 1:]
    again = api.reveal_view(STUCK_KILLER, placed, solution, fewest)   # a filled cell: another
    assert again["cell"] != fewest and placed[again["cell"]].startswith("c")
    assert "error" in api.reveal_view(STUCK_KILLER, progress, solution[:80])
    assert "error" in api.reveal_view(STUCK_KILLER, [f"s{d}" for d in solution], solution)
    assert "error" in api.reveal_view("S9B0", progress, solution)


def test_a_puzzle_with_several_solutions_offers_no_reveal():
    empty = "S9B" + "ep" * 81   # an empty grid: every strategy is stuck at once
    hint = api.hint_view(empty, ["."] * 81)
    assert hint["status"] == "stuck" and hint["reveal"] is False
    assert hint["reason"].endswith("The puzzle has more than one solution, so logic alone cannot "
                                   "settle every cell.")


def test_reveal_is_offered_when_the_solver_has_not_finished_within_the_hints_budget(monkeypatch):
    # The hardest killers take longer than the hint's solve budget: the page then runs the solver
    # in slices before it reveals (hint.js); the hint still offers it.
    monkeypatch.setattr(api, "HINT_SOLVE_SECONDS", 0.0)
    monkeypatch.setattr(api, "_solutions", {})
    progress = api.decode_view(STUCK_KILLER)["progress"]
    hint = api.hint_view(STUCK_KILLER, progress)
    assert api._solved(STUCK_KILLER, None)[0] == "timeout"
    assert hint["status"] == "stuck" and hint["reveal"] is True


def test_without_the_solution_a_wrong_digit_among_right_ones_is_still_caught(monkeypatch):
    """When the solver has not settled the puzzle (the page stopped waiting for it), the hint
    cannot check the reader's digits against the solution; the solver's propagation from their
    grid still finds that a wrong digit among a dozen right ones leaves no solution (where no
    rule is visibly broken yet), while the right ones alone pass."""
    import random
    solution = [int(ch) for ch in TAREK_WITH_SOLUTIONS[0][1]]
    monkeypatch.setattr(api, "_solutions", {STUCK_KILLER: ("timeout", None)})
    progress = api.decode_view(STUCK_KILLER)["progress"]
    rng = random.Random(5)
    by_propagation = 0
    for _ in range(12):
        cells = rng.sample([c for c, p in enumerate(progress) if not p.startswith("g")], 13)
        right = list(progress)
        for cell in cells[:12]:
            right[cell] = f"s{solution[cell]}"
        assert api.hint_view(STUCK_KILLER, right)["status"] in ("step", "stuck")
        wrong = list(right)
        cell = cells[12]
        wrong[cell] = f"s{rng.choice([d for d in range(1, 10) if d != solution[cell]])}"
        hint = api.hint_view(STUCK_KILLER, wrong)
        assert hint["status"] == "invalid", (cell, wrong[cell], hint)
        if hint["reason"].startswith("Something is wrong: from your digits and pencil marks, "):
            assert hint["reason"].endswith(", so one of them is a mistake.")
            by_propagation += 1
    assert by_propagation >= 6   # the others break a rule in plain sight (a digit twice)


def test_a_hint_after_the_pages_own_solve_uses_its_answer_and_never_solves_again(monkeypatch):
    """The page solves in slices (solve_start/solve_step) before a hint when it has no answer, so
    the hint's own solve, which cannot be interrupted, is never needed: every status the page's
    solver finishes with is kept for the hints of that puzzle."""
    import pycore.solve
    monkeypatch.setattr(api, "_solutions", {})
    empty = "S9B" + "ep" * 81   # several solutions
    started = api.solve_start(empty)
    while not (done := api.solve_step(started["id"], 50))["done"]:
        pass
    assert done["status"] == "multiple"

    def no_second_solve(*args, **kwargs):
        raise AssertionError("the hint solved the puzzle again")
    monkeypatch.setattr(pycore.solve, "solve", no_second_solve)
    hint = api.hint_view(empty, ["."] * 81)
    assert hint["status"] == "stuck" and "more than one solution" in hint["reason"]


def test_when_the_page_stops_waiting_for_the_solver_the_hints_go_on_without_solving(monkeypatch):
    """The page gives a hint's solve a few seconds in slices; cancelled as given up
    (solve_cancel(id, True)), the hints of that puzzle reason without the solution, as after their
    own short solve runs out of time, and never solve it themselves. A plain cancel says nothing."""
    import pycore.solve
    monkeypatch.setattr(api, "_solutions", {})
    progress = api.decode_view(STUCK_KILLER)["progress"]
    plain = api.solve_start(STUCK_KILLER)["id"]
    api.solve_step(plain, 1)
    api.solve_cancel(plain)
    assert STUCK_KILLER not in api._solutions
    given_up = api.solve_start(STUCK_KILLER)["id"]
    api.solve_step(given_up, 1)
    api.solve_cancel(given_up, True)
    assert api._solutions[STUCK_KILLER] == ("timeout", None)

    def no_solve(*args, **kwargs):
        raise AssertionError("the hint solved the puzzle itself")
    monkeypatch.setattr(pycore.solve, "solve", no_solve)
    hint = api.hint_view(STUCK_KILLER, progress)
    assert hint["status"] in ("step", "stuck")


# A sudoku with more than one solution (solo-3x3dt with three givens taken away).
SEVERAL = ("S9B070000000009000000000000030000000004000000000500060900000200000007080000000000000000000"
           "000000005010900000700000709000300000000030000000104000007000000050000000006")


def test_with_several_solutions_a_digit_that_no_solution_keeps_is_named():
    """No one solution to check against: the hint asks the solver whether some solution keeps
    the reader's digits, and names the one whose removal alone would leave one."""
    from dataclasses import replace
    from pycore.codec import decode
    from pycore.solve import solve
    puzzle = decode(SEVERAL)[0]
    assert solve(puzzle).status == "multiple"
    progress = api.decode_view(SEVERAL)["progress"]
    one = solve(puzzle).solution   # one of its solutions
    # C6 = 8 is in no solution, yet breaks no rule and leaves propagation nothing to find
    dead_end = api.place_digit(SEVERAL, progress, 23, 8)["progress"]
    assert [p["cell"] for p in api.hint_view(SEVERAL, dead_end)["problems"]] == [23]
    assert solve(replace(puzzle, givens=tuple(int(n[1]) if n[0] in "gs" else 0 for n in dead_end))).status == "none"
    # beside it, a digit of a solution, which is fine (one that does not let propagation see
    # the dead end: that is the old check's case)
    hints = {}
    for cell in (c for c, n in enumerate(progress) if n[0] != "g" and c != 23):
        both = api.place_digit(SEVERAL, dead_end, cell, one[cell])["progress"]
        hints[cell] = both, api.hint_view(SEVERAL, both)
    fine_cell, (both, hint) = next((c, h) for c, h in hints.items()
                                   if not h[1]["reason"].startswith("Something is wrong"))
    assert hint["status"] == "invalid"
    assert [p["cell"] for p in hint["problems"]] == [23]
    assert hint["reason"] == ("This puzzle has more than one solution, but none of them keeps all "
                              "your digits: without this digit (C6) there would be one.")
    assert api.check_several(SEVERAL, both) == {"problems": hint["problems"], "reason": hint["reason"]}
    # the fine digit alone passes: hints go on, Check finds nothing
    alone = api.place_digit(SEVERAL, progress, fine_cell, one[fine_cell])["progress"]
    assert api.hint_view(SEVERAL, alone)["status"] in ("step", "stuck")
    assert api.check_several(SEVERAL, alone) == {"problems": [], "reason": None}
    assert "error" in api.check_several("S9B0", progress)


def test_with_several_solutions_two_dead_ends_are_said_to_be_more_than_one_mistake():
    # C6 = 8 and A9 = 8: taking either away still leaves no solution
    progress = api.decode_view(SEVERAL)["progress"]
    both = api.place_digit(SEVERAL, api.place_digit(SEVERAL, progress, 23, 8)["progress"], 8, 8)["progress"]
    hint = api.hint_view(SEVERAL, both)
    assert hint["status"] == "invalid" and hint["problems"] == []
    assert hint["reason"].endswith("no one of them is to blame alone, so more than one is a mistake.")


# ---- strategies switched off (issue 44) -------------------------------------------------------
from tests.explain.test_switch_off import FISH_25, FRANKEN_OFF  # noqa: E402


def test_hint_leaves_out_the_strategies_switched_off():
    progress = api.decode_view(FISH_25)["progress"]
    assert api.hint_view(FISH_25, progress)["step"]["strategy"] == "pointing"
    hint = api.hint_view(FISH_25, progress, None, FRANKEN_OFF)
    assert hint["step"]["strategy"] == "franken-fish"
    assert hint["levels"][1].startswith("Franken fish. Look at ")


def test_hint_says_when_only_a_strategy_switched_off_would_find_a_step():
    from pycore.explain.registry import STRATEGIES
    from pycore.explain.run import STAY_ON
    progress = api.decode_view(FISH_25)["progress"]
    every_other = [s.slug for s in STRATEGIES if s.slug not in STAY_ON]
    hint = api.hint_view(FISH_25, progress, None, every_other)
    assert hint["status"] == "stuck"
    assert hint["reason"].startswith("No step with the strategies switched on")


def test_a_bad_list_switched_off_is_an_error_not_a_traceback():
    progress = api.decode_view(FISH_25)["progress"]
    assert "unknown strategy 'magic'" in api.hint_view(FISH_25, progress, None, ["magic"])["error"]
    assert "cannot be switched off" in api.hint_view(FISH_25, progress, None,
                                                     ["hidden-single"])["error"]
    assert "error" in api.hint_view(FISH_25, progress, None, "aic")
    assert "error" in api.path_start(FISH_25, progress, None, [3])


def test_the_path_leaves_out_the_strategies_switched_off():
    progress = api.decode_view(FISH_25)["progress"]
    path = api.path_start(FISH_25, progress, None, FRANKEN_OFF)
    first = api.path_step(path["id"], 0.001)["steps"][0]
    api.path_cancel(path["id"])
    assert first.startswith("Franken X-Wing on 4")
