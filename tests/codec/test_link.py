"""Issue 42, "One reading of a link": the page and the command line read a query one way
(pycore.codec.source.read_link). Names are read after percent-decoding and without regard to
case, and the first of a repeated parameter counts, as the page's first paint takes it."""
from __future__ import annotations

import pytest

from pycore.codec import PuzzleStringError, decode
from pycore.codec.source import read_link, read_source
from tests.corpus import REAL

S9B = next(e["string"] for e in REAL if e["string"].startswith("S9B"))
L9B = next(e["string"] for e in REAL if e["string"].startswith("L9B"))


@pytest.mark.parametrize("query", [f"?BD={S9B}", f"?%62d={S9B}", f"?Bd={S9B}", f"?b%44={S9B}",
                                   f"?bd={S9B}&bd={L9B}", f"?BD={S9B}&bd={L9B}",
                                   f"embed=1&bd={S9B}&%62d={L9B}"])
def test_every_spelling_of_bd_and_the_first_of_two_read_as_one(query):
    assert read_link(query).bd == S9B
    assert decode(query) == decode(S9B)


def test_the_first_of_every_repeated_parameter_counts():
    source = read_link("?shape=33&bd=1&SHAPE=34&jigmap=12&jigmap=34")
    assert source.params == {"shape": "33", "bd": "1", "jigmap": "12"}


@pytest.mark.parametrize("text", ["", " ", "?", "?embed=1", "?bd=", "https://example.org/",
                                  "?L9B", "?bd=&bd=" + S9B])
def test_a_link_with_no_puzzle_reads_as_no_puzzle(text):
    assert read_link(text).bd == ""
    with pytest.raises(PuzzleStringError):
        read_source(text)


def test_what_read_source_says_of_a_link_with_no_puzzle():
    def message(text):
        with pytest.raises(PuzzleStringError) as caught:
            read_source(text)
        return str(caught.value)
    assert message(" ") == "no puzzle string given"
    assert message("?bd=") == "the link's bd= parameter is empty"
    assert message("https://example.org/?embed=1") == "the link has no bd= parameter holding the puzzle"


def test_the_command_line_reads_a_link_as_the_page_opens_it():
    """`python -m pycore decode` and the page's open_view read the same puzzle from each spelling."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from pycore import api
    root = Path(__file__).resolve().parents[2]
    for query, kind in ((f"?BD={S9B}", "sudoku"), (f"?%62d={S9B}", "sudoku"), (f"?bd={L9B}&bd={S9B}", "killer")):
        done = subprocess.run([sys.executable, "-m", "pycore", "decode", query], cwd=root,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        printed = json.loads(done.stdout)
        assert printed == {key: api.decode_view(query)[key] for key in printed}
        assert printed["kind"] == api.open_view(query)["view"]["kind"] == kind
