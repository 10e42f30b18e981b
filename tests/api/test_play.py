"""pycore.api's playing-on views: conflicts as digits are placed, auto candidates, completion,
placing a digit clears it from the peers' pencil marks, and the opening position's all-digit
pencil marks read as none."""
from __future__ import annotations


from pycore import api
from pycore.model import Cage, Position, Puzzle, cell_name
from pycore.play import auto_candidates, cage_combinations, clashes, place

from tests.corpus import DEV, REAL

S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")
KILLER = next(e for e in REAL if e["name"].startswith("L9B"))
KENKEN = next(e for e in REAL if e["kind"] == "kenken")


def opened(entry) -> list[str]:
    return api.decode_view(entry["string"])["progress"]


def solved_progress(entry) -> list[str]:
    return [note if note[0] == "g" else "s" + d for note, d in zip(opened(entry), entry["solution"])]


def cell(r: int, c: int, n: int = 9) -> int:
    return (r - 1) * n + c - 1


def test_two_of_a_digit_in_a_row_are_both_marked():
    progress = opened(S9B)
    assert progress[0] == "g3"  # A1 holds a given 3
    progress[1] = "s3"
    view = api.play_view(S9B["string"], progress)
    assert view["conflicts"] == [0, 1]
    assert any(c["reason"] == "two 3s in row A" for c in view["clashes"])
    assert not view["solved"]


def test_a_digit_repeated_in_a_box_or_column_is_named_by_its_unit():
    progress = opened(S9B)
    progress[cell(2, 1)] = "s3"  # same column and box as A1's 3
    reasons = {c["reason"] for c in api.play_view(S9B["string"], progress)["clashes"]}
    assert {"two 3s in column 1", "two 3s in box 1"} <= reasons


def test_a_full_killer_cage_with_the_wrong_total_is_marked():
    puzzle = api.decode_view(KILLER["string"])
    cage = next(c for c in puzzle["cages"] if len(c["cells"]) == 2)
    progress = solved_progress(KILLER)
    a, b = cage["cells"]
    assert api.play_view(KILLER["string"], progress)["conflicts"] == []
    # swap in digits with the wrong sum but no repeat in any unit: the cage alone is broken
    progress[a] = "s" + str(int(progress[a][1]) % 9 + 1)
    view = api.play_view(KILLER["string"], progress)
    assert a in view["conflicts"] and b in view["conflicts"]
    name = f"the {cage['total']} cage at {cell_name(min(cage['cells']), 9)}"
    assert {"cells": cage["cells"], "reason": f"{name} does not make {cage['total']}"} in view["clashes"]


def test_a_cage_that_can_no_longer_reach_its_total_is_marked():
    puzzle = api.decode_view(KILLER["string"])
    cage = next(c for c in puzzle["cages"] if len(c["cells"]) == 2 and c["total"] < 10)
    first, second = cage["cells"]
    progress = ["."] * 81
    progress[first] = "s9"  # no digit 1-9 can bring 9 down to a total under 10
    view = api.play_view(KILLER["string"], progress)
    assert view["conflicts"] == [first]
    assert "can no longer make" in view["clashes"][0]["reason"]
    progress[first] = "s" + str(cage["total"] - 1)  # the other cell can still be 1
    assert api.play_view(KILLER["string"], progress)["conflicts"] == []


def test_kenken_operators_are_judged_when_full():
    puzzle = api.decode_view(KENKEN["string"])
    cage = next(c for c in puzzle["cages"] if c["op"] in "x/-" and len(c["cells"]) == 2)
    progress = solved_progress(KENKEN)
    assert api.play_view(KENKEN["string"], progress)["solved"]
    a, b = cage["cells"]
    progress[a], progress[b] = progress[b], progress[a]  # the same digits swapped: still fits
    view = api.play_view(KENKEN["string"], progress)
    assert not any("cage" in c["reason"] for c in view["clashes"])


def test_a_correct_full_grid_is_solved_for_every_dev_kind():
    seen = set()
    for entry in DEV:
        if (entry["kind"], entry["size"]) in seen:
            continue
        seen.add((entry["kind"], entry["size"]))
        text = entry["strings"]["versioned"]
        progress = solved_progress({**entry, "string": text})
        view = api.play_view(text, progress)
        assert view["solved"] and view["complete"] and view["conflicts"] == [], entry["kind"]
        assert view["candidates"] == [""] * len(progress)
        digits = [int(d, 36) for d in entry["solution"]]
        assert api.play_view(text, progress, digits)["solved"]
        wrong = digits[:]
        wrong[0] = wrong[0] % entry["size"] + 1
        assert not api.play_view(text, progress, wrong)["solved"]


