"""pycore.api.open_view: one call opens a puzzle for the page (issue 40), reading the link as the
command line does (issue 42), and the page's own address reads back the position it was written
from, full pencil-mark sets included (issue 42, "Lose nothing")."""
from __future__ import annotations

import pytest

from pycore import api
from pycore.codec import decode
from tests.corpus import DEV, REAL

S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
L9B = next(e for e in REAL if e["name"].startswith("L9B"))["string"]
KENKEN = next(e for e in REAL if e["kind"] == "kenken")["string"]
JIGMAP = next(e for e in DEV if e["kind"] == "jigsaw")["strings"]["jigmap"]
X_DIGITS = next(e for e in DEV if e["kind"] == "sudoku-x")["strings"]["digits"]
EVERY_STRING = [e["string"] for e in REAL] + [s for e in DEV for s in e["strings"].values()]


def givens_only(progress: list[str]) -> list[str]:
    return [note if note[0] == "g" else "." for note in progress]


@pytest.mark.parametrize("text", EVERY_STRING)
def test_open_view_is_what_the_page_put_together_from_several_calls(text):
    """The view, opening progress and save key the page used to ask for one call at a time."""
    opened = api.open_view(text)
    view = api.decode_view(text)
    assert {key: value for key, value in opened["view"].items() if key not in ("label", "cages")} \
        == {key: value for key, value in view.items() if key != "cages"}
    assert [{k: c[k] for k in ("cells", "total", "op")} for c in opened["view"]["cages"]] == view["cages"]
    assert opened["progress"] == api.opening_progress(text, view["progress"])["progress"]
    assert opened["save_key"] == api.share(text, givens_only(view["progress"]))["bd"]
    assert decode(opened["query"]) == decode(text)
    assert api.open_view(opened["query"])["query"] == opened["query"]   # the page's own address


def test_the_kind_and_its_size_are_named():
    killer = api.open_view(L9B)
    assert killer["name"] == "Killer Sudoku 9\u00d79" and killer["view"]["label"] == "Killer Sudoku"
    assert api.open_view(S9B)["name"] == "Sudoku 9\u00d79"
    assert api.open_view(JIGMAP)["view"]["label"] == "Jigsaw Sudoku"


def test_each_cage_has_its_clue_as_drawn_and_as_said():
    killer = api.open_view(L9B)["view"]["cages"]
    assert all(cage["label"] == str(cage["total"]) for cage in killer)
    first = killer[0]
    count = len(first["cells"])
    assert first["words"] == f"cage {first['total']}, {count} cell{'s' if count > 1 else ''}"
    kenken = api.open_view(KENKEN)["view"]["cages"]
    signs = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}
    words = {"+": "add", "-": "subtract", "x": "multiply", "/": "divide"}
    for cage in kenken:
        if len(cage["cells"]) == 1:
            assert cage["label"] == str(cage["total"]) and cage["words"] == f"cage {cage['total']}, 1 cell"
        else:
            assert cage["label"] == f"{cage['total']}{signs[cage['op']]}"
            assert cage["words"] == f"cage {cage['total']}, {words[cage['op']]}, {len(cage['cells'])} cells"


@pytest.mark.parametrize("text", [f"?BD={S9B}", f"?%62d={S9B}", f"?bd={S9B}&bd={L9B}",
                                  f"bd={S9B}&embed=1&slice=40", f"?embed=1&Bd={S9B}&pause=2",
                                  f"https://www.sudokuwiki.org/sudoku.htm?bd={S9B}", S9B, f" {S9B}\n"])
def test_every_way_of_writing_a_link_opens_as_the_command_line_reads_it(text):
    opened = api.open_view(text)
    assert opened["query"] == f"bd={S9B}"
    assert api.open_view(text)["view"] == api.decode_view(text) | {"label": "Sudoku", "cages": []}
    assert decode(text) == decode(S9B)


def test_an_old_jigsaw_link_keeps_its_parameters_in_their_order():
    opened = api.open_view("https://www.sudokuwiki.org/Jigsaw.aspx?" + JIGMAP + "&embed=1")
    assert opened["query"] == JIGMAP
    assert opened["view"]["kind"] == "jigsaw"


