"""The kernel's work-sharing exports (kernel.c `restrict`, `donate`), which web/search-worker.mjs
uses to split one search over several kernels: driven here through wasmtime by a coordinator
written like web/search-split.js's (a queue of parts, idle kernels asking a busy one for half
of its untried digits), in turns on one thread. The split search must answer what the single
search answers: status, the solution, and for "multiple" two different solutions."""
from __future__ import annotations

import struct

import pytest

from pycore.model import Cage, Puzzle
from pycore.solve import kernel, solve
from pycore.solve.engine import Solver

from tests.solve.test_kernel import hard_killer

OUT = kernel.RESULT_HEAD.size   # kernel.c's Out: the head, then solution[81], then second[81]


def start(part, base, derived, count):
    """A kernel on `part` (every cell's candidates, or None for the whole search)."""
    instance = kernel.runtime().instance()
    assert kernel.send(instance, "input", "init", base)
    if part is not None:
        empty = any(instance.call("restrict", cell, mask) for cell, mask in enumerate(part))
        if empty:
            return None
    return {"instance": instance, "out": instance.call("result"), "derived": derived,
            "count": count}


def step(search, budget):
    """Runs a slice; the kernel's status (0 running, 1, 2, 3) and the solutions it holds."""
    instance, out = search["instance"], search["out"]
    while instance.call("step", budget) == kernel.PAUSED:
        assert kernel.send(instance, "input_more", "extend", search["derived"])
        budget = kernel.RESULT_HEAD.unpack(instance.read(out, OUT))[9]
    head = kernel.RESULT_HEAD.unpack(instance.read(out, OUT))
    count = search["count"]
    found = []
    for k in range(min(head[8], 2)):
        raw = instance.read(out + OUT + 4 * 81 * k, 4 * count)
        found.append(struct.unpack(f"<{count}i", raw))
    return head[0], found, head[1]


def donate(search):
    address = search["instance"].call("donate")
    if not address:
        return None
    count = search["count"]
    return list(struct.unpack(f"<{count}i", search["instance"].read(address, 4 * count)))


def split_solve(puzzle, workers=3, slice_nodes=40):
    """The coordinator, in turns: (status, distinct solutions, parts searched)."""
    encoding = kernel.Encoding(puzzle)
    base, derived = encoding.base(), encoding.derived()
    queue, running, solutions, parts = [None], [], [], 0
    while queue or running:
        while queue and len(running) < workers:
            parts += 1
            search = start(queue.pop(0), base, derived, puzzle.cell_count)
            if search is not None:
                running.append(search)
        for search in list(running):
            status, found, _ = step(search, slice_nodes)
            for solution in found:
                if solution not in solutions:
                    solutions.append(solution)
            if len(solutions) >= 2:
                return "multiple", solutions, parts
            if status:
                running.remove(search)
        for search in running:   # idle kernels ask for work
            if len(queue) + len(running) >= workers:
                break
            part = donate(search)
            if part is not None:
                queue.append(part)
    return ("unique" if solutions else "none"), solutions, parts


@pytest.mark.parametrize("workers", [2, 4])
@pytest.mark.parametrize("name", ["TAREK_ALL#0", "TAREK_ALL#9", "TAREK_ALL#36"])
def test_hard_killers_split(name, workers):
    puzzle = hard_killer(name)
    single = solve(puzzle, engine="kernel")
    status, solutions, parts = split_solve(puzzle, workers)
    assert (status, solutions) == (single.status, [single.solution])
    assert parts >= 2   # it did split


def test_two_solutions_split():
    puzzle = Puzzle("sudoku", 9, (0,) * 81)
    status, solutions, _ = split_solve(puzzle)
    assert status == solve(puzzle, engine="kernel").status == "multiple"
    first, second = solutions
    assert first != second
    for solution in solutions:
        assert Solver(Puzzle("sudoku", 9, solution)).step(100).status == "unique"


def test_no_solution_split():
    # Tarek #9 with one unit moved between its 4th and 5th cages' totals: no solution, refuted
    # by a search of some 400 nodes
    puzzle = hard_killer("TAREK_ALL#9")
    cages = list(puzzle.cages)
    cages[3] = Cage(cages[3].cells, cages[3].total + 1)
    cages[4] = Cage(cages[4].cells, cages[4].total - 1)
    wrong = Puzzle("killer", 9, (0,) * 81, None, tuple(cages))
    assert solve(wrong, engine="kernel").status == "none"
    status, solutions, parts = split_solve(wrong)
    assert (status, solutions) == ("none", []) and parts >= 2


def test_restrict_after_the_search_started_is_refused():
    puzzle = hard_killer("TAREK_ALL#0")
    encoding = kernel.Encoding(puzzle)
    search = start(None, encoding.base(), encoding.derived(), 81)
    step(search, 5)
    assert search["instance"].call("restrict", 0, 1) == 1
