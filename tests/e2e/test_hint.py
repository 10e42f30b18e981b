"""Hint in the page: three stages (where to look, the strategy, the whole step with its cells
marked), Apply changes exactly the cells the step names, Undo takes it back, and "Next step"
walks an easy puzzle to `solved` by logic alone."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.corpus import DEV
from pycore.explain import BY_SLUG
from tests.browsers.pageutil import ask_hint, open_text

STATUS = "[data-testid=status]"
PANEL = "[data-testid=hint]"
EASY = ("S9B03epep090607epep01ep04ep03ep02ep08epep02epepepepep07epep07epepepepep09epepepep080703ep"
        "epep05epepep01epepep03epep0407ep0501epep09ep05epepep02ep0708epep060201epep04")
READ = "cells => cells.map(c => [c.dataset.value, c.dataset.candidates, c.dataset.hint || ''])"


def first(kind: str, label_part: str = "") -> str:
    return next(r["strings"]["versioned"] for r in DEV if r["kind"] == kind and r["size"] <= 9
                and label_part in r["label"])


# A 16×16, whose rows are numbered (its digits above 9 are letters): the hint names cells R1C6.
BIG = next(r["strings"]["versioned"] for r in DEV if r["size"] == 16)


def expected_path(string: str, *options: str) -> dict:
    """The position explained by the command line (the page must show the same steps)."""
    out = subprocess.run([sys.executable, "-m", "pycore", "explain", string, *options],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def expected_first_step(string: str) -> dict:
    return expected_path(string, "--max-steps", "1")["steps"][0]


def decoded(string: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "pycore", "decode", string],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def cells(page):
    return page.locator("[data-testid=grid] [data-cell]").evaluate_all(READ)


# Positions one step before a hint that needs a house only these kinds have: the corpus jigsaw
# solo-9jdi thinned to 17 givens (tests/explain/test_leftovers.py) where the law of leftovers is
# next, and a corpus Windoku where a hidden window gives the next hidden single.
JIGSAW_LEFTOVERS = (
    "J9B00c00f00d0sp0yc0sl0yd0yd0wl1wi08200200g2dd0u20ss0u23he1mq00a0082de2dp2gi2du2gy3641tw0822do"
    "2iq2hu37h37h37x35z1ys1l91l61kz4444443yd3as3hw1pg4r05jk5n73ye3yh42l42l3ac1qs4wk4qt5o33yk5o4445"
    "6c26bx4qy4wk4qu5j85jm5jg6hg6hw6g44qs4wk4qx5nm5no6id6id6bn6gl")
WINDOKU_HIDDEN = (
    "W9B523q3r9bce951v91c25f5e0b07c38z0304ci5j09041z551v0g5f5g075i5j1j8v8j02cjcu0b1q8n8v05081f8n0g"
    "cv5qcm028v0g5f5jcucu7iee9a8x295e5k5k5q015i260728095k5k8m0292088m92040g01")

# Tatham's unreasonable KenKen of tests/explain/test_forcing.py, walked by hints until the next one
# is a digit forcing chain (65 steps in), then on until it was Nishio (16 more; a cell forcing chain
# now comes first there), each shared with its
# pencil marks: the step comes with its chain.
KENKEN_FORCING = (
    "K9C000sg190s9191dl00dla18z2p000sg18zrp00g3u18yzu001kw2i63q3qwxl000y618zv5001kw191cl0013e18zsa1"
    "8zwh2hxeu3qxq10005q2ie1d2hx4w3qx3q000ay2i7jm191hd00j3y1965t3qvdd3qw7l2hwcg3qxw6198h82hx9u2hy4x"
    "002im18yyo18y7l036482hwcg18y9e18yzw007bn2hya93qvkh3qw9d2hxz3002pk190p02knzm2hyt2002kz00m6z002f"
    "v0002j2hzjs000b61902q03ijm2hwdy19vdk197nk2hx752hxzl0cg0i2hxz52hznl002i23r0yb190k018yyo18y68000"
    "0i002ds18zsx191hd0004q3qx0318y6w")
KENKEN_NISHIO = (
    "K9C000sg190s9191dl00dla18z2p000sg18zrp00g3u18yzu001kw2i5wm3qwxl000y618zv5001kw191cl0013e18zsa1"
    "8zwd2hxeq3qxq10005q2ie1d2hx4w3qx3q000ay2i7jm191gh00j3y1965t3qvc53qw5d2hwcg3qxw6198h82hx9u2hy4g"
    "002im18yyo18y79035w82hwcg18y9e18yzw0074i2hya43qvka3qw962hxz2002pg190p02knzm2hyt2002dm00m6z002f"
    "v0002j2hzjs000b61902q03ijm2hwdy19vdk197nk2hx752hxzl0cg0i2hxz52hznl002i23r0yb190k018yyo18y68000"
    "0i002ds18zsx191hd0004q3qx0318y6w")


# A top95 sudoku walked by hints until a grouped alternating inference chain is next (9 in G7,
# G8 or G9, boxed as a group), shared with its pencil marks.
SUDOKU_AIC = (
    "S9B066202d7059mbb9f7qczdedfcz8j03c3040bd3d6bjd78r0bc3ar8y0403aq9v0b088j8z8ycy01eaa67yay02924ab8c"
    "kci8f7z9607934a054y5b02077v8u8i8m9gakai8e7y8a9608017r7u7z060h8b8e0b0g")
# A top95 sudoku (a collection of hard puzzles passed around since 2005) as our hints leave it
# where 3D Medusa is the next step, pencil marks and all.
SUDOKU_MEDUSA = (
    "S9B8i0502040h0a9eae3aca1q4e8i078y01985oca2b2b0c0b8ybu965m223f2z088r02a2a733030t4r2b7v2i068d4t580"
    "963051n0c642l650144069e03d6303030180w1a370r3e2o0809074e0i0b0e4a0u1f1f")
# Where each line drawn over the grid starts and ends, and the boxes drawn round groups
# (left, top, right, bottom), in px, beside the centres of the candidates its link joins.
DRAWN = """() => {
  const svg = document.querySelector('svg.hint-links');
  const box = document.querySelector('svg.lines').getBoundingClientRect();
  const unit = box.width / svg.viewBox.baseVal.width;
  const px = (x, y) => [x * unit + box.left, y * unit + box.top];
  const lines = [...svg.querySelectorAll('path')].map((line) => {
    const [, x1, y1, , , , x2, y2] = line.getAttribute('d').split(' ').map(Number);
    return {strong: line.classList.contains('strong'), from: px(x1, y1), to: px(x2, y2)};
  });
  const groups = [...svg.querySelectorAll('rect.group')].map((r) => {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number(r.getAttribute(k)));
    return [...px(x, y), ...px(x + w, y + h)];
  });
  return {lines, groups};
}"""
MARK_CLASSES = """(pairs) => pairs.map(([cell, digit]) =>
  [...document.querySelectorAll(`[data-index="${cell}"] .hint-marks > span`)]
    .find((s) => parseInt(s.dataset.digit, 36) === digit)?.className ?? null)"""
CENTRE = """([cells, digit]) => {
  const rects = cells.map((c) => [...document.querySelectorAll(`[data-index="${c}"] .hint-marks > span`)]
    .find((s) => parseInt(s.dataset.digit, 36) === digit).getBoundingClientRect());
  const mean = (f) => rects.reduce((sum, r) => sum + f(r), 0) / rects.length;
  return [mean((r) => r.left + r.width / 2), mean((r) => r.top + r.height / 2), rects[0].width];
}"""


def check_lines(evaluate, step) -> None:
    """One line per link of `step`, solid or dashed as the link is strong or weak, from the edge
    of one candidate to the edge of the other; a box round each group, its lines starting at the
    box's edge. `evaluate(source, arg)` runs a JS function in the page (any browser engine)."""
    drawn = evaluate(DRAWN)
    paths, boxes = drawn["lines"], drawn["groups"]
    assert [line["strong"] for line in paths] == [link["strong"] for link in step["links"]]
    groups = {(tuple(cells_), digit) for link in step["links"]
              for cells_, digit in ((link["from"], link["fromDigit"]), (link["to"], link["toDigit"]))
              if len(cells_) > 1}
    assert len(boxes) == len(groups), "a box round each group"
    for line, link in zip(paths, step["links"]):
        for end, cells_, digit in (("from", link["from"], link["fromDigit"]),
                                   ("to", link["to"], link["toDigit"])):
            ex, ey = line[end]
            if len(cells_) == 1:
                x, y, size = evaluate(CENTRE, [cells_, digit])
                assert (ex - x) ** 2 + (ey - y) ** 2 <= (size / 2 + 1.5) ** 2, (end, link)
                continue
            centres = [evaluate(CENTRE, [[c], digit])[:2] for c in cells_]
            around = [b for b in boxes if all(b[0] < x < b[2] and b[1] < y < b[3] for x, y in centres)]
            assert len(around) == 1, (end, link)
            left, top, right, bottom = around[0]
            assert left - 1.5 <= ex <= right + 1.5 and top - 1.5 <= ey <= bottom + 1.5, (end, link)
            assert min(abs(ex - left), abs(ex - right), abs(ey - top), abs(ey - bottom)) <= 1.5, (end, link)


