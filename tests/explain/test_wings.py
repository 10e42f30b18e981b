"""XY-Wing, XYZ-Wing and W-Wing, each alone.

The published examples are HoDoKu's (xy01, xy02, w02). Hand-made positions are empty grids with a
few cells pencilled; every other cell holds every digit, so a cell seeing both pincers loses z.
"""
from tests.explain.positions import coloured, drawn, find, make_board, names, with_marks
from tests.explain.test_single_digit import JIGSAW, candidate_board, cells, places_only


def marked(marks: str, kind: str = "sudoku", regions: str | None = None):
    """"A1=12 B7=13": an empty board of `kind` with those cells pencilled."""
    pairs = dict(item.split("=") for item in marks.split())
    return with_marks(make_board(kind=kind, regions=regions), pairs)


XY01 = """
| 8   145  57 | 3   6  25 | 9   147  12 |
| 27  45   9  | 47  1  25 | 8   6    3  |
| 127 6    3  | 47  8  9  | 24  147  5  |
| 9   2    4  | 6   7  3  | 1   5    8  |
| 3   8    6  | 9   5  1  | 7   2    4  |
| 5   7    1  | 8   2  4  | 3   9    6  |
| 4   3    2  | 1   9  6  | 5   8    7  |
| 6   9    8  | 5   3  7  | 24  14   12 |
| 17  15   57 | 2   4  8  | 6   3    9  |
"""

XY02 = """
| 7    1    4    | 29    6    29  | 5    3    8 |
| 8    29   29   | 4     5    3   | 16   16   7 |
| 3    5    6    | 7     1    8   | 4    2    9 |
| 16   369  1379 | 19    2    4   | 67   8    5 |
| 4    69   179  | 1589  89   59  | 3    67   2 |
| 2    8    5    | 3     7    6   | 9    4    1 |
| 9    7    8    | 6     3    1   | 2    5    4 |
| 15   234  123  | 2589  489  7   | 18   19   6 |
| 156  246  12   | 2589  489  259 | 178  179  3 |
"""

W02 = """
| 6     134    123 | 9   5  48 | 12348  7    14   |
| 347   1347   9   | 67  2  48 | 13458  136  145  |
| 247   5      8   | 67  3  1  | 24     269  49   |
| 1     6      4   | 3   8  9  | 7      5    2    |
| 238   38     23  | 1   7  5  | 9      4    6    |
| 5     9      7   | 2   4  6  | 13     13   8    |
| 9     2      5   | 4   1  7  | 6      8    3    |
| 3478  13478  13  | 5   6  2  | 14     19   1479 |
| 47    147    6   | 8   9  3  | 1245   12   1457 |
"""


def elims(digit: int, text: str):
    return {(name, digit) for name in text.split()}


def test_xy_wing_published_example_1():
    # HoDoKu xy01: pivot A3 (5/7), pincers A6 (2/5) and B1 (2/7): r2c6<>2
    step = find("xy-wing", candidate_board(XY01))
    assert names(step.eliminations) == {("B6", 2)}
    assert set(step.cells) == set(cells("A3 A6 B1"))
    # the pincers' 2, which one of them holds, in the second colour
    assert coloured(step) == {"5A3": 0, "7A3": 0, "5A6": 0, "2A6": 1, "7B1": 0, "2B1": 1}


def test_xy_wing_published_example_2():
    # HoDoKu xy02: pivot D1 (1/6), pincers D4 (1/9) and E2 (6/9): r4c23, r5c456<>9
    step = find("xy-wing", candidate_board(XY02))
    assert names(step.eliminations) == elims(9, "D2 D3 E4 E5 E6")


def test_xy_wing_finds_nothing_without_a_common_digit_in_the_pincers():
    assert find("xy-wing", marked("A1=12 A5=13 B2=24")) is None


