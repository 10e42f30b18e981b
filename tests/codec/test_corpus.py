"""Every corpus string decodes to what the corpus says; every format re-encodes faithfully."""
import pytest

from tests.corpus import DEV, REAL
from pycore.api import describe
from pycore.codec import FORMATS, PuzzleStringError, decode, encode
from pycore.model import CAGED_KINDS, Position

HINTED = ("digits", "packed162")  # bare 81/162-character strings: the kind comes from the link's page


def dev_cases():
    for index, entry in enumerate(DEV):
        for fmt, text in entry["strings"].items():
            yield pytest.param(entry, fmt, text, id=f"{index}-{entry['kind']}-{entry['size']}-{fmt}")


@pytest.mark.parametrize("entry", REAL, ids=[e["name"] for e in REAL])
def test_real_strings_decode_to_expected_content(entry):
    puzzle, position, fmt = decode(entry["string"], with_format=True)
    view = describe(puzzle, position, fmt)
    assert view["kind"] == entry["kind"] and view["size"] == entry["size"]
    for key, expected in entry["expected"].items():
        assert view[key] == expected, key


@pytest.mark.parametrize("entry, fmt, text", dev_cases())
def test_dev_strings_decode_to_the_same_puzzle(entry, fmt, text):
    puzzle, position, found = decode(text, kind_hint=entry["kind"] if fmt in HINTED else None, with_format=True)
    assert puzzle.kind == entry["kind"] and puzzle.size == entry["size"]
    assert list(puzzle.givens) == (entry.get("givens") or [0] * entry["size"] ** 2)
    assert (list(puzzle.regions) if puzzle.regions else None) == entry.get("regions")
    cages = [{"cells": list(c.cells), "total": c.total, "op": c.op} for c in puzzle.cages]
    assert cages == sorted(entry.get("cages") or [], key=lambda cage: cage["cells"])
    assert found == (text[:3].upper() if fmt == "versioned" else fmt)


@pytest.mark.parametrize("entry, fmt, text", dev_cases())
def test_dev_strings_survive_every_format_that_holds_them(entry, fmt, text):
    puzzle, position = decode(text, kind_hint=entry["kind"] if fmt in HINTED else None)
    written = 0
    for target in FORMATS:
        try:
            out = encode(puzzle, position, target)
        except PuzzleStringError:
            continue
        written += 1
        again, again_position = decode(out, kind_hint=entry["kind"])
        assert again == puzzle
        if target in ("digits", "killer-a"):  # these formats carry no progress
            assert again_position == Position.empty(puzzle.cell_count)
        else:
            assert again_position == position
        assert encode(again, again_position, target) == out  # what we write, we re-write exactly
    assert written >= 1


@pytest.mark.parametrize("entry, fmt, text", [c for c in dev_cases() if c.values[0]["kind"] not in CAGED_KINDS])
def test_colour_free_strings_reencode_byte_for_byte(entry, fmt, text):
    """Strings with no free choice (cage colours are one valid colouring among many, so caged
    kinds are covered by the fixed-point check above) come back exactly as written."""
    puzzle, position = decode(text, kind_hint=entry["kind"] if fmt in HINTED else None)
    assert encode(puzzle, position, fmt) == text


def test_jigmap_query_reencodes_byte_for_byte():
    entries = [e for e in DEV if "jigmap" in e["strings"]]
    assert entries
    for entry in entries:
        puzzle, position = decode(entry["strings"]["jigmap"])
        assert encode(puzzle, position, "jigmap") == entry["strings"]["jigmap"]


def test_sudokuwiki_page_name_decides_an_81_digit_string():
    digits = next(e for e in DEV if e["kind"] == "sudoku-x")["strings"]["digits"]
    assert decode(digits)[0].kind == "sudoku"
    assert decode(f"https://www.sudokuwiki.org/SudokuX.aspx?bd={digits}")[0].kind == "sudoku-x"
    assert decode(f"https://www.sudokuwiki.org/Windoku.aspx?bd={digits}")[0].kind == "windoku"
    assert decode(f"https://host/app/?bd={digits}&kind=sudoku-x")[0].kind == "sudoku-x"
    assert decode(digits, kind_hint="windoku")[0].kind == "windoku"


@pytest.mark.parametrize("wrap", [
    lambda s: s,
    lambda s: f"https://www.sudokuwiki.org/killersudoku.aspx?bd={s}",
    lambda s: f"https://www.sudokuwiki.org/killersudoku.htm?bd={s.replace(',', '%2C')}",
    lambda s: f"https://example.github.io/puzzles/index.html?bd={s}&embed=1#top",
    lambda s: f"?bd={s}",
    lambda s: f"bd={s}",
    lambda s: "https%3A%2F%2Fwww.sudokuwiki.org%2Fkillersudoku.aspx%3Fbd%3D" + s.replace(",", "%2C"),
    lambda s: f"  {s[:100]}\n{s[100:]}  ",
])
def test_links_and_bare_strings_decode_alike(wrap):
    entry = next(e for e in DEV if e["kind"] == "killer" and "killer-a" in e["strings"])
    for text in entry["strings"].values():
        assert decode(wrap(text)) == decode(text)
