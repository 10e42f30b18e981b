"""The registry: every slug of the issue is implemented, easiest first, and no strategy changes the
board it is given."""

from tests.corpus import DEV
from tests.solve.test_solve import puzzle_from_record

from pycore.explain import ALL_SLUGS, BY_SLUG, STRATEGIES, start_board
from pycore.explain.registry import TABLE
from pycore.model import Position

ISSUE_SLUGS = """full-house naked-single hidden-single naked-pair naked-triple naked-quad hidden-pair
hidden-triple hidden-quad pointing box-line-reduction x-wing swordfish jellyfish finned-x-wing
finned-swordfish skyscraper two-string-kite empty-rectangle xy-wing xyz-wing w-wing simple-colouring
x-chain xy-chain unique-rectangle bug-plus-one aic""".split()


def test_every_slug_in_the_table_has_a_strategy():
    missing = [slug for slug in ALL_SLUGS if slug not in BY_SLUG]
    assert missing == []
    assert set(ISSUE_SLUGS) <= set(BY_SLUG)
    assert len(ALL_SLUGS) == len(set(ALL_SLUGS))


def test_strategies_are_tried_easiest_first():
    difficulties = [s.difficulty for s in STRATEGIES]
    assert difficulties == sorted(difficulties)
    assert STRATEGIES[0].slug in ("full-house", "naked-single", "single-cell-cage")
    assert {row[0] for row in TABLE} == {s.slug for s in STRATEGIES}


def test_articles_are_sudokuwiki_pages_of_known_strategies():
    from pycore.explain.registry import ARTICLES
    assert set(ARTICLES) <= set(ALL_SLUGS)
    for slug, url in ARTICLES.items():
        assert url.startswith("https://www.sudokuwiki.org/") and " " not in url, slug
        assert BY_SLUG[slug].article == url
    assert BY_SLUG["naked-single"].article == ARTICLES.get("naked-single")


def test_no_strategy_changes_the_board_it_reads():
    for label in ("solo-3x3du", "solo-3x3kdu", "keen-6dx", "windoku"):
        record = next(r for r in DEV if r["label"] == label)
        puzzle = puzzle_from_record(record)
        board = start_board(puzzle, Position.empty(puzzle.cell_count))
        values, candidates = board.values, board.candidates
        for strategy in STRATEGIES:
            strategy.find(board)
            assert board.values == values and board.candidates == candidates, strategy.slug