def test_xy_wing_jigsaw_pincer_through_a_region():
    # Pivot A4 (1/2) sees C1 (1/3) through region 1 and A8 (2/3) along row A. Cells seeing C1
    # and A8: A1-A3 (row A, region 1), C7-C9 (row C, region 3); A4 itself has no 3.
    board = marked("A4=12 C1=13 A8=23", "jigsaw", JIGSAW)
    step = find("xy-wing", board)
    assert names(step.eliminations) == elims(3, "A1 A2 A3 C7 C8 C9")
    assert find("xy-wing", marked("A4=12 C1=13 A8=23")) is None


def test_xy_wing_x_pincer_on_a_diagonal():
    # Pivot A1 (1/2) sees E5 (1/3) on the A1-I9 diagonal and A9 (2/3) along row A. Cells seeing
    # E5 and A9: the A9-I1 diagonal (B8 C7 D6 F4 G3 H2 I1), A5, E9 and I9.
    step = find("xy-wing", marked("A1=12 E5=13 A9=23", "sudoku-x"))
    assert names(step.eliminations) == elims(3, "B8 C7 D6 F4 G3 H2 I1 A5 E9 I9")
    assert find("xy-wing", marked("A1=12 E5=13 A9=23")) is None


def test_xy_wing_windoku_pincer_in_a_window():
    # Pivot B2 (1/2) sees D4 (1/3) through window 1 and B8 (2/3) along row B. Cells seeing D4 and
    # B8: B3, B4 (row B, window 1), D6, D7, D8 (row D, window 2).
    step = find("xy-wing", marked("B2=12 D4=13 B8=23", "windoku"))
    assert names(step.eliminations) == elims(3, "B3 B4 D6 D7 D8")
    assert find("xy-wing", marked("B2=12 D4=13 B8=23")) is None


def test_xyz_wing():
    # Pivot B2 (1/2/3), pincers B7 (1/3) and A1 (2/3): cells seeing all three are B1 and B3.
    step = find("xyz-wing", marked("B2=123 B7=13 A1=23"))
    assert names(step.eliminations) == elims(3, "B1 B3")
    assert step.text.startswith("XYZ-Wing with pivot B2")


def test_xyz_wing_finds_nothing_without_a_shared_digit():
    assert find("xyz-wing", marked("B2=123 B7=13 A1=24")) is None


def test_xyz_wing_jigsaw():
    # Pivot A4 sees C1 through region 1: A1, A2, A3 see all three.
    step = find("xyz-wing", marked("A4=123 C1=13 A8=23", "jigsaw", JIGSAW))
    assert names(step.eliminations) == elims(3, "A1 A2 A3")
    assert find("xyz-wing", marked("A4=123 C1=13 A8=23")) is None


def test_xyz_wing_x():
    # Pivot A1 sees E5 on the diagonal: A5, I1 and I9 see A1, E5 and A9.
    step = find("xyz-wing", marked("A1=123 E5=13 A9=23", "sudoku-x"))
    assert names(step.eliminations) == elims(3, "A5 I1 I9")
    assert find("xyz-wing", marked("A1=123 E5=13 A9=23")) is None


def test_xyz_wing_windoku():
    # Pivot B2 sees D4 through window 1: B3 and B4 see all three.
    step = find("xyz-wing", marked("B2=123 D4=13 B8=23", "windoku"))
    assert names(step.eliminations) == elims(3, "B3 B4")
    assert find("xyz-wing", marked("B2=123 D4=13 B8=23")) is None


def test_wxyz_wing_of_four_bivalue_cells():
    # B1 (2/9), D1 (2/6), D5 (3/6), G5 (3/9): only 2, 3, 6 and 9 between them; the 2s (column
    # 1), 6s (row D) and 3s (column 5) see each other, the 9s (B1, G5) do not. Without a 9 the
    # four cells would take three digits: one of B1 and G5 is 9, so G1 and B5 lose it.
    step = find("wxyz-wing", marked("B1=29 D1=26 D5=36 G5=39"))
    assert names(step.eliminations) == elims(9, "B5 G1")
    assert step.text == ("WXYZ-Wing: B1 (2/9), D1 (2/6), D5 (3/6), G5 (3/9) hold only 2/3/6/9 "
                         "between them, and 2, 3 and 6 can each fill only one of them (their "
                         "cells see each other), so one is 9: 9 leaves B5 and G1")
    assert coloured(step) == {"2B1": 0, "9B1": 1, "2D1": 0, "6D1": 0, "3D5": 0, "6D5": 0,
                              "3G5": 0, "9G5": 1}


