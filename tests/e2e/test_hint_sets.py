"""Issue 44's drawings and lists in the page: a forcing chain's list shown whole (it used to clip
after ~9 of 15 lines with no sign of more), almost locked sets outlined on the board, a grouped
AIC's groups boxed as one node each.

Positions: top95's sudokus (hard puzzles passed around since 2005) as our hints leave them,
pencil marks and all, where each step is next."""
from __future__ import annotations

import pytest

from tests.browsers.pageutil import ask_hint, open_text
from tests.e2e.test_hint import SUDOKU_AIC, expected_first_step

# Every strategy before the cell forcing chain is stuck here (tests/explain/test_forcing_sets.py):
# its list runs to 32 lines, four cases.
CELL_FORCING = (
    "S9B06d602d7059mbb9f7qczdedfcz8j03c30402d3d6bjd78r02c3ar8y0403aq9v02088j8z8ycy01eaa67yay02924a"
    "b8ckci8f7z9607934a05cacf02077v8u8i8m9gakai8e7y8a9608017r7u7z06088b8e0207")
ALS_XZ = (
    "S9B065u02d7059mbb9f7qb7debncz8j03c3040bbbd6bjb78j0bc3360e04039e9v0b088j8z8icy01aqa67yay02864a"
    "b8boci8f7z9607874a054y4702077v7y8i8m9g8s9m8e7y8a9608017r7u0v060h8b120b0g")

IN_SIGHT = """(li) => {
  li.scrollIntoView({block: 'center'});
  const r = li.getBoundingClientRect();
  // the topmost element at the line's middle is the line itself (nothing clips or covers it)
  const at = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && li.contains(at);
}"""


@pytest.mark.parametrize("device,width,height", [("phone", 390, 844), ("laptop", 1366, 657)])
def test_a_forcing_chains_list_is_shown_whole(app_page, device, width, height):
    """Every line of a cell forcing chain's list can be brought into sight and read, on a phone
    (the page scrolls) and on a laptop (the hint panel scrolls beside the board); the list itself
    never clips, and Apply stays reachable after it."""
    step = expected_first_step(CELL_FORCING)
    assert step["strategy"] == "cell-forcing-chain" and len(step["chain"]) == 32
    app_page.set_viewport_size({"width": width, "height": height})
    assert open_text(app_page, CELL_FORCING) == "ready"
    for _ in range(3):
        ask_hint(app_page)
    chain = app_page.locator("[data-testid=hint-chain]")
    assert chain.locator("li").all_inner_texts() == step["chain"]
    assert chain.evaluate("el => el.scrollHeight <= el.clientHeight + 1"), "the list clips"
    lines = chain.locator("li")
    unseen = [k for k in range(lines.count()) if not lines.nth(k).evaluate(IN_SIGHT)]
    assert unseen == [], f"lines out of reach: {unseen}"
    # each case ends on what it shows
    assert step["chain"][:2] == ["H3 = 4 (case 1 of 4)", "so G2 is not 4"]
    apply = app_page.locator("[data-action=apply-hint]")
    apply.scroll_into_view_if_needed()
    assert apply.is_visible()


def outlines(page):
    return page.locator("svg.hint-sets path").evaluate_all(
        "ps => ps.map(p => [p.dataset.cells.split(' ').map(Number), p.getAttribute('class'),"
        " (() => { const r = p.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()])")


def cell_boxes(page):
    return page.locator("[data-testid=grid] [data-cell]").evaluate_all(
        "cs => cs.map(c => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")


def test_an_als_xz_outlines_its_two_sets(app_page):
    """ALS-XZ's whole step outlines each almost locked set around its own cells, in the colour
    of its candidates (one blue, one orange); the key says what the outlines are; Apply takes
    the outlines away."""
    step = expected_first_step(ALS_XZ)
    assert step["strategy"] == "als-xz" and len(step["sets"]) == 2
    app_page.set_viewport_size({"width": 1280, "height": 900})
    assert open_text(app_page, ALS_XZ) == "ready"
    for stage in (1, 2):
        ask_hint(app_page)
        assert app_page.locator("svg.hint-sets").count() == 0, f"stage {stage} outlines nothing"
    ask_hint(app_page)
    drawn = outlines(app_page)
    assert [(cells, cls) for cells, cls, _ in drawn] == [
        (s["cells"], f"set set-{s['colour']}") for s in step["sets"]]
    assert {s["colour"] for s in step["sets"]} == {0, 1}
    boxes = cell_boxes(app_page)
    for cells, _, (left, top, right, bottom) in drawn:
        inside = [boxes[c] for c in cells]
        assert left >= min(b[0] for b in inside) and right <= max(b[2] for b in inside)
        assert top >= min(b[1] for b in inside) and bottom <= max(b[3] for b in inside)
        # each set's candidates are drawn in the outline's colour
        colour = next(s["colour"] for s in step["sets"] if s["cells"] == cells)
        assert {k for c, _, k in step["pattern"] if c in cells} == {colour}
    assert "An outline goes round each set" in app_page.locator("[data-testid=hint-legend]").inner_text()
    app_page.click("[data-action=apply-hint]")
    assert app_page.locator("svg.hint-sets").count() == 0


def test_a_grouped_aic_boxes_each_group_as_one_node(app_page):
    """A grouped AIC's group (a digit in one of several cells of a box and a line) is one node:
    one box around its candidates, its links starting at the box."""
    step = expected_first_step(SUDOKU_AIC)
    assert step["strategy"] == "grouped-aic"
    groups = {(tuple(end), digit) for link in step["links"]
              for end, digit in ((link["from"], link["fromDigit"]), (link["to"], link["toDigit"]))
              if len(end) > 1}
    assert groups
    app_page.set_viewport_size({"width": 1280, "height": 900})
    assert open_text(app_page, SUDOKU_AIC) == "ready"
    for _ in range(3):
        ask_hint(app_page)
    boxes = app_page.locator("svg.hint-links rect.group").evaluate_all(
        "rs => rs.map(r => { const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
    assert len(boxes) == len(groups)
    cells = cell_boxes(app_page)


    def holds(box, group):   # the box reaches into each of the group's cells
        left, top, right, bottom = box
        return all(left < cells[c][2] and right > cells[c][0] and top < cells[c][3]
                   and bottom > cells[c][1] for c in group)
    assert all(any(holds(box, group) for box in boxes) for group, _ in groups)
    app_page.click("[data-action=apply-hint]")
