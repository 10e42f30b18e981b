"""Almost locked sets (pycore/explain/sets.py), each strategy alone: ALS-XZ, ALS-XY-Wing, death
blossom, Sue de Coq.

The candidate grids are positions top95's sudokus reach (a collection of hard puzzles passed
around since 2005) where every strategy below X-Chain is stuck; each expected elimination was
checked against the puzzle's solution. Hand-made positions are empty grids with a few cells
pencilled, every other cell holding every digit.
"""
import pytest

from tests.explain.drawing import check_drawing
from tests.explain.positions import cell, coloured, find, make_board, names, with_marks
from tests.explain.test_single_digit import candidate_board

from pycore.explain.registry import BY_SLUG
from pycore.explain.sets import almost_locked_sets, restricted_commons, Seen

SETS = ("als-xz", "als-xy-wing", "als-chain", "death-blossom", "sue-de-coq")

STUCK_1 = """
| 69     5      2      | 4      8      1      | 79     3679   367    |
| 4689   346    348    | 69     7      569    | 1      24569  24568  |
| 4689   17     17     | 3      2      569    | 4589   4569   4568   |
| 456    1467   1457   | 8      1469   2      | 4579   134579 13457  |
| 3      124    1458   | 17     149    47     | 6      12459  12458  |
| 2468   9      1478   | 5      146    3      | 2478   1247   12478  |
| 1      248    6      | 79     3      4789   | 2457   2457   2457   |
| 245    234    345    | 167    14     467    | 2347   8      9      |
| 7      348    9      | 2      5      48     | 34     16     16     |
"""

STUCK_2 = """
| 6      78     2      | 14789  5      479    | 1389   179    39     |
| 1789   5789   15789  | 1789   169    3      | 1689   4      2      |
| 13789  4789   13489  | 1789   169    2      | 1689   15679  569    |
| 4      3      5679   | 1579   2      8      | 169    1569   569    |
| 789    1      56789  | 34579  349    45679  | 2      3569   48     |
| 289    25689  5689   | 13459  1349   4569   | 7      13569  48     |
| 5      68     1368   | 2      7      149    | 3469   69     369    |
| 279    24679  4679   | 3459   349    459    | 4569   8      1      |
| 139    49     1349   | 6      8      1459   | 35     2      7      |
"""

STUCK_3 = """
| 6      78     2      | 14789  5      479    | 1389   179    39     |
| 189    5789   1589   | 1789   169    3      | 1689   4      2      |
| 1389   4789   13489  | 189    169    2      | 1689   67     5      |
| 4      3      679    | 1579   2      8      | 169    1569   69     |
| 789    1      56789  | 34579  349    45679  | 2      3569   48     |
| 289    2589   5689   | 13459  1349   4569   | 7      13569  48     |
| 5      68     138    | 2      7      149    | 3469   69     369    |
| 279    2469   479    | 3459   349    459    | 4569   8      1      |
| 139    49     1349   | 6      8      1459   | 35     2      7      |
"""


def marked(marks: str):
    """"A1=12 B7=13": an empty board with those cells pencilled."""
    return with_marks(make_board(), dict(item.split("=") for item in marks.split()))


def cells_named(step) -> set[str]:
    return {f"{'ABCDEFGHI'[c // 9]}{c % 9 + 1}" for c in step.cells}


def test_an_almost_locked_set_has_one_digit_more_than_cells():
    board = marked("A1=12 A2=23 A3=13 C8=34")
    found = {frozenset(names((c, 0) for c in range(81) if s.cells >> c & 1)): s.digits
             for s in almost_locked_sets(board)}
    sets = {frozenset(n for n, _ in key) for key in found}
    assert {"A1"} in [set(s) for s in sets] and {"A1", "A2"} in [set(s) for s in sets]
    assert {"A1", "A2", "A3"} not in [set(s) for s in sets]   # three cells, three digits: locked
    assert all(s.digits.bit_count() == s.size + 1 for s in almost_locked_sets(board))


