"""What a step draws over the grid (Step.pattern and Step.links), checked against the board it
was found on: every coloured candidate is live, every link is a real link of its kind, and the
two ends of every link differ in colour (a strong link's ends are the two cases; along a chain
the colours alternate); outside chains, every colour used has its key (registry.COLOURS)."""
from __future__ import annotations

from itertools import combinations

CHAINS = {"x-chain", "xy-chain", "aic", "grouped-aic", "skyscraper", "two-string-kite", "empty-rectangle",
          "w-wing"}


def strong(board, a, x, b, y) -> bool:
    """At least one of "x in one of cells a", "y in one of cells b" holds on `board`."""
    g = board.geometry
    cand = board.candidates
    if x == y:
        # a digit's places in some house, split in two
        return not set(a) & set(b) and any(
            sorted(board.places(x, house.cells)) == sorted(a + b) for house in g.houses)
    if a == b and len(a) == 1:
        return cand[a[0]] == (1 << (x - 1)) | (1 << (y - 1))   # a bivalue cell
    # two digits of an almost locked set: two cells of one house with three digits between them
    for house in g.houses:
        for pair in combinations(house.cells, 2):
            union = cand[pair[0]] | cand[pair[1]]
            if (all(cand[c] for c in pair) and union.bit_count() == 3
                    and sorted(a) == [c for c in pair if board.has(c, x)]
                    and sorted(b) == [c for c in pair if board.has(c, y)]):
                return True
    return False


def weak(board, a, x, b, y) -> bool:
    """"x in one of cells a" and "y in one of cells b" cannot both hold."""
    g = board.geometry
    if x == y:
        return all(q in g.peers[p] for p in a for q in b)
    return a == b and len(a) == 1


def check_drawing(board, step) -> None:
    from pycore.explain import BY_SLUG
    if step.pattern and step.strategy not in CHAINS:
        # the page says what each colour it shows stands for
        used = {c for *_, c in step.pattern}
        key = BY_SLUG[step.strategy].colours
        assert all(key[c] for c in used), (step.strategy, "a colour without a key")
    colour = {}
    for cell, digit, c in step.pattern:
        assert board.has(cell, digit), (step.text, "colours a candidate that is not there")
        assert c in (0, 1), step.text
        assert (cell, digit) not in colour, (step.text, "two colours on one candidate")
        colour[cell, digit] = c
    for k, (a, x, b, y, is_strong) in enumerate(step.links):
        a, b = tuple(a), tuple(b)
        if is_strong:
            assert strong(board, a, x, b, y), (step.text, "not a strong link", k)
        else:
            assert weak(board, a, x, b, y), (step.text, "not a weak link", k)
        ends = [{colour.get((cell, d)) for cell in cells} for cells, d in ((a, x), (b, y))]
        assert all(len(e) == 1 and None not in e for e in ends), (step.text, "link end uncoloured")
        assert ends[0] != ends[1], (step.text, "a link between candidates of one colour")
    if step.strategy in CHAINS:
        assert step.links, step.text
        for k, (before, after) in enumerate(zip(step.links, step.links[1:])):
            assert (list(before[2]), before[3]) == (list(after[0]), after[1]), (step.text, k)
            assert before[4] != after[4], (step.text, "links must alternate")
        assert step.links[0][4], (step.text, "a chain starts with a strong link")
    check_sets(board, step)


ALS_OUTLINED = {"als-xz", "als-xy-wing", "als-chain", "grouped-aic"}
# A franken or mutant fish outlines its houses whole: a box among them is what sets it apart.
HOUSES_OUTLINED = {"franken-fish", "mutant-fish"}


def check_sets(board, step) -> None:
    """The sets a step outlines (Step.sets): open cells of the step, each set inside one house,
    in a colour; an almost locked set holds one digit more than its cells, a death blossom's
    petals too (its stem is a cell of two or three), and Sue de Coq's sets are outlined."""
    g = board.geometry
    if step.strategy in HOUSES_OUTLINED:   # its base houses in blue, its cover houses in orange
        assert [(list(cells), colour) for cells, colour in step.sets] == [
            (list(g.houses[h].cells), int(k >= len(step.units) // 2))
            for k, h in enumerate(step.units)], step.text
        return
    for cells, colour in step.sets:
        assert colour in (0, 1) and cells and set(cells) <= set(step.cells), step.text
        assert all(not board.values[c] for c in cells), (step.text, "a set with a filled cell")
        assert any(set(cells) <= set(h.cells) for h in g.houses), (step.text, "set in no house")
        digits = 0
        for c in cells:
            digits |= board.candidates[c]
        if step.strategy in ALS_OUTLINED or (step.strategy == "death-blossom" and colour == 0):
            assert digits.bit_count() == len(cells) + 1, (step.text, "not an almost locked set")
    if step.strategy in ALS_OUTLINED - {"grouped-aic"} | {"death-blossom", "sue-de-coq"}:
        assert step.sets, (step.text, "its sets are not outlined")
