"""Killer and KenKen hints say each step as a person would (issue 44 §2): every sum and product a
step writes adds up, a cage's placed digits are named before what its open cells must make, a
combination that fails says why, a candidate that a fitting combination holds but its cell cannot
take says what the other cells would then need, a line product shows its factors, and innies and
outies give the smallest set that makes the step.

Two kinds of test: exact texts on real positions (corpus puzzles walked by the explainer to the
step in question), and a walk over corpus killers and KenKens that parses every number line in
every step's text and checks it against the board it was said on.
"""
from __future__ import annotations

import re
from fractions import Fraction
from math import factorial, prod

import pytest

from pycore.explain import BY_SLUG, next_step, start_board
from pycore.model import Position
from tests.corpus import DEV, REAL
from tests.explain.positions import cell, make_board, placed
from tests.solve.test_solve import puzzle_from_record

MINUS = "\u2212"


def record(source_start: str) -> dict:
    """The corpus puzzle whose Tatham game id holds this (ids are unique, labels are not)."""
    found = [r for r in DEV + REAL if source_start in (r.get("source") or "")]
    assert len(found) == 1, source_start
    return found[0]


_WALKS: dict[int, list] = {}


def walk(rec: dict, max_steps: int = 400) -> list:
    """(board, step) for each step the explainer takes from the empty grid; walked once per
    corpus puzzle for all the tests here."""
    if id(rec) not in _WALKS:
        puzzle = puzzle_from_record(rec)
        board = start_board(puzzle, Position.empty(puzzle.cell_count))
        steps = _WALKS[id(rec)] = []
        for _ in range(max_steps):
            if board.is_solved():
                break
            step = next_step(board)
            if step is None:
                break
            steps.append((board, step))
            board = board.apply(step)
    return _WALKS[id(rec)]


def step_where(rec: dict, slug: str, start: str):
    """The first step of `slug` whose text starts with `start`, and the board it was said on."""
    for board, step in walk(rec):
        if step.strategy == slug and step.text.startswith(start):
            return board, step
    raise AssertionError(f"no {slug} step starting {start!r}")


# --- the sums in a text, checked against the board ---------------------------------------------

CELLS = r"[A-I]\d(?:, [A-I]\d)*(?: and [A-I]\d)?"
TOKENS = re.compile(
    rf"(?P<cage>the (?P<total>\d+)-cage at (?P<cells>{CELLS}))"
    rf"|(?P<rest>with (?P<given>[A-I]\d = \d(?:(?:, | and )[A-I]\d = \d)*) placed, {CELLS} "
    rf"makes? (?P<from>\d+)(?P<minus>(?: {MINUS} \d+)+) = (?P<left>\d+))"
    rf"|(?:to make|make) (?P<make>\d+(?: [+{MINUS}] \d+)* = \d+|\d+)"
    rf"|(?P<need>(?P<digits>\d(?:/\d)*) leaves? [^;]*?would then need "
    rf"(?P<needs>\d+(?:, \d+)*(?: or \d+)?))"
    rf"|(?<![\d×÷{MINUS}])(?P<combo>\d(?:\+\d)+)(?![\d×÷])")
EQUATION = re.compile(rf"(?<![\d×/(])(\d+)((?: [+{MINUS}×÷] \d+)+) = ({MINUS}?\d+(?:/\d+)?)"
                      rf"(?![\d/])")


def equations_add_up(text: str) -> int:
    """Every "a + b − c = d", "a × b = c" and "a ÷ b ÷ c = p/q" written with spaces holds,
    worked left to right; how many there were."""
    count = 0
    for first, terms, result in EQUATION.findall(text):
        value = Fraction(int(first))
        for sign, number in re.findall(rf"([+{MINUS}×÷]) (\d+)", terms):
            value = {"+": value + int(number), MINUS: value - int(number),
                     "×": value * int(number), "÷": value / int(number)}[sign]
        assert value == Fraction(result.replace(MINUS, "-")), text
        count += 1
    return count


