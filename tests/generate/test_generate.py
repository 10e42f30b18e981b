"""Generated puzzles are what was asked for, judged by the rest of the core, not by the generator:
the codec decodes the string to the kind and size, the solver proves one solution, explain grades
it as reported (and as asked). One seed gives one puzzle; another seed another. Small sizes and
gentle grades keep this fast; bench/generate_bench.py times the big and hard ones."""
from collections import Counter

import pytest

from pycore.codec import decode
from pycore.explain import explain
from pycore.generate import GenerateError, generate
from pycore.model import Position
from pycore.solve import solve

CASES = [("sudoku", 4), ("sudoku", 6), ("sudoku", 9), ("killer", 6), ("kenken", 4), ("kenken", 6),
         ("sudoku-x", 6), ("windoku", 9), ("jigsaw", 6), ("killer-jigsaw", 6), ("kendoku", 6)]


def judged(made):
    """(puzzle, solve result, explain report) of a generated puzzle's string."""
    puzzle, position = decode(made["string"])
    result = solve(puzzle)
    report = explain(puzzle, position, solution=result.solution)
    return puzzle, result, report


@pytest.mark.parametrize("kind,size", CASES)
def test_a_generated_puzzle_is_the_kind_and_size_asked_unique_and_graded_as_reported(kind, size):
    made = generate(kind, size, seed=7)
    puzzle, result, report = judged(made)
    assert (puzzle.kind, puzzle.size) == (kind, size)
    assert result.status == "unique"
    assert report["status"] == "solved"
    assert report["grade"]["level"] == made["grade"]
    assert isinstance(made["seconds"], float) and made["seconds"] >= 0


@pytest.mark.parametrize("kind,size", [("sudoku", 9), ("kenken", 4), ("killer", 6)])
def test_a_grade_asked_for_is_the_grade_explain_gives(kind, size):
    made = generate(kind, size, grade="gentle", seed=11)
    assert made["grade"] == "gentle"
    assert judged(made)[2]["grade"]["level"] == "gentle"


def test_a_harder_grade_is_met_by_giving_back_givens_or_another_attempt():
    made = generate("sudoku", 9, grade="moderate", seed=5)
    puzzle, result, report = judged(made)
    assert result.status == "unique" and report["grade"]["level"] == "moderate"


@pytest.mark.parametrize("kind,size", [("sudoku", 9), ("killer", 6), ("kenken", 5)])
def test_one_seed_one_puzzle_another_seed_another(kind, size):
    first = generate(kind, size, seed=42)["string"]
    assert generate(kind, size, seed=42)["string"] == first
    assert generate(kind, size, seed=43)["string"] != first


def test_sudoku_givens_are_symmetric_about_the_centre_and_none_can_go():
    puzzle = decode(generate("sudoku", 9, seed=3)["string"])[0]
    g = puzzle.givens
    assert all(bool(g[c]) == bool(g[80 - c]) for c in range(81))
    # near-minimal: taking away any one symmetric pair leaves more than one solution
    for c in range(41):
        if g[c]:
            fewer = list(g)
            fewer[c] = fewer[80 - c] = 0
            thinner = type(puzzle)(puzzle.kind, 9, tuple(fewer))
            assert solve(thinner).status == "multiple"


@pytest.mark.parametrize("kind,grade,seed", [("sudoku", "tough", 1), ("sudoku-x", None, 1),
                                             ("jigsaw", "moderate", 2)])
def test_graded_givens_stay_symmetric_and_near_minimal(kind, grade, seed):
    """Givens given back to ease a grade, or moved to harden it, go in symmetric pairs, and
    those given back and no longer needed go again: at most two pairs could still go."""
    made = generate(kind, 9, grade, seed=seed)
    puzzle = decode(made["string"])[0]
    g = puzzle.givens
    assert all(bool(g[c]) == bool(g[80 - c]) for c in range(81))
    could_go = 0
    for c in range(41):
        if g[c]:
            fewer = list(g)
            fewer[c] = fewer[80 - c] = 0
            thinner = type(puzzle)(puzzle.kind, 9, tuple(fewer), puzzle.regions)
            could_go += solve(thinner).status == "unique"
    assert could_go <= 2
    assert judged(made)[2]["grade"]["level"] == made["grade"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_killer_harder_than_gentle_has_no_cage_that_gives_its_digit_away(seed):
    made = generate("killer", 9, "moderate", seed=seed)
    puzzle, result, report = judged(made)
    sizes = Counter(len(c.cells) for c in puzzle.cages)
    assert sizes[1] == 0 and max(sizes) <= 5
    assert result.status == "unique" and report["grade"]["level"] == "moderate"


def test_a_gentle_killer_is_led_by_single_cells():
    """Explain grades cage arithmetic above gentle: a gentle killer starts from cells that are
    cages of their own (the one grade where a give-away cage belongs)."""
    made = generate("killer", 6, "gentle", seed=1)
    puzzle, result, report = judged(made)
    assert result.status == "unique" and report["grade"]["level"] == "gentle"
    assert any(len(c.cells) == 1 for c in puzzle.cages)


def test_killer_cages_are_small_and_rarely_single_cells():
    puzzle = decode(generate("killer", 9, seed=2)["string"])[0]
    sizes = Counter(len(c.cells) for c in puzzle.cages)
    assert max(sizes) <= 5
    assert sizes[1] <= 3
    assert not any(puzzle.givens)


@pytest.mark.parametrize("kind", ["jigsaw", "killer-jigsaw"])
def test_jigsaw_regions_are_random_connected_and_of_the_grid_size(kind):
    puzzle = decode(generate(kind, 7, seed=6)["string"])[0]
    n = puzzle.size
    for region in range(1, n + 1):
        cells = {c for c, g in enumerate(puzzle.regions) if g == region}
        assert len(cells) == n
        reached, todo = {min(cells)}, [min(cells)]
        while todo:
            r, c = divmod(todo.pop(), n)
            for x in (r * n + c - 1 if c else -1, r * n + c + 1 if c < n - 1 else -1, (r - 1) * n + c, (r + 1) * n + c):
                if x in cells and x not in reached:
                    reached.add(x)
                    todo.append(x)
        assert reached == cells
    assert puzzle.regions != decode(generate(kind, 7, seed=8)["string"])[0].regions


@pytest.mark.parametrize("size,grade,seed", [(6, None, 4), (6, "moderate", 2), (9, None, 1)])
def test_kenken_mixes_its_operators(size, grade, seed):
    puzzle = decode(generate("kenken", size, grade, seed=seed)["string"])[0]
    ops = Counter(c.op for c in puzzle.cages if len(c.cells) > 1)
    assert len(ops) >= 3 and max(ops.values()) <= 0.6 * sum(ops.values())


@pytest.mark.parametrize("kind,size,grade", [("sudoku", 7, None), ("windoku", 6, None),
                                             ("kenken", 10, None), ("magic", 9, None),
                                             ("sudoku", 9, "hard")])
def test_what_cannot_be_generated_is_refused_with_a_reason(kind, size, grade):
    with pytest.raises(GenerateError):
        generate(kind, size, grade, seed=1)


def test_a_grade_a_size_cannot_reach_is_refused_at_once():
    with pytest.raises(GenerateError, match="cannot be made moderate"):
        generate("sudoku", 4, grade="moderate", seed=1)
