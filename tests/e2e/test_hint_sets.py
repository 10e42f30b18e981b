"""Issue 44's drawings and lists in the page: a forcing chain's list shown whole (it used to clip
after ~9 of 15 lines with no sign of more), almost locked sets outlined on the board, a grouped
AIC's groups boxed as one node each, a forcing step's cases drawn as arrows.

Positions: top95's sudokus (hard puzzles passed around since 2005) as our hints leave them,
pencil marks and all, where each step is next."""
from __future__ import annotations

import pytest

from tests.browsers.pageutil import ask_hint, open_text
from tests.e2e.test_hint import KENKEN_NISHIO, SUDOKU_AIC, expected_first_step
from tests.explain.test_switch_off import (FISH_25, FRANKEN_OFF, MUTANT_6, MUTANT_OFF,
                                           NET_22, NET_OFF)

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


def arrows_drawn(page, step, shot=None) -> None:
    """A forcing step's cases over the grid (Step.implications): an arrow (a line and its head)
    per implication the page can place, each case's in its colour, at least one per case; the
    key says what the arrows mean and, with several cases, each case's colour, a button that
    shows that case alone and one that shows every case. A step of more than two cases opens
    with its first case alone, of two with both. (A screenshot of the last case alone goes to
    `shot`, a file name without its ending, when given.) Nothing for a step without them."""
    arrows = page.locator("svg.hint-links path.implies")
    if not step.get("implications"):
        assert arrows.count() == 0
        return
    cases = sorted({a["case"] for a in step["implications"]})
    legend = page.locator("[data-testid=hint-legend]")
    classes = "ps => ps.map(p => p.getAttribute('class'))"
    if len(cases) > 2:
        opening = arrows.evaluate_all(classes)
        assert opening and all(f"case-{cases[0] % 4}" in cls.split() for cls in opening)
        assert legend.locator(f".case[data-case='{cases[0]}']").get_attribute("aria-pressed") == "true"
        legend.locator(".case[data-case=every]").click()
    drawn = arrows.evaluate_all(classes)
    assert 0 < len(drawn) <= len(step["implications"])
    assert page.locator("svg.hint-links path.head").count() == len(drawn)
    assert {f"case-{k % 4}" for k in cases} == {c for cls in drawn for c in cls.split()
                                                if c.startswith("case-")}
    follow = "each case from its supposition" if len(cases) > 1 else "the supposition"
    assert f"Arrows follow {follow} to what it shows" in legend.inner_text()
    keys = legend.locator(".case").evaluate_all("ks => ks.map(k => k.dataset.case)")
    assert keys == ([str(k) for k in cases] + ["every"] if len(cases) > 1 else [])
    if len(cases) > 1:
        # a case's key shows its arrows alone; the last key, every case's
        last = legend.locator(f".case[data-case='{cases[-1]}']")
        every = legend.locator(".case[data-case=every]")
        assert every.get_attribute("aria-pressed") == "true"
        last.click()
        assert last.get_attribute("aria-pressed") == "true"
        assert every.get_attribute("aria-pressed") == "false"
        alone = arrows.evaluate_all(classes)
        assert alone and all(f"case-{cases[-1] % 4}" in cls.split() for cls in alone)
        if shot is not None:
            page.screenshot(path=f"{shot}-case-{cases[-1] + 1}.png", full_page=True)
        every.click()
        assert last.get_attribute("aria-pressed") == "false" and arrows.count() == len(drawn)
    if len(cases) > 2:   # as the hint opened, for the screenshot taken next
        legend.locator(f".case[data-case='{cases[0]}']").click()


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


