"""KenKen line rules: a row or column (or a KenDoku box) holds 1…n once each, so its digits
total n(n+1)/2 and multiply to n!. Over an area of k adjacent lines the cages wholly inside
(innies) or the cages that cover it and stick out (outies) leave a few cells whose sum, product
or parity is then known, as in killer sudoku's rule of 45.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import factorial, prod

from ..model import OPERATOR_SIGNS, digits_of, joined, row_name
from .board import Board, Step, geometry_of, leaves_text, number_text, remember
from .kenken_fillings import applies, describe, fillings, layout

# Equations over more possible assignments than SEARCH_LIMIT are only bounded (sums) or left
# alone (products with outies); NODE_LIMIT caps any one search.
SEARCH_LIMIT = 4_000
NODE_LIMIT = 20_000
ODD = 0x155555555          # bits of 1, 3, 5, … (bit d-1 = digit d)


_cache: dict = {}


@dataclass(frozen=True)
class Area:
    name: str
    cells: tuple[int, ...]
    count: int                        # how many houses it is made of
    units: tuple[int, ...]
    inside: tuple[int, ...]           # cages wholly inside
    touching: tuple[int, ...]         # cages partly inside


@lru_cache(maxsize=16)
def areas(puzzle) -> tuple[Area, ...]:
    """Every house, then runs of 2, 3, … adjacent rows and of adjacent columns."""
    g = geometry_of(puzzle)
    n = puzzle.size
    groups = [((i,), g.houses[i].name) for i in range(len(g.houses))]
    for length in range(2, n):
        for first in range(n - length + 1):
            last = first + length - 1
            joint = " and " if length == 2 else "–"
            groups.append((tuple(range(first, first + length)),
                           f"rows {row_name(first, n)}{joint}{row_name(last, n)}"))
            groups.append((tuple(range(n + first, n + first + length)),
                           f"columns {first + 1}{joint}{last + 1}"))
    out = []
    for units, name in groups:
        cells = tuple(sorted(c for u in units for c in g.houses[u].cells))
        area = set(cells)
        inside, touching = [], []
        for index, cage in enumerate(puzzle.cages):
            hits = sum(c in area for c in cage.cells)
            if hits == len(cage.cells):
                inside.append(index)
            elif hits:
                touching.append(index)
        out.append(Area(name, cells, len(units), units, tuple(inside), tuple(touching)))
    return tuple(out)


def line_sum(board: Board) -> Step | None:
    """Innies and outies of an area against its total k·n(n+1)/2."""
    if not applies(board):
        return None
    n = board.size
    known = {}
    for area in areas(board.puzzle):
        total = area.count * n * (n + 1) // 2
        for cages, ins, outs in _splits(board, area, known, _cage_sum):
            step = _sum_step(board, area, cages, ins, outs, sum(known[i] for i in cages), total)
            if step:
                return step
    return None


def line_product(board: Board) -> Step | None:
    """Innies and outies of an area against its product (n!)^k."""
    if not applies(board):
        return None
    known = {}
    for area in areas(board.puzzle):
        total = factorial(board.size) ** area.count
        for cages, ins, outs in _splits(board, area, known, _cage_product):
            step = _product_step(board, area, cages, ins, outs,
                                 prod(known[i] for i in cages), total)
            if step:
                return step
    return None


def parity(board: Board) -> Step | None:
    """The area's total is odd or even; cages whose digits always total an odd or always an even
    number leave the parity of the remaining cells known. When just one of those cells can
    still be either, it takes the parity the others leave."""
    if not applies(board):
        return None
    n = board.size
    known = {}
    for area in areas(board.puzzle):
        total = area.count * n * (n + 1) // 2
        for cages, ins, outs in _splits(board, area, known, _cage_parity):
            # sum(outs) - sum(ins) = cages - total, and a difference has the parity of a sum
            cages_odd = sum(known[i] for i in cages) % 2
            cells = ins + outs
            odd_total = (cages_odd - total) % 2
            either = [c for c in cells if board.candidates[c] & ODD and board.candidates[c] & ~ODD]
            if len(either) != 1:
                continue
            cell = either[0]
            others = sum(_parity_of(board, c) for c in cells if c != cell)
            odd = (odd_total - others) % 2
            gone = board.candidates[cell] & (~ODD if odd else ODD)
            eliminations = tuple((cell, d) for d in digits_of(gone))
            return Step("parity",
                        _parity_text(board, area, cages, cells, outs, cell, odd, total)
                        + f": {leaves_text(board.geometry, eliminations)}",
                        eliminations=eliminations, cells=tuple(sorted(cells)), units=area.units,
                        cages=tuple(cages), pattern=board.pattern_left((cell,), eliminations))
    return None


def _parity_text(board: Board, area: Area, cages, cells, outs, cell: int, odd: int,
                 total: int) -> str:
    """The parity sum as a person adds it up: the area's total, each cage's parity and why,
    the cages together ("odd + odd = even"), the cells whose parity is known, then the cell's.
    "Parity: row A totals 21, odd. The 1− cage's two digits are 1 apart (a + b = 1 + 2b), so
    they total an odd number; so do the 3− cage's: odd + odd = even. So A3 + A4 = odd − even
    = odd; A3 is even, so A4 is odd"."""
    g = board.geometry
    known = [_cage_parity(board, i) for i in cages]
    said = f"Parity: {_area_verb(area, 'total')} {total}, {_parity_word(total)}"
    if cages:
        reasons = [_cage_parity_reason(board, i) for i in cages]
        together = sum(known) % 2
        sums = " + ".join(_parity_word(k) for k in known)
        said += ". " + "; ".join(reasons)[0].upper() + "; ".join(reasons)[1:]
        if len(cages) > 1:
            said += f": {sums} = {_parity_word(together)}"
    else:
        together = 0
    # outs − ins = cages − total, and a difference is odd just when the sum is
    rest = (total - together) % 2
    if not cages:
        worked = _parity_word(total)
    elif not outs:
        worked = f"{_parity_word(total)} − {_parity_word(together)} = {_parity_word(rest)}"
    else:
        worked = f"{_parity_word(together)} − {_parity_word(total)} = {_parity_word(rest)}"
    if len(cells) == 1:
        return said + f", so {g.name(cell)} is {worked}"
    by_word = {}
    for c in cells:
        if c != cell and not board.values[c]:
            by_word.setdefault(_parity_word(_parity_of(board, c)), []).append(c)
    placed = [f"{g.name(c)} = {board.values[c]} is placed" for c in cells if board.values[c]]
    facts = "; ".join(placed + [f"{g.names(cs)} {'is' if len(cs) == 1 else 'are'} {word}"
                                for word, cs in by_word.items()])
    return (said + f". So {' + '.join(g.name(c) for c in cells)} is {worked}; {facts}, "
            f"so {g.name(cell)} is {_parity_word(odd)}")


