"""Simple colouring, X-Chain, XY-Chain and AIC, each alone, on hand-made positions.

The positions start from an empty grid (every digit everywhere, so no digit has a strong link)
and confine a digit to two places in a few houses, or pencil a few bivalue cells: the only links
are the ones drawn, so the expected step is worked out by hand from them (the reasoning is in
each test's comment).
"""
from tests.explain.drawing import check_drawing
from pycore.explain.registry import BY_SLUG
from tests.explain.positions import coloured, drawn, find, make_board, names, with_marks, without

JIGSAW = """
111112222 133312224 133315224
336665444 736665544 788865544
777865999 788865999 777885999
"""


def confine(board, digit, house_name, keep):
    """Leaves `digit` in the house named `house_name` only in the cells `keep` ("A1 A5")."""
    house = next(h for h in board.geometry.houses if h.name == house_name)
    kept = set(keep.split())
    return without(board, {board.geometry.name(c): str(digit) for c in house.cells
                           if board.geometry.name(c) not in kept})


# --- simple colouring -----------------------------------------------------------------------------

def test_simple_colouring_wrap_two_cells_of_one_colour_in_a_box():
    # 5: A1=A5 (row A), A5=E5 (column 5), E5=E3 (row E), E3=B3 (column 3). Colours: A1, E5, B3
    # against A5, E3. A1 and B3 share box 1, so their colour is false.
    board = make_board()
    board = confine(board, 5, "row A", "A1 A5")
    board = confine(board, 5, "column 5", "A5 E5")
    board = confine(board, 5, "row E", "E5 E3")
    board = confine(board, 5, "column 3", "E3 B3")
    step = find("simple-colouring", board)
    assert names(step.eliminations) == {("A1", 5), ("E5", 5), ("B3", 5)}
    assert step.text.startswith("Simple colouring on 5 (colour wrap): A1 and B3")
    assert "box 1" in step.text
    assert set(step.cells) == {0, 4, 40, 38, 11}
    # SudokuWiki's two colours, the conjugate pairs between them
    assert coloured(step) == {"5A1": 0, "5E5": 0, "5B3": 0, "5A5": 1, "5E3": 1}
    assert drawn(step) == "(5)A1=(5)A5=(5)E5 (5)B3=(5)E3=(5)E5"


def test_simple_colouring_trap_cells_seeing_both_colours():
    # 5: A1=A5, A5=E5, E5=E2. Colours A1, E5 against A5, E2. Seeing A1 and E2: B2, C2 (box 1
    # and column 2), D1, F1 (column 1 and box 4); nothing else sees one of each colour.
    board = make_board()
    board = confine(board, 5, "row A", "A1 A5")
    board = confine(board, 5, "column 5", "A5 E5")
    board = confine(board, 5, "row E", "E5 E2")
    step = find("simple-colouring", board)
    assert names(step.eliminations) == {("B2", 5), ("C2", 5), ("D1", 5), ("F1", 5)}
    assert "colour trap" in step.text


def test_simple_colouring_finds_nothing_when_no_cell_sees_both_colours():
    # A1=A5=E5: the cells seeing A5 and A1 or E5 lie in row A or column 5, which hold no other 5
    board = make_board()
    board = confine(board, 5, "row A", "A1 A5")
    board = confine(board, 5, "column 5", "A5 E5")
    assert find("simple-colouring", board) is None


def test_simple_colouring_finds_nothing_on_an_empty_grid():
    assert find("simple-colouring", make_board()) is None


