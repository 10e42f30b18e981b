"""X-Wing, Swordfish, Jellyfish and their finned forms, each alone, on hand-made positions; finned
fish whose fin sees its target through a jigsaw region, an X diagonal or a Windoku window; and the
corpus, where these families must let more sudokus be solved by logic alone.

Positions start from an empty grid and keep the fish's digit only where the drawing puts it in the
base lines, so expected eliminations are the cover lines' other cells, counted by hand."""

from tests.explain.positions import coloured, find, make_board, names, without

from pycore.explain import STRATEGIES, next_step, start_board
from pycore.explain.registry import TABLE
from pycore.model import Position

from tests.corpus import DEV, REAL
from tests.solve.test_solve import puzzle_from_record

JIGSAW = """
111122222
111122223
133333333
444555666
444555666
444555666
777888999
777888999
777888999
"""

ROWS = "ABCDEFGHI"


def fish(digit, kind="sudoku", regions=None, **rows_keep):
    """Empty grid where each named row keeps `digit` only in the columns given, e.g. B="28"."""
    board = make_board(kind=kind, regions=regions)
    gone = {}
    for row, keep in rows_keep.items():
        for column in "123456789":
            if column not in keep:
                gone[f"{row}{column}"] = str(digit)
    return without(board, gone)


def columns_keep(digit, **columns):
    """Empty grid where each named column (c1…c9) keeps `digit` only in the rows given."""
    gone = {}
    for column, keep in columns.items():
        for row in ROWS:
            if row not in keep:
                gone[f"{row}{column[1:]}"] = str(digit)
    return without(make_board(), gone)


def with_digit(digit, cell_names):
    return {(c, digit) for c in cell_names.split()}


def outside(rows, columns):
    """Cells of `columns` in every row but `rows`: a basic fish's eliminations."""
    return " ".join(f"{r}{c}" for c in columns for r in ROWS if r not in rows)


# --- basic fish -------------------------------------------------------------------------------

def test_x_wing_in_rows_clears_its_columns():
    step = find("x-wing", fish(7, B="28", F="28"))
    assert step.strategy == "x-wing"
    assert names(step.eliminations) == with_digit(7, outside("BF", "28"))
    assert step.text.startswith("X-Wing on 7 in rows B and F (columns 2 and 8): 7 leaves A2, A8")
    assert coloured(step) == {"7B2": 0, "7B8": 0, "7F2": 0, "7F8": 0}   # drawn in one colour
    assert not step.links


def test_x_wing_in_columns_clears_its_rows():
    step = find("x-wing", columns_keep(4, c3="AH", c6="AH"))
    expected = " ".join(f"{r}{c}" for r in "AH" for c in "1245789")
    assert names(step.eliminations) == with_digit(4, expected)
    assert "in columns 3 and 6 (rows A and H)" in step.text


def test_x_wing_finds_nothing_over_three_columns():
    assert find("x-wing", fish(7, B="28", F="29")) is None


def test_x_wing_finds_nothing_on_an_empty_grid():
    assert find("x-wing", make_board()) is None


def test_swordfish_two_two_two():
    step = find("swordfish", fish(3, A="15", E="59", I="19"))
    assert step.strategy == "swordfish"
    assert names(step.eliminations) == with_digit(3, outside("AEI", "159"))
    assert step.text.startswith("Swordfish on 3 in rows A, E and I (columns 1, 5 and 9)")


def test_swordfish_finds_nothing_over_four_columns():
    assert find("swordfish", fish(3, A="15", E="59", I="18")) is None


def test_an_x_wing_is_not_a_swordfish():
    assert find("swordfish", fish(7, B="28", F="28")) is None


def test_jellyfish():
    step = find("jellyfish", fish(5, A="13", C="35", G="57", I="17"))
    assert step.strategy == "jellyfish"
    assert names(step.eliminations) == with_digit(5, outside("ACGI", "1357"))


def test_a_swordfish_is_not_a_jellyfish():
    assert find("jellyfish", fish(3, A="15", E="59", I="19")) is None


# --- finned fish ------------------------------------------------------------------------------

