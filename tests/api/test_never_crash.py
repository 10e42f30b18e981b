"""Issue 9: never crash, never hang. The cases a fuzz and load probe found, one test each (or a few),
written before the fixes: non-ASCII look-alikes in the alphabet, user text breaking a message
over lines, `solve` without a budget, and KenKen cages too big to list at set-up."""
import json
import signal
import subprocess
import sys
from contextlib import contextmanager
from itertools import product
from pathlib import Path

import pytest

from tests.corpus import REAL
from pycore.codec import PuzzleStringError, decode, encode
from pycore.explain import explain
from pycore.model import Cage, Position, Puzzle
from pycore.solve import Solver, solve
from pycore.solve import combos
from pycore.play import cage_combinations
from pycore.solve.network import TUPLES, compile_puzzle
from tests.solve.test_derived import BY_NAME, puzzle_of

ROOT = Path(__file__).resolve().parents[2]
KELVIN = "\u212a"      # KELVIN SIGN: lower-cases to ASCII 'k'
LONG_S = "\u017f"      # LATIN SMALL LETTER LONG S: upper-cases to ASCII 'S'
BOM = "\ufeff"

L9B = next(e["string"] for e in REAL if e["string"].startswith("L9B"))
S9B = next(e["string"] for e in REAL if e["string"].startswith("S9B"))
PACKED = next(e["string"] for e in REAL if len(e["string"]) == 162)
MAY_2024 = next(e["string"] for e in REAL if "," in e["string"] and len(e["string"].partition(",")[0]) == 162)
EMPTY_WINDOKU_25 = "WPB" + "0" * (625 * 5)

# A search that outlasts any limit below: the slowest of ISS's Mathemagic killers (about a minute).
SLOW_KILLER = encode(puzzle_of(BY_NAME["MATHEMAGIC_KILLERS#12"]))


