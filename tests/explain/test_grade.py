"""The grade's bands (pycore/explain/run.py LEVELS), calibrated on the two graders the hints
follow (issue 44 §2: "tough; hardest step: naked pair" ran high).

HoDoKu files every technique under a level (its default step configuration, `Options.java`
DEFAULT_SOLVER_STEPS: easy, medium, hard, unfair, extreme), and grades a puzzle at least at the
level of its hardest step; SudokuWiki groups its strategies as basic, tough, diabolical and
extreme and publishes graded examples (Gentle, Very Easy ...). Our five bands take HoDoKu's
levels in order (easy = gentle, medium = moderate, hard = tough, unfair = diabolical); where
HoDoKu has no such technique, SudokuWiki's group decides (3D Medusa, WXYZ-Wing). The corpus's SudokuWiki examples land in
the band SudokuWiki names for them.
"""
import pytest

from tests.corpus import REAL

from pycore.codec import decode
from pycore.explain import BY_SLUG, explain, grade
from pycore.explain.board import Step
from pycore.explain.run import LEVELS

# HoDoKu's level for each technique we share with it (its names in the comments where they differ)
HODOKU = {
    "gentle": ("full-house", "naked-single", "hidden-single"),
    "moderate": ("pointing", "box-line-reduction",           # locked candidates 1 and 2
                 "naked-pair", "hidden-pair", "naked-triple", "hidden-triple"),
    "tough": ("naked-quad", "hidden-quad", "x-wing", "swordfish", "jellyfish", "skyscraper",
              "two-string-kite", "empty-rectangle", "w-wing", "xy-wing", "xyz-wing",
              "unique-rectangle", "hidden-unique-rectangle", "avoidable-rectangle",
              "bug-plus-one", "finned-x-wing",                # finned and sashimi X-Wing
              "simple-colouring", "multi-colouring"),         # simple colors, multi colors
    "diabolical": ("finned-swordfish", "finned-jellyfish", "sue-de-coq", "x-chain", "xy-chain",
                   "aic",                                     # nice loop / AIC
                   "grouped-aic",                             # grouped nice loop
                   "als-xz", "als-xy-wing", "als-chain", "death-blossom",
                   "franken-fish"),
    "extreme": ("mutant-fish", "pattern-overlay",             # templates
                "digit-forcing", "cell-forcing-chain", "unit-forcing-chain",  # forcing chain
                "forcing-net", "nishio"),
}
# Techniques HoDoKu does not have, by SudokuWiki's group of strategies.
SUDOKUWIKI = {"3d-medusa": "diabolical", "wxyz-wing": "diabolical"}
def level_of(slug: str) -> str:
    return grade([Step(slug, "")])["level"]


@pytest.mark.parametrize("level,slugs", HODOKU.items())
def test_each_technique_lands_in_hodokus_level(level, slugs):
    assert {slug: level_of(slug) for slug in slugs} == dict.fromkeys(slugs, level)


def test_techniques_hodoku_lacks_land_in_sudokuwikis_group():
    assert {slug: level_of(slug) for slug in SUDOKUWIKI} == SUDOKUWIKI


def test_subsets_come_before_the_killer_steps_over_several_cages():
    """Hidden pairs and triples are moderate (HoDoKu's medium, SudokuWiki's basic) while the
    killer steps over several cages stay tough: the subsets are tried first."""
    assert max(BY_SLUG[s].difficulty for s in ("naked-pair", "hidden-pair", "naked-triple",
                                               "hidden-triple")) \
        < BY_SLUG["innie-outie-difference"].difficulty
    assert level_of("innie-outie-difference") == level_of("hidden-cage") == "tough"


def test_wxyz_wing_comes_after_the_tough_band():
    """SudokuWiki files WXYZ-Wing with its diabolical strategies; it is tried after every
    tough strategy (finned X-Wing and multi-colouring among them)."""
    tough = [s.difficulty for s in BY_SLUG.values() if level_of(s.slug) == "tough"]
    assert BY_SLUG["wxyz-wing"].difficulty > max(tough)


def test_a_naked_pair_is_moderate_as_both_have_it():
    assert grade([Step("naked-single", ""), Step("naked-pair", "")]) == {
        "hardest": "naked-pair", "level": "moderate",
        "score": BY_SLUG["naked-single"].difficulty + BY_SLUG["naked-pair"].difficulty}


def test_the_bands_follow_the_order_hints_try_strategies_in():
    """A band is every strategy up to a difficulty, so a walk with one band's strategies takes
    the first steps of the whole walk (pycore/generate/grade.py relies on it)."""
    assert [limit for limit, _ in LEVELS] == sorted(limit for limit, _ in LEVELS)
    bands = [level_of(s.slug) for s in BY_SLUG.values()]
    order = [name for _, name in LEVELS]
    by_difficulty = sorted(zip((s.difficulty for s in BY_SLUG.values()), bands))
    assert [order.index(b) for _, b in by_difficulty] == sorted(order.index(b) for _, b in
                                                                by_difficulty)


def example(name: str) -> dict:
    return next(r for r in REAL if name in r["name"])


@pytest.mark.parametrize("name,level,hardest", [
    # SudokuWiki's own "Gentle" killer and "Very Easy" KenKen: a cage's arithmetic, innies and
    # outies are gentle there
    ("L9B Gentle Example 1", "gentle", "innie-outie"),
    ("K6C Very Easy 1", "gentle", "cage-arithmetic"),
    # SudokuWiki's first X-Wing example: X-Wing is among its "tough" strategies (HoDoKu: hard)
    ("X-Wing example 1 position", "tough", "x-wing"),
    # a position posted in a SudokuWiki comment, whose hardest step is an XY-Chain, one of
    # SudokuWiki's diabolical strategies (HoDoKu: unfair)
    ("position posted in a SudokuWiki comment", "diabolical", "xy-chain"),
])
def test_sudokuwikis_examples_land_in_their_published_band(name, level, hardest):
    record = example(name)
    puzzle, position = decode(record["string"])
    out = explain(puzzle, position)
    assert out["status"] == "solved"
    assert out["grade"]["hardest"] == hardest and out["grade"]["level"] == level