def test_a_restricted_common_sees_all_its_places_in_the_other_set():
    board = marked("A1=12 A2=23 A7=14 C8=34")
    sets = {s.cells: s for s in almost_locked_sets(board)}
    a = sets[1 << cell("A1") | 1 << cell("A2")]
    b = sets[1 << cell("A7") | 1 << cell("C8")]
    # 1: A1 sees A7 (row A); 3: A2 does not see C8
    assert restricted_commons(a, b, Seen(board)) == 0b1


def test_als_xz_removes_the_other_common_digit_from_cells_seeing_all_its_places():
    # E6 (4/7) and G4+G6+I6 (4/7/8/9): 4 is restricted common (E6 sees G6 and I6 in column 6),
    # so 7 is in E6 or in G4/G6 (its places in the other set): H6 sees all three, loses 7
    board = candidate_board(STUCK_1)
    step = find("als-xz", board)
    assert names(step.eliminations) == {("H6", 7)} and not step.placements
    assert cells_named(step) == {"E6", "G4", "G6", "I6"}
    assert step.text.startswith("ALS-XZ: E6 (4/7) and G4+G6+I6 (4/7/8/9) are almost locked sets "
                                "with the restricted common 4")
    assert step.text.endswith("7 is in one of the two, so 7 leaves H6")
    # the two sets, each in its own colour
    colours = coloured(step)
    assert colours["4E6"] == colours["7E6"] == 0 and colours["9G4"] == colours["8I6"] == 1
    check_drawing(board, step)


def test_als_xz_hand_made_and_doubly_linked():
    # A1+A2 (1/2/3) and A7+C8 (1/3/4): 1 restricted common (A1 sees A7), 3 is in A2 or C8
    step = find("als-xz", marked("A1=12 A2=23 A7=14 C8=34"))
    assert names(step.eliminations) == {(n, 3) for n in ("A8", "A9", "C1", "C2", "C3")}
    # A1+A2 (1/2/5) and D1+D2 (1/2/6): 1 and 2 both restricted common (A1 sees D1, A2 sees D2),
    # so each set lacks one of them and holds its own other digit (5 leaves row A and box 1, 6
    # row D and box 4), and 1 and 2 are each in one of the sets (1 leaves column 1, 2 column 2)
    step = find("als-xz", marked("A1=15 A2=25 D1=16 D2=26"))
    assert step.text.startswith("ALS-XZ, doubly linked: A1+A2 (1/2/5) and D1+D2 (1/2/6)")
    box1, box4 = ("B1 B2 B3 C1 C2 C3".split(), "E1 E2 E3 F1 F2 F3".split())
    assert names(step.eliminations) == (
        {(f"{r}1", 1) for r in "BCEFGHI"} | {(f"{r}2", 2) for r in "BCEFGHI"}
        | {(f"A{c}", 5) for c in range(3, 10)} | {(n, 5) for n in box1}
        | {(f"D{c}", 6) for c in range(3, 10)} | {(n, 6) for n in box4})


def test_als_xy_wing_links_two_sets_through_a_third():
    board = candidate_board(STUCK_1)
    step = find("als-xy-wing", board)
    assert names(step.eliminations) == {("H6", 7)}
    assert step.text.startswith("ALS-XY-Wing: B6+C6 (5/6/9) shares the restricted common 6 with "
                                "B4+G4 (6/7/9) and 9 with E6+G6+I6 (4/7/8/9)")
    assert cells_named(step) == {"B6", "C6", "B4", "G4", "E6", "G6", "I6"}
    assert {c for *_, c in step.pattern} == {0, 1}   # the pivot set in the second colour
    check_drawing(board, step)


def test_als_chain_of_four_sets():
    # box 3's A7+A9+B7+C7 -1- row D's D3+D7+D9 -7- row H's H3+H4+H5+H6 -4- box 9's
    # G8+G9+H7+I7: if the first lacked 6 it would hold 1, the second then 7, the third 4, and
    # the last would hold 6; G7 sees B7, C7 (column 7) and G8, G9, H7 (box 9)
    board = candidate_board(STUCK_3)
    step = find("als-chain", board)
    assert names(step.eliminations) == {("G7", 6)}
    assert step.text.startswith("ALS chain: A7+A9+B7+C7 (1/3/6/8/9) -1- D3+D7+D9 (1/6/7/9) -7- "
                                "H3+H4+H5+H6 (3/4/5/7/9) -4- G8+G9+H7+I7 (3/4/5/6/9)")
    assert "lacked 6 it would hold 1" in step.text and step.text.endswith("6 leaves G7")
    colours = coloured(step)
    assert colours["1A7"] == colours["3H5"] == 0 and colours["1D7"] == colours["6G8"] == 1
    check_drawing(board, step)


