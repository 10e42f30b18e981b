"""The setter's live checks (pycore/setter.py, issue 45 §2) on hand-made drafts with no solution,
one, and more than one; the draft's address read back; the finished puzzle's string."""
from __future__ import annotations

import pytest

from pycore import api, setter
from pycore.codec import PuzzleStringError, decode
from tests.corpus import REAL

# SudokuWiki's "Very Easy 1" KenKen and "Gentle Example 1" killer (the start page's examples), from the corpus
KENKEN = next(e["string"] for e in REAL if e["name"] == "K6C Very Easy 1 (SudokuWiki compatibility string)")
KILLER = next(e["string"] for e in REAL if e["name"] == "L9B Gentle Example 1 (SudokuWiki compatibility string)")


def draft_from(string: str) -> dict:
    puzzle, _ = decode(string)
    return {"kind": puzzle.kind, "size": puzzle.size, "givens": list(puzzle.givens), "regions": None,
            "cages": [{"cells": list(c.cells), "total": c.total, "op": c.op} for c in puzzle.cages]}


def checked(data: dict) -> dict:
    report = api.setter_check(data)
    assert "error" not in report, report
    return report


@pytest.mark.parametrize("string", [KENKEN, KILLER])
def test_a_published_puzzle_drawn_by_hand_is_unique_complete_and_graded(string):
    data = draft_from(string)
    report = checked(data)
    assert report["status"] == "unique" and report["complete"] and report["left"] == []
    puzzle, _ = decode(string)
    from pycore.solve import solve
    assert report["solution"] == list(solve(puzzle).solution)
    graded = api.setter_grade(data, report["solution"])
    assert graded["logic"] == "solved" and graded["level"] in ("gentle", "moderate")
    assert graded["name"] and graded["step"] and graded["name"] in graded["text"]
    # Done: the finished puzzle's own string opens as the same puzzle
    query = api.setter_finish(data)["query"]
    assert decode(query)[0] == puzzle


def test_an_impossible_cage_is_no_solution_with_its_cells():
    data = draft_from(KENKEN)
    data["cages"][0]["total"] = 25   # A1 and A2 (one row) cannot make 25× in a 6×6
    report = checked(data)
    assert report["status"] == "none"
    assert report["text"].startswith("No solution: ")
    assert set(report["cells"]) == {0, 1}


def test_two_equal_givens_in_a_row_are_no_solution_naming_both():
    data = setter.as_data(setter.empty_draft("kenken", 4))
    data["givens"][0] = data["givens"][3] = 2
    report = checked(data)
    assert report["status"] == "none" and report["cells"] == [0, 3]
    assert "row A" in report["reason"]


def test_killer_totals_that_do_not_add_up_are_no_solution():
    data = draft_from(KILLER)
    data["cages"][0]["total"] += 1
    report = checked(data)
    assert report["status"] == "none" and "add up to 406" in report["reason"]


def is_latin(grid, n):
    rows = [grid[r * n:(r + 1) * n] for r in range(n)]
    return all(sorted(r) == list(range(1, n + 1)) for r in rows) and all(
        sorted(grid[c::n]) == list(range(1, n + 1)) for c in range(n))


def test_an_empty_kenken_has_many_solutions_two_shown_with_a_given_to_start():
    report = checked(setter.as_data(setter.empty_draft("kenken", 4)))
    assert report["status"] == "multiple" and report["left"] == ["16 cells in no cage"]
    first, second = report["solutions"]
    assert is_latin(first, 4) and is_latin(second, 4) and first != second
    assert report["differ"] == [c for c in range(16) if first[c] != second[c]]
    suggestion = report["suggestions"][0]
    assert suggestion["kind"] == "given" and suggestion["cells"][0] in report["differ"]


def apply(data: dict, suggestion: dict) -> dict:
    data = {**data, "givens": list(data["givens"]), "cages": list(data["cages"])}
    if suggestion["kind"] == "given":
        data["givens"][suggestion["cells"][0]] = suggestion["digit"]
    else:
        data["cages"] = [c for c in data["cages"] if c["cells"] != suggestion["cells"]] + suggestion["cages"]
    return data