def test_auto_candidates_come_from_placed_digits_and_keep_the_solution():
    view = api.play_view(S9B["string"], ["." if n[0] == "c" else n for n in opened(S9B)])
    r1c2 = view["candidates"][1]
    # r1c2 sees 3, 9, 6, 7, 1 in row 1, and more in its column and box
    assert set(r1c2).isdisjoint("39671") and S9B["solution"][1] in r1c2
    for i, digits in enumerate(view["candidates"]):
        assert (digits == "") == (opened(S9B)[i][0] == "g")
        assert digits == "" or S9B["solution"][i] in digits


def test_auto_candidates_in_a_killer_follow_the_cage():
    puzzle = api.decode_view(KILLER["string"])
    view = api.play_view(KILLER["string"], ["."] * 81)
    pairs = [c for c in puzzle["cages"] if len(c["cells"]) == 2]
    assert pairs
    for cage in pairs:
        t = cage["total"]
        fitting = {str(d) for d in range(1, 10) if 1 <= t - d <= 9 and t - d != d}
        for c in cage["cells"]:
            assert set(view["candidates"][c]) <= fitting, (cage, view["candidates"][c])
    assert any(len(view["candidates"][c]) < 9 for cage in pairs for c in cage["cells"])
    for i, digits in enumerate(view["candidates"]):
        assert KILLER["solution"][i] in digits


def test_placing_a_digit_clears_it_from_the_peers_marks():
    progress = ["c1234" if n[0] != "g" else n for n in opened(S9B)]
    after = api.place_digit(S9B["string"], progress, cell(1, 2), 2)["progress"]
    assert after[cell(1, 2)] == "s2"
    assert after[cell(1, 3)] == "c134" and after[cell(9, 2)] == "c134" and after[cell(2, 3)] == "c134"
    assert after[cell(4, 5)] == "c1234" and progress[cell(4, 5)] == "c1234"  # not a peer


def test_fill_candidates_and_opening_progress():
    wall = opened(S9B)
    assert wall[1] == "c123456789"
    opening = api.opening_progress(S9B["string"], wall)["progress"]
    assert opening[1] == "." and opening[0] == "g3"
    filled = api.fill_candidates(S9B["string"], opening)["progress"]
    auto = api.play_view(S9B["string"], opening)["candidates"]
    assert filled[1] == "c" + auto[1] and filled[0] == "g3"
    narrowed = next(e for e in REAL if e["name"].startswith("sudoku 162 packing, same X-Wing"))
    assert api.opening_progress(narrowed["string"], opened(narrowed))["progress"] == opened(narrowed)


def test_bad_input_is_an_error_not_an_exception():
    assert "error" in api.play_view("L9B0jdd", ["."] * 81)
    assert "error" in api.place_digit(S9B["string"], ["."] * 80, 0, 1)


def test_error_help_speaks_to_people():
    message = api.decode_view("h9B0000")["error"]
    assert "is not one of S X W J L M K D" in message
    assert "puzzle type letter" in api.error_help(message)
    assert api.error_help("something new") .startswith("This puzzle link could not be read")


def test_bad_arguments_from_the_page_are_errors_not_exceptions():
    """What the page passes is checked: a cell outside the grid or on a given, a digit outside
    1…size, a solution that is not size² digits, a slice size that is not a number. (A cell of
    -1 once placed the digit in the last cell, as Python reads a negative index.)"""
    text, progress = S9B["string"], opened(S9B)
    for cell_, digit in ((-1, 3), (81, 3), ("x", 3), (1, 0), (1, 10), (1, "7"), (0, 5)):
        answer = api.place_digit(text, progress, cell_, digit)
        assert set(answer) == {"error"}, (cell_, digit, answer)
    assert api.place_digit(text, progress, 1.0, 7.0)["progress"][1] == "s7"   # JavaScript numbers
    for solution in ([1, 2, 3], ["a"] * 81, [0] * 81, 5):
        assert set(api.hint_view(text, progress, solution)) == {"error"}, solution
        assert set(api.check_view(text, progress, solution)) == {"error"}, solution
    started = api.solve_start(text)["id"]
    assert set(api.solve_step(started, "many")) == {"error"}
    assert api.solve_step(started, 64.0)["done"]


def test_windoku_hidden_windows_count_in_play_as_in_hints():
    """A2 and E3 share only the hidden window of rows A, E, I and columns 2–4."""
    puzzle = Puzzle("windoku", 9, (0,) * 81)
    a2, e3 = 1, 4 * 9 + 2
    values = [0] * 81
    values[a2] = values[e3] = 1
    assert clashes(puzzle, values) == [
        {"cells": [a2, e3], "reason": "two 1s in the hidden window of rows A, E, I and columns 2–4"}]
    values[e3] = 0
    assert not auto_candidates(puzzle, values)[e3] & 1
    marked = Position((0,) * 81, tuple(0b111 for _ in range(81)))
    assert place(puzzle, marked, a2, 1).candidates[e3] == 0b110


