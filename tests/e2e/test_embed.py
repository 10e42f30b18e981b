"""Embed (`&embed=1` in another site's <iframe>): a host page with frames of 300×300 and 600×600
(and a wide 560×300 one) shows the grid, a compact toolbar and a digit pad that fit each frame with
no scrolling; digits are entered by tapping a cell and the pad; the full-page link and links shared
from the embed carry no embed=1. Screenshots of the host page go to screenshots/."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import SUB_PATH, guarded_context
from tests.corpus import REAL
from tests.e2e.test_hint import KENKEN_NISHIO

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
L9B = next(e for e in REAL if e["name"].startswith("L9B Gentle"))["string"]
K6C = next(e for e in REAL if e["kind"] == "kenken")["string"]
FRAMES = {"small": (300, 300), "large": (600, 600), "wide": (560, 300)}
PARTS = ("[data-testid=grid]", "[data-testid=toolbar]", "[data-testid=pad]", "[data-testid=full-page]")


def host_page(site, *names: str, bd: str | None = None, extra: str = "") -> str:
    """A blog-like page on the same server embedding the viewer in the frames `names` (with the
    puzzle `bd`, else a gentle sudoku or, in the wide frame, a KenKen)."""
    frames = "\n".join(
        f'<h2>{name}</h2><iframe id="{name}" src="{SUB_PATH}?bd={bd or (L9B if name != "wide" else K6C)}&embed=1{extra}" '
        f'width="{FRAMES[name][0]}" height="{FRAMES[name][1]}" style="border:1px solid #999" title="{name} puzzle"></iframe>'
        for name in names)
    path = site.root / f"host-{'-'.join(names)}{'-' + str(abs(hash(bd))) if bd else ''}.html"
    path.write_text(f"<!doctype html><title>Host</title><body style='font:14px sans-serif'>"
                    f"<p>A blog post with puzzles.</p>{frames}</body>", encoding="utf-8")
    return f"{site.origin}/{path.name}"


@pytest.fixture
def touch_page(browser, site):
    context, guard = guarded_context(browser, site, viewport={"width": 700, "height": 1500}, has_touch=True)
    yield context.new_page()
    context.close()
    guard.check()


def wait_ready(frame):
    frame.locator("[data-testid=status]:not([data-state=loading])").wait_for(state="attached")
    assert frame.locator("[data-testid=status]").get_attribute("data-state") == "ready"


def check_fits_and_plays(page, name):
    frame = page.frame_locator(f"#{name}")
    wait_ready(frame)
    width, height = FRAMES[name]
    outer = page.locator(f"#{name}").bounding_box()
    for part in PARTS:
        box = frame.locator(part).bounding_box()
        assert box, part
        assert box["x"] >= outer["x"] and box["y"] >= outer["y"], part
        assert box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5, (part, box, outer)
        assert box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5, (part, box, outer)
    scroll = frame.locator("html").evaluate("h => [h.scrollWidth, h.scrollHeight, innerWidth, innerHeight]")
    assert scroll[0] <= scroll[2] and scroll[1] <= scroll[3], f"the embed scrolls: {scroll}"
    grid = frame.locator("[data-testid=grid]").bounding_box()
    assert grid["width"] >= 0.7 * min(width, height)  # the grid gets most of the frame
    size = 6 if name == "wide" else 9
    assert frame.locator("[data-testid=pad] [data-digit]").count() == size
    pad_button = frame.locator("[data-testid=pad] [data-digit]").first.bounding_box()
    assert pad_button["width"] >= 24 and pad_button["height"] >= 24
    SHOTS.mkdir(exist_ok=True)
    page.locator(f"#{name}").screenshot(path=str(SHOTS / f"embed-{width}x{height}.png"))

    # playing by touch: tap a cell, tap a digit on the pad
    cell = frame.locator("[data-cell=r2c3]")
    cell.tap()
    frame.locator("[data-testid=pad] [data-digit='4']").tap()
    assert cell.get_attribute("data-value") == "4"
    frame.locator("[data-action=undo]").tap()
    assert cell.get_attribute("data-value") == ""
    frame.locator("[data-action=redo]").tap()
    assert cell.get_attribute("data-value") == "4"

    full = frame.locator("[data-testid=full-page]")
    assert full.get_attribute("target") == "_blank"
    full.hover()
    href = full.get_attribute("href")
    assert "bd=" in href and "embed" not in href and href.startswith(page.url.rsplit("/", 1)[0])


def test_two_frames_300_and_600_fit_and_play_by_tapping(touch_page, site):
    touch_page.goto(host_page(site, "small", "large"))
    for name in ("small", "large"):
        check_fits_and_plays(touch_page, name)


def test_wide_frame_puts_the_pad_beside_the_grid(touch_page, site):
    touch_page.goto(host_page(site, "wide"))
    check_fits_and_plays(touch_page, "wide")
    frame = touch_page.frame_locator("#wide")
    grid, pad = frame.locator("[data-testid=grid]").bounding_box(), frame.locator("[data-testid=pad]").bounding_box()
    assert pad["x"] >= grid["x"] + grid["width"]


def test_full_page_link_opens_the_position(touch_page, site):
    page = touch_page
    page.goto(host_page(site, "large"))
    frame = page.frame_locator("#large")
    wait_ready(frame)
    frame.locator("[data-cell=r1c2]").tap()
    frame.locator("[data-testid=pad] [data-digit='7']").tap()
    with page.context.expect_page() as opened:
        frame.locator("[data-testid=full-page]").click()
    full = opened.value
    full.locator("[data-testid=status]:not([data-state=loading])").wait_for(state="attached")
    assert "embed" not in full.url
    assert not full.evaluate("document.body.classList.contains('embed')")
    # the embed's address follows the position (replaceState), and the link takes it along
    assert full.locator("[data-cell=r1c2]").get_attribute("data-value") == "7"
    full.close()


def hint_in_frame(page, site, name: str, bd: str | None = None, stages: int = 1):
    """The frame `name` on a host page, its hint asked for `stages` times: (frame, hint panel).
    Checks that the grid kept its size and that the frame does not scroll."""
    page.goto(host_page(site, name, bd=bd))
    frame = page.frame_locator(f"#{name}")
    wait_ready(frame)
    grid = frame.locator("[data-testid=grid]").bounding_box()
    frame.locator("[data-action=hint]").tap()
    panel = frame.locator("[data-testid=hint]")
    panel.wait_for(state="visible")
    for _ in range(stages - 1):
        frame.locator("[data-action=hint-more]").tap()
    assert panel.get_attribute("data-stage") == str(stages)
    assert frame.locator("[data-testid=grid]").bounding_box() == grid
    scroll = frame.locator("html").evaluate("h => [h.scrollHeight, innerHeight]")
    assert scroll[0] <= scroll[1], f"the embed scrolls: {scroll}"
    return frame, panel


def lies_over(frame) -> bool:
    """Whether a wide frame's hint lies over its toolbar and pad (too long to sit above them)."""
    return frame.locator("body").evaluate("b => b.classList.contains('embed-hint-over')")


