"""Puzzle strings in every SudokuWiki format, to and from (Puzzle, Position).

`decode` recognises the family by header or shape (docs/formats.md, section 1); `encode` writes
any format that can hold the puzzle. Every failure is a PuzzleStringError with a message a person
can act on.
"""
from __future__ import annotations

from ..model import KINDS, Position, Puzzle
from . import killer, sudoku, versioned
from .errors import PuzzleStringError, quoted
from .fields import ascii_upper
from .source import read_source

# Formats by name, with the kinds each can hold (versioned holds every kind).
HEADERLESS_WRITERS = {
    "digits": sudoku.encode_digits,
    "packed162": sudoku.encode_packed162,
    "jigmap": sudoku.encode_jigmap,
    "killer-a": killer.encode_version_a,
    "killer-2024": killer.encode_may_2024,
}
FORMATS = ("versioned",) + tuple(HEADERLESS_WRITERS)
SHAPE_KINDS = ("sudoku", "sudoku-x", "windoku")  # what an 81- or 162-character string can be
NEEDS_JIGMAP = PuzzleStringError("a jigsaw link needs jigmap= (81 region digits 1-9) to give its regions")


def decode(text: str, kind_hint: str | None = None, with_format: bool = False):
    """(Puzzle, Position), or (Puzzle, Position, format name) with `with_format`.

    `kind_hint` settles what a bare 81/162-character string is (Sudoku, X or Windoku) when the
    link's page name does not; SudokuWiki's page name wins over the hint.
    """
    if kind_hint is not None and kind_hint not in KINDS:
        raise PuzzleStringError(f"unknown kind {kind_hint!r} (one of {', '.join(KINDS)})")
    source = read_source(text)
    puzzle, position, fmt = decode_bd(source.bd, source.params, source.page_kind or kind_hint)
    return (puzzle, position, fmt) if with_format else (puzzle, position)


def decode_bd(bd: str, params: dict[str, str], kind: str | None) -> tuple[Puzzle, Position, str]:
    shape = params.get("shape")
    if "jigmap" in params:
        return (*sudoku.decode_jigmap(bd, params["jigmap"]), "jigmap")
    if shape and shape != "33":
        raise PuzzleStringError(
            f"shape={shape if shape.isascii() and shape.isdigit() and len(shape) < 6 else quoted(shape)} names one of SudokuWiki's built-in jigsaw layouts, which are not public; "
            "open the puzzle on SudokuWiki and share it with shape=33 and a jigmap= instead")
    if shape == "33":
        raise NEEDS_JIGMAP
    if "," in bd:
        first_length = len(bd.partition(",")[0])
        if first_length == 2 * sudoku.CELLS:
            return (*killer.decode_may_2024(bd), "killer-2024")
        if first_length == sudoku.CELLS:
            return (*killer.decode_version_a(bd), "killer-a")
        raise PuzzleStringError(
            f"a killer string with a comma has 81 (Version A) or 162 (May 2024) characters before it; "
            f"this one has {first_length}")
    # No version B/C string is 81 or 162 characters long, so those lengths settle the family.
    shape_kind = kind if kind in SHAPE_KINDS else "sudoku"
    if len(bd) in (sudoku.CELLS, 2 * sudoku.CELLS):
        if kind == "jigsaw":
            raise NEEDS_JIGMAP
        if len(bd) == sudoku.CELLS:
            return (*sudoku.decode_digits(bd, shape_kind), "digits")
        return (*sudoku.decode_packed162(bd, shape_kind), "packed162")
    if len(bd) >= 3 and bd[0].isalpha():  # any letter: read_header names a wrong one
        return versioned.decode(bd)
    if bd[0] in "0123456789.":
        raise PuzzleStringError(f"wrong length: a string of digits has 81 characters (or 162 packed); this one has {len(bd)}")
    raise PuzzleStringError(
        f"unrecognised puzzle string {quoted(bd, 12)}: expected a header such as L9B, S9B or K6C, "
        "81 digits, 162 packed characters, or a killer string with a comma")


def encode(puzzle: Puzzle, position: Position | None = None, fmt: str = "versioned") -> str:
    """The puzzle and progress in `fmt`: a format name or a version B/C header such as L9B."""
    position = position or Position.empty(puzzle.cell_count)
    if fmt in HEADERLESS_WRITERS:
        return HEADERLESS_WRITERS[fmt](puzzle, position)
    if fmt != "versioned":
        header = versioned.header_for(puzzle)
        if not isinstance(fmt, str) or ascii_upper(fmt) != header:
            raise PuzzleStringError(
                f"cannot write {quoted(str(fmt))}: a {puzzle.size}×{puzzle.size} {puzzle.kind} is written with header {header}; "
                f"formats: {', '.join(FORMATS)} or {header}")
    return versioned.encode(puzzle, position)


__all__ = ["decode", "encode", "PuzzleStringError", "FORMATS"]
