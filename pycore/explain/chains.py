"""Chains: simple colouring, X-Chain, XY-Chain and alternating inference chains (AIC).

All rest on the links of links.py. The chain strategies search breadth first, so the step shown
is a shortest chain that eliminates something; the length caps keep a scan within tens of ms.
"""
from __future__ import annotations

from ..model import digit_name
from .board import Board, Step, leaves_text
from .links import LinkGraph, Shape, bits, live_candidates, shape_of

# longest chains tried, in strong links (a chain of k strong links has 2k nodes)
MAX_X_CHAIN = 8
MAX_XY_CHAIN = 8
MAX_AIC = 8


# --- simple colouring -------------------------------------------------------------------------

def conjugate_pairs(places: int, shape: Shape) -> dict[int, dict[int, int]]:
    """cell → {other cell: house} for every house where a digit (its `places`, a cell mask)
    has exactly two places."""
    pairs: dict[int, dict[int, int]] = {}
    for index, house_mask in enumerate(shape.house_mask):
        here = places & house_mask
        rest = here & (here - 1)
        if rest and not rest & (rest - 1):
            a, b = bits(here)
            pairs.setdefault(a, {}).setdefault(b, index)
            pairs.setdefault(b, {}).setdefault(a, index)
    return pairs


def colour_clusters(links: dict):
    """Each cluster of nodes (cells, or (cell, digit) candidates) joined by strong links
    (`links`: node → {node it is linked to: …}), as two lists, the nodes of one colour and of the
    other: one colour is all true, the other all false."""
    coloured: dict = {}
    for first in sorted(links):
        if first in coloured:
            continue
        coloured[first] = 0
        colours = ([first], [])
        queue = [first]
        for node in queue:
            for other in sorted(links[node]):
                if other not in coloured:
                    coloured[other] = 1 - coloured[node]
                    colours[coloured[other]].append(other)
                    queue.append(other)
        yield colours


def simple_colouring(board: Board) -> Step | None:
    """Colour wrap: two cells of one colour see each other, so that colour is false.
    Colour trap: a cell outside the cluster that sees both colours cannot hold the digit."""
    g = board.geometry
    shape = shape_of(g)
    live = live_candidates(board)
    for digit in range(1, board.size + 1):
        places = live >> ((digit - 1) * shape.cell_count) & shape.cell_mask
        pairs = conjugate_pairs(places, shape)
        for colours in colour_clusters(pairs):
            cluster = sorted(colours[0] + colours[1])
            if len(cluster) < 3:
                continue   # one pair: a box/line interaction, not a chain
            units = tuple(sorted({pairs[a][b] for a in cluster for b in pairs[a]}))
            masks = [sum(1 << c for c in colour) for colour in colours]
            drawn = {"pattern": tuple(sorted((c, digit, i) for i, colour in enumerate(colours)
                                             for c in colour)),
                     "links": tuple(((a,), digit, (b,), digit, True)
                                    for a in cluster for b in sorted(pairs[a]) if a < b)}
            for colour, mask in zip(colours, masks):
                clash = next(((a, b) for a in colour for b in bits(shape.peer_mask[a] & mask)),
                             None)
                if clash:
                    a, b = clash
                    house = next(h for h in g.houses_of[a] if b in g.houses[h].cells)
                    return Step("simple-colouring",
                                f"Simple colouring on {digit_name(digit)} (colour wrap): "
                                f"{g.name(a)} and "
                                f"{g.name(b)} have the same colour and share "
                                f"{g.houses[house].name}, so that colour is false and "
                                f"{digit_name(digit)} "
                                f"leaves {g.names(colour)}",
                                eliminations=board.eliminations_of(digit, colour),
                                cells=tuple(cluster), units=units, **drawn)
            seen = [0, 0]
            for i, colour in enumerate(colours):
                for cell in colour:
                    seen[i] |= shape.peer_mask[cell]
            trapped = list(bits(places & seen[0] & seen[1] & ~masks[0] & ~masks[1]))
            if trapped:
                return Step("simple-colouring",
                            f"Simple colouring on {digit_name(digit)} (colour trap): "
                            f"{digit_name(digit)} is in all of "
                            f"{g.names(colours[0])} or all of {g.names(colours[1])}, so "
                            f"{g.names(trapped)}, seeing both colours, "
                            f"{'loses' if len(trapped) == 1 else 'lose'} {digit_name(digit)}",
                            eliminations=board.eliminations_of(digit, trapped),
                            cells=tuple(cluster), units=units, **drawn)
    return None


