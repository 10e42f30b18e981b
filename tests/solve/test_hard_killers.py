"""The hardest published killers: the solver must find the one solution, and that solution must
pass an independent validator (and match the published solution where there is one).

Puzzles are quoted in the community's "short killer" notation (one character per cell: a cage
total at one cell of each cage, 0-9 then A-Z for 10-35 then a-j for 36-45, and arrows pointing
every other cell towards a neighbour of the same cage: < > ^ v, and ` ' , . for the diagonals),
as collected by the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver,
data/killers.js) from the rcbroughton.co.uk "Tarek's hardest killers" thread and the
enjoysudoku.com "hardest killers" thread.
"""
from __future__ import annotations

import pytest

from pycore import api
from pycore.codec import encode
from pycore.model import Cage, Puzzle
from pycore.solve import solve

from tests.solve.test_solve import is_valid_solution

# (short notation, published solution)
TAREK_WITH_SOLUTIONS = [
    ("G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^",
     "432851769786239415159467823263974581971583642548612397397148256614725938825396174"),
    ("G<<P<N<H<^N>^>^E^^>^GH<B^<K^>^^I^<>^IC<G^<C^L^^A^<>^>^^C^<EK<^KJ^<>^^I<^^<D<<>^>^",
     "149623875268957314537481296981534627423769158675812943812345769756198432394276581"),
    ("L<<Q<J<G<^N>^>^J^^>^C8<H^<F^>^^I^<>^FC<D^<I^L^^H^<>^>^^E^<AG<^PG^<>^^I<^^<G<<>^>^",
     "179836452456972318382514976791265834864193527523487691238651749947328165615749283"),
    ("N<<K<H<I<^I>^>^J^^>^CL<C^<L^>^^G^<>^9H<G^<C^J^^I^<>^>^^G^<IF<^LK^<>^^K<^^<7<<>^>^",
     "726389514835412976491675823247831659583967142169254738312798465678543291954126387"),
    ("A<H<MA<A<^P<<^N<<^E^E<^L<^E^^^^^^^^^M<<9<K<<<G^N<^F<SB^<^^L^^^^I<E>^>>^D^^^<^F<>^",
     "258976431394218576671354829836497215729165348145823967963782154582641793417539682"),
    ("E<8<ID<E<^N<<^L<<^A^Q<^K<^D^^^^^^^^^L<<G<I<<<K^C<^O<FB^<^^N^^^^M<C>^>>^K^^^<^B<>^",
     "285319476437586291169742835924657318578431962316298754893164527652873149741925683"),
    ("F<9<IF<K<^L<<^I<<^C^N<^N<^6^^^^^^^^^H<<I<I<<<9^K<^O<OA^<^^L^^^^R<F>^>>^G^^^<^6<>^",
     "547219638621483579893567124458736912716942385239158467162895743974321856385674291"),
    ("F<B<HB<K<^U<<^I<<^C^E<^I<^E^^^^^^^^^H<<G<M<<<C^R<^O<L6^<^^O^^^^K<A>^>>^F^^^<^B<>^",
     "296517483458632719371489256947251638182396547563748921619824375834975162725163894"),
    ("C<5<KD<I<^O<<^P<<^F^R<^C<^9^^^^^^^^^K<<H<I<<<A^X<^Q<IB^>^^I^^^^I<^>^>>^J^^6<^B<>^",
     "193287645257346189684951237916835472835472961742169853369714528528693714471528396"),
    ("C<9<L8<I<^P<<^L<<^C^J<^L<^E^^^^^^^^^N<<H<H<<<7^S<^J<PC^>^^G^^^^Q<^>^>>^G^^A<^9<>^",
     "268145379459387612371926458914573826587264931632891745145639287893712564726458193"),
    ("C<A<O7<G<^K<<^R<<^C^O<^G<^C^^^^^^^^^P<<B<M<<<B^V<^N<M8^>^^J^^^^J<^>^>>^F^^7<^C<>^",
     "916475238248139765753862149524987613637251894891346527379628451165794382482513976"),
    ("D<6<KH<C<^Q<<^P<<^E^M<^G<^9^^^^^^^^^H<<E<J<<<7^U<^Q<V8^>^^N^^^^K<^>^>>^C^^D<^5<>^",
     "725138946413965782968274531579346128284751369631829475192487653346512897857693214"),
    ("E<8<KF<F<^T<<^J<<^6^O<^F<^F^^^^^^^^^D<<E<R<<<A^W<^J<P9^>^^N^^^^N<^>^>>^E^^9<^7<>^",
     "247139685893456712165287439578943126416528397329671548782364951954712863631895274"),
    ("E<D<KA<H<^J<<^O<<^E^I<^J<^C^^^^^^^^^F<<K<M<<<B^X<^I<R9^>^^I^^^^K<^>^>>^F^^A<^7<>^",
     "286749135413256879579381624962437518147568293835192467398615742624873951751924386"),
    ("G<A<G6<M<^S<<^L<<^7^Q<^L<^7^^^^^^^^^J<<E<M<<<9^S<^J<T7^>^^J^^^^O<^>^>>^E^^9<^C<>^",
     "831954267576218439492736851349872516657143928218695743723581694964327185185469372"),
    ("I<A<E9<H<^Q<<^U<<^9^H<^F<^F^^^^^^^^^L<<I<G<<<9^S<^I<WC^>^^M^^^^O<^>^>>^9^^9<^7<>^",
     "631947285927815634845632197152463978463798512789521463214386759376259841598174326"),
    ("J<B<G9<G<^R<<^H<<^6^J<^R<^D^^^^^^^^^G<<E<O<<<9^T<^J<L9^>^^O^^^^N<^>^>>^F^^C<^A<>^",
     "896512743234786159157934826581249637473168592629375481342651978765893214918427365"),
    ("B<7<JF<B<^T<<^V<<^A^L<^R<^8^^^^^^^^^G<<M0^C<<AS>^OF<SB^^^^^^^^^H^<<^>>^E^<9<^8<>^",
     "735286941189435276462971583623718495547629318891354762274863159316597824958142637"),
    ("D<5<JE<H<^S<<^L<<^A^J<^M<^D^^^^^^^^^H<<N0^C<<CS>^KN<QD^^^^^^^^^9^<<^>>^A^<G<^9<>^",
     "462315978387694152951827634126473589845961723793258416538149267674532891219786345"),
    ("D<C<OF<C<^K<<^R<<^7^P<^N<^A^^^^^^^^^C<<N0^C<<DV>^EI<NF^^^^^^^^^E^<<^>>^I^<A<^7<>^",
     "259317864673584912418962753346295187921678345587431629835149276194726538762853491"),
]

