"""Single-digit patterns built from conjugate pairs: skyscraper, two-string kite, empty rectangle.

A conjugate pair (a strong link) on digit d is a house where d has exactly two places: one of the
two holds d. Two strong links whose near ends (the bases) see each other make a short chain: the
bases cannot both be d, so at least one far end (an end) is d, and every cell that sees both ends
loses d. "Sees" is `geometry.peers`, so a region, an X diagonal or a Windoku window joins cells
exactly as a row or box does, and the eliminations stay sound in every kind.

- Skyscraper: the two links lie in parallel lines (two rows or two columns) and the bases share
  the crossing line; ends in one crossing line too would be an X-Wing, which is left to the fish.
- Two-string kite: one link in a row, the other in a column. A row cell and a column cell outside
  each other's line can only meet in a house that is not a line, so the bases share a box, a
  jigsaw region, a diagonal or a window.
- Empty rectangle: in a box-like house (box, jigsaw region, window) the places of d all lie in
  one row R or one column C (and not all in one of them), so d of that house is in R or in C.
  A strong link p=q in any house, with p in R outside the house and q off R: if a target t of
  column C outside the house were d, the house's d would be in R, so p is not d, so q is, and t
  must not see q. The classic target is q's row in column C; a region, diagonal or window that
  joins q to column C adds more. This uses only "same row" and "same column", never the box's
  shape, so it holds for jigsaw regions (R and C need not even cross inside the region).
  The same with rows and columns swapped.
- Dual two-string kite and dual empty rectangle (HoDoKu's): two kites through the same box, or two
  empty rectangles of the same box, on one digit, each removing something the other does not:
  said and removed as one step (each holds alone), the first one drawn.
- Multi-colouring (SudokuWiki's; HoDoKu's multi-colors 1 and 2): two clusters of conjugate pairs
  on d, each coloured in two colours as simple colouring does, so in each cluster one colour is
  all d and the other none. When a cell of colour x sees cells of both colours of the other
  cluster, x being d would leave that cluster no true colour: x is false, d leaves its cells
  (the wrap). When a cell of colour x sees one of colour y of the other cluster, x and y are not
  both true, so x' or y' (their opposites) is: a cell that sees both x' and y' loses d (the trap).
"""
from __future__ import annotations

from ..model import digit_name
from .board import Board, Step, leaves_text
from .chains import colour_clusters, conjugate_pairs as conjugate_places
from .links import bits, live_candidates, shape_of

BOX_LIKE = ("box", "region", "window")


def conjugate_pairs(board: Board, digit: int, house_indices) -> list[tuple[int, int, int]]:
    """(house index, cell, cell) for every listed house where `digit` has exactly two places."""
    houses = board.geometry.houses
    pairs = []
    for index in house_indices:
        places = board.places(digit, houses[index].cells)
        if len(places) == 2:
            pairs.append((index, places[0], places[1]))
    return pairs


def both_ways(link):
    """A link's (base, end) orders."""
    _, a, b = link
    return ((a, b), (b, a))


def chain_step(board: Board, slug: str, title: str, digit: int, first, second, bases, ends,
               joint: int) -> Step | None:
    """The step of two strong links whose bases see each other (through house `joint`): d leaves
    every cell that sees both ends, apart from the pattern's own cells."""
    g = board.geometry
    pattern = set(bases) | set(ends)
    eliminations = board.eliminations_of(digit, g.common_peers(ends) - pattern)
    if not eliminations:
        return None
    houses = g.houses
    (base1, base2), (end1, end2) = bases, ends
    nodes = (end1, base1, base2, end2)   # end1 = base1 - base2 = end2
    return Step(slug, f"{title} on {digit_name(digit)} in {houses[first].name} and "
                      f"{houses[second].name} "
                f"(bases {g.names(bases)} in {houses[joint].name}): one of {g.names(ends)} holds a "
                f"{digit_name(digit)}, so {leaves_text(g, eliminations)}",
                eliminations=eliminations, cells=tuple(sorted(pattern)),
                units=(first, second, joint),
                pattern=tuple((cell, digit, i % 2) for i, cell in enumerate(nodes)),
                links=tuple(((a,), digit, (b,), digit, i != 1)
                            for i, (a, b) in enumerate(zip(nodes, nodes[1:]))))


def skyscraper(board: Board) -> Step | None:
    g = board.geometry
    n = board.size
    for digit in range(1, n + 1):
        for rows in (True, False):
            lines = range(n) if rows else range(n, 2 * n)
            across = g.column if rows else g.row
            crossing_offset = n if rows else 0
            links = conjugate_pairs(board, digit, lines)
            for i, first in enumerate(links):
                for second in links[i + 1:]:
                    for base1, end1 in both_ways(first):
                        for base2, end2 in both_ways(second):
                            if across(base1) != across(base2) or across(end1) == across(end2):
                                continue
                            step = chain_step(board, "skyscraper", "Skyscraper", digit,
                                              first[0], second[0], (base1, base2), (end1, end2),
                                              crossing_offset + across(base1))
                            if step:
                                return step
    return None