def killer_sums_add_up(board, text: str) -> dict:
    """Every combination written after a cage adds up to what the cage's open cells must make
    (its total less its placed digits, read from the board), and those placed digits are named
    first; "would then need" is that less the digit; hidden cages and the rest of a house add up
    to what the text says they make. Returns counts of what was checked."""
    seen = {"combos": 0, "placed cages": 0, "needs": 0, "equations": equations_add_up(text)}
    for name, digit in re.findall(r"([A-I]\d) = (\d)\b", text):
        value = board.values[cell(name)]
        assert not value or value == int(digit), ("a placed digit misnamed", text)
    target, must_name, named = None, False, False
    for m in TOKENS.finditer(text):
        if m["cage"]:
            cells = sorted(cell(name) for name in re.findall(r"[A-I]\d", m["cells"]))
            cage = next(c for c in board.puzzle.cages if sorted(c.cells) == cells)
            assert cage.total == int(m["total"]), text
            placed_digits = [board.values[c] for c in cage.cells if board.values[c]]
            target = cage.total - sum(placed_digits)
            must_name, named = bool(placed_digits), False
            current = cage
        elif m["rest"]:
            given = dict(re.findall(r"([A-I]\d) = (\d)", m["given"]))
            assert {cell(n): int(d) for n, d in given.items()} == {
                c: board.values[c] for c in current.cells if board.values[c]}, text
            assert int(m["from"]) == current.total, text
            assert int(m["from"]) - sum(map(int, re.findall(r"\d+", m["minus"]))) \
                == int(m["left"]) == target, text
            named = True
            seen["placed cages"] += 1
        elif m["make"]:
            target, must_name = int(m["make"].split()[-1]), False
        elif m["need"]:
            digits = [int(d) for d in m["digits"].split("/")]
            needs = [int(n) for n in re.findall(r"\d+", m["needs"])]
            assert needs == [target - d for d in digits], text
            seen["needs"] += 1
        else:
            assert target is not None, text
            assert sum(map(int, m["combo"].split("+"))) == target, text
            assert named or not must_name, ("placed digits not named", text)
            seen["combos"] += 1
    return seen


KILLERS = [r for r in DEV + REAL if r["kind"] == "killer" and r["size"] == 9][::3]


def test_every_killer_sum_adds_up_along_corpus_explanations():
    """A third of the corpus's 9×9 killers, every step: the checker must have seen combinations
    of cages with placed digits, needs and equations, so it is not passing on nothing."""
    totals = {"combos": 0, "placed cages": 0, "needs": 0, "equations": 0, "steps": 0}
    for rec in KILLERS:
        for board, step in walk(rec):
            assert "besides" not in step.text
            assert not re.search(r"\d+ in all\)", step.text), step.text   # a sum, not a total
            for key, value in killer_sums_add_up(board, step.text).items():
                totals[key] += value
            totals["steps"] += 1
    assert len(KILLERS) >= 6
    assert min(totals.values()) > 0, totals


def kenken_numbers_add_up(board, text: str) -> int:
    """A line's total and product (1×2×…×n = n!), every cage share ("the 280× cage is 5×7×8, so
    5 + 7 + 8 = 20": its digits meet its clue and add or multiply to the share), every digit
    said to be placed, and every equation; how many lines were checked."""
    checked = equations_add_up(text)
    for name, digit in re.findall(r"([A-I]\d) = (\d)\b(?=[^:]*placed)", text):
        assert board.values[cell(name, board.size)] == int(digit), ("placed misnamed", text)
        checked += 1
    n = board.size
    for power, value in re.findall(r"multipl(?:y|ies) to \(?(?:1×2×…×\d+|\d(?:×\d)+)\)?"
                                   r"([²³⁴⁵⁶⁷⁸]?) = (\d+) and", text):
        count = "  ²³⁴⁵⁶⁷⁸".index(power) if power else 1
        assert int(value) == factorial(n) ** count, text
        checked += 1
    for clue, op, words in re.findall(r"the (\d+)([+×÷−]) cage is ([^,;]+?), (?:so|each)", text):
        for option in words.split(" or "):
            digits = [int(d) for d in re.split(r"[+×÷−]", option)]
            got = {"+": sum, "×": prod}.get(op, None)
            value = got(digits) if got else (
                digits[0] - digits[1] if op == "−" else digits[0] / digits[1])
            assert value == int(clue), text
            checked += 1
    return checked


KENKENS = [r for r in DEV + REAL if r["kind"] in ("kenken", "kendoku") and r["size"] >= 5]


def test_every_kenken_line_adds_up_along_corpus_explanations():
    checked = 0
    for rec in KENKENS:
        for board, step in walk(rec):
            if step.strategy in ("line-sum", "line-product"):
                checked += kenken_numbers_add_up(board, step.text)
    assert checked > 20


