"""Links between candidates: what every chain is made of, and the search for the shortest chain.

A node is a digit in one cell or, grouped, a digit's places where two houses cross, read as "the
digit is in one of these cells". A strong link joins two nodes of which at least one is true: a
digit whose places in a house are exactly the two nodes, the two candidates of a bivalue cell, or
two digits of an almost locked set (two cells of a house with three digits between them, not both
bivalue: without one digit they are a locked pair, so each other digit is in one of them).
A weak link joins two nodes that cannot both be true: one digit in cells that all see each other,
or two digits of one cell.

An alternating chain starts and ends with a strong link: if its first node is false, the next is
true, the one after false, … and its last node true. So one of its two ends is true, and any
candidate that cannot be true with either end is false.

Candidates are bits of one int, digit-major (bit (d-1)·cells + cell), so a digit's places are a
plain cell mask and "everything that cannot be true with this node" is one int (its `kill`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..model import digit_name, joined
from .board import Board, Geometry, remember


@dataclass(frozen=True)
class Node:
    digit: int
    cells: int   # cell mask: one cell, or a group of places inside two houses

    @property
    def is_group(self) -> bool:
        return bool(self.cells & (self.cells - 1))


class Shape:
    """Cell masks of a geometry, computed once per puzzle."""

    def __init__(self, g: Geometry):
        self.cell_count = g.cell_count
        self.cell_mask = (1 << g.cell_count) - 1
        self.peer_mask = tuple(sum(1 << p for p in g.peers[c]) for c in range(g.cell_count))
        self.house_mask = tuple(sum(1 << c for c in h.cells) for h in g.houses)
        crossings = {}
        for a, b in combinations(range(len(g.houses)), 2):
            both = self.house_mask[a] & self.house_mask[b]
            if both & (both - 1):
                crossings.setdefault(both, None)
        # for each house, the crossings inside it: where its places may split into two groups
        self.crossings_in = tuple(tuple(x for x in crossings if x & m == x)
                                  for m in self.house_mask)
        self.crossings = tuple(crossings)


@lru_cache(maxsize=16)
def shape_of(g: Geometry) -> Shape:
    return Shape(g)


def bits(mask: int):
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def live_candidates(board: Board) -> int:
    """Every candidate as one bit, digit d's places at bits (d-1)·n onwards. Kept on the board:
    the colourings, chains and single-digit patterns each ask it of the same board."""
    return board.kept("_live_candidates", _live_candidates)


def _live_candidates(board: Board) -> int:
    spread = _spread_of(board.geometry.cell_count)
    live = 0
    for cell, mask in enumerate(board.candidates):
        if mask:
            found = spread.get(mask)
            if found is None:
                found = spread[mask] = sum(1 << (d * len(board.candidates)) for d in bits(mask))
            live |= found << cell
    return live


@lru_cache(maxsize=16)
def _spread_of(cell_count: int) -> dict[int, int]:
    """Candidate mask -> its digits spread one per cell_count bits (cell 0's bits in the live
    set), filled as masks are met."""
    return {}


def house_links(shape: Shape, groups: bool, places: int) -> list[tuple[int, int, int]]:
    """(one end's cells, the other's, house) for each strong link of a digit with these places
    (a cell mask), in house order: its two places in a house, or with `groups` two groups (a
    crossing's places, or one cell) that are its only places in a house. Kept on the shape, the
    kind and the places: a stuck point's board differs from the last in few digits' places."""
    key = (shape, groups, places)
    found = kept_house_links.get(key)
    if found is not None:
        return found
    found = []
    grouped = set()
    if groups:
        for crossing in shape.crossings:
            here = places & crossing
            if here & (here - 1):
                grouped.add(here)
    for house, house_mask in enumerate(shape.house_mask):
        here = places & house_mask
        if not here or not here & (here - 1):
            continue
        rest = here & (here - 1)
        if not rest & (rest - 1):
            low = here & -here
            found.append((low, here ^ low, house))
            continue
        if not groups:
            continue
        for crossing in shape.crossings_in[house]:
            part = here & crossing
            other = here ^ part
            if not part or not other or part > other:
                continue   # each split once: the part with the lower mask first
            if ((part & (part - 1) == 0 or part in grouped)
                    and (other & (other - 1) == 0 or other in grouped)):
                found.append((part, other, house))
    return remember(kept_house_links, KEPT_HOUSE_LINKS_MOST, key, found)


KEPT_HOUSE_LINKS_MOST = 4096
kept_house_links: dict = {}


class LinkGraph:
    """The nodes that have a strong link, their strong links and what each node rules out.

    `strong[i]` maps a neighbour to the house of the link (None: inside a bivalue cell);
    `als` maps node pairs linked through an almost locked set to its cells (a mask);
    `kill[i]` are the live candidates that cannot be true with node i; `weak[i]` and
    `onward[i]` are node masks: the nodes weakly linked to i, and the nodes one weak then one
    strong link away (the next node a chain arriving at i by a strong link can reach).
    """

    def __init__(self, board: Board, *, conjugates: bool, bivalue: bool, groups: bool = False,
                 als: bool = False, cell_links: bool = False):
        """Which links to draw: `conjugates` (a digit's two places, or two groups with
        `groups`, in a house), `bivalue` cells, almost locked sets (`als`); `cell_links` lets a
        weak link join two digits of one cell (else weak links join one digit in two cells)."""
        g = board.geometry
        shape = shape_of(g)
        self.board = board
        self.n = n = shape.cell_count
        self.live = live = live_candidates(board)
        self.nodes: list[Node] = []
        self.index: dict[Node, int] = {}
        self.strong: list[dict[int, int | None]] = []
        self.als: dict[tuple[int, int], int] = {}
        self.cell_links = cell_links
        if conjugates:
            self._house_links(board, shape, groups)
        if bivalue:
            for cell, mask in enumerate(board.candidates):
                rest = mask & (mask - 1)
                if rest and not rest & (rest - 1):
                    low, high = (d + 1 for d in bits(mask))
                    self._link(Node(low, 1 << cell), Node(high, 1 << cell), None)
        if als:
            self._als_links(board)
        self.cands = [((node.cells << ((node.digit - 1) * n))) for node in self.nodes]
        self.kill = [self._kill(node, shape, live) for node in self.nodes]
        self.strong_bits = [sum(1 << j for j in s) for s in self.strong]
        self.weak = self._weak_links()
        self.onward = [0] * len(self.nodes)
        for i, weak in enumerate(self.weak):
            onward = 0
            for j in bits(weak):
                onward |= self.strong_bits[j]
            self.onward[i] = onward

    def _node(self, node: Node) -> int:
        i = self.index.get(node)
        if i is None:
            i = self.index[node] = len(self.nodes)
            self.nodes.append(node)
            self.strong.append({})
        return i

    def _link(self, a: Node, b: Node, house: int | None) -> None:
        i, j = self._node(a), self._node(b)
        self.strong[i].setdefault(j, house)
        self.strong[j].setdefault(i, house)

    def _house_links(self, board: Board, shape: Shape, groups: bool) -> None:
        n = self.n
        for digit in range(1, board.size + 1):
            places = (self.live >> ((digit - 1) * n)) & shape.cell_mask
            for a, b, house in house_links(shape, groups, places):
                self._link(Node(digit, a), Node(digit, b), house)

    def _als_links(self, board: Board) -> None:
        cand = board.candidates
        for index, house in enumerate(board.geometry.houses):
            narrow = [c for c in house.cells if cand[c] and bin(cand[c]).count("1") <= 3]
            for pair in combinations(narrow, 2):
                union = cand[pair[0]] | cand[pair[1]]
                if bin(union).count("1") != 3 or all(bin(cand[c]).count("1") == 2 for c in pair):
                    continue   # two bivalue cells: (x=y)-(y=z) already says it, one link longer
                parts = {d + 1: sum(1 << c for c in pair if cand[c] >> d & 1) for d in bits(union)}
                for x, y in combinations(parts, 2):
                    i, j = self._node(Node(x, parts[x])), self._node(Node(y, parts[y]))
                    if j not in self.strong[i]:
                        self._link(self.nodes[i], self.nodes[j], index)
                        self.als[i, j] = self.als[j, i] = sum(1 << c for c in pair)

    def _kill(self, node: Node, shape: Shape, live: int) -> int:
        seen = shape.cell_mask
        for cell in bits(node.cells):
            seen &= shape.peer_mask[cell]
        kill = seen << ((node.digit - 1) * self.n)
        if self.cell_links and not node.is_group:
            cell = node.cells.bit_length() - 1
            for d in bits(self.board.candidates[cell]):
                if d != node.digit - 1:
                    kill |= 1 << (d * self.n + cell)
        return kill & live

    def _weak_links(self) -> list[int]:
        by_low_bit: dict[int, list[int]] = {}
        every = 0
        for j, cands in enumerate(self.cands):
            by_low_bit.setdefault((cands & -cands).bit_length() - 1, []).append(j)
            every |= cands
        weak = []
        for i, kill in enumerate(self.kill):
            linked = 0
            for bit in bits(kill & every):
                for j in by_low_bit.get(bit, ()):
                    if not self.cands[j] & ~kill:
                        linked |= 1 << j
            weak.append(linked)
        return weak

    # --- the search ---------------------------------------------------------------------------

    def chains(self, max_strong: int, min_strong: int = 2):
        """(start, end, levels) for every chain start = … = end, shortest first (counted in
        strong links, from `min_strong` to `max_strong`), starts in node order. `levels` lets
        `path` rebuild the chain. (A chain back to its start would prove it, but a shorter chain
        inside it already removes the start's strong partner, so none is sought.)"""
        count = len(self.nodes)
        frontier = list(self.strong_bits)
        visited = [f | 1 << s for s, f in enumerate(frontier)]
        levels = [[f] for f in frontier]
        for strong_links in range(1, max_strong + 1):
            if strong_links > 1:
                onward = self.onward
                for s in range(count):
                    reach = 0
                    ahead = frontier[s]
                    while ahead:   # the bits of the frontier, inline: the search's inner loop
                        low = ahead & -ahead
                        reach |= onward[low.bit_length() - 1]
                        ahead ^= low
                    reach &= ~visited[s]
                    visited[s] |= reach
                    frontier[s] = reach
                    levels[s].append(reach)
            if strong_links < min_strong:
                continue
            for s in range(count):
                for e in bits(frontier[s]):
                    yield s, e, levels[s]

    def path(self, start: int, end: int, levels: list[int]) -> list[int]:
        """The nodes of a shortest chain from start to end (end on the last level)."""
        chain = [end]
        current = end
        for level in range(len(levels) - 1, 0, -1):
            for b in self.strong[current]:
                before = self.weak[b] & levels[level - 1]
                if before:
                    a = (before & -before).bit_length() - 1
                    chain += [b, a]
                    current = a
                    break
        chain.append(start)
        chain.reverse()
        return chain

    def loop_kill(self, chain: list[int]) -> int:
        """What a closed loop (chain whose ends are weakly linked) rules out: in a loop every
        weak link has a true end, so candidates that cannot be true with either end go."""
        kill = self.kill[chain[-1]] & self.kill[chain[0]]
        for i in range(1, len(chain) - 1, 2):
            kill |= self.kill[chain[i]] & self.kill[chain[i + 1]]
        return kill

    def eliminations(self, kill: int) -> tuple[tuple[int, int], ...]:
        """(cell, digit) pairs of a candidate mask, in cell order."""
        n = self.n
        return tuple(sorted((b % n, b // n + 1) for b in bits(kill)))

    # --- what the page draws ---------------------------------------------------------------------

    def pattern(self, chain) -> tuple[tuple[int, int, int], ...]:
        """The chain's candidates, coloured alternately along it (Step.pattern)."""
        return tuple((cell, self.nodes[i].digit, position % 2)
                     for position, i in enumerate(chain) for cell in bits(self.nodes[i].cells))

    def drawn_links(self, chain, loop: bool = False):
        """The chain's links in order, strong and weak alternating from a strong one (Step.links);
        a loop's closing weak link last."""
        ends = list(zip(chain, chain[1:])) + ([(chain[-1], chain[0])] if loop else [])
        return tuple((tuple(bits(self.nodes[a].cells)), self.nodes[a].digit,
                      tuple(bits(self.nodes[b].cells)), self.nodes[b].digit, k % 2 == 0)
                     for k, (a, b) in enumerate(ends))

    # --- words ----------------------------------------------------------------------------------

    def cells_of(self, chain) -> tuple[int, ...]:
        cells = set()
        for i in chain:
            cells.update(bits(self.nodes[i].cells))
        return tuple(sorted(cells))

    def units_of(self, chain) -> tuple[int, ...]:
        units = {self.strong[a].get(b) for a, b in zip(chain, chain[1:])}
        units.discard(None)
        return tuple(sorted(units))

    def where(self, node: Node) -> str:
        """"A1", or "A1|A2" for a group (the digit is in one of them)."""
        g = self.board.geometry
        return "|".join(g.name(c) for c in bits(node.cells))

    def claim(self, i: int) -> str:
        node = self.nodes[i]
        if node.is_group:
            places = self.board.geometry.names(bits(node.cells))
            return f"{digit_name(node.digit)} is in {places.replace(' and ', ' or ')}"
        return f"{self.where(node)} is {digit_name(node.digit)}"

    def notation(self, chain, digits: bool = True) -> str:
        """Eureka-like: "(4)A1=(4)A7-(6=2)B7…" with = a strong and - a weak link (links
        alternate, the first strong). Two candidates of one cell side by side share their cell;
        two digits of an almost locked set share its cells: "(1=3)B4+B6". Without `digits`,
        cells only."""
        out = []
        i = 0
        while i < len(chain):
            if i:
                out.append("=" if i % 2 else "-")
            node = self.nodes[chain[i]]
            nxt = self.nodes[chain[i + 1]] if digits and i + 1 < len(chain) else None
            link = "=" if i % 2 == 0 else "-"
            als = self.als.get((chain[i], chain[i + 1])) if nxt is not None else None
            if als is not None and i % 2 == 0:
                pair = f"{digit_name(node.digit)}={digit_name(nxt.digit)}"
                out.append(f"({pair}){self.cells_text(als)}")
                i += 2
            elif nxt is not None and not node.is_group and nxt.cells == node.cells:
                pair = f"{digit_name(node.digit)}{link}{digit_name(nxt.digit)}"
                out.append(f"({pair}){self.where(node)}")
                i += 2
            elif digits:
                out.append(f"({digit_name(node.digit)}){self.where(node)}")
                i += 1
            else:
                out.append(self.where(node))
                i += 1
        return "".join(out)

    def cells_text(self, cells: int) -> str:
        return "+".join(self.board.geometry.name(c) for c in bits(cells))

    def als_note(self, chain) -> str:
        """" (B4+B6 is an almost locked set)", naming each one the chain passes through."""
        sets = [self.cells_text(self.als[k]) for k in zip(chain[::2], chain[1::2]) if k in self.als]
        if not sets:
            return ""
        return f" ({joined(sets)} " + ("is an almost locked set)" if len(sets) == 1
                                       else "are almost locked sets)")

    def overlaps(self, chain) -> bool:
        """Whether two nodes of one digit share a cell (each step still holds, but a reader
        expects every node to be new)."""
        seen: dict[int, int] = {}
        for i in chain:
            node = self.nodes[i]
            if seen.get(node.digit, 0) & node.cells:
                return True
            seen[node.digit] = seen.get(node.digit, 0) | node.cells
        return False
