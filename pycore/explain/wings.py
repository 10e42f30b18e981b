"""Wings: XY-Wing, XYZ-Wing, WXYZ-Wing and W-Wing.

- XY-Wing: a pivot with candidates x/y sees two pincers x/z and y/z. Whatever the pivot holds, one
  pincer is z, so z leaves every cell that sees both pincers.
- XYZ-Wing: the pivot holds x/y/z and sees pincers x/z and y/z. One of the three cells is z, so z
  leaves every cell that sees all three.
- WXYZ-Wing: four cells, each seeing another of them, hold only four digits between them, and
  every digit but one (z) sits only in cells that all see each other, so it fills at most one of
  the four. Without z the other three digits would fill three cells at most, so one of the cells
  with z is z: z leaves every cell that sees all of those.
- W-Wing: two cells that are both x/y and do not see each other, and a strong link on x (a house
  with exactly two places for x) whose ends see one cell each. If neither cell were y both would
  be x, and the link would have no x left, so one of them is y: y leaves every cell seeing both.
"Sees" is `geometry.peers` throughout, and the link of a W-Wing may lie in any house, so regions,
diagonals and windows take part as rows and boxes do.
"""
from __future__ import annotations

from ..model import digit_name, digits_of, joined
from .board import Board, Step, digits_text, leaves_text
from .single_digit import conjugate_pairs


def cells_with(board: Board, count: int) -> list[int]:
    """Open cells with exactly `count` candidates, in cell order."""
    return [c for c in board.open_cells() if board.candidates[c].bit_count() == count]


def xy_wing(board: Board) -> Step | None:
    g = board.geometry
    cand = board.candidates
    bivalue = cells_with(board, 2)
    for pivot in bivalue:
        pincers = [c for c in bivalue if c in g.peers[pivot] and cand[c] != cand[pivot]
                   and (cand[c] & cand[pivot]).bit_count() == 1]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1:]:
                z = cand[a] & cand[b]
                if z.bit_count() != 1 or z & cand[pivot]:
                    continue
                if (cand[a] | cand[b]) & cand[pivot] != cand[pivot]:
                    continue
                digit = z.bit_length()
                eliminations = board.eliminations_of(digit, g.common_peers((a, b)))
                if eliminations:
                    return Step("xy-wing", f"XY-Wing with pivot {g.name(pivot)} "
                                f"({digits_text(cand[pivot])}) and pincers {g.name(a)} "
                                f"({digits_text(cand[a])}) and {g.name(b)} "
                                f"({digits_text(cand[b])}): one pincer is {digit_name(digit)}, so "
                                f"{leaves_text(g, eliminations)}",
                                eliminations=eliminations, cells=tuple(sorted((pivot, a, b))),
                                pattern=wing_pattern(board, (pivot, a, b), z))
    return None


def wing_pattern(board: Board, cells, z: int):
    """The wing's digits, the one it eliminates (`z`, a mask) in the second colour."""
    return tuple(sorted(board.pattern_of(~z, cells) + board.pattern_of(z, cells, 1)))


def xyz_wing(board: Board) -> Step | None:
    g = board.geometry
    cand = board.candidates
    bivalue = cells_with(board, 2)
    for pivot in cells_with(board, 3):
        pincers = [c for c in bivalue if c in g.peers[pivot] and cand[c] & ~cand[pivot] == 0]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1:]:
                z = cand[a] & cand[b]
                if z.bit_count() != 1 or cand[a] | cand[b] != cand[pivot]:
                    continue
                digit = z.bit_length()
                eliminations = board.eliminations_of(digit, g.common_peers((pivot, a, b)))
                if eliminations:
                    return Step("xyz-wing", f"XYZ-Wing with pivot {g.name(pivot)} "
                                f"({digits_text(cand[pivot])}) and pincers {g.name(a)} "
                                f"({digits_text(cand[a])}) and {g.name(b)} "
                                f"({digits_text(cand[b])}): one of the three is "
                                f"{digit_name(digit)}, so "
                                f"{leaves_text(g, eliminations)}",
                                eliminations=eliminations, cells=tuple(sorted((pivot, a, b))),
                                pattern=wing_pattern(board, (pivot, a, b), z))
    return None


