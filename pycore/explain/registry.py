"""Every strategy, easiest first: the order in which a hint looks for the next step.

Each family module exposes STRATEGIES = {slug: function}; a function takes a Board and returns a
Step or None, never changing the board. `difficulty` is the strategy's weight in the grade (in the
spirit of SudokuWiki's scores: the harder the pattern is to see, the higher).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Callable

# (slug, name as a person says it, difficulty, family module)
TABLE = (
    ("full-house", "Full house", 4, "singles"),
    ("naked-single", "Naked single", 4, "singles"),
    ("hidden-single", "Hidden single", 14, "singles"),
    ("single-cell-cage", "Single-cell cage", 4, "singles"),
    ("cage-combinations", "Cage combinations", 20, "killer"),
    ("cage-arithmetic", "Cage arithmetic", 20, "kenken"),
    ("innie-outie", "Innies and outies", 30, "killer"),
    ("line-sum", "Line sum", 30, "kenken"),
    ("line-product", "Line product", 40, "kenken"),
    ("cage-required-digit", "Cage required digit", 40, "killer"),
    ("cage-unit-overlap", "Cage/unit overlap", 45, "killer"),
    ("cage-line-overlap", "Cage/line overlap", 45, "kenken"),
    ("pointing", "Pointing pair or triple", 50, "intersections"),
    ("box-line-reduction", "Box/line reduction", 50, "intersections"),
    ("law-of-leftovers", "Law of leftovers", 55, "leftovers"),
    ("naked-pair", "Naked pair", 56, "subsets"),
    ("hidden-pair", "Hidden pair", 57, "subsets"),
    ("naked-triple", "Naked triple", 58, "subsets"),
    ("hidden-triple", "Hidden triple", 59, "subsets"),
    ("naked-quad", "Naked quad", 120, "subsets"),
    ("hidden-quad", "Hidden quad", 150, "subsets"),
    ("innie-outie-difference", "Innie/outie difference", 70, "killer"),
    ("innies-outies-sum", "Innies and outies (several cells)", 80, "killer"),
    ("hidden-cage", "Cage splitting", 90, "killer"),
    ("combination-interaction", "Combination interaction", 110, "killer"),
    ("cage-subsets", "Cage subsets", 90, "kenken"),
    ("parity", "Parity", 100, "kenken"),
    ("unique-rectangle", "Unique rectangle", 100, "uniqueness"),
    ("avoidable-rectangle", "Avoidable rectangle", 110, "uniqueness"),
    ("hidden-unique-rectangle", "Hidden unique rectangle", 185, "uniqueness"),
    ("bug-plus-one", "BUG+1", 120, "uniqueness"),
    ("x-wing", "X-Wing", 140, "fish"),
    ("skyscraper", "Skyscraper", 130, "single_digit"),
    ("two-string-kite", "Two-string kite", 150, "single_digit"),
    ("swordfish", "Swordfish", 150, "fish"),
    ("simple-colouring", "Simple colouring", 150, "chains"),
    ("xy-wing", "XY-Wing", 160, "wings"),
    ("jellyfish", "Jellyfish", 160, "fish"),
    ("empty-rectangle", "Empty rectangle", 170, "single_digit"),
    ("w-wing", "W-Wing", 170, "wings"),
    ("xyz-wing", "XYZ-Wing", 180, "wings"),
    ("wxyz-wing", "WXYZ-Wing", 215, "wings"),
    ("finned-x-wing", "Finned X-Wing", 200, "fish"),
    ("finned-swordfish", "Finned swordfish", 220, "fish"),
    ("finned-jellyfish", "Finned jellyfish", 230, "fish"),
    ("multi-colouring", "Multi-colouring", 210, "single_digit"),
    ("franken-fish", "Franken fish", 310, "fish"),
    ("mutant-fish", "Mutant fish", 340, "fish"),
    ("sue-de-coq", "Sue de Coq", 240, "sets"),
    ("x-chain", "X-Chain", 250, "chains"),
    ("xy-chain", "XY-Chain", 260, "chains"),
    ("3d-medusa", "3D Medusa", 270, "chains"),
    ("als-xz", "ALS-XZ", 280, "sets"),
    ("als-xy-wing", "ALS-XY-Wing", 290, "sets"),
    ("aic", "Alternating inference chain", 300, "chains"),
    ("grouped-aic", "Grouped AIC", 310, "chains"),
    ("als-chain", "ALS chain", 315, "sets"),
    ("death-blossom", "Death blossom", 320, "sets"),
    ("pattern-overlay", "Pattern overlay", 330, "templates"),
    ("digit-forcing", "Digit forcing chain", 350, "forcing"),
    ("cell-forcing-chain", "Cell forcing chain", 360, "forcing"),
    ("unit-forcing-chain", "Unit forcing chain", 370, "forcing"),
    ("forcing-net", "Forcing net", 380, "forcing"),
    ("nishio", "Nishio forcing chain", 400, "forcing"),
)


# What the two colours of a step's pattern (Step.pattern) stand for, said under the grid with the
# whole step: (blue, orange). Chains colour their nodes by turns, which their lines' key says.
CAGE_KEEPS = ("the digits the cage can still hold", None)
CELLS_KEEP = ("the digits these cells can still hold", None)
SUBSET = ("the subset", None)
FISH = ("the fish", None)
COLOURING = ("one colour, all true or all false", "the other colour, the opposite")
COLOURS = {
    "cage-combinations": CAGE_KEEPS,
    "cage-arithmetic": CAGE_KEEPS,
    "innie-outie-difference": CELLS_KEEP,
    "innies-outies-sum": CELLS_KEEP,
    "hidden-cage": CELLS_KEEP,
    "line-sum": CELLS_KEEP,
    "line-product": CELLS_KEEP,
    "parity": CELLS_KEEP,
    "combination-interaction": ("the digits the cage can still hold",
                                "what the other cage can hold"),
    "cage-subsets": ("the digits the two cages can hold side by side", None),
    "cage-required-digit": ("where the cage can put the digit", None),
    "cage-unit-overlap": ("where the digit can go", None),
    "cage-line-overlap": ("where the cage can put the digit", None),
    "law-of-leftovers": ("the leftovers in the rows or columns",
                         "the leftovers in the regions, which hold the same digits"),
    "pointing": ("the digit's places in the box", None),
    "box-line-reduction": ("the digit's places in the line", None),
    **dict.fromkeys(("naked-pair", "hidden-pair", "naked-triple", "hidden-triple", "naked-quad",
                     "hidden-quad"), SUBSET),
    **dict.fromkeys(("unique-rectangle", "hidden-unique-rectangle"),
                    ("the two digits that could swap", "the corners' other digits")),
    "avoidable-rectangle": ("the digit that would let the corners swap", "the cells' other digits"),
    **dict.fromkeys(("x-wing", "swordfish", "jellyfish"), FISH),
    **dict.fromkeys(("finned-x-wing", "finned-swordfish", "finned-jellyfish"),
                    ("the fish", "its fins")),
    # their houses are outlined too (fish.py): the key says which colour is which
    **dict.fromkeys(("franken-fish", "mutant-fish"),
                    ("the fish, and its base houses outlined", "any fins, and its cover houses outlined")),
    **dict.fromkeys(("xy-wing", "xyz-wing", "wxyz-wing"),
                    ("the wing", "the digit one of its cells must hold")),
    **dict.fromkeys(("simple-colouring", "3d-medusa"), COLOURING),
    # two clusters, each coloured on its own: a colour holds within its cluster only
    "multi-colouring": ("one colour of each cluster, all true or all false within it",
                        "each cluster's other colour, the opposite"),
    "digit-forcing": ("the candidate supposed true, then false", "the digit both cases place"),
    "nishio": ("the supposition", "where its easy steps would place digits"),
    "als-xz": ("one almost locked set", "the other"),
    "als-xy-wing": ("the two wings, almost locked sets", "the set linking them"),
    "als-chain": ("almost locked sets, by turns", "the sets between them, by turns"),
    "death-blossom": ("the petals, almost locked sets", "the stem's digits"),
    "pattern-overlay": ("the digit's places some template uses", "places every template uses"),
    "sue-de-coq": ("the cells where the line crosses the box", "the sets beside them"),
    **dict.fromkeys(("cell-forcing-chain", "unit-forcing-chain", "forcing-net"),
                    ("the cases, one of them true", "what every case leads to")),
}


# SudokuWiki's article on each strategy it describes, linked from a hint once the strategy is
# named. Each address was seen in public pages or in other solvers' sources citing it: none is
# guessed (a strategy with no article found has none).
ARTICLES = {slug: "https://www.sudokuwiki.org/" + page for slugs, page in (
    (("full-house", "naked-single", "hidden-single"), "Getting_Started"),
    (("naked-pair", "naked-triple", "naked-quad"), "Naked_Candidates"),
    (("hidden-pair", "hidden-triple", "hidden-quad"), "Hidden_Candidates"),
    (("pointing", "box-line-reduction"), "Intersection_Removal"),
    (("x-wing",), "X_Wing_Strategy"),
    (("swordfish",), "Sword_Fish_Strategy"),
    (("jellyfish",), "Jelly_Fish_Strategy"),
    (("finned-x-wing",), "Finned_X_Wing"),
    (("finned-swordfish",), "Finned_Swordfish"),
    (("franken-fish",), "Franken_Sword_Fish"),
    (("simple-colouring",), "Simple_Colouring"),
    (("multi-colouring",), "Multi_Colouring_Strategy"),
    (("xy-wing",), "Y_Wing_Strategy"),
    (("xyz-wing",), "XYZ_Wing"),
    (("wxyz-wing",), "WXYZ_Wing"),
    (("w-wing",), "W_Wing_Strategy"),
    (("empty-rectangle",), "Empty_Rectangles"),
    (("x-chain",), "X_Cycles"),
    (("xy-chain",), "XY_Chains"),
    (("3d-medusa",), "3D_Medusa"),
    (("aic",), "Alternating_Inference_Chains"),
    (("grouped-aic",), "Grouped_X_Cycles"),
    (("digit-forcing",), "Digit_Forcing_Chains"),
    (("nishio",), "Nishio_Forcing_Chains"),
    (("cell-forcing-chain",), "Cell_Forcing_Chains"),
    (("als-xz", "als-xy-wing", "als-chain"), "Almost_Locked_Sets"),
    (("death-blossom",), "Death_Blossom"),
    (("pattern-overlay",), "Pattern_Overlay"),
    (("sue-de-coq",), "Sue_De_Coq"),
    (("unit-forcing-chain",), "Unit_Forcing_Chains"),
    (("unique-rectangle",), "Unique_Rectangles"),
    (("hidden-unique-rectangle",), "Hidden_Unique_Rectangles"),
    (("avoidable-rectangle",), "Avoidable_Rectangles"),
    (("bug-plus-one",), "BUG"),
    (("law-of-leftovers",), "Law_of_Leftovers"),
    (("cage-combinations",), "Killer_Combinations"),
    (("innie-outie", "innie-outie-difference", "innies-outies-sum"), "Innies_and_Outies"),
    (("hidden-cage",), "Cage_Splitting"),
    (("cage-unit-overlap",), "Cage_Unit_Overlap"),
    (("combination-interaction",), "Cage_Comparison"),
    (("line-sum",), "Rule_of_21"),
    (("parity",), "KenKen_Parity_Strategy"),
) for slug in slugs}


@dataclass(frozen=True)
class Strategy:
    slug: str
    name: str
    difficulty: int
    find: Callable
    colours: tuple = (None, None)   # COLOURS
    article: str | None = None      # ARTICLES


def _load() -> tuple[Strategy, ...]:
    modules: dict[str, dict] = {}
    found = []
    for slug, name, difficulty, module in TABLE:
        if module not in modules:
            try:
                modules[module] = import_module(f".{module}", __package__).STRATEGIES
            except ModuleNotFoundError:
                modules[module] = {}
        find = modules[module].get(slug)
        if find is not None:
            found.append(Strategy(slug, name, difficulty, find, COLOURS.get(slug, (None, None)),
                                  ARTICLES.get(slug)))
    return tuple(sorted(found, key=lambda s: s.difficulty))   # stable: table order breaks ties


STRATEGIES: tuple[Strategy, ...] = _load()
BY_SLUG = {s.slug: s for s in STRATEGIES}
ALL_SLUGS = tuple(row[0] for row in TABLE)
# These reason from the puzzle having one solution: wrong on a puzzle with several.
NEED_UNIQUE = frozenset(row[0] for row in TABLE if row[3] == "uniqueness")
