"""Killer strategies, each alone, on hand-made 9×9 killers (cages not listed leave their cells
uncaged: they count as innies of every house, never as a cage). Expected steps are worked out
by hand in the comments."""
import pytest

from tests.explain.positions import coloured, find, make_board, names, with_marks, without

DIGITS = "123456789"


def cells(*spec):
    """cells("A1", "A2") or cells("A1-A4") → names of a run along a row."""
    out = []
    for s in spec:
        if "-" in s:
            first, last = s.split("-")
            out += [f"{first[0]}{c}" for c in range(int(first[1:]), int(last[1:]) + 1)]
        else:
            out.append(s)
    return out


def killer(*cages, kind="killer", regions=None):
    """make_board from (names, total) cages."""
    from tests.explain.positions import cell
    return make_board(kind=kind, regions=regions,
                      cages=[([cell(n) for n in cells(*spec)], total) for spec, total in cages])


def every(names_, digits):
    return {(n, int(d)) for n in names_ for d in digits}


# --- cage-combinations -----------------------------------------------------------------------------

def test_cage_combinations_two_cells_of_three_are_one_and_two():
    step = find("cage-combinations", killer((("A1", "A2"), 3)))
    assert names(step.eliminations) == every(["A1", "A2"], "3456789")
    assert step.text.startswith("Killer combinations: the 3-cage at A1 and A2 can only be 1+2")
    assert step.cages == (0,)
    assert coloured(step) == {"1A1": 0, "2A1": 0, "1A2": 0, "2A2": 0}   # what the cage keeps


def test_cage_combinations_works_per_cell():
    # A1 + A2 = 10 with A1 in {1, 2}: only 1+9 or 2+8 fit, so A2 is 8 or 9
    board = with_marks(killer((("A1", "A2"), 10)), {"A1": "12"})
    step = find("cage-combinations", board)
    assert names(step.eliminations) == every(["A2"], "1234567")
    assert coloured(step) == {"1A1": 0, "2A1": 0, "8A2": 0, "9A2": 0}


def test_cage_combinations_leaves_out_the_placed_digits():
    # A1 = 9 placed: A2 + A3 = 6 without 9 and without repeating: 1+5 or 2+4 (not 3+3)
    board = killer((("A1-A3",), 15))
    from tests.explain.positions import placed
    step = find("cage-combinations", placed(board, {"A1": 9}))
    assert names(step.eliminations) == every(["A2", "A3"], "3678")


def test_a_single_cell_killer_cage_is_placed_by_its_own_step():
    board = killer((("E5",), 7))
    step = find("single-cell-cage", board)
    assert names(step.placements) == {("E5", 7)}
    assert step.text == "Single-cell cage: E5 is a cage of one cell, so it holds its total: 7"
    assert find("cage-combinations", board) is None
    big = make_board(kind="killer", size=16, cages=[((5,), 12)])   # 12 is written C there
    assert find("single-cell-cage", big).text == ("Single-cell cage: R1C6 is a cage of one cell, so "
                                                  "it holds its total: 12, the digit C")


def test_cage_combinations_starts_with_the_cage_of_fewest_combinations():
    # The 10-cage comes first but has four combinations (1+9 2+8 3+7 4+6: 5 leaves); the 17-cage
    # has one, 8+9, and removes 1-7 from both cells.
    board = killer((("A1", "A2"), 10), (("C1", "C2"), 17), (("E1", "E2"), 16))
    step = find("cage-combinations", board)
    assert step.cages == (1,)
    assert names(step.eliminations) == every(["C1", "C2"], "1234567")
    # Of two cages with one combination each, the one removing more: 16 = 7+9 removes 7 digits
    # from each of two cells (14), 6 = 1+2+3 removes 6 from each of three (18).
    ties = killer((("A1", "A2"), 10), (("C1", "C2"), 16), (("E1", "E2", "E3"), 6))
    assert find("cage-combinations", ties).cages == (2,)


def test_cage_combinations_finds_nothing_when_every_candidate_fits():
    board = with_marks(killer((("A1", "A2"), 10)), {"A1": "19", "A2": "19"})
    assert find("cage-combinations", board) is None


@pytest.mark.parametrize("slug", ["cage-combinations", "cage-required-digit", "innie-outie",
                                  "innie-outie-difference", "innies-outies-sum",
                                  "cage-unit-overlap", "hidden-cage", "combination-interaction"])
def test_killer_strategies_ignore_other_kinds(slug):
    assert find(slug, make_board(cages=[((0, 1), 3)], kind="kenken")) is None
    assert find(slug, make_board()) is None