# Further puzzles of the same threads, published without solutions: checked by the validator.
TAREK_MORE = [
    "G<<M<L<M<^O>^>^C^^>^FF<G^<C^>^^H^<>^FE<E^<C^M^^H^<>^>^^E^<FH<^MH^<>^^L<^^<D<<>^>^",
    "G<<N<J<H<^O>^>^K^^>^GI<A^<L^>^^E^<>^FF<E^<C^I^^E^<>^>^^C^<GH<^QF^<>^^E<^^<J<<>^>^",
    "L<<H<N<L<^L>^>^D^^>^BJ<I^<I^>^^G^<>^FF<F^<C^H^^I^<>^>^^I^<FE<^MD^<>^^H<^^<G<<>^>^",
    "M<<L<O<F<^J>^>^H^^>^KE<C^<M^>^^I^<>^CC<C^<E^K^^I^<>^>^^E^<FA<^OH^<>^^J<^^<E<<>^>^",
    "D<D<IB<9<^N<<^R<<^D^K<^S<^D^^^^^^^^^E<<N0^C<<6R>^KN<MD^^^^^^^^^F^<<^>>^G^<D<^6<>^",
    "H<B<J8<C<^K<<^U<<^7^K<^Q<^G^^^^^^^^^K<<N0^C<<6P>^OM<PB^^^^^^^^^M^<<^>>^9^<9<^9<>^",
    "D<A<GD<I<^S<<^H<<^B^P<^D<^B^^^^^^^F^E<N<<<<^<7^O<KO<NB^F^^^^^^^G^<<^>>^F^<D<^A<>^",
    "D<A<MC<D<^N<<^M<<^A^N<^F<^E^^^^^^^C^G<N<<<<^<7^K<MR<LA^F^^^^^^^L^<<^>>^E^<B<^9<>^",
    "G<9<M9<I<^T<<^J<<^A^G<^G<^9^^^^^^^E^E<T<<<<^<A^M<JK<OD^H^^^^^^^G^<<^>>^E^<9<^B<>^",
    "K<B<GA<A<^Q<<^M<<^8^G<^L<^B^^^^^^^G^E<P<<<<^<7^K<PO<I8^M^^^^^^^E^<<^>>^K^<A<^B<>^",
    "C<C<9C<I<^J<<^O<<^B^R<^Y<^A^^^^>^^^^P<<C<^9<<B^R<^M<QB^>^^L^^^^K<^>^>>^F^^A<^8<>^",
    "C<5<ED<H<^R<<^K<<^C^N<^J<^8^^^^P^^N^I<<>^<>^<B^O<^F<Q9^G^^F^^^^E^<<^>>^I^<D<^8<>^",
    "D<B<EE<B<^R<<^G<<^B^G<^J<^H^^^^P^^I^N<<>^<>^<B^J<^M<R8^I^^D^^^^H^<<^>>^D^<B<^B<>^",
    "E<9<D9<K<^P<<^G<<^C^K<^N<^9^^^^K^^P^K<<>^<>^<7^O<^L<K8^K^^I^^^^E^<<^>>^F^<E<^9<>^",
    "H<A<DE<B<^P<<^N<<^A^L<^F<^B^^^^J^^K^P<<>^<>^<9^L<^L<VC^F^^I^^^^C^<<^>>^F^<E<^3<>^",
]