# --- 1: the placed digits named, and the sums of the open cells -----------------------------------

def test_a_cage_with_a_placed_digit_names_it_before_its_combinations():
    # issue 44's "41-cage ... (4+5+6+7+8+9) needs 8": A1 = 2 placed leaves 39 for six cells
    board = make_board(kind="killer", cages=[([cell(f"A{c}") for c in range(1, 8)], 41)])
    board = placed(board, {"A1": 2})
    step = BY_SLUG["cage-required-digit"].find(board)
    assert step.text == (
        "Cage required digit: every combination of the 41-cage at A1, A2, A3, A4, A5, A6 and A7 "
        f"(with A1 = 2 placed, A2, A3, A4, A5, A6 and A7 make 41 {MINUS} 2 = 39: 4+5+6+7+8+9) "
        "needs 4, which goes in A2, A3, A4, A5, A6 and A7: 4 leaves A8 and A9")
    assert killer_sums_add_up(board, step.text)["combos"] == 1


def test_required_digit_of_a_real_cage_with_a_placed_digit():
    rec = record("3x3k:zzzc,_a_baa_a____a___")
    board, step = step_where(rec, "cage-required-digit",
                             "Cage required digit: every combination of the 21-cage at A5")
    assert step.text == (
        "Cage required digit: every combination of the 21-cage at A5, A6 and A7 (with A7 = 6 "
        f"placed, A5 and A6 make 21 {MINUS} 6 = 15: 7+8) needs 7, which goes in A5 and A6: 7 "
        "leaves C4 and C5")


# --- 2: which combinations fail, and why a candidate leaves ---------------------------------------

def test_cage_combinations_say_why_a_candidate_of_a_fitting_combination_leaves():
    # B2 and C2 hold neither 6 nor 9: B1 = 1 would leave them 17 (8+9), 2 → 16 (7+9), 4 → 14
    # (5+9 or 6+8), 5 → 13 (4+9 or 6+7); only 3 (7+8) and the digits 3+6+9 needs in B1 stay
    rec = record("3x3k:zzzc,a_aa_a_aa___a_aa_a__a_____")
    _, step = step_where(rec, "cage-combinations", "Killer combinations: the 18-cage at B1")
    assert step.text == (
        "Killer combinations: the 18-cage at B1, B2 and C2 can only be 5+6+7, 4+6+8, 3+7+8, "
        "4+5+9, 2+7+9 or 1+8+9 (in 3+6+9, 6 and 9 only fit B1): 1/2/4/5 leave B1, as B2 and C2 "
        "would then need 17, 16, 14 or 13, which they cannot make")


def test_cage_combinations_with_a_placed_digit_say_which_combinations_fail():
    # C9 2/6/7/8, D9 = 3, E9 1/5/8: C9 + E9 = 9 is 1+8 alone
    rec = record("3x3k:zzzc,__b_a__a_a__a__a_____aa___")
    _, step = step_where(rec, "cage-combinations", "Killer combinations: the 12-cage at C9")
    assert step.text == (
        "Killer combinations: the 12-cage at C9, D9 and E9 (with D9 = 3 placed, C9 and E9 make "
        f"12 {MINUS} 3 = 9) can only be 1+8 (3+6 repeats the placed 3; 4+5 needs 4, which none of "
        "its open cells takes; E9 takes none of 2+7): 2/6/7 leave C9; 5 leaves E9; 8 leaves E9, "
        "as C9 would then need 1, which it cannot take")


def test_a_cell_that_takes_none_of_several_combinations_is_said_once():
    rec = record("3x3k:zzzc,_ba____a_a______aa______a_")
    _, step = step_where(rec, "cage-combinations", "Killer combinations: the 16-cage at E9")
    assert step.text == (
        "Killer combinations: the 16-cage at E9, F9 and G9 can only be 2+5+9 (4+5+7, 3+6+7, "
        "3+5+8, 1+7+8 and 3+4+9 need 3 or 7, which none of its open cells takes; G9 takes none "
        "of 2+6+8 or 1+6+9): 1 leaves E9; 4 leaves G9; 6 leaves E9 and F9; 8 leaves F9")


# --- 3: KenKen shows its factors --------------------------------------------------------------------

KEEN_6DX = "6:a_aa_aa__a_3a_a_aa__aa_a4__aa_4b__"