# One position per family new in issue 44 where that family is the page's next step, top95's as
# our hints leave them. The key is the family; a variant (sashimi, dual, a rectangle's type, a
# loop) is said in the step's text. (The families top95 never reaches: NEWER, below.)
GALLERY = (
    ("finned-x-wing-sashimi",  # top95: 'Sashimi X-Wing on 4 in columns 4 and 7 (rows C and G, fins H'
     "S9B069f0h039n020e9m7n83049z9uabar7r080b830b9zdm9ndn7zam8n078302067zbzbb7q7r0h8j8j9g9l9j8n0"
     "504038z0dbm7nbnc30b0g0b08aa0105am7y8u8m7vafab9m08am028v0e8b8n8z7w8w8u078v0h"),
    ("finned-jellyfish",  # top95: 'Finned Jellyfish on 5 in rows C, D, F and G (columns 1, 5, 6'
     "S9B9f05027q0d06089j2fcbcfba864m07160217d6dad20b4m0a069q323m3a04083q14091j1502dydi0401822q1"
     "y12aqae012e3s883026089u9g06012s180308306j5x6a2u094u0s2y0603646a062s4s012y09"),
    ("multi-colouring",  # top95: 'Multi-colouring on 5 (colour trap): D3 sees G3, so D3 and G3'
     "S9B05035v4z0237096y1n6q0204b7039f36051f6q1f095f0d3n0o6q0o8i8i1212010d0802074g4r47070f14120"
     "i1a2o162u140908011m267u7u4m0p5u0p363710464i06045u0p102b09010g028i058i04030h"),
    ("two-string-kite-dual",  # top95: 'Dual two-string kite through box 3: Two-string kite on 5 in '
     "S9B820f0b0c01040h820gbv03bu4iduaq021f82bn07bm0bc28y0d1f0c6i4s6i09703p2q031f06bm014i5y2u9u0"
     "d0b9y8ca60r3g3p9u081f024i6a0f7q7q012q049q7u9q0r050l069g0h8a0a0f070s080c8482"),
    ("empty-rectangle-dual",  # top95: 'Dual empty rectangle through box 2: Empty rectangle on 5 in '
     "S9B014i103o0c5u09565o4k0604100i0148074o0i070c1w044i515e5h240t1x036b3o570i6y030t08092b38051"
     "m3f1u0i070d431u4702470s0t0l4i060c074i094y0c0i6a2q0450015g0g4i1u010209560356"),
    ("ur-6",  # top95: 'Unique rectangle type 6 in A1, A2, D1 and D2 on 3/6: 3 has n'
     "S9B521i4y050b0a9e0d9e0a0d0b0c9e9e050h0609070e1m4a4y0c020a1i8m0408aa029e0a0e02058i011m9e4a0"
     "3d60g080a7u030e0s0f7w0e8ic20b0a044y070c5601030g054y58094c56020g8ib603010e4a"),
    ("hidden-unique-rectangle",  # top95: 'Hidden unique rectangle in G2, G6, I2 and I6 on 4/8: 8 has n'
     "S9B8i0502040h0a9eae3aca1q4e8i078y01985oca2b2b0c0b8ybu965m223f2z088r02a2a733030t4r2b7v2i068"
     "d4t580963051n0c642l65014c069e03d6303030180w1a370r3e2o0809074e0i0b0e4a0u1f1f"),
    ("aic-loop",  # top95: 'AIC, continuous loop (1)F2=(1)F7-(1=8)H7-(8)H5=(8)B5-(8)B3=('
     "S9Bcy9i0be205d28q7y0101864eca4aba96070b9u060u9n0b9j8a08866c2r0f5w0c045v83bm6k2y095w015u031"
     "u5e5u2f460509065v020d7u080a0c06028a8a070f0b07bf4a0e437zba037u05bf07b7028rc2"),
    ("grouped-aic",  # top95: 'Grouped AIC (5)I7=(5-1)I6=(1-9)G6=(9)G7|G8|G9: I7 is 5 or 9 '
     "S9B066202d7059mbb9f7qczdedfcz8j03c3040bd3d6bjd78r0bc3ar8y0403aq9v0b088j8z8ycy01eaa67yay029"
     "24ab8ckci8f7z9607934a054y5b02077v8u8i8m9gakai8e7y8a9608017r7u7z060h8b8e0b0g"),
    ("als-xz",  # top95: 'ALS-XZ: D3 (7/9) and B1+C1+E1+I1 (1/3/7/8/9) are almost lock'
     "S9B065u02d7059mbb9f7qb7debncz8j03c3040bbbd6bjb78j0bc3360e04039e9v0b088j8z8icy01aqa67yay028"
     "64ab8boci8f7z9607874a054y4702077v7y8i8m9g8s9m8e7y8a9608017r7u0v060h8b120b0g"),
    ("als-xy-wing",  # top95: 'ALS-XY-Wing: D3+E3+F3+H3 (4/5/6/7/9) shares the restricted c'
     "S9B065u02d7059mbb9f7qb7debncz8j03c3040bbbd6bjb78j0bc3360e04039e9v0b088j8z8icy01aaa67yay028"
     "64a44bo8y7z7z8q077r4a054y4702077v7y8i8m9g8s9m8e7y8a9608017r7u0v060h8b120b0g"),
    ("als-chain",  # top95: 'ALS chain: A7+A9+B7+C7 (1/4/6/8/9) -6- C8+C9 (5/6/7) -7- A2+'
     "S9B06be020n052ebf9f7uczdedfcz8j04c3030b0cd6bfcz8j0bcb3m1u0403aq9v0b088j8z8ycy01eaa67yau029"
     "646b8ckci8f7z9207974605ca5a02070a8u8i8q2c2c8m8e7y869208017n7u7z060h868e0b0g"),
    ("death-blossom",  # top95: 'Death blossom: the stem A8 (1/7/9) and a petal, an almost lo'
     "S9B065u02d7059mbb9f7qczdedfcz8j03c3040bd3d6bjcz8j0bc33n1u0403aq9v0b088j8z8ycy01eaa67yay029"
     "24ab8boci8f7z9607934a054y4702077v8u8i8m9gak9m8e7y8a9608017r7u7z060h8b120b0g"),
    ("sue-de-coq",  # top95: 'Sue de Coq: D1, D2 and D3, where row D crosses box 4, hold 1'
     "S9B7n1j0204078m8m0508d63y3ico5icmagab3bcy3q3aco5i01ag043a2j3j3j3q0226524y090502080a091i043"
     "63a2i3i096u5a5a010b0e0b9n2jci5ncqc2031n037v0rc2570705c30b0608057q0v029e9f2j"),
    ("pattern-overlay",  # top95: 'Pattern overlay on 2: of the 12 ways to place every 2 (one i'
     "S9B66066605480162090s010b5u1m091m5u050309124u0o480757591p200488081l7s1f071h3c7q9k811r80051"
     "p081g0801071o058q038s4e7rbi8v058u02570g4w87c08x0g8wcf57971c0706810x087z0r8b"),
    ("digit-forcing",  # top95: 'Digit forcing chain: if A8 is 7, 17 easy steps take 7 out of'
     "S9B065u02d7059mbb9f7qczdedfcz8j03c3040bd3d6bjcz8j0bc33n1u0403aq9v0b088j8z8ycy01eaa67yay029"
     "24ab8boci8f7z9607934a054y4702077v7y8i8m9gak9m8e7y8a9608017r7u7z060h8b120b0g"),
    ("cell-forcing-chain",  # top95: 'Cell forcing chain: H3 is 4 or 6 or 7 or 9; if H3 is 4, that'
     "S9B06d602d7059mbb9f7qczdedfcz8j03c3040bd3d6bjd78r0bc3ar8y0403aq9v0b088j8z8ycy01eaa67yay029"
     "24ab8ckci8f7z9607934a05cacf02077v8u8i8m9gakai8e7y8a9608017r7u7z060h8b8e0b0g"),
    ("unit-forcing-chain",  # top95: 'Unit forcing chain: 7 goes in row H at H1 or H2 or H3; if it'
     "S9B06d602d3059ibf9f7uczdedfcz8j04c3030b0cd6bfcz8j0bcbar960403aq9v0b088j8z8ycy01eaa67yau029"
     "646b8ckci8f7z9207974605ca5a02070a8u8i8q9gacae8e7y869208017n7u7z060h868e0b0g"),
)

