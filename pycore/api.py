"""JSON-shaped views of the core, shared by the command line and the web page's glue.

Every function takes and returns plain data (str, list, dict) so that JavaScript can call it
through Pyodide without knowing any Python class. Errors come back as {"error": message}; no
exception escapes for bad input.
"""
from __future__ import annotations

from .codec import PuzzleStringError, decode, encode
from .model import Position, Puzzle, digits_of, progress_notation


def describe(puzzle: Puzzle, position: Position, fmt: str) -> dict:
    """The `decode` contract of design.md, plus what a renderer needs (box shape, region per
    cell, diagonals/windows)."""
    return {
        "kind": puzzle.kind,
        "size": puzzle.size,
        "format": fmt,
        "givens": list(puzzle.givens),
        "regions": list(puzzle.regions) if puzzle.regions is not None else None,
        "cages": [{"cells": list(c.cells), "total": c.total, "op": c.op} for c in puzzle.cages],
        "progress": progress_notation(puzzle, position),
        "box_shape": list(puzzle.box_shape) if puzzle.box_shape else None,
        "region_of": list(puzzle.region_of) if puzzle.region_of is not None else None,
        "extra_units": [list(u) for u in puzzle.extra_units],
    }


def decode_view(text: str, kind_hint: str | None = None) -> dict:
    try:
        puzzle, position, fmt = decode(text, kind_hint=kind_hint, with_format=True)
    except PuzzleStringError as error:
        return {"error": str(error)}
    return describe(puzzle, position, fmt)


def position_from_progress(puzzle: Puzzle, progress: list[str]) -> Position:
    """Reads the per-cell notation back (`.`, `gD`, `sD`, `cDDD`); givens come from the puzzle."""
    if len(progress) != puzzle.cell_count:
        raise PuzzleStringError(f"progress has {len(progress)} cells, the puzzle {puzzle.cell_count}")
    solved, candidates = [], []
    for cell, note in enumerate(progress):
        kind, digits = note[:1], [int(ch, 36) for ch in note[1:]]
        if any(not 1 <= d <= puzzle.size for d in digits):
            raise PuzzleStringError(f"cell {cell + 1}: digit out of range in {note!r}")
        if kind == "s" and len(digits) == 1:
            solved.append(digits[0]); candidates.append(0)
        elif kind == "c" and digits:
            solved.append(0); candidates.append(sum(1 << (d - 1) for d in set(digits)))
        elif kind in (".", "g"):
            solved.append(0); candidates.append(0)
        else:
            raise PuzzleStringError(f"cell {cell + 1}: cannot read progress {note!r}")
    return Position(tuple(solved), tuple(candidates))


def share(text: str, progress: list[str], fmt: str | None = None) -> dict:
    """Re-encodes the puzzle of `text` with the player's current `progress`.

    Returns {"bd": string} or {"error": message}. `fmt` defaults to the version B/C header.
    """
    try:
        puzzle, _ = decode(text)
        position = position_from_progress(puzzle, progress)
        return {"bd": encode(puzzle, position, fmt or "versioned")}
    except PuzzleStringError as error:
        return {"error": str(error)}


__all__ = ["describe", "decode_view", "share", "position_from_progress", "digits_of"]