def _parity_word(value: int) -> str:
    return "odd" if value % 2 else "even"


def _cage_parity_reason(board: Board, index: int) -> str:
    """Why a cage always totals an odd or an even number (the rule of _cage_parity)."""
    cage = board.puzzle.cages[index]
    label = layout(board.puzzle)[index].label
    word = _odd_word(_cage_parity(board, index))
    if len(cage.cells) == 1:
        return f"the {label} cage is {cage.total}, {_parity_word(cage.total)}"
    if cage.op == "+":
        return f"the {label} cage totals {cage.total}, {_parity_word(cage.total)}"
    if cage.op == "-":
        return (f"the {label} cage's two digits are {cage.total} apart (a + b = {cage.total} + "
                f"2b), so they total {word}")
    if cage.op == "/" and cage.total % 2:
        return (f"the {label} cage's larger digit is {cage.total} times the smaller (a + b = "
                f"{cage.total + 1}b), so they total {word}")
    if cage.op == "x" and cage.total % 2:
        return (f"the {label} cage multiplies to an odd number, so its {len(cage.cells)} digits "
                f"are all odd and total {word}")
    return (f"the {label} cage can only be {describe(fillings(board, index), cage.op)}, "
            f"each totalling {word}")


def _parity_of(board: Board, cell: int) -> int:
    """1 for an odd cell (filled, or every candidate odd), 0 for an even one."""
    if board.values[cell]:
        return board.values[cell] % 2
    return 1 if board.candidates[cell] & ODD else 0


