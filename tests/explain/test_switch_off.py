"""Strategies the reader switches off (issue 44), as SudokuWiki's and HoDoKu's solvers let one
untick them: the walk leaves them out, so a family that a simpler step always comes before can
be the next step.

The positions: top95's sudokus (hard puzzles passed around since 2005) as our hints leave them,
pencil marks and all. The 7th after 25 hints: with pointing, box/line reductions and AICs switched
off, the Franken X-Wing is next. The 24th after 6 hints: with box/line reductions, the Franken
fish and three harder strategies that come before it off, a Mutant X-Wing. The 9th after 22
hints: with the unit forcing chain off, a forcing net. (Found by walking top95 by hints and, at
each board where the family finds something, switching off whatever came first until it was
next, then switching each back on where it stayed next.)"""
import pytest

from pycore.codec import decode
from pycore.explain import explain
from pycore.explain.run import STAY_ON, strategies_for
from pycore.explain.registry import STRATEGIES

FISH_25 = (
    "S9B065u02d7059mbb9f7qczdedfcz8j03c3040bd3d6bjd78r0bc3ar8y0403aq9v0b088j8z8ycy01eaa67yay029"
    "24ab8ckci8f7z9607934a054y5302077v8u8i8m9gakai8e7y8a9608017r7u7z060h8b120b0g")
NET_22 = (
    "S9B06d602d3059ibf9f7uczdedfcz8j04c3030b0cd6bfcz8j0bcbar960403aq9v0b088j8z8ycy01eaa67yau029"
    "646b8ckci8f7z9207974605ca5a02070a8u8i8q9gacae8e7y869208017n7u7z060h868e0b0g")
MUTANT_6 = (
    "S9B9n028b03dn4re2be369n06034cd94dd6bg0508a28a24b0180c7w01052j4d5858093f03388x7zbh075o4w978"
    "b1gao9q7w01241cay8a080r080709171702060c0x1b194s4x064j070i7t87064k4p074j4j04")
FRANKEN_OFF = ["pointing", "box-line-reduction", "aic"]
MUTANT_OFF = ["box-line-reduction", "als-xz", "grouped-aic", "franken-fish", "pattern-overlay"]
NET_OFF = ["unit-forcing-chain"]


def first_step(text, **options):
    puzzle, position = decode(text)
    return explain(puzzle, position, max_steps=1, **options)["steps"][0]


def test_with_everything_on_a_simpler_step_comes_first():
    assert first_step(FISH_25)["strategy"] == "pointing"


def test_franken_fish_next_with_intersections_and_aics_off():
    step = first_step(FISH_25, off=FRANKEN_OFF)
    assert step["strategy"] == "franken-fish"
    assert step["text"] == ("Franken X-Wing on 4: base row A and box 6 (each must hold a 4), covered "
                            "by column 9 and box 2: 4 leaves C4 and C5")
    assert step["eliminations"] == [[21, 4], [22, 4]]


def test_mutant_fish_next_with_the_franken_fish_and_others_off():
    assert first_step(MUTANT_6)["strategy"] == "box-line-reduction"
    step = first_step(MUTANT_6, off=MUTANT_OFF)
    assert step["strategy"] == "mutant-fish"
    assert step["text"] == ("Mutant X-Wing on 5: base row G and column 4 (each must hold a 5), "
                            "covered by row C and box 8: 5 leaves C2, C3, C5, C6, H5 and I5")


def test_forcing_net_next_with_the_unit_forcing_chain_off():
    assert first_step(NET_22)["strategy"] == "unit-forcing-chain"
    step = first_step(NET_22, off=NET_OFF)
    assert step["strategy"] == "forcing-net"
    assert step["text"].startswith("Forcing net: 6 goes in column 6 at E6 or F6; if it is in "
                                   "E6, 5 easy steps take 6 out of G3; if it is in F6, 1 easy "
                                   "step takes 6 out of G3")
    assert step["eliminations"] == [[56, 6]]
    # a net: its cases take intersections on their way, which a unit forcing chain's cannot
    assert any("can only be in" in line for line in step["chain"])


def test_off_leaves_out_only_what_it_names():
    off = ["x-wing", "aic"]
    assert [s.slug for s in strategies_for(None, off)] == [
        s.slug for s in STRATEGIES if s.slug not in off]
    assert [s.slug for s in strategies_for(["x-wing", "swordfish"], ["x-wing"])] == ["swordfish"]


def test_an_unknown_slug_is_an_error_naming_it():
    with pytest.raises(ValueError, match="unknown strategy 'x-wings'"):
        strategies_for(None, ["x-wings"])


@pytest.mark.parametrize("single", STAY_ON)
def test_the_singles_cannot_be_switched_off(single):
    with pytest.raises(ValueError, match=f"{single} cannot be switched off: the singles place"):
        strategies_for(None, [single])
