"""Singles: the steps that place a digit with nothing more to look at than one cell, house or
cage."""
from __future__ import annotations

from ..model import ARITHMETIC_KINDS, digit_name
from .board import Board, Step


def full_house(board: Board) -> Step | None:
    """A house with one open cell: it takes the one digit the house lacks."""
    g = board.geometry
    for index, house in enumerate(g.houses):
        open_cells = [c for c in house.cells if not board.values[c]]
        if len(open_cells) != 1:
            continue
        cell = open_cells[0]
        present = 0
        for c in house.cells:
            if board.values[c]:
                present |= 1 << (board.values[c] - 1)
        missing = g.all_digits & ~present
        if missing & (missing - 1) or not board.candidates[cell] & missing:
            continue   # a broken house; the contradiction check reports it
        digit = missing.bit_length()
        return Step("full-house", f"Full house: {g.name(cell)} is the last open cell of "
                    f"{house.name}, so it is {digit_name(digit)}",
                    placements=((cell, digit),), cells=(cell,), units=(index,))
    return None


def naked_single(board: Board) -> Step | None:
    """A cell with one candidate left."""
    g = board.geometry
    for cell in board.open_cells():
        mask = board.candidates[cell]
        if mask and not mask & (mask - 1):
            digit = mask.bit_length()
            return Step("naked-single", f"Naked single: {digit_name(digit)} is the only "
                                        f"candidate left in "
                        f"{g.name(cell)}", placements=((cell, digit),), cells=(cell,))
    return None


def hidden_single(board: Board) -> Step | None:
    """A digit with one place left in a house."""
    g = board.geometry
    for index, house in enumerate(g.houses):
        once = twice = 0
        for cell in house.cells:
            mask = board.candidates[cell]
            twice |= once & mask
            once |= mask
        only = once & ~twice
        if not only:
            continue
        digit = (only & -only).bit_length()
        cell = board.places(digit, house.cells)[0]
        return Step("hidden-single", f"Hidden single: {g.name(cell)} is the only place for "
                    f"{digit_name(digit)} in "
                    f"{house.name}", placements=((cell, digit),), cells=(cell,),
                    units=(index,))
    return None


def single_cell_cage(board: Board) -> Step | None:
    """A cage of one cell holds its clue (a killer's total, KenKen's number)."""
    g = board.geometry
    for index, cage in enumerate(board.puzzle.cages):
        if len(cage.cells) != 1:
            continue
        cell = cage.cells[0]
        if board.values[cell] or not 1 <= cage.total <= board.size or not board.has(cell, cage.total):
            continue   # filled, or broken: the contradiction check reports it
        clue = "clue" if board.puzzle.kind in ARITHMETIC_KINDS else "total"
        digit = digit_name(cage.total)   # a 16×16 grid writes a total of 12 as the digit C
        holds = digit if digit == str(cage.total) else f"{cage.total}, the digit {digit}"
        return Step("single-cell-cage", f"Single-cell cage: {g.name(cell)} is a cage of one "
                    f"cell, so it holds its {clue}: {holds}",
                    placements=((cell, cage.total),), cells=(cell,), cages=(index,))
    return None


STRATEGIES = {
    "full-house": full_house,
    "naked-single": naked_single,
    "hidden-single": hidden_single,
    "single-cell-cage": single_cell_cage,
}