def _odd_word(value: int) -> str:
    return "an odd number" if value % 2 else "an even number"


def _splits(board: Board, area: Area, known: dict, value_of):
    """(cages, innies, outies) for the area: first with the known cages wholly inside, then with
    the known cages that stick out as well. Skipped when no known cage takes part."""
    cages = layout(board.puzzle)
    for i in area.inside + area.touching:
        if i not in known:
            known[i] = value_of(board, i)
    inside = [i for i in area.inside if known[i] is not None]
    touching = [i for i in area.touching if known[i] is not None]
    covered = {c for i in inside for c in cages[i].cells}
    if inside:
        yield inside, [c for c in area.cells if c not in covered], []
    if touching:
        cells = set(area.cells)
        covered |= {c for i in touching for c in cages[i].cells}
        yield (inside + touching, [c for c in area.cells if c not in covered],
               sorted(c for i in touching for c in cages[i].cells if c not in cells))


def _cage_sum(board: Board, index: int):
    cage = board.puzzle.cages[index]
    if cage.op == "+" or len(cage.cells) == 1:
        return cage.total
    return _same(fillings(board, index), sum)


def _cage_product(board: Board, index: int):
    cage = board.puzzle.cages[index]
    if cage.op == "x" or len(cage.cells) == 1:
        return cage.total
    return _same(fillings(board, index), prod)


def _cage_parity(board: Board, index: int):
    """1 when the cage's digits always total an odd number, 0 when always even, else None.
    a − b = t and a + b differ by 2b; a = b·t gives a + b = b(t + 1), even for odd t; an odd
    product has only odd digits."""
    cage = board.puzzle.cages[index]
    if cage.op in "+-" or len(cage.cells) == 1:
        return cage.total % 2
    if cage.total % 2:
        return 0 if cage.op == "/" else len(cage.cells) % 2
    return _same(fillings(board, index), lambda f: sum(f) % 2)


def _same(fills, measure):
    if not fills:
        return None
    values = {measure(f) for f in fills}
    return values.pop() if len(values) == 1 else None


def _sum_step(board: Board, area: Area, cages, ins, outs, cages_total: int, total: int):
    """sum(outs) − sum(ins) = cages_total − total, filled cells moved to the right-hand side."""
    value = cages_total - total + sum(board.values[c] for c in ins) \
        - sum(board.values[c] for c in outs)
    open_ins = [c for c in ins if not board.values[c]]
    open_outs = [c for c in outs if not board.values[c]]
    if not open_ins and not open_outs:
        return None
    g = board.geometry

    placed_ins = [board.values[c] for c in ins if board.values[c]]
    placed_outs = [board.values[c] for c in outs if board.values[c]]

    def worked(ins_side: bool) -> str:
        """The sum behind the value when placed digits moved across: "21 − 8 − 3 = "."""
        if not placed_ins and not placed_outs:
            return ""
        first, second, taken, given = ((total, cages_total, placed_ins, placed_outs) if ins_side
                                       else (cages_total, total, placed_outs, placed_ins))
        return (f"{first} − {second}" + "".join(f" + {v}" for v in given)
                + "".join(f" − {v}" for v in taken) + " = ")

    def rule() -> str:   # worded only for a step that is taken
        filled = [c for c in ins + outs if board.values[c]]
        placed = (f", and {joined(f'{g.name(c)} = {board.values[c]}' for c in filled)} "
                  f"{'is' if len(filled) == 1 else 'are'} placed" if filled else "")
        said = (f"Line sum: {_area_verb(area, 'total')} {total} and "
                f"{_cages_phrase(board, area, cages, 'total', 'covering' if outs else 'inside')} "
                f"{_cage_values(board, cages, '+', sum, cages_total)}{placed}, so ")
        if not open_outs:
            return said + f"{_joined(g, open_ins, ' + ')} = {worked(True)}{-value}"
        if not open_ins:
            return said + f"{_joined(g, open_outs, ' + ')} = {worked(False)}{number_text(value)}"
        return said + (f"{_joined(g, open_outs, ' + ')} − {_grouped(g, open_ins, ' + ')} = "
                       f"{worked(False)}{number_text(value)}")
    terms = [(c, -1) for c in open_ins] + [(c, 1) for c in open_outs]
    if len(terms) == 1:
        cell, sign = terms[0]
        digit = value * sign
        if 1 <= digit <= board.size and board.has(cell, digit):
            return Step("line-sum", rule(), placements=((cell, digit),), cells=(cell,),
                        units=area.units, cages=tuple(cages))
        return None
    return _elimination_step(board, "line-sum", rule, terms, _options(board, "+", terms, value, _sum_options),
                             area, cages)