# --- 3D Medusa -----------------------------------------------------------------------------------

def strong_links(board: Board) -> dict[tuple[int, int], dict]:
    """(cell, digit) → {(cell, digit) it is strongly linked to: the house of a conjugate pair, or
    None inside a bivalue cell}, from the chains' link graph."""
    graph = LinkGraph(board, conjugates=True, bivalue=True)
    key = [(node.cells.bit_length() - 1, node.digit) for node in graph.nodes]
    return {key[i]: {key[j]: house for j, house in links.items()}
            for i, links in enumerate(graph.strong)}


def medusa(board: Board) -> Step | None:
    """SudokuWiki's 3D Medusa: simple colouring over every digit at once, through bivalue cells
    as well as conjugate pairs. One colour is all true, the other all false. A colour is false
    when two of its candidates share a cell, or one digit of it appears twice in a house, or it
    would empty a cell (every candidate of an uncoloured cell sees its digit in that colour).
    Else: a cell holding both colours keeps only them; a candidate seeing its digit in both
    colours goes, and so does one seeing its digit in one colour while its cell holds the other."""
    g = board.geometry
    shape = shape_of(g)
    n = shape.cell_count
    links = strong_links(board)
    live = live_candidates(board)
    # each digit's places on the board, as cell masks; the cells with a candidate left
    where_digit = {d: live >> ((d - 1) * n) & shape.cell_mask for d in range(1, board.size + 1)}
    with_candidates = sum(1 << c for c, mask in enumerate(board.candidates) if mask)
    for colours in colour_clusters(links):
        nodes = colours[0] + colours[1]
        if len({d for _, d in nodes}) < 2:
            continue   # one digit: simple colouring's
        colour_of = {node: k for k, colour in enumerate(colours) for node in colour}
        drawn = {"pattern": tuple(sorted((c, d, k) for (c, d), k in colour_of.items())),
                 "links": tuple(((a,), x, (b,), y, True) for a, x in sorted(nodes)
                                for b, y in sorted(links[a, x]) if (a, x) < (b, y))}
        cells = tuple(sorted({c for c, _ in nodes}))
        # each colour's places for each digit, as cell masks, and the cells that see them
        places = ({}, {})
        for (c, d), k in colour_of.items():
            places[k][d] = places[k].get(d, 0) | 1 << c
        seen = ({}, {})
        for k in (0, 1):
            for d, where in places[k].items():
                reach = 0
                for c in bits(where):
                    reach |= shape.peer_mask[c]
                seen[k][d] = reach

        def sees(k: int, cell: int, digit: int) -> bool:
            return bool(seen[k].get(digit, 0) >> cell & 1)

        def seen_in(k: int, cell: int, digit: int) -> int:
            return next(bits(shape.peer_mask[cell] & places[k][digit]))

        def false_colour(k: int, why: str) -> Step:
            return Step("3d-medusa", f"3D Medusa: {why}, so {COLOUR_NAMES[k]} is false and "
                        f"{COLOUR_NAMES[1 - k]} true: {leaves_text(g, colours[k])}",
                        eliminations=tuple(sorted(colours[k])), cells=cells, **drawn)

        for k, colour in enumerate(colours):
            name = COLOUR_NAMES[k]
            digits_in: dict[int, list[int]] = {}
            for c, d in sorted(colour):
                digits_in.setdefault(c, []).append(d)
            for c, ds in sorted(digits_in.items()):
                if len(ds) > 1:
                    return false_colour(k, f"{g.name(c)} would hold both {digit_name(ds[0])} and "
                                           f"{digit_name(ds[1])}, both {name}")
            for d, where in sorted(places[k].items()):
                if not where & (where - 1):
                    continue   # one place: no house holds two
                for index, house in enumerate(shape.house_mask):
                    both = where & house
                    if both & (both - 1):
                        a, b = list(bits(both))[:2]
                        return false_colour(k, f"{digit_name(d)} is {name} in both {g.name(a)} "
                                               f"and {g.name(b)}, which share "
                                               f"{g.houses[index].name}")
            # a cell is emptied when each of its candidates is uncoloured and sees its digit in k
            spared = 0
            for d, where in where_digit.items():
                coloured = places[0].get(d, 0) | places[1].get(d, 0)
                spared |= where & ~(seen[k].get(d, 0) & ~coloured)
            emptied = with_candidates & ~spared
            if emptied:
                c = (emptied & -emptied).bit_length() - 1
                return false_colour(k, f"every candidate of {g.name(c)} sees its digit in "
                                       f"{name}, which would leave {g.name(c)} empty")
        # the cells where something may go: those holding a coloured candidate, and those where
        # a digit sees both colours
        asked = sum(1 << c for c in cells)
        for d, where in where_digit.items():
            asked |= where & seen[0].get(d, 0) & seen[1].get(d, 0)
        gone, said = [], []
        for c in bits(asked):
            digits = [d + 1 for d in bits(board.candidates[c])]
            held = {colour_of[c, d]: d for d in digits if (c, d) in colour_of}
            for d in digits:
                if (c, d) in colour_of:
                    continue
                if len(held) == 2:
                    reason = (f"{g.name(c)} holds a blue {digit_name(held[0])} and an orange "
                              f"{digit_name(held[1])}")
                elif not held and sees(0, c, d) and sees(1, c, d):
                    reason = (f"{digit_name(d)} in {g.name(c)} sees a blue {digit_name(d)} in "
                              f"{g.name(seen_in(0, c, d))} and an orange one in "
                              f"{g.name(seen_in(1, c, d))}")
                elif len(held) == 1 and sees(1 - min(held), c, d):
                    k = 1 - min(held)
                    reason = (f"{digit_name(d)} in {g.name(c)} sees {an(k)} {COLOUR_NAMES[k]} "
                              f"{digit_name(d)} in {g.name(seen_in(k, c, d))} while {g.name(c)} "
                              f"holds {an(1 - k)} {COLOUR_NAMES[1 - k]} {digit_name(held[1 - k])}")
                else:
                    continue
                gone.append((c, d))
                if reason not in said:
                    said.append(reason)
        if gone:
            return Step("3d-medusa",
                        f"3D Medusa: along the strong links drawn, either every blue candidate is "
                        f"true or every orange one. {'; '.join(said)}, so "
                        f"{leaves_text(g, gone)}",
                        eliminations=tuple(gone), cells=cells, **drawn)
    return None