def test_a_killer_cages_combinations_narrow_with_the_placed_digits():
    cage = Cage((0, 1, 2), 15)   # A1-A3 of an otherwise empty killer
    puzzle = Puzzle("killer", 9, (0,) * 81, None, (cage,))
    values = [0] * 81
    said = lambda: [int("".join(map(str, combo))) for combo in cage_combinations(puzzle, values, cage)]
    assert said() == [159, 168, 249, 258, 267, 348, 357, 456]
    values[0] = 9                    # a 9 in the cage: only the sets holding it
    assert said() == [159, 249]
    values[0], values[5] = 0, 5      # a 5 elsewhere in row A, which holds the whole cage
    assert said() == [168, 249, 267, 348]
    values[5] = 0
    # 1, 2 and 4 down columns 1 and 2 (D1-F1, G2-I2): only A3 may hold them, so a set may have
    # one of them but not two (every digit is somewhere allowed, but not all at once).
    for cell, digit in ((27, 1), (36, 2), (45, 4), (55, 1), (64, 2), (73, 4)):
        values[cell] = digit
    assert said() == [159, 168, 258, 267, 348, 357, 456]


def test_a_kenken_cages_combinations_may_repeat_a_digit_off_its_lines():
    corner = Cage((0, 1, 4), 4, "x")   # A1, A2 and B1 of a 4×4: A2 and B1 share no line
    pair = Cage((2, 3), 12, "x")
    puzzle = Puzzle("kenken", 4, (0,) * 16, None, (corner, pair))
    values = [0] * 16
    assert cage_combinations(puzzle, values, corner) == [(1, 1, 4), (1, 2, 2)]
    assert cage_combinations(puzzle, values, pair) == [(3, 4)]
    values[0] = 4                       # A1 holds 4: A2 and B1 are both 1
    assert cage_combinations(puzzle, values, corner) == [(1, 1, 4)]
    whole = Cage(tuple(range(16)), 40, "+")   # a whole 4×4: every digit four times
    assert cage_combinations(Puzzle("kenken", 4, (0,) * 16, None, (whole,)), [0] * 16, whole) == [
        (1,) * 4 + (2,) * 4 + (3,) * 4 + (4,) * 4]
    big = Cage(tuple(range(18)), 90, "+")   # two rows of a 9×9: too many ways to list
    assert cage_combinations(Puzzle("kenken", 9, (0,) * 81, None, (big,)), [0] * 81, big) is None


def test_the_page_asks_for_the_selected_cells_cage():
    progress = opened(KILLER)
    view = api.cage_view(KILLER["string"], progress, 0)
    assert view["cells"] >= 2 and view["combinations"]
    assert view["combinations"] == sorted(view["combinations"])
    assert all(sum(map(int, combo)) == int(view["clue"]) and len(set(combo)) == view["cells"]
               for combo in view["combinations"])
    kenken = api.cage_view(KENKEN["string"], opened(KENKEN), 0)
    assert kenken["clue"][-1] in "+−×÷" or kenken["cells"] == 1
    assert kenken["combinations"] and all(len(c) == kenken["cells"] for c in kenken["combinations"])
    assert api.cage_view(KILLER["string"], progress, "0") == {} == api.cage_view(KILLER["string"], progress, 81)
    assert "error" in api.cage_view("L9B0", progress, 0)


def test_a_sum_cage_says_what_its_open_cells_must_still_make():
    progress = opened(KILLER)
    cage = next(c for c in api.decode_view(KILLER["string"])["cages"]
                if len(c["cells"]) >= 3 and all(progress[i][0] != "s" for i in c["cells"]))
    first, second = cage["cells"][:2]
    assert api.cage_view(KILLER["string"], progress, first)["left"] is None   # nothing placed
    progress[second] = "s" + KILLER["solution"][second]
    view = api.cage_view(KILLER["string"], progress, first)
    assert view["left"] == [cage["total"] - int(KILLER["solution"][second]), len(cage["cells"]) - 1]
    for i in cage["cells"]:
        progress[i] = "s" + KILLER["solution"][i]
    assert api.cage_view(KILLER["string"], progress, first)["left"] is None   # nothing open


