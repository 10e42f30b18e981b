"""The New puzzle dialog's page calls (web/newpuzzle.js, issue 45): generate_options offers what
pycore.generate makes; generate_view answers with the page's query for a new puzzle, which opens
as the kind, size and grade asked, or with a sentence for people, never an exception."""
from __future__ import annotations

from pycore import api
from pycore.generate import LEVELS, SIZES, grades


def test_the_dialog_offers_every_kind_at_its_sizes_and_every_grade():
    options = api.generate_options()
    assert [k["kind"] for k in options["kinds"]] == list(SIZES)
    assert all(k["sizes"] == list(SIZES[k["kind"]]) and k["name"] == api.KIND_NAMES[k["kind"]]
               for k in options["kinds"])
    assert options["grades"] == list(LEVELS)
    # each size only the grades it reaches: a 4×4 sudoku is always gentle, a 4×4 KenKen up to moderate
    offered = {k["kind"]: k["grades"] for k in options["kinds"]}
    assert offered["sudoku"]["4"] == ["gentle"] and offered["kenken"]["4"] == ["gentle", "moderate"]
    assert offered["sudoku"]["9"] == list(LEVELS)
    assert all(list(grades(kind, int(n))) == g for kind, by in offered.items() for n, g in by.items())


def test_a_new_kenken_opens_from_its_query_as_asked():
    made = api.generate_view("kenken", 4, "gentle")
    assert made["grade"] == "gentle" and made["name"] == "KenKen 4\u00d74"
    opened = api.open_view(made["query"])
    assert opened["query"] == made["query"]   # the page's own query: what the address becomes
    assert opened["view"]["kind"] == "kenken" and opened["view"]["size"] == 4 and opened["view"]["cages"]


def test_a_seed_makes_the_puzzle_the_command_line_makes_from_it():
    from pycore.generate import generate
    made = api.generate_view("killer", 6, None, None, 7)
    again = api.generate_view("killer", 6, None, None, 7.0)   # a JavaScript number
    assert made["seed"] == 7 and made["query"] == again["query"]
    assert made["query"] == api.open_view("bd=" + generate("killer", 6, None, 7)["string"])["query"]
    assert api.generate_view("killer", 6, None, None, 8)["query"] != made["query"]
    for bad in (-1, 1.5, "7", True):
        assert api.generate_view("killer", 6, None, None, bad)["error"].startswith("a seed is a whole number")


def test_a_request_that_cannot_be_made_is_a_sentence():
    assert api.generate_view("sudoku", 7, None)["error"].startswith("Cannot make that puzzle: cannot generate a 7x7 sudoku")
    assert "error" in api.generate_view("sudoku", 9, "impossible")
    assert api.generate_view("sudoku", 4, "extreme")["error"].startswith("Cannot make that puzzle: a 4x4 sudoku cannot be made extreme")
    assert "error" in api.generate_view("sudoku", "9", None)
    assert "error" in api.generate_view("sudoku", 9, None, -1)


def test_no_puzzle_in_time_says_so_without_a_traceback():
    answer = api.generate_view("sudoku", 9, "extreme", 0.01)
    assert answer == {"error": "No extreme 9\u00d79 Sudoku turned up within 0.01 seconds. Try again (each try "
                               "starts afresh), or ask for another grade or size."}
