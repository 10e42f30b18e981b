"""Header-less 9×9 Sudoku strings: 81 digits, the January 2023 162-character packing, and the
old jigsaw query `shape=33&bd=…&jigmap=…`."""
from __future__ import annotations

from ..model import Position, Puzzle, cell_name, full_mask
from .cages import check_puzzle
from .errors import PuzzleStringError
from .fields import BASE32, check_alphabet, pairs, write_number

CELLS = 81
SUDOKU_KINDS = ("sudoku", "sudoku-x", "windoku", "jigsaw")


def decode_digits(bd: str, kind: str, regions=None) -> tuple[Puzzle, Position]:
    """One character a cell: 1-9 a given, 0 or . empty. Digits the sender's solver placed look
    the same as givens, so all count as givens."""
    for i, ch in enumerate(bd):
        if ch not in "0123456789.":
            raise PuzzleStringError(f"character {ch!r} at position {i + 1} is not a digit or '.'")
    givens = tuple(0 if ch == "." else int(ch) for ch in bd)
    return check_puzzle(Puzzle(kind, 9, givens, regions)), Position.empty(CELLS)


def encode_digits(puzzle: Puzzle, position: Position) -> str:
    require_sudoku_9(puzzle, "81 digits")
    return digits_body(puzzle)


def digits_body(puzzle: Puzzle) -> str:
    return "".join(str(d) for d in puzzle.givens)


def decode_packed162(bd: str, kind: str, regions=None) -> tuple[Puzzle, Position]:
    """Two base-32 characters a cell: bit 0 the clue flag, the rest a candidate mask; one
    candidate is a digit (given if flagged, solved if not)."""
    check_alphabet(bd, BASE32, "base-32")
    givens, solved, candidates = [], [], []
    for cell, value in enumerate(pairs(bd, 32)):
        is_clue, mask = value & 1, value >> 1
        where = cell_name(cell, 9)
        if mask > full_mask(9):
            raise PuzzleStringError(f"{where}: value {value} is out of range (largest 1022, 'vu')")
        single = mask and not mask & (mask - 1)
        if is_clue and not single:
            raise PuzzleStringError(f"{where}: a clue needs exactly one digit, but the candidate set is "
                                    f"{'empty' if not mask else 'several digits'}")
        digit = mask.bit_length() if single else 0
        givens.append(digit if is_clue else 0)
        solved.append(0 if is_clue else digit)
        candidates.append(0 if single else mask)
    puzzle = check_puzzle(Puzzle(kind, 9, tuple(givens), regions))
    return puzzle, Position(tuple(solved), tuple(candidates))


def encode_packed162(puzzle: Puzzle, position: Position) -> str:
    require_sudoku_9(puzzle, "the 162-character packing")
    return packed162_body(puzzle, position)


def packed162_body(puzzle: Puzzle, position: Position) -> str:
    out = []
    for cell in range(CELLS):
        if puzzle.givens[cell]:
            value = (1 << (puzzle.givens[cell] - 1) << 1) | 1
        elif position.solved[cell]:
            value = 1 << (position.solved[cell] - 1) << 1
        else:
            value = position.candidates[cell] << 1
        out.append(write_number(value, 32, 2))
    return "".join(out)


def read_jigmap(jigmap: str) -> tuple[int, ...]:
    if len(jigmap) != CELLS:
        raise PuzzleStringError(f"jigmap has {len(jigmap)} characters; expected 81 region digits")
    for i, ch in enumerate(jigmap):
        if ch not in "123456789":
            raise PuzzleStringError(f"jigmap character {ch!r} at position {i + 1} is not a region digit 1-9")
    return tuple(int(ch) for ch in jigmap)


def decode_jigmap(bd: str, jigmap: str) -> tuple[Puzzle, Position]:
    regions = read_jigmap(jigmap)
    if len(bd) == CELLS:
        return decode_digits(bd, "jigsaw", regions)
    if len(bd) == 2 * CELLS:
        return decode_packed162(bd, "jigsaw", regions)
    raise PuzzleStringError(f"a jigsaw bd has 81 or 162 characters; this one has {len(bd)}")


def encode_jigmap(puzzle: Puzzle, position: Position) -> str:
    """81 digits when there is no progress to carry, else the 162 packing."""
    if puzzle.kind != "jigsaw" or puzzle.size != 9:
        raise PuzzleStringError(f"the jigmap form holds 9×9 jigsaw sudoku, not a {puzzle.size}×{puzzle.size} {puzzle.kind}")
    body = packed162_body(puzzle, position) if position.has_progress else digits_body(puzzle)
    return f"shape=33&bd={body}&jigmap={''.join(str(r) for r in puzzle.regions)}"


def require_sudoku_9(puzzle: Puzzle, format_name: str) -> None:
    if puzzle.kind == "jigsaw":
        raise PuzzleStringError(f"{format_name} cannot hold jigsaw regions; write the jigmap form")
    if puzzle.kind not in SUDOKU_KINDS or puzzle.size != 9:
        raise PuzzleStringError(f"{format_name} holds 9×9 sudoku, not a {puzzle.size}×{puzzle.size} {puzzle.kind}")
