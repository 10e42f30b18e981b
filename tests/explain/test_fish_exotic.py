"""Finned jellyfish and sashimi fish (issue 44), each strategy alone on hand-made positions.

Positions start from an empty grid and keep the fish's digit only where the drawing puts it in
the base lines (tests/explain/test_fish.fish), so the expected eliminations are the cover cells
outside the base lines that see every fin, counted by hand."""

from tests.explain.positions import coloured, find, make_board, names
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