def in_frame(page, name: str, part) -> bool:
    """Whether the element `part` lies within the frame `name`, brought into its scroll view."""
    part.scroll_into_view_if_needed()
    box, outer = part.bounding_box(), page.locator(f"#{name}").bounding_box()
    return (box["y"] >= outer["y"] and box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5
            and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5)


@pytest.mark.parametrize("name", ["small", "wide"])
def test_a_hint_in_an_embed_fits_the_frame_and_closes(touch_page, site, name):
    """The hint lies over the toolbar and pad, below the grid in a stacked frame or beside it in
    a wide one (the grid keeps its size); its own buttons work, × closes it, nothing scrolls."""
    page = touch_page
    frame, panel = hint_in_frame(page, site, name)
    assert in_frame(page, name, panel)
    assert not frame.locator("[data-testid=hint-path]").is_visible()   # no room for lists
    if name == "wide":   # a short hint sits above the toolbar and pad, which stay in reach
        assert not lies_over(frame) and in_frame(page, name, frame.locator("[data-testid=pad]"))
    page.locator(f"#{name}").screenshot(path=str(SHOTS / f"embed-{FRAMES[name][0]}x{FRAMES[name][1]}-hint.png"))
    frame.locator("[data-action=hint-more]").tap()   # its own buttons act
    assert panel.get_attribute("data-stage") == "2"
    frame.locator("[data-action=hint-close]").tap()
    assert not panel.is_visible()
    assert frame.locator("[data-hint]").count() == 0
    frame.locator("[data-testid=pad] [data-digit='1']").tap()   # the pad is back within reach