def test_wxyz_wing_with_a_three_digit_cell():
    # H1 (3/7), H3 (3/6), H6 (6/7/8), I6 (7/8): the 3s and 6s in row H, the 8s in column 6; the
    # 7s in H1, H6 and I6, and H1 does not see I6. H4 and H5 see all three 7s.
    step = find("wxyz-wing", marked("H1=37 H3=36 H6=678 I6=78"))
    assert names(step.eliminations) == elims(7, "H4 H5")


def test_wxyz_wing_needs_exactly_one_digit_in_cells_apart():
    # A naked quad (every digit's cells see each other) is no wing; nor are A1 (1/3), A5 (2/3),
    # E5 (1/4), E9 (2/4), whose 1s and 2s both lie in cells apart; nor the first test's digits
    # in four cells that see none of the others
    assert find("wxyz-wing", marked("A1=12 A2=23 A3=34 A4=41")) is None
    assert find("wxyz-wing", marked("A1=13 A5=23 E5=14 E9=24")) is None
    assert find("wxyz-wing", marked("A1=29 E5=26 I9=36 C8=39")) is None


def test_w_wing_published_example():
    # HoDoKu w02: A9 and H7 are 1/4; 1 in column 3 only at A3/H3: r123c7, r89c9<>4
    step = find("w-wing", candidate_board(W02))
    assert names(step.eliminations) == elims(4, "A7 B7 C7 H9 I9")
    assert "column 3" in step.text
    assert drawn(step) == "(4)A9=(1)A9-(1)A3=(1)H3-(1)H7=(4)H7"


def test_w_wing_finds_nothing_when_the_pair_cells_see_each_other():
    assert find("w-wing", marked("A1=12 A9=12")) is None


def link_on_1(board, house: str, keep: str):
    return places_only(board, 1, cells(house), keep)


def test_w_wing_jigsaw_link_in_a_region():
    # A8 and H1 are 1/2; 1 in region 1 only at A4 (sees A8) and C1 (sees H1): A1 and H8 lose 2.
    region_1 = "A1 A2 A3 A4 B1 B2 B3 C1 C2"
    board = link_on_1(marked("A8=12 H1=12", "jigsaw", JIGSAW), region_1, "A4 C1")
    step = find("w-wing", board)
    assert names(step.eliminations) == elims(2, "A1 H8")
    assert "region 1" in step.text
    assert find("w-wing", link_on_1(marked("A8=12 H1=12"), region_1, "A4 C1")) is None


def test_w_wing_x_link_on_a_diagonal():
    # B7 and G8 are 1/2; 1 on the A1-I9 diagonal only at B2 (sees B7) and H8 (sees G8).
    diagonal = "A1 B2 C3 D4 E5 F6 G7 H8 I9"
    board = link_on_1(marked("B7=12 G8=12", "sudoku-x"), diagonal, "B2 H8")
    step = find("w-wing", board)
    assert names(step.eliminations) == elims(2, "A8 B8 C8 G7 H7 I7")
    assert find("w-wing", link_on_1(marked("B7=12 G8=12"), diagonal, "B2 H8")) is None


def test_w_wing_windoku_link_in_a_window():
    # B8 and H4 are 1/2; 1 in window 1 only at B2 (sees B8) and D4 (sees H4): B4 and H8 lose 2.
    window_1 = "B2 B3 B4 C2 C3 C4 D2 D3 D4"
    board = link_on_1(marked("B8=12 H4=12", "windoku"), window_1, "B2 D4")
    step = find("w-wing", board)
    assert names(step.eliminations) == elims(2, "B4 H8")
    assert "window 1" in step.text
    assert find("w-wing", link_on_1(marked("B8=12 H4=12"), window_1, "B2 D4")) is None