def test_simple_colouring_with_diagonals_in_sudoku_x():
    # 5 on the A1–I9 diagonal only in A1 and E5, in row A only in A1 and A7, in row E only in E5
    # and E8. Colours: A1, E8 against A7, E5. E5 is also on the A9–I1 diagonal, so I1 (column 1
    # with A1) sees both; so do D7, F7 (column 7 / box 6) and B8, C8 (column 8 / box 3).
    board = make_board(kind="sudoku-x")
    board = confine(board, 5, "the A1–I9 diagonal", "A1 E5")
    board = confine(board, 5, "row A", "A1 A7")
    board = confine(board, 5, "row E", "E5 E8")
    step = find("simple-colouring", board)
    assert names(step.eliminations) == {("I1", 5), ("D7", 5), ("F7", 5), ("B8", 5), ("C8", 5)}


def test_simple_colouring_through_a_jigsaw_region():
    # 5: region 1 only A1, C5; column 5 only C5, G5; row G only G5, G8. Colours: A1, G5 against
    # C5, G8. Only A8 sees one of each (A1 in row A, G8 in column 8).
    board = make_board(kind="jigsaw", regions=JIGSAW)
    board = confine(board, 5, "region 1", "A1 C5")
    board = confine(board, 5, "column 5", "C5 G5")
    board = confine(board, 5, "row G", "G5 G8")
    step = find("simple-colouring", board)
    assert names(step.eliminations) == {("A8", 5)}


# --- 3D Medusa -----------------------------------------------------------------------------------

def medusa_board(marks: dict, *confined):
    """An empty grid with the cells of `marks` pencilled and each (digit, house, cells) of
    `confined` leaving that digit only in those cells of the house."""
    board = with_marks(make_board(), marks)
    for digit, house, keep in confined:
        board = confine(board, digit, house, keep)
    return board


def test_medusa_a_candidate_seeing_its_digit_in_both_colours_goes():
    # A1 {1,2}; 1 in column 1 only in A1 and E1; E1 {1,3}; 3 in row E only in E1 and E5; E5
    # {2,3}. Blue: 1A1, 3E1, 2E5; orange: 2A1, 1E1, 3E5. 2 in A5 sees the orange 2 in A1 (row A)
    # and the blue 2 in E5 (column 5): whichever colour is true, A5 is not 2. No other cell sees
    # both A1 and E5, and the 1s and 3s of the two colours meet only in houses that lost them.
    board = medusa_board({"A1": "12", "E1": "13", "E5": "23"},
                         (1, "column 1", "A1 E1"),
                         (3, "row E", "E1 E5"))
    step = find("3d-medusa", board)
    assert names(step.eliminations) == {("A5", 2)}
    assert step.text == ("3D Medusa: along the strong links drawn, either every blue candidate "
                         "is true or every orange one. 2 in A5 sees a blue 2 in E5 and an orange "
                         "one in A1, so 2 leaves A5")
    assert coloured(step) == {"1A1": 0, "3E1": 0, "2E5": 0, "2A1": 1, "1E1": 1, "3E5": 1}
    assert drawn(step) == "(1)A1=(2)A1 (1)A1=(1)E1=(3)E1=(3)E5 (2)E5=(3)E5"
    check_drawing(board, step)


def test_medusa_a_candidate_seeing_one_colour_while_its_cell_holds_the_other_goes():
    # A1 {1,2}: blue 1, orange 2; 2 in row A only in A1 and A5: A5's 2 blue; 1 in column 1 only
    # in A1 and E1: E1's 1 orange; E1 {1,4}: its 4 blue; 4 in row E only in E1 and E5: E5's 4
    # orange. A5 holds a blue 2 and its 4 sees the orange 4 in E5 (column 5): if blue, A5 is 2;
    # if orange, E5 is 4. Likewise E5's 2 against the blue 2 in A5.
    board = medusa_board({"A1": "12", "E1": "14"},
                         (2, "row A", "A1 A5"),
                         (1, "column 1", "A1 E1"),
                         (4, "row E", "E1 E5"))
    step = find("3d-medusa", board)
    assert names(step.eliminations) == {("A5", 4), ("E5", 2)}
    assert step.text.endswith("4 in A5 sees an orange 4 in E5 while A5 holds a blue 2; 2 in E5 "
                              "sees a blue 2 in A5 while E5 holds an orange 4, so 2 leaves E5; "
                              "4 leaves A5")
    check_drawing(board, step)


