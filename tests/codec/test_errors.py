"""docs/formats.md, section 6: every malformed string gets a precise, one-line error."""
import pytest

from tests.corpus import DEV, REAL
from pycore.codec import PuzzleStringError, decode, encode
from pycore.codec.fields import BASE36, Layout, write_number
from pycore.codec.versioned import layout_for
from pycore.model import Cage, Position, Puzzle

KILLER_A = REAL[0]["string"]
L9B = next(e["string"] for e in REAL if e["string"].startswith("L9B"))
K6C = next(e["string"] for e in REAL if e["string"].startswith("K6C"))
S9B = next(e["string"] for e in REAL if e["string"].startswith("S9B"))
PACKED = next(e["string"] for e in REAL if len(e["string"]) == 162)
JIGMAP = next(e["strings"]["jigmap"] for e in DEV if "jigmap" in e["strings"])


def field_string(header, layout: Layout, fields):
    return header + "".join(write_number(layout.pack(f), 36, layout.width) for f in fields)


def refuses(text, *fragments):
    with pytest.raises(PuzzleStringError) as caught:
        decode(text)
    message = str(caught.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message
    return message


def test_unknown_header():
    refuses("Q9B" + "0" * 162, "unknown header", "'Q'")


def test_unsupported_size():
    refuses("L2B" + "0" * 16, "size '2'")
    refuses("KGC" + "0" * 256, "size 'G'", "not supported for K")


def test_wrong_version_letter():
    refuses("L9C" + L9B[3:], "version 'C'", "expected B")


def test_wrong_length_says_expected_and_actual():
    refuses(L9B[:-4], "327", str(len(L9B) - 4))
    refuses(S9B + "0", "165", "166")
    refuses("12345", "81", "5")


def test_character_outside_alphabet_says_which_and_where():
    bad = L9B[:10] + "!" + L9B[11:]
    refuses(bad, "'!'", "position 11")
    refuses(PACKED[:5] + "w" + PACKED[6:], "'w'", "position 6", "base-32")
    refuses("1" * 40 + "x" + "1" * 40, "'x'", "position 41")


def test_field_value_out_of_range():
    refuses("S9B" + "zz" * 81, "A1:", "out of range")
    refuses("vv" + PACKED[2:], "A1:")


def test_colour_outside_one_to_five():
    may = "07" + "0" * 160 + "," + "00" * 81  # colour (7 & 7) + 1 = 8
    refuses(may, "colour 8", "1…5")


def test_cage_with_no_total():
    colours, totals = KILLER_A.split(",")
    refuses(colours + "," + "00" + totals[2:], "cage at A1 ", "no total")


def test_cage_with_two_totals():
    colours, totals = KILLER_A.split(",")
    # B1 is in the same cage as A1 (the first cage's cells are 0, 9, 18, 27).
    doubled = totals[:18] + "05" + totals[20:]
    refuses(colours + "," + doubled, "second total", "at B1")


def test_two_cell_cage_totalling_18_is_impossible():
    puzzle = Puzzle("killer", 9, (0,) * 81, None,
                    (Cage((0, 1), 18),) + tuple(Cage((c,), 1) for c in range(2, 81)))
    text = encode(puzzle, Position.empty(81), "killer-a")  # writers do not judge; readers do
    refuses(text, "2-cell cage at A1 ", "18", "3 to 17")


def test_killer_totals_must_add_up():
    colours, totals = KILLER_A.split(",")
    first = int(totals[:2])
    refuses(colours + "," + f"{first - 1:02d}" + totals[2:], "add up to 404", "405")


def test_kenken_cage_with_several_cells_and_no_operator():
    layout = layout_for("K", 4)
    fields = [{"colour": 1 + (c // 4) % 2, "content": 0, "cell": 0} for c in range(16)]
    for row in range(4):
        fields[row * 4]["content"] = 10  # each row one 4-cell "+" cage... with no operator
    refuses(field_string("K4C", layout, fields), "no operator", "cage at A1 ")


def test_minus_and_divide_need_two_cells():
    layout = layout_for("K", 4)
    fields = [{"colour": 1 + (c // 4) % 2, "content": 0, "cell": 0} for c in range(16)]
    for row in range(4):
        fields[row * 4]["content"] = 3
        fields[row * 4 + 1]["content"] = 2  # "−" on a four-cell cage
    refuses(field_string("K4C", layout, fields), "needs exactly two cells")


def test_jigsaw_regions_of_the_wrong_size():
    bad = JIGMAP.replace("jigmap=1", "jigmap=2", 1)
    refuses(bad, "region", "cells; every region needs 9")


def test_built_in_jigsaw_shapes_are_refused_with_advice():
    digits = "0" * 81
    refuses(f"https://www.sudokuwiki.org/jigsaw.aspx?shape=7&bd={digits}", "shape=7", "jigmap")
    refuses(f"https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd={digits}", "jigmap")


def test_empty_candidate_set():
    refuses("01" + "00" * 80, "A1:", "empty")
    refuses("00" * 81 + "," + "01" + "00" * 80, "A1:")


def test_very_long_input_is_refused_before_work():
    refuses("L9B" + "0" * 100_000, "too long")


def test_links_without_a_puzzle():
    refuses("https://www.sudokuwiki.org/killersudoku.aspx", "no bd=")
    refuses("https://www.sudokuwiki.org/killersudoku.aspx?bd=", "empty")
    refuses("", "no puzzle")


def test_encode_refuses_what_a_format_cannot_hold():
    puzzle, position = decode(L9B)
    with pytest.raises(PuzzleStringError, match="81 digits holds 9×9 sudoku"):
        encode(puzzle, position, "digits")
    with pytest.raises(PuzzleStringError, match="header L9B"):
        encode(puzzle, position, "K9C")
    scattered = Puzzle("killer", 4, (0,) * 16, None,
                       (Cage((0, 15), 5),) + tuple(Cage((c,), 1 + c % 4) for c in range(1, 15)))
    with pytest.raises(PuzzleStringError, match="not orthogonally connected"):
        encode(scattered, Position.empty(16))


def test_layout_width_matches_the_spec_table():
    widths = {("S", 9): 2, ("J", 9): 3, ("L", 9): 4, ("M", 9): 5, ("K", 9): 5, ("D", 9): 5, ("K", 6): 4}
    for (letter, n), width in widths.items():
        assert layout_for(letter, n).width == width
    assert BASE36[16] == "g" and BASE36[25] == "p"


def test_str8ts_headers_are_named():
    refuses("T9B" + "0" * 324, "Str8ts")