def test_a_kind_only_the_page_name_says_is_written_into_the_string():
    """81 digits from SudokuX.aspx would read as a plain sudoku alone: the query carries the kind."""
    for text in (f"https://www.sudokuwiki.org/SudokuX.aspx?bd={X_DIGITS}", f"?kind=sudoku-x&bd={X_DIGITS}"):
        opened = api.open_view(text)
        assert opened["view"]["kind"] == "sudoku-x"
        assert opened["query"].startswith("bd=X9") and decode(opened["query"]) == decode(text)
    assert api.open_view(f"?kind=sudoku&bd={X_DIGITS}")["query"] == f"bd={X_DIGITS}"


def test_a_value_is_escaped_as_the_page_escapes_it_and_a_comma_kept():
    killer_a = next(e for e in DEV if "killer-a" in e["strings"])["strings"]["killer-a"]
    assert api.open_view(killer_a)["query"] == "bd=" + killer_a
    assert api.open_view("bd=" + killer_a.replace(",", "%2C"))["query"] == "bd=" + killer_a
    assert api.open_view("?bd=S9B%20%C3%A9")["error"]   # an error, and nothing escaped twice


@pytest.mark.parametrize("text", ["", "?", "?embed=1", "?bd=", "?bd=&bd=" + S9B, "https://example.org/"])
def test_a_link_without_a_puzzle_says_so_for_the_start_page(text):
    assert api.open_view(text) == {"error": api.NO_PUZZLE, "no_puzzle": True}


def test_a_link_that_cannot_be_read_is_an_error_with_the_decoders_message():
    opened = api.open_view("?bd=Q9B00")
    assert set(opened) == {"error"} and opened["error"] == api.decode_view("?bd=Q9B00")["error"]


# ---- full pencil-mark sets: SudokuWiki's "no marks", the page's own "every digit" -----------------

def with_full_marks(text: str, cells) -> list[str]:
    """The opening position of `text` with every digit pencilled into `cells`."""
    opened = api.open_view(text)
    every = "".join("123456789abcdefghijklmnop"[:opened["view"]["size"]])
    return [("c" + every if cell in cells else note) for cell, note in enumerate(opened["progress"])]


def open_cells(text: str) -> list[int]:
    return [cell for cell, note in enumerate(api.open_view(text)["progress"]) if note == "."]


@pytest.mark.parametrize("text", [S9B, L9B, KENKEN])
def test_the_pages_own_address_reads_back_full_marks_as_written(text):
    cells = open_cells(text)[:3]
    progress = with_full_marks(text, cells)
    shared = api.share(text, progress)
    assert shared["query"] == f"bd={shared['bd']}&{api.OWN_MARKS}=1"
    reopened = api.open_view(shared["query"])
    assert reopened["progress"] == progress
    assert reopened["query"] == shared["query"]   # a reload keeps the marker
    # the same string without the marker, as SudokuWiki and everyone else write it: no marks
    sent = api.open_view(f"bd={shared['bd']}")
    assert all(sent["progress"][cell] == "." for cell in cells)


def test_an_address_without_full_marks_carries_no_marker():
    progress = api.open_view(L9B)["progress"]
    cell = open_cells(L9B)[0]
    progress[cell] = "c12"
    shared = api.share(L9B, progress)
    assert shared["query"] == f"bd={shared['bd']}"
    assert api.open_view(shared["query"])["progress"] == progress


def test_the_marker_is_read_wherever_it_stands_and_only_as_written():
    progress = with_full_marks(S9B, open_cells(S9B)[:1])
    bd = api.share(S9B, progress)["bd"]
    assert api.open_view(f"?{api.OWN_MARKS}=1&embed=1&bd={bd}")["progress"] == progress
    assert api.open_view(f"?bd={bd}&{api.OWN_MARKS}=0")["progress"] != progress


def test_opening_progress_honours_the_marker_as_open_view_does():
    """The page's older call for the opening position reads the page's own query alike."""
    progress = with_full_marks(L9B, open_cells(L9B)[:2])
    query = api.share(L9B, progress)["query"]
    decoded = api.decode_view(query)["progress"]
    assert api.opening_progress(query, decoded)["progress"] == progress == api.open_view(query)["progress"]
    bare = query.split("&")[0]
    assert api.opening_progress(bare, decoded)["progress"] == api.open_view(bare)["progress"] != progress


def test_the_share_dialogs_link_to_this_page_keeps_full_marks_too():
    progress = with_full_marks(S9B, open_cells(S9B)[:1])
    links = api.share_links(S9B, progress)
    assert links["query"] == api.share(S9B, progress)["query"] == f"bd={links['bd']}&{api.OWN_MARKS}=1"
    assert api.open_view(links["query"])["progress"] == progress
