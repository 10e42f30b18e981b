"""Forcing chains: suppose something and follow only the easy steps (singles and cage arithmetic),
as a person can with a pencil, which is why they count as logic, if the hardest kind.

- Digit forcing chain: a candidate supposed true, then false; when the easy steps from both
  place the same digit in the same cell, that cell holds it (or remove the same candidate: it
  goes).
- Nishio, the last resort SudokuWiki's solver also keeps: a candidate whose supposition ends in
  a contradiction goes."""
from __future__ import annotations

import gc
from dataclasses import replace
from functools import wraps
from operator import or_
from typing import Callable, NamedTuple

from ..model import digit_name, digits_of
from ..solve.engine import describe, propagate
from ..solve.kernel import board_propagation
from ..solve.network import FULL, Network, compiled
from .board import Board, Step
from .single_digit import conjugate_pairs


def young_collected(search):
    """`search` with what was alive before it frozen out of the cyclic garbage collector while
    it runs (gc.freeze), thawed after: a forcing search makes and drops tens of thousands of
    boards and steps, and each collection it set off also walked the kept tables of every
    strategy (~75,000 objects on a stuck killer). Over TAREK_MORE 6's explanation the collector
    took 0.23-0.29 s before, 0.10-0.11 after. Only when nothing else froze (a caller's own
    freeze is left as it was); gc.freeze and gc.unfreeze are the same in Pyodide."""
    @wraps(search)
    def run(board):
        if gc.get_freeze_count():
            return search(board)
        gc.freeze()
        try:
            return search(board)
        finally:
            gc.unfreeze()
    return run


# What a reader follows in their head after the supposition: placing digits and reading cages.
EASY = ("full-house", "naked-single", "hidden-single", "single-cell-cage", "cage-combinations",
        "cage-arithmetic")
# A chain longer than this is no longer something a person follows (and costs the hint time).
MAX_STEPS = 40
# Easy steps over all the suppositions of one search, on a 9×9 grid (a larger one gets fewer in
# proportion to its cells, each step costing more there). Past it the search gives up rather than
# keep a hint waiting. Only suppositions a pencil network's propagation refutes are followed (see
# `pencil_refutes`), so the budget goes to the promising ones: 5,000 unsticks both of Tatham's
# unreasonable KenKens the other strategies leave stuck (700 unstuck one, and before the filter
# 5,000 took a killer's explanation to 7 s: each stuck point paid a whole failed search).
BUDGET = 5000
# Suppositions are made only in cells of at most this many candidates. Over Tarek's 35 killers,
# whole explanations: 7 finds 10 Nishio steps (690 steps in all, the slowest explanation 0.96 s),
# 8 a few more at 2.4 s, 9 (every cell) 37 (733 steps) at 3.6 s: each step pays the filter's
# propagation of every supposition before it. Tatham's two KenKens need no more than 4.
MOST_CANDIDATES = 7


def propagated(board: Board, reading: str = "solver"):
    """The board (its digits as the only candidate of their cells) propagated in the network of
    `reading` (pycore.solve.network.READINGS: the solver's, or a pencil network of the easy
    steps): (network, candidates, the propagation, whose `after(cell, mask)` propagates a
    supposition from there, the contradiction met or None); None when the solver cannot read
    the puzzle or a cell of the board is already empty. The compiled kernel propagates where it
    runs and takes the puzzle (the same answers, ~10x sooner: pycore/solve/HISTORY.md), else
    the Python engine."""
    net = compiled(board.puzzle, reading)
    if net.error or not all(board.masks):
        return None
    twin = board_propagation(board.puzzle, list(board.masks),
                             lambda: PythonPropagation(net, list(board.masks)), reading)
    if twin is None:
        twin = PythonPropagation(net, list(board.masks))
    problem, cand = twin.board
    return net, cand, twin, problem


class PythonPropagation:
    """kernel.BoardPropagation's twin in the Python engine, and the reference it is tested
    against: the board propagated from the network's fresh live state (singles: the cells of one
    candidate; changed: every cell), then `after(cell, mask)`, a supposition narrowing the cell
    to `mask` propagated from there: (the contradiction met or None, every cell's candidates)."""

    def __init__(self, net: Network, cand: list[int]):
        self.net, self.cand, self.live = net, cand, list(net.live)
        singles = [cell for cell, mask in enumerate(cand) if not mask & (mask - 1)]
        self.board = propagate(net, cand, self.live, singles, set(range(len(cand)))), cand

    def after(self, cell: int, mask: int) -> tuple:
        trial = self.cand[:]
        trial[cell] = mask
        return (propagate(self.net, trial, self.live[:], [] if mask & (mask - 1) else [cell],
                          {cell}), trial)


class Suppositions:
    """The propagation of one board in a pencil network (`reading`), and of each supposition
    "cell is digit" from it, each done once: the digit, cell and unit forcing searches and Nishio
    of one step ask the same (on Tarek's killers, a quarter of a stuck step's time was this
    asked again)."""

    def __init__(self, board: Board, reading: str):
        self.board, self.state, self.trials = board, propagated(board, reading), {}

    def supposing(self, cell: int, digit: int) -> tuple:
        """(the contradiction met or None, every cell's candidates after the propagation): to
        be read, not changed, as every search shares it. Only when `state` holds no
        contradiction."""
        found = self.trials.get((cell, digit))
        if found is None:
            found = self.trials[cell, digit] = self.state[2].after(cell, 1 << (digit - 1))
        return found