def test_medusa_two_candidates_of_one_colour_in_a_cell_make_it_false():
    # A1 {1,2}: blue 1, orange 2. 1 in row A only in A1 and A5: A5's 1 orange. 2 in column 1
    # only in A1 and E1: E1's 2 blue; E1 {2,7}: its 7 orange; 7 in row E only in E1 and E5: E5's
    # 7 blue; 7 in column 5 only in E5 and A5: A5's 7 orange. A5 cannot hold both 1 and 7, so
    # orange is false: every orange candidate goes (and blue is true).
    board = medusa_board({"A1": "12", "E1": "27"},
                         (1, "row A", "A1 A5"),
                         (2, "column 1", "A1 E1"),
                         (7, "row E", "E1 E5"),
                         (7, "column 5", "E5 A5"))
    step = find("3d-medusa", board)
    assert names(step.eliminations) == {("A1", 2), ("A5", 1), ("E1", 7), ("A5", 7)}
    assert step.text.startswith("3D Medusa: A5 would hold both 1 and 7, both orange, so orange "
                                "is false and blue true: ")
    check_drawing(board, step)


def test_medusa_a_cell_holding_both_colours_keeps_only_them():
    # A1 {1,2}: blue 1, orange 2; 1 and 2 in row A only in A1 and A5: A5's 1 orange, its 2
    # blue. One of them is true, so A5 holds 1 or 2 and nothing else.
    board = medusa_board({"A1": "12"}, (1, "row A", "A1 A5"), (2, "row A", "A1 A5"))
    step = find("3d-medusa", board)
    assert names(step.eliminations) == {("A5", d) for d in range(3, 10)}
    assert step.text.endswith("A5 holds a blue 2 and an orange 1, so 3/4/5/6/7/8/9 leave A5")
    check_drawing(board, step)


def test_medusa_one_digit_twice_in_a_house_in_one_colour_makes_it_false():
    # A1 {1,2}: blue 1, orange 2; 2 in column 1 only in A1 and E1: E1's 2 blue; E1 {2,5}: its 5
    # orange; 5 in row E only in E1 and E3: E3's 5 blue; E3 {1,5}: its 1 orange; 1 in column 3
    # only in E3 and B3: B3's 1 blue. Blue puts 1 in A1 and B3, both in box 1: blue is false.
    board = medusa_board({"A1": "12", "E1": "25", "E3": "15"},
                         (2, "column 1", "A1 E1"),
                         (5, "row E", "E1 E3"),
                         (1, "column 3", "E3 B3"))
    step = find("3d-medusa", board)
    assert names(step.eliminations) == {("A1", 1), ("E1", 2), ("E3", 5), ("B3", 1)}
    assert step.text.startswith("3D Medusa: 1 is blue in both A1 and B3, which share box 1, so "
                                "blue is false and orange true: ")
    check_drawing(board, step)


def test_medusa_a_colour_that_would_empty_a_cell_is_false():
    # A1 {1,3}: blue 1, orange 3; 3 in row A only in A1 and A4: A4's 3 blue; 1 in column 1 only
    # in A1 and E1: E1's 1 orange; E1 {1,4}: its 4 blue. E4 {3,4} (a cluster of its own) sees
    # the blue 3 in A4 and the blue 4 in E1: blue would leave it empty.
    board = medusa_board({"A1": "13", "E1": "14", "E4": "34"},
                         (3, "row A", "A1 A4"),
                         (1, "column 1", "A1 E1"))
    step = find("3d-medusa", board)
    assert names(step.eliminations) == {("A1", 1), ("A4", 3), ("E1", 4)}
    assert step.text == ("3D Medusa: every candidate of E4 sees its digit in blue, which would "
                         "leave E4 empty, so blue is false and orange true: 1 leaves A1; 3 leaves "
                         "A4; 4 leaves E1")
    check_drawing(board, step)


