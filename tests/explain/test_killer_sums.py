"""The killer sum tables the rule-of-45 strategies read (issue 44 made them faster): group_sums
against every filling counted by hand, and a virtual cage's kept answer following its cells'
candidates, and a cage's fillings per combination (kept on the candidates within the
combination) against a listing."""
from itertools import product

from hypothesis import given, settings, strategies as st

from pycore.explain.killer_sums import (_fillings, _listed_fillings, _traded_fillings, digit_sum,
                                        fitting_combinations, group_sums, sum_supports)


def by_hand(size: int, candidates: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """{sum: per-cell digits} from every filling with distinct digits, listed one by one."""
    found: dict[int, list[int]] = {}
    options = [[d for d in range(1, size + 1) if mask >> (d - 1) & 1] for mask in candidates]
    for filling in product(*options):
        if len(set(filling)) == len(filling):
            per_cell = found.setdefault(sum(filling), [0] * len(filling))
            for i, d in enumerate(filling):
                per_cell[i] |= 1 << (d - 1)
    return {total: tuple(found[total]) for total in sorted(found)}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([4, 6, 9]).flatmap(
    lambda size: st.tuples(st.just(size), st.lists(st.integers(0, (1 << size) - 1),
                                                    min_size=1, max_size=min(size, 5)))))
def test_group_sums_are_every_fillings(case):
    size, masks = case
    assert group_sums.__wrapped__(size, tuple(masks)) == by_hand(size, tuple(masks))


def test_group_sums_of_two_cells_making_17_or_3():
    nine = (1 << 9) - 1
    sums = group_sums(9, (nine, nine))
    assert sums[17] == (0b110000000, 0b110000000)   # 8+9
    assert sums[3] == (0b11, 0b11)                   # 1+2
    assert 2 not in sums and 18 not in sums          # a digit once in a clique


def test_digit_sum():
    assert digit_sum(0) == 0
    assert digit_sum(0b100000001) == 1 + 9
    assert digit_sum((1 << 9) - 1) == 45


def test_a_virtual_cage_follows_its_cells_candidates():
    """virtual_cage keeps its answers: the same cells and sum on changed candidates are
    worked out again, never answered from the board before."""
    from pycore.explain.killer_45 import virtual_cage
    from tests.explain.positions import make_board, with_marks
    board = make_board(kind="killer", cages=[((0, 1), 17)])
    a1, a2, b1 = 0, 1, 9   # A1 sees A2 (row A) and B1 (column 1, box)
    open_ = virtual_cage(board, (a1, b1), 10)
    assert open_ == virtual_cage(board, (a1, b1), 10)
    narrowed = with_marks(board, {"A1": "1"})
    assert virtual_cage(narrowed, (a1, b1), 10) == (0b1, 0b100000000)   # 1 + 9
    assert virtual_cage(board, (a1, b1), 10) == open_ == (0b111101111, 0b111101111)  # not 5+5
    assert virtual_cage(with_marks(board, {"A1": "5", "A2": "5"}), (a1, a2), 10) is None


def supports_by_hand(size: int, total: int, groups) -> tuple | None:
    """Each cell's digits over every filling of the groups (distinct digits within a group,
    repeats across groups) adding up to `total`, listed one by one; None when none does."""
    options = [[d for d in range(1, size + 1) if mask >> (d - 1) & 1]
               for group in groups for mask in group]
    starts = [sum(len(g) for g in groups[:i]) for i in range(len(groups))]
    found = [0] * len(options)
    for filling in product(*options):
        parts = [filling[a:a + len(g)] for a, g in zip(starts, groups)]
        if sum(filling) == total and all(len(set(p)) == len(p) for p in parts):
            for i, d in enumerate(filling):
                found[i] |= 1 << (d - 1)
    if not any(found):
        return None
    return tuple(tuple(found[a:a + len(g)]) for a, g in zip(starts, groups))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([4, 6, 9]).flatmap(
    lambda size: st.tuples(st.just(size), st.integers(1, 40),
                           st.lists(st.lists(st.integers(1, (1 << size) - 1), min_size=1,
                                             max_size=3), min_size=1, max_size=3))))
def test_sum_supports_are_every_fillings(case):
    # cells of one group hold distinct digits, cells of different groups may repeat one
    size, total, groups = case
    groups = tuple(tuple(g) for g in groups)
    assert sum_supports.__wrapped__(size, total, groups) == supports_by_hand(size, total, groups)


def fits_by_hand(size: int, total: int, candidates: tuple[int, ...]):
    """((combination mask, per-cell masks), ...) from every filling with distinct digits making
    `total`, listed one by one, combinations in increasing mask order."""
    found: dict[int, list[int]] = {}
    options = [[d for d in range(1, size + 1) if mask >> (d - 1) & 1] for mask in candidates]
    for filling in product(*options):
        if len(set(filling)) == len(filling) and sum(filling) == total:
            combo = sum(1 << (d - 1) for d in filling)
            per_cell = found.setdefault(combo, [0] * len(filling))
            for i, d in enumerate(filling):
                per_cell[i] |= 1 << (d - 1)
    return tuple((combo, tuple(found[combo])) for combo in sorted(found))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([4, 6, 9]).flatmap(
    lambda size: st.tuples(st.just(size), st.integers(1, 45),
                           st.lists(st.integers(1, (1 << size) - 1), min_size=1,
                                    max_size=min(size, 5)))))
def test_fitting_combinations_are_every_filling_kept_or_cold(case):
    # the fillings are kept on the candidates within a combination: asked once with the kept
    # store as earlier cases left it, once with nothing kept, both equal a listing
    size, total, masks = case
    masks = tuple(masks)
    expected = fits_by_hand(size, total, masks)
    kept = fitting_combinations.__wrapped__(size, total, masks)
    _fillings.cache_clear()
    cold = fitting_combinations.__wrapped__(size, total, masks)
    assert sorted(kept) == sorted(cold) == list(expected)


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 9).flatmap(
    lambda count: st.tuples(st.sets(st.integers(0, 8), min_size=count, max_size=count),
                            st.lists(st.integers(0, 511), min_size=count, max_size=count))))
def test_traded_fillings_are_the_listed_ones(case):
    # one filling and the cycles cells trade digits along (5 cells up, up to a whole house's
    # rest) against the digit sets listed, on the candidates within the combination
    digits, masks = case
    combo = sum(1 << d for d in digits)
    masks = tuple(m & combo for m in masks)
    assert _traded_fillings(masks, combo) == _listed_fillings(masks, combo)
