"""Unique rectangle (types 1 to 4) and BUG+1, each alone.

Type 1 is checked on HoDoKu's published example (u101); the rest are hand-made: empty grids with
a few cells pencilled, where every other cell holds every digit.
"""
from tests.explain.positions import cell, find, make_board, names
from tests.explain.test_single_digit import JIGSAW, candidate_board, cells, places_only
from tests.explain.test_wings import elims, marked

from pycore.explain import Board

U101 = """
| 5   34   2  | 134  134   8  | 9    6  7 |
| 1   389  89 | 7    36    69 | 4    5  2 |
| 49  6    7  | 5    24    29 | 3    8  1 |
| 2   1    3  | 6    5     7  | 8    4  9 |
| 6   5    4  | 8    9     1  | 2    7  3 |
| 7   89   89 | 23   23    4  | 6    1  5 |
| 8   2    1  | 9    67    56 | 57   3  4 |
| 3   47   6  | 124  1247  25 | 157  9  8 |
| 49  479  5  | 14   8     3  | 17   2  6 |
"""


def test_type_1_published_example():
    # HoDoKu u101: 8/9 in r2c23, r6c23 (boxes 1 and 4); only B2 has more: r2c2<>8, r2c2<>9
    step = find("unique-rectangle", candidate_board(U101))
    assert names(step.eliminations) == {("B2", 8), ("B2", 9)}
    assert step.text.startswith("Unique rectangle type 1 in B2, B3, F2 and F3 on 8/9: ")


TYPE_1 = "A1=12 A5=12 B1=12 B5=123"


def test_type_1():
    # A1, A5, B1 are 1/2 (boxes 1 and 2): B5 can be neither.
    step = find("unique-rectangle", marked(TYPE_1))
    assert names(step.eliminations) == {("B5", 1), ("B5", 2)}
    assert "type 1 in A1, A5, B1 and B5 on 1/2" in step.text


def test_no_rectangle_over_four_boxes():
    # A1, A5, E1, E5 lie in boxes 1, 2, 4 and 5: swapping 1 and 2 would break every box.
    assert find("unique-rectangle", marked("A1=12 A5=12 E1=12 E5=123")) is None


def test_no_rectangle_with_a_given():
    # B5 is a given 1: A1, A5, B1 (1/2) and B5 cannot be swapped, and B5 has no candidates.
    board = make_board("." * 13 + "1" + "." * 67)
    board = Board(board.puzzle, board.values, marked("A1=12 A5=12 B1=12").candidates)
    assert board.values[cell("B5")] == 1
    assert find("unique-rectangle", board) is None


def killer(marks: str, cage: str):
    """A killer grid with one cage (its total is irrelevant here) and the pencil marks."""
    board = make_board(kind="killer", cages=[(cells(cage), 10)])
    return Board(board.puzzle, board.values, marked(marks).candidates)


def test_killer_cage_that_keeps_the_swap():
    # A cage holding A1 and B1 holds one cell of each diagonal: the pattern is still deadly.
    step = find("unique-rectangle", killer(TYPE_1, "A1 B1"))
    assert names(step.eliminations) == {("B5", 1), ("B5", 2)}


def test_killer_cage_that_breaks_the_swap():
    # A cage holding A1 (and A2) but no other corner: swapping 1 and 2 changes its total.
    assert find("unique-rectangle", killer(TYPE_1, "A1 A2")) is None


def test_jigsaw_region_that_breaks_the_swap():
    # A1, A4, C1, C4: on a sudoku two boxes; in the jigsaw region 1 holds A1, A4 and C1.
    marks = "A1=12 A4=12 C1=12 C4=123"
    assert names(find("unique-rectangle", marked(marks)).eliminations) == {("C4", 1), ("C4", 2)}
    assert find("unique-rectangle", marked(marks, "jigsaw", JIGSAW)) is None


def test_jigsaw_rectangle_inside_one_region():
    # B4, B6, C4, C6 all lie in region 2: two cells of each diagonal.
    step = find("unique-rectangle", marked("B4=12 B6=12 C4=12 C6=129", "jigsaw", JIGSAW))
    assert names(step.eliminations) == {("C6", 1), ("C6", 2)}


def test_x_diagonal_that_breaks_the_swap():
    # A2, A3, B2, B3: B2 is the only corner on a diagonal, so the swap would break it.
    marks = "A2=12 A3=12 B2=12 B3=123"
    assert find("unique-rectangle", marked(marks, "sudoku-x")) is None
    assert names(find("unique-rectangle", marked(marks)).eliminations) == {("B3", 1), ("B3", 2)}


def test_x_rectangle_off_the_diagonals():
    step = find("unique-rectangle", marked("A2=12 A3=12 D2=12 D3=123", "sudoku-x"))
    assert names(step.eliminations) == {("D3", 1), ("D3", 2)}


def test_windoku_window_that_breaks_the_swap():
    # B1, B2, E1, E2: window 1 holds B2 alone.
    marks = "B1=12 B2=12 E1=12 E2=123"
    assert find("unique-rectangle", marked(marks, "windoku")) is None
    assert names(find("unique-rectangle", marked(marks)).eliminations) == {("E2", 1), ("E2", 2)}


def test_windoku_rectangle_outside_the_windows():
    step = find("unique-rectangle", marked("A1=12 A2=12 E1=12 E2=123", "windoku"))
    assert names(step.eliminations) == {("E2", 1), ("E2", 2)}


COLUMN_5_AND_BOX_2 = "A4 A6 B4 B6 C4 C5 C6 D5 E5 F5 G5 H5 I5"