def test_a_kendoku_cage_never_repeats_a_digit_inside_a_box():
    # A1 and B2 share box 1 but no line: KenKen may put 2 in both, KenDoku may not.
    cage = Cage((0, 5), 4, "x")
    kenken = Puzzle("kenken", 4, (0,) * 16, None, (cage,))
    kendoku = Puzzle("kendoku", 4, (0,) * 16, None, (cage,))
    assert auto_candidates(kenken, [0] * 16)[0] == 0b1011   # 1, 2 or 4
    assert auto_candidates(kendoku, [0] * 16)[0] == 0b1001  # 1 or 4
    assert cage_combinations(kendoku, [0] * 16, cage) == [(1, 4)]


def test_remaining_counts_each_digit_still_to_place():
    progress = opened(S9B)
    givens = [int(note[1]) for note in progress if note.startswith("g")]
    before = api.play_view(S9B["string"], progress)["remaining"]
    assert before == [9 - givens.count(d) for d in range(1, 10)]
    open_cell = next(i for i, note in enumerate(progress) if not note.startswith("g"))
    progress[open_cell] = "s3"
    after = api.play_view(S9B["string"], progress)["remaining"]
    assert after[2] == before[2] - 1 and after[:2] + after[3:] == before[:2] + before[3:]
    assert api.play_view(S9B["string"], solved_progress(S9B))["remaining"] == [0] * 9


def test_remaining_never_goes_below_zero():
    progress = solved_progress(S9B)
    wrong = next(i for i, note in enumerate(progress) if note != "s3" and not note.startswith("g"))
    progress[wrong] = "s3"   # ten 3s: the clash says so, the count stops at 0
    view = api.play_view(S9B["string"], progress)
    assert view["remaining"][2] == 0 and view["clashes"]


def test_back_to_right_finds_the_newest_position_without_a_mistake():
    """A game's positions newest first: two right digits, then a wrong one, then a pencil-mark
    set without the solution's digit; back_to_right counts the changes back to the newest
    position with no mistake of either kind."""
    text, start = S9B["string"], opened(S9B)
    solution = [int(d) for d in S9B["solution"]]
    a2, a3, b1 = cell(1, 2), cell(1, 3), cell(2, 1)
    wrong = next(d for d in range(1, 10) if d != solution[a3])
    right1 = [note if i != a2 else f"s{solution[a2]}" for i, note in enumerate(start)]
    wrong2 = [note if i != a3 else f"s{wrong}" for i, note in enumerate(right1)]
    marks3 = [note if i != b1 else f"c{wrong}" for i, note in enumerate(wrong2)]
    fixed4 = [note if i != a3 else "." for i, note in enumerate(marks3)]
    assert api.back_to_right(text, [right1, start], solution) == {"back": 0}
    assert api.back_to_right(text, [marks3, wrong2, right1, start], solution) == {"back": 2}
    assert api.back_to_right(text, [fixed4, marks3, wrong2, right1], solution) == {"back": 3}
    assert api.back_to_right(text, [marks3, wrong2], solution) == {"back": None}
    for history in ([], "x", [["?"] * 81], None):
        assert set(api.back_to_right(text, history, solution)) == {"error"}, history
    assert set(api.back_to_right(text, [start], [1, 2])) == {"error"}


def test_a_full_house_or_cage_that_breaks_no_rule_is_finished():
    """A row filled from the solution is finished; a wrong digit in it (a clash) unfinishes it and
    every other group the clash touches; a full killer cage counts as well as its houses; a full
    grid has every house and cage finished."""
    progress = opened(KILLER)
    digits = KILLER["solution"]
    assert api.play_view(KILLER["string"], progress)["finished"] == []
    for c in range(9):
        progress[c] = "s" + digits[c]
    finished = api.play_view(KILLER["string"], progress)["finished"]
    assert list(range(9)) in finished
    puzzle = api.decode_view(KILLER["string"])
    inside = [c["cells"] for c in puzzle["cages"] if max(c["cells"]) < 9 and len(c["cells"]) > 1]
    assert inside and all(cage in finished for cage in inside)   # cages lying in row A
    assert all(max(group) < 9 for group in finished)             # nothing else is full
    progress[9] = "s" + digits[0]                                 # A1's digit again in B1: a clash
    assert list(range(9)) not in api.play_view(KILLER["string"], progress)["finished"]
    full = api.play_view(KILLER["string"], solved_progress(KILLER))["finished"]
    assert len(full) == 27 + sum(len(c["cells"]) > 1 for c in puzzle["cages"])


def test_the_diagonals_and_windows_are_finished_too_but_not_the_hidden_windows():
    for kind, extra in (("sudoku-x", 2), ("windoku", 4)):
        entry = next(e for e in DEV if e["kind"] == kind and e["size"] == 9)
        text = entry["strings"]["versioned"]
        progress = solved_progress({**entry, "string": text})
        assert len(api.play_view(text, progress)["finished"]) == 27 + extra, kind
