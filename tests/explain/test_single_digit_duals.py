"""Dual two-string kites, dual empty rectangles and the turbot fish (issue 44), each strategy alone
on hand-made positions: an empty grid where 5 keeps only the places named in the named houses
(tests/explain/test_single_digit.confined), so the only strong links are the ones drawn."""

from tests.explain.drawing import check_drawing
from tests.explain.positions import drawn, find, names
from tests.explain.test_single_digit import BOX_5, confined


def test_dual_two_string_kite():
    # Kite 1: B8=B2 (row B), C1=G1 (column 1), bases B2 and C1 in box 1: G8 loses 5.
    # Kite 2: C7=C1 (row C), B2=H2 (column 2), the same bases the other way round: H7 loses 5.
    board = confined(row_B="B2 B8", col_1="C1 G1", row_C="C1 C7", col_2="B2 H2")
    step = find("two-string-kite", board)
    assert names(step.eliminations) == {("G8", 5), ("H7", 5)}
    assert step.text == (
        "Dual two-string kite through box 1: Two-string kite on 5 in row B and column 1 (bases "
        "B2 and C1 in box 1): one of B8 and G1 holds a 5, so 5 leaves G8; and two-string kite on "
        "5 in row C and column 2 (bases B2 and C1 in box 1): one of C7 and H2 holds a 5, so 5 "
        "leaves H7")
    check_drawing(board, step)


def test_a_single_kite_stays_single():
    step = find("two-string-kite", confined(row_B="B2 B8", col_1="C1 G1"))
    assert names(step.eliminations) == {("G8", 5)}
    assert step.text.startswith("Two-string kite on 5")


def test_dual_empty_rectangle():
    # Box 5 keeps 5 at D5, E4, E6 (row E and column 5). Column 2's pair B2=E2 clears B5 (see
    # test_single_digit.test_empty_rectangle); column 8's pair E8=H8 clears H5 the same way.
    board = confined(box=(BOX_5, "D5 E4 E6"), col_2="B2 E2", col_8="E8 H8")
    step = find("empty-rectangle", board)
    assert names(step.eliminations) == {("B5", 5), ("H5", 5)}
    assert step.text.startswith("Dual empty rectangle through box 5: Empty rectangle on 5 in "
                                "box 5")
    assert "; and empty rectangle on 5 in box 5" in step.text
    assert drawn(step) == "(5)D5=(5)E4|E6-(5)E2=(5)B2"   # the first one drawn
    check_drawing(board, step)


def test_turbot_fish_is_an_x_chain_of_two_strong_links():
    board = confined(row_B="B2 B8", col_1="C1 G1")
    step = find("x-chain", board)
    assert names(step.eliminations) == {("G8", 5)}
    assert step.text == "Turbot fish on 5: B8=B2-C1=G1 puts 5 in B8 or G1, so 5 leaves G8"
    assert drawn(step) == "(5)B8=(5)B2-(5)C1=(5)G1"
    # longer chains keep the name X-Chain (tests/explain/test_chains)

