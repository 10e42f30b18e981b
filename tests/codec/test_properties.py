"""Property-based round trips over random puzzles and positions of every kind and size, and
the error path over random and mutated strings."""
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.corpus import DEV, REAL
from pycore.codec import FORMATS, PuzzleStringError, decode, encode
from pycore.model import Position
from tests.generators import positions, puzzles

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# What each header-less format can hold: (kinds, sizes, carries progress, single candidates survive).
HOLDS = {
    "digits": ({"sudoku", "sudoku-x", "windoku"}, {9}, False, False),
    "packed162": ({"sudoku", "sudoku-x", "windoku"}, {9}, True, False),
    "jigmap": ({"jigsaw"}, {9}, True, False),
    "killer-a": ({"killer"}, {9}, False, False),
    "killer-2024": ({"killer"}, {9}, True, False),
}


@st.composite
def puzzle_and_position(draw, **kwargs):
    puzzle = draw(puzzles(**kwargs))
    return puzzle, draw(positions(puzzle))


@SETTINGS
@given(puzzle_and_position())
def test_versioned_round_trip_holds_everything(case):
    puzzle, position = case
    text = encode(puzzle, position)
    assert decode(text) == (puzzle, position)
    assert encode(*decode(text)) == text


@SETTINGS
@given(st.data(), st.sampled_from(sorted(HOLDS)))
def test_headerless_round_trips(data, fmt):
    kinds, sizes, carries_progress, _ = HOLDS[fmt]
    puzzle = data.draw(puzzles(kinds=tuple(sorted(kinds))).filter(lambda p: p.size in sizes))
    position = data.draw(positions(puzzle, single_candidates=False))
    text = encode(puzzle, position, fmt)
    again, again_position = decode(text, kind_hint=puzzle.kind)
    assert again == puzzle
    assert again_position == (position if carries_progress else Position.empty(puzzle.cell_count))
    assert encode(again, again_position, fmt) == text


@SETTINGS
@given(puzzle_and_position(), st.sampled_from(FORMATS))
def test_formats_that_cannot_hold_a_puzzle_say_so(case, fmt):
    puzzle, position = case
    try:
        text = encode(puzzle, position, fmt)
    except PuzzleStringError as error:
        assert str(error)
        return
    assert decode(text, kind_hint=puzzle.kind)[0] == puzzle


ALPHABET = string.digits + string.ascii_letters + ",.%&=?/:-_ é\x00"


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=500))
def test_random_strings_fail_cleanly(text):
    assert_decodes_or_refuses(text)


@settings(max_examples=1500, deadline=None)
@given(st.text(max_size=60))
def test_random_unicode_fails_cleanly(text):
    assert_decodes_or_refuses(text)


SEEDS = [e["string"] for e in REAL] + [s for e in DEV for s in e["strings"].values()]


@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(SEEDS), st.lists(st.tuples(st.sampled_from("rid"), st.integers(0, 5000),
                                                  st.sampled_from(string.digits + string.ascii_letters + ",.")),
                                        min_size=1, max_size=4))
def test_mutated_real_strings_fail_cleanly_or_decode(seed, edits):
    text = seed
    for action, where, ch in edits:
        where %= max(len(text), 1)
        if action == "r":
            text = text[:where] + ch + text[where + 1:]
        elif action == "i":
            text = text[:where] + ch + text[where:]
        else:
            text = text[:where] + text[where + 1:]
    assert_decodes_or_refuses(text)


def assert_decodes_or_refuses(text):
    try:
        puzzle, position = decode(text)
    except PuzzleStringError as error:
        message = str(error)
        assert message and "\n" not in message and "Traceback" not in message
        return
    assert len(puzzle.givens) == len(position.solved) == len(position.candidates) == puzzle.size ** 2
