"""Board.per_unit: what a board made by `apply` derives from its parent's houses and cages (the
singles, cage combinations, the broken rule) is what the same board found afresh finds, on walks
of easy steps and suppositions over every kind of grid the corpus holds, broken boards included."""
import json
import random
from pathlib import Path

import pytest

from pycore.explain import Board, next_step, start_board
from pycore.explain.board import Step
from pycore.explain.forcing import easy_strategies, unsaid
from pycore.explain.killer import best_cage
from pycore.explain.singles import full_house, hidden_single, naked_single
from pycore.model import Cage, Position, Puzzle

CORPUS = Path(__file__).resolve().parents[1] / "data" / "dev.jsonl"
ASKED = (full_house, naked_single, hidden_single, best_cage, Board.broken_rule)


def puzzles_by_kind():
    """The first two puzzles of each kind and size in the corpus (25×25 left out: slow)."""
    seen: dict[tuple, int] = {}
    for line in CORPUS.read_text().splitlines():
        r = json.loads(line)
        key = (r["kind"], r["size"])
        if r["size"] > 16 or seen.get(key, 0) >= 2:
            continue
        seen[key] = seen.get(key, 0) + 1
        n = r["size"]
        yield pytest.param(Puzzle(r["kind"], n, tuple(r.get("givens") or [0] * (n * n)),
                                  tuple(r["regions"]) if r.get("regions") else None,
                                  tuple(Cage(tuple(c["cells"]), c["total"], c["op"])
                                        for c in r.get("cages") or [])),
                           id=f"{r['kind']}-{n}-{seen[key]}")


def afresh(board: Board) -> Board:
    """The same board with no parent to derive from."""
    return Board(board.puzzle, board.values, board.candidates)


def walk(board: Board, rng: random.Random, easy) -> list[Board]:
    """Boards from `board`: easy steps, with now and then a supposition (a random candidate
    placed, often a wrong one), until stuck, broken or 30 boards."""
    boards = [board]
    while len(boards) < 30 and boards[-1].broken_rule() is None:
        now = boards[-1]
        step = None if rng.random() < 0.3 else next_step(now, easy)
        if step is None:
            open_cells = [c for c in now.open_cells() if now.candidates[c]]
            if not open_cells:
                break
            cell = rng.choice(open_cells)
            digit = rng.choice([d for d in range(1, now.size + 1) if now.has(cell, d)])
            step = Step("supposition", "", placements=((cell, digit),))
        boards.append(now.apply(step))
    return boards


@pytest.mark.parametrize("puzzle", list(puzzles_by_kind()))
def test_derived_findings_match_a_fresh_board(puzzle):
    rng = random.Random(44)
    easy = unsaid(easy_strategies())
    start = start_board(puzzle, Position.empty(puzzle.size ** 2))
    checked = 0
    for _ in range(4):
        boards = walk(start, rng, easy)
        # asked in a scrambled order, so boards derive from ancestors several steps back too
        for board in rng.sample(boards, len(boards)):
            for ask in rng.sample(ASKED, len(ASKED)):
                assert ask(board) == ask(afresh(board)), (ask.__name__, boards.index(board))
                checked += 1
    assert checked >= 4 * len(ASKED)