@pytest.mark.parametrize("name", ["small", "wide"])
def test_a_long_step_in_an_embed_scrolls_within_the_hint(touch_page, site, name):
    """A whole step can be long (a Nishio chain, one link a line): the hint stays inside the frame,
    over the toolbar and pad, and scrolls within itself; the frame does not scroll and the
    hint's own Apply and × stay within reach."""
    page = touch_page
    frame, panel = hint_in_frame(page, site, name, bd=KENKEN_NISHIO, stages=3)
    assert frame.locator("[data-testid=hint-chain] li").count() >= 3
    assert lies_over(frame) == (name == "wide")   # a stacked frame's hint always lies over
    for part in (panel, frame.locator("[data-action=apply-hint]"), frame.locator("[data-action=hint-close]")):
        assert in_frame(page, name, part)
    page.locator(f"#{name}").screenshot(path=str(SHOTS / f"embed-{FRAMES[name][0]}x{FRAMES[name][1]}-long-step.png"))
    frame.locator("[data-action=apply-hint]").tap()
    assert not frame.locator("[data-testid=hint-chain]").is_visible()


def test_share_from_an_embed_has_no_embed_parameter(touch_page, site):
    page = touch_page
    page.goto(host_page(site, "small"))
    frame = page.frame_locator("#small")
    wait_ready(frame)
    frame.locator("[data-action=share]").tap()
    dialog = frame.locator("[data-testid=share-dialog]")
    dialog.wait_for(state="visible")
    url = frame.locator("[data-testid=share-url]").input_value()
    assert url.startswith(site.url + "?bd=") and "embed" not in url
    box, outer = dialog.bounding_box(), page.locator("#small").bounding_box()
    assert box["width"] <= outer["width"] and box["height"] <= outer["height"]
    page.locator("#small").screenshot(path=str(SHOTS / "embed-300x300-share.png"))
    frame.locator("[data-testid=share-dialog] [data-action=close]").tap()
    assert not dialog.is_visible()


@pytest.mark.parametrize("name", ["large", "wide"])
def test_a_long_solve_in_an_embed_can_go_on_show_its_answer_and_stop(touch_page, site, name):
    """A hard killer whose solve pauses (`&pause=0.3`): in the frame, Keep going resumes it, Show
    it fills in the first solution found, Cancel stops it, and the frame never scrolls."""
    from tests.e2e.test_page_solver import paused_killer
    string, solution = paused_killer()
    page = touch_page
    page.goto(host_page(site, name, bd=string, extra="&pause=0.3&slice=1"))
    frame = page.frame_locator(f"#{name}")
    wait_ready(frame)
    frame.locator("[data-action=solve]").tap()
    while frame.locator("[data-action=show-found]").count() == 0:
        frame.locator("[data-action=show-found], [data-action=continue]").first.wait_for()
        assert_no_scroll(frame)
        if frame.locator("[data-action=show-found]").count() == 0:
            frame.locator("[data-action=continue]").tap()
    status = frame.locator("[data-testid=status]")
    assert status.is_visible() and status.get_attribute("data-state") != "solved"
    frame.locator("[data-action=show-found]").tap()
    assert "".join(frame.locator("[data-cell]").evaluate_all("cs => cs.map(c => c.dataset.value)")) == solution
    # the search goes on and pauses again (a third of a second of it): Keep going shows, and works
    frame.locator("[data-action=continue]").wait_for()
    assert_no_scroll(frame)
    frame.locator("[data-action=continue]").tap()
    # then it pauses once more (Cancel, while paused, stops it) or ends
    frame.locator("[data-action=continue], [data-testid=status][data-state=solved]").first.wait_for(state="attached")
    if frame.locator("[data-action=continue]").count():
        frame.locator("[data-action=cancel]").tap()
        assert status.text_content().startswith("Solving cancelled after")
    else:
        assert status.text_content() == "Solved: the solution is filled in."
    assert frame.locator("[data-action=continue], [data-action=cancel], [data-action=show-found]").count() == 0