def an(colour: int) -> str:
    return ("a", "an")[colour]   # a blue, an orange


COLOUR_NAMES = ("blue", "orange")


# --- X-Chain, XY-Chain, AIC --------------------------------------------------------------------

def chain_step(slug: str, graph: LinkGraph, chain, kill: int, text: str,
               loop: bool = False) -> Step:
    """A chain's step; an almost locked set it passes through (on a strong link, from the
    first colour to the second) is outlined (Step.sets)."""
    sets = tuple((tuple(bits(graph.als[pair])), 0) for pair in zip(chain[::2], chain[1::2])
                 if pair in graph.als)
    return Step(slug, text, eliminations=graph.eliminations(kill), cells=graph.cells_of(chain),
                units=graph.units_of(chain), pattern=graph.pattern(chain),
                links=graph.drawn_links(chain, loop), sets=sets)


def x_chain(board: Board) -> Step | None:
    """One digit, conjugate pairs joined by cells that see each other: one end holds the
    digit, so cells that see both ends lose it."""
    graph = LinkGraph(board, conjugates=True, bivalue=False)
    for start, end, levels in graph.chains(MAX_X_CHAIN):
        kill = graph.kill[start] & graph.kill[end]
        if not kill:
            continue
        chain = graph.path(start, end, levels)
        if graph.overlaps(chain):
            continue
        digit = graph.nodes[start].digit
        g = board.geometry
        # two strong links: HoDoKu's turbot fish (skyscraper, kite and empty rectangle are kinds)
        title = "Turbot fish" if len(chain) == 4 else "X-Chain"
        return chain_step("x-chain", graph, chain, kill,
                          f"{title} on {digit_name(digit)}: "
                          f"{graph.notation(chain, digits=False)} puts "
                          f"{digit_name(digit)} in {graph.where(graph.nodes[start])} or "
                          f"{graph.where(graph.nodes[end])}, so "
                          f"{leaves_text(g, graph.eliminations(kill))}")
    return None


def xy_chain(board: Board) -> Step | None:
    """Bivalue cells, each linked to the next by a shared digit: the chain's first cell or
    its last holds the digit they both start and end with; cells seeing both lose it."""
    graph = LinkGraph(board, conjugates=False, bivalue=True)
    for start, end, levels in graph.chains(MAX_XY_CHAIN, min_strong=3):
        first, last = graph.nodes[start], graph.nodes[end]
        if first.digit != last.digit:
            continue
        kill = graph.kill[start] & graph.kill[end]
        if not kill:
            continue
        chain = graph.path(start, end, levels)
        if graph.overlaps(chain):
            continue
        pair = remote_pair(board, graph, chain)
        if pair:
            return remote_pair_step(board, graph, chain, pair)
        return chain_step("xy-chain", graph, chain, kill,
                          f"XY-Chain: {graph.notation(chain)} puts {first.digit} in "
                          f"{graph.where(first)} or {graph.where(last)}, so "
                          f"{leaves_text(board.geometry, graph.eliminations(kill))}")
    return None