# Much harder: seconds to minutes each here, so the benchmark runs them (with a time limit)
# rather than the test suite. The first seven are from the same Tarek thread, the last five the
# enjoysudoku.com ones generated to defeat the Interactive Sudoku Solver.
EXTREME = [
    "RJJDEPGD<H```````^F````D```D``````9`L````HE``L`L`SJ```C```I````A``B`````^<```````",
    "ORH9GOCG<I```````^I````N```8``````9`I````DA``K`O`OL```C```L````I``3`````^<```````",
    "KNLDDMBC<M```````^J````L```A``````F`I````JF``D`I`IP```E```D````I``C`````^<```````",
    "QQH7IGID<H```````^N````O```8``````8`F````LG``M`S`IG```E```D````D``8`````^<```````",
    "H<S<<K<<LO^<<^<^>^^<R<<<Y^F^O^V>>^^^>^K^<<^>^^P^<<^S^M^^^>>>^>^>^IM<T<<^^>^<^<<^<",
    "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<",
    "M<S<<H<<OM^<<^<^>^^<O<<<N^R^K^X>>^^^>^I^<<^>^^P^<<^I^N^^^>>>^>^>^RU<O<<^^>^<^<<^<",
    "R<<<M<<<U^M<<<^J>^R<<^S<^R^^P>>^>^^^^^<R5^>^MP^>^V<<^^^^^>^L>>^^<^K>^<<R^>>^<>>>^",
    "S<<<K<<<U^N<<<^K>^P<<^U<^P^^O>>^>^^^^^<Q7^>^NL^>^V<<^^^^^>^N>>^^<^O>^<<P^>>^<>>>^",
    "M<<<R<<<N^N<<<^Q>^N<<^O<^S^^L>>^>^^^^^<T6^>^NR^>^R<<^^^^^>^U>>^^<^N>^<<N^>>^<>>>^",
    "R<<<P<<<S^L<<<^V>^P<<^K<^M^^Q>>^>^^^^^<R7^>^ML^>^L<<^^^^^>^Q>>^^<^U>^<<Q^>>^<>>>^",
    "M<<<T<<<O^O<<<^R>^N<<^N<^N^^N>>^>^^^^^<U7^>^OO^>^M<<^^^^^>^U>>^^<^R>^<<N^>>^<>>>^",
]