def test_medusa_leaves_one_digit_alone_to_simple_colouring():
    # the colour wrap of simple colouring's first test: one digit, no bivalue cell
    board = make_board()
    board = confine(board, 5, "row A", "A1 A5")
    board = confine(board, 5, "column 5", "A5 E5")
    board = confine(board, 5, "row E", "E5 E3")
    board = confine(board, 5, "column 3", "E3 B3")
    assert find("simple-colouring", board) is not None
    assert find("3d-medusa", board) is None
    assert find("3d-medusa", make_board()) is None


# --- X-Chain --------------------------------------------------------------------------------------

def x_chain_board():
    # 4: A2=A6 (row A), D6=D9 (row D), H3=H9 (row H); columns 6 and 9 join them:
    # A2=A6-D6=D9-H9=H3, so A2 or H3 is 4. Seeing both and holding 4: B3, C3 (box 1, column 3)
    # and G2, I2 (column 2, box 7); A3 and H2 lie in the confined rows. The two shorter chains
    # (A2…D9, D6…H3) have no cell seeing both ends.
    board = make_board()
    board = confine(board, 4, "row A", "A2 A6")
    board = confine(board, 4, "row D", "D6 D9")
    return confine(board, 4, "row H", "H3 H9")


def test_x_chain_of_three_strong_links():
    step = find("x-chain", x_chain_board())
    assert names(step.eliminations) == {("B3", 4), ("C3", 4), ("G2", 4), ("I2", 4)}
    assert step.text == ("X-Chain on 4: A2=A6-D6=D9-H9=H3 puts 4 in A2 or H3, so 4 leaves B3, "
                         "C3, G2 and I2")
    # drawn as written, the colours alternating along it
    assert drawn(step) == "(4)A2=(4)A6-(4)D6=(4)D9-(4)H9=(4)H3"
    assert coloured(step) == {"4A2": 0, "4A6": 1, "4D6": 0, "4D9": 1, "4H9": 0, "4H3": 1}
    assert len(step.cells) == 6


def test_x_chain_finds_nothing_when_no_cell_sees_both_ends():
    board = without(x_chain_board(), {"B3": "4", "C3": "4", "G2": "4", "I2": "4"})
    assert find("x-chain", board) is None


def test_x_chain_finds_nothing_on_an_empty_grid():
    assert find("x-chain", make_board()) is None


def test_x_chain_through_a_jigsaw_region():
    # region 1 holds 4 only in A1 and C5, column 9 only in C9 and G9: A1=C5-C9=G9. Seeing A1
    # and G9: G1 (A9 is in column 9).
    board = make_board(kind="jigsaw", regions=JIGSAW)
    board = confine(board, 4, "region 1", "A1 C5")
    board = confine(board, 4, "column 9", "C9 G9")
    step = find("x-chain", board)
    assert names(step.eliminations) == {("G1", 4)}
    region = next(i for i, h in enumerate(board.geometry.houses) if h.name == "region 1")
    assert region in step.units


def test_x_chain_through_a_diagonal():
    # row A: 4 only in A2, A6; the A1–I9 diagonal: only in F6, I9. A2=A6-F6=I9; I2 sees both
    # ends (B2, C3 see both through the diagonal but it holds no other 4).
    board = make_board(kind="sudoku-x")
    board = confine(board, 4, "row A", "A2 A6")
    board = confine(board, 4, "the A1–I9 diagonal", "F6 I9")
    step = find("x-chain", board)
    assert names(step.eliminations) == {("I2", 4)}


def test_x_chain_through_a_windoku_window():
    # row A: 4 only in A1, A7; window 1 (B2–D4): only in B2, D4. A7=A1-B2=D4: D7 sees both, and
    # so does E6, through box 5 and the hidden window of rows A, E, I and columns 6–8.
    board = make_board(kind="windoku")
    board = confine(board, 4, "row A", "A1 A7")
    board = confine(board, 4, "window 1", "B2 D4")
    step = find("x-chain", board)
    assert names(step.eliminations) == {("D7", 4), ("E6", 4)}


