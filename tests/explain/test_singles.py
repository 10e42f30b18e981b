"""Full house, naked single, hidden single: each alone, on hand-made positions."""
from positions import find, make_board, names, with_marks

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
