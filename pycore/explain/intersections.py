"""Intersections: a digit confined to where two houses overlap.

When every place for a digit in house A lies inside house B, B's copy of the digit is in A too,
so the digit leaves the rest of B. SudokuWiki calls it pointing when A is a box (here also a
jigsaw region, an X diagonal or a Windoku window) and box/line reduction when A is a row or a
column (B is then a box, region or window: two lines share at most one cell).
"""
from __future__ import annotations

from ..model import digit_name
from .board import Board, Step, leaves_text
from .links import bits, live_candidates, shape_of


def confinement(board: Board, lines: bool, slug: str) -> Step | None:
    """The first house A (lines or not, as asked), digit and house B with d's places in A all
    inside B and d still somewhere else in B."""
    g = board.geometry
    shape = shape_of(g)
    n = shape.cell_count
    live = live_candidates(board)
    for a, house in enumerate(g.houses):
        if house.is_line != lines:
            continue
        inside = shape.house_mask[a]
        for digit in range(1, g.size + 1):
            bit = 1 << (digit - 1)
            where = live >> ((digit - 1) * n) & shape.cell_mask   # the digit's places, a mask
            here = where & inside
            # One place is a hidden single, a step of its own.
            if not here & (here - 1):
                continue
            # B holds every place, the lowest among them too (its houses are few)
            for b in sorted(set(g.houses_of[(here & -here).bit_length() - 1]) - {a}):
                if here & ~shape.house_mask[b]:
                    continue   # not every place of A is in B
                outside = list(bits(where & shape.house_mask[b] & ~inside))
                if not outside:
                    continue
                places = board.places(digit, house.cells)
                eliminations = tuple((c, digit) for c in outside)
                lead = "Pointing" if slug == "pointing" else "Box/line reduction"
                return Step(slug, f"{lead}: in {house.name}, {digit_name(digit)} can only be in "
                            f"{g.names(places)}, all in {g.houses[b].name}, so "
                            f"{leaves_text(g, eliminations)}",
                            eliminations=eliminations, cells=tuple(places), units=(a, b),
                            pattern=board.pattern_of(bit, places))
    return None


def pointing(board: Board) -> Step | None:
    return confinement(board, lines=False, slug="pointing")


def box_line_reduction(board: Board) -> Step | None:
    return confinement(board, lines=True, slug="box-line-reduction")


STRATEGIES = {
    "pointing": pointing,
    "box-line-reduction": box_line_reduction,
}