_suppositions_cache: dict = {}   # reading -> the Suppositions of the last board asked


def suppositions_of(board: Board, reading: str = "pencil") -> Suppositions:
    last = _suppositions_cache.get(reading)
    if last is not None and same_board(last.board, board):
        return last
    _suppositions_cache[reading] = Suppositions(board, reading)
    return _suppositions_cache[reading]


def solver_contradiction(board: Board) -> str | None:
    """What the solver's propagation finds broken, from the board alone, in words; or None. It
    tells a wrong position without knowing the solution: on one of Tarek's killers, a wrong digit
    among 10 or more right ones was caught 60 times in 60 (alone on the grid, 4 in 60)."""
    state = propagated(board)
    if state is None or state[3] is None:
        return None
    return describe(state[0], state[3])


def pencil_refutes(board: Board) -> Callable[[int, int], int]:
    """A test of suppositions on `board`: whether the propagation in a pencil network finds
    "cell is digit" contradictory, in a fraction of the easy steps' time (0 when not; else how
    far it reached, the cells it narrowed before the contradiction plus one: a short reach tends
    to mean a short chain of easy steps). It does what the easy steps do (singles, every cage's
    arithmetic), except that for a killer cage of four or more cells it keeps the digits of the
    fitting combinations where the easy steps keep each cell's digits of the fitting fillings,
    and it takes a cage's digits from the cage's other cells at once; so a supposition it does
    not refute is, but for that rare case (never met in 122,000 suppositions checked:
    pycore/explain/README.md), one the easy steps cannot refute either, and Nishio does not
    follow it (tests check both kinds of stuck board it is used on, and random killer boards).
    A KenKen cage too big for the solver to list its fillings is checked there only once solved,
    so with one of those every supposition is followed. The board is propagated once; each
    supposition then starts from there."""
    known = suppositions_of(board)
    state = known.state
    if state is None or state[3] or any(kind == FULL for kind, *_ in state[0].constraints):
        return lambda cell, digit: 1   # nothing to filter with: follow every supposition
    cand = state[1]

    def refutes(cell: int, digit: int) -> int:
        if not cand[cell] & 1 << (digit - 1):
            return 1   # the propagation already removed it
        broken, trial = known.supposing(cell, digit)
        if broken is None:
            return 0
        return 1 + sum(1 for new, old in zip(trial, cand) if new != old)
    return refutes


def supposition(cell: int, digit: int, holds: bool = True) -> Step:
    """The step a case starts from: "cell is digit" (`holds`), or "cell is not digit"."""
    if holds:
        return Step("supposition", "", placements=((cell, digit),))
    return Step("supposition", "", eliminations=((cell, digit),))


def easy_strategies() -> list:
    """The registry's strategies named in EASY, in its order of difficulty."""
    from .registry import BY_SLUG   # the registry loads this module
    return [BY_SLUG[slug] for slug in EASY if slug in BY_SLUG]


