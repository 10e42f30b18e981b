"""Which chain a hint gives where several would do (issue 44 §2: a 14-node AIC was offered where
a short one was there): within one strategy the shortest chain that removes something, and
between strategies of the same difficulty the smallest step (run.next_step, run.smaller).

The position is one of top95's sudokus (hard puzzles passed around since 2005) as our hints leave
it where an XY-Chain is next; alternating inference chains of 6 to 16 nodes remove something
there.
"""
from collections import Counter

from pycore.codec import decode
from pycore.explain import start_board
from pycore.explain.board import Step
from pycore.explain.chains import MAX_AIC, aic, chain_step
from pycore.explain.links import LinkGraph
from pycore.explain.registry import Strategy
from pycore.explain.run import next_step, size

LONG_AND_SHORT = (
    "S9B4y0c4y050b0a0i0d0g0a0d0b0c0g0i050h0609070e1m4a4y0c020a0c8i04088i020g0a0e02058i011m0g4a03b60g"
    "080a7u030e0s0f7w0e8ic20b0a044y070c1m01030g054y58094456020g8ib603010e4a")


def board():
    return start_board(*decode(LONG_AND_SHORT))


def chains_removing(b):
    """Every AIC over single candidates that removes something, as aic searches them."""
    graph = LinkGraph(b, conjugates=True, bivalue=True, cell_links=True)
    for start, end, levels in graph.chains(MAX_AIC):
        kill = graph.kill[start] & graph.kill[end]
        chain = graph.path(start, end, levels)
        if kill and not graph.overlaps(chain):
            yield graph, chain, kill


def test_within_a_strategy_the_shortest_chain_is_given():
    b = board()
    lengths = Counter(len(chain) for _, chain, _ in chains_removing(b))
    assert min(lengths) == 6 and max(lengths) == 16, lengths
    step = aic(b)
    assert size(step) == 6 == len(step.links) + 1
    assert step.text.startswith("AIC ")


def long_chain(b):
    graph, chain, kill = max(chains_removing(b), key=lambda found: len(found[1]))
    return chain_step("aic", graph, chain, kill, "a long chain")


def test_between_strategies_of_one_difficulty_the_shortest_chain_is_given():
    b = board()
    long = long_chain(b)
    assert size(long) == 16
    first_long = (Strategy("aic", "Long", 300, lambda _: long), Strategy("aic", "Short", 300, aic))
    assert next_step(b, first_long) == aic(b)
    # an easier strategy still comes first, however long its chain
    easier_long = (Strategy("aic", "Long", 290, lambda _: long), Strategy("aic", "Short", 300, aic))
    assert next_step(b, easier_long) == long


def test_a_single_is_not_compared_with_anything():
    """Nothing is smaller than one cell: the strategies after a single at its difficulty are not
    asked (the singles sit in every forcing chain's inner loop)."""
    b = board()
    asked = []

    def never(_):
        asked.append(True)
        return aic(b)
    single = Step("naked-single", "a single", placements=((0, 1),), cells=(0,))
    assert next_step(b, (Strategy("x", "Single", 4, lambda _: single),
                         Strategy("y", "Other", 4, never))) == single and not asked
