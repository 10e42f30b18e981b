"""Skyscraper, two-string kite and empty rectangle, each alone.

Hand-made positions keep one digit's places as drawn (every other cell and digit untouched), so
the only strong links are the ones a test sets up; the expected eliminations are worked out by
hand in the comments. The first skyscraper is HoDoKu's published example (sk01).
"""
from tests.explain.positions import cell, coloured, drawn, find, make_board, names
from pycore.explain import Board

# A jigsaw whose regions 1 and 2 are boxes 1 and 2 with A4 and C3 traded: region 1 holds
# A1-A4, B1-B3, C1-C2; region 2 holds A5-A6, B4-B6, C3-C6.
JIGSAW = """
111122333
111222333
112222333
444555666
444555666
444555666
777888999
777888999
777888999
"""


def candidate_board(grid: str, kind: str = "sudoku", regions: str | None = None) -> Board:
    """A board from a HoDoKu/SudokuWiki candidate grid: a single digit is a filled cell, more
    digits are the candidates of an open cell. Frame characters are ignored."""
    tokens = [t for line in grid.splitlines() for t in line.split()
              if t.isdigit()]
    if len(tokens) != 81:
        raise ValueError(f"{len(tokens)} cells")
    givens = "".join(t if len(t) == 1 else "." for t in tokens)
    board = make_board(givens, kind=kind, regions=regions)
    cand = [0 if len(t) == 1 else sum(1 << (int(d) - 1) for d in t) for t in tokens]
    return Board(board.puzzle, board.values, tuple(cand))


def places_only(board: Board, digit: int, house_cells, keep: str) -> Board:
    """`digit` leaves every cell of `house_cells` but the named ones."""
    kept = {cell(name) for name in keep.split()}
    cand = list(board.candidates)
    for c in house_cells:
        if c not in kept:
            cand[c] &= ~(1 << (digit - 1))
    return Board(board.puzzle, board.values, tuple(cand))


def row(letter: str):
    r = "ABCDEFGHI".index(letter)
    return range(r * 9, r * 9 + 9)


def column(number: int):
    return range(number - 1, 81, 9)


def cells(text: str):
    return [cell(name) for name in text.split()]


def confined(kind="sudoku", regions=None, digit=5, **houses) -> Board:
    """An empty board of `kind` where `digit` keeps only the named places in the named houses:
    row_B="B2 B8", col_1="C1 G1", cells_x="…" (any list of cells, given as cells_x=(cells, keep))."""
    board = make_board(kind=kind, regions=regions)
    for key, keep in houses.items():
        if key.startswith("row_"):
            board = places_only(board, digit, row(key[4]), keep)
        elif key.startswith("col_"):
            board = places_only(board, digit, column(int(key[4:])), keep)
        else:
            group, kept = keep
            board = places_only(board, digit, cells(group), kept)
    return board


SK01 = """
| 6    9    7 | 1345  13458  158 | 1458  148  2  |
| 45   58   1 | 9     7      2   | 458   6    3  |
| 245  258  3 | 145   1458   6   | 7     9    18 |
| 9    1    2 | 345   3458   58  | 6     38   7  |
| 3    7    4 | 2     6      18  | 9     5    18 |
| 8    6    5 | 7     13     9   | 13    2    4  |
| 1    4    8 | 6     9      3   | 2     7    5  |
| 7    35   9 | 15    2      4   | 138   138  6  |
| 25   235  6 | 8     15     7   | 134   134  9  |
"""


def test_skyscraper_published_example():
    # HoDoKu sk01: 1 in columns 6 (A6/E6) and 9 (C9/E9), bases E6 and E9 in row E; A6 or C9
    # is 1: r1c78, r3c45 <> 1
    step = find("skyscraper", candidate_board(SK01))
    assert step.strategy == "skyscraper"
    assert names(step.eliminations) == {("A7", 1), ("A8", 1), ("C4", 1), ("C5", 1)}
    assert step.text.startswith("Skyscraper on 1 in column 6 and column 9")


