"""Multi-colouring (issue 44): two clusters of conjugate pairs on one digit, alone, on hand-made
positions (an empty grid where the digit keeps only the named places in the named lines, so the
clusters are exactly the pairs drawn in each comment)."""

from tests.explain.drawing import check_drawing
from tests.explain.positions import coloured, find, names
from tests.explain.test_single_digit import confined

from pycore.explain import BY_SLUG


def test_colour_trap():
    # Cluster 1: A1 = A5 (row A). Cluster 2: B2 = H2 (column 2). A1 sees B2 (box 1), so they are
    # not both 5: A5 or H2 is. H5 sees both (column 5, row H) and loses 5.
    board = confined(row_A="A1 A5", col_2="B2 H2")
    step = find("multi-colouring", board)
    assert step.strategy == "multi-colouring"
    assert names(step.eliminations) == {("H5", 5)}
    assert step.text == ("Multi-colouring on 5 (colour trap): A1 sees B2, so A1 and B2 are not "
                         "all 5, and 5 is in all of A5 or all of H2: 5 leaves H5")
    # A5 and H2, one of them true, in one colour; A1 and B2 in the other
    assert coloured(step) == {"5A5": 0, "5A1": 1, "5H2": 0, "5B2": 1}
    check_drawing(board, step)


def test_colour_wrap():
    # Cluster 1: A1 = A5 (row A), A5 = H5 (column 5): A1 and H5 one colour, A5 the other.
    # Cluster 2: B2 = H2 (column 2). A1 sees B2 and H5 sees H2: were A1 and H5 5, column 2 would
    # have no 5. So A1 and H5 lose 5.
    board = confined(row_A="A1 A5", col_5="A5 H5", col_2="B2 H2")
    step = find("multi-colouring", board)
    assert names(step.eliminations) == {("A1", 5), ("H5", 5)}
    assert step.text == ("Multi-colouring on 5 (colour wrap): B2 or else H2 holds 5, yet A1 sees "
                         "B2 and H5 sees H2: were A1 and H5 5, neither could, so 5 leaves A1 "
                         "and H5")
    assert coloured(step) == {"5A1": 0, "5H5": 0, "5A5": 1, "5B2": 0, "5H2": 1}
    check_drawing(board, step)


def test_simple_colouring_finds_neither():
    assert find("simple-colouring", confined(row_A="A1 A5", col_2="B2 H2")) is None
    assert find("simple-colouring", confined(row_A="A1 A5", col_5="A5 H5", col_2="B2 H2")) is None


def test_clusters_that_never_meet_give_nothing():
    # A1 = A5 and E9 = I9: no cell of one sees a cell of the other
    assert find("multi-colouring", confined(row_A="A1 A5", col_9="E9 I9")) is None


def test_one_cluster_is_simple_colouring_business():
    assert find("multi-colouring", confined(row_A="A1 A5", col_5="A5 H5")) is None


def test_registered_after_simple_colouring_with_its_article():
    strategy = BY_SLUG["multi-colouring"]
    assert strategy.difficulty > BY_SLUG["simple-colouring"].difficulty
    assert strategy.article == "https://www.sudokuwiki.org/Multi_Colouring_Strategy"