def assert_no_scroll(frame):
    scroll = frame.locator("html").evaluate("h => [h.scrollWidth, h.scrollHeight, innerWidth, innerHeight]")
    assert scroll[0] <= scroll[2] and scroll[1] <= scroll[3], f"the embed scrolls: {scroll}"


# ---- issue 41 §3: the snippet in a narrow column, legible totals, the hint off the grid ----

BLOG = {"phone": (390, 844, 358), "desktop": (1280, 1400, 700)}   # viewport and the text column


def snippet_for(page, site, side: int) -> str:
    """The Share dialog's embed snippet for the killer, at the frame size `side`."""
    page.goto(f"{site.url}?bd={L9B}")
    wait_ready(page)
    page.click("[data-action=share]")
    page.select_option("[data-testid=embed-size]", str(side))
    snippet = page.locator("[data-testid=embed-code]").input_value()
    page.keyboard.press("Escape")
    return snippet


def blog_page(site, snippets: dict[str, str], column: int) -> str:
    """A blog-like page: a text column `column` px wide, each snippet between two paragraphs."""
    body = "".join(f"<h2>{name}</h2><p>Try this one.</p>{code}<p class='after' id='after-{name}'>How did you do?</p>"
                   for name, code in snippets.items())
    path = site.root / f"blog-{column}.html"
    path.write_text("<!doctype html><meta name=viewport content='width=device-width, initial-scale=1'><title>Blog</title>"
                    f"<body style='margin:0;font:16px/1.5 Georgia,serif;background:#fbfaf7'>"
                    f"<article style='width:{column}px;max-width:calc(100% - 32px);margin:0 auto'>"
                    f"<h1>Puzzles of the week</h1>{body}</article></body>", encoding="utf-8")
    return f"{site.origin}/{path.name}"


@pytest.mark.parametrize("device", BLOG)
def test_the_snippet_keeps_its_shape_in_a_blog_column(browser, site, device):
    """The Share dialog's snippet, Small (300) and Large (600), in a blog's text column: a frame
    wider than the column shrinks whole, its height following its width (no band of white under
    the puzzle), and the puzzle inside still fits it without scrolling."""
    width, height, column = BLOG[device]
    context, guard = guarded_context(browser, site, viewport={"width": width, "height": height},
                                     has_touch=device == "phone")
    page = context.new_page()
    snippets = {"small": snippet_for(page, site, 300), "large": snippet_for(page, site, 600)}
    assert 'width="600" height="600"' in snippets["large"] and "aspect-ratio:1/1" in snippets["large"]
    page.goto(blog_page(site, snippets, column))
    text = page.locator("article").bounding_box()["width"]
    for name, side in (("small", 300), ("large", 600)):
        frame_el = page.locator("iframe").nth(0 if name == "small" else 1)
        frame_el.scroll_into_view_if_needed()
        box = frame_el.bounding_box()
        assert abs(box["width"] - min(side, text)) <= 1, (name, box, text)
        assert abs(box["height"] - box["width"]) <= 1, (name, box)     # square at any width
        after = page.locator(f"#after-{name}").bounding_box()
        assert after["y"] - (box["y"] + box["height"]) < 40, "no white band under the frame"
        frame = frame_el.content_frame
        wait_ready(frame)
        assert_no_scroll(frame)
        for part in PARTS:
            inner = frame.locator(part).bounding_box()
            assert inner["y"] + inner["height"] <= box["y"] + box["height"] + 0.5, (name, part)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"embed-blog-{device}.png"), full_page=True)
    context.close()
    guard.check()


