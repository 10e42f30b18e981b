"""Law of leftovers (jigsaw): on hand-made positions, and on random positions of every corpus
jigsaw that keep its solution, where every step it takes must keep that solution too."""
import random

from tests.explain.positions import cell, coloured, find, make_board, names, placed, with_marks, without
from tests.explain.test_chains import JIGSAW

from tests.corpus import DEV
from tests.solve.test_solve import digits, puzzle_from_record

from pycore.codec import decode
from pycore.explain import Board, look_here, next_step, start_board
from pycore.model import Position, leftovers

# JIGSAW's column 6 has A6 and B6 outside region 5, which region 5 makes up with E7 and F7 (its
# cells outside column 6); rows A–C have B9, C6 and C9 outside regions 1–3, which have D1, D2
# and E2 outside the rows.


def board():
    return make_board(kind="jigsaw", regions=JIGSAW)


def test_the_sides_of_column_6_and_of_rows_a_to_c():
    sides = {(f.inside, f.outside) for f in leftovers(board().puzzle, 4)}
    assert (tuple(map(cell, "A6 B6".split())), tuple(map(cell, "E7 F7".split()))) in sides
    assert (tuple(map(cell, "B9 C6 C9".split())), tuple(map(cell, "D1 D2 E2".split()))) in sides


def test_a_cell_keeps_only_digits_the_other_side_can_hold():
    position = with_marks(board(), {"E7": "12", "F7": "13", "A6": "1234", "B6": "35"})
    step = find("law-of-leftovers", position)
    assert names(step.eliminations) == {("A6", 4), ("B6", 5)} and not step.placements
    assert step.text == ("Law of leftovers: column 6 and region 5 each hold every digit once, "
                         "so A6 and B6 (in it, outside the region) hold the same digits as E7 "
                         "and F7; E7 and F7 cannot hold 4/5 (4 leaves A6; 5 leaves B6)")
    # the two sides in the two colours
    assert coloured(step) == {"1A6": 0, "2A6": 0, "3A6": 0, "4A6": 0, "3B6": 0, "5B6": 0,
                              "1E7": 1, "2E7": 1, "1F7": 1, "3F7": 1}


def test_a_digit_placed_on_one_side_goes_in_the_only_place_the_other_side_has():
    position = without(placed(board(), {"A6": 7}), {"F7": "7"})
    step = find("law-of-leftovers", position)
    assert names(step.placements) == {("E7", 7)} and not step.eliminations
    assert "A6 already holds 7, and E7 and F7 can hold it no more often, so 7 goes in E7" in step.text


def test_a_digit_placed_as_often_as_the_other_side_can_hold_it_leaves_the_rest_of_its_side():
    # B9 holds 8; of D1, D2 and E2 only D1 can: D1 is 8, and C6 (which does not see B9) loses 8.
    position = without(placed(board(), {"B9": 8}), {"D2": "8", "E2": "8"})
    step = find("law-of-leftovers", position)
    assert names(step.placements) == {("D1", 8)} and names(step.eliminations) == {("C6", 8)}
    assert step.text.startswith("Law of leftovers: rows A–C and regions 1–3 "
                                "each hold every digit 3 times")


def test_nothing_on_an_empty_jigsaw_or_without_regions():
    assert find("law-of-leftovers", board()) is None
    assert find("law-of-leftovers", make_board()) is None


def test_every_step_on_random_positions_keeps_the_solution():
    """Positions with the solution's digits placed in some cells and random candidates plus the
    solution's digit in the others: a step may only remove non-solution digits and place
    solution digits (checked over 600 positions of every corpus jigsaw)."""
    rng = random.Random(7)
    records = [r for r in DEV if r["kind"] in ("jigsaw", "killer-jigsaw") and r.get("solution")]
    assert records
    steps = 0
    for record in records:
        puzzle = puzzle_from_record(record)
        solution = digits(record["solution"])
        n = puzzle.size
        for _ in range(600 // len(records) + 1):
            values, cand = [], []
            for c in range(n * n):
                if puzzle.givens[c] or rng.random() < 0.4:
                    values.append(solution[c])
                    cand.append(0)
                else:
                    values.append(0)
                    noise = rng.getrandbits(n) & rng.getrandbits(n) & rng.getrandbits(n)
                    cand.append(noise | 1 << (solution[c] - 1))
            step = find("law-of-leftovers", Board(puzzle, tuple(values), tuple(cand)))
            if step is None:
                continue
            steps += 1
            for c, d in step.placements:
                assert solution[c] == d, step.text
            for c, d in step.eliminations:
                assert solution[c] != d and cand[c] >> (d - 1) & 1, step.text
    assert steps > 50, steps


# The corpus jigsaw solo-9jdi thinned to 17 givens (each removed while the solution stayed
# unique): its explanation needs the law of leftovers once, in rows G–I.
THINNED = ("J9B0000000000sp0sg0sl0sg0sg0sg1kw0000020002dd0sg0sg0sg35s1kw0000082de2dc2dc2dc2dc35s1kw"
           "0002dc2dc2dc35s35s35s35z1kw1kw1kw1kz3y83y83yd35s35s1kw4qo5j45j43ye3yh3y83y835s1kw4qo4qt"
           "5j43y85j43y86bk6bk4qo4qo4qu5j85j45j46bk6bk6bk4qs4qo4qx5j45j46bk6bk6bn6bk")
THINNED_SOLUTION = ("364985712852714369518246973693851427941372586237169845725638194176493258"
                    "489527631")


def test_a_thinned_corpus_jigsaw_is_explained_with_the_law_of_leftovers():
    puzzle = decode(THINNED)[0]
    assert sum(1 for g in puzzle.givens if g) == 17
    solution = digits(THINNED_SOLUTION)
    position = start_board(puzzle, Position.empty(81))
    used = []
    while not position.is_solved():
        step = next_step(position)
        assert step is not None
        assert all(solution[c] == d for c, d in step.placements), step.text
        assert all(solution[c] != d for c, d in step.eliminations), step.text
        used.append(step.strategy)
        position = position.apply(step)
    assert "law-of-leftovers" in used


def test_the_first_stage_of_the_hint_says_the_rows_and_regions_together():
    position = without(placed(board(), {"B9": 8}), {"D2": "8", "E2": "8"})
    step = find("law-of-leftovers", position)
    assert look_here(step, position.geometry, "jigsaw") == "Look at rows A–C and regions 1–3."
    step = find("law-of-leftovers", with_marks(board(), {"E7": "12", "F7": "13", "A6": "1234"}))
    assert look_here(step, position.geometry, "jigsaw") == "Look at column 6 and region 5."
