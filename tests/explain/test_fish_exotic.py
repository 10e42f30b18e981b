"""Finned jellyfish and sashimi fish (issue 44), each strategy alone on hand-made positions.

Positions start from an empty grid and keep the fish's digit only where the drawing puts it in
the base lines (tests/explain/test_fish.fish), so the expected eliminations are the cover cells
outside the base lines that see every fin, counted by hand."""

from tests.explain.positions import coloured, find, make_board, names, without
from tests.explain.test_fish import columns_keep, fish, with_digit

from pycore.explain import BY_SLUG


# --- finned and sashimi jellyfish -------------------------------------------------------------

def test_finned_jellyfish():
    # rows A, C, G, I on 5 over columns 1, 3, 5, 7, fin I8 in box 9: of the cover cells outside
    # the base rows only H7 shares box 9 with the fin
    step = find("finned-jellyfish", fish(5, A="13", C="35", G="57", I="178"))
    assert step.strategy == "finned-jellyfish"
    assert names(step.eliminations) == with_digit(5, "H7")
    assert step.text == ("Finned Jellyfish on 5 in rows A, C, G and I "
                         "(columns 1, 3, 5 and 7, fin I8): 5 leaves H7")
    assert coloured(step) == {"5A1": 0, "5A3": 0, "5C3": 0, "5C5": 0, "5G5": 0, "5G7": 0,
                              "5I1": 0, "5I7": 0, "5I8": 1}


def test_sashimi_jellyfish():
    # row I has lost I1: only I7 is left in the cover columns, so without the fin there would be
    # no jellyfish; still, 5 is at I8 or the four rows fill columns 1, 3, 5, 7: H7 loses 5
    step = find("finned-jellyfish", fish(5, A="13", C="35", G="57", I="78"))
    assert names(step.eliminations) == with_digit(5, "H7")
    assert step.text.startswith("Sashimi Jellyfish on 5 in rows A, C, G and I "
                                "(columns 1, 3, 5 and 7, fin I8)")
    assert coloured(step)["5I8"] == 1 and "5I1" not in coloured(step)


def test_finned_jellyfish_in_columns():
    # columns 1, 3, 7, 9 on 2 over rows A, C, E, G, fin H9 in box 9: of the cover rows' cells
    # outside the base columns only G8 shares box 9 with it
    step = find("finned-jellyfish", columns_keep(2, c1="AC", c3="CE", c7="EG", c9="AGH"))
    assert names(step.eliminations) == with_digit(2, "G8")
    assert "in columns 1, 3, 7 and 9 (rows A, C, E and G, fin H9)" in step.text


def test_a_basic_jellyfish_is_not_finned():
    assert find("finned-jellyfish", fish(5, A="13", C="35", G="57", I="17")) is None


def test_finned_jellyfish_finds_nothing_on_an_empty_grid():
    assert find("finned-jellyfish", make_board()) is None


def test_sashimi_x_wing_named():
    step = find("finned-x-wing", fish(7, B="28", F="89"))
    assert names(step.eliminations) == with_digit(7, "D8 E8")
    assert step.text == ("Sashimi X-Wing on 7 in rows B and F (columns 2 and 8, fin F9): "
                         "7 leaves D8 and E8")


def test_sashimi_swordfish_named():
    # row I keeps 3 at I9 and the fin I8 only: I1 is gone
    step = find("finned-swordfish", fish(3, A="15", E="59", I="89"))
    assert names(step.eliminations) == with_digit(3, "G9 H9")
    assert step.text.startswith("Sashimi Swordfish on 3 in rows A, E and I "
                                "(columns 1, 5 and 9, fin I8)")


def test_finned_jellyfish_is_registered_with_its_fins_coloured():
    strategy = BY_SLUG["finned-jellyfish"]
    assert strategy.difficulty > BY_SLUG["finned-swordfish"].difficulty
    assert strategy.colours == ("the fish", "its fins")


# --- franken and mutant fish ------------------------------------------------------------------

def test_franken_x_wing():
    # 5 in row A only at A1, A4; in row B only at B1, B5. Column 1 and box 2 hold all four: one
    # row's 5 is in column 1, the other's in box 2, so column 1's other cells and box 2's row C
    # lose 5.
    step = find("franken-fish", fish(5, A="14", B="15"))
    assert step.strategy == "franken-fish"
    assert names(step.eliminations) == with_digit(5, "C1 D1 E1 F1 G1 H1 I1 C4 C5 C6")
    assert step.text.startswith("Franken X-Wing on 5: base row A and row B (each must hold a 5), "
                                "covered by column 1 and box 2: 5 leaves C1, ")
    assert coloured(step) == {"5A1": 0, "5A4": 0, "5B1": 0, "5B5": 0}


def test_franken_x_wing_in_two_boxes():
    # rows A (A1, A4) and B (B1, B2, B5): all five places lie in boxes 1 and 2, so row C's cells
    # of both boxes lose 5
    step = find("franken-fish", fish(5, A="14", B="125"))
    assert names(step.eliminations) == with_digit(5, "C1 C2 C3 C4 C5 C6")
    assert "covered by box 1 and box 2: " in step.text


def test_finned_franken_x_wing():
    # rows A (A1, A4) and D (D1, D5, D6): column 1 and box 5 hold all but A4, the fin. Were A4
    # not 5, A1 would be, D's 5 then in box 5; were it 5, column 4 sees it: E4, F4 lose 5.
    step = find("franken-fish", fish(5, A="14", D="156"))
    assert names(step.eliminations) == with_digit(5, "E4 F4")
    assert step.text == ("Finned Franken X-Wing on 5: base row A and row D (each must hold a 5), "
                         "covered by column 1 and box 5, fin A4: 5 leaves E4 and F4")
    assert coloured(step) == {"5A1": 0, "5A4": 1, "5D1": 0, "5D5": 0, "5D6": 0}


def test_a_lone_conjugate_pair_is_no_fish():
    assert find("franken-fish", fish(7, B="28")) is None
    assert find("mutant-fish", fish(7, B="28")) is None


def test_franken_fish_finds_nothing_on_an_empty_grid():
    assert find("franken-fish", make_board()) is None
    assert find("mutant-fish", make_board()) is None


def test_mutant_x_wing():
    # base row A (5 at A1, A2) and column 5 (5 at E5, F5): covered by box 1 and box 5, rows
    # against columns on one side and boxes on the other, so d leaves the boxes' other cells
    board = columns_keep(5, c5="EF")
    board = without(board, {f"A{c}": "5" for c in "3456789"})
    step = find("mutant-fish", board)
    assert step.strategy == "mutant-fish"
    assert names(step.eliminations) == with_digit(
        5, "B1 B2 B3 C1 C2 C3 D4 D6 E4 E6 F4 F6")
    assert step.text.startswith("Mutant X-Wing on 5: base row A and column 5 (each must hold a 5), "
                                "covered by box 1 and box 5: ")


def test_fish_registered_in_hodokus_order():
    assert (BY_SLUG["finned-jellyfish"].difficulty < BY_SLUG["franken-fish"].difficulty
            < BY_SLUG["mutant-fish"].difficulty)
    assert BY_SLUG["franken-fish"].article == "https://www.sudokuwiki.org/Franken_Sword_Fish"
    assert BY_SLUG["mutant-fish"].article is None
