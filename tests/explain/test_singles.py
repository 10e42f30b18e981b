"""Full house, naked single, hidden single: each alone, on hand-made positions."""
from tests.explain.positions import cell, find, make_board, names, with_marks, without

from pycore.explain import next_step

ALMOST = """
534678912 672195348 198342567
859761423 426853791 713924856
961537284 287419635 34528617.
"""


def test_full_house_fills_the_last_cell_of_a_row():
    step = find("full-house", make_board(ALMOST))
    assert step.strategy == "full-house"
    assert names(step.placements) == {("I9", 9)}
    assert step.text.startswith("Full house: I9")


def test_full_house_finds_nothing_with_two_open_cells_in_every_open_house():
    # H8, H9, I8, I9 open: rows H and I and columns 8 and 9 have two each, box 9 four
    grid = ALMOST.replace("34528617.", "3452861..").replace("713924856", "7139248..")
    assert find("full-house", make_board(grid)) is None


def test_naked_single_places_the_only_candidate():
    board = with_marks(make_board(), {"C3": "7"})
    step = find("naked-single", board)
    assert names(step.placements) == {("C3", 7)}


def test_naked_single_finds_nothing_on_an_empty_grid():
    assert find("naked-single", make_board()) is None


def test_hidden_single_in_a_box():
    # 5 is in rows B and C and in column 1 and 2: box 1's only place for 5 is A3
    grid = """
    ... ... ...
    ... 5.. ...
    ... ... 5..
    5.. ... ...
    ... ... ...
    ... ... ...
    .5. ... ...
    ... ... ...
    ... ... ...
    """
    step = find("hidden-single", make_board(grid))
    assert names(step.placements) == {("A3", 5)}


def test_hidden_single_finds_nothing_on_an_empty_grid():
    assert find("hidden-single", make_board()) is None


def test_hidden_single_in_a_windoku_hidden_window():
    # Rows A, E, I cross columns 2-4 outside the drawn windows: those nine cells hold every digit
    # once (SudokuWiki's Windoku solver reasons with them too). 5 left only at E3 among them.
    board = without(make_board(kind="windoku"), {c: "5" for c in
                                                 "A2 A3 A4 E2 E4 I2 I3 I4".split()})
    step = find("hidden-single", board)
    assert names(step.placements) == {("E3", 5)}
    assert step.text == ("Hidden single: E3 is the only place for 5 in the hidden window of "
                         "rows A, E, I and columns 2–4")


def test_a_windoku_given_leaves_its_hidden_window_peers():
    # A2 holds 7: E3 shares no row, column, box or drawn window with it, only a hidden window.
    board = make_board("." + "7" + "." * 79, kind="windoku")
    assert not board.has(cell("E3"), 7) and board.has(cell("E6"), 7)   # E6: no house with A2


def test_a_hint_in_a_hidden_window_says_why_the_window_holds_every_digit_once():
    board = without(make_board(kind="windoku"), {c: "5" for c in
                                                 "A2 A3 A4 E2 E4 I2 I3 I4".split()})
    assert next_step(board).text == (
        "Hidden single: E3 is the only place for 5 in the hidden window of rows A, E, I and "
        "columns 2–4 (columns 2–4 hold every digit 3 times and windows 1 and 3 once each, so "
        "their other cells hold every digit once)")
