"""Unique rectangle types 5 and 6, rectangles with missing candidates, type 3 in every shared house,
hidden unique rectangles and avoidable rectangles (issue 44), each strategy alone.

Hand-made positions: an empty grid where every cell holds every digit, a few cells pencilled
(tests/explain/test_wings.marked), a digit's places narrowed in a line where the pattern needs a
strong link, and digits placed (not given) for the avoidable rectangles. Expected eliminations are
counted by hand from the drawing in each comment.
"""
from tests.explain.positions import find, make_board, names, placed, with_marks
from tests.explain.test_single_digit import cells, places_only
from tests.explain.test_wings import elims, marked

from pycore.explain import BY_SLUG

ROW_A = cells("A1 A2 A3 A4 A5 A6 A7 A8 A9")
ROW_B = cells("B1 B2 B3 B4 B5 B6 B7 B8 B9")
COLUMN_1 = cells("A1 B1 C1 D1 E1 F1 G1 H1 I1")


# --- unique rectangle: type 3 in every house, types 5 and 6, missing candidates ---------------

def test_type_3_clears_the_row_and_the_box():
    # Roof A4 (1/2/3) and A5 (1/2/4) over floor D4, D5 (1/2); A6 is 3/4. A4/A5 act as one cell
    # of 3/4: with A6 a naked pair in row A and in box 2, so 3 and 4 leave both houses.
    step = find("unique-rectangle", marked("A4=123 A5=124 D4=12 D5=12 A6=34"))
    rest = "A1 A2 A3 A7 A8 A9 B4 B5 B6 C4 C5 C6"
    assert names(step.eliminations) == elims(3, rest) | elims(4, rest)
    assert step.text.startswith("Unique rectangle type 3 in A4, A5, D4 and D5 on 1/2: ")
    assert "naked set of 3/4 in row A and box 2: " in step.text


def test_type_3_in_one_house_clears_that_house_only():
    # A6 replaced by A8 (3/4): the pair stands in row A alone
    step = find("unique-rectangle", marked("A4=123 A5=124 D4=12 D5=12 A8=34"))
    rest = "A1 A2 A3 A6 A7 A9"
    assert names(step.eliminations) == elims(3, rest) | elims(4, rest)
    assert "in row A: " in step.text


def test_type_5_roof_on_a_diagonal():
    # Floor A1, B5 (1/2), roof A5, B1 (1/2/3): one roof cell is 3, so every cell seeing both
    # (A2, A3 in row A and box 1; B4, B6 in row B and box 2) loses 3.
    step = find("unique-rectangle", marked("A1=12 B5=12 A5=123 B1=123"))
    assert names(step.eliminations) == elims(3, "A2 A3 B4 B6")
    assert step.text.startswith("Unique rectangle type 5 in A1, A5, B1 and B5 on 1/2: "
                                "one of A5 and B1 must be 3")


def test_type_5_three_roof_cells():
    # Floor A1 alone; A5, B1, B5 are 1/2/3: were none 3, A5 and B1 would be 2 and B5 1, the
    # pattern. B4 and B6 see all three roof cells.
    step = find("unique-rectangle", marked("A1=12 A5=123 B1=123 B5=123"))
    assert names(step.eliminations) == elims(3, "B4 B6")
    assert "type 5" in step.text


def test_type_5_needs_one_extra_digit():
    assert find("unique-rectangle", marked("A1=12 B5=12 A5=123 B1=124")) is None


def type_6_board(*extra_place_of_1):
    board = marked("A1=12 B5=12 A5=123 B1=124")
    board = places_only(board, 1, ROW_A, "A1 A5 " + " ".join(extra_place_of_1))
    return places_only(board, 1, ROW_B, "B1 B5")


def test_type_6():
    # Floor A1, B5 (1/2), roof A5 (1/2/3), B1 (1/2/4); 1 only at the corners in rows A and B.
    # Were A5 1, A1 and B5 would be 2 and B1 1: the pattern. So 1 leaves both roof cells.
    step = find("unique-rectangle", type_6_board())
    assert names(step.eliminations) == {("A5", 1), ("B1", 1)}
    assert step.text.startswith("Unique rectangle type 6 in A1, A5, B1 and B5 on 1/2: "
                                "1 has no place in row A or row B but the corners")


def test_type_6_needs_both_lines_confined():
    assert find("unique-rectangle", type_6_board("A9")) is None


def test_type_1_with_a_missing_candidate():
    # B5 has lost 2 (1/3/4): were it 1, A5 would be 2, A1 1, B1 2, the pattern. So 1 leaves B5.
    step = find("unique-rectangle", marked("A1=12 A5=12 B1=12 B5=134"))
    assert names(step.eliminations) == {("B5", 1)}
    assert step.text.startswith("Unique rectangle type 1 in A1, A5, B1 and B5 on 1/2: "
                                "if B5 were 1 the four cells could swap")