@pytest.mark.parametrize("string,says", [
    pytest.param(EASY, "", id="sudoku"),
    pytest.param(first("killer", "kdt"), "", id="killer"),
    pytest.param(first("kenken", "keen-4"), "", id="kenken"),
    pytest.param(JIGSAW_LEFTOVERS, "Law of leftovers: rows G–I and regions 7–9", id="jigsaw"),
    pytest.param(WINDOKU_HIDDEN, "in the hidden window of rows A, E, I and columns 1, 5, 9",
                 id="windoku"),
    pytest.param(BIG, "Naked single: 6 is the only candidate left in R1C6", id="16x16"),
    # Nishio's position: the cell forcing chain now comes first there (issue 44)
    pytest.param(KENKEN_NISHIO, "Cell forcing chain: ", id="kenken-cell-forcing"),
    pytest.param(KENKEN_FORCING, "Digit forcing chain: if ", id="kenken-forcing"),
])
def test_hint_in_stages_then_apply_and_undo(app_page, string, says):
    step = expected_first_step(string)
    assert says in step["text"]
    assert open_text(app_page, string) == "ready"
    before = cells(app_page)
    hint_text = app_page.locator("[data-testid=hint-text]")

    ask_hint(app_page)
    assert app_page.locator(PANEL).get_attribute("data-stage") == "1"
    assert hint_text.inner_text().startswith("Look at")
    focus = [i for i, c in enumerate(cells(app_page)) if c[2] == "focus"]
    assert focus, "stage 1 highlights where to look"
    cages = decoded(string)["cages"]
    named = (set(step["cells"]) | {c for u in step["units"] for c in u["cells"]}
             | {c for i in step["cages"] for c in cages[i]["cells"]})
    assert set(focus) <= named

    ask_hint(app_page)
    assert app_page.locator(PANEL).get_attribute("data-stage") == "2"
    stage2 = hint_text.inner_text()
    assert stage2 != "" and stage2 != step["text"]
    chain = app_page.locator("[data-testid=hint-chain]")
    assert chain.is_hidden(), "a supposition's chain is part of the whole step only"
    assert app_page.locator("svg.hint-links").count() == 0, "so are its lines"

    ask_hint(app_page)
    assert app_page.locator(PANEL).get_attribute("data-stage") == "3"
    assert hint_text.inner_text() == step["text"]
    # a forcing chain's links, one a line (Nishio's from the supposition to the broken rule, a
    # digit forcing chain's two cases); none otherwise.
    assert chain.locator("li").all_inner_texts() == step["chain"]
    assert chain.is_visible() == bool(step["chain"])
    if "Nishio" in says:
        assert len(step["chain"]) >= 3 and step["chain"][0].endswith(" (the supposition)")
    if says.startswith("Digit forcing"):   # both cases, one after the other
        assert step["chain"][0].endswith(" (supposed true)")
        assert sum(link.endswith(" (supposed false)") for link in step["chain"]) == 1
    if says.startswith("Cell forcing"):   # every case, each opening with its supposition
        cases = [link for link in step["chain"] if " (case " in link]
        assert cases[0] == step["chain"][0] and len(cases) >= 2
        assert all(link.endswith(f" (case {k} of {len(cases)})") for k, link in enumerate(cases, 1))
    # a forcing step's cases drawn over the grid, as arrows (each case's lines in its colour)
    arrows = app_page.locator("svg.hint-links path.implies")
    assert (arrows.count() > 0) == bool(step["chain"]) == bool(step["implications"])
    marked = cells(app_page)
    for cell, _ in step["placements"]:
        assert marked[cell][2] == "place"
    for cell, _ in step["eliminations"]:
        assert marked[cell][2] in ("eliminate", "place")
    # the step's pattern in its colours (a candidate it removes is struck instead)
    gone = {tuple(e) for e in step["eliminations"]}
    shown = app_page.evaluate(MARK_CLASSES, [p[:2] for p in step["pattern"]])
    assert shown == ["gone" if (c, d) in gone else f"pattern-{k}" for c, d, k in step["pattern"]]
    if "Nishio" in says:
        assert any(k == 1 for *_, k in step["pattern"]), "the digits the chain places are drawn"
    # the key says what each colour shown stands for
    legend = app_page.locator("[data-testid=hint-legend]")
    shown = {k for c, d, k in step["pattern"] if (c, d) not in gone}
    keys = legend.locator(".key").evaluate_all("ks => ks.map(k => [Number(k.dataset.colour), k.textContent])")
    colours = BY_SLUG[step["strategy"]].colours
    assert keys == [[k, f"{['Blue', 'Orange'][k]}: {colours[k]}."] for k in sorted(shown)]
    assert legend.is_visible() == bool(shown or step["links"])

    app_page.click("[data-action=apply-hint]")
    after = cells(app_page)
    for cell, digit in step["placements"]:
        assert after[cell][0] == str(digit)
    for cell, digit in step["eliminations"]:
        assert str(digit) not in after[cell][1] and after[cell][1] != ""
    untouched = set(range(len(before))) - {c for c, _ in step["placements"] + step["eliminations"]}
    assert all(after[i][0] == before[i][0] for i in untouched)
    assert all(c[2] == "" for c in after), "highlights go once the step is applied"
    assert app_page.locator("svg.hint-links").count() == 0, "and its lines"
    assert app_page.locator("[data-testid=hint-steps] li").count() == 1

    app_page.click("[data-action=undo]")
    assert [c[0] for c in cells(app_page)] == [c[0] for c in before]
    assert app_page.locator("[data-testid=hint-steps] li").count() == 0
    # the candidates the logic reasons from stay pencilled in (the second stage's change, issue
    # 41 §1), unless they were there already; one more Undo takes them out
    if app_page.locator("[data-action=undo]").is_enabled():
        app_page.click("[data-action=undo]")
    assert app_page.locator("[data-action=undo]").is_disabled()
    assert [c[:2] for c in cells(app_page)] == [c[:2] for c in before]