STEPS = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0),
         "`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": (1, 1)}


def total_of(ch: str) -> int:
    if ch.isdigit():
        return int(ch)
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 10
    return ord(ch) - ord("a") + 36


def short_killer(text: str) -> Puzzle:
    """Reads the short notation: follow each cell's arrows to the cell that holds the total."""
    assert len(text) == 81

    def root(cell: int) -> int:
        for _ in range(81):
            if text[cell] not in STEPS:
                return cell
            dr, dc = STEPS[text[cell]]
            cell = (cell // 9 + dr) * 9 + cell % 9 + dc
        raise ValueError("arrows loop")

    groups: dict[int, list[int]] = {}
    for cell in range(81):
        groups.setdefault(root(cell), []).append(cell)
    # A total of 0 marks cells that belong to no cage.
    cages = sorted((Cage(tuple(cells), total_of(text[r])) for r, cells in groups.items()
                    if total_of(text[r])), key=lambda c: c.cells[0])
    return Puzzle("killer", 9, (0,) * 81, None, tuple(cages))


# The pytest suite keeps a representative fast subset; every puzzle above (and ISS's whole
# collections, bench/data/hard_killers.jsonl) runs in `python -m bench.solve_bench --hardest`.
@pytest.mark.parametrize("text,published", TAREK_WITH_SOLUTIONS[:4] + TAREK_WITH_SOLUTIONS[17:18])
def test_hardest_killers_match_published_solution(text, published):
    puzzle = short_killer(text)
    result = solve(puzzle, time_limit=30)
    assert result.status == "unique"
    assert "".join(map(str, result.solution)) == published
    assert is_valid_solution(puzzle, published)


@pytest.mark.parametrize("text", TAREK_MORE[:3])
def test_more_hard_killers_solve_to_a_valid_grid(text):
    puzzle = short_killer(text)
    caged = sum(len(c.cells) for c in puzzle.cages)
    assert caged < 81 or sum(c.total for c in puzzle.cages) == 405   # cages cover 9 × 45
    result = solve(puzzle, time_limit=30)
    assert result.status == "unique"
    assert is_valid_solution(puzzle, result.solution)


def test_the_page_solver_shows_the_first_solution_long_before_it_is_proved_unique():
    """api.solve_step reports a solution as soon as the search meets one ("found"), while the
    search goes on to make sure there is no other: on this Tarek killer at about a tenth of it."""
    text, published = TAREK_WITH_SOLUTIONS[13]
    solver_id = api.solve_start(encode(short_killer(text)))["id"]
    reports = []
    while not reports or not reports[-1]["done"]:
        reports.append(api.solve_step(solver_id, 20))
    unfinished = [r for r in reports if not r["done"]]
    assert "found" not in unfinished[0]
    first = next(r for r in unfinished if "found" in r)
    assert "".join(map(str, first["found"])) == published
    assert first["nodes"] < reports[-1]["nodes"] / 4
    assert all("".join(map(str, r["found"])) == published for r in unfinished[unfinished.index(first):])
    assert reports[-1]["status"] == "unique" and "found" not in reports[-1]
    found_at = solve(short_killer(text)).found_at   # what the benchmark reports
    assert first["nodes"] - 20 < found_at <= first["nodes"]
