"""KenKen and KenDoku strategies, each alone, on hand-made positions.

Positions draw only the cages a test needs (the other cells belong to no cage); every open cell
starts with every digit unless the test pencils it. Expected steps are worked out by hand in the
comments: n(n+1)/2 is 10 for 4×4, 21 for 6×6, 45 for 9×9; n! is 24 for 4×4, 720 for 6×6.
"""
from tests.explain.positions import cell, coloured, find, make_board, names, placed, with_marks, without

from pycore.explain.kenken_fillings import fillings


def kenken(size, *cages, kind="kenken"):
    """cages: ("A1 A2", total, op)."""
    return make_board(kind=kind, size=size,
                      cages=[(tuple(cell(n, size) for n in cells.split()), total, op)
                             for cells, total, op in cages])


def every(digits, cell_names):
    return {(c, d) for c in cell_names.split() for d in digits}


# --- single-cell cage --------------------------------------------------------------------------

def test_single_cell_cage_places_its_clue():
    board = kenken(4, ("A1 A2", 3, "+"), ("B2", 3, "+"))
    step = find("single-cell-cage", board)
    assert step.strategy == "single-cell-cage"
    assert names(step.placements, 4) == {("B2", 3)}
    assert not step.eliminations
    assert step.cages == (1,)


def test_single_cell_cage_finds_nothing_once_the_cell_is_filled():
    board = placed(kenken(4, ("A1 A2", 3, "+"), ("B2", 3, "+")), {"B2": 3})
    assert find("single-cell-cage", board) is None


def test_single_cell_cage_finds_nothing_in_a_sudoku():
    assert find("single-cell-cage", make_board()) is None


# --- cage arithmetic ---------------------------------------------------------------------------

def test_cage_arithmetic_difference_of_three_in_four_by_four():
    # 3− in 1…4 is only 1 and 4
    step = find("cage-arithmetic", kenken(4, ("A1 B1", 3, "-")))
    assert names(step.eliminations, 4) == every((2, 3), "A1 B1")
    assert step.cages == (0,)
    assert coloured(step, 4) == {"1A1": 0, "4A1": 0, "1B1": 0, "4B1": 0}   # what the cage keeps


def test_cage_arithmetic_reads_the_live_candidates():
    # a given 4 at A3 takes 4 from A1, so 3− is A1 = 1, B1 = 4
    board = placed(kenken(4, ("A1 B1", 3, "-")), {"A3": 4})
    step = find("cage-arithmetic", board)
    assert names(step.eliminations, 4) == {("A1", 2), ("A1", 3), ("B1", 1), ("B1", 2), ("B1", 3)}


def test_cage_arithmetic_lets_a_bent_cage_repeat_a_digit():
    # 16× over A1, A2, B2: A1 and B2 share no row or column, so (4, 1, 4) and (2, 4, 2) fit;
    # (4, 4, 1) and (1, 4, 4) repeat inside a row or column
    step = find("cage-arithmetic", kenken(4, ("A1 A2 B2", 16, "x")))
    assert names(step.eliminations, 4) == {("A1", 1), ("A1", 3), ("A2", 2), ("A2", 3),
                                            ("B2", 1), ("B2", 3)}


def test_cage_arithmetic_in_kendoku_a_box_forbids_the_repeat():
    # the same cage inside KenDoku's box 1: no filling at all, so nothing is claimed from it
    board = kenken(4, ("A1 A2 B2", 16, "x"), kind="kendoku")
    assert fillings(board, 0) == ()
    assert find("cage-arithmetic", board) is None


def test_cage_arithmetic_nine_by_nine_pair():
    # 17+ in two cells of 1…9 is 8 and 9
    step = find("cage-arithmetic", kenken(9, ("E4 E5", 17, "+")))
    assert names(step.eliminations) == every(range(1, 8), "E4 E5")


def test_cage_arithmetic_finds_nothing_when_every_digit_fits():
    # 5+ in 1…4: 1+4 and 2+3 use every digit
    assert find("cage-arithmetic", kenken(4, ("A1 A2", 5, "+"))) is None


