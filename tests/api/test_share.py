"""api.share_links: the Share dialog's SudokuWiki link (version B/C, on the page that reads the
kind) and the older formats decode back to the same puzzle and, where the format holds it, the
same progress."""
import pytest

from pycore import api
from tests.corpus import DEV, REAL

SAMPLES = [entry["string"] for entry in REAL] + [entry["strings"]["versioned"] for entry in DEV[::7]]


def played(progress):
    """The progress with one player move: a solved digit in the first open cell."""
    progress = list(progress)
    for i, note in enumerate(progress):
        if note[0] != "g":
            progress[i] = "s1"
            break
    return progress


@pytest.mark.parametrize("text", SAMPLES, ids=range(len(SAMPLES)))
def test_share_links_decode_to_the_same_position(text):
    view = api.decode_view(text)
    progress = played(view["progress"])
    links = api.share_links(text, progress)
    assert "error" not in links, links
    page = api.SUDOKUWIKI_PAGES[view["kind"]]
    assert links["sudokuwiki"] == f"https://www.sudokuwiki.org/{page}?bd={links['bd']}"
    again = api.decode_view(links["sudokuwiki"])
    assert (again["kind"], again["givens"], again["cages"], again["regions"]) == \
        (view["kind"], view["givens"], view["cages"], view["regions"])
    assert again["progress"] == progress
    for older in links["older"]:
        back = api.decode_view(older["link"])
        assert "error" not in back, (older["format"], back)
        assert (back["kind"], back["cages"], back["regions"]) == (view["kind"], view["cages"], view["regions"])


def test_older_formats_only_where_they_fit():
    kinds = {}
    for text in SAMPLES:
        view = api.decode_view(text)
        formats = {o["format"] for o in api.share_links(text, view["progress"])["older"]}
        kinds.setdefault((view["kind"], view["size"]), set()).update(formats)
    assert kinds[("sudoku", 9)] == {"digits", "packed162"}
    assert kinds[("killer", 9)] == {"killer-a", "killer-2024"}
    assert kinds[("jigsaw", 9)] == {"jigmap"}
    assert not kinds[("kenken", 6)]


def test_share_links_error_is_a_message():
    assert "error" in api.share_links("S9B00", [])
    assert "error" in api.share_links("not a puzzle", [])
