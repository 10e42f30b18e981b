"""Every puzzle kind and size from the corpus, drawn by the page, checked cell by cell against the
corpus's own fields (`expected` of the real strings, the generator's fields of dev.jsonl), never
against the decoder's output: givens, solved digits, pencil marks, cages with totals and operators,
jigsaw regions, and the shaded Sudoku X diagonals / Windoku windows."""
from __future__ import annotations

import pytest

from tests.corpus import DEV, REAL
from tests.browsers.pageutil import open_text

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
PAGE_NAMES = {"sudoku-x": "SudokuX.aspx"}
SIGNS = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}

READ_CELLS = """grid => [...grid.querySelectorAll('[data-cell]')].map(c => ({
  cell: c.dataset.cell, value: c.dataset.value, candidates: c.dataset.candidates,
  given: c.classList.contains('given'), solved: c.classList.contains('solved'),
  shaded: c.classList.contains('shaded'), cage: c.dataset.cage ?? null, region: c.dataset.region ?? null,
  total: c.dataset.cageTotal ?? null, op: c.dataset.cageOp ?? null,
  text: c.textContent }))"""


def dev_cases():
    """One dev puzzle per (kind, size), in every format its strings hold."""
    seen, cases = set(), []
    for entry in DEV:
        key = (entry["kind"], entry["size"])
        if key in seen:
            continue
        seen.add(key)
        for fmt, string in entry["strings"].items():
            if fmt == "digits" and entry["kind"] != "sudoku":
                # 81 digits say nothing of the kind: SudokuWiki's page name does
                if entry["kind"] not in PAGE_NAMES:
                    continue
                string = f"https://www.sudokuwiki.org/{PAGE_NAMES[entry['kind']]}?bd={string}"
            cases.append(pytest.param(entry, string, id=f"{entry['kind']}-{entry['size']}-{fmt}"))
    return cases


def partition(labels) -> set[frozenset[int]]:
    groups: dict = {}
    for index, label in enumerate(labels):
        if label is not None:
            groups.setdefault(label, set()).add(index)
    return {frozenset(g) for g in groups.values()}


def shaded_cells(kind: str, n: int) -> set[int]:
    if kind == "sudoku-x":
        return {i * n + i for i in range(n)} | {i * n + n - 1 - i for i in range(n)}
    if kind == "windoku" and n == 9:  # windows with top-left cells r2c2, r2c6, r6c2, r6c6
        return {(top + r) * 9 + left + c for top in (1, 5) for left in (1, 5) for r in range(3) for c in range(3)}
    return set()


def check_grid(page, kind: str, n: int, givens, cages, regions=None, progress=None) -> None:
    assert page.locator("[data-testid=status]").get_attribute("data-state") == "ready", \
        page.locator("[data-testid=status]").text_content()
    cells = page.locator("[data-testid=grid]").evaluate(READ_CELLS)
    assert [c["cell"] for c in cells] == [f"r{r}c{c}" for r in range(1, n + 1) for c in range(1, n + 1)]

    for index, (cell, given) in enumerate(zip(cells, givens)):
        if given:
            assert (cell["value"], cell["given"]) == (DIGITS[given], True), cell
        else:
            assert not cell["given"], cell
    if progress is not None:
        for cell, note in zip(cells, progress):
            if note.startswith("s"):
                assert (cell["value"], cell["solved"], cell["candidates"]) == (note[1:], True, ""), (cell, note)
            elif note.startswith("c") and len(note) - 1 == n:
                # every digit: SudokuWiki's "nobody has narrowed this cell"; shown as no marks
                assert (cell["value"], cell["candidates"], cell["text"]) == ("", "", ""), (cell, note)
            elif note.startswith("c"):
                assert (cell["value"], cell["candidates"]) == ("", note[1:]), (cell, note)
                assert cell["text"] == note[1:], (cell, note)  # one pencil mark per candidate
            elif note == ".":
                assert (cell["value"], cell["candidates"]) == ("", ""), (cell, note)
    else:  # dev puzzles carry no progress: no digit other than the givens
        for cell, given in zip(cells, givens):
            if not given:
                assert cell["value"] == "", cell

    # cages: same cells, and the total (with the operator for KenKen) on each cage's first cell
    drawn = partition(c["cage"] for c in cells)
    assert drawn == {frozenset(cage["cells"]) for cage in cages}
    arithmetic = kind in ("kenken", "kendoku")
    labels = {}
    for cage in cages:
        first = cells[min(cage["cells"])]
        assert (int(first["total"]), first["op"]) == (cage["total"], cage["op"]), (first, cage)
        sign = SIGNS[cage["op"]] if arithmetic and len(cage["cells"]) > 1 else ""
        labels[min(cage["cells"])] = f"{cage['total']}{sign}"
    shown = page.locator("svg.lines text.cage-total").all_text_contents()
    assert sorted(shown) == sorted(labels.values())

    if regions is not None:
        assert partition(c["region"] for c in cells) == partition(regions)
    assert {i for i, c in enumerate(cells) if c["shaded"]} == shaded_cells(kind, n)


@pytest.mark.parametrize("entry", REAL, ids=[e["name"] for e in REAL])
def test_real_strings(app_page, entry):
    expected = entry["expected"]
    assert open_text(app_page, entry["string"]) == "ready", app_page.locator("[data-testid=status]").text_content()
    givens = expected.get("givens", [0] * entry["size"] ** 2)  # killer and KenKen have none
    check_grid(app_page, entry["kind"], entry["size"], givens, expected.get("cages", []),
               expected.get("regions"), expected.get("progress"))


@pytest.mark.parametrize("entry,string", dev_cases())
def test_dev_puzzles(app_page, entry, string):
    assert open_text(app_page, string) == "ready", app_page.locator("[data-testid=status]").text_content()
    givens = entry.get("givens") or [0] * entry["size"] ** 2
    check_grid(app_page, entry["kind"], entry["size"], givens, entry.get("cages", []), entry.get("regions"))