def test_cage_arithmetic_skips_a_cage_too_open_to_list():
    # 12 cells summing to 60 on an empty 9×9: far too many fillings to list, skipped quickly
    cells_ = "A1 A2 A3 A4 A5 A6 A7 A8 A9 B1 B2 B3"
    board = kenken(9, (cells_, 60, "+"))
    assert fillings(board, 0) is None
    assert find("cage-arithmetic", board) is None


# --- line sum ----------------------------------------------------------------------------------

def test_line_sum_one_innie_is_placed():
    # row A totals 10; the 8+ cage A1–A3 leaves A4 = 2
    step = find("line-sum", kenken(4, ("A1 A2 A3", 8, "+")))
    assert names(step.placements, 4) == {("A4", 2)}
    assert "A4 = 2" in step.text


def test_line_sum_two_innies():
    # row A: A3 + A4 = 10 − 3 = 7, so they are 3 and 4
    step = find("line-sum", kenken(4, ("A1 A2", 3, "+")))
    assert names(step.eliminations, 4) == every((1, 2), "A3 A4")
    assert coloured(step, 4) == {"3A3": 0, "4A3": 0, "3A4": 0, "4A4": 0}


def test_line_sum_outies():
    # row A totals 21. 12+ (A1–A3) and 9+ (A6, B6) cover it except A4 and A5 (a 6× cage, whose
    # sum may be 5 or 7): B6 − (A4 + A5) = 12 + 9 − 21 = 0, so B6 = A4 + A5 ≥ 1 + 2, and A4 and
    # A5 are at most 6 − 1 = 5. (The innies A4 + A5 + A6 = 9 leave every digit possible.)
    board = kenken(6, ("A1 A2 A3", 12, "+"), ("A4 A5", 6, "x"), ("A6 B6", 9, "+"))
    step = find("line-sum", board)
    assert names(step.eliminations, 6) == {("B6", 1), ("B6", 2), ("A4", 6), ("A5", 6)}
    assert set(step.cages) == {0, 2}
    assert "so B6 − (A4 + A5) = 0:" in step.text


def test_line_sum_over_two_rows():
    # rows A and B total 42; five upright dominoes 8+, 8+, 8+, 8+, 7+ total 39, so
    # A6 + B6 = 3: they are 1 and 2. Each row alone has five outies, too many to pin down.
    board = kenken(6, ("A1 B1", 8, "+"), ("A2 B2", 8, "+"), ("A3 B3", 8, "+"),
                   ("A4 B4", 8, "+"), ("A5 B5", 7, "+"))
    step = find("line-sum", board)
    assert step.text.startswith("Line sum: rows A and B total 42")
    assert names(step.eliminations, 6) == every((3, 4, 5, 6), "A6 B6")
    assert set(step.cages) == {0, 1, 2, 3, 4}


def test_line_sum_in_a_kendoku_box():
    # KenDoku's box 1 (A1–B3) totals 21 too: 10+ over A1, A2, B1, B2 and the placed 6 at A3
    # leave B3 = 21 − 10 − 6 = 5. No row or column has a cage wholly inside but A3's.
    board = placed(kenken(6, ("A1 A2 B1 B2", 10, "+"), ("A3", 6, "+"), kind="kendoku"), {"A3": 6})
    step = find("line-sum", board)
    assert names(step.placements, 6) == {("B3", 5)}
    assert step.units == (12,)


def test_line_sum_finds_nothing_when_the_rest_is_loose():
    # row A: A3…A6 total 14, which 1+2+5+6, 1+3+4+6 and 2+3+4+5 allow for every digit
    assert find("line-sum", kenken(6, ("A1 A2", 7, "+"))) is None


# --- line product ------------------------------------------------------------------------------

def test_line_product_one_innie_is_placed():
    # row A multiplies to 24; 6× over A1–A3 leaves A4 = 4
    step = find("line-product", kenken(4, ("A1 A2 A3", 6, "x")))
    assert names(step.placements, 4) == {("A4", 4)}