# --- cage-required-digit ---------------------------------------------------------------------------

def test_required_digit_leaves_the_row_and_box():
    # 23 in three cells is only 6+8+9: 6 is in A1, A2 or A3, so it leaves row A and box 1
    step = find("cage-required-digit", killer((("A1-A3",), 23)))
    assert names(step.eliminations) == every(cells("A4-A9", "B1-B3", "C1-C3"), "6")


def test_required_digit_placed_when_one_cell_can_take_it():
    # 17 = 8+9; A2 holds only 8, so 8 can only go in A2
    board = with_marks(killer((("A1", "A2"), 17)), {"A2": "8"})
    step = find("cage-required-digit", board)
    assert names(step.placements) == {("A2", 8)}


def test_required_digit_across_two_boxes_hits_the_cells_seeing_all_places():
    # A3, B3, B4 = 24 is 7+8+9. The cells seeing A3, B3 and B4 are B1 and B2 only.
    step = find("cage-required-digit", killer((("A3", "B3", "B4"), 24)))
    assert names(step.eliminations) == {("B1", 7), ("B2", 7)}
    assert coloured(step) == {"7A3": 0, "7B3": 0, "7B4": 0}   # the required digit's places


def test_required_digit_finds_nothing_when_no_digit_is_needed():
    assert find("cage-required-digit", killer((("A1", "A2"), 10))) is None


# --- innie-outie -------------------------------------------------------------------------------

def row_e_innie():
    # Row E: E1+E2 = 3, E3+E4 = 17, E6…E9 = 22, all inside the row; E5 is in E5+F5 = 10
    return killer((("E1", "E2"), 3), (("E3", "E4"), 17), (("E5", "F5"), 10), (("E6-E9",), 22))


def test_innie_of_one_row():
    step = find("innie-outie", row_e_innie())
    assert names(step.placements) == {("E5", 3)}
    assert step.text == ("Innies and outies: Innie at E5: row E totals 45 and the cages in it "
                         "make 42, so E5 = 45 − 42 = 3")
    assert step.units == (4,)


def test_outie_of_one_row():
    # E1…E3 = 6 and E6…E9 = 30 leave E4 + E5 = 9; the cage E4, E5, F5 = 15, so F5 = 6
    board = killer((("E1-E3",), 6), (("E4", "E5", "F5"), 15), (("E6-E9",), 30))
    step = find("innie-outie", board)
    assert names(step.placements) == {("F5", 6)}
    assert step.text.startswith("Innies and outies: Outie at F5")


def test_innie_of_two_rows():
    # Each row alone has two or three innies; rows A and B together (90) hold cages of
    # 28 + 10 + 12 + 39 = 89 and B7, so B7 = 1
    board = killer((("A1-A7",), 28), (("A8", "B8"), 10), (("A9", "B9"), 12),
                   (("B1-B6",), 39), (("B7", "C7"), 5))
    step = find("innie-outie", board)
    assert names(step.placements) == {("B7", 1)}
    assert step.text == ("Innies and outies: Innie at B7: rows A and B total 90 and the cages in "
                         "them make 89, so B7 = 90 − 89 = 1")
    assert step.units == (0, 1)


JIGSAW = """
111222333 111222333 114222333
144555666 444555666 444555666
777888999 777888999 777888999
"""


def test_innie_of_a_jigsaw_region():
    # Region 1 is A1-A3, B1-B3, C1, C2 and D1: cages of 6 + 15 + 15 leave its innie C2 = 9
    board = killer((("A1-A3",), 6), (("B1-B3",), 15), (("C1", "D1"), 15), (("C2", "C3"), 13),
                   kind="killer-jigsaw", regions=JIGSAW)
    step = find("innie-outie", board)
    assert names(step.placements) == {("C2", 9)}
    assert "region 1" in step.text


def test_innie_outie_finds_nothing_with_two_innies_everywhere():
    assert find("innie-outie", killer((("A1", "A2"), 3))) is None
    # E4 + E5 = 9 from row E, but both cages reach out by one cell: no single innie or outie
    board = killer((("E1-E3",), 6), (("D4", "E4"), 10), (("E5", "F5"), 10), (("E6-E9",), 30))
    assert find("innie-outie", board) is None


# --- innie-outie-difference ----------------------------------------------------------------------