def test_skyscraper_in_rows():
    # 3 only at B1/B5 and H1/H6; bases B1 and H1 share column 1, so B5 or H6 is 3. Cells seeing
    # both: A6 and C6 (box 2, column 6), G5 and I5 (box 8, column 5).
    board = confined(digit=3, row_B="B1 B5", row_H="H1 H6")
    step = find("skyscraper", board)
    assert names(step.eliminations) == {("A6", 3), ("C6", 3), ("G5", 3), ("I5", 3)}
    assert set(step.cells) == set(cells("B1 B5 H1 H6"))
    assert drawn(step) == "(3)B5=(3)B1-(3)H1=(3)H6"
    assert coloured(step) == {"3B5": 0, "3B1": 1, "3H1": 0, "3H6": 1}


def test_skyscraper_leaves_an_x_wing_to_the_fish():
    board = confined(digit=3, row_B="B1 B5", row_H="H1 H5")
    assert find("skyscraper", board) is None


def test_skyscraper_finds_nothing_without_a_shared_base_line():
    board = confined(digit=3, row_B="B1 B5", row_H="H2 H6")
    assert find("skyscraper", board) is None


def test_skyscraper_x_ends_on_a_diagonal():
    # B2 and H8 (the ends) share the A1-I9 diagonal in Sudoku X: its other cells lose 5. On a
    # plain sudoku nothing sees both ends (B8 and H2 have no 5).
    houses = dict(row_B="B2 B5", row_H="H5 H8")
    step = find("skyscraper", confined("sudoku-x", **houses))
    assert names(step.eliminations) == {(n, 5) for n in "A1 C3 D4 E5 F6 G7 I9".split()}
    assert find("skyscraper", confined(**houses)) is None


def test_skyscraper_windoku_ends_in_a_window():
    # Bases B7/D7; ends B3 and D4 share window 1 (B2-D4): C2, C3, C4 lose 5.
    houses = dict(row_B="B3 B7", row_D="D4 D7")
    step = find("skyscraper", confined("windoku", **houses))
    assert names(step.eliminations) == {("C2", 5), ("C3", 5), ("C4", 5)}
    assert find("skyscraper", confined(**houses)) is None


def test_skyscraper_jigsaw_ends_in_a_region():
    # Bases A8/C8; ends A4 and C2 share region 1: B1, B2, B3 lose 5 (A1-A3, C1 have none).
    houses = dict(row_A="A4 A8", row_C="C2 C8")
    step = find("skyscraper", confined("jigsaw", JIGSAW, **houses))
    assert names(step.eliminations) == {("B1", 5), ("B2", 5), ("B3", 5)}
    assert find("skyscraper", confined(**houses)) is None


def test_two_string_kite():
    # 5 in row B only at B2/B8, in column 1 only at C1/G1; B2 and C1 share box 1, so B8 or G1
    # is 5, and G8 (row G, column 8) loses it. B1 sees both too but has no 5.
    board = confined(row_B="B2 B8", col_1="C1 G1")
    step = find("two-string-kite", board)
    assert names(step.eliminations) == {("G8", 5)}
    assert "box 1" in step.text
    assert find("skyscraper", board) is None


def test_two_string_kite_needs_the_bases_to_meet():
    assert find("two-string-kite", confined(row_A="A4 A8", col_1="C1 H1")) is None


def test_two_string_kite_jigsaw_region_joins_the_bases():
    # A4 and C1 share region 1 (not a box): A8 or H1 is 5, H8 loses it.
    step = find("two-string-kite", confined("jigsaw", JIGSAW, row_A="A4 A8", col_1="C1 H1"))
    assert names(step.eliminations) == {("H8", 5)}
    assert "region 1" in step.text


def test_two_string_kite_x_diagonal_joins_the_bases():
    # D4 and G7 share only the A1-I9 diagonal: D1 or B7 is 5, B1 loses it.
    houses = dict(row_D="D1 D4", col_7="B7 G7")
    step = find("two-string-kite", confined("sudoku-x", **houses))
    assert names(step.eliminations) == {("B1", 5)}
    assert "diagonal" in step.text
    assert find("two-string-kite", confined(**houses)) is None