def test_line_sum_shows_the_digits_of_a_product_cage():
    rec = record("6:_acaa_3a_13baa_aa_aa_aa__a_3a_,a6d")
    _, step = step_where(rec, "line-sum", "Line sum: row A totals 21 and the 120× cage")
    assert step.text.startswith(
        "Line sum: row A totals 21 and the 120× cage inside it totals 15 (the 120× cage is "
        "4×5×6, so 4 + 5 + 6 = 15), so A1 + A2 + A3 = 6: ")


def test_line_sum_adds_each_cage_share():
    _, step = step_where(record(KEEN_6DX), "line-sum", "Line sum: row F totals 21 and the 3−")
    assert step.text == (
        "Line sum: row F totals 21 and the 3− and 30× cages inside it total 5 + 11 = 16 (the 3− "
        "cage is 4−1, so 1 + 4 = 5; the 30× cage is 5×6, so 5 + 6 = 11), so F5 + F6 = 5: "
        "1 leaves F5")


def test_line_product_shows_the_factorial_and_each_cage_share():
    _, step = step_where(record(KEEN_6DX), "line-product", "Line product: row F")
    assert step.text == (
        "Line product: row F multiplies to 1×2×…×6 = 720 and the 3− and 30× cages inside it "
        "multiply to 4 × 30 = 120 (the 3− cage is 4−1, so 1 × 4 = 4), so F5 × F6 = 6: "
        "1 leaves F6; 4 leaves F5")
    _, step = step_where(record(KEEN_6DX), "line-product", "Line product: columns 3 and 4")
    assert step.text.startswith("Line product: columns 3 and 4 multiply to (1×2×…×6)² = 518400 "
                                "and the 10× and 30× cages inside them multiply to 10 × 30 = 300")


# --- 4: innies and outies say what they count, and give the smallest set --------------------------

def test_an_innie_names_the_digits_placed_in_and_outside_its_house():
    # column 3's cages, the two reaching out counted whole, make 47; their G4 = 9 and H4 = 2 lie
    # outside column 3 and B3 = 8 inside it in no counted cage: A3 = 45 − 47 + 9 + 2 − 8 = 1
    rec = record("3x3k:zzzc,__a_aaaaaa__b_a___aaa___a_")
    board, step = step_where(rec, "innie-outie", "Innies and outies: Innie at A3")
    assert step.text == (
        "Innies and outies: Innie at A3: column 3 totals 45 and the cages in and over it make "
        "47, of which G4 = 9 and H4 = 2 are placed outside it, and B3 = 8 is placed in it, so "
        f"A3 = 45 {MINUS} 47 + 9 + 2 {MINUS} 8 = 1")
    assert killer_sums_add_up(board, step.text)["equations"] == 1


def test_outies_say_what_they_add_up_to_and_why():
    rec = record("3x3k:zzzc,ba___aa____a_____a___a_aaa")
    _, step = step_where(rec, "innies-outies-sum", "Innies and outies: column 2")
    assert step.text == (
        "Innies and outies: column 2 totals 45 and the cages in and over it make 83, of which "
        "A3 = 9, B1 = 4 and E3 = 8 are placed outside it, so the outies A1, C1, F1 and I1 add up "
        f"to 83 {MINUS} 9 {MINUS} 4 {MINUS} 8 {MINUS} 45 = 17: 2 leaves C1; 3 leaves I1; 5 leaves "
        "F1; 7 leaves C1 and I1; 8 leaves A1")


def smaller_sets_that_remove(board, than: int):
    """Every innie or outie set of every area, of fewer than `than` cells, whose sum removes a
    candidate, tried one by one with no preference."""
    from pycore.explain.killer_45 import _all_balances, virtual_cage
    from pycore.explain.killer_steps import trimmed
    found = []
    for b in _all_balances(board):
        if b.plus and b.minus:
            continue
        cells, total = (b.plus, b.value) if b.plus else (b.minus, -b.value)
        if not 2 <= len(cells) < than or (b.plus and len(b.area.units) == 1):
            continue
        masks = virtual_cage(board, cells, total)
        if masks is not None and trimmed(board, cells, masks):
            found.append(cells)
    return found


