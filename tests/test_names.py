"""Cells and houses have one name everywhere (SudokuWiki's: rows A, B, C…, columns 1, 2, 3…):
in the decoder's errors, the solver's reasons, the play view's clashes and the hints."""
import pytest

from pycore import api
from pycore.codec import PuzzleStringError, decode
from pycore.explain import start_board
from pycore.model import Position, Puzzle, cell_name, hidden_window_reason, hidden_windows, house_names
from pycore.play import clashes
from pycore.solve import solve


def test_cells_are_named_by_row_letter_and_column_number():
    assert [cell_name(c, 9) for c in (0, 8, 40, 80)] == ["A1", "A9", "E5", "I9"]
    assert cell_name(16 * 16 - 1, 16) == "P16" and cell_name(25 * 25 - 1, 25) == "Y25"


def test_house_names_follow_the_units_then_the_hidden_windows():
    names = house_names(Puzzle("sudoku", 9, (0,) * 81))
    assert names[:2] == ["row A", "row B"] and names[9:11] == ["column 1", "column 2"]
    assert names[18:] == [f"box {b}" for b in range(1, 10)]
    assert house_names(Puzzle("sudoku-x", 16, (0,) * 256))[-2:] == ["the A1–P16 diagonal",
                                                                    "the A16–P1 diagonal"]
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
        f"rows A, F, K, P hold every digit 4 times and the hidden windows of columns 2–5, 7–10 "
        f"and 12–15 {tail}")
