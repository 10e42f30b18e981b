"""KenKen results kept between boards (cage fillings, pairs of cages, line equations), and the one
puzzle a board holds: a kept answer must be the step a cold search gives on that board, along the
solve of Tatham's two unreasonable 9×9 KenKens, whose hints read them at every step."""
from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path

import pytest

from pycore.codec import decode
from pycore.explain import kenken, kenken_fillings, kenken_lines
from pycore.explain.board import start_board
from pycore.explain.registry import BY_SLUG, STRATEGIES
from pycore.explain.run import walk
from pycore.model import Position
from tests.explain.test_kept_searches import thinned

TATHAM = Path(__file__).resolve().parents[2] / "bench" / "data" / "tatham.jsonl"
UNREASONABLE = ("bench-9", "bench-22")
KEPT = ("cage-arithmetic", "cage-line-overlap", "cage-subsets", "line-sum", "line-product", "parity")
NOT_FORCING = tuple(s for s in STRATEGIES if s.difficulty < BY_SLUG["digit-forcing"].difficulty)


def unreasonable(seed: str) -> str:
    records = [json.loads(line) for line in TATHAM.read_text().splitlines()]
    return next(r["string"] for r in records if r["label"] == "keen-9du" and r["seed"] == seed)


STORES = (kenken._pair_cache, kenken_fillings._cache, kenken_fillings._unused, kenken_lines._cache)


def cold(find, board):
    """`find` on `board` with nothing kept, what was kept put back after."""
    kept = [dict(store) for store in STORES]
    for store in STORES:
        store.clear()
    try:
        return find(board)
    finally:
        for store, was in zip(STORES, kept):
            store.clear()
            store.update(was)


@pytest.mark.parametrize("seed", UNREASONABLE)
def test_kept_kenken_steps_equal_cold_ones(seed):
    text = unreasonable(seed)
    puzzle, _ = decode(text)
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    boards = [board] + [after for _, after in islice(walk(board, NOT_FORCING), 60)]
    assert len(boards) > 40
    rng = random.Random(text)
    for board in boards[-4:]:
        boards += thinned(board, rng, 10, 3)   # boards a few candidates apart, as hints meet
    steps = dict.fromkeys(KEPT, 0)
    for board in boards:
        for slug in KEPT:
            step = cold(BY_SLUG[slug].find, board)
            assert BY_SLUG[slug].find(board) == step, (slug, board.candidates)
            steps[slug] += step is not None
    # the strategies do take steps on these boards, not only find nothing
    assert all(steps[slug] >= 3 for slug in KEPT), steps


def test_a_board_holds_the_first_equal_puzzle_seen():
    text = unreasonable(UNREASONABLE[0])
    (first, _), (second, _) = decode(text), decode(text)
    assert first == second and first is not second
    empty = Position.empty(first.cell_count)
    assert start_board(second, empty).puzzle is start_board(first, empty).puzzle


def test_kept_fillings_stay_bounded(monkeypatch):
    monkeypatch.setattr(kenken_fillings, "MOST_KEPT", 10)
    text = unreasonable(UNREASONABLE[1])
    puzzle, _ = decode(text)
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    for store in STORES:
        store.clear()
    for _, after in islice(walk(board, NOT_FORCING), 20):
        BY_SLUG["cage-arithmetic"].find(after)
        assert 0 < len(kenken_fillings._cache) <= 10 and len(kenken_fillings._unused) <= 10