def _product_step(board: Board, area: Area, cages, ins, outs, cages_product: int, total: int):
    """prod(outs) ÷ prod(ins) = cages_product ÷ total, filled cells moved to the right."""
    over, under = cages_product, total   # one Fraction at the end: a fifth of the time before
    for c in ins:
        over *= board.values[c] or 1
    for c in outs:
        under *= board.values[c] or 1
    ratio = Fraction(over, under)
    open_ins = [c for c in ins if not board.values[c]]
    open_outs = [c for c in outs if not board.values[c]]
    if not open_ins and not open_outs:
        return None
    g = board.geometry

    placed_ins = [board.values[c] for c in ins if board.values[c]]
    placed_outs = [board.values[c] for c in outs if board.values[c]]

    def worked(ins_side: bool) -> str:
        """The division behind the value when placed digits moved across: "720 ÷ 120 ÷ 3 = "."""
        if not placed_ins and not placed_outs:
            return ""
        first, second, taken, given = ((total, cages_product, placed_ins, placed_outs)
                                       if ins_side else
                                       (cages_product, total, placed_outs, placed_ins))
        return (f"{first} ÷ {second}" + "".join(f" × {v}" for v in given)
                + "".join(f" ÷ {v}" for v in taken) + " = ")

    def rule() -> str:   # worded only for a step that is taken
        filled = [c for c in ins + outs if board.values[c]]
        placed = (f", and {joined(f'{g.name(c)} = {board.values[c]}' for c in filled)} "
                  f"{'is' if len(filled) == 1 else 'are'} placed" if filled else "")
        said = (f"Line product: {_area_verb(area, 'multiply')} to "
                f"{_factorial_text(board.size, area.count)} = {total} and "
                f"{_cages_phrase(board, area, cages, 'multiply', 'covering' if outs else 'inside')}"
                f" to {_cage_values(board, cages, 'x', prod, cages_product)}{placed}, so ")
        if not open_outs:
            return said + (f"{_joined(g, open_ins, ' × ')} = {worked(True)}"
                           f"{_fraction_text(1 / ratio)}")
        if not open_ins:
            return said + (f"{_joined(g, open_outs, ' × ')} = {worked(False)}"
                           f"{_fraction_text(ratio)}")
        return said + (f"{_joined(g, open_outs, ' × ')} ÷ {_grouped(g, open_ins, ' × ')} = "
                       f"{worked(False)}{_fraction_text(ratio)}")
    terms = [(c, -1) for c in open_ins] + [(c, 1) for c in open_outs]
    if len(terms) == 1:
        cell, sign = terms[0]
        digit = ratio if sign > 0 else 1 / ratio
        if digit.denominator == 1 and 1 <= digit <= board.size and board.has(cell, int(digit)):
            return Step("line-product", rule(), placements=((cell, int(digit)),), cells=(cell,),
                        units=area.units, cages=tuple(cages))
        return None
    return _elimination_step(board, "line-product", rule, terms,
                             _options(board, "x", terms, ratio, _product_options), area, cages)


SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _factorial_text(n: int, count: int) -> str:
    """What a line's digits multiply to: "1×2×3×4", "1×2×…×9", "(1×2×…×6)²" over two lines."""
    times = OPERATOR_SIGNS["x"]
    factors = (times.join(str(d) for d in range(1, n + 1)) if n <= 5
               else f"1{times}2{times}…{times}{n}")
    return factors if count == 1 else f"({factors}){str(count).translate(SUPERSCRIPTS)}"


def _cage_values(board: Board, cages, op: str, measure, value: int) -> str:
    """What the cages add or multiply to, each cage's share shown when there are several
    ("8 + 13 + 13 = 34"), and for a cage of another operation the digits that give its share
    ("the 280× cage is 5×7×8, so 5 + 7 + 8 = 20"): a reader checks every number."""
    sign = f" {OPERATOR_SIGNS[op]} "
    puzzle = board.puzzle
    shares = [puzzle.cages[i].total if puzzle.cages[i].op == op or len(puzzle.cages[i].cells) == 1
              else measure(fillings(board, i)[0]) for i in cages]
    said = f"{sign.join(map(str, shares))} = {value}" if len(cages) > 1 else str(value)
    notes = []
    for i, share in zip(cages, shares):
        cage = puzzle.cages[i]
        if cage.op == op or len(cage.cells) == 1:
            continue
        fills = fillings(board, i)
        sets = {tuple(sorted(f)) for f in fills}
        label = layout(puzzle)[i].label
        if len(sets) == 1:
            notes.append(f"the {label} cage is {describe(fills, cage.op)}, so "
                         f"{sign.join(map(str, sorted(next(iter(sets)))))} = {share}")
        else:
            notes.append(f"the {label} cage is {describe(fills, cage.op)}, each making {share}")
    return said + (f" ({'; '.join(notes)})" if notes else "")


def _area_verb(area: Area, verb: str) -> str:
    """"row A totals", "rows A and B total"."""
    return f"{area.name} {_singular(verb)}" if area.count == 1 else f"{area.name} {verb}"


def _singular(verb: str) -> str:
    return verb[:-1] + "ies" if verb.endswith("y") else verb + "s"


def _cages_phrase(board: Board, area: Area, cages, verb: str, where: str = "") -> str:
    """"the 5+ cage inside it totals", "the 12× and 4× cages covering them multiply"."""
    labels = [layout(board.puzzle)[i].label for i in cages]
    if where:
        where = f" {where} {'it' if area.count == 1 else 'them'}"
    if len(labels) == 1:
        words = verb.split(" ")
        words[-1] = _singular(words[-1])
        return f"the {labels[0]} cage{where} {' '.join(words)}"
    return f"the {joined(labels)} cages{where} {verb}"


def _joined(g, cells, sign: str) -> str:
    return sign.join(g.name(c) for c in cells)


def _grouped(g, cells, sign: str) -> str:
    """What is taken away or divided by: "(B3 + B4)", or a lone "B3" without brackets."""
    return _joined(g, cells, sign) if len(cells) == 1 else f"({_joined(g, cells, sign)})"


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _elimination_step(board, slug, rule, terms, allowed, area, cages):
    if allowed is None:
        return None
    candidates = board.candidates
    eliminations = tuple((c, d) for (c, _), mask in zip(terms, allowed)
                         if candidates[c] & ~mask for d in digits_of(candidates[c] & ~mask))
    if not eliminations:
        return None
    return Step(slug, f"{rule()}: {leaves_text(board.geometry, eliminations)}",
                eliminations=eliminations, cells=tuple(sorted(c for c, _ in terms)),
                units=area.units, cages=tuple(cages),
                pattern=board.pattern_left([c for c, _ in terms], eliminations))