def two_string_kite(board: Board) -> Step | None:
    first = None
    for step in kites(board):
        if first is None:
            first = step
        elif step.units[2] == first.units[2] and set(step.eliminations) - set(first.eliminations):
            return dual(board, "Dual two-string kite", first, step)
        elif first.eliminations[0][1] != step.eliminations[0][1]:
            break   # the next digit: no second kite on the first one's
    return first


def dual(board: Board, title: str, first: Step, second: Step) -> Step:
    """Two patterns of one digit through one house as one step: both sets of eliminations, the
    first pattern drawn."""
    house = board.geometry.houses[first.units[2] if first.strategy == "two-string-kite"
                                  else first.units[0]]
    return Step(first.strategy, f"{title} through {house.name}: {first.text}; and "
                f"{second.text[0].lower()}{second.text[1:]}",
                eliminations=tuple(sorted(set(first.eliminations) | set(second.eliminations))),
                cells=tuple(sorted(set(first.cells) | set(second.cells))),
                units=tuple(dict.fromkeys(first.units + second.units)),
                pattern=first.pattern, links=first.links)


def kites(board: Board):
    """Every two-string kite that removes something, digit by digit."""
    g = board.geometry
    n = board.size
    for digit in range(1, n + 1):
        row_links = conjugate_pairs(board, digit, range(n))
        column_links = conjugate_pairs(board, digit, range(n, 2 * n))
        for row_link in row_links:
            for column_link in column_links:
                for base1, end1 in both_ways(row_link):
                    for base2, end2 in both_ways(column_link):
                        if len({base1, end1, base2, end2}) < 4 or not g.sees(base1, base2):
                            continue
                        joint = min(set(g.houses_of[base1]) & set(g.houses_of[base2]))
                        step = chain_step(board, "two-string-kite", "Two-string kite", digit,
                                          row_link[0], column_link[0], (base1, base2),
                                          (end1, end2), joint)
                        if step:
                            yield step


def empty_rectangle(board: Board) -> Step | None:
    g = board.geometry
    n = board.size
    for digit in range(1, n + 1):
        links = None   # the digit's conjugate pairs, listed when a box first needs them
        for box_index, box in enumerate(g.houses):
            if box.kind not in BOX_LIKE:
                continue
            places = board.places(digit, box.cells)
            at = [divmod(p, n) for p in places]   # each place's (row, column)
            rows = sorted({r for r, _ in at})
            columns = sorted({c for _, c in at})
            if len(rows) < 2 or len(columns) < 2:
                continue   # none, one place, or all in one line (pointing's business)
            found = None
            for r in rows:
                # the places off row r must all be in one column c
                off_row = {c for row, c in at if row != r}
                if len(off_row) != 1:
                    continue
                for c in columns:
                    if c not in off_row:
                        continue
                    if links is None:
                        links = conjugate_pairs(board, digit, range(len(g.houses)))
                    for step in hinge_steps(board, digit, box_index, places, r, c, links):
                        if found is None:
                            found = step
                        elif set(step.eliminations) - set(found.eliminations):
                            return dual(board, "Dual empty rectangle", found, step)
            if found:
                return found
    return None


def hinge_steps(board: Board, digit: int, box_index: int, places, r: int, c: int, links):
    """The empty rectangle of `box_index` (d only in row r and column c there) against a strong
    link p=q outside it. With p in row r: were a cell t of column c (outside the house) d, the
    house's d would be in row r, so not p, so q; t loses d when it sees q. Likewise with p in
    column c and t in row r."""
    g = board.geometry
    box = g.houses[box_index]
    inside = set(box.cells)
    in_row = [x for x in places if g.row(x) == r]
    in_column = [x for x in places if g.column(x) == c]
    for link in links:
        for p, q in both_ways(link):
            if p in inside:
                continue
            if g.row(p) == r and g.column(p) != c and g.row(q) != r:
                line = g.columns[c]
                # the house's d is in column c, or else in row r: (d)column = (d)row - p = q
                far, near = in_column, [x for x in in_row if g.column(x) != c]
            elif g.column(p) == c and g.row(p) != r and g.column(q) != c:
                line = g.rows[r]
                far, near = in_row, [x for x in in_column if g.row(x) != r]
            else:
                continue
            targets = [t for t in line.cells if t not in inside and t != q and g.sees(t, q)]
            eliminations = board.eliminations_of(digit, targets)
            if eliminations:
                yield Step("empty-rectangle",
                           f"Empty rectangle on {digit_name(digit)} in {box.name} "
                           f"({digit_name(digit)} only in "
                           f"{g.rows[r].name} and {g.columns[c].name} there) with the pair "
                           f"{g.names((p, q))} in {g.houses[link[0]].name}: "
                           f"{leaves_text(g, eliminations)}",
                           eliminations=eliminations, cells=tuple(sorted(set(places) | {p, q})),
                           units=(box_index, r, g.size + c, link[0]),
                           pattern=tuple(sorted((x, digit, i % 2) for i, group in
                                                enumerate((far, near, (p,), (q,)))
                                                for x in group)),
                           links=(
                               (tuple(far), digit, tuple(near), digit, True),
                               (tuple(near), digit, (p,), digit, False),
                               ((p,), digit, (q,), digit, True)))
    return None