VARIANT = {"finned-x-wing-sashimi": ("finned-x-wing", "Sashimi X-Wing"),
           "two-string-kite-dual": ("two-string-kite", "Dual two-string kite"),
           "empty-rectangle-dual": ("empty-rectangle", "Dual empty rectangle"),
           "ur-5": ("unique-rectangle", "type 5"),
           "ur-6": ("unique-rectangle", "type 6"),
           "aic-loop": ("aic", "continuous loop")}


@pytest.mark.parametrize("device,width,height,scheme", [("phone", 390, 844, "light"),
                                                       ("desktop", 1440, 900, "dark")])
def test_each_new_familys_hint_is_drawn(app_page, device, width, height, scheme):
    """Each family's whole step in the page: its text, its pattern in colour, a chain's lines and
    a set's outlines as the step says; a screenshot of each goes to screenshots/hints44/ (issue
    44: a screenshot of each new family, phone light and desktop dark, looked at)."""
    from pathlib import Path
    shots = Path(__file__).resolve().parents[2] / "screenshots" / "hints44"
    shots.mkdir(parents=True, exist_ok=True)
    app_page.set_viewport_size({"width": width, "height": height})
    app_page.emulate_media(color_scheme=scheme)
    try:
        for family, string in GALLERY:
            slug, says = VARIANT.get(family, (family, ""))
            step = expected_first_step(string)
            assert step["strategy"] == slug and says in step["text"], (family, step["text"])
            assert open_text(app_page, string) == "ready"
            for _ in range(3):
                ask_hint(app_page)
            assert app_page.locator("[data-testid=hint-text]").inner_text() == step["text"]
            assert app_page.locator(".hint-marks .pattern-0, .hint-marks .pattern-1").count() > 0
            links = app_page.locator("svg.hint-links path.strong, svg.hint-links path.weak")
            assert links.count() <= len(step["links"])
            arrows_drawn(app_page, step, shots / f"{family}-{device}-{scheme}")
            assert app_page.locator("svg.hint-sets path").count() == len(step["sets"]), family
            app_page.screenshot(path=str(shots / f"{family}-{device}-{scheme}.png"), full_page=True)
            app_page.click("[data-action=hint-close]")
    finally:
        app_page.emulate_media(color_scheme="light")


