"""Strategies the reader switches off (issue 44), as SudokuWiki's and HoDoKu's solvers let one
untick them: the walk leaves them out, so a family that a simpler step always comes before can
be the next step.

The position: top95's sixth sudoku (hard puzzles passed around since 2005) after 25 of our hints,
pencil marks and all. With pointing, box/line reductions and AICs switched off the Franken
X-Wing is next; with the Franken fish and the chains after it off too, the Mutant X-Wing; the
same puzzle 17 hints in gives a forcing net once the cell and unit forcing chains are off."""
import pytest

from pycore.codec import decode
from pycore.explain import explain
from pycore.explain.run import STAY_ON, strategies_for
from pycore.explain.registry import STRATEGIES

FISH_25 = (
    "S9B065u02d7059mbb9f7qczdedfcz8j03c3040bd3d6bjd78r0bc3ar8y0403aq9v0b088j8z8ycy01eaa67yay029"
    "24ab8ckci8f7z9607934a054y5302077v8u8i8m9gakai8e7y8a9608017r7u7z060h8b120b0g")
NET_17 = (
    "S9B06d602d7059mbb9f7qczdedfcz8j03c3040bd3d6bjd78r0bc3ar8y0403aq9v0b088j8z8ycy01eaa67yay029"
    "24ab8ckci8f7z9607934a05cacf02077v8u8i8m9gakai8e7y8a9608017r7u7z060h8b8e0b0g")
FRANKEN_OFF = ["pointing", "box-line-reduction", "aic"]
MUTANT_OFF = FRANKEN_OFF + ["franken-fish", "grouped-aic", "death-blossom", "pattern-overlay"]
NET_OFF = ["cell-forcing-chain", "unit-forcing-chain"]


def first_step(text, **options):
    puzzle, position = decode(text)
    return explain(puzzle, position, max_steps=1, **options)["steps"][0]


def test_with_everything_on_a_simpler_step_comes_first():
    assert first_step(FISH_25)["strategy"] == "pointing"


def test_franken_fish_next_with_intersections_and_aics_off():
    step = first_step(FISH_25, off=FRANKEN_OFF)
    assert step["strategy"] == "franken-fish"
    assert step["text"] == ("Franken X-Wing on 4: base row A and box 6, each with one 4, covered "
                            "by column 9 and box 2: 4 leaves C4 and C5")
    assert step["eliminations"] == [[21, 4], [22, 4]]


def test_mutant_fish_next_with_the_franken_fish_off_too():
    step = first_step(FISH_25, off=MUTANT_OFF)
    assert step["strategy"] == "mutant-fish"
    assert step["text"] == ("Mutant X-Wing on 4: base row A and column 7, each with one 4, "
                            "covered by box 2 and box 9: 4 leaves C4 and C5")


def test_forcing_net_next_with_the_cell_and_unit_forcing_chains_off():
    assert first_step(NET_17)["strategy"] == "cell-forcing-chain"
    step = first_step(NET_17, off=NET_OFF)
    assert step["strategy"] == "forcing-net"
    assert step["text"].startswith("Forcing net: 6 goes in row D at D3 or D7 or D8 or D9")
    assert step["eliminations"] == [[43, 6]]


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
