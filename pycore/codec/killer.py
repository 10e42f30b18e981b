"""Header-less 9×9 Killer strings: Version A (`<81 colours>,<81 two-digit totals>`) and the May
2024 packing (`<162 base-32: total and colour>,<162 base-32: progress>`)."""
from __future__ import annotations

from ..model import Position, Puzzle, cell_name, full_mask
from .cages import cage_contents, cages_from_colours, check_puzzle, colour_cages
from .errors import PuzzleStringError
from .fields import BASE32, check_alphabet, pairs, write_number

CELLS = 81


def split_parts(bd: str, first_length: int, second_length: int, name: str) -> tuple[str, str]:
    first, _, second = bd.partition(",")
    if len(first) != first_length or len(second) != second_length:
        raise PuzzleStringError(
            f"a {name} killer string has {first_length} + {second_length} characters around its comma; "
            f"this one has {len(first)} + {len(second)}")
    return first, second


def decode_version_a(bd: str) -> tuple[Puzzle, Position]:
    colours_text, totals_text = split_parts(bd, CELLS, 2 * CELLS, "Version A")
    for offset, part in ((0, colours_text), (CELLS + 1, totals_text)):
        for i, ch in enumerate(part):
            if ch not in "0123456789":
                raise PuzzleStringError(f"character {ch!r} at position {offset + i + 1} is not a decimal digit")
    colours = [int(ch) for ch in colours_text]
    totals = [int(totals_text[i:i + 2]) for i in range(0, 2 * CELLS, 2)]
    cages = cages_from_colours(colours, totals, 9, arithmetic=False)
    return check_puzzle(Puzzle("killer", 9, (0,) * CELLS, None, cages)), Position.empty(CELLS)


def encode_version_a(puzzle: Puzzle, position: Position) -> str:
    require_killer_9(puzzle, "Version A")
    colours = colour_cages(puzzle)
    totals = cage_contents(puzzle)
    return "".join(map(str, colours)) + "," + "".join(f"{t:02d}" for t in totals)


def decode_may_2024(bd: str) -> tuple[Puzzle, Position]:
    cages_text, progress_text = split_parts(bd, 2 * CELLS, 2 * CELLS, "May 2024")
    check_alphabet(cages_text, BASE32, "base-32")
    check_alphabet(progress_text, BASE32, "base-32", offset=2 * CELLS + 1)
    colours, totals = [], []
    for cell, value in enumerate(pairs(cages_text, 32)):
        colour, total = (value & 7) + 1, value >> 3
        if colour > 5:
            raise PuzzleStringError(f"{cell_name(cell, 9)}: cage colour {colour} is outside 1…5")
        if total > 45:
            raise PuzzleStringError(f"{cell_name(cell, 9)}: cage total {total} is larger than 45")
        colours.append(colour)
        totals.append(total)
    solved, candidates = [], []
    for cell, value in enumerate(pairs(progress_text, 32)):
        mask = value >> 1
        if value & 1 or mask > full_mask(9):
            raise PuzzleStringError(f"{cell_name(cell, 9)}: progress value {value} is not a candidate set")
        single = mask and not mask & (mask - 1)
        solved.append(mask.bit_length() if single else 0)
        candidates.append(0 if single else mask)
    cages = cages_from_colours(colours, totals, 9, arithmetic=False)
    puzzle = check_puzzle(Puzzle("killer", 9, (0,) * CELLS, None, cages))
    return puzzle, Position(tuple(solved), tuple(candidates))


def encode_may_2024(puzzle: Puzzle, position: Position) -> str:
    require_killer_9(puzzle, "the May 2024 packing")
    colours = colour_cages(puzzle)
    totals = cage_contents(puzzle)
    first = "".join(write_number((totals[c] << 3) | (colours[c] - 1), 32, 2) for c in range(CELLS))
    masks = [1 << (d - 1) if d else m for d, m in zip(position.solved, position.candidates)]
    return first + "," + "".join(write_number(mask << 1, 32, 2) for mask in masks)


def require_killer_9(puzzle: Puzzle, format_name: str) -> None:
    if puzzle.kind != "killer" or puzzle.size != 9:
        raise PuzzleStringError(f"{format_name} holds 9×9 killer sudoku, not a {puzzle.size}×{puzzle.size} {puzzle.kind}")
    if any(puzzle.givens):
        raise PuzzleStringError(f"{format_name} cannot hold givens")