# The families no top95 position reaches with every strategy on, where a position was found with
# that family next: each with what its hint must say first. The avoidable rectangle: a generated
# diabolical sudoku (`pycore generate --kind sudoku --size 9 --grade diabolical --seed 2012`) 50
# hint steps in, where F1 = 1, F3 = 7 and I1 = 7 are placed, not given. For franken and mutant
# fish and the forcing net a simpler step always comes first (not on top95 walked by hints, nor
# with one crossed-out candidate given back at each board, nor on 150 generated diabolical
# sudokus): they are next once the reader switches strategies off (SWITCHED_OFF, below). No
# unique rectangle of type 5 was found next, with or without strategies switched off: walking
# top95, Tatham's 150 sudokus and 60 generated diabolical ones by hints, with uniqueness on and
# with it off, the unique-rectangle finder never gave a type 5 first. A type 5 is there on 12
# boards of top95's walks (its 7th and 65th sudokus), but each time a type 2, 3 or 4 comes
# first (the finder tries the types in order over every rectangle, and switching off is by
# slug); taking those steps first, as a reader with the rest switched off would, leaves a
# type 5 first on the 65th 63 steps in, but only with a full house next, and the singles
# after it solve the grid. So the type 5 is shown where a reader's own pencil marks make it next:
# top95's 19th sudoku 16 hint steps in, its rectangle B6, B9, C6, C9 pencilled 3/4 on the floor
# and 1/3/4 on the roof (each cell keeping its solution digit), as a reader who narrowed them
# by other means would have it (found by trying every such rectangle on every hard board of
# top95's walks: three positions in all).
NEWER = (
    ("avoidable-rectangle", "Avoidable rectangle type 1 in F1, F3, I1 and I3",
     "S9Bb60403050a8i50500g05cz4zc29e020c4y0d025u4y046q0309010e06b60d010c0g44057ob60c02b61u1u070"
     "d0a0a050g0bb6044yc2030d0609030b010e0g080c444i070d820a7o060g0l0z8i8y0804037o"),
    ("ur-5", "Unique rectangle type 5 in B6, B9, C6 and C9 on 3/4: one of B6 and C9 must be 1",
     "S9B0r0203070e0i4b4b06080g0r0b060v05090u091u1u47470u070b0v1g1v5h4n044709074j0317074j09064b"
     "4r020r8bbv4j0b0g1i1i4q058n8l0407475553b7368v8r8i47025b5rdn38088t8i0n0e1t1r9n"),
)


@pytest.mark.parametrize("family,says,string", NEWER, ids=[f for f, _, _ in NEWER])
def test_each_newer_familys_hint_names_it_and_its_cells(app_page, family, says, string):
    """The whole step names the family and every cell of its pattern, and marks those cells on
    the board; a screenshot on a phone (light) and a desktop (dark) goes to screenshots/hints44/."""
    from pathlib import Path
    from pycore.model import ROW_LETTERS
    shots = Path(__file__).resolve().parents[2] / "screenshots" / "hints44"
    shots.mkdir(parents=True, exist_ok=True)
    step = expected_first_step(string)
    assert step["strategy"] == VARIANT.get(family, (family,))[0], step["strategy"]
    assert step["text"].startswith(says), step["text"]
    names = [f"{ROW_LETTERS[c // 9]}{c % 9 + 1}" for c in step["cells"]]
    assert all(name in step["text"] for name in names), (names, step["text"])
    try:
        shoot_the_whole_hint(app_page, family, string, step, shots)
    finally:
        app_page.emulate_media(color_scheme="light")