def test_line_product_two_innies():
    # row A multiplies to 720; 30× and 8× leave A5 × A6 = 3: they are 1 and 3
    step = find("line-product", kenken(6, ("A1 A2", 30, "x"), ("A3 A4", 8, "x")))
    assert names(step.eliminations, 6) == every((2, 4, 5, 6), "A5 A6")


def test_line_product_outie():
    # row A: 24× over A3, A4, B4 covers it except A1 and A2 (a 5+ cage, product 4 or 6):
    # B4 ÷ (A1 × A2) = 24 ÷ 24, so B4 = A1 × A2 is a product of two different digits: not 1
    board = kenken(4, ("A1 A2", 5, "+"), ("A3 A4 B4", 24, "x"))
    step = find("line-product", board)
    assert names(step.eliminations, 4) == {("B4", 1)}


def test_line_product_finds_nothing_without_a_product_cage():
    assert find("line-product", kenken(6, ("A1 A2", 7, "+"))) is None


# --- cage/line overlap -------------------------------------------------------------------------

def test_cage_line_overlap_cage_claims_digits_of_a_row():
    # 32× over A1, A2, B1 is only A1 = 2, A2 = B1 = 4: row A's part holds 2 and 4
    step = find("cage-line-overlap", kenken(4, ("A1 A2 B1", 32, "x")))
    assert names(step.eliminations, 4) == every((2, 4), "A3 A4")
    assert step.units == (0,)
    assert coloured(step, 4) == {"2A1": 0, "4A1": 0, "2A2": 0, "4A2": 0}   # 2 and 4 in row A's part


def test_cage_line_overlap_digit_confined_to_a_cage():
    # 4 can only go in A1 or A2 in row A: the 5+ cage there must be 1+4, not 2+3
    board = without(kenken(4, ("A1 A2", 5, "+")), {"A3": "4", "A4": "4"})
    step = find("cage-line-overlap", board)
    assert names(step.eliminations, 4) == every((2, 3), "A1 A2")
    assert coloured(step, 4) == {"4A1": 0, "4A2": 0}


def test_cage_line_overlap_kendoku_box_is_the_house():
    # 6+ over A1, A2, B1 in KenDoku's box 1 holds 1, 2, 3 (all in one box, so all different):
    # they leave A3, B2 and B3. Its row and column parts need no particular digit.
    step = find("cage-line-overlap", kenken(6, ("A1 A2 B1", 6, "+"), kind="kendoku"))
    assert names(step.eliminations, 6) == every((1, 2, 3), "A3 B2 B3")
    assert step.units == (12,)


def test_cage_line_overlap_finds_nothing_in_kenken_where_the_cage_may_repeat():
    # the same cage in KenKen: (4, 1, 1) fits too, and no digit is needed in any line
    assert find("cage-line-overlap", kenken(6, ("A1 A2 B1", 6, "+"))) is None


# --- cage subsets ------------------------------------------------------------------------------

def test_cage_subsets_two_cages_hold_four_digits_of_a_row():
    # 5+ and 5+ in row A: 1+4 and 2+3 between them, so 1, 2, 3, 4 leave A5 and A6
    step = find("cage-subsets", kenken(6, ("A1 A2", 5, "+"), ("A3 A4", 5, "+")))
    assert names(step.eliminations, 6) == every((1, 2, 3, 4), "A5 A6")
    assert step.cages == (0, 1)
    # the four digits the two cages lock into row A, as a naked quad's
    assert coloured(step, 6) == {f"{d}{n}": 0 for n in ("A1", "A2", "A3", "A4") for d in "1234"}


def test_cage_subsets_combination_against_a_neighbour():
    # 3× is 1 and 3, so 7+ beside it in row A cannot be 1+6 or 3+4: it is 2+5
    step = find("cage-subsets", kenken(6, ("A1 A2", 7, "+"), ("A3 A4", 3, "x")))
    assert names(step.eliminations, 6) == every((1, 3, 4, 6), "A1 A2")
    assert step.cages == (0, 1)
    assert coloured(step, 6) == {f"{d}{n}": 0 for n in ("A1", "A2", "A3", "A4")
                                 for d in ("25" if n in ("A1", "A2") else "13")}