def remote_pair(board: Board, graph: LinkGraph, chain) -> int:
    """The pair of digits (a mask) when every cell of an XY-Chain holds the same two (remote
    pairs): the ends then hold one digit each, both ways round, so both digits leave cells
    seeing both ends; else 0."""
    masks = {board.candidates[c] for c in graph.cells_of(chain)}
    return masks.pop() if len(masks) == 1 else 0


def remote_pair_step(board: Board, graph: LinkGraph, chain, pair: int) -> Step:
    g = board.geometry
    ends = graph.cells_of([chain[0]]) + graph.cells_of([chain[-1]])
    digits = ((pair & -pair).bit_length(), pair.bit_length())
    gone = tuple(sorted((c, d) for d in digits for c in g.common_peers(ends) if board.has(c, d)))
    a, b = (digit_name(d) for d in digits)
    cells = graph.cells_of(chain)
    return Step("xy-chain",
                f"XY-Chain, remote pairs: {g.names(cells)} all hold {a}/{b}, each linked to the "
                f"next, so their digits alternate along {graph.notation(chain)} and "
                f"{g.name(ends[0])} and {g.name(ends[1])} hold one each: "
                f"{leaves_text(g, gone)}",
                eliminations=gone, cells=cells, units=graph.units_of(chain),
                pattern=graph.pattern(chain), links=graph.drawn_links(chain))


def aic(board: Board) -> Step | None:
    """Alternating inference chains over single candidates: conjugate pairs, bivalue cells and
    weak links inside a cell. Ends on one digit: cells seeing both ends lose it; ends on two
    digits: each end's cell loses the other's digit where they see each other (in general:
    whatever cannot be true with either end; this is also what a discontinuous nice loop
    removes, its chain being one of these). A chain that closes on a weak link is a continuous
    nice loop: every weak link in it has a true end, so each removes what sees both its ends."""
    return alternating_chain(board, "aic", groups=False)


def grouped_aic(board: Board) -> Step | None:
    """The same with grouped nodes (a digit's places inside a box and a line, as SudokuWiki's
    grouped X-cycles and HoDoKu's grouped nice loops) and two-cell almost locked sets; tried
    after the plain AIC, so a chain of single candidates is given where there is one."""
    return alternating_chain(board, "grouped-aic", groups=True)


def alternating_chain(board: Board, slug: str, groups: bool) -> Step | None:
    graph = LinkGraph(board, conjugates=True, bivalue=True, groups=groups, als=groups,
                      cell_links=True)
    g = board.geometry
    lead = "Grouped AIC" if groups else "AIC"
    for start, end, levels in graph.chains(MAX_AIC):
        kill = graph.kill[start] & graph.kill[end]
        loop = graph.weak[start] >> end & 1
        if not kill and not loop:
            continue
        chain = graph.path(start, end, levels)
        if graph.overlaps(chain):
            continue
        if groups and not any(graph.nodes[i].is_group for i in chain) and not any(
                k in graph.als for k in zip(chain, chain[1:])):
            continue   # a chain of single candidates: the plain AIC's
        if loop:
            kill = graph.loop_kill(chain)
            if not kill:
                continue
            return chain_step(slug, graph, chain, kill,
                              f"{lead}, continuous loop {graph.notation(chain + [start])}"
                              f"{graph.als_note(chain)}: every "
                              f"weak link in it has a true end, so "
                              f"{leaves_text(g, graph.eliminations(kill))}", loop=True)
        return chain_step(slug, graph, chain, kill,
                          f"{lead} {graph.notation(chain)}{graph.als_note(chain)}: "
                          f"{graph.claim(start)} or {graph.claim(end)}, so "
                          f"{leaves_text(g, graph.eliminations(kill))}")
    return None


STRATEGIES = {
    "simple-colouring": simple_colouring,
    "3d-medusa": medusa,
    "x-chain": x_chain,
    "xy-chain": xy_chain,
    "aic": aic,
    "grouped-aic": grouped_aic,
}