def test_type_2_with_a_missing_candidate():
    # Roof A5 (1/3) lacks 2, B5 is 1/2/3: were neither 3, A5 would be 1, B5 2, the pattern.
    step = find("unique-rectangle", marked("A1=12 B1=12 A5=13 B5=123"))
    assert names(step.eliminations) == elims(3, "A4 A6 B4 B6 C4 C5 C6 D5 E5 F5 G5 H5 I5")
    assert "type 2" in step.text


def test_no_rectangle_with_a_corner_holding_neither_digit():
    assert find("unique-rectangle", marked("A1=12 A5=12 B1=12 B5=34")) is None


# --- hidden unique rectangle ------------------------------------------------------------------

def hidden_board(*extra_in_column_1):
    # Floor B5 (1/2); the opposite corner A1; 1 in row A only at A1, A5, in column 1 only at
    # A1, B1 (and any extra place given)
    board = marked("B5=12")
    board = places_only(board, 1, ROW_A, "A1 A5")
    return places_only(board, 1, COLUMN_1, "A1 B1 " + " ".join(extra_in_column_1))


def test_hidden_unique_rectangle():
    # Were A1 2, A5 and B1 would be 1 (their row's and column's only other place), B5 then 2:
    # the pattern. So 2 leaves A1.
    step = find("hidden-unique-rectangle", hidden_board())
    assert step.strategy == "hidden-unique-rectangle"
    assert names(step.eliminations) == {("A1", 2)}
    assert step.text == ("Hidden unique rectangle in A1, A5, B1 and B5 on 1/2: 1 has no place in "
                         "row A or column 1 but the corners, so were A1 2, A5 and B1 would be 1, "
                         "B5 2 and the four cells could swap them: 2 leaves A1")
    assert {(c, d, colour) for c, d, colour in step.pattern if c == cells("B5")[0]} == {
        (cells("B5")[0], 1, 0), (cells("B5")[0], 2, 0)}


def test_hidden_unique_rectangle_needs_both_strong_links():
    assert find("hidden-unique-rectangle", hidden_board("E1")) is None


def test_hidden_unique_rectangle_over_four_boxes_is_no_pattern():
    board = marked("E5=12")
    board = places_only(board, 1, ROW_A, "A1 A5")
    board = places_only(board, 1, COLUMN_1, "A1 E1")
    assert find("hidden-unique-rectangle", board) is None


# --- avoidable rectangle ----------------------------------------------------------------------

def test_avoidable_rectangle_type_1():
    # A1 = 1, A5 = 2, B1 = 2 were placed, none given: were B5 1, the four could swap 1 and 2.
    board = placed(make_board(), {"A1": 1, "A5": 2, "B1": 2})
    step = find("avoidable-rectangle", board)
    assert step.strategy == "avoidable-rectangle"
    assert names(step.eliminations) == {("B5", 1)}
    assert step.text == ("Avoidable rectangle type 1 in A1, A5, B1 and B5: were B5 1, the four "
                         "cells could swap 1/2, none of them a given, so 1 leaves B5")


def test_avoidable_rectangle_needs_placed_cells_not_givens():
    board = make_board("1" + "." * 80)
    board = placed(board, {"A5": 2, "B1": 2})
    assert find("avoidable-rectangle", board) is None


def test_avoidable_rectangle_type_2():
    # A1 = 1 and A5 = 2 placed; B1 is 2/3, B5 1/3: were neither 3, B1 would be 2 and B5 1.
    # So one of them is 3, and the rest of row B loses 3.
    board = with_marks(placed(make_board(), {"A1": 1, "A5": 2}), {"B1": "23", "B5": "13"})
    step = find("avoidable-rectangle", board)
    assert names(step.eliminations) == elims(3, "B2 B3 B4 B6 B7 B8 B9")
    assert step.text.startswith("Avoidable rectangle type 2 in A1, A5, B1 and B5: one of B1 and "
                                "B5 must be 3")


def test_avoidable_rectangle_type_2_needs_the_same_extra_digit():
    board = with_marks(placed(make_board(), {"A1": 1, "A5": 2}), {"B1": "23", "B5": "14"})
    assert find("avoidable-rectangle", board) is None


def test_registered_with_articles():
    assert BY_SLUG["hidden-unique-rectangle"].article.endswith("/Hidden_Unique_Rectangles")
    assert BY_SLUG["avoidable-rectangle"].article.endswith("/Avoidable_Rectangles")
    assert (BY_SLUG["unique-rectangle"].difficulty < BY_SLUG["avoidable-rectangle"].difficulty
            < BY_SLUG["hidden-unique-rectangle"].difficulty)
