"""The CI suite's share of bench/fuzz.py (issue 9): hypothesis mutates corpus strings with ASCII,
Unicode look-alikes, line breaks and byte-order marks, wraps them in links, and generates
right-length version B/C strings of random fields. Whatever comes in, decode either reads a
puzzle or raises PuzzleStringError with a one-line message; every format it writes reads back
as the same puzzle; a solve with a node budget always ends with one of the four statuses.
The full run (100,000 inputs, a time budget per input) is `python -m bench.fuzz`; the last test
is a share of its `--sparse` mode."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.corpus import DEV, REAL
from pycore.codec import FORMATS, PuzzleStringError, decode, encode
from pycore.codec.versioned import KIND_OF_TYPE, layout_for, sizes_for
from pycore.solve import solve

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = [e["string"] for e in REAL] + [s for e in DEV for s in e["strings"].values()]
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
LOOK_ALIKES = "\u212a\u017f\u0131\u0130\u212b\uff33\uff11\u0663\u00b9\ufeff\u200b\u00a0\u2028\n\r\t%&=?#,.-+ é"

characters = st.one_of(st.sampled_from(BASE36 + BASE36.upper()), st.sampled_from(LOOK_ALIKES), st.characters())


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(len(text) - 1, 0)))
        move = draw(st.integers(0, 5))
        if move == 5:   # a Unicode look-alike in place of a character: the Kelvin sign for k, …
            text = text[:i] + draw(st.sampled_from(LOOK_ALIKES[:10])) + text[i + 1:]
        elif move == 0:
            text = text[:i] + draw(characters) + text[i + 1:]
        elif move == 1:
            text = text[:i] + draw(characters) + text[i:]
        elif move == 2:
            text = text[:i] + text[i + 1:]
        elif move == 3:
            text = text[:i]
        else:
            text = draw(st.sampled_from("SXWJLMKD\u017f\u212a")) + text[1:]
    return text


@st.composite
def generated(draw):
    """A version B/C header and the right number of random fields: reaches the field ranges,
    cage recovery and the puzzle checks rather than the length check."""
    letter = draw(st.sampled_from(sorted(KIND_OF_TYPE)))
    n = draw(st.sampled_from([s for s in sizes_for(letter) if s <= 9]))
    width = layout_for(letter, n).width
    pool = draw(st.sampled_from(("0", "01", "0ep", BASE36[:12], BASE36)))
    body = draw(st.text(alphabet=pool, min_size=n * n * width, max_size=n * n * width))
    return f"{letter}{BASE36[n].upper()}{'C' if letter in 'KD' else 'B'}{body}"


@st.composite
def pasted(draw):
    text = draw(st.one_of(mutated(), generated()))
    wrapping = draw(st.sampled_from(("", "link", "shape", "bom", "spaces")))
    if wrapping == "link":
        return f"https://www.sudokuwiki.org/{draw(st.sampled_from(('killersudoku.aspx', 'SudokuX.aspx', 'x')))}?bd={text}"
    if wrapping == "shape":
        return f"?bd={text}&shape={draw(st.text(LOOK_ALIKES + '0123', max_size=4))}"
    if wrapping == "bom":
        return "\ufeff" + text
    if wrapping == "spaces":
        return " \n" + text + "\t"
    return text


@SETTINGS
@given(pasted())
def test_anything_pasted_is_read_or_refused_in_one_line_and_solving_it_ends(text):
    try:
        puzzle, position = decode(text)
    except PuzzleStringError as error:
        assert str(error) and "\n" not in str(error) and "\r" not in str(error)
        return
    for fmt in FORMATS:
        try:
            written = encode(puzzle, position, fmt)
        except PuzzleStringError as error:
            assert "\n" not in str(error)
            continue
        assert decode(written, kind_hint=puzzle.kind)[0] == puzzle, fmt
    assert solve(puzzle, max_nodes=200, time_limit=2).status in ("unique", "multiple", "none", "timeout")


def test_sparse_and_wrong_puzzles_settle_within_a_node_budget():
    """The CI share of `python -m bench.fuzz --sparse`: corpus puzzles of every kind with few
    givens, random givens or none, and cage totals nudged, each settle (a solution count or a
    contradiction) well within a node budget; 8,000 of them needed 973 nodes at most. Before the
    search restarts, Windoku's hidden windows and jigsaw's law of leftovers, about one in a
    thousand ran for minutes (BENCHMARKS.md, "Sparse and wrong puzzles")."""
    from bench.fuzz import thinned
    rng = random.Random(5)
    pool = [decode(next(iter(record["strings"].values())))[0] for record in DEV]
    for _ in range(400):
        puzzle = thinned(rng.choice(pool), rng)
        result = solve(puzzle, max_nodes=20_000)
        assert result.status != "timeout", (puzzle.kind, puzzle.size, puzzle.givens)
