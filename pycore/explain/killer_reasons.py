"""Why a killer cage's combination fails and why a candidate leaves one of its cells, in the words
a person checks with a pencil: "(I3 takes none of 4+5+9)", "7 leaves G8, as G7, G9 and H9
would then need 11, which they cannot make". A list of combinations alone leaves the reader to
find the reason (issue 44: "can only be [nine combinations]: 7 leaves G8 and G9")."""
from __future__ import annotations

from itertools import combinations

from ..model import digit_name, digits_of, joined
from ..solve.combos import combinations_for
from .board import Board, digits_text, leaves_text


# More failing combinations than this (only in grids over 9×9) are counted, not listed.
MOST_SAID = 12


def _digits_or(mask: int) -> str:
    """"1, 2 or 3"."""
    words = [digit_name(d) for d in digits_of(mask)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _sum(combo: int) -> str:
    return "+".join(digit_name(d) for d in digits_of(combo))


def _blocked(board: Board, cells, cands, combo: int) -> str:
    """Why `cells` (with candidates `cands`), each taking some digit of `combo`, cannot hold its
    digits one each: the fewest digits that fit in fewer cells, else the fewest cells that take
    fewer of its digits (Hall: one of these always holds)."""
    g = board.geometry
    digits = digits_of(combo)
    for size in range(2, len(digits) + 1):
        for group in combinations(digits, size):
            bits = sum(1 << (d - 1) for d in group)
            room = [c for c, m in zip(cells, cands) if m & bits]
            if len(room) < size:
                return (f"in {_sum(combo)}, {joined(digit_name(d) for d in group)} only fit "
                        f"{g.names(room)}")
        for group in combinations(range(len(cells)), size):
            took = 0
            for i in group:
                took |= cands[i] & combo
            if took.bit_count() < size:
                return (f"in {_sum(combo)}, {g.names([cells[i] for i in group])} only take "
                        f"{joined(digit_name(d) for d in digits_of(took))}")
    return f"its cells cannot hold {_sum(combo)}"


def failing_text(board: Board, cells, cands, rest: int, fits, placed: int) -> str:
    """" (3+6+9 and 4+5+9 need 3 or 4, which none of its open cells takes; I3 takes none of
    1+8+9)": the combinations of `rest` in the open cells that do not fit, each with why; those
    that repeat a placed digit, and those with a digit no open cell takes, said together. ""
    when every combination fits."""
    fitting = {combo for combo, _ in fits}
    failing = [c for c in combinations_for(board.size, rest, len(cells)) if c not in fitting]
    if not failing:
        return ""
    takeable = 0
    for mask in cands:
        takeable |= mask
    if len(failing) > MOST_SAID:   # a big grid's wide cage: how many fail, not each
        missing = sum(1 for c in failing if c & (placed | ~takeable))
        said = f"{len(failing)} other combinations of {rest} fail"
        if missing:
            which = "all" if missing == len(failing) else f"{missing} of them"
            said += f", {which} for a placed digit or one none of its open cells takes"
        return f" ({said})"
    reasons = []
    repeats = [c for c in failing if c & placed]
    if repeats:
        used = 0
        for c in repeats:
            used |= c & placed
        verb = "repeats" if len(repeats) == 1 else "repeat"
        reasons.append(f"{_sums(repeats)} {verb} the placed {_digits_or(used)}")
    missing = [c for c in failing if not c & placed and c & ~takeable]
    if missing:
        absent = 0
        for c in missing:
            absent |= c & ~takeable
        verb = "needs" if len(missing) == 1 else "need"
        reasons.append(f"{_sums(missing)} {verb} {_digits_or(absent)}, which none of its "
                       f"open cells takes")
    empty: dict[int, list[int]] = {}   # a cell that takes none of several: said once
    for c in failing:
        if c & placed or c & ~takeable:
            continue
        bare = next((cell for cell, mask in zip(cells, cands) if not mask & c), None)
        if bare is None:
            reasons.append(_blocked(board, cells, cands, c))
        else:
            if bare not in empty:
                empty[bare] = []
                reasons.append(bare)
            empty[bare].append(c)
    said = [r if isinstance(r, str) else
            f"{board.geometry.name(r)} takes none of {_sums(empty[r]).replace(' and ', ' or ')}"
            for r in reasons]
    return f" ({'; '.join(said)})"


def _sums(combos) -> str:
    """"1+8+9, 2+7+9 and 3+6+9"."""
    return joined(_sum(c) for c in combos)


def removals_text(board: Board, cells, rest: int, fits, removed) -> str:
    """What leaves which cell, and why: digits in no fitting combination together, as the list
    of combinations says why; a digit some combination has but that cannot go in a cell, with
    what the other open cells would then need to make, digits leaving the same cells together."""
    g = board.geometry
    in_some = 0
    for combo, _ in fits:
        in_some |= combo
    plain = [(c, d) for c, d in removed if not in_some >> (d - 1) & 1]
    parts = [leaves_text(g, plain)] if plain else []
    by_digit: dict[int, list[int]] = {}
    for c, d in removed:
        if in_some >> (d - 1) & 1:
            by_digit.setdefault(d, []).append(c)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for d, where in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(where)), []).append(d)
    for where, digits in by_cells.items():
        if len(where) == 1:
            others = [c for c in cells if c != where[0]]
            who = g.names(others)
            them = "it cannot take" if len(others) == 1 else "they cannot make"
        else:
            who = "the other open cells" if len(cells) > 2 else "the other cell"
            them = "they cannot make" if len(cells) > 2 else "it cannot take"
        verb = "leaves" if len(digits) == 1 else "leave"
        needs = [str(rest - d) for d in digits]
        need = needs[0] if len(needs) == 1 else ", ".join(needs[:-1]) + " or " + needs[-1]
        parts.append(f"{digits_text(digits)} {verb} {g.names(where)}, as {who} would then need "
                     f"{need}, which {them}")
    return "; ".join(parts)