# --- XY-Chain -------------------------------------------------------------------------------------

def xy_board(**marks):
    # (1=2)A1-(2=3)A5-(3=4)E5-(4=1)E9: A1 or E9 is 1, so A9 and E1 lose 1.
    cells = {"A1": "12", "A5": "23", "E5": "34", "E9": "41"}
    cells.update(marks)
    return with_marks(make_board(), cells)


def test_xy_chain_of_four_cells():
    step = find("xy-chain", xy_board())
    assert names(step.eliminations) == {("A9", 1), ("E1", 1)}
    assert step.text == ("XY-Chain: (1=2)A1-(2=3)A5-(3=4)E5-(4=1)E9 puts 1 in A1 or E9, so 1 "
                         "leaves A9 and E1")


def test_xy_chain_finds_nothing_when_the_ends_differ():
    assert find("xy-chain", xy_board(E9="46")) is None


def test_xy_chain_finds_nothing_on_an_empty_grid():
    assert find("xy-chain", make_board()) is None


def test_xy_chain_through_a_diagonal():
    # A1 and E5 see each other only on the A1–I9 diagonal: (1=2)A1-(2=3)E5-(3=1)E9. A9, E1 and,
    # through the diagonal and column 9, I9 see A1 and E9.
    board = with_marks(make_board(kind="sudoku-x"), {"A1": "12", "E5": "23", "E9": "31"})
    step = find("xy-chain", board)
    assert names(step.eliminations) == {("A9", 1), ("E1", 1), ("I9", 1)}


def test_xy_chain_through_a_windoku_window():
    # B2 and D4 share only window 1: (1=2)B2-(2=3)D4-(3=1)D9. Seeing B2 and D9: B9, D2, through
    # the window and row D D3, and through the hidden window of rows B–D and columns 1, 5, 9
    # (with D9) B1 and B5 (row B) and C1 (box 1).
    board = with_marks(make_board(kind="windoku"), {"B2": "12", "D4": "23", "D9": "31"})
    step = find("xy-chain", board)
    assert names(step.eliminations) == {("B1", 1), ("B5", 1), ("B9", 1), ("C1", 1), ("D2", 1),
                                        ("D3", 1)}


# --- AIC ------------------------------------------------------------------------------------------

def aic_board():
    # 1 in row A only in A1, A5; 2 in column 5 only in A5, E5; E8 = 1/2.
    # (1)A1=(1)A5-(2)A5=(2)E5-(2)E8=(1)E8: A1 or E8 is 1. Seeing both: E1 (A8 holds no 1).
    # The two-link pieces end on different digits in cells that do not see each other.
    board = make_board()
    board = confine(board, 1, "row A", "A1 A5")
    board = confine(board, 2, "column 5", "A5 E5")
    return with_marks(board, {"E8": "12"})


def test_aic_type_1_mixing_houses_and_cells():
    step = find("aic", aic_board())
    assert names(step.eliminations) == {("E1", 1)}
    assert step.text == ("AIC (1)A1=(1-2)A5=(2)E5-(2=1)E8: A1 is 1 or E8 is 1, so 1 leaves E1")
    assert drawn(step) == "(1)A1=(1)A5-(2)A5=(2)E5-(2)E8=(1)E8"


def test_aic_finds_nothing_when_no_candidate_sees_both_ends():
    assert find("aic", without(aic_board(), {"E1": "1"})) is None


def test_aic_finds_nothing_on_an_empty_grid():
    assert find("aic", make_board()) is None


