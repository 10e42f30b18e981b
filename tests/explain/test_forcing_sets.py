"""Cell and unit forcing chains and forcing nets (pycore/explain/forcing.py), each alone.

The candidate grid is a position one of top95's sudokus (hard puzzles passed around since 2005)
reaches where every strategy before the cell forcing chain is stuck; the expected eliminations
were checked against the puzzle's solution, and each case is followed again here by easy steps.
"""
import re

import pytest

from tests.explain.drawing import check_drawing
from tests.explain.positions import cell, find, make_board, names, with_marks
from tests.explain.test_single_digit import candidate_board

from pycore.explain.board import Step
from pycore.explain.forcing import Walk, chain_to_contradiction, chain_to_fact, easy_strategies
from pycore.explain.registry import BY_SLUG

STUCK = """
| 6      4789   2      | 14789  5      479    | 1389   179    39     |
| 1789   5789   15789  | 1789   169    3      | 1689   4      2      |
| 13789  4789   13489  | 14789  1469   2      | 1689   15679  569    |
| 4      3      5679   | 1579   2      8      | 169    1569   569    |
| 789    1      56789  | 34579  349    45679  | 2      3569   48     |
| 289    25689  5689   | 13459  1349   4569   | 7      13569  48     |
| 5      4689   134689 | 2      7      149    | 3469   69     369    |
| 279    24679  4679   | 3459   349    459    | 4569   8      1      |
| 139    49     1349   | 6      8      1459   | 3459   2      7      |
"""
SET_FORCING = ("cell-forcing-chain", "unit-forcing-chain", "forcing-net")


def cases_hold(board, step, cases, fact):
    """Each case, followed by easy steps, reaches the fact or breaks a rule; the chain lists
    every case, and a case that breaks a rule ends on the rule."""
    easy = easy_strategies()
    for c, d in cases:
        walk = Walk(board.apply(Step("x", "", placements=((c, d),))), easy)
        assert (chain_to_fact(walk, fact, [10 ** 6]) is not None
                or chain_to_contradiction(walk, [10 ** 6]) is not None), (c, d)
    opened = [line for line in step.chain if re.search(r"\(case \d+ of \d+\)$", line)]
    assert len(opened) == len(cases)
    assert sum(line.endswith(": a contradiction") for line in step.chain) == len(
        re.findall(r"breaks? a rule", step.text))
    # each case ends on what it shows: the conclusion, or the broken rule
    concluded = step.text.rsplit("; so ", 1)[1]
    assert sum(line == f"so {concluded}" for line in step.chain) == len(cases) - len(
        re.findall(r"breaks? a rule", step.text))
    # a single inside says why
    assert all("(" in line for line in step.chain if re.fullmatch(r"[A-I]\d = \d.*", line))


def test_a_cell_forcing_chain_every_candidate_of_a_cell_leads_to_one_conclusion():
    board = candidate_board(STUCK)
    step = find("cell-forcing-chain", board)
    assert names(step.eliminations) == {("G2", 4)} and not step.placements
    assert step.text.startswith("Cell forcing chain: H3 is 4 or 6 or 7 or 9; if H3 is 4, that "
                                "alone takes 4 out of G2; if 6, ")
    assert step.text.endswith("if 9, 1 easy step takes 4 out of G2; so G2 is not 4")
    assert "break a rule (column 2 has no place for 7)" in step.text
    # each case in the list says what it shows, and each single in it why it holds
    assert step.chain[:4] == ("H3 = 4 (case 1 of 4)", "so G2 is not 4", "H3 = 6 (case 2 of 4)",
                              "F2 = 6 (the only place for 6 in column 2)")
    assert step.chain[-3:] == ("H3 = 9 (case 4 of 4)", "I2 = 4 (its last candidate)",
                               "so G2 is not 4")
    cases_hold(board, step, [(cell("H3"), d) for d in (4, 6, 7, 9)], ("gone", cell("G2"), 4))
    check_drawing(board, step)


def test_a_unit_forcing_chain_every_place_of_a_digit_in_a_house():
    board = candidate_board(STUCK)
    step = find("unit-forcing-chain", board)
    assert names(step.eliminations) == {("E8", 6)}
    assert step.text.startswith("Unit forcing chain: 6 goes in row D at D3 or D7 or D8 or D9; if "
                                "it is in D3, ")
    assert step.text.endswith("if it is in D9, that alone takes 6 out of E8; so E8 is not 6")
    cases_hold(board, step, [(cell(n), 6) for n in ("D3", "D7", "D8", "D9")],
               ("gone", cell("E8"), 6))
    assert [n for n in step.units] and board.geometry.houses[step.units[0]].name == "row D"
    check_drawing(board, step)


def test_a_forcing_net_may_take_intersections_and_holds():
    board = candidate_board(STUCK)
    step = find("forcing-net", board)
    ((target, digit),) = step.eliminations + step.placements
    assert step.text.startswith("Forcing net: ")
    cases = [(c, d) for c, d, colour in step.pattern if colour == 0]
    assert len(cases) >= 2 and (target, digit, 1) in step.pattern
    check_drawing(board, step)


@pytest.mark.parametrize("slug", SET_FORCING)
def test_nothing_where_the_cases_agree_on_nothing(slug):
    assert find(slug, make_board()) is None
    # A1 is 1 or 2: each case takes its own digit out of A1's peers, and nothing else
    assert find(slug, with_marks(make_board(), {"A1": "12"})) is None


def test_order_and_articles():
    d = {slug: BY_SLUG[slug].difficulty for slug in SET_FORCING + ("digit-forcing", "nishio")}
    assert d["digit-forcing"] < d["cell-forcing-chain"] < d["unit-forcing-chain"]
    assert d["unit-forcing-chain"] < d["forcing-net"] < d["nishio"]
    assert BY_SLUG["cell-forcing-chain"].article == "https://www.sudokuwiki.org/Cell_Forcing_Chains"
    assert BY_SLUG["unit-forcing-chain"].article == "https://www.sudokuwiki.org/Unit_Forcing_Chains"