def multi_colouring(board: Board) -> Step | None:
    g = board.geometry
    shape = shape_of(g)
    live = live_candidates(board)
    for digit in range(1, board.size + 1):
        places = live >> ((digit - 1) * shape.cell_count) & shape.cell_mask
        pairs = conjugate_places(places, shape)
        clusters = list(colour_clusters(pairs))
        for first in clusters:
            for second in clusters:
                if first is second:
                    continue
                step = (colour_wrap(board, shape, digit, pairs, first, second)
                        or colour_trap(board, shape, digit, pairs, places, first, second))
                if step:
                    return step
    return None


def seen_by(shape, cells) -> int:
    """The mask of cells that see some cell of `cells`."""
    mask = 0
    for cell in cells:
        mask |= shape.peer_mask[cell]
    return mask


def seeing(shape, cells, others):
    """A cell of `cells` that sees a cell of `others`, with that cell, or None."""
    mask = sum(1 << c for c in others)
    return next(((a, next(bits(shape.peer_mask[a] & mask))) for a in cells
                 if shape.peer_mask[a] & mask), None)


def colours_step(board: Board, digit: int, pairs, clusters, text: str, eliminations) -> Step:
    """The two clusters drawn as simple colouring draws one: each cluster's first colour blue,
    its conjugate pairs as strong links."""
    g = board.geometry
    nodes = sorted(c for colours in clusters for colour in colours for c in colour)
    return Step("multi-colouring", text, eliminations=eliminations, cells=tuple(nodes),
                units=tuple(sorted({pairs[a][b] for a in nodes for b in pairs[a]})),
                pattern=tuple(sorted((c, digit, i) for colours in clusters
                                     for i, colour in enumerate(colours) for c in colour)),
                links=tuple(((a,), digit, (b,), digit, True)
                            for a in nodes for b in sorted(pairs[a]) if a < b))


def colour_wrap(board: Board, shape, digit: int, pairs, first, second) -> Step | None:
    """A colour of `first` that sees both colours of `second` is false."""
    g = board.geometry
    for i, colour in enumerate(first):
        meets = [seeing(shape, colour, other) for other in second]
        if not all(meets):
            continue
        (a, b), (c, e) = meets
        eliminations = board.eliminations_of(digit, colour)
        d = digit_name(digit)
        return colours_step(
            board, digit, pairs, ((colour, first[1 - i]), second),
            f"Multi-colouring on {d} (colour wrap): {g.names(second[0])} or else "
            f"{g.names(second[1])} holds {d}, yet {g.name(a)} sees {g.name(b)} and "
            f"{g.name(c)} sees {g.name(e)}: were {g.names(colour)} {d}, neither could, so "
            f"{leaves_text(g, eliminations)}", eliminations)
    return None


def colour_trap(board: Board, shape, digit: int, pairs, places: int, first, second) -> Step | None:
    """A colour x of `first` seeing a colour y of `second`: x' or y' is true; cells seeing both
    lose the digit."""
    g = board.geometry
    for i, x in enumerate(first):
        for j, y in enumerate(second):
            meet = seeing(shape, x, y)
            if not meet:
                continue
            x_other, y_other = first[1 - i], second[1 - j]
            trapped = places & seen_by(shape, x_other) & seen_by(shape, y_other)
            trapped &= ~sum(1 << c for c in x_other + y_other)
            eliminations = board.eliminations_of(digit, list(bits(trapped)))
            if not eliminations:
                continue
            d = digit_name(digit)
            return colours_step(
                board, digit, pairs, ((x_other, x), (y_other, y)),
                f"Multi-colouring on {d} (colour trap): {g.name(meet[0])} sees "
                f"{g.name(meet[1])}, so {g.names(x)} and {g.names(y)} are not all {d}, and "
                f"{d} is in all of {g.names(x_other)} or all of {g.names(y_other)}: "
                f"{leaves_text(g, eliminations)}", eliminations)
    return None


STRATEGIES = {
    "skyscraper": skyscraper,
    "two-string-kite": two_string_kite,
    "empty-rectangle": empty_rectangle,
    "multi-colouring": multi_colouring,
}