@young_collected
def nishio(board: Board) -> Step | None:
    """A candidate (in cells of up to MOST_CANDIDATES) whose supposition leads, by easy steps
    alone, to a contradiction: it is eliminated. Of those it follows, the one whose
    contradiction rests on the fewest steps: its `chain` spells them out, for a reader to follow
    with a pencil. Each supposition after the first refuted is followed only as far as the best
    chain so far is long, so one whose many steps the contradiction rests on few of can be
    missed (on the tests' KenKen a chain of 3 steps in 17 against the 5 given); still, on
    Tatham's two stuck KenKens chains of 3–13 steps where the first supposition found, in cells
    of fewest candidates first, took 18–34. Each search 0.04–0.06 s against 0.01–0.02, never more
    than trying every supposition in vain already costs."""
    easy = easy_strategies()
    g = board.geometry
    cells = sorted((c for c in board.open_cells()
                    if board.candidates[c].bit_count() <= MOST_CANDIDATES),
                   key=lambda c: (board.candidates[c].bit_count(), c))
    budget = [BUDGET * 81 // g.cell_count]
    walks = walks_from(board, easy)
    refutes = pencil_refutes(board)
    suppositions = [(cell, digit) for cell in cells
                    if board.candidates[cell] & (board.candidates[cell] - 1)   # else a single
                    for digit in digits_of(board.candidates[cell])]
    # Those the propagation refutes, the ones it refutes soonest first: the first chains followed are
    # then short, and every later one is followed only up to the best length so far (on
    # Tatham's two stuck KenKens 0.5-0.65x the time of following them in cell order).
    reaches = [refutes(cell, digit) for cell, digit in suppositions]
    refuted = sorted((reach, order) for order, reach in enumerate(reaches) if reach)
    best = None   # (kept steps, cell, digit, the broken rule): the shortest chain so far
    for _, order in refuted:
        cell, digit = suppositions[order]
        longest = MAX_STEPS if best is None else len(best[0].indices) - 1
        chain = chain_to_contradiction(walks.supposing(cell, digit), budget, longest)
        if chain:
            steps, boards = chain
            kept = KeptChain(steps, boards, needed_steps(steps, boards))
            if best is None or len(kept.indices) < len(best[0].indices):
                best = kept, cell, digit, boards[-1].contradiction()
        if budget[0] <= 0:
            break
    if best is None:
        return None
    kept, cell, digit, reason = best
    kept = said(*kept)
    name, value = g.name(cell), digit_name(digit)
    links = (f"{name} = {value} (the supposition)",
             *(clause(g, step) for step in kept), f"{reason}: a contradiction")
    # On the grid: the supposition (struck, as it goes) and, in the second colour, the digits the
    # chain places on its way, so a reader sees where it runs.
    placed = tuple((c, d, 1) for step in kept for c, d in step.placements)
    return Step("nishio", nishio_text(name, value, len(kept), reason),
                eliminations=((cell, digit),), cells=(cell,), chain=links,
                pattern=((cell, digit, 0),) + placed,
                implications=drawn_cases(board, [(supposition(cell, digit), kept, None)]))


# Digit forcing chains followed, at most, per search: a pencil network's propagation finds the
# candidates whose two cases agree on something (milliseconds for all of them), and only these
# are followed by easy steps (at most MOST_FACTS of what the two cases agree on, placements
# first, within FORCING_BUDGET easy steps on a 9×9), the shortest pair of chains kept.
MOST_FORCINGS = 8
MOST_FACTS = 4
FORCING_BUDGET = 500


@young_collected
def digit_forcing(board: Board) -> Step | None:
    """A candidate that, supposed true and supposed false, leads by easy steps alone to the same
    digit in the same cell (the digit goes there) or to the same candidate gone (it goes). Only
    candidates whose falsehood says something at once are supposed (a cell of two candidates, or
    a digit with two places in a house); a pencil network's propagation picks those whose two
    cases agree, and the pair of chains resting on the fewest steps is given (a placement before
    a removal of as many)."""
    known = suppositions_of(board)
    state = known.state
    if state is None or state[3] is not None:
        return None
    _, cand, twin, _ = state
    forcings = []
    for cell, digit in two_way_candidates(board):
        if len(forcings) == MOST_FORCINGS:
            break   # only these are followed
        rest = cand[cell] & ~(1 << (digit - 1))
        if not rest:
            continue
        broken, on = known.supposing(cell, digit)
        if not broken:
            broken, off = twin.after(cell, rest)
        if broken:
            continue   # a case that breaks a rule is Nishio's
        agreed = both_cases_agree(board, cell, on, off)
        if agreed:
            forcings.append((cell, digit, agreed))
    easy = easy_strategies()
    walks = walks_from(board, easy)
    budget = [FORCING_BUDGET * 81 // board.geometry.cell_count]
    best = None   # (fewest kept steps, then a placement first; cell, digit, fact, kept chains)
    for cell, digit, agreed in forcings:
        cases = [walks.supposing(cell, digit),
                 Walk(board.apply(supposition(cell, digit, holds=False)), easy)]
        for fact in agreed:
            chains = [chain_to_fact(case, fact, budget) for case in cases]
            if None in chains:
                continue
            kept = [KeptChain(steps, boards, needed_steps(steps, boards, [fact[:2] if fact[0] ==
                                                                         "placed" else fact]))
                    for steps, boards in chains]
            score = (len(kept[0].indices) + len(kept[1].indices), fact[0] != "placed")
            if best is None or score < best[0]:
                best = (score, cell, digit, fact, kept)
        if budget[0] <= 0:
            break
    if best is None:
        return None
    _, cell, digit, fact, kept = best
    return forcing_step(board, cell, digit, fact, [said(*chain) for chain in kept])


def both_cases_agree(board: Board, cell: int, on: list[int], off: list[int]) -> list[tuple]:
    """The first MOST_FACTS facts (placements first, in cell order, then removals) on which the
    propagations of a candidate supposed true (`on`) and false (`off`) agree, outside its cell."""
    placed = [("placed", c, now.bit_length())
              for c, (value, now, other) in enumerate(zip(board.values, on, off))
              if not value and now == other and not now & (now - 1) and c != cell]
    if len(placed) >= MOST_FACTS:
        return placed[:MOST_FACTS]
    gone = [("gone", c, d) for c, (held, now, other) in enumerate(zip(board.candidates, on, off))
            if held & ~now & ~other and c != cell for d in digits_of(held & ~now & ~other)]
    return (placed + gone)[:MOST_FACTS]


def forcing_step(board: Board, cell: int, digit: int, fact: tuple, kept: list) -> Step:
    g = board.geometry
    name, supposed = g.name(cell), digit_name(digit)
    kind, target, value = fact
    where, shown = g.name(target), digit_name(value)
    if kind == "placed":
        does, concluded = f"{shown} in {where}", f"{where} is {shown}"
        verbs = ("place", "places")
    else:
        does, concluded = f"{shown} out of {where}", f"{where} is not {shown}"
        verbs = ("take", "takes")
    on_steps, off_steps = kept

    def case(steps: list) -> str:
        if not steps:
            return f"that alone {verbs[1]} {does}"
        count = len(steps)
        return f"{count} easy step{'s' * (count != 1)} {verbs[count == 1]} {does}"

    # each case ends on what it shows, as a cell or unit forcing chain's cases do
    links = (f"{name} = {supposed} (supposed true)", *(clause(g, step) for step in on_steps),
             f"so {concluded}",
             f"{name} \u2260 {supposed} (supposed false)", *(clause(g, step) for step in off_steps),
             f"so {concluded}")
    return Step("digit-forcing",
                f"Digit forcing chain: if {name} is {supposed}, {case(on_steps)}; if {name} is "
                f"not {supposed}, {case(off_steps)} too, so {concluded}",
                placements=((target, value),) if kind == "placed" else (),
                eliminations=((target, value),) if kind == "gone" else (),
                cells=(cell, target), chain=links,
                pattern=((cell, digit, 0), (target, value, 1)),
                implications=drawn_cases(board, [
                    (supposition(cell, digit), on_steps, fact),
                    (supposition(cell, digit, holds=False), off_steps, fact)]))


# --- cell and unit forcing chains, forcing nets -------------------------------------------------
# SudokuWiki's cell forcing chains suppose each candidate of a cell in turn, its unit forcing
# chains each place of a digit in a house: one case is true, so what every case leads to by easy
# steps (the same digit in the same cell, or the same candidate gone) holds; a case that leads to
# a contradiction cannot be the true one and is left out of the agreement. A forcing net is
# either kind whose cases may also take intersections (pointing, box/line) on their way, so
# their steps branch and join (HoDoKu's word). The propagation of every candidate in a pencil
# network (milliseconds for a board; with intersection removal for a net) picks the sets of cases
# that agree on something, and only those are followed by easy steps, the shortest set of chains
# kept.
MOST_CASES = 4       # cells of up to this many candidates, digits of up to this many places
MOST_SETS = 8        # sets of cases followed by easy steps, at most, per search
NET_EXTRA = ("pointing", "box-line-reduction")
_outcomes_cache: dict = {}   # reading -> (board, outcomes) of the last board searched


def same_board(last: Board | None, board: Board) -> bool:
    """Whether a cache kept for `last` serves `board`: the same puzzle, digits and candidates."""
    return (last is not None and last.puzzle is board.puzzle and last.values == board.values
            and last.candidates == board.candidates)


def case_outcomes(board: Board, reading: str) -> dict[tuple[int, int], list[int] | None]:
    """(cell, digit) → every cell's candidates after the propagation in the pencil network of
    `reading` from "cell is digit" (None when it meets a contradiction), for each candidate a set
    of cases supposes; {} when the solver cannot read the board. Kept for the last board, which
    the cell and unit forcing searches share."""
    last, outcomes = _outcomes_cache.get(reading, (None, None))
    if same_board(last, board):
        return outcomes
    outcomes = {}
    known = suppositions_of(board, reading)
    if known.state is not None and known.state[3] is None:
        # only the candidates some set of cases supposes (on a killer's open board, a fraction)
        supposed = {case for _, _, cases in forcing_sets(board, ("cell", "unit")) for case in cases}
        for cell, digit in sorted(supposed):
            broken, trial = known.supposing(cell, digit)
            outcomes[cell, digit] = None if broken else trial
    _outcomes_cache[reading] = board, outcomes
    return outcomes


def forcing_sets(board: Board, kinds: tuple[str, ...]):
    """("cell", cell, cases) for each cell of 2..MOST_CASES candidates and ("unit", house,
    cases) for each digit with 2..MOST_CASES places in a house (a set of places met in two
    houses once), the cases being (cell, digit) suppositions of which one is true."""
    g = board.geometry
    if "cell" in kinds:
        for cell in board.open_cells():
            if 2 <= board.candidates[cell].bit_count() <= MOST_CASES:
                yield "cell", cell, [(cell, d) for d in digits_of(board.candidates[cell])]
    if "unit" in kinds:
        seen = set()
        for index, house in enumerate(g.houses):
            for digit in range(1, board.size + 1):
                places = board.places(digit, house.cells)
                if 2 <= len(places) <= MOST_CASES and (digit, tuple(places)) not in seen:
                    seen.add((digit, tuple(places)))
                    yield "unit", index, [(c, digit) for c in places]


def joined_cases(live: list) -> list[int]:
    """Each cell's digits over the cases' outcomes `live`, joined: a list at a time, at C speed
    (one call per cell, 81 a set of cases, was a tenth of the cell and unit searches' time)."""
    digits = live[0]
    for outcome in live[1:]:
        digits = list(map(or_, digits, outcome))
    return digits


def agreed_facts(board: Board, cases, outcomes) -> list[tuple]:
    """What every case the propagation does not refute agrees on (at least two such cases):
    ("placed", cell, digit) first, then ("gone", cell, digit)."""
    live = [outcomes[case] for case in cases if outcomes.get(case) is not None]
    if len(live) < 2 or any(case not in outcomes for case in cases):
        return []
    # A cell's digits over the cases, joined: one digit means every case placed it (no case
    # leaves a cell empty: that is a contradiction); digits outside it, every case removed.
    open_digits = [(cell, held, digits) for cell, (value, held, digits)
                   in enumerate(zip(board.values, board.candidates, joined_cases(live)))
                   if not value]
    placed = [("placed", cell, digits.bit_length()) for cell, _, digits in open_digits
              if not digits & (digits - 1)]
    gone = [("gone", cell, d) for cell, held, digits in open_digits
            if digits & (digits - 1) and held & ~digits for d in digits_of(held & ~digits)]
    # a refuted case's own candidate gone is Nishio's conclusion, not the cases' agreement
    return [f for f in placed + gone if f[1:] not in cases]


def forcing_search(board: Board, kinds: tuple[str, ...], easy,
                   reading: str = "pencil") -> tuple | None:
    """The set of cases (of the `kinds`) whose chains of `easy` steps to one agreed fact keep
    fewest steps in all: (kind, where, cases, fact, [(kept steps, broken rule or None) per
    case]); None when none is found within the budget. The cases are picked by the propagation
    in the pencil network of `reading`, the one that reads what `easy` reads."""
    outcomes = case_outcomes(board, reading)
    if not outcomes:
        return None
    found = []
    for kind, where, cases in forcing_sets(board, kinds):
        facts = agreed_facts(board, cases, outcomes)
        if facts:
            reach = sum(sum(1 for new, old in zip(outcomes[case], board.masks) if new != old)
                        for case in cases if outcomes[case] is not None)
            found.append((len(cases), reach, kind, where, cases, facts))
    found.sort(key=lambda f: f[:2])
    budget = [FORCING_BUDGET * 81 // board.geometry.cell_count]
    walks = walks_from(board, easy)
    best = None
    for _, _, kind, where, cases, facts in found[:MOST_SETS]:
        supposed = [walks.supposing(*case) for case in cases]
        broken = {}   # the refuted cases' chains, followed once for every fact
        for case, start in zip(cases, supposed):
            if outcomes[case] is None:
                chain = chain_to_contradiction(start, budget)
                if chain is None:
                    break
                steps, boards = chain
                broken[case] = (KeptChain(steps, boards, needed_steps(steps, boards)),
                                boards[-1].contradiction())
        else:
            for fact in facts[:MOST_FACTS]:
                kept = []
                for case, start in zip(cases, supposed):
                    if case in broken:
                        kept.append(broken[case])
                        continue
                    chain = chain_to_fact(start, fact, budget)
                    if chain is None:
                        break
                    steps, boards = chain
                    wanted = [fact[:2] if fact[0] == "placed" else fact]
                    kept.append((KeptChain(steps, boards, needed_steps(steps, boards, wanted)),
                                 None))
                else:
                    score = (sum(len(k.indices) for k, _ in kept), fact[0] != "placed")
                    if best is None or score < best[0]:
                        best = (score, kind, where, cases, fact, kept)
        if budget[0] <= 0:
            break
    if best is None:
        return None
    _, kind, where, cases, fact, kept = best
    return kind, where, cases, fact, [(said(*chain), reason) for chain, reason in kept]


@young_collected
def cell_forcing(board: Board) -> Step | None:
    """Every candidate of one cell, supposed in turn, leads by easy steps to the same
    conclusion (or to a contradiction)."""
    found = forcing_search(board, ("cell",), easy_strategies())
    return None if found is None else set_forcing_step(board, "cell-forcing-chain", *found)


@young_collected
def unit_forcing(board: Board) -> Step | None:
    """Every place of a digit in one house, supposed in turn, leads by easy steps to the same
    conclusion (or to a contradiction)."""
    found = forcing_search(board, ("unit",), easy_strategies())
    return None if found is None else set_forcing_step(board, "unit-forcing-chain", *found)


@young_collected
def forcing_net(board: Board) -> Step | None:
    """A cell or unit forcing chain whose cases may also take intersections on their way."""
    from .registry import BY_SLUG
    easy = easy_strategies() + [BY_SLUG[slug] for slug in NET_EXTRA if slug in BY_SLUG]
    easy.sort(key=lambda s: s.difficulty)
    found = forcing_search(board, ("cell", "unit"), easy, "pencil-intersections")
    return None if found is None else set_forcing_step(board, "forcing-net", *found)


SET_LEADS = {"cell-forcing-chain": "Cell forcing chain", "unit-forcing-chain": "Unit forcing chain",
             "forcing-net": "Forcing net"}


def set_forcing_step(board: Board, slug: str, kind: str, where: int, cases, fact: tuple,
                     kept: list) -> Step:
    """A forcing chain over a set of cases, said case by case: "if E4 is 3, 2 easy steps place 6
    in A1", a refuted case "if E4 is 5, 4 easy steps lead to a contradiction (…)"; its `chain`
    lists every case's steps, each case opening with its supposition."""
    g = board.geometry
    what, target, value = fact
    shown, at = digit_name(value), g.name(target)
    if what == "placed":
        does, verbs, concluded = f"{shown} in {at}", ("place", "places"), f"{at} is {shown}"
    else:
        does, verbs, concluded = f"{shown} out of {at}", ("take", "takes"), f"{at} is not {shown}"
    if kind == "cell":
        digits = [digit_name(d) for _, d in cases]
        opening = f"{g.name(where)} is {' or '.join(digits)}"
        supposes = [f"if {g.name(where)} is {d}" if i == 0 else f"if {d}"
                    for i, d in enumerate(digits)]
    else:
        digit = digit_name(cases[0][1])
        opening = (f"{digit} goes in {g.houses[where].name} at "
                   f"{' or '.join(g.name(c) for c, _ in cases)}")
        supposes = [f"if it is in {g.name(c)}" for c, _ in cases]
    said, links = [], []
    for number, ((cell, digit), supposed, (steps, reason)) in enumerate(
            zip(cases, supposes, kept), 1):
        count = len(steps)
        many = f"{count} easy step{'s' * (count != 1)}"
        if reason is not None:
            said.append(f"{supposed}, " + ("that alone breaks" if not count else
                                           f"{many} break{'s' * (count == 1)}") +
                        f" a rule ({reason})")
        else:
            said.append(f"{supposed}, " + (f"that alone {verbs[1]} {does}" if not count
                                           else f"{many} {verbs[count == 1]} {does}"))
        links.append(f"{g.name(cell)} = {digit_name(digit)} (case {number} of {len(cases)})")
        links += [clause(g, step) for step in steps]
        # each case ends on what it shows, so the list reads case by case without the text
        links.append(f"{reason}: a contradiction" if reason is not None else f"so {concluded}")
    return Step(slug, f"{SET_LEADS[slug]}: {opening}; {'; '.join(said)}; so {concluded}",
                placements=((target, value),) if what == "placed" else (),
                eliminations=((target, value),) if what == "gone" else (),
                cells=tuple(sorted({c for c, _ in cases} | {target})),
                units=(where,) if kind == "unit" else (), chain=tuple(links),
                pattern=tuple((c, d, 0) for c, d in cases) + ((target, value, 1),),
                implications=drawn_cases(board, [
                    (supposition(*case), steps,
                     fact if reason is None else None) for case, (steps, reason) in zip(cases, kept)]))


def two_way_candidates(board: Board) -> list[tuple[int, int]]:
    """(cell, digit) whose falsehood places a digit at once: every digit of a cell with two
    candidates, and a digit with two places in a house (each place), in cell order."""
    found = set()
    for cell in board.open_cells():
        if board.candidates[cell].bit_count() == 2:
            found.update((cell, d) for d in digits_of(board.candidates[cell]))
    every_house = range(len(board.geometry.houses))
    for digit in range(1, board.size + 1):
        for _, a, b in conjugate_pairs(board, digit, every_house):
            found.update(((a, digit), (b, digit)))
    return sorted(found)


def chain_to_fact(walk: Walk, fact: tuple, budget: list[int]):
    """(the steps taken, the boards) if the easy steps of `walk` establish `fact`
    (("placed", cell, digit) or ("gone", cell, digit)) within MAX_STEPS; None if they stop
    first, break a rule, place another digit there or the shared `budget` runs out."""
    kind, cell, digit = fact

    def outcome(now: Board) -> bool | None:
        if now.values[cell]:
            return (now.values[cell] == digit) == (kind == "placed")
        if kind == "gone" and not now.has(cell, digit):
            return True
        return False if now.broken_rule() else None
    return follow_easy(walk, budget, MAX_STEPS, outcome)


def nishio_text(name: str, value: str, count: int, reason: str) -> str:
    if not count:
        return (f"Nishio: if {name} were {value}, that alone would break a rule ({reason}), so "
                f"{name} is not {value}")
    return (f"Nishio: if {name} were {value}, {count} easy step{'s' if count != 1 else ''} "
            f"(singles and cages) would lead to a contradiction ({reason}), so {name} is not "
            f"{value}")


def clause(g, step: Step) -> str:
    """One easy step of a chain, short: a single as its placement and where it comes from, a
    cage step as what the cage can still be (its own claim; the digits that leave follow)."""
    if step.placements:
        ((cell, digit),) = step.placements
        placed = f"{g.name(cell)} = {digit_name(digit)}"
        if step.strategy == "hidden-single":
            return (f"{placed} (the only place for {digit_name(digit)} in "
                    f"{g.houses[step.units[0]].name})")
        if step.strategy == "full-house":
            return f"{placed} (the last open cell of {g.houses[step.units[0]].name})"
        if step.strategy == "single-cell-cage":
            return f"{placed} (one-cell cage)"
        return f"{placed} (its last candidate)"   # a naked single
    if step.strategy in ("pointing", "box-line-reduction"):
        return step.text.split(": ", 1)[1]   # "in box 5, 3 can only be in …, so 3 leaves E1"
    # "Killer combinations: <claim>: <what leaves>", "Cage arithmetic: <claim>, so <what leaves>"
    claim = step.text.split(": ", 1)[-1].removeprefix("with the candidates left, ")
    return claim.split(": ", 1)[0].split(", so ", 1)[0]


def chain_to_contradiction(walk: Walk, budget: list[int], longest: int = MAX_STEPS):
    """(the steps taken, the boards) if the easy steps of `walk` break a rule within `longest`
    steps; None if they stop first, the board holds or the shared `budget` of steps runs out."""
    return follow_easy(walk, budget, longest, lambda now: True if now.broken_rule() else None)


class Walk:
    """The easy steps from one board, each taken once, however often they are followed: a
    supposition's chain is followed for every fact asked of it, by the cell and unit searches
    and Nishio alike, and next_step takes the same steps each time."""

    def __init__(self, board: Board, easy):
        self.easy, self.steps, self.boards, self.stopped = easy, [], [board], False
        self.taken_with = unsaid(easy)

    def board_after(self, taken: int) -> Board | None:
        """The board after `taken` steps; None when the steps stop first."""
        from .run import next_step   # run loads the registry, which loads this module
        while len(self.boards) <= taken:
            if self.stopped:
                return None
            step = next_step(self.boards[-1], self.taken_with)
            if step is None:
                self.stopped = True
                return None
            self.boards.append(self.boards[-1].apply(step))
            self.steps.append(step)
        return self.boards[taken]


def unsaid(easy) -> list:
    """The easy strategies as a walk takes them: cage combinations without its words, which
    cost a killer's forcing searches a tenth of their time for steps mostly never shown (the
    same step else: its strategy, removals, cells and cage; `said` words those shown)."""
    from .killer import cage_combinations_unsaid   # killer's modules load the registry's
    return [replace(s, find=cage_combinations_unsaid) if s.slug == "cage-combinations" else s
            for s in easy]


class KeptChain(NamedTuple):
    """A chain's kept steps before their words (`said(*chain)` when shown): the walk's `steps`
    and `boards`, and the `indices` of the steps kept. The searches compare many chains by how
    many steps they keep and show one: wording each (a cage step found again on its board) cost
    the cell and unit forcing searches an eighth of their time."""
    steps: list
    boards: list
    indices: list


def said(steps: list[Step], boards: list[Board], indices) -> list[Step]:
    """The steps at `indices` of a walk (`boards[i]` the board before `steps[i]`), each with its
    words: a cage combinations step taken unsaid is found again, said, on its board."""
    from .killer import cage_combinations
    return [steps[i] if steps[i].text else cage_combinations(boards[i]) for i in indices]


class Walks:
    """The walks from each supposition "cell is digit" on one board."""

    def __init__(self, board: Board, easy):
        self.board, self.easy, self.walks = board, easy, {}

    def supposing(self, cell: int, digit: int) -> Walk:
        if (cell, digit) not in self.walks:
            start = self.board.apply(supposition(cell, digit))
            self.walks[cell, digit] = Walk(start, self.easy)
        return self.walks[cell, digit]


_walks_cache: list = []   # the Walks of the last board, one per list of easy strategies asked


def walks_from(board: Board, easy) -> Walks:
    """The walks on `board` with `easy` steps, kept while the searches of one step ask the same:
    one per list of easy strategies, so the forcing net (which adds intersections) does not push
    out the walks Nishio follows after it."""
    if _walks_cache and not same_board(_walks_cache[0].board, board):
        _walks_cache.clear()
    for walks in _walks_cache:
        if walks.easy == easy:
            return walks
    _walks_cache.append(Walks(board, easy))
    return _walks_cache[-1]


def follow_easy(walk: Walk, budget: list[int], longest: int, outcome):
    """Follows `walk` until `outcome(board)` says True (returns the steps taken and the boards:
    the start first, then the board after each step) or False (None); None too when the steps
    stop, after `longest` steps or once the shared `budget` of steps followed runs out (a step
    counts each time it is followed, taken before or not, so a search asks what it always asked)."""
    for taken in range(longest + 1):
        board = walk.board_after(taken)
        if board is None:
            return None
        done = outcome(board)
        if done is not None:
            return (walk.steps[:taken], walk.boards[:taken + 1]) if done else None
        if taken == longest or budget[0] <= 0:
            return None
        budget[0] -= 1
    return None


# --- which steps of a chain its contradiction rests on ----------------------------------------
# A fact is ("placed", cell) or ("gone", cell, digit); each step of a chain makes some. Working
# back from the contradiction, a step is needed when a needed step (or the contradiction) reads a
# fact it made. The easy steps read: a naked single, its cell's other digits gone; a hidden
# single, its digit gone from (or another digit placed in) the house's other cells; a full house,
# the house's other cells placed; a cage step, everything about the cage's cells.

def needed_steps(steps: list[Step], boards: list[Board], facts=None) -> list[int]:
    """The indices, in order, of the steps the contradiction at boards[-1] rests on (or, given
    `facts`, those facts)."""
    made = facts_made(boards)
    start = boards[0]
    need: set[int] = set()
    todo = list(facts) if facts is not None else contradiction_facts(boards[-1], start)
    while todo:
        index = made.get(todo.pop())
        if index is not None and index not in need:
            need.add(index)
            todo.extend(fact for fact in facts_read(steps[index], start)
                        if made.get(fact, index) < index)
    return sorted(need)


def facts_made(boards: list[Board]) -> dict[tuple, int]:
    """Each fact the steps between `boards` made → the index of the step that made it."""
    made = {}
    for index, (before, after) in enumerate(zip(boards, boards[1:])):
        for cell in changed_cells(before, after):
            value, was = after.values[cell], before.values[cell]
            old, new = before.candidates[cell], after.candidates[cell]
            if value and not was:
                made[("placed", cell)] = index
            for digit in digits_of(old & ~new):
                made[("gone", cell, digit)] = index
    return made


def changed_cells(before: Board, after: Board):
    """The cells whose digit or candidates differ: those `Board.apply` changed when `after` is
    its board (a step changes a few of the cells; reading all of them was most of the time a
    forcing hint spent here), else every cell compared."""
    lineage = after.__dict__.get("lineage")
    if lineage is not None and lineage[0] is before:
        return sorted(lineage[1])
    return [cell for cell, (value, was, old, new) in enumerate(zip(
        after.values, before.values, before.candidates, after.candidates))
        if old != new or value != was]


def cell_facts(start: Board, cell: int, digits=None) -> list[tuple]:
    """Everything that can have happened to a cell since `start`: placed, or digits gone."""
    return [("placed", cell)] + [("gone", cell, d) for d in digits_of(start.candidates[cell])
                                 if digits is None or d in digits]


def facts_read(step: Step, start: Board) -> list[tuple]:
    g = start.geometry
    if step.strategy in ("naked-single", "hidden-single", "full-house"):
        ((cell, digit),) = step.placements
        if step.strategy == "naked-single":
            return [f for f in cell_facts(start, cell) if f[0] == "gone" and f[2] != digit]
        others = [c for c in g.houses[step.units[0]].cells if c != cell]
        if step.strategy == "hidden-single":
            return [f for c in others for f in cell_facts(start, c, (digit,))]
        return [("placed", c) for c in others]
    cells = set(step.cells)
    for index in step.cages:
        cells.update(start.puzzle.cages[index].cells)
    for index in step.units:
        cells.update(g.houses[index].cells)
    return [f for c in sorted(cells) for f in cell_facts(start, c)]


def contradiction_facts(board: Board, start: Board) -> list[tuple]:
    """What the rule `board.broken_rule()` reports broken rests on."""
    broken = board.broken_rule()
    if broken is None:
        return []
    if broken[0] == "empty":
        return cell_facts(start, broken[1])
    if broken[0] == "twice":
        return [("placed", cell) for cell in broken[3]]
    missing = digits_of(broken[2])
    return [f for cell in broken[1].cells for f in cell_facts(start, cell, missing)]


# --- what a forcing step draws: each case's easy steps as arrows over the grid -------------------
# A case's drawing is its chain of kept steps, as HoDoKu and SudokuWiki draw a forcing chain: an
# arrow from each candidate a step reads (a digit an earlier step of the case placed, or a
# candidate it took out) to what the step does (the digit it places, or the candidates it takes
# out that a later step reads), from the supposition to the conclusion or the contradiction. Which
# earlier step a step reads is `facts_read` against `facts_made`, as for `needed_steps`: the kept
# steps are replayed alone from the supposition (each one reads only what kept steps made, which
# is why they were kept).

def case_implications(board: Board, supposition: Step, kept: list[Step],
                      fact: tuple | None) -> list[tuple[int, int, int, int, bool]]:
    """The arrows of one case: (cell, digit, cell, digit, placed), from a candidate as the case
    has it to one an easy step then places (placed) or takes out; `fact` is what the case shows
    (("placed" or "gone", cell, digit)), None for a case that ends in a contradiction (its arrows
    end at the broken rule's cells). A case whose supposition alone shows the fact is one arrow,
    from the supposition to the conclusion."""
    steps = [supposition, *kept]
    boards = [board]
    for step in steps:
        boards.append(boards[-1].apply(step))
    made = facts_made(boards)
    if fact is None:
        ends = contradiction_facts(boards[-1], board)
    else:
        ends = [fact[:2] if fact[0] == "placed" else fact]
    # what each step (then the end) reads that an earlier step of the case made
    reads = [[(made[f], f) for f in facts_read(step, board) if made.get(f, index) < index]
             for index, step in enumerate(steps[1:], 1)]
    ends_read = [(made[f], f) for f in ends if f in made]
    # an elimination step's arrows go to the candidates it takes out that are read later
    read_later = {f for read in reads + [ends_read] for _, f in read}
    arrows = []
    for index, read in enumerate(reads, 1):
        step = steps[index]
        to = [(c, d, True) for c, d in step.placements] or [
            (c, d, False) for c, d in step.eliminations if ("gone", c, d) in read_later]
        for source in unique(node(steps[maker], f) for maker, f in read):
            arrows += [(*source, c, d, placed) for c, d, placed in to if (c, d) != source]
    for maker, f in ends_read:
        source = node(steps[maker], f)
        if f[0] == "gone" and f[1:] != source:
            arrows.append((*source, f[1], f[2], False))
    return unique(arrows)


def node(step: Step, fact: tuple) -> tuple[int, int]:
    """The candidate an arrow leaves from for `fact`, made by `step`: the digit it places (its
    peers' and its cell's candidates go with it), else the candidate it takes out."""
    if step.placements:
        return step.placements[0]
    return fact[1], fact[2]


def unique(items) -> list:
    """`items` without repeats, in order."""
    return list(dict.fromkeys(items))


def drawn_cases(board: Board, cases) -> tuple[tuple[int, int, int, int, int, bool], ...]:
    """Step.implications for `cases`, each (supposition, kept steps, fact or None): every
    case's arrows with its number (from 0)."""
    return tuple((*arrow[:4], number, arrow[4]) for number, (supposition, kept, fact)
                 in enumerate(cases) for arrow in case_implications(board, supposition, kept, fact))


STRATEGIES = {"digit-forcing": digit_forcing, "cell-forcing-chain": cell_forcing,
              "unit-forcing-chain": unit_forcing, "forcing-net": forcing_net, "nishio": nishio}
