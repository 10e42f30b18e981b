"""Searches kept between boards (a stuck killer asks every strategy again at each stuck point, on a
board a few steps from the last): the kept answer must be the one the full search gives on that
board. Each board of a run of boards that differ a little is asked twice, once with what earlier
boards left kept and once with nothing kept, and the two steps must be equal, on the boards of a
hard killer's solve and on boards thinned at random of each kind."""
from __future__ import annotations

import random
from dataclasses import replace
from itertools import islice

import pytest

from pycore.explain import chains, fish, killer_45, killer_sums, links, sets
from pycore.explain.registry import BY_SLUG, STRATEGIES
from pycore.explain.run import walk
from pycore.model import Position
from pycore.explain.board import Board, start_board
from tests.explain.positions import make_board
from tests.solve.test_hard_killers import TAREK_MORE, short_killer

NOT_FORCING = tuple(s for s in STRATEGIES if s.difficulty < BY_SLUG["digit-forcing"].difficulty)


def killer_boards(n: int, count: int):
    """Boards of TAREK_MORE n's solve by logic short of the forcing searches, in turn."""
    puzzle = short_killer(TAREK_MORE[n])
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    return [board] + [after for _, after in islice(walk(board, NOT_FORCING), count)]


def thinned(board, rng: random.Random, runs: int, per_run: int):
    """`runs` boards, each from the last with `per_run` candidates taken away at random (a cell
    keeps at least one): boards that differ a little, as stuck points do."""
    out = []
    for _ in range(runs):
        cands = list(board.candidates)
        for _ in range(per_run):
            cell = rng.randrange(len(cands))
            mask = cands[cell]
            if mask & (mask - 1):
                digits = [d for d in range(board.size) if mask >> d & 1]
                cands[cell] = mask & ~(1 << rng.choice(digits))
        board = replace(board, candidates=tuple(cands))
        out.append(board)
    return out


def same_kept_and_cold(find, boards, forget):
    for board in boards:
        kept = find(board)
        forget()
        assert kept == find(board)


FISH = [fish.franken_fish, fish.mutant_fish]