def wxyz_wing(board: Board) -> Step | None:
    g = board.geometry
    cand = board.candidates
    cells = [c for c in board.open_cells() if 2 <= cand[c].bit_count() <= 4]

    def wings(chosen: list[int], union: int, start: int):
        if len(chosen) == 4:
            yield chosen, union
            return
        for k in range(start, len(cells)):
            c = cells[k]
            together = union | cand[c]
            if together.bit_count() <= 4 and (not chosen or any(g.sees(c, o) for o in chosen)):
                yield from wings(chosen + [c], together, k + 1)

    for wing, union in wings([], 0, 0):
        if union.bit_count() != 4:
            continue
        loose = [d for d in digits_of(union)
                 if not all(g.sees(a, b) for a in wing for b in wing
                            if a < b and board.has(a, d) and board.has(b, d))]
        if len(loose) != 1:
            continue   # none: a naked quad's cells, or a broken position; two or more: no wing
        z = loose[0]
        holders = [c for c in wing if board.has(c, z)]
        eliminations = board.eliminations_of(z, g.common_peers(holders))
        if eliminations:
            others = [digit_name(d) for d in digits_of(union) if d != z]
            return Step("wxyz-wing", "WXYZ-Wing: "
                        + ", ".join(f"{g.name(c)} ({digits_text(cand[c])})" for c in wing)
                        + f" hold only {digits_text(union)} between them, and {joined(others)} "
                        f"can each fill only one of them (their cells see each other), so one is "
                        f"{digit_name(z)}: {leaves_text(g, eliminations)}",
                        eliminations=eliminations, cells=tuple(wing),
                        pattern=wing_pattern(board, wing, 1 << (z - 1)))
    return None


def w_wing(board: Board) -> Step | None:
    g = board.geometry
    cand = board.candidates
    bivalue = cells_with(board, 2)
    links: dict[int, list] = {}
    for i, a in enumerate(bivalue):
        for b in bivalue[i + 1:]:
            if cand[a] != cand[b] or g.sees(a, b):
                continue
            for x in digits_of(cand[a]):
                if x not in links:
                    links[x] = conjugate_pairs(board, x, range(len(g.houses)))
                y = (cand[a] & ~(1 << (x - 1))).bit_length()
                for house, c1, c2 in links[x]:
                    if {c1, c2} & {a, b}:
                        continue
                    if not g.sees(c1, a) or not g.sees(c2, b):
                        c1, c2 = c2, c1   # c1 is then the end that sees a
                    if not (g.sees(c1, a) and g.sees(c2, b)):
                        continue
                    eliminations = board.eliminations_of(y, g.common_peers((a, b)))
                    if eliminations:
                        return Step("w-wing", f"W-Wing: {g.name(a)} and {g.name(b)} are both "
                                    f"{digits_text(cand[a])} and the {digit_name(x)}s of "
                                    f"{g.houses[house].name} ({g.names((c1, c2))}) see one "
                                    f"each, so one of them is {digit_name(y)}: "
                                    f"{leaves_text(g, eliminations)}",
                                    eliminations=eliminations,
                                    cells=tuple(sorted((a, b, c1, c2))), units=(house,),
                                    **w_chain(a, b, c1, c2, x, y))
    return None


def w_chain(a: int, b: int, c1: int, c2: int, x: int, y: int) -> dict:
    """A W-Wing drawn as the chain it is: (y=x)a - (x)c1 = (x)c2 - (x=y)b."""
    nodes = ((a, y), (a, x), (c1, x), (c2, x), (b, x), (b, y))
    return {"pattern": tuple(sorted((cell, digit, i % 2) for i, (cell, digit) in enumerate(nodes))),
            "links": tuple(((p,), d, (q,), e, i % 2 == 0)
                           for i, ((p, d), (q, e)) in enumerate(zip(nodes, nodes[1:])))}


STRATEGIES = {
    "xy-wing": xy_wing,
    "xyz-wing": xyz_wing,
    "wxyz-wing": wxyz_wing,
    "w-wing": w_wing,
}
