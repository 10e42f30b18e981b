"""Naked and hidden pairs, triples and quads, each alone, on hand-made positions.

Every position starts from an empty grid (every open cell holds every digit), so the only pattern
is the one the test draws; the expected eliminations are counted by hand from the drawing.
"""
from tests.explain.positions import find, make_board, names, with_marks, without

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


def cells(text):
    return text.split()


def all_but(digits, cell_names):
    return {(c, d) for c in cell_names for d in digits}


def remove(board, digits, cell_names):
    return without(board, {c: digits for c in cell_names})


# --- naked pair -------------------------------------------------------------------------------

def test_naked_pair_in_a_row_clears_the_rest_of_the_row():
    board = with_marks(make_board(), {"B3": "17", "B7": "17"})
    step = find("naked-pair", board)
    assert step.strategy == "naked-pair"
    assert names(step.eliminations) == all_but((1, 7), cells("B1 B2 B4 B5 B6 B8 B9"))
    assert names((c, 0) for c in step.cells) == {("B3", 0), ("B7", 0)}
    assert step.text == ("Naked pair 1/7 in B3 and B7 (row B): "
                         "1/7 leave B1, B2, B4, B5, B6, B8 and B9")


def test_naked_pair_in_a_row_and_a_box_clears_both():
    board = with_marks(make_board(), {"B2": "17", "B3": "17"})
    step = find("naked-pair", board)
    expected = cells("B1 B4 B5 B6 B7 B8 B9 A1 A2 A3 C1 C2 C3")
    assert names(step.eliminations) == all_but((1, 7), expected)
    assert "row B and box 1" in step.text


def test_naked_pair_finds_nothing_when_three_digits_share_two_cells():
    board = with_marks(make_board(), {"B3": "17", "B7": "18"})
    assert find("naked-pair", board) is None


def test_naked_pair_finds_nothing_when_its_digits_are_already_gone():
    board = with_marks(make_board(), {"B3": "17", "B7": "17"})
    board = remove(board, "17", cells("B1 B2 B4 B5 B6 B8 B9"))
    assert find("naked-pair", board) is None


def test_naked_pair_finds_nothing_on_an_empty_grid():
    assert find("naked-pair", make_board()) is None


def test_naked_pair_in_a_jigsaw_region():
    # A4 and C1 share only region 1 (A1-A4, B1-B4, C1): no row, column or box
    board = with_marks(make_board(kind="jigsaw", regions=JIGSAW), {"A4": "28", "C1": "28"})
    step = find("naked-pair", board)
    assert names(step.eliminations) == all_but((2, 8), cells("A1 A2 A3 B1 B2 B3 B4"))
    assert "(region 1)" in step.text


def test_naked_pair_on_an_x_diagonal():
    # B8 and H2 share only the A9-I1 diagonal
    board = with_marks(make_board(kind="sudoku-x"), {"B8": "45", "H2": "45"})
    step = find("naked-pair", board)
    assert names(step.eliminations) == all_but((4, 5), cells("A9 C7 D6 E5 F4 G3 I1"))
    assert "the A9–I1 diagonal" in step.text


def test_naked_pair_off_the_diagonals_of_a_plain_sudoku_finds_nothing():
    board = with_marks(make_board(), {"B8": "45", "H2": "45"})
    assert find("naked-pair", board) is None


# --- naked triple and quad --------------------------------------------------------------------

def test_naked_triple_with_no_cell_holding_all_three_digits():
    board = with_marks(make_board(), {"E1": "12", "E5": "23", "E9": "13"})
    step = find("naked-triple", board)
    assert step.strategy == "naked-triple"
    assert names(step.eliminations) == all_but((1, 2, 3), cells("E2 E3 E4 E6 E7 E8"))


def test_naked_triple_is_not_found_in_a_naked_pair():
    board = with_marks(make_board(), {"B3": "17", "B7": "17"})
    assert find("naked-triple", board) is None


def test_naked_quad_in_a_column():
    board = with_marks(make_board(), {"A4": "12", "C4": "23", "F4": "34", "H4": "14"})
    step = find("naked-quad", board)
    assert step.strategy == "naked-quad"
    assert names(step.eliminations) == all_but((1, 2, 3, 4), cells("B4 D4 E4 G4 I4"))
    assert "(column 4)" in step.text


