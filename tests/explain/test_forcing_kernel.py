"""The forcing searches' propagation by the compiled kernel (kernel.BoardPropagation, kernel.c's
board() and suppose()) against the Python engine's (forcing.PythonPropagation, the reference):
for every board, the board's own propagation and every supposition from it, "cell is digit" and
"digit out of cell", must give the same contradiction (code and data) and the same candidates in
every cell, the partial state where a contradiction stopped it included (Nishio's reach counts
the cells it changed). Boards: the stuck boards of a Tarek killer along its explanation, random
boards of Tatham's killers, KenKens and sudokus (some sound, some with a solution digit struck
out), and the hardest killers', in the solver's network and in the pencil networks the forcing
searches propagate in (pycore.solve.network.READINGS). Also: where the kernel cannot run or take the puzzle, or fails,
the Python engine answers."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.solve.test_hard_killers import TAREK_MORE, TAREK_WITH_SOLUTIONS, short_killer

from pycore.codec import decode
from pycore.explain import explain, forcing, start_board
from pycore.explain.board import Board
from pycore.model import Cage, Position, Puzzle
from pycore.solve import kernel
from pycore.solve.network import READINGS, compiled

TATHAM_DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "tatham.jsonl"
TATHAM = [json.loads(line) for line in TATHAM_DATA.read_text().splitlines()]


def test_kernel_runs_here():
    # without wasmtime every comparison below would be the Python engine against itself
    assert kernel.available() is None, kernel.available()


def assert_same_propagation(puzzle: Puzzle, masks: tuple[int, ...], reading: str = "solver") -> int:
    """The kernel's and the Python engine's answers on this board and on every supposition
    from it are equal, in the network of `reading`; returns how many suppositions met a
    contradiction."""
    net = compiled(puzzle, reading)
    ours = kernel.board_propagation(puzzle, list(masks), None, reading)
    assert ours is not None
    reference = forcing.PythonPropagation(net, list(masks))
    assert ours.board == reference.board
    problem, cand = reference.board
    if problem is not None:
        return 1
    broken = 0
    for cell, mask in enumerate(masks):
        if not mask & (mask - 1):
            continue
        for digit in range(1, puzzle.size + 1):
            bit = 1 << (digit - 1)
            if mask & bit:   # "cell is digit", as Suppositions.supposing asks
                expected = reference.after(cell, bit)
                assert ours.after(cell, bit) == expected, (cell, digit)
                broken += expected[0] is not None
            rest = cand[cell] & ~bit
            if rest and rest != cand[cell]:   # "digit out of cell", as digit_forcing asks
                expected = reference.after(cell, rest)
                assert ours.after(cell, rest) == expected, (cell, digit, "off")
                broken += expected[0] is not None
    return broken


def test_the_kernel_propagates_a_tarek_killers_stuck_boards_as_python_does(monkeypatch):
    """Every board the forcing searches propagate while a Tarek killer (stuck at 18 points) is
    explained."""
    boards = []
    original = forcing.propagated

    def keep(board, reading="solver"):
        boards.append((board, reading))
        return original(board, reading)
    monkeypatch.setattr(forcing, "propagated", keep)
    puzzle = short_killer(TAREK_MORE[6])
    explain(puzzle, Position.empty(puzzle.cell_count))
    monkeypatch.undo()
    assert len(boards) >= 10
    assert {reading for _, reading in boards} == {"pencil", "pencil-intersections"}
    broken = sum(assert_same_propagation(puzzle, board.masks, reading)
                 for board, reading in boards)
    assert broken > 50   # contradictions (and their partial states) compared, not only fixpoints


def random_board(rng: random.Random, puzzle: Puzzle, solution: list[int], sound: bool) -> Board:
    """Some solution digits placed, other candidates struck out at random, each cell keeping
    its solution digit unless the board is to be unsound (then a few lose it)."""
    start = start_board(puzzle, Position.empty(puzzle.cell_count))
    values, candidates = list(start.values), list(start.candidates)
    n = puzzle.size
    for cell in rng.sample(range(puzzle.cell_count), rng.randint(5, puzzle.cell_count // 3)):
        values[cell], candidates[cell] = solution[cell], 0
    for cell in range(puzzle.cell_count):
        if values[cell]:
            continue
        mask = candidates[cell]
        for digit in range(1, n + 1):
            if (digit != solution[cell] or not sound) and rng.random() < 0.3:
                mask &= ~(1 << (digit - 1))
        candidates[cell] = mask or 1 << (solution[cell] - 1)
    return Board(puzzle, tuple(values), tuple(candidates))


def tatham_sample(kind: str, size: int, count: int):
    records = [r for r in TATHAM if r["kind"] == kind and r["size"] == size]
    return random.Random(size).sample(records, count)


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("kind,size,count", [("killer", 9, 6), ("kenken", 9, 6),
                                             ("kenken", 6, 4), ("sudoku", 9, 4)])
def test_the_kernel_propagates_random_tatham_boards_as_python_does(kind, size, count, reading):
    rng = random.Random(43)
    broken = 0
    for record in tatham_sample(kind, size, count):
        puzzle = decode(record["string"])[0]
        assert kernel.board_words(puzzle, reading) is not None, record["seed"]
        solution = [int(ch) for ch in record["solution"]]
        for sound in (True, True, False):
            board = random_board(rng, puzzle, solution, sound)
            broken += assert_same_propagation(puzzle, board.masks, reading)
    assert broken > 0


@pytest.mark.parametrize("reading", READINGS)
def test_the_kernel_propagates_random_hardest_killer_boards_as_python_does(reading):
    rng = random.Random(44)
    for text, solution in TAREK_WITH_SOLUTIONS[:8]:
        puzzle = short_killer(text)
        for sound in (True, False):
            board = random_board(rng, puzzle, [int(ch) for ch in solution], sound)
            assert_same_propagation(puzzle, board.masks, reading)


def test_a_reading_outside_the_list_is_refused():
    puzzle = short_killer(TAREK_MORE[6])
    with pytest.raises(ValueError, match="unknown reading 'pencils'"):
        compiled(puzzle, "pencils")


def test_the_forcing_searches_use_the_kernel_where_it_takes_the_puzzle():
    puzzle = short_killer(TAREK_MORE[6])
    state = forcing.propagated(start_board(puzzle, Position.empty(81)))
    assert isinstance(state[2], kernel.BoardPropagation)


def test_without_the_kernel_the_python_engine_propagates_and_explains_alike(monkeypatch):
    record = next(r for r in TATHAM if r["label"] == "keen-9du" and r["seed"] == "bench-9")
    puzzle = decode(record["string"])[0]   # stuck without the forcing searches
    with_kernel = explain(puzzle, Position.empty(puzzle.cell_count))
    monkeypatch.setattr(kernel, "runtime", lambda: None)
    board = start_board(puzzle, Position.empty(puzzle.cell_count))
    assert isinstance(forcing.propagated(board)[2], forcing.PythonPropagation)
    forcing._suppositions_cache.clear()
    forcing._outcomes_cache.clear()
    without = explain(puzzle, Position.empty(puzzle.cell_count))
    used = {step["strategy"] for step in without["steps"]}
    assert {"digit-forcing", "cell-forcing-chain"} <= used   # found through the propagation
    del without["seconds"], with_kernel["seconds"]
    assert without == with_kernel


def test_a_puzzle_beyond_the_kernel_is_propagated_in_python():
    """A KenKen cage too big for the kernel to list its fillings (FULL)."""
    n = 6
    grid = [[(r + c) % n + 1 for c in range(n)] for r in range(n)]
    cages = (Cage(tuple(range(12)), 42, "+"),) + tuple(
        Cage((r * n + c,), grid[r][c], "+") for r in range(2, n) for c in range(n))
    puzzle = Puzzle("kenken", n, (0,) * 36, None, cages)
    assert kernel.board_words(puzzle) is None
    state = forcing.propagated(start_board(puzzle, Position.empty(36)))
    assert isinstance(state[2], forcing.PythonPropagation)


def test_a_kernel_that_fails_hands_over_to_python(monkeypatch):
    puzzle = short_killer(TAREK_MORE[6])
    board = start_board(puzzle, Position.empty(81))
    state = forcing.propagated(board)
    twin = state[2]
    assert isinstance(twin, kernel.BoardPropagation)
    reference = forcing.PythonPropagation(compiled(puzzle), list(board.masks))
    instance = kernel._board_kernel.instance

    def trap(name, *args):
        raise kernel.KernelFault("kernel.wasm trapped")
    monkeypatch.setattr(instance, "call", trap)
    cell = next(c for c, m in enumerate(state[1]) if m & (m - 1))
    digit = state[1][cell].bit_length()
    assert twin.after(cell, 1 << (digit - 1)) == reference.after(cell, 1 << (digit - 1))
    assert twin.python is not None
    monkeypatch.undo()
    # the next board loads the network again and the kernel answers
    assert isinstance(forcing.propagated(board)[2], kernel.BoardPropagation)


def test_two_boards_propagated_in_turn_each_answer_from_their_own():
    """The forcing searches share one kernel instance: a propagation whose board another one
    replaced there (another puzzle's, even) loads its own again."""
    first, second = short_killer(TAREK_MORE[6]), short_killer(TAREK_WITH_SOLUTIONS[0][0])
    rng = random.Random(9)
    boards = [random_board(rng, second, [int(ch) for ch in TAREK_WITH_SOLUTIONS[0][1]], True),
              start_board(first, Position.empty(81)), start_board(second, Position.empty(81))]
    twins = [kernel.board_propagation(b.puzzle, list(b.masks), None) for b in boards]
    references = [forcing.PythonPropagation(compiled(b.puzzle), list(b.masks))
                  for b in boards]
    for cell in range(81):
        for twin, reference, board in zip(twins, references, boards):
            mask = board.masks[cell]
            if mask & (mask - 1):
                bit = mask & -mask
                assert twin.after(cell, bit) == reference.after(cell, bit)