def test_cage_subsets_finds_nothing_for_independent_cages():
    # 9×9 row A: 10+ and 11+ side by side can be 1+9 with 3+8, 2+8 with 4+7 or 3+7 with 5+6,
    # which share no digit, so no digit is forced
    assert find("cage-subsets", kenken(9, ("A1 A2", 10, "+"), ("A3 A4", 11, "+"))) is None


def test_cage_subsets_pairs_force_digits_a_single_cage_does_not():
    # 6×6 row A: 7+ (1+6, 2+5, 3+4) beside 9+ (3+6, 4+5). 3+4 clashes with both of 9+'s
    # fillings, so 3 and 4 leave A1 and A2 first. The pairs left, 1+6 with 4+5 and 2+5 with 3+6,
    # both put 5 and 6 in A1–A4: then 5 and 6 leave A5 and A6.
    board = kenken(6, ("A1 A2", 7, "+"), ("A3 A4", 9, "+"))
    first = find("cage-subsets", board)
    assert names(first.eliminations, 6) == every((3, 4), "A1 A2")
    board = without(board, {"A1": "34", "A2": "34"})
    then = find("cage-subsets", board)
    assert names(then.eliminations, 6) == every((5, 6), "A5 A6")
    assert then.units == (0,)


# --- parity ------------------------------------------------------------------------------------

def test_parity_of_a_row():
    # row A totals 21 (odd). 1− and 3− always total an odd number each (a − b = t makes a + b
    # = t + 2b), so A3 + A4 is odd; A3 is even, so A4 is odd. 2÷ (A3, A4) says nothing of it.
    board = kenken(6, ("A1 A2", 1, "-"), ("A3 A4", 2, "/"), ("A5 A6", 3, "-"))
    board = with_marks(board, {"A3": "246"})
    step = find("parity", board)
    assert names(step.eliminations, 6) == every((2, 4, 6), "A4")
    assert coloured(step, 6) == {"1A4": 0, "3A4": 0, "5A4": 0}   # the odd digits it keeps
    assert set(step.cages) == {0, 2}


def test_parity_of_one_cell_says_what_it_is():
    # column 1 totals 10 (even); 3− and the one-cell 3 always total an odd number each, so the
    # cell left, D1, is even
    step = find("parity", kenken(4, ("A1 B1", 3, "-"), ("C1", 3, "+")))
    assert names(step.eliminations, 4) == every((1, 3), "D1")
    assert step.text.startswith("Parity: column 1 totals 10, even. ")
    assert step.text.endswith("so D1 is even − even = even: 1/3 leave D1")


def test_parity_finds_nothing_while_two_cells_can_be_either():
    board = kenken(6, ("A1 A2", 1, "-"), ("A3 A4", 2, "/"), ("A5 A6", 3, "-"))
    assert find("parity", board) is None


def test_strategies_leave_a_killer_alone():
    # a killer's cages hold no repeats and are another family's business
    board = make_board(kind="killer", size=4, cages=[((0, 1), 3, "+")])
    for slug in ("single-cell-cage", "cage-arithmetic", "line-sum", "line-product",
                 "cage-line-overlap", "cage-subsets", "parity"):
        assert find(slug, board) is None


def test_cage_arithmetic_starts_with_the_cage_of_fewest_fillings():
    # 4×4: A1+A2+A3 = 6 has six fillings (1, 2, 3 in any order: 4 leaves all three); C1 C2 =
    # 4× has two (1,4 4,1): it comes first although it is listed second, and removes 2 and 3.
    board = kenken(4, ("A1 A2 A3", 6, "+"), ("C1 C2", 4, "x"))
    assert find("cage-arithmetic", kenken(4, ("A1 A2 A3", 6, "+"))).cages == (0,)
    step = find("cage-arithmetic", board)
    assert step.cages == (1,)
    assert names(step.eliminations, 4) == every((2, 3), "C1 C2")
