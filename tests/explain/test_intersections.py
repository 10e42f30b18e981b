"""Pointing and box/line reduction, each alone, on hand-made positions: boxes and lines, a jigsaw
region, an X diagonal and a Windoku window. Positions start from an empty grid, so the only
confinement is the one the test draws; expected eliminations are counted by hand."""
from tests.explain.positions import find, make_board, names, without

JIGSAW = """
111122222
111122223
133333333
444555666
444555666
444555666
777888999
777888999
777888999
"""


def remove(board, digits, cell_names):
    return without(board, {c: digits for c in cell_names.split()})


def with_digit(digit, cell_names):
    return {(c, digit) for c in cell_names.split()}


# --- pointing ---------------------------------------------------------------------------------

def test_pointing_pair_from_a_box_along_a_row():
    board = remove(make_board(), "9", "D4 D5 D6 E5 F4 F5 F6")   # box 5's 9 only in E4, E6
    step = find("pointing", board)
    assert step.strategy == "pointing"
    assert names(step.eliminations) == with_digit(9, "E1 E2 E3 E7 E8 E9")
    assert step.text == ("Pointing: in box 5, 9 can only be in E4 and E6, all in row E, "
                         "so 9 leaves E1, E2, E3, E7, E8 and E9")


def test_pointing_triple_from_a_box_down_a_column():
    board = remove(make_board(), "2", "A2 A3 B2 B3 C2 C3")   # box 1's 2 only in column 1
    step = find("pointing", board)
    assert names(step.eliminations) == with_digit(2, "D1 E1 F1 G1 H1 I1")


def test_pointing_finds_nothing_when_the_box_digit_spans_two_lines():
    board = remove(make_board(), "9", "D4 D5 D6 E5 F5 F6")   # 9 in E4, E6 and F4
    assert find("pointing", board) is None


def test_pointing_finds_nothing_when_the_line_has_no_other_place():
    board = remove(make_board(), "9", "D4 D5 D6 E5 F4 F5 F6 E1 E2 E3 E7 E8 E9")
    assert find("pointing", board) is None


def test_pointing_from_a_jigsaw_region_along_a_row():
    # region 2 is A5-A9 and B5-B8: with 5 gone from B5-B8 its 5 is in row A
    board = remove(make_board(kind="jigsaw", regions=JIGSAW), "5", "B5 B6 B7 B8")
    step = find("pointing", board)
    assert names(step.eliminations) == with_digit(5, "A1 A2 A3 A4")
    assert "in region 2" in step.text


def test_pointing_from_a_box_along_an_x_diagonal():
    board = remove(make_board(kind="sudoku-x"), "8", "A2 A3 B1 B3 C1 C2")   # A1, B2, C3 left
    step = find("pointing", board)
    assert names(step.eliminations) == with_digit(8, "D4 E5 F6 G7 H8 I9")
    assert "all in the A1–I9 diagonal" in step.text


def test_the_same_box_in_a_plain_sudoku_points_nowhere():
    board = remove(make_board(), "8", "A2 A3 B1 B3 C1 C2")
    assert find("pointing", board) is None


def test_pointing_from_a_windoku_window_along_a_row():
    # window 1 is B2-D4; its 6 is left in C2, C3 and C4 (boxes 1 and 2, so only row C holds all)
    board = remove(make_board(kind="windoku"), "6", "B2 B3 B4 D2 D3 D4")
    step = find("pointing", board)
    assert names(step.eliminations) == with_digit(6, "C1 C5 C6 C7 C8 C9")
    assert "in window 1" in step.text


def test_pointing_from_a_windoku_window_into_a_box():
    # window 1's 6 left in B2, B3, C2, C3: all in box 1, which loses its other 6s
    board = remove(make_board(kind="windoku"), "6", "B4 C4 D2 D3 D4")
    step = find("pointing", board)
    assert names(step.eliminations) == with_digit(6, "A1 A2 A3 B1 C1")
    assert "all in box 1" in step.text


# --- box/line reduction -----------------------------------------------------------------------

def test_box_line_reduction_from_a_row_into_a_box():
    board = remove(make_board(), "3", "D3 D4 D5 D6 D7 D8 D9")   # row D's 3 only in D1, D2
    step = find("box-line-reduction", board)
    assert step.strategy == "box-line-reduction"
    assert names(step.eliminations) == with_digit(3, "E1 E2 E3 F1 F2 F3")
    assert step.text.startswith("Box/line reduction: in row D, 3 can only be in D1 and D2, "
                                "all in box 4")


def test_box_line_reduction_from_a_column_into_a_box():
    board = remove(make_board(), "4", "A9 B9 C9 D9 E9 F9")   # column 9's 4 only in box 9
    step = find("box-line-reduction", board)
    assert names(step.eliminations) == with_digit(4, "G7 G8 H7 H8 I7 I8")


def test_box_line_reduction_finds_nothing_when_the_row_spans_two_boxes():
    board = remove(make_board(), "3", "D4 D5 D6 D7 D8")   # D1, D2, D3 and D9 left
    assert find("box-line-reduction", board) is None


def test_box_line_reduction_does_not_take_pointing():
    board = remove(make_board(), "9", "D4 D5 D6 E5 F4 F5 F6")
    assert find("box-line-reduction", board) is None


def test_box_line_reduction_into_a_jigsaw_region():
    # row C is C1 (region 1) and C2-C9 (region 3, which also holds B9)
    board = remove(make_board(kind="jigsaw", regions=JIGSAW), "4", "C1")
    step = find("box-line-reduction", board)
    assert names(step.eliminations) == with_digit(4, "B9")
    assert "all in region 3" in step.text


def test_box_line_reduction_into_a_windoku_window():
    # row F's 7 left in F2, F3 and F4: box 4 and box 5, but all in window 3 (F2-H4)
    board = remove(make_board(kind="windoku"), "7", "F1 F5 F6 F7 F8 F9")
    step = find("box-line-reduction", board)
    assert names(step.eliminations) == with_digit(7, "G2 G3 G4 H2 H3 H4")
    assert "all in window 3" in step.text