@pytest.mark.parametrize("device,width,height", [("phone", 390, 844), ("desktop", 1280, 900)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_chain_is_drawn_over_the_grid(app_page, device, width, height, scheme):
    """The whole step of a chain colours its candidates alternately and draws its links as
    SudokuWiki does, solid for strong, dashed for weak, each line from one candidate to the
    other (a group, boxed, from the box's edge); where to look and the strategy's name draw
    nothing, and the drawing goes with the hint. A screenshot of each goes to screenshots/."""
    from pathlib import Path
    step = expected_first_step(SUDOKU_AIC)
    assert step["strategy"] == "grouped-aic" and len(step["links"]) == 5
    assert any(len(link["to"]) > 1 for link in step["links"]), "a group among its nodes"
    app_page.set_viewport_size({"width": width, "height": height})
    app_page.emulate_media(color_scheme=scheme)
    assert open_text(app_page, SUDOKU_AIC) == "ready"
    lines = app_page.locator("svg.hint-links path")
    legend = app_page.locator("[data-testid=hint-legend]")
    for stage in (1, 2):
        ask_hint(app_page)
        assert lines.count() == 0 and legend.is_hidden(), f"stage {stage} draws no chain"
    ask_hint(app_page)
    assert legend.is_visible() and "A box holds a group" in legend.inner_text()
    gone = {(c, d) for c, d in step["eliminations"]}
    for cell, digit, colour in step["pattern"]:
        span = app_page.locator(f"[data-index='{cell}'] .hint-marks > span[data-digit='{digit}']")
        assert span.get_attribute("class") == ("gone" if (cell, digit) in gone else f"pattern-{colour}")
    assert app_page.locator(".hint-marks .pattern-0").count() + app_page.locator(
        ".hint-marks .pattern-1").count() == len(step["pattern"]) - len(gone & {
            (c, d) for c, d, _ in step["pattern"]})
    check_lines(lambda source, arg=None: app_page.evaluate(source, arg), step)
    shots = Path(__file__).resolve().parents[2] / "screenshots"
    shots.mkdir(exist_ok=True)
    app_page.screenshot(path=str(shots / f"hint-chain-{device}-{scheme}.png"), full_page=True)
    app_page.click("[data-action=apply-hint]")
    assert app_page.locator("svg.hint-links").count() == 0 and app_page.locator(".hint-marks").count() == 0


@pytest.mark.parametrize("device,width,height,scheme", [("phone", 390, 844, "light"),
                                                       ("desktop", 1280, 900, "dark")])
def test_a_medusa_colours_its_cluster_and_draws_its_strong_links(app_page, device, width, height,
                                                                 scheme):
    """3D Medusa's whole step: its two colours on the cluster's candidates, a solid line for each
    strong link (in a bivalue cell or between a digit's two places in a house) and a key saying
    what the colours mean; from the strategy's name on, a link to SudokuWiki's article on it. A
    screenshot of each goes to screenshots/."""
    from pathlib import Path
    step = expected_first_step(SUDOKU_MEDUSA)
    assert step["strategy"] == "3d-medusa" and step["links"]
    assert any(link["from"] == link["to"] for link in step["links"]), "a bivalue cell's link"
    app_page.set_viewport_size({"width": width, "height": height})
    app_page.emulate_media(color_scheme=scheme)
    try:
        assert open_text(app_page, SUDOKU_MEDUSA) == "ready"
        article = app_page.locator("[data-testid=hint-article]")
        ask_hint(app_page)
        assert article.is_hidden()   # where to look: the strategy is not named yet
        ask_hint(app_page)
        assert article.is_visible() and article.inner_text() == "3D Medusa, explained on SudokuWiki \u2197"
        assert (article.get_attribute("href"), article.get_attribute("target"), article.get_attribute("rel")) == (
            "https://www.sudokuwiki.org/3D_Medusa", "_blank", "noopener")
        ask_hint(app_page)
        assert article.is_visible()
        assert app_page.locator("[data-testid=hint-text]").inner_text() == step["text"]
        legend = app_page.locator("[data-testid=hint-legend]").inner_text()
        assert "Blue: one colour, all true or all false." in legend
        assert "Orange: the other colour, the opposite." in legend
        gone = {(c, d) for c, d in step["eliminations"]}
        for cell, digit, colour in step["pattern"]:
            span = app_page.locator(f"[data-index='{cell}'] .hint-marks > span[data-digit='{digit}']")
            assert span.get_attribute("class") == ("gone" if (cell, digit) in gone else f"pattern-{colour}")
        check_lines(lambda source, arg=None: app_page.evaluate(source, arg), step)
        shots = Path(__file__).resolve().parents[2] / "screenshots"
        shots.mkdir(exist_ok=True)
        app_page.screenshot(path=str(shots / f"hint-medusa-{device}-{scheme}.png"), full_page=True)
    finally:
        app_page.emulate_media(color_scheme="light")


def test_the_h_key_asks_for_a_hint_then_more_but_is_a_digit_in_25x25(app_page):
    assert open_text(app_page, EASY) == "ready"
    app_page.click("[data-cell=r1c2]")
    for stage in "123":
        app_page.keyboard.press("h")
        app_page.wait_for_function(
            f"document.querySelector('[data-testid=hint]').dataset.stage === '{stage}'")
    assert app_page.locator("[data-testid=hint-text]").inner_text() == expected_first_step(EASY)["text"]
    huge = next(r["strings"]["versioned"] for r in DEV if r["size"] == 25)
    assert open_text(app_page, huge) == "ready"
    name = app_page.locator("[data-testid=grid] [data-cell][data-value='']").first.get_attribute("data-cell")
    empty = app_page.locator(f"[data-cell={name}]")
    empty.click()
    app_page.keyboard.press("h")
    assert empty.get_attribute("data-value") == "h"   # 17, written H
    assert app_page.locator(PANEL).is_hidden()


def test_next_step_walks_an_easy_sudoku_to_solved(app_page):
    assert open_text(app_page, EASY) == "ready"
    for _ in range(200):
        if app_page.locator(STATUS).get_attribute("data-state") == "solved":
            break
        ask_hint(app_page, "step-next")
    assert app_page.locator(STATUS).get_attribute("data-state") == "solved"
    assert app_page.locator("[data-testid=hint-steps] li").count() >= 40
    app_page.click("[data-action=step-back]")
    assert app_page.locator(STATUS).get_attribute("data-state") == "ready"


def test_where_the_logic_is_stuck_a_cell_can_be_revealed_and_taken_back(app_page):
    from tests.api.test_hint import STUCK_KILLER
    from tests.solve.test_hard_killers import TAREK_WITH_SOLUTIONS

    solution = TAREK_WITH_SOLUTIONS[0][1]
    assert open_text(app_page, STUCK_KILLER) == "ready"
    before = cells(app_page)
    ask_hint(app_page)
    assert app_page.locator(PANEL).get_attribute("data-status") == "stuck"
    app_page.click("[data-action=hint-reveal]")   # the solver runs in slices first
    log = app_page.locator("[data-testid=hint-steps] li")
    log.first.wait_for(state="attached")
    after = cells(app_page)
    changed = [i for i in range(81) if after[i][0] != before[i][0]]
    assert len(changed) == 1 and after[changed[0]][0] == solution[changed[0]]
    assert log.count() == 1 and log.first.text_content().startswith("Revealed: ")
    app_page.click("[data-action=step-back]")
    assert [c[:2] for c in cells(app_page)] == [c[:2] for c in before]
    # With a cell selected, Reveal places the solution's digit there.
    chosen = next(i for i in range(81) if i != changed[0] and not before[i][0])
    app_page.click(f"[data-cell=r{chosen // 9 + 1}c{chosen % 9 + 1}]")
    ask_hint(app_page)
    app_page.click("[data-action=hint-reveal]")   # the solution is known now: placed at once
    after = cells(app_page)
    assert [i for i in range(81) if after[i][0] != before[i][0]] == [chosen]
    assert after[chosen][0] == solution[chosen]


def test_hint_on_a_wrong_digit_points_at_it(app_page):
    assert open_text(app_page, EASY) == "ready"
    step = expected_first_step(EASY)
    (cell, digit), = step["placements"]
    row, col = divmod(cell, 9)
    app_page.click(f"[data-cell=r{row + 1}c{col + 1}]")
    app_page.keyboard.press(str(digit % 9 + 1))
    ask_hint(app_page)
    assert app_page.locator(PANEL).get_attribute("data-status") == "invalid"
    assert cells(app_page)[cell][2] == "wrong"


@pytest.mark.parametrize("device,width,height", [("phone", 390, 844), ("desktop", 1280, 900)])
def test_hint_stages_are_recorded_and_stay_on_screen(app_page, device, width, height):
    """Screenshots of every hint stage (sudoku, killer, KenKen) to screenshots/ for a person to
    look at; the panel and the grid both stay within the screen's width."""
    from pathlib import Path
    shots = Path(__file__).resolve().parents[2] / "screenshots"
    shots.mkdir(exist_ok=True)
    app_page.set_viewport_size({"width": width, "height": height})
    for name, string in (("sudoku", EASY), ("killer", first("killer", "kdu")),
                         ("kenken", first("kenken", "keen-6dx"))):
        assert open_text(app_page, string) == "ready"
        for _ in range(4):   # a few steps in, where the hints get interesting
            ask_hint(app_page, "step-next")
        app_page.click("[data-action=apply-hint]")
        for stage in (1, 2, 3):
            ask_hint(app_page)
            assert app_page.locator(PANEL).get_attribute("data-stage") == str(stage)
            panel = app_page.locator(PANEL).bounding_box()
            grid = app_page.locator("[data-testid=grid]").bounding_box()
            assert panel["x"] >= 0 and panel["x"] + panel["width"] <= width
            assert grid["x"] + grid["width"] <= width
            assert (panel["y"] >= grid["y"] + grid["height"] - 1
                    or panel["x"] >= grid["x"] + grid["width"]), "the panel sits under the grid or beside it"
            app_page.screenshot(path=str(shots / f"hint-{device}-{name}-stage{stage}.png"),
                                full_page=True)


def test_the_whole_path_lists_every_step_and_grades_the_puzzle(app_page):
    killer = first("killer")
    expected = expected_path(killer)
    assert expected["status"] == "solved"
    assert open_text(app_page, killer) == "ready"
    ask_hint(app_page)
    path = app_page.locator("[data-testid=hint-path]")
    path.locator("summary").click()
    summary = app_page.locator("[data-testid=path-summary]")
    count = len(expected["steps"])
    summary.filter(has_text="Solved by logic").wait_for()
    hardest = BY_SLUG[expected["grade"]["hardest"]].name
    assert summary.text_content() == (f"Solved by logic in {count} steps. Grade: "
                                      f"{expected['grade']['level']}; the hardest step: {hardest}.")
    listed = app_page.locator("[data-testid=path-steps] li").all_text_contents()
    assert listed == [s["text"] for s in expected["steps"]]
    # The path is the reader's: after a step is applied it is out of date, and goes.
    app_page.click("[data-action=apply-hint]")
    assert not path.evaluate("d => d.open")
    assert app_page.locator("[data-testid=path-steps] li").count() == 0


def test_the_path_says_where_the_logic_is_stuck(app_page):
    from tests.solve.test_hard_killers import TAREK_WITH_SOLUTIONS, short_killer
    from pycore.codec import encode
    from pycore.model import Position

    tarek = encode(short_killer(TAREK_WITH_SOLUTIONS[5][0]), Position((0,) * 81, (0,) * 81),
                   "versioned")
    expected = expected_path(tarek)
    assert expected["status"] == "stuck"
    count, hardest = len(expected["steps"]), BY_SLUG[expected["grade"]["hardest"]].name
    assert open_text(app_page, tarek) == "ready"
    ask_hint(app_page)
    app_page.locator("[data-testid=hint-path] summary").click()
    summary = app_page.locator("[data-testid=path-summary]")
    summary.filter(has_text="From there").wait_for()
    assert summary.text_content() == (f"The logic this page knows is stuck after {count} steps; "
                                      f"the hardest: {hardest}. From there, Reveal a cell or Solve.")
    assert app_page.locator("[data-testid=path-steps] li").count() == count


def test_close_hides_the_hint_and_hint_shows_the_same_stage_again(app_page):
    assert open_text(app_page, EASY) == "ready"
    ask_hint(app_page)
    ask_hint(app_page)
    panel = app_page.locator(PANEL)
    assert panel.get_attribute("data-stage") == "2"
    assert app_page.locator("[data-hint]").count() > 0
    app_page.click("[data-action=hint-close]")
    assert not panel.is_visible()
    assert app_page.locator("[data-hint]").count() == 0
    ask_hint(app_page)
    assert panel.is_visible() and panel.get_attribute("data-stage") == "2"


def test_a_step_of_the_path_applies_the_path_up_to_it(app_page):
    from pycore import api

    progress = api.decode_view(EASY)["progress"]
    for _ in range(5):   # five hints applied, as the path's first five steps are
        progress = api.hint_view(EASY, progress)["progress"]
    assert open_text(app_page, EASY) == "ready"
    before = cells(app_page)
    ask_hint(app_page)
    app_page.locator("[data-testid=hint-path] summary").click()
    app_page.locator("[data-testid=path-summary]").filter(has_text="Solved by logic").wait_for()
    app_page.locator("[data-testid=path-steps] li").nth(4).locator("button").click()
    values = [c[0] for c in cells(app_page)]
    assert values == [note[1:] if note[0] in "gs" else "" for note in progress]
    log = app_page.locator("[data-testid=hint-steps] li")
    assert log.all_text_contents() == ["The path's first 5 steps"]
    assert app_page.locator("[data-testid=path-steps] li").count() == 0   # the path was for before
    app_page.click("[data-action=step-back]")   # Previous takes the five back at once
    assert [c[0] for c in cells(app_page)] == [c[0] for c in before]
    app_page.click("[data-action=undo]")   # and Undo the logic's candidates, pencilled in first
    assert [c[:2] for c in cells(app_page)] == [c[:2] for c in before]
