"""Cells, houses and digits have one name everywhere (SudokuWiki's: rows A, B, C…, columns 1, 2,
3…; in grids over 9×9, whose digits above 9 are letters as the grid shows them, rows are numbered
and cells named R5C12): in the decoder's errors, the solver's reasons, the play view's clashes and
the hints."""
import re

import pytest

from pycore import api
from pycore.codec import PuzzleStringError, decode
from pycore.explain import start_board
from pycore.model import (Position, Puzzle, cell_name, digit_name, hidden_window_reason,
                          hidden_windows, house_names, row_name)
from pycore.play import clashes
from pycore.solve import solve


def test_cells_are_named_by_row_letter_and_column_number():
    assert [cell_name(c, 9) for c in (0, 8, 40, 80)] == ["A1", "A9", "E5", "I9"]

def test_grids_over_9x9_number_their_rows_and_letter_their_digits_above_9():
    # Their digits 10… are A…, so rows lettered A… would read like digits ("A1 is A in row A").
    assert cell_name(16 * 16 - 1, 16) == "R16C16" and cell_name(25 * 25 - 1, 25) == "R25C25"
    assert cell_name(16 + 11, 16) == "R2C12" and row_name(4, 16) == "5" and row_name(4, 9) == "E"
    assert [digit_name(d) for d in (1, 9, 10, 16, 25)] == ["1", "9", "A", "G", "P"]
    names = house_names(Puzzle("sudoku", 16, (0,) * 256))
    assert names[:2] == ["row 1", "row 2"] and names[16] == "column 1"


def test_the_solver_play_view_and_hints_name_big_grids_digits_as_the_grid_shows_them():
    givens = [0] * 256
    givens[0] = givens[5] = 12
    puzzle = Puzzle("sudoku", 16, tuple(givens))
    assert solve(puzzle).reason == "R1C1 and R1C6 both hold C in row 1"
    assert clashes(puzzle, givens) == [{"cells": [0, 5], "reason": "two Cs in row 1"}]
    assert start_board(puzzle, Position.empty(256)).contradiction() == "C appears twice in row 1"


def test_house_names_follow_the_units_then_the_hidden_windows():
    names = house_names(Puzzle("sudoku", 9, (0,) * 81))
    assert names[:2] == ["row A", "row B"] and names[9:11] == ["column 1", "column 2"]
    assert names[18:] == [f"box {b}" for b in range(1, 10)]
    assert house_names(Puzzle("sudoku-x", 16, (0,) * 256))[-2:] == ["the R1C1–R16C16 diagonal",
                                                                    "the R1C16–R16C1 diagonal"]
    windoku = Puzzle("windoku", 9, (0,) * 81)
    names = house_names(windoku)
    assert len(names) == len(windoku.units) + len(hidden_windows(windoku)) == 36
    assert names[27:32] == ["window 1", "window 2", "window 3", "window 4",
                            "the hidden window of rows A, E, I and columns 2–4"]
    assert "the hidden window of rows B–D and columns 1, 5, 9" in names


def test_solver_play_view_and_hints_name_a_clash_alike():
    givens = [0] * 81
    givens[0] = givens[5] = 7
    puzzle = Puzzle("sudoku", 9, tuple(givens))
    assert solve(puzzle).reason == "A1 and A6 both hold 7 in row A"
    board = start_board(puzzle, Position.empty(81))
    assert board.geometry.names([0, 5]) == "A1 and A6"
    assert board.contradiction() == "7 appears twice in row A"
    assert clashes(puzzle, givens) == [{"cells": [0, 5], "reason": "two 7s in row A"}]


def test_the_decoder_names_the_cell_it_refuses():
    with pytest.raises(PuzzleStringError, match="^A1: a clue needs exactly one digit"):
        decode("01" + "00" * 80)
    assert api.decode_view("01" + "00" * 80)["error"].startswith("A1: ")


def test_each_hidden_window_says_why_it_holds_every_digit_once():
    windoku = Puzzle("windoku", 9, (0,) * 81)
    reasons = [hidden_window_reason(windoku, w) for w in hidden_windows(windoku)]
    tail = "once each, so their other cells hold every digit once"
    assert reasons == [
        f"columns 2–4 hold every digit 3 times and windows 1 and 3 {tail}",
        f"columns 6–8 hold every digit 3 times and windows 2 and 4 {tail}",
        f"rows B–D hold every digit 3 times and windows 1 and 2 {tail}",
        f"rows F–H hold every digit 3 times and windows 3 and 4 {tail}",
        f"rows A, E, I hold every digit 3 times and the hidden windows of columns 2–4 and 6–8 {tail}"]
    big = Puzzle("windoku", 16, (0,) * 256)
    assert hidden_window_reason(big, hidden_windows(big)[-1]) == (
        f"rows 1, 6, 11, 16 hold every digit 4 times and the hidden windows of columns 2–5, 7–10 "
        f"and 12–15 {tail}")


def big_grid_steps():
    from tests.corpus import DEV
    from tests.solve.test_solve import puzzle_from_record
    from pycore.explain import explain
    for record in DEV:
        if record["size"] > 9:
            puzzle = puzzle_from_record(record)
            yield from explain(puzzle, Position.empty(puzzle.cell_count))["steps"]


def test_hints_in_big_grids_write_digits_as_the_grid_shows_them():
    steps = list(big_grid_steps())
    assert {s["strategy"] for s in steps} >= {"naked-single", "hidden-single", "full-house"}
    lettered = 0
    for step in steps:
        text = step["text"]
        # Numbers left once cell and house names are gone would be digits written as numbers.
        words = re.sub(r"R\d+C\d+|\b(rows?|columns?|box(es)?|regions?)( \d+(–\d+)?,?( and)?)+", "",
                       text)
        assert not re.findall(r"\b\d\d\b", words), text
        for placement in step["placements"]:
            digit = placement[1]
            assert re.search(rf"\b{digit_name(digit)}\b", text), text
            lettered += digit > 9
    assert lettered > 50   # the check above met many digits written as letters