def test_naked_quad_finds_nothing_with_five_digits_in_four_cells():
    board = with_marks(make_board(), {"A4": "12", "C4": "23", "F4": "34", "H4": "15"})
    assert find("naked-quad", board) is None


# --- hidden subsets ---------------------------------------------------------------------------

def test_hidden_pair_in_a_row_clears_its_two_cells():
    board = remove(make_board(), "17", cells("A1 A2 A4 A5 A6 A7 A9"))
    step = find("hidden-pair", board)
    assert step.strategy == "hidden-pair"
    assert names(step.eliminations) == all_but((2, 3, 4, 5, 6, 8, 9), ["A3", "A8"])
    assert step.text.startswith("Hidden pair 1/7 in row A: only A3 and A8 can hold them")


def test_hidden_pair_already_naked_finds_nothing():
    board = remove(make_board(), "17", cells("A1 A2 A4 A5 A6 A7 A9"))
    board = with_marks(board, {"A3": "17", "A8": "17"})
    assert find("hidden-pair", board) is None


def test_hidden_pair_finds_nothing_on_an_empty_grid():
    assert find("hidden-pair", make_board()) is None


def test_hidden_pair_on_an_x_diagonal():
    # On the A1-I9 diagonal only C3 and G7 can hold 3 and 6; nowhere else are they confined
    board = remove(make_board(kind="sudoku-x"), "36", cells("A1 B2 D4 E5 F6 H8 I9"))
    step = find("hidden-pair", board)
    assert names(step.eliminations) == all_but((1, 2, 4, 5, 7, 8, 9), ["C3", "G7"])
    assert "the A1–I9 diagonal" in step.text


def test_hidden_triple_in_a_column_with_one_digit_in_two_places():
    board = remove(make_board(), "258", cells("A5 C5 D5 F5 G5 I5"))
    board = remove(board, "8", ["B5"])
    step = find("hidden-triple", board)
    assert step.strategy == "hidden-triple"
    assert names(step.eliminations) == all_but((1, 3, 4, 6, 7, 9), ["B5", "E5", "H5"])


def test_hidden_triple_finds_nothing_when_three_digits_have_four_places():
    board = remove(make_board(), "258", cells("A5 C5 D5 F5 G5"))
    assert find("hidden-triple", board) is None


def test_hidden_quad_in_a_row():
    board = remove(make_board(), "1234", cells("I2 I3 I5 I7 I8"))
    step = find("hidden-quad", board)
    assert step.strategy == "hidden-quad"
    assert names(step.eliminations) == all_but((5, 6, 7, 8, 9), cells("I1 I4 I6 I9"))


def test_hidden_quad_finds_nothing_on_an_empty_grid():
    assert find("hidden-quad", make_board()) is None


def test_naked_pair_on_a_16x16():
    board = with_marks(make_board(size=16), {"A3": "1g", "A14": "1g"})
    step = find("naked-pair", board)
    others = [f"A{c}" for c in range(1, 17) if c not in (3, 14)]
    assert names(step.eliminations, 16) == all_but((1, 16), others)


def test_hidden_quad_on_a_25x25_row():
    # 1, 2, 3 and 4 only in the first four cells of row A (a box has 5 columns: not confined)
    board = remove(make_board(size=25), "1234", [f"A{c}" for c in range(5, 26)])
    step = find("hidden-quad", board)
    assert names(step.eliminations, 25) == all_but(range(5, 26), ["A1", "A2", "A3", "A4"])


def test_eliminations_are_said_per_digit_with_digits_that_leave_the_same_cells_together():
    from pycore.explain.board import leaves_text
    g = make_board().geometry
    a1, b1, a2 = 0, 9, 1
    assert leaves_text(g, [(a1, 4), (b1, 3), (a1, 3), (b1, 4), (a2, 9)]) == "3/4 leave A1 and B1; 9 leaves A2"
    # 4 leaves fewer cells than 3, so they are said apart; repeats count once
    assert leaves_text(g, [(a1, 3), (b1, 3), (a1, 4), (a1, 4)]) == "3 leaves A1 and B1; 4 leaves A1"
    # 16x16: digits over 9 as letters, rows numbered
    assert leaves_text(make_board(size=16).geometry, [(17, 10), (17, 16)]) == "A/G leave R2C2"
