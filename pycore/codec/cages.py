"""Cages in the colour formats: recovering them by flood fill, colouring them for writing, and
checking that what was read is a puzzle at all."""
from __future__ import annotations

from ..model import ARITHMETIC_KINDS, CAGED_KINDS, Cage, Puzzle, cell_name
from .errors import PuzzleStringError

OPERATOR_CODES = {1: "+", 2: "-", 3: "x", 4: "/"}
CODE_OF_OPERATOR = {op: code for code, op in OPERATOR_CODES.items()}
MAX_COLOURS = 5


def neighbours(cell: int, size: int):
    row, col = divmod(cell, size)
    if col + 1 < size:
        yield cell + 1
    if row + 1 < size:
        yield cell + size
    if col > 0:
        yield cell - 1
    if row > 0:
        yield cell - size


def groups_of(colours: list[int], size: int) -> list[tuple[int, ...]]:
    """Orthogonally connected cells of one colour, in reading order of their first cell."""
    seen = [False] * len(colours)
    groups = []
    for start in range(len(colours)):
        if seen[start]:
            continue
        seen[start] = True
        group, frontier = [start], [start]
        while frontier:
            cell = frontier.pop()
            for other in neighbours(cell, size):
                if not seen[other] and colours[other] == colours[start]:
                    seen[other] = True
                    group.append(other)
                    frontier.append(other)
        groups.append(tuple(sorted(group)))
    return groups


def second_cell(cells: tuple[int, ...], size: int) -> int:
    """Where a KenKen cage keeps its operator: right of the first cell if that is in the cage,
    else below it (the first cell in reading order always has one of the two)."""
    first = cells[0]
    if first % size + 1 < size and first + 1 in cells:
        return first + 1
    return first + size


def cages_from_colours(colours: list[int], contents: list[int], size: int, arithmetic: bool) -> tuple[Cage, ...]:
    """Cage totals sit on a cage's first cell; KenKen operators on its second cell; 0 elsewhere."""
    cages = []
    for cells in groups_of(colours, size):
        first = cells[0]
        total = contents[first]
        if total == 0:
            raise PuzzleStringError(f"the cage at {cell_name(first, size)} has no total")
        op, op_cell = "+", None
        if arithmetic and len(cells) > 1:
            op_cell = second_cell(cells, size)
            code = contents[op_cell]
            if code == 0:
                raise PuzzleStringError(
                    f"the KenKen cage at {cell_name(first, size)} has {len(cells)} cells and no operator")
            if code not in OPERATOR_CODES:
                raise PuzzleStringError(
                    f"the KenKen cage at {cell_name(first, size)} has operator code {code} (1 +, 2 −, 3 ×, 4 ÷)")
            op = OPERATOR_CODES[code]
        for cell in cells[1:]:
            if cell != op_cell and contents[cell]:
                raise PuzzleStringError(
                    f"the cage at {cell_name(first, size)} has a second total ({contents[cell]}) at {cell_name(cell, size)}")
        cages.append(Cage(cells, total, op))
    return tuple(cages)


def cage_contents(puzzle: Puzzle) -> list[int]:
    """The per-cell content values a colour format writes: totals, and KenKen operator codes."""
    contents = [0] * puzzle.cell_count
    for cage in puzzle.cages:
        contents[cage.cells[0]] = cage.total
        if puzzle.kind in ARITHMETIC_KINDS and len(cage.cells) > 1:
            contents[second_cell(cage.cells, puzzle.size)] = CODE_OF_OPERATOR[cage.op]
    return contents