def difference_board():
    # Row E: E1…E3 = 6 and E7…E9 = 24 inside. D4 + E4 = 11 reaches up by one cell; counting the
    # cage E5, E6, F6 = 12 whole leaves E4 − F6 = 45 − 6 − 24 − 12 = 3
    return killer((("E1-E3",), 6), (("D4", "E4"), 11), (("E5", "E6", "F6"), 12),
                  (("E7-E9",), 24))


def test_innie_outie_difference_restricts_both_cells():
    step = find("innie-outie-difference", difference_board())
    assert names(step.eliminations) == every(["E4"], "123") | every(["F6"], "789")
    assert ("row E totals 45 and the cages in and over it make 42, so innie E4 − outie F6 = "
            "45 − 42 = 3:") in step.text
    assert coloured(step) == {**{f"{d}E4": 0 for d in range(4, 10)}, **{f"{d}F6": 0 for d in range(1, 7)}}


def test_innie_outie_difference_finds_nothing_when_the_candidates_fit():
    board = with_marks(difference_board(), {"E4": "456", "F6": "123"})
    assert find("innie-outie-difference", board) is None


# --- innies-outies-sum ---------------------------------------------------------------------------

def test_outies_that_see_each_other_are_distinct():
    # Row E's innies E4 + E5 = 9; the cages D4 + E4 = 6 and E5 + F5 = 7 counted whole leave
    # D4 + F5 = 6 + 7 − 9 = 4, and D4, F5 share box 5: 1+3 only
    board = killer((("E1-E3",), 6), (("D4", "E4"), 6), (("E5", "F5"), 7), (("E6-E9",), 30))
    step = find("innies-outies-sum", board)
    assert names(step.eliminations) == every(["D4", "F5"], "2456789")
    assert step.text == ("Innies and outies: row E totals 45 and the cages in and over it make "
                         "49, so the outies D4 and F5 add up to 49 − 45 = 4: 2/4/5/6/7/8/9 leave "
                         "D4 and F5")
    assert coloured(step) == {"1D4": 0, "3D4": 0, "1F5": 0, "3F5": 0}


def test_outies_that_do_not_see_each_other_may_repeat():
    # E1 + E9 = 10 (E2…E8 = 35); D1 + E1 = 9 and E9 + F9 = 9 leave D1 + F9 = 8. D1 and F9 share
    # no house, so 4+4 is possible: only 8 and 9 go
    board = killer((("D1", "E1"), 9), (("E2-E8",), 35), (("E9", "F9"), 9))
    step = find("innies-outies-sum", board)
    assert names(step.eliminations) == every(["D1", "F9"], "89")


def test_innies_outies_sum_finds_nothing_when_every_candidate_fits():
    # Only A1 + A2 = 10 is caged: every area's open cells can still hold any digit
    assert find("innies-outies-sum", killer((("A1", "A2"), 10))) is None
    # Row E's outies D4 + F5 = 4 are 1/3 already; the uncaged cells are marked with what the
    # caged ones leave them, so no other area removes anything either
    board = killer((("E1-E3",), 6), (("D4", "E4"), 6), (("E5", "F5"), 7), (("E6-E9",), 30))
    marks = {"D4": "13", "F5": "13", "E4": "35", "E5": "46"}
    marks.update({n: "123" for n in cells("E1-E3")})
    marks.update({n: "6789" for n in cells("E6-E9")})
    marks.update({n: "456789" for n in cells("D1-D3", "F1-F3")})
    marks.update({n: "2456789" for n in cells("D5", "D6", "F4", "F6")})
    assert find("innies-outies-sum", with_marks(board, marks)) is None


# --- cage-unit-overlap -----------------------------------------------------------------------------

def test_house_digit_confined_to_a_cage_picks_its_combination():
    # 14 = 5+9 or 6+8; box 1 has 6 only in the cage, so the cage is 6+8 (SudokuWiki's type 1)
    board = without(killer((("A1", "A2"), 14)),
                    {n: "6" for n in cells("A3", "B1-B3", "C1-C3")})
    step = find("cage-unit-overlap", board)
    assert names(step.eliminations) == every(["A1", "A2"], "1234579")
    assert "box 1" in step.text
    assert coloured(step) == {"6A1": 0, "6A2": 0}


def test_cage_digit_confined_to_a_house_leaves_the_rest_of_it():
    # 23 = 6+8+9 needs 6 and puts it in row A: 6 leaves A4…A9 (type 2)
    step = find("cage-unit-overlap", killer((("A1-A3",), 23)))
    assert names(step.eliminations) == every(cells("A4-A9"), "6")
    assert step.units == (0,)
    assert coloured(step) == {"6A1": 0, "6A2": 0, "6A3": 0}