def start_board_of(kind: str):
    """A board of `kind` to thin at random: a jigsaw's regions are shifted boxes."""
    if kind == "jigsaw":
        return make_board(kind="jigsaw", regions="".join(str(1 + (c // 9 + c % 9 // 3 * 3) % 9)
                                                         for c in range(81)))
    if kind == "killer":
        return killer_boards(9, 0)[0]
    return make_board(kind=kind)


def random_runs(kind: str, rounds: int, runs: int, forget):
    """`rounds` lists of `runs` boards of `kind` thinned at random (seeded by the kind), what is
    kept forgotten before each."""
    rng = random.Random(kind)
    start = start_board_of(kind)
    for _ in range(rounds):
        forget()
        yield thinned(start, rng, runs, 40)


def hard_killer_boards(seed: int):
    """30 stuck boards of TAREK_MORE 6's explanation, and runs thinned at random from the last 3."""
    boards = killer_boards(6, 30)
    rng = random.Random(seed)
    for board in boards[-3:]:
        boards += thinned(board, rng, 12, 4)
    return boards

@pytest.mark.parametrize("budget", [fish.SEARCH_BUDGET, 40, 400])
@pytest.mark.parametrize("find", FISH, ids=["franken", "mutant"])
def test_kept_fish_on_a_hard_killer(find, budget, monkeypatch):
    monkeypatch.setattr(fish, "SEARCH_BUDGET", budget)
    boards = hard_killer_boards(6)
    same_kept_and_cold(find, boards, fish.kept_fish.clear)


def test_kept_fish_find_steps_on_these_boards():
    # the runs below do reach fish, so the kept answers compared are not all "none"
    rng = random.Random(1)
    boards = thinned(make_board(), rng, 60, 30)
    assert any(fish.franken_fish(b) or fish.mutant_fish(b) for b in boards)


@pytest.mark.parametrize("kind", ["sudoku", "jigsaw", "killer", "x"])
@pytest.mark.parametrize("find", FISH, ids=["franken", "mutant"])
def test_kept_fish_on_random_boards(kind, find):
    rng = random.Random(kind)
    start = start_board_of(kind)
    for _ in range(3):
        fish.kept_fish.clear()
        same_kept_and_cold(find, thinned(start, rng, 40, 25), fish.kept_fish.clear)


@pytest.mark.parametrize("find", FISH, ids=["franken", "mutant"])
def test_kept_fish_asked_with_less_budget(find, monkeypatch):
    # kept with the whole budget, asked again with less: a search that needs more than is left
    # must end with no step, as the full search would
    boards = thinned(make_board(), random.Random(4), 40, 30)
    for budget in (3, 10, 30, 100, 300):
        for board in boards:
            monkeypatch.setattr(fish, "SEARCH_BUDGET", 3_000)
            fish.kept_fish.clear()
            find(board)
            monkeypatch.setattr(fish, "SEARCH_BUDGET", budget)
            kept = find(board)
            fish.kept_fish.clear()
            assert kept == find(board)


def forget_sue_de_coq():
    """Nothing kept: neither crossings nor their sides' sets."""
    sets.kept_crossings.clear()
    sets.kept_sides.clear()


def test_kept_sue_de_coq_on_a_hard_killer():
    boards = hard_killer_boards(7)
    same_kept_and_cold(sets.sue_de_coq, boards, forget_sue_de_coq)


def test_kept_sides_alone_on_a_hard_killer():
    # crossings forgotten, the sides' sets kept: each crossing searched again from kept sides
    boards = hard_killer_boards(9)
    for board in boards:
        sets.kept_crossings.clear()
        kept = sets.sue_de_coq(board)
        forget_sue_de_coq()
        assert kept == sets.sue_de_coq(board)


@pytest.mark.parametrize("kind", ["sudoku", "jigsaw", "killer", "x"])
def test_kept_sue_de_coq_on_random_boards(kind):
    found = 0
    for boards in random_runs(kind, 3, 40, forget_sue_de_coq):
        same_kept_and_cold(sets.sue_de_coq, boards, forget_sue_de_coq)
        found += sum(sets.sue_de_coq(b) is not None for b in boards)
    assert found   # the runs do meet Sue de Coqs


def same_sets_kept_and_cold(boards):
    """Each board's almost locked sets with each house's kept from earlier boards, and with
    nothing kept: the same sets, in the same order (the ALS searches read them in order)."""
    for board in boards:
        kept = sets._almost_locked_sets(board, sets.MOST_CELLS)
        sets.kept_houses.clear()
        assert kept == sets._almost_locked_sets(board, sets.MOST_CELLS)


def test_kept_almost_locked_sets_on_a_hard_killer():
    same_sets_kept_and_cold(hard_killer_boards(8))


@pytest.mark.parametrize("kind", ["sudoku", "jigsaw", "killer", "x"])
def test_kept_almost_locked_sets_on_random_boards(kind):
    for boards in random_runs(kind, 3, 30, sets.kept_houses.clear):
        same_sets_kept_and_cold(boards)


CHAINS = [chains.aic, chains.grouped_aic, chains.medusa]


@pytest.mark.parametrize("find", CHAINS, ids=["aic", "grouped-aic", "3d-medusa"])
def test_kept_house_links_on_a_hard_killer(find):
    same_kept_and_cold(find, hard_killer_boards(10), links.kept_house_links.clear)


@pytest.mark.parametrize("kind", ["sudoku", "jigsaw", "killer", "x"])
def test_kept_house_links_on_random_boards(kind):
    found = 0
    for boards in random_runs(kind, 2, 30, links.kept_house_links.clear):
        for find in CHAINS:
            same_kept_and_cold(find, boards, links.kept_house_links.clear)
        found += sum(chains.grouped_aic(b) is not None for b in boards)
    assert found   # the runs do meet grouped chains


@pytest.mark.parametrize("module, most, kept, find", [
    (fish, "KEPT_FISH_MOST", fish.kept_fish, fish.mutant_fish),
    (sets, "KEPT_CROSSINGS_MOST", sets.kept_crossings, sets.sue_de_coq),
    (sets, "KEPT_SIDES_MOST", sets.kept_sides, sets.sue_de_coq),
    (sets, "KEPT_HOUSES_MOST", sets.kept_houses, sets.als_xz),
    (links, "KEPT_HOUSE_LINKS_MOST", links.kept_house_links, chains.grouped_aic)],
    ids=["fish", "crossings", "sides", "houses", "house links"])
def test_kept_searches_stay_bounded(module, most, kept, find, monkeypatch):
    monkeypatch.setattr(module, most, 10)
    kept.clear()
    for board in thinned(make_board(), random.Random(3), 30, 20):
        find(board)
        assert len(kept) <= 10


RULE_OF_45 = [killer_45.innie_outie, killer_45.innie_outie_difference,
              killer_45.innies_outies_sum, killer_45.hidden_cage]


def forget_rule_of_45():
    # the areas' balances kept on their placed digits, a cage's fillings on its candidates
    # within a combination, a house's rest on its candidates
    killer_45._balances.clear()
    killer_sums._fillings.cache_clear()
    killer_sums.fitting_combinations.cache_clear()
    killer_45._rest_fillings.cache_clear()


def same_rule_of_45_kept_and_cold(find, boards):
    # cold: nothing kept, on a fresh copy of the board (the balances are kept on a board too)
    for board in boards:
        kept = find(board)
        forget_rule_of_45()
        assert kept == find(Board(board.puzzle, board.values, board.candidates))


@pytest.mark.parametrize("find", RULE_OF_45, ids=lambda f: f.__name__)
def test_kept_rule_of_45_on_a_hard_killer(find):
    boards = hard_killer_boards(11)
    forget_rule_of_45()
    same_rule_of_45_kept_and_cold(find, boards)
    assert any(find(b) for b in boards) or find is killer_45.innie_outie_difference


def test_kept_rule_of_45_on_random_killer_boards():
    for boards in random_runs("killer", 2, 20, forget_rule_of_45):
        for find in RULE_OF_45:
            same_rule_of_45_kept_and_cold(find, boards)