def colour_cages(puzzle: Puzzle) -> list[int]:
    """A colour 1…5 per cell such that touching cages differ, using 5 only when 1…4 cannot do it.

    Deterministic, so re-encoding a string this project wrote gives the same string.
    """
    size = puzzle.size
    cage_of = [-1] * puzzle.cell_count
    for index, cage in enumerate(puzzle.cages):
        for cell in cage.cells:
            cage_of[cell] = index
    for cell, index in enumerate(cage_of):
        if index < 0:
            raise PuzzleStringError(f"{cell_name(cell, size)} is in no cage; colour formats need every cell caged")
    for cage in puzzle.cages:
        if not is_connected(cage.cells, size):
            raise PuzzleStringError(
                f"the cage at {cell_name(cage.cells[0], size)} is not orthogonally connected; no colour format can hold it")
    touching = [set() for _ in puzzle.cages]
    for cell in range(puzzle.cell_count):
        for other in neighbours(cell, size):
            if cage_of[other] != cage_of[cell]:
                touching[cage_of[cell]].add(cage_of[other])
    cage_colours = colour_graph(touching, 4) or colour_graph(touching, MAX_COLOURS)
    if cage_colours is None:  # unreachable for grids, which are planar
        raise PuzzleStringError("the cages cannot be coloured with five colours")
    return [cage_colours[cage_of[cell]] for cell in range(puzzle.cell_count)]


def is_connected(cells: tuple[int, ...], size: int) -> bool:
    members = set(cells)
    reached, frontier = {cells[0]}, [cells[0]]
    while frontier:
        for other in neighbours(frontier.pop(), size):
            if other in members and other not in reached:
                reached.add(other)
                frontier.append(other)
    return len(reached) == len(members)


def colour_graph(touching: list[set[int]], colours: int, step_limit: int = 100_000) -> list[int] | None:
    """Backtracking colouring in reading order, lowest colour first; None if impossible (or too
    slow, which sends the caller on to five colours)."""
    count = len(touching)
    result = [0] * count
    choice = [0] * count
    index, steps = 0, 0
    while 0 <= index < count:
        steps += 1
        if steps > step_limit:
            return None
        used = {result[other] for other in touching[index] if other < index}
        colour = choice[index] + 1
        while colour <= colours and colour in used:
            colour += 1
        if colour <= colours:
            choice[index] = result[index] = colour
            index += 1
        else:
            choice[index] = result[index] = 0
            index -= 1
    return result if index == count else None


def check_puzzle(puzzle: Puzzle) -> Puzzle:
    """Refuses what cannot be a puzzle of its kind: impossible totals, operators on the wrong
    cages, killer totals that do not add up, jigsaw regions of the wrong size."""
    n = puzzle.size
    if puzzle.regions is not None:
        for region in range(1, n + 1):
            count = puzzle.regions.count(region)
            if count != n:
                raise PuzzleStringError(f"jigsaw region {region} has {count} cells; every region needs {n}")
    if puzzle.kind in ARITHMETIC_KINDS:
        for cage in puzzle.cages:
            check_arithmetic_cage(cage, n)
    elif puzzle.kind in CAGED_KINDS:
        for cage in puzzle.cages:
            check_killer_cage(cage, n)
        grand_total = sum(cage.total for cage in puzzle.cages)
        if grand_total != n * n * (n + 1) // 2:
            raise PuzzleStringError(
                f"the cage totals add up to {grand_total}, but a {n}×{n} killer's must add up to {n * n * (n + 1) // 2}")
    return puzzle


def check_killer_cage(cage: Cage, n: int) -> None:
    k = len(cage.cells)
    where = f"the {k}-cell cage at {cell_name(cage.cells[0], n)}"
    if k > n:
        raise PuzzleStringError(f"{where} has more cells than there are digits ({n})")
    low, high = k * (k + 1) // 2, k * (2 * n - k + 1) // 2
    if not low <= cage.total <= high:
        raise PuzzleStringError(
            f"{where} totals {cage.total}, but {k} different digits 1–{n} make {low} to {high}")


def check_arithmetic_cage(cage: Cage, n: int) -> None:
    k = len(cage.cells)
    where = f"the {k}-cell cage at {cell_name(cage.cells[0], n)}"
    symbol = {"+": "+", "-": "−", "x": "×", "/": "÷"}[cage.op]
    if cage.op in "-/" and k != 2:
        raise PuzzleStringError(f"{where} has operator {symbol}, which needs exactly two cells")
    if k == 1:
        low, high = 1, n
    elif cage.op == "+":
        low, high = k, k * n
    elif cage.op == "x":
        low, high = 1, n ** k
    elif cage.op == "-":
        low, high = 1, n - 1
    else:
        low, high = 2, n
    if not low <= cage.total <= high:
        raise PuzzleStringError(f"{where} has target {cage.total}{symbol}, impossible with digits 1–{n}")