def _search(board: Board, terms, start, take, done):
    """Per term, the digits some assignment of all the terms uses, cells that see each other
    differing. `take(i, left, d)` is what is left after term i takes d (None: d cannot fit),
    `done(left)` whether a complete assignment meets the rule. None past NODE_LIMIT."""
    g = board.geometry
    cells = [c for c, _ in terms]
    options = [digits_of(board.candidates[c]) for c in cells]
    k = len(terms)
    earlier = [[j for j in range(i) if g.sees(cells[i], cells[j])] for i in range(k)]
    allowed = [0] * k
    chosen = [0] * k
    nodes = 0

    def grow(i: int, left) -> bool:
        nonlocal nodes
        if i == k:
            if done(left):
                for j, d in enumerate(chosen):
                    allowed[j] |= 1 << (d - 1)
            return True
        for d in options[i]:
            nodes += 1
            if nodes > NODE_LIMIT:
                return False
            if any(chosen[j] == d for j in earlier[i]):
                continue
            rest = take(i, left, d)
            if rest is None:
                continue
            chosen[i] = d
            if not grow(i + 1, rest):
                return False
        return True

    return allowed if grow(0, start) else None


def _options(board: Board, kind: str, terms, target, search):
    """Cached on the terms' candidates: most steps leave an area's cells alone."""
    key = (kind, board.puzzle.kind, board.size, tuple((c, sign, board.candidates[c])
                                                      for c, sign in terms), target)
    found = _cache.get(key, _cache)
    if found is _cache:
        found = remember(_cache, 50_000, key, search(board, terms, target))
    return found


def _sum_options(board: Board, terms, value: int):
    """Σ sign·digit = value. Each term's digit is bounded by the others' smallest and largest
    contributions; when few enough assignments remain they are tried one by one, with cells
    that see each other differing."""
    k = len(terms)
    # an area's terms run to 60 and more, and this runs for ~150 areas per cold hint: bounds from
    # each mask's lowest and highest bit and suffix sums, not lists of digits
    spans = []
    for c, sign in terms:
        mask = board.candidates[c]
        least, most = (mask & -mask).bit_length(), mask.bit_length()
        spans.append((least, most) if sign > 0 else (-most, -least))
    low, high = [0] * (k + 1), [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        low[i], high[i] = low[i + 1] + spans[i][0], high[i + 1] + spans[i][1]
    if _assignments(board, terms) <= SEARCH_LIMIT:
        def take(i, left, d):
            rest = left - terms[i][1] * d
            return rest if low[i + 1] <= rest <= high[i + 1] else None

        found = _search(board, terms, value, take, lambda left: left == 0)
        if found is not None:
            return found
    bounds = []
    for (c, sign), (lo, hi) in zip(terms, spans):
        least, most = value - (high[0] - hi), value - (low[0] - lo)
        if sign < 0:
            least, most = -most, -least
        mask = board.candidates[c]
        least, most = max(least, 1), min(most, mask.bit_length())
        bounds.append(mask & ((1 << most) - 1) & ~((1 << (least - 1)) - 1) if least <= most else 0)
    return bounds


def _product_options(board: Board, terms, ratio: Fraction):
    """Π digit^sign = ratio: Π outies · q = Π innies · p for ratio p/q. With no outies the
    innies' product is a whole number that each digit must divide."""
    p, q = ratio.numerator, ratio.denominator
    if all(sign < 0 for _, sign in terms):
        if p != 1:
            return None
        of_q = sum(1 << (d - 1) for d in range(1, board.size + 1) if q % d == 0)
        divisors = [board.candidates[c] & of_q for c, _ in terms]
        if any(not m for m in divisors) or prod(m.bit_count() for m in divisors) > SEARCH_LIMIT:
            return divisors

        def take(i, left, d):
            return left // d if left % d == 0 else None

        return _search(board, terms, q, take, lambda left: left == 1)
    if _assignments(board, terms) > SEARCH_LIMIT:
        return None

    def take_pair(i, left, d):
        outs, ins = left
        return (outs * d, ins) if terms[i][1] > 0 else (outs, ins * d)

    return _search(board, terms, (1, 1), take_pair, lambda left: left[0] * q == left[1] * p)


def _assignments(board: Board, terms) -> int:
    """How many assignments the terms' candidates allow, counted only until over SEARCH_LIMIT."""
    count = 1
    for c, _ in terms:
        count *= board.candidates[c].bit_count()
        if count > SEARCH_LIMIT:
            break
    return count