def test_type_2():
    # Floor A1/B1 is 1/2, roof A5/B5 is 1/2/3: one roof cell is 3, so every cell seeing both
    # (the rest of column 5 and box 2) loses 3.
    step = find("unique-rectangle", marked("A1=12 B1=12 A5=123 B5=123"))
    assert names(step.eliminations) == elims(3, COLUMN_5_AND_BOX_2)
    assert step.text.startswith("Unique rectangle type 2 in A1, A5, B1 and B5 on 1/2: ")


def test_type_2_needs_the_same_extra_digit():
    assert find("unique-rectangle", marked("A1=12 B1=12 A5=123 B5=124")) is None


def test_type_3():
    # Roof A5 (1/2/3) and B5 (1/2/4): one of them is 3 or 4, so with C6 (3/4) they are a naked
    # pair of 3/4 in box 2: 3 and 4 leave A4, A6, B4, B6, C4 and C5.
    step = find("unique-rectangle", marked("A1=12 B1=12 A5=123 B5=124 C6=34"))
    assert names(step.eliminations) == elims(3, "A4 A6 B4 B6 C4 C5") | elims(4, "A4 A6 B4 B6 C4 C5")
    assert step.text.startswith("Unique rectangle type 3")
    assert "box 2" in step.text


def test_type_4():
    # Roof A5 (1/2/3) and B5 (1/2/4); 1 in column 5 only at A5/B5: one of them is 1, so neither
    # may be 2.
    board = places_only(marked("A1=12 B1=12 A5=123 B5=124"), 1, cells(
        "A5 B5 C5 D5 E5 F5 G5 H5 I5"), "A5 B5")
    step = find("unique-rectangle", board)
    assert names(step.eliminations) == {("A5", 2), ("B5", 2)}
    assert step.text.startswith("Unique rectangle type 4")


# Solution grids (checked below): a sudoku, and ones valid for X, Windoku and the jigsaw.
GRIDS = {
    "sudoku": "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    "sudoku-x": "123456789456789123789123456935241867617538294842697531298314675371865942564972318",
    "windoku": "123456789489372561567189342642598173375641298891237654936714825254863917718925436",
    "jigsaw": "123456789567389124894127356218743965356892471479615832631574298742968513985231647",
}


def bug_plus_one_board(kind: str, extra_cell: str, cages=()) -> Board:
    """Every 1, 2 and 3 of the grid opened; a cell keeps its digit and the next one (1→2→3→1),
    so each of them has exactly two places in every house: a BUG. `extra_cell` (a 1) also
    keeps 3, which then has three places in each of its houses."""
    grid = GRIDS[kind]
    givens = "".join("." if ch in "123" else ch for ch in grid)
    board = make_board(givens, kind=kind, regions=JIGSAW if kind == "jigsaw" else None,
                       cages=cages)
    following = {1: 2, 2: 3, 3: 1}
    cand = [0 if ch not in "123" else (1 << (int(ch) - 1)) | (1 << (following[int(ch)] - 1))
            for ch in grid]
    assert grid[cell(extra_cell)] == "1"
    cand[cell(extra_cell)] |= 1 << 2
    return Board(board.puzzle, board.values, tuple(cand))


def test_grids_are_solutions():
    for kind, grid in GRIDS.items():
        board = make_board(grid, kind=kind, regions=JIGSAW if kind == "jigsaw" else None)
        for house in board.geometry.houses:
            assert sorted(board.values[c] for c in house.cells) == list(range(1, 10)), kind


def test_bug_plus_one():
    step = find("bug-plus-one", bug_plus_one_board("sudoku", "A8"))
    assert names(step.placements) == {("A8", 3)}
    assert step.text.startswith("BUG+1: every open cell but A8")


def test_bug_plus_one_on_a_diagonal():
    assert names(find("bug-plus-one", bug_plus_one_board("sudoku-x", "A1")).placements) == {
        ("A1", 3)}


def test_bug_plus_one_in_a_window():
    assert names(find("bug-plus-one", bug_plus_one_board("windoku", "C4")).placements) == {
        ("C4", 3)}


def test_bug_plus_one_in_a_region():
    assert names(find("bug-plus-one", bug_plus_one_board("jigsaw", "A1")).placements) == {
        ("A1", 3)}


def test_bug_plus_one_not_with_cages():
    board = bug_plus_one_board("sudoku", "A8", cages=[(cells("A1 A2"), 8)])
    assert find("bug-plus-one", board) is None


def test_bug_plus_one_needs_a_single_three_candidate_cell():
    board = bug_plus_one_board("sudoku", "A8")
    cand = list(board.candidates)
    cand[cell("A8")] |= 1 << 3   # 4 as well: four candidates
    assert find("bug-plus-one", Board(board.puzzle, board.values, tuple(cand))) is None


def test_bug_plus_one_needs_every_other_cell_bivalue():
    # B4 (a 1, so 1/2) takes 9 as well: two cells with three candidates.
    board = bug_plus_one_board("sudoku", "A8")
    cand = list(board.candidates)
    cand[cell("B4")] |= 1 << 8
    assert find("bug-plus-one", Board(board.puzzle, board.values, tuple(cand))) is None


def test_a_puzzle_with_several_solutions_gets_no_uniqueness_step():
    # The same position, explained as a puzzle known to have several solutions: no unique
    # rectangle (its argument needs one solution), though it is there to be found.
    from pycore.explain import explain
    from pycore.model import Position
    board = candidate_board(U101)
    position = Position(tuple(board.values), tuple(board.candidates))
    assert explain(board.puzzle, position, only=["unique-rectangle"])["steps"]
    assert explain(board.puzzle, position, only=["unique-rectangle"], unique=False)["steps"] == []
