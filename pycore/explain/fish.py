"""Fish: X-Wing, Swordfish, Jellyfish and their finned (and sashimi) forms.

A basic fish of size k on digit d: k base lines (rows, or columns) whose places for d all lie in
k cover lines (columns, or rows). The k copies of d in the base lines fill the cover lines, so d
leaves every other cell of the cover lines. Only rows and columns are used, and every kind has
those, so the logic holds for jigsaw, X, Windoku and the caged kinds alike.

A finned fish has extra places in the base lines (the fins) outside the cover lines. Either a fin
holds d, or the fish is basic; a cell of the cover lines outside the base lines that sees every
fin loses d in both cases. "Sees" is `geometry.peers`, so any house (a region, a diagonal, a
window) can carry the fins. A sashimi fish has a base line with a single place in the cover
lines (without its fins it would not be a fish at all): the argument is the same, d is in a fin
or else in the cover lines, so the finned slugs find it and the text names it sashimi.
"""
from __future__ import annotations

from functools import lru_cache

from ..model import digit_name, joined, row_name
from .board import Board, Step, leaves_text

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
SLUGS = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}


def line_masks(board: Board, digit: int, rows: bool) -> list[int]:
    """For each base line, a mask of the cover lines where `digit` is still a candidate."""
    n = board.size
    bit = 1 << (digit - 1)
    cand = board.candidates
    masks = []
    for base in range(n):
        mask = 0
        for cover in range(n):
            if cand[base * n + cover if rows else cover * n + base] & bit:
                mask |= 1 << cover
        masks.append(mask)
    return masks


def base_sets(masks: list[int], k: int, width: int):
    """Every k base lines (ascending) with at least two places each, whose places together span
    at most `width` cover lines, with that span."""
    usable = [b for b, m in enumerate(masks) if 2 <= m.bit_count() <= width]

    def grow(start: int, chosen: tuple, union: int):
        if len(chosen) == k:
            yield chosen, union
            return
        for i in range(start, len(usable) - (k - len(chosen)) + 1):
            wider = union | masks[usable[i]]
            if wider.bit_count() <= width:
                yield from grow(i + 1, chosen + (usable[i],), wider)
    return grow(0, (), 0)


@lru_cache(maxsize=4096)
def bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def cover_sets(union: int, k: int):
    """Every k of the lines in `union`, as masks, in ascending order."""
    lines = bits(union)

    def grow(start: int, chosen: int, left: int):
        if not left:
            yield chosen
            return
        for i in range(start, len(lines) - left + 1):
            yield from grow(i + 1, chosen | 1 << lines[i], left - 1)
    return grow(0, 0, k)


def lines_text(indices, rows: bool, size: int) -> str:
    names = [row_name(i, size) if rows else str(i + 1) for i in indices]
    return ("rows " if rows else "columns ") + joined(names)


def fish_eliminations(board: Board, digit: int, rows: bool, base, cover: int):
    """d in the cover lines outside the base lines."""
    n = board.size
    bit = 1 << (digit - 1)
    cand = board.candidates
    found = []
    for line in range(n):
        if line in base:
            continue
        for c in bits(cover):
            cell = line * n + c if rows else c * n + line
            if cand[cell] & bit:
                found.append((cell, digit))
    return tuple(sorted(found))


def finned_eliminations(board: Board, digit: int, rows: bool, base, cover: int, fins):
    """d in the cells of the cover lines outside the base lines that see every fin."""
    n = board.size
    bit = 1 << (digit - 1)
    cand = board.candidates
    found = []
    for cell in board.geometry.common_peers(fins):
        row, column = divmod(cell, n)
        line, across = (row, column) if rows else (column, row)
        if cover >> across & 1 and line not in base and cand[cell] & bit:
            found.append((cell, digit))
    return tuple(sorted(found))


def fish_step(board: Board, slug: str, title: str, digit: int, rows: bool, base, cover: int,
              fins, eliminations) -> Step:
    g = board.geometry
    n = board.size
    cells = sorted(b * n + c if rows else c * n + b for b in base
                   for c in range(n) if board.has(b * n + c if rows else c * n + b, digit))
    covered = lines_text(bits(cover), not rows, n)
    if fins:
        covered += f", fin{'s' if len(fins) > 1 else ''} {g.names(fins)}"
    units = tuple(b if rows else n + b for b in base) + tuple(
        n + c if rows else c for c in bits(cover))
    if fins and any(sum(board.has(b * n + c if rows else c * n + b, digit) for c in bits(cover)) < 2
                    for b in base):
        title = title.replace("Finned", "Sashimi")
    return Step(slug, f"{title} on {digit_name(digit)} in {lines_text(base, rows, n)} ({covered}): "
                f"{leaves_text(g, eliminations)}",
                eliminations=eliminations, cells=tuple(cells), units=units,
                pattern=tuple((c, digit, int(c in fins)) for c in cells))


def basic_fish(board: Board, k: int) -> Step | None:
    for digit in range(1, board.size + 1):
        for rows in (True, False):
            masks = line_masks(board, digit, rows)
            for base, cover in base_sets(masks, k, k):
                if cover.bit_count() != k:
                    continue   # fewer cover lines than base lines: a broken position
                eliminations = fish_eliminations(board, digit, rows, base, cover)
                if eliminations:
                    return fish_step(board, SLUGS[k], NAMES[k], digit, rows, base, cover, (),
                                     eliminations)
    return None


def fin_spread(board: Board) -> int:
    """How many lines beyond the cover the fins may spread over: a box of a 9×9 spans three
    columns, one of them a cover line, so two. Wider houses (jigsaw regions, diagonals) could
    carry fins further; they are left out to keep the search small."""
    return max(2, round(board.size ** 0.5) - 1)


def finned_fish(board: Board, k: int) -> Step | None:
    n = board.size
    spread = fin_spread(board)
    for digit in range(1, n + 1):
        for rows in (True, False):
            masks = line_masks(board, digit, rows)
            for base, union in base_sets(masks, k, k + spread):
                if union.bit_count() <= k:
                    continue   # no room for a fin: a basic fish
                for cover in cover_sets(union, k):
                    if any(not masks[b] & cover for b in base):
                        continue
                    fins = [b * n + c if rows else c * n + b for b in base
                            for c in bits(masks[b] & ~cover)]
                    eliminations = finned_eliminations(board, digit, rows, base, cover, fins)
                    if eliminations:
                        return fish_step(board, f"finned-{SLUGS[k]}", f"Finned {NAMES[k]}",
                                         digit, rows, base, cover, fins, eliminations)
    return None


def x_wing(board: Board) -> Step | None:
    return basic_fish(board, 2)


def swordfish(board: Board) -> Step | None:
    return basic_fish(board, 3)


def jellyfish(board: Board) -> Step | None:
    return basic_fish(board, 4)


def finned_x_wing(board: Board) -> Step | None:
    return finned_fish(board, 2)


def finned_swordfish(board: Board) -> Step | None:
    return finned_fish(board, 3)


def finned_jellyfish(board: Board) -> Step | None:
    return finned_fish(board, 4)


STRATEGIES = {
    "x-wing": x_wing,
    "swordfish": swordfish,
    "jellyfish": jellyfish,
    "finned-x-wing": finned_x_wing,
    "finned-swordfish": finned_swordfish,
    "finned-jellyfish": finned_jellyfish,
}