def pycore(*args):
    return subprocess.run([sys.executable, "-m", "pycore", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@contextmanager
def hang_guard(seconds: int):
    """Fails a step that does not end at all (the bug was minutes to hours), via SIGALRM, which
    interrupts a pure-Python loop. Generous on purpose: this is a hang guard, not a timing."""
    def alarm(*_):
        raise TimeoutError(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def refused(text, *fragments):
    with pytest.raises(PuzzleStringError) as caught:
        decode(text)
    message = str(caught.value)
    assert "\n" not in message and "\r" not in message, message
    for fragment in fragments:
        assert fragment in message, message
    return message


def put(text, index, ch):
    return text[:index] + ch + text[index + 1:]


# ---- 1. the alphabet is ASCII, exactly -----------------------------------------------------------

@pytest.mark.parametrize("name,text,index", [
    ("L9B field", L9B, 3), ("S9B field", S9B, 4), ("packed162", PACKED, 7),
    ("May 2024 cages", MAY_2024, 0), ("May 2024 progress", MAY_2024, 170),
])
def test_a_kelvin_sign_is_refused_where_it_stands_not_read_as_k(name, text, index):
    message = refused(put(text, index, KELVIN), f"position {index + 1}")
    assert KELVIN in message or "212a" in message.lower()


def test_a_long_s_is_not_the_header_letter_s():
    refused(LONG_S + S9B[1:], "unknown header")
    refused("S9" + LONG_S + S9B[3:])


@pytest.mark.parametrize("look_alike", ["\u0131", "\u0130", "\uff33", "\u212b"])
def test_other_case_folding_look_alikes_are_refused(look_alike):
    refused(look_alike + S9B[1:])
    refused(put(L9B, 5, look_alike))


def test_an_encode_header_spelled_with_a_long_s_is_refused():
    puzzle, position = decode(S9B)
    with pytest.raises(PuzzleStringError):
        encode(puzzle, position, LONG_S + "9B")


def test_a_parameter_name_with_a_kelvin_sign_is_not_kind():
    digits = REAL[0]["string"] if len(REAL[0]["string"]) == 81 else next(e["string"] for e in REAL if len(e["string"]) == 81)
    puzzle, _ = decode(f"{KELVIN}ind=windoku&bd={digits}")
    assert puzzle.kind == "sudoku"


def test_a_leading_byte_order_mark_and_surrounding_whitespace_are_ignored():
    expected = decode(S9B)
    assert decode(BOM + S9B) == expected
    assert decode(" \t\n" + BOM + S9B + " \r\n") == expected
    assert decode(BOM + "https://www.sudokuwiki.org/sudoku.htm?bd=" + S9B) == expected


# ---- 2. user text is quoted, and a message is one line --------------------------------------------

def test_a_newline_in_shape_is_quoted_on_one_line():
    message = refused("?bd=1&shape=a%0Ab", "'a\\nb'")
    assert message.count("shape") >= 1


@pytest.mark.parametrize("text", [
    "?bd=%0AL9B", "?shape=33&bd=1&jigmap=12%0A3", "?bd=L9B%0D%0A00", "?kind=x%E2%80%A8y&bd=1",
    "?bd=" + "%0A" * 30,
])
def test_user_text_never_breaks_a_message_over_lines(text):
    refused(text)


def test_every_message_is_one_line_whatever_it_is_given():
    assert "\n" not in str(PuzzleStringError("a\nb\u2028c\rd"))


def test_command_line_error_with_a_newline_is_one_line():
    for args in (("decode", "?bd=1&shape=a%0Ab"), ("decode", S9B, "extra\nargument")):
        done = pycore(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_command_line_kelvin_sign_exits_2_not_a_traceback():
    done = pycore("decode", put(L9B, 3, KELVIN))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


# ---- 3. solve has a budget on the command line ---------------------------------------------------

def test_solve_on_the_command_line_stops_at_its_time_limit_with_statistics():
    done = pycore("solve", SLOW_KILLER, "--time-limit", "1")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["status"] == "timeout" and report["solution"] is None
    assert report["nodes"] > 0 and report["seconds"] >= 1
    assert "time limit" in report["reason"]


def test_solve_on_the_command_line_stops_at_its_node_budget():
    report = json.loads(pycore("solve", EMPTY_WINDOKU_25, "--max-nodes", "20").stdout)
    assert report["status"] == "timeout" and report["nodes"] == 20
    assert "node" in report["reason"]


def test_solve_and_explain_document_their_default_time_limit():
    for command in ("solve", "explain"):
        done = pycore(command, "--help")
        assert "--time-limit" in done.stdout and "default 60" in done.stdout
        assert "--max-nodes" in done.stdout


@pytest.mark.parametrize("option,value", [("--time-limit", "-1"), ("--time-limit", "0"), ("--time-limit", "nan"),
                                          ("--max-nodes", "0"), ("--max-nodes", "x")])
def test_a_bad_budget_is_one_line_and_status_2(option, value):
    done = pycore("solve", S9B, option, value)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_the_default_budget_is_sixty_seconds():
    from pycore.cli import parser
    assert parser().parse_args(["solve", S9B]).time_limit == 60.0


# ---- 4. the solver's set-up is bounded -----------------------------------------------------------

def kenken_with_rows_cage(n: int, rows: int, total: int, settled: bool = True) -> Puzzle:
    """A KenKen whose first `rows` rows are one "+" cage; every other cell is a one-cell cage
    holding the digit of a cyclic Latin square (so the grid is settled but for the big cage),
    or, not `settled`, in no cage at all (wide open)."""
    big = tuple(range(rows * n))
    singles = [Cage((c,), (c // n + c % n) % n + 1) for c in range(rows * n, n * n) if settled]
    return Puzzle("kenken", n, (0,) * (n * n), None, (Cage(big, total, "+"), *singles))


def brute_count(op, total, size, k, clashes):
    return sum(1 for t in product(range(1, size + 1), repeat=k)
               if combos.fits(op, total, t) and all(t[i] != t[j] for i, j in clashes))


@pytest.mark.parametrize("op,total,size,k,clashes", [
    ("+", 10, 4, 4, [(1, 0), (2, 1)]), ("+", 12, 5, 4, []), ("x", 24, 4, 4, [(1, 0)]),
    ("x", 36, 6, 3, [(1, 0), (2, 0), (2, 1)]), ("+", 9, 6, 5, [(2, 0), (4, 3)]), ("+", 40, 6, 5, []),
])
def test_fillings_are_counted_before_they_are_listed(op, total, size, k, clashes):
    """The count that decides whether to list: at least the real number (clashes left aside)."""
    bits = [0] + [1 << (d - 1) for d in range(1, size + 1)]
    counted = combos.count_fillings(op, total, size, k)
    assert counted >= brute_count(op, total, size, k, clashes)
    assert counted == brute_count(op, total, size, k, [])
    listed = combos.grown_tuples(op, total, size, k, clashes, bits, 10_000)
    assert sorted(listed) == sorted(tuple(bits[d] for d in t) for t in product(range(1, size + 1), repeat=k)
                                    if combos.fits(op, total, t) and all(t[i] != t[j] for i, j in clashes))


@pytest.mark.parametrize("n,rows", [(6, 2), (7, 2), (9, 2)])
def test_a_big_sum_cage_compiles_to_bounds_not_a_list(n, rows):
    unit = n * (n + 1) // 2
    with hang_guard(20):
        net = compile_puzzle(kenken_with_rows_cage(n, rows, rows * unit))
    assert net.error is None
    assert net.constraints[0][0] != TUPLES and net.constraints[0][1] == tuple(range(rows * n))
    with hang_guard(20):   # a total no filling meets: found without listing them
        assert "no way to make" in compile_puzzle(kenken_with_rows_cage(n, rows, rows * unit + 1)).error


def test_a_whole_row_sum_cage_is_not_listed_by_permutation():
    """A cage along one row is all-different: 9! orderings of one digit set would be listed."""
    puzzle = kenken_with_rows_cage(9, 1, 45)
    with hang_guard(20):
        net = compile_puzzle(puzzle)
    assert net.constraints[0][0] != TUPLES


@pytest.mark.parametrize("n,rows,extra", [(6, 2, 0), (6, 2, 1), (7, 2, 0), (7, 2, 1), (9, 2, 0), (9, 2, 1)])
def test_a_big_sum_cage_solves_with_an_honest_status_within_its_budget(n, rows, extra):
    total = rows * n * (n + 1) // 2 + extra
    with hang_guard(60):
        result = solve(kenken_with_rows_cage(n, rows, total), time_limit=3)
    if extra:
        assert result.status in ("none", "timeout") and result.solution is None
    else:
        assert result.status in ("multiple", "timeout")


def test_the_solver_set_up_is_cheap_for_every_big_cage():
    """Solver() is what the page runs before its first slice: it must not list fillings."""
    with hang_guard(20):
        for n, rows in ((7, 2), (9, 2)):
            Solver(kenken_with_rows_cage(n, rows, rows * n * (n + 1) // 2 + 1))


def test_a_25x25_killer_from_the_library_ends_at_its_time_limit_and_lists_no_cage():
    """Its 33 million digit sets are not listed (combos.LISTED_MAX_SIZE): set-up took two minutes.
    (Links hold killers up to 9×9; the library takes any Puzzle.)"""
    n = 25
    cages = tuple(Cage(tuple(range(r * n + c, r * n + c + 5)), 40) for r in range(n) for c in range(0, n, 5))
    puzzle = Puzzle("killer", n, (0,) * (n * n), None, cages)
    with hang_guard(60):
        result = solve(puzzle, time_limit=1)
        assert result.status == "timeout" and result.nodes > 0
        assert cage_combinations(puzzle, [0] * (n * n), cages[0]) is None
        # the hints' killer strategies (which list digit sets) leave it to the others
        assert explain(puzzle, Position.empty(n * n), max_steps=3)["status"] == "stuck"
    wrong = Puzzle("killer", n, (0,) * (n * n), None, (Cage(tuple(range(5)), 14),))
    assert solve(wrong).reason == "the 14 cage at R1C1 has no combination of 5 digits totalling 14"


def test_a_long_search_and_a_25x25_one_end_at_the_time_limit():
    """A 25×25 node takes milliseconds, so slices must not overrun the limit by much."""
    for text, limit in ((SLOW_KILLER, 1), (EMPTY_WINDOKU_25, 0.3)):
        puzzle, _ = decode(text)
        with hang_guard(60):
            result = solve(puzzle, time_limit=limit)
        assert result.status == "timeout" and result.nodes > 0


@pytest.mark.parametrize("n,rows", [(6, 2), (7, 2), (9, 2)])
def test_a_sum_cage_over_whole_rows_with_the_wrong_total_has_no_solution_at_once(n, rows):
    """Rows hold distinct digits, so whole rows add up to what they must: no search needed (a
    search over every filling of the open grid would only end at its budget)."""
    result = solve(kenken_with_rows_cage(n, rows, rows * n * (n + 1) // 2 + 1, settled=False), time_limit=5)
    assert result.status == "none" and "no way to make" in result.reason


def test_an_open_grid_with_a_big_sum_cage_is_solved_or_stopped_within_its_budget():
    for n, rows in ((7, 2), (9, 2)):
        with hang_guard(60):
            result = solve(kenken_with_rows_cage(n, rows, rows * n * (n + 1) // 2, settled=False), time_limit=3)
        assert result.status in ("multiple", "timeout")


# ---- 5. the page's calls answer whatever they are passed -------------------------------------

def test_every_page_call_answers_whatever_each_argument_is():
    """Each argument in turn replaced by something the page should never send (None, numbers,
    text, lists of the wrong length or kind): the answer is a dict ({"error": …} or a view), or
    a sentence from error_help, never an exception (a None text once reached the play view's
    cache of the last puzzle, which started out as None)."""
    import inspect
    from pycore import api
    text = S9B
    progress = api.decode_view(text)["progress"]
    odd = [None, 0, -1, 1.5, "x", "", [], {}, [None], ["."] * 81, True, 10 ** 20, float("nan"),
           "\u01c5", ["s9"] * 81, [1] * 81, ["s99"] * 81, ["c"] * 81, "g" * 81]
    names = api.PAGE_CALLS   # what web/main.py hands the page
    assert "place_digit" in names and "hint_view" in names and "open_view" in names
    for name, function in names.items():
        count = len(inspect.signature(function).parameters)
        for position in range(count):
            for value in odd:
                if name in ("solve_step", "solve_cancel"):
                    args = [api.solve_start(text)["id"], 5][:count]
                else:
                    args = [text, progress, 3, 3, 3][:count]
                args[position] = value
                answer = function(*args)
                assert isinstance(answer, str if name == "error_help" else dict), (name, args)