def test_finned_x_wing_clears_the_cover_cells_in_the_fins_box():
    # fin F9 is in box 6: of column 8's other cells only D8 and E8 see it
    step = find("finned-x-wing", fish(7, B="28", F="289"))
    assert step.strategy == "finned-x-wing"
    assert names(step.eliminations) == with_digit(7, "D8 E8")
    assert step.text == ("Finned X-Wing on 7 in rows B and F (columns 2 and 8, fin F9): "
                         "7 leaves D8 and E8")
    assert coloured(step) == {"7B2": 0, "7B8": 0, "7F2": 0, "7F8": 0, "7F9": 1}   # the fin apart


def test_sashimi_x_wing_counts_as_finned():
    # row F has lost F2: if F9 is not 7, F8 is, and D8, E8 lose 7 either way
    step = find("finned-x-wing", fish(7, B="28", F="89"))
    assert names(step.eliminations) == with_digit(7, "D8 E8")


def test_finned_x_wing_finds_nothing_when_no_cover_cell_sees_the_fin():
    assert find("finned-x-wing", fish(7, B="28", F="258")) is None


def test_a_basic_x_wing_is_not_finned():
    assert find("finned-x-wing", fish(7, B="28", F="28")) is None


def test_finned_x_wing_with_its_fin_in_a_jigsaw_region():
    # fin B9 shares region 3 (B9, C2-C9) with C2 and C8; a box would give A8 and C8 instead
    board = fish(7, kind="jigsaw", regions=JIGSAW, B="289", E="28")
    step = find("finned-x-wing", board)
    assert names(step.eliminations) == with_digit(7, "C2 C8")


def test_finned_x_wing_with_its_fin_on_an_x_diagonal():
    # fin F6 is on the A1-I9 diagonal with H8
    step = find("finned-x-wing", fish(7, kind="sudoku-x", B="28", F="268"))
    assert names(step.eliminations) == with_digit(7, "H8")


def test_the_same_fin_in_a_plain_sudoku_sees_no_cover_cell():
    assert find("finned-x-wing", fish(7, B="28", F="268")) is None


def test_finned_x_wing_with_its_fin_in_a_windoku_window():
    # fin C4 is in window 1 (B2-D4) with B3 and D3; its box 2 holds no cell of columns 3 or 7
    step = find("finned-x-wing", fish(7, kind="windoku", C="347", G="37"))
    assert names(step.eliminations) == with_digit(7, "B3 D3")
    assert find("finned-x-wing", fish(7, C="347", G="37")) is None


def test_finned_swordfish():
    # fin I8 is in box 9 with G9 and H9
    step = find("finned-swordfish", fish(3, A="15", E="59", I="189"))
    assert step.strategy == "finned-swordfish"
    assert names(step.eliminations) == with_digit(3, "G9 H9")
    assert "(columns 1, 5 and 9, fin I8)" in step.text


def test_a_basic_swordfish_is_not_finned():
    assert find("finned-swordfish", fish(3, A="15", E="59", I="19")) is None


# --- the corpus -------------------------------------------------------------------------------

SUDOKU_FAMILY = ("sudoku", "sudoku-x", "windoku", "jigsaw")
FAMILIES = {"subsets", "intersections", "fish"}


def solved_by_logic(puzzle, strategies, max_steps=2000) -> bool:
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    for _ in range(max_steps):
        if board.is_solved():
            return True
        step = next_step(board, strategies)
        if step is None:
            return False
        board = board.apply(step)
    return board.is_solved()


def test_more_corpus_sudokus_are_solved_with_these_families_than_with_singles_alone():
    # Against singles alone: the chains and wings would solve most of these without us.
    module_of = {slug: module for slug, _, _, module in TABLE}
    singles = tuple(s for s in STRATEGIES if module_of[s.slug] == "singles")
    ours = tuple(s for s in STRATEGIES if module_of[s.slug] in FAMILIES | {"singles"})
    puzzles = [p for p in (puzzle_from_record(r) for r in DEV + REAL if r.get("solution"))
               if p.kind in SUDOKU_FAMILY]
    before = sum(solved_by_logic(p, singles) for p in puzzles)
    after = sum(solved_by_logic(p, ours) for p in puzzles)
    print(f"\ncorpus sudokus solved by logic: {before} of {len(puzzles)} with singles alone, "
          f"{after} with subsets, intersections and fish as well")
    assert after > before