def test_cage_unit_overlap_finds_nothing_on_an_open_cage():
    assert find("cage-unit-overlap", killer((("A1", "A2"), 10))) is None


# --- hidden-cage -----------------------------------------------------------------------------------

def test_row_without_its_cages_is_a_hidden_cage():
    # Row E: E1…E3 = 6 and E6…E9 = 22 leave E4 + E5 = 17: 8+9
    board = killer((("E1-E3",), 6), (("D4", "E4"), 10), (("E5", "F5"), 10), (("E6-E9",), 22))
    step = find("hidden-cage", board)
    assert names(step.eliminations) == every(["E4", "E5"], "1234567")
    assert step.text == ("Cage splitting: row E totals 45 and the cages in it make 28, so the "
                         "rest, E4 and E5, make 45 − 28 = 17 and can only be 8+9: 1/2/3/4/5/6/7 "
                         "leave E4 and E5")
    assert coloured(step) == {"8E4": 0, "9E4": 0, "8E5": 0, "9E5": 0}


def test_jigsaw_region_without_its_cages_is_a_hidden_cage():
    # Region 1: A1…A3 = 21 and B1…B3 = 17 leave C1 + C2 + D1 = 7: 1+2+4. Rows A and B stay
    # open (their six other cells miss 21 and 17, several ways)
    board = killer((("A1-A3",), 21), (("B1-B3",), 17), kind="killer-jigsaw", regions=JIGSAW)
    step = find("hidden-cage", board)
    assert names(step.eliminations) == every(["C1", "C2", "D1"], "356789")
    assert "region 1" in step.text


def test_hidden_cage_finds_nothing_when_every_digit_fits():
    # A3…A9 = 35 misses a pair adding to 10: every digit still fits
    assert find("hidden-cage", killer((("A1", "A2"), 10))) is None


# --- combination-interaction -------------------------------------------------------------------------

def test_combinations_clashing_with_every_combination_of_a_neighbour_go():
    # Row A: A1…A3 = 10 (1+2+7, 1+3+6, 1+4+5, 2+3+5) and A4 + A5 = 5 (1+4, 2+3). 1+2+7 and
    # 1+3+6 share a digit with both, so 6 and 7 leave A1…A3
    board = with_marks(killer((("A1-A3",), 10), (("A4", "A5"), 5)),
                       {n: "1234567" for n in cells("A1-A3")})
    step = find("combination-interaction", board)
    assert names(step.eliminations) == every(cells("A1-A3"), "67")
    assert step.cages == (0, 1)
    # what the cage keeps in the first colour, the cage it clashes with in the second
    assert coloured(step) == {**{f"{d}{n}": 0 for n in cells("A1-A3") for d in "12345"},
                              **{f"{d}{n}": 1 for n in ("A4", "A5") for d in "1234"}}


def test_combination_interaction_finds_nothing_when_each_combination_has_a_partner():
    assert find("combination-interaction", killer((("A1", "A2"), 10), (("A3", "A4"), 10))) is None


def test_a_house_shares_its_digits_out_among_its_cages():
    # Row A: A1+A2 = 10 and A3+A4 = 10 are each 1+9 or 2+8, so together they take 1, 2, 8 and 9;
    # A5+A6 = 10 (1+9, 2+8 or 3+7) is left 3+7. Each pair alone keeps a partner, so only the
    # whole row shows it.
    board = with_marks(killer((("A1", "A2"), 10), (("A3", "A4"), 10), (("A5", "A6"), 10)),
                       {"A1": "1289", "A2": "1289", "A3": "1289", "A4": "1289",
                        "A5": "123789", "A6": "123789"})
    step = find("combination-interaction", board)
    assert names(step.eliminations) == every(["A5", "A6"], "1289")
    assert coloured(step) == {"3A5": 0, "7A5": 0, "3A6": 0, "7A6": 0}
    assert step.text.startswith("Combination interaction: row A's cages")



def test_a_negative_difference_is_written_with_a_minus_sign():
    # difference_board with the cage E5, E6, F6 = 16: E4 − F6 = 45 − 6 − 24 − 16 = −1
    board = killer((("E1-E3",), 6), (("D4", "E4"), 11), (("E5", "E6", "F6"), 16),
                   (("E7-E9",), 24))
    step = find("innie-outie-difference", board)
    assert "innie E4 − outie F6 = 45 − 46 = \u22121" in step.text
    assert ("E4", 9) in names(step.eliminations) and ("F6", 1) in names(step.eliminations)
