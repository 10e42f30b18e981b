"""Singles: the steps that place a digit with nothing more to look at than one cell, house or
cage."""
from __future__ import annotations

from functools import lru_cache

from ..model import ARITHMETIC_KINDS, digit_name
from .board import Board, Step


def full_house(board: Board) -> Step | None:
    """A house with one open cell: it takes the one digit the house lacks."""
    g = board.geometry
    for index, found in enumerate(board.per_unit("full-house", g.houses_of, last_open_cell)):
        if found is not None:
            cell, digit = found
            return Step("full-house", f"Full house: {g.name(cell)} is the last open cell of "
                        f"{g.houses[index].name}, so it is {digit_name(digit)}",
                        placements=((cell, digit),), cells=(cell,), units=(index,))
    return None


def last_open_cell(board: Board, index: int) -> tuple[int, int] | None:
    """(cell, digit) when a house has one open cell and lacks one digit, which that cell can
    hold; None otherwise (a broken house is left to the contradiction check)."""
    g = board.geometry
    values = g.read_house[index](board.values)
    if values.count(0) != 1:
        return None
    cell = g.houses[index].cells[values.index(0)]
    present = 0
    for v in values:
        if v:
            present |= 1 << (v - 1)
    missing = g.all_digits & ~present
    if missing & (missing - 1) or not board.candidates[cell] & missing:
        return None
    return cell, missing.bit_length()


def naked_single(board: Board) -> Step | None:
    """A cell with one candidate left."""
    g = board.geometry
    alone = list(map(single_masks(g.size).__contains__, board.candidates))
    if True not in alone:
        return None
    cell = alone.index(True)
    digit = board.candidates[cell].bit_length()
    return Step("naked-single", f"Naked single: {digit_name(digit)} is the only candidate left "
                                f"in {g.name(cell)}", placements=((cell, digit),), cells=(cell,))


@lru_cache(maxsize=None)
def single_masks(size: int) -> frozenset[int]:
    """The candidate masks of one digit."""
    return frozenset(1 << d for d in range(size))


def hidden_single(board: Board) -> Step | None:
    """A digit with one place left in a house."""
    g = board.geometry
    for index, only in enumerate(board.per_unit("hidden-single", g.houses_of, once_only)):
        if not only:
            continue
        digit = (only & -only).bit_length()
        cell = board.places(digit, g.houses[index].cells)[0]
        return Step("hidden-single", f"Hidden single: {g.name(cell)} is the only place for "
                    f"{digit_name(digit)} in "
                    f"{g.houses[index].name}", placements=((cell, digit),), cells=(cell,),
                    units=(index,))
    return None


def once_only(board: Board, index: int) -> int:
    """The digits that are candidates in one cell only of a house."""
    once = twice = 0
    for mask in board.geometry.read_house[index](board.candidates):
        twice |= once & mask
        once |= mask
    return once & ~twice


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
