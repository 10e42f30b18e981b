"""Pattern overlay (pycore/explain/templates.py): every way to place one digit once in each house
that the candidates allow; what none uses goes, what all use is placed.

The candidate grid is a position one of top95's sudokus (hard puzzles passed around since 2005)
reaches where every strategy below X-Chain is stuck; the elimination was checked against the
puzzle's solution and is counted here again by listing the templates. `templates` counts them
(the ways to finish from each row and houses used); `listed` below lists them one by one, the
plain way, to check the count and the cells some or all use against.
"""
import random
from itertools import product
from math import prod

import pytest

from tests.explain.drawing import check_drawing
from tests.explain.positions import cell, find, make_board, names, without
from tests.explain.test_chains import confine
from tests.explain.test_single_digit import candidate_board

from pycore.explain.registry import BY_SLUG
from pycore.explain.templates import MOST_TEMPLATES, templates
from tests.explain.test_kept_searches import killer_boards, thinned


def listed(board, digit: int) -> list[int]:
    """Every template of `digit` as a cell mask: one place per row (a placed copy, else a
    candidate), kept when it fills every house exactly once."""
    g = board.geometry
    bit = 1 << (digit - 1)
    rows = [[c for c in row.cells if board.values[c] == digit]
            or [c for c in row.cells if board.candidates[c] & bit] for row in g.rows]
    found = []
    for cells in product(*rows):
        in_houses = [h for c in cells for h in g.houses_of[c]]
        if sorted(in_houses) == list(range(len(g.houses))):   # each house once
            found.append(sum(1 << c for c in cells))
    return found


def summary(found: list[int]):
    """What `templates` says of a list: (how many, cells some use, cells every one uses)."""
    anywhere, everywhere = 0, ~0
    for t in found:
        anywhere |= t
        everywhere &= t
    return (len(found), anywhere, everywhere) if len(found) <= MOST_TEMPLATES else None

STUCK = """
| 6      179    14789  | 3      1789   2      | 5      479    89     |
| 489    5      34789  | 4789   6789   46789  | 3489   1      2      |
| 1489   2      134789 | 5      1789   1489   | 3489   34679  3689   |
| 7      4      2      | 6      1389   5      | 1389   39     389    |
| 189    169    1689   | 279    2379   1379   | 1369   5      4      |
| 3      169    5      | 489    189    1489   | 1689   2      7      |
| 2      8      679    | 1      5      3679   | 349    3469   369    |
| 59     13679  1679   | 789    4      36789  | 2      3689   15     |
| 459    1369   1469   | 289    23689  3689   | 7      3689   15     |
"""


def test_a_candidate_no_template_uses_goes():
    board = candidate_board(STUCK)
    step = find("pattern-overlay", board)
    assert names(step.eliminations) == {("E7", 1)} and not step.placements
    assert step.text == ("Pattern overlay on 1: of the 20 ways to place every 1 (one in each "
                         "house) that the candidates allow, none uses E7, so 1 leaves E7")
    found = listed(board, 1)
    assert len(found) == 20
    assert not any(t >> cell("E7") & 1 for t in found)
    for digit in range(1, 10):
        assert templates(board, digit) == summary(listed(board, digit))
    check_drawing(board, step)


def test_counted_as_listed_on_a_hard_killers_boards():
    # boards of TAREK_MORE 6's solve, and runs thinned at random from its 40th board and from
    # STUCK: each digit's count and the cells some or all of its templates use are the listing's
    boards = killer_boards(6, 40)[20:]
    rng = random.Random(6)
    boards += thinned(boards[-1], rng, 10, 3) + thinned(candidate_board(STUCK), rng, 10, 3)
    compared = 0
    for board in boards:
        for digit in range(1, 10):
            if prod(len(board.places(digit, row.cells)) or 1 for row in board.geometry.rows) > 5000:
                continue   # too many to list by brute force in a test
            assert templates(board, digit) == summary(listed(board, digit))
            compared += 1
    assert compared > 50


def test_an_x_wing_is_one_of_the_patterns_it_sees():
    # 1 in rows A and E only in columns 1 and 5: no template uses another cell of those columns.
    # (Row I narrowed to I3 and I9 as well: with only the X-Wing, 1 has more templates than the
    # 1,000 the strategy lists, and it says nothing rather than judge from a part.)
    board = confine(confine(make_board(), 1, "row A", "A1 A5"), 1, "row E", "E1 E5")
    assert templates(board, 1) is None
    board = confine(board, 1, "row I", "I3 I9")
    step = find("pattern-overlay", board)
    assert names(step.eliminations) == {(f"{r}{c}", 1) for r in "BCDFGH" for c in (1, 5)}


def test_a_cell_every_template_uses_holds_the_digit():
    # 1 given in B4, C7, D2, F8, G3 and H6: rows A, E, I, columns 1, 5, 9 and boxes 1, 5, 9 are
    # left, and the one way to fill them is A1, E5, I9
    grid = ["." * 9 for _ in range(9)]
    for name in ("B4", "C7", "D2", "F8", "G3", "H6"):
        r, c = "ABCDEFGHI".index(name[0]), int(name[1]) - 1
        grid[r] = grid[r][:c] + "1" + grid[r][c + 1:]
    board = make_board("".join(grid))
    step = find("pattern-overlay", board)
    assert names(step.placements) == {("A1", 1), ("E5", 1), ("I9", 1)}
    assert step.text == ("Pattern overlay on 1: of the one way to place every 1 (one in each "
                         "house) that the candidates allow, it puts it in A1, E5 and I9, so "
                         "A1, E5 and I9 are 1")
    check_drawing(board, step)


@pytest.mark.parametrize("marks", [None, {"A1": "1"}])
def test_nothing_on_an_open_board(marks):
    board = make_board() if marks is None else without(make_board(), marks)
    assert find("pattern-overlay", board) is None   # too many templates to list: passed over


def test_order_and_article():
    assert BY_SLUG["death-blossom"].difficulty < BY_SLUG["pattern-overlay"].difficulty < BY_SLUG[
        "digit-forcing"].difficulty
    assert BY_SLUG["pattern-overlay"].article == "https://www.sudokuwiki.org/Pattern_Overlay"