def shoot_the_whole_hint(page, family, string, step, shots, sets_drawn=False) -> None:
    """On a phone (light) and a desktop (dark): the hint's whole step is `step`'s text, its cells
    are marked on the board (and its sets outlined, `sets_drawn`); a screenshot of each."""
    for device, width, height, scheme in (("phone", 390, 844, "light"),
                                          ("desktop", 1920, 1080, "dark")):
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme=scheme)
        assert open_text(page, string) == "ready"
        for _ in range(3):
            ask_hint(page)
        assert page.locator("[data-testid=hint-text]").inner_text() == step["text"]
        marked = page.locator("[data-hint]").evaluate_all("cs => cs.map(c => c.dataset.cell)")
        assert {f"r{c // 9 + 1}c{c % 9 + 1}" for c in step["cells"]} <= set(marked)
        arrows_drawn(page, step, shots / f"{family}-{device}-{scheme}")
        if sets_drawn:
            assert page.locator("svg.hint-sets path").count() == len(step["sets"])
            # each outline's colour is in the key (a fish's cover houses are orange, fins or none)
            key = page.locator("[data-testid=hint-legend] .key").evaluate_all("ks => ks.map(k => k.dataset.colour)")
            assert {str(s["colour"]) for s in step["sets"]} <= set(key), key
        page.screenshot(path=str(shots / f"{family}-{device}-{scheme}.png"), full_page=True)
        page.click("[data-action=hint-close]")


# Issue 44's families that a simpler step always comes before, made the next step the way a reader
# of SudokuWiki's solver or HoDoKu would: by unticking the strategies that come first, through the
# page's Strategies list (Settings). Positions: top95's 7th, 24th and 9th sudokus as our hints
# leave them (tests/explain/test_switch_off.py), with the fewest strategies switched off that a
# greedy search found (switch off what comes first until the family is next, then switch each
# back on where the family stays next); and Nishio's KenKen with the set forcing chains off.
SWITCHED_OFF = (
    ("franken-fish", FISH_25, FRANKEN_OFF, "Franken X-Wing on 4: base row A and box 6"),
    ("mutant-fish", MUTANT_6, MUTANT_OFF, "Mutant X-Wing on 5: base row G and column 4"),
    ("forcing-net", NET_22, NET_OFF, "Forcing net: 6 goes in column 6 at E6 or F6"),
    # Tatham's unreasonable KenKen where Nishio was next before the cell forcing chains came
    ("nishio", KENKEN_NISHIO, ("cell-forcing-chain", "unit-forcing-chain", "forcing-net"),
     "Nishio: if A5 were 3, 2 easy steps"),
)


@pytest.mark.parametrize("family,string,off,says", SWITCHED_OFF, ids=[f for f, *_ in SWITCHED_OFF])
def test_a_family_next_once_strategies_are_switched_off(app_page, family, string, off, says):
    """With the strategies that come first unticked in Settings, the hint is the family's step
    as the command line's `explain --off` gives it, its cells marked on the board; screenshots
    on a phone (light) and a desktop (dark) go to screenshots/hints44/."""
    from pathlib import Path
    from pycore.model import ROW_LETTERS
    from tests.e2e.test_hint import expected_path
    from tests.e2e.test_strategies_off import box, open_strategies
    shots = Path(__file__).resolve().parents[2] / "screenshots" / "hints44"
    shots.mkdir(parents=True, exist_ok=True)
    assert expected_first_step(string)["strategy"] != family   # something simpler comes first
    step = expected_path(string, "--max-steps", "1", "--off", ",".join(off))["steps"][0]
    assert step["strategy"] == family and step["text"].startswith(says), step["text"]
    if family.endswith("fish"):
        assert [s["colour"] for s in step["sets"]] == [0, 0, 1, 1]
    # a fish names its base and cover houses, a net every cell of its cases
    names = [unit["name"] for unit in step["units"]] + (
        [] if family.endswith("fish") else [f"{ROW_LETTERS[c // 9]}{c % 9 + 1}" for c in step["cells"]])
    assert all(name in step["text"] for name in names), (names, step["text"])
    page = app_page
    try:
        open_strategies(page)
        for slug in off:
            box(page, slug).uncheck()
        page.locator("details[data-testid=settings]").evaluate("d => { d.open = false; }")
        # a fish's base houses outlined in blue, its cover houses in orange
        shoot_the_whole_hint(page, family, string, step, shots, sets_drawn=True)
    finally:
        page.emulate_media(color_scheme="light")
        open_strategies(page)
        page.click("[data-testid=strategies-all-on]")