def test_innies_and_outies_give_the_smallest_set_that_removes_something():
    """Along corpus killer explanations, each innie/outie sum step given has the fewest cells of
    all the sets that would remove something (a row's 11 outies were given where a box's 2 did
    it)."""
    checked = 0
    for rec in KILLERS:
        for board, step in walk(rec):
            if step.strategy == "innies-outies-sum":
                assert smaller_sets_that_remove(board, len(step.cells)) == [], step.text
                checked += 1
    assert checked >= 3


def test_a_wide_cage_of_a_big_grid_counts_its_failing_combinations():
    # 16×16: six cells of 40 without 1, 2 or 3 are 4+5+6+7+8+A alone; the other 174 sets of six
    # digits making 40 each hold a digit none of the cells takes (listing them would fill a page)
    from pycore.explain.board import Board
    board = make_board(kind="killer", size=16, cages=[(tuple(range(6)), 40)])
    marks = [m & ~0b111 if c < 6 else m for c, m in enumerate(board.candidates)]
    step = BY_SLUG["cage-combinations"].find(Board(board.puzzle, board.values, tuple(marks)))
    assert step.text.startswith(
        "Killer combinations: the 40-cage at R1C1, R1C2, R1C3, R1C4, R1C5 and R1C6 can only be "
        "4+5+6+7+8+A (174 other combinations of 40 fail, all for a placed digit or one none of "
        "its open cells takes): ")


def test_line_product_names_the_placed_digits_it_divides_by():
    # column 4: 9! = 362880, the 48× cage, A4 = 9 and F4 = 2: B4 × C4 × D4 × E4 = 420
    rec = record("9:aa__a_a_6a_a_3a_3aa_4baa_a_6a_6a_a")
    _, step = step_where(rec, "line-product", "Line product: column 4 multiplies")
    assert step.text == (
        "Line product: column 4 multiplies to 1×2×…×9 = 362880 and the 48× cage inside it "
        "multiplies to 48, and A4 = 9 and F4 = 2 are placed, so B4 × C4 × D4 × E4 = "
        "362880 ÷ 48 ÷ 9 ÷ 2 = 420: 1 leaves B4 and C4; 6/8 leave E4")


def test_line_sum_names_the_placed_digits_it_takes_off():
    rec = record("6:aab_a__aa_b_5a_5aa_ba__aa_a_3aab")
    _, step = step_where(rec, "line-sum", "Line sum: row A totals 21 and the 8+")
    assert step.text == (
        "Line sum: row A totals 21 and the 8+ cage inside it totals 8, and A3 = 2 and A4 = 1 are "
        f"placed, so A1 + A2 = 21 {MINUS} 8 {MINUS} 2 {MINUS} 1 = 10: 3/5 leave A1 and A2")


# --- 5: the rest of a house says what it makes and why --------------------------------------------

def rest_of_row_a(**placed_digits):
    """Row A's 4-cage at A1, A2 (1+3) and 16-cage at A3, A4 (7+9): the rest of the row keeps
    the digits they leave, 2, 4, 5, 6 and 8."""
    board = make_board(kind="killer", cages=[((cell("A1"), cell("A2")), 4),
                                             ((cell("A3"), cell("A4")), 16)])
    return placed(board, placed_digits) if placed_digits else board


def test_the_rest_of_a_house_adds_up_to_what_it_makes():
    # issue 44: "the rest of row A (..., 17 in all)" gave no sum
    board = rest_of_row_a()
    step = BY_SLUG["combination-interaction"].find(board)
    assert step.text == (
        "Combination interaction: row A's cages and the rest of its cells must share out its "
        "digits, which leaves the rest of row A (A5, A6, A7, A8 and A9, which make "
        f"45 {MINUS} 4 {MINUS} 16 = 25: row A's 45 less the 4-cage and the 16-cage inside it) "
        "only 2+4+5+6+8: 1/3/7/9 leave A5, A6, A7, A8 and A9")
    assert killer_sums_add_up(board, step.text) == {"combos": 1, "placed cages": 0,
                                                     "needs": 0, "equations": 1}


def test_the_rest_of_a_house_names_its_placed_digits():
    board = rest_of_row_a(A9=8)
    step = BY_SLUG["combination-interaction"].find(board)
    assert "the rest of row A (A5, A6, A7 and A8, which make " \
           f"45 {MINUS} 4 {MINUS} 16 {MINUS} 8 = 17: row A's 45 less the 4-cage and the " \
           "16-cage inside it and the placed A9 = 8) only 2+4+5+6: " in step.text
    assert killer_sums_add_up(board, step.text)["combos"] == 1