# the glyphs' own box on screen (getBBox, through every transform to the screen), not the halo's
TOTAL_HEIGHTS = "ts => ts.map((t) => t.getBBox().height * Math.hypot(t.getScreenCTM().b, t.getScreenCTM().d))"


@pytest.mark.parametrize("name", ["small", "large"])
def test_cage_totals_are_legible_in_a_small_frame(touch_page, site, name):
    """A 9×9 killer's cage totals are at least 9 px tall in a 300×300 frame (they are 0.25 of a
    cell, which a small frame makes ~6 px) and keep their size in a large one."""
    page = touch_page
    page.goto(host_page(site, name))
    frame = page.frame_locator(f"#{name}")
    wait_ready(frame)
    heights = frame.locator("svg.lines .cage-total").evaluate_all(TOTAL_HEIGHTS)
    cell = frame.locator("[data-cell=r1c1]").bounding_box()["height"]
    assert len(heights) > 20 and min(heights) >= 9, (min(heights), cell)
    if name == "large":   # big enough as drawn: not enlarged
        assert max(heights) <= 0.35 * cell
    # the totals stay at their cell's top-left corner (their halo may touch the grid's border)
    grid = frame.locator("[data-testid=grid]").bounding_box()
    first = frame.locator("svg.lines .cage-total").first.bounding_box()
    assert grid["x"] - 2 <= first["x"] < grid["x"] + cell / 2 and grid["y"] - 2 <= first["y"] < grid["y"] + cell / 2


@pytest.mark.parametrize("name", ["small", "large"])
@pytest.mark.parametrize("stages", [1, 3])
def test_a_hint_in_a_stacked_frame_leaves_the_grid_uncovered(touch_page, site, name, stages):
    """At 300×300 and 600×600 the hint lies under the grid (over the toolbar and pad), never over
    the cells it names or any other; the panel, Apply and × are in the frame, and a sentence longer
    than the panel (a killer step's reasons, in a small frame) scrolls inside it."""
    page = touch_page
    frame, panel = hint_in_frame(page, site, name, stages=stages)
    grid, box = frame.locator("[data-testid=grid]").bounding_box(), panel.bounding_box()
    assert box["y"] >= grid["y"] + grid["height"], (box, grid)
    assert frame.locator("[data-hint]").count() > 0
    for part in (panel, frame.locator("[data-action=apply-hint]"), frame.locator("[data-action=hint-close]")):
        assert in_frame(page, name, part)
    text = frame.locator("[data-testid=hint-text]")
    if text.bounding_box()["height"] <= box["height"]:
        assert in_frame(page, name, text)
    else:   # the whole sentence is there to scroll to, inside the panel
        assert panel.evaluate("""p => getComputedStyle(p).overflowY === 'auto'
            && p.scrollHeight > p.clientHeight""")
        text.evaluate("t => t.scrollIntoView({block: 'end'})")
        end = text.bounding_box()
        assert end["y"] + end["height"] <= box["y"] + box["height"] + 1, (end, box)
    page.locator(f"#{name}").screenshot(path=str(SHOTS / f"embed-{FRAMES[name][0]}x{FRAMES[name][1]}-hint-stage{stages}.png"))


def test_pad_keys_are_a_fingers_width_in_a_large_frame(touch_page, site):
    page = touch_page
    page.goto(host_page(site, "large"))
    frame = page.frame_locator("#large")
    wait_ready(frame)
    keys = frame.locator("[data-testid=pad] button").evaluate_all(
        "bs => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert keys and all(w >= 44 and h >= 44 for w, h in keys), keys
