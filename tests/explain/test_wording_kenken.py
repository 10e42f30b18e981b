"""KenKen's cage/line overlap, cage subsets and parity said as a person would (issue 44 §2): the
cage's fillings written out (its factorisation or its sums), the pairs of fillings that fit side
by side named, and a parity step's odd and even added up with why each cage is odd or even.
Exact texts on hand-made rows (tests/explain/test_kenken.py has what each step removes)."""
from __future__ import annotations

from tests.explain.positions import find, with_marks, without
from tests.explain.test_kenken import kenken


def test_cage_line_overlap_shows_the_cages_factorisation():
    step = find("cage-line-overlap", kenken(4, ("A1 A2 B1", 32, "x")))
    assert step.text == ("Cage/line overlap: the 32× cage (A1, A2 and B1) can only be 2×4×4, and "
                         "that puts 2 and 4 in row A at A1 and A2, so 2/4 leave A3 and A4")


def test_cage_line_overlap_in_a_box_says_every_order_does_it():
    step = find("cage-line-overlap", kenken(6, ("A1 A2 B1", 6, "+"), kind="kendoku"))
    assert step.text == ("Cage/line overlap: the 6+ cage (A1, A2 and B1) can only be 1+2+3, and "
                         "every way to place it puts 1, 2 and 3 in box 1 at A1, A2 and B1, so "
                         "1/2/3 leave A3, B2 and B3")


def test_cage_line_overlap_of_a_confined_digit_says_which_filling_holds_it():
    board = without(kenken(4, ("A1 A2", 5, "+")), {"A3": "4", "A4": "4"})
    assert find("cage-line-overlap", board).text == (
        "Cage/line overlap: 4 can only go in row A at A1 and A2, inside the 5+ cage (A1 and A2), "
        "so the cage holds 4 there: it can be 1+4 or 2+3, and only 1+4 does, so 2/3 leave A1 "
        "and A2")


def test_cage_subsets_names_the_fillings_that_fit_side_by_side():
    step = find("cage-subsets", kenken(6, ("A1 A2", 7, "+"), ("A3 A4", 3, "x")))
    assert step.text == ("Cage subsets: the 7+ cage (A1 and A2: 1+6, 2+5 or 3+4) and the 3× cage "
                         "(A3 and A4: 1×3) cannot repeat a digit where their cells see each "
                         "other, and side by side they can only be 2+5 with 1×3, so 1/3/4/6 "
                         "leave A1 and A2")


def test_cage_subsets_locking_digits_in_a_row_names_them():
    step = find("cage-subsets", kenken(6, ("A1 A2", 5, "+"), ("A3 A4", 5, "+")))
    assert step.text == ("Cage subsets: the 5+ cage (A1 and A2: 1+4 or 2+3) and the 5+ cage (A3 "
                         "and A4: 1+4 or 2+3) cannot share a digit in row A, and side by side "
                         "they can only be 1+4 with 2+3 or 2+3 with 1+4, each putting 1, 2, 3 "
                         "and 4 in A1, A2, A3 and A4, so 1/2/3/4 leave A5 and A6")


def test_parity_adds_up_odd_and_even_and_says_why_each_cage_is_which():
    board = kenken(6, ("A1 A2", 1, "-"), ("A3 A4", 2, "/"), ("A5 A6", 3, "-"))
    step = find("parity", with_marks(board, {"A3": "246"}))
    assert step.text == ("Parity: row A totals 21, odd. The 1− cage's two digits are 1 apart "
                         "(a + b = 1 + 2b), so they total an odd number; the 3− cage's two "
                         "digits are 3 apart (a + b = 3 + 2b), so they total an odd number: odd "
                         "+ odd = even. So A3 + A4 is odd − even = odd; A3 is even, so A4 is "
                         "odd: 2/4/6 leave A4")


def test_parity_of_one_cell():
    step = find("parity", kenken(4, ("A1 B1", 3, "-"), ("C1", 3, "+")))
    assert step.text == ("Parity: column 1 totals 10, even. The 3− cage's two digits are 3 apart "
                         "(a + b = 3 + 2b), so they total an odd number; the 3 cage is 3, odd: "
                         "odd + odd = even, so D1 is even − even = even: 1/3 leave D1")


def test_parity_of_a_cage_that_divides_by_an_odd_number():
    # 3÷ is 1 and 3 or 2 and 6: a + b = 4b, even; 1− odd; so A5 + A6 = 21 − even − odd, even;
    # A5 and A6 are in 12× cages (2×6 or 3×4) reaching into row B; A5 is even, so A6 is even
    board = kenken(6, ("A1 A2", 3, "/"), ("A3 A4", 1, "-"), ("A5 B5", 12, "x"), ("A6 B6", 12, "x"))
    step = find("parity", with_marks(board, {"A5": "246"}))
    assert step.text == ("Parity: row A totals 21, odd. The 3÷ cage's larger digit is 3 times the "
                         "smaller (a + b = 4b), so they total an even number; the 1− cage's two "
                         "digits are 1 apart (a + b = 1 + 2b), so they total an odd number: even "
                         "+ odd = odd. So A5 + A6 is odd − odd = even; A5 is even, so A6 is "
                         "even: 1/3/5 leave A6")
