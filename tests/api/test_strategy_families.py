"""strategy_families: what the page's Strategies list shows (issue 44), every strategy of explain's
registry once, grouped by the registry's families, the singles marked as staying on."""
from pycore import api
from pycore.explain.registry import STRATEGIES
from pycore.explain.run import STAY_ON


def test_every_strategy_is_listed_once_in_its_family_easiest_first():
    families = api.strategy_families()["families"]
    listed = [s["slug"] for f in families for s in f["strategies"]]
    assert sorted(listed) == sorted(s.slug for s in STRATEGIES)
    order = {s.slug: k for k, s in enumerate(STRATEGIES)}
    for family in families:
        slugs = [s["slug"] for s in family["strategies"]]
        assert slugs == sorted(slugs, key=order.get)
    assert families[0]["name"] == "Singles"
    fish = next(f for f in families if f["family"] == "fish")
    assert {"franken-fish", "mutant-fish"} <= {s["slug"] for s in fish["strategies"]}


def test_only_the_singles_stay_on():
    stays = {s["slug"] for f in api.strategy_families()["families"] for s in f["strategies"]
             if s["stays_on"]}
    assert stays == set(STAY_ON) & {s.slug for s in STRATEGIES}


def test_every_listed_strategy_but_the_singles_can_be_switched_off_in_a_hint():
    text = "bd=" + "0" * 81
    slugs = [s["slug"] for f in api.strategy_families()["families"] for s in f["strategies"]
             if not s["stays_on"]]
    assert "error" not in api.hint_view(text, ["."] * 81, None, slugs)