def merges(data: dict, solution: list[int]):
    """Drafts with two touching cages made one, its total the sum of the solution's digits (a
    killer's only where they differ): most have more than one solution."""
    cages, n = data["cages"], data["size"]
    for i, first in enumerate(cages):
        for other in cages[i + 1:]:
            if not any(abs(a - b) == n or (abs(a - b) == 1 and a // n == b // n)
                       for a in first["cells"] for b in other["cells"]):
                continue
            cells = sorted(first["cells"] + other["cells"])
            digits = [solution[c] for c in cells]
            if data["kind"] == "killer" and len(set(digits)) < len(digits):
                continue
            merged = {"cells": cells, "total": sum(digits), "op": "+"}
            yield {**data, "cages": [merged] + [c for c in cages if c is not first and c is not other]}


@pytest.mark.parametrize("string", [KENKEN, KILLER])
def test_two_cages_merged_have_two_solutions_and_each_suggestion_settles_it(string):
    data = draft_from(string)
    solution = checked(data)["solution"]
    report, merged = next((r, m) for m in merges(data, solution) if (r := checked(m))["status"] != "unique")
    assert report["status"] == "multiple" and report["complete"]
    assert solution in report["solutions"] or report["solutions"][0] != report["solutions"][1]
    assert report["suggestions"]
    for suggestion in report["suggestions"]:
        if suggestion.get("settles", True):
            assert checked(apply(merged, suggestion))["status"] == "unique", suggestion


def test_a_draft_being_drawn_lists_what_is_left_and_cages_without_totals_are_left_out():
    data = draft_from(KILLER)
    data["cages"][3]["total"] = 0
    del data["cages"][5]
    report = checked(data)
    assert report["complete"] is False
    assert any("no total" in item for item in report["left"])
    assert any("in no cage" in item for item in report["left"])
    assert "error" in api.setter_finish(data)


def test_a_jigsaw_is_open_until_every_region_is_drawn_and_a_region_too_big_has_no_solution():
    data = setter.as_data(setter.empty_draft("jigsaw", 4))
    report = checked(data)
    assert report["status"] == "open" and report["left"] == ["16 cells in no region"]
    data["regions"] = [1] * 5 + [0] * 11
    assert checked(data)["status"] == "none"
    data["regions"] = [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]
    report = checked(data)
    assert report["status"] == "multiple" and report["complete"]


def test_the_address_keeps_every_part_of_the_draft():
    data = draft_from(KENKEN)
    data["givens"][7] = 3
    data["cages"][2]["total"] = 0
    data["cages"][3]["op"] = ""
    query = api.setter_query(data)["query"]
    assert query.startswith("set=kenken&size=6&g=.......3&c=")
    opened = api.setter_open("?" + query)
    assert opened["draft"] == setter.as_data(setter.draft_of(data))
    assert opened["query"] == query and opened["name"] == "KenKen 6\u00d76"
    jigsaw = {"kind": "jigsaw", "size": 4, "givens": [0] * 16, "regions": [1, 1, 2] + [0] * 13, "cages": []}
    assert api.setter_query(jigsaw)["query"] == "set=jigsaw&size=4&r=112"
    assert api.setter_open("set=jigsaw&size=4&r=112")["draft"]["regions"] == jigsaw["regions"]


@pytest.mark.parametrize("query", ["set=str8ts&size=9", "set=killer&size=7", "set=kenken&size=6&g=9",
                                   "set=kenken&size=6&c=12q0001", "set=kenken&size=6&c=12m0001_3a01"])
def test_an_address_that_is_no_draft_is_an_error(query):
    assert "error" in api.setter_open(query)


def test_a_draft_from_the_page_is_checked():
    with pytest.raises(PuzzleStringError):
        setter.draft_of({"kind": "killer", "size": 9, "cages": [{"cells": [0, 1], "total": 3},
                                                                 {"cells": [1, 2], "total": 5}]})
    assert "error" in api.setter_check("nonsense")
    assert "error" in api.setter_check({"kind": "killer", "size": 9, "givens": [0] * 80})
    assert "error" in api.setter_grade(draft_from(KENKEN), [1, 2, 3])