def test_aic_type_2_ends_on_two_digits_that_see_each_other():
    # 1 in column 1 only in A1, E1; E7 = 1/2; 2 in row B only in B7, B3.
    # (1)A1=(1)E1-(1=2)E7-(2)B7=(2)B3: A1 is 1 or B3 is 2, and they share box 1: A1 loses 2,
    # B3 loses 1.
    board = make_board()
    board = confine(board, 1, "column 1", "A1 E1")
    board = confine(board, 2, "row B", "B7 B3")
    board = with_marks(board, {"E7": "12"})
    step = find("aic", board)
    assert names(step.eliminations) == {("A1", 2), ("B3", 1)}


def test_aic_with_a_grouped_node():
    # 3 in row A only in A1, A7, A8 (A7|A8 is one node: box 3's part of row A); column 9 only
    # in C9, G9. (3)A1=(3)A7|A8-(3)C9=(3)G9: G1 sees both ends. Without the group row A has
    # three places and there is no chain at all.
    board = make_board()
    board = confine(board, 3, "row A", "A1 A7 A8")
    board = confine(board, 3, "column 9", "C9 G9")
    step = find("grouped-aic", board)
    assert names(step.eliminations) == {("G1", 3)}
    assert step.text.startswith("Grouped AIC (3)A1=(3)A7|A8")
    assert find("x-chain", board) is None and find("aic", board) is None
    assert drawn(step) == "(3)A1=(3)A7|A8-(3)C9=(3)G9"   # the group's link from both its cells
    assert coloured(step) == {"3A1": 0, "3A7": 1, "3A8": 1, "3C9": 0, "3G9": 1}


def test_aic_continuous_loop_turns_every_weak_link_strong():
    # Row A holds 1 only in A1, A5 and 3 only in A1, A9; E5 = 1/2, E9 = 2/3. The loop
    # (1)A1=(1)A5-(1)E5=(2)E5-(2)E9=(3)E9-(3)A9=(3)A1-(1)A1 closes on a weak link, so each weak
    # link has a true end: 1 leaves the rest of column 5, 2 the rest of row E, 3 the rest of
    # column 9, and A1 keeps only 1 and 3. Every shorter piece ends in cells that do not see each
    # other, or on digits the other end's cell lacks.
    board = make_board()
    board = confine(board, 1, "row A", "A1 A5")
    board = confine(board, 3, "row A", "A1 A9")
    board = with_marks(board, {"E5": "12", "E9": "23"})
    step = find("aic", board)
    expected = {(f"{r}5", 1) for r in "BCDFGHI"} | {(f"E{c}", 2) for c in "1234678"}
    expected |= {(f"{r}9", 3) for r in "BCDFGHI"} | {("A1", d) for d in (2, 4, 5, 6, 7, 8, 9)}
    assert names(step.eliminations) == expected
    assert "continuous loop" in step.text


def test_aic_through_a_windoku_window():
    # Window 1 (B2–D4) holds 1 only in B2, D4; column 4 holds 2 only in D4, H4; H8 = 1/2.
    # (1)B2=(1-2)D4=(2)H4-(2=1)H8: B8 and H2 see both ends.
    board = make_board(kind="windoku")
    board = confine(board, 1, "window 1", "B2 D4")
    board = confine(board, 2, "column 4", "D4 H4")
    board = with_marks(board, {"H8": "12"})
    step = find("aic", board)
    assert names(step.eliminations) == {("B8", 1), ("H2", 1)}


def test_aic_through_an_almost_locked_set():
    # Row A holds 1 only in A1, A5; row C holds 3 only in C2, C5; E5 and G5 hold 1/2/3 each
    # (three digits in two cells of column 5: if neither is 1, one of them is 3).
    # (1)A1=(1)A5-(1=3)E5+G5-(3)C5=(3)C2: A1 is 1 or C2 is 3, and they share box 1, so A1 loses
    # 3 and C2 loses 1. The two-link pieces end on a set of column 5 and a cell outside it.
    board = make_board()
    board = confine(board, 1, "row A", "A1 A5")
    board = confine(board, 3, "row C", "C2 C5")
    board = with_marks(board, {"E5": "123", "G5": "123"})
    step = find("grouped-aic", board)
    assert find("aic", board) is None
    assert names(step.eliminations) == {("A1", 3), ("C2", 1)}
    assert step.text == ("Grouped AIC (1)A1=(1)A5-(1=3)E5+G5-(3)C5=(3)C2 (E5+G5 is an almost locked set): "
                         "A1 is 1 or C2 is 3, so 1 leaves C2; 3 leaves A1")
    assert find("xy-chain", board) is None and find("x-chain", board) is None