def test_two_string_kite_windoku_window_joins_the_bases():
    # C3 (box 1) and D4 (box 5) share window 1: C8 or H4 is 5, H8 loses it.
    houses = dict(row_C="C3 C8", col_4="D4 H4")
    step = find("two-string-kite", confined("windoku", **houses))
    assert names(step.eliminations) == {("H8", 5)}
    assert "window 1" in step.text
    assert find("two-string-kite", confined(**houses)) is None


BOX_5 = "D4 D5 D6 E4 E5 E6 F4 F5 F6"


def test_empty_rectangle():
    # Box 5 keeps 5 at D5, E4, E6: row E and column 5. Column 2 has 5 only at E2/B2. Were B5 a
    # 5, B2 would not be, so E2 would, so box 5's 5 would be D5, beside B5 in column 5.
    board = confined(box=(BOX_5, "D5 E4 E6"), col_2="B2 E2")
    step = find("empty-rectangle", board)
    assert names(step.eliminations) == {("B5", 5)}
    assert step.text.startswith("Empty rectangle on 5 in box 5")
    # box 5's 5 is in column 5 (D5) or else in row E (E4, E6), which rules out E2, so B2
    assert drawn(step) == "(5)D5=(5)E4|E6-(5)E2=(5)B2"


def test_empty_rectangle_needs_a_row_and_a_column():
    board = confined(box=(BOX_5, "D4 E5 F6"), col_2="B2 E2")
    assert find("empty-rectangle", board) is None


def test_empty_rectangle_needs_the_target_to_hold_the_digit():
    board = confined(box=(BOX_5, "D5 E4 E6"), col_2="B2 E2", target=("B5", ""))
    assert find("empty-rectangle", board) is None


def test_empty_rectangle_jigsaw_region():
    # Region 2 keeps 5 at A5, C3, C5: row C and column 5 (C3 is not in box 2). Column 8 has 5
    # only at C8/G8: were G5 a 5, G8 would not be, C8 would, region 2's 5 would be A5: G5 loses 5.
    region_2 = "A5 A6 B4 B5 B6 C3 C4 C5 C6"
    houses = dict(region=(region_2, "A5 C3 C5"), col_8="C8 G8")
    step = find("empty-rectangle", confined("jigsaw", JIGSAW, **houses))
    assert names(step.eliminations) == {("G5", 5)}
    assert "region 2" in step.text
    assert find("empty-rectangle", confined(**houses)) is None


def test_empty_rectangle_windoku_window():
    # Window 1 (B2-D4) keeps 5 at B3, D2, D3: row D and column 3. Column 7 has 5 only at D7/H7:
    # H3 loses 5.
    window_1 = "B2 B3 B4 C2 C3 C4 D2 D3 D4"
    houses = dict(window=(window_1, "B3 D2 D3"), col_7="D7 H7")
    step = find("empty-rectangle", confined("windoku", **houses))
    assert names(step.eliminations) == {("H3", 5)}
    assert "window 1" in step.text
    assert find("empty-rectangle", confined(**houses)) is None


def test_empty_rectangle_x_link_on_a_diagonal():
    # Box 4 keeps 5 at D2, E1, E3: row E and column 2. The A1-I9 diagonal has 5 only at E5/G7.
    # Were G2 a 5, G7 would not be, E5 would, box 4's 5 would be D2, in column 2 with G2.
    houses = dict(box=("D1 D2 D3 E1 E2 E3 F1 F2 F3", "D2 E1 E3"),
                  diagonal=("A1 B2 C3 D4 E5 F6 G7 H8 I9", "E5 G7"))
    step = find("empty-rectangle", confined("sudoku-x", **houses))
    assert names(step.eliminations) == {("G2", 5)}
    assert "diagonal" in step.text
    assert find("empty-rectangle", confined(**houses)) is None