def test_death_blossom_a_petal_for_each_of_the_stems_digits():
    board = candidate_board(STUCK_2)
    step = find("death-blossom", board)
    assert names(step.eliminations) == {("G7", 6)}
    assert step.text.startswith("Death blossom: the stem A8 (1/7/9)")
    assert "1: A7+A9+B7+C7 (1/3/6/8/9); 7: A2+G2 (6/7/8); 9: G8 (6/9)" in step.text
    assert coloured(step)["1A8"] == 1 and coloured(step)["6G8"] == 0
    check_drawing(board, step)


def test_sue_de_coq_hand_made():
    # A1/A2 hold 1/2/3/4 where row A crosses box 1; A5 (1/2) in the row, B1 (3/4) in the box
    board = marked("A1=1234 A2=1234 A5=12 B1=34")
    step = find("sue-de-coq", board)
    gone = names(step.eliminations)
    assert gone == ({(f"A{c}", d) for c in (3, 4, 6, 7, 8, 9) for d in (1, 2)}
                    | {(n, d) for n in ("A3", "B2", "B3", "C1", "C2", "C3") for d in (3, 4)})
    assert cells_named(step) == {"A1", "A2", "A5", "B1"}
    assert step.text.startswith("Sue de Coq: A1 and A2, where row A crosses box 1, hold 1/2/3/4")
    check_drawing(board, step)
    # three cells in the crossing: 5, in neither set, can only be in the crossing and leaves
    # both houses
    step = find("sue-de-coq", marked("A1=12345 A2=12345 A3=12345 A5=12 B1=34"))
    assert names(step.eliminations) == (
        {(f"A{c}", d) for c in (4, 6, 7, 8, 9) for d in (1, 2, 5)}
        | {(n, d) for n in ("B2", "B3", "C1", "C2", "C3") for d in (3, 4, 5)})
    assert "5, in neither, only in the crossing, leaves both houses" in step.text
    # 5 digits in 4 cells: not locked
    assert find("sue-de-coq", marked("A1=12345 A2=12345 A5=12 B1=34")) is None


@pytest.mark.parametrize("marks", ["A1=1234 A2=1234 A5=12 B1=24",    # the two sets share 2
                                   "A1=123 A2=123 A5=12 B1=34"])     # 3 in both sets
def test_sue_de_coq_finds_nothing_when_the_sets_share_a_digit(marks):
    assert find("sue-de-coq", marked(marks)) is None


@pytest.mark.parametrize("slug", SETS)
def test_nothing_on_an_empty_grid(slug):
    assert find(slug, make_board()) is None


def test_no_restricted_common_no_als_xz():
    # A1+A2 (1/2/3) and C8+C9 (1/3/4): no 1 of one sees a 1 of the other, nor a 3
    assert find("als-xz", marked("A1=12 A2=23 C8=34 C9=14")) is None


def test_registry_order_and_articles():
    for slug in SETS:
        assert BY_SLUG[slug].article in ("https://www.sudokuwiki.org/Almost_Locked_Sets",
                                         "https://www.sudokuwiki.org/Death_Blossom",
                                         "https://www.sudokuwiki.org/Sue_De_Coq")
    # as HoDoKu orders them: Sue de Coq before the chains, ALS-XZ and ALS-XY-Wing before AIC,
    # death blossom after, all before the forcing chains
    d = {slug: BY_SLUG[slug].difficulty for slug in SETS + ("x-chain", "aic", "digit-forcing")}
    assert d["als-xy-wing"] < d["als-chain"]
    assert d["sue-de-coq"] < d["x-chain"] < d["als-xz"] < d["als-xy-wing"] < d["aic"]
    assert d["aic"] < d["als-chain"] < d["death-blossom"] < d["digit-forcing"]