def test_aic_does_not_read_two_bivalue_cells_as_an_almost_locked_set():
    # E5 = 1/2 and E9 = 2/3 are three digits in two cells of row E, but as two bivalue cells
    # they are already the chain (1=2)E5-(2=3)E9; the chain shown keeps them so.
    board = with_marks(make_board(), {"E5": "12", "E9": "23", "A5": "13"})
    # (3=1)A5-(1=2)E5-(2=3)E9: A5 or E9 is 3; A9 and E5 see both, E5 has no 3: A9 loses 3.
    step = find("aic", board)
    assert names(step.eliminations) == {("A9", 3)}
    assert "(1=2)E5-(2=3)E9" in step.text


def test_aic_through_a_jigsaw_region():
    # Region 1 holds 1 only in A1, C5; column 5 holds 2 only in C5, G5; G8 = 1/2.
    # (1)A1=(1-2)C5=(2)G5-(2=1)G8: A8 and G1 see both ends. (Row A's 1s, A1 and A6–A9, are a
    # grouped strong link too, but it leads back to A1 only.)
    board = make_board(kind="jigsaw", regions=JIGSAW)
    board = confine(board, 1, "region 1", "A1 C5")
    board = confine(board, 2, "column 5", "C5 G5")
    board = with_marks(board, {"G8": "12"})
    step = find("aic", board)
    assert names(step.eliminations) == {("A8", 1), ("G1", 1)}
    assert step.text == "AIC (1)A1=(1-2)C5=(2)G5-(2=1)G8: A1 is 1 or G8 is 1, so 1 leaves A8 and G1"


def test_grouped_aic_leaves_a_chain_of_single_candidates_to_the_plain_aic():
    board = make_board()
    board = confine(board, 1, "row A", "A1 A5")
    board = confine(board, 3, "row A", "A1 A9")
    board = with_marks(board, {"E5": "12", "E9": "23"})
    assert find("aic", board) is not None and find("grouped-aic", board) is None
    assert BY_SLUG["aic"].difficulty < BY_SLUG["grouped-aic"].difficulty < BY_SLUG[
        "digit-forcing"].difficulty
    assert BY_SLUG["grouped-aic"].article == "https://www.sudokuwiki.org/Grouped_X_Cycles"


def test_remote_pairs_remove_both_digits_from_cells_seeing_both_ends():
    # A1, A5, E5 and E9 all hold 1/2, each seeing the next: the digits alternate along the
    # chain, so A1 and E9 hold one each, and A9 and E1, seeing both, lose 1 and 2
    board = with_marks(make_board(), {"A1": "12", "A5": "12", "E5": "12", "E9": "12"})
    step = find("xy-chain", board)
    assert names(step.eliminations) == {(n, d) for n in ("A9", "E1") for d in (1, 2)}
    assert step.text == ("XY-Chain, remote pairs: A1, A5, E5 and E9 all hold 1/2, each linked to "
                         "the next, so their digits alternate along (1=2)A1-(2=1)A5-(1=2)E5-"
                         "(2=1)E9 and A1 and E9 hold one each: 1/2 leave A9 and E1")
    check_drawing(board, step)
    # three cells: the ends hold the same digit, no elimination either way
    assert find("xy-chain", with_marks(make_board(), {"A1": "12", "A5": "12", "E5": "12"})) is None
