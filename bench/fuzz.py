"""Fuzz: generated and mutated puzzle strings through decode, encode and solve, in process.

Run from the repository root:  python -m bench.fuzz [--inputs N] [--seed S] [--budget SECONDS]
(`--setup` instead times the solver's set-up on big KenKen sum cages; `--sparse --inputs N
--solve-seconds S` solves corpus puzzles made sparse or wrong and counts those not settled in S;
`--page --inputs N --budget S` makes the page's calls on every input that decodes;
`--cli --inputs N --budget S` runs the command line, `pycore.cli.main`, on the inputs with random
commands and options, good and bad, writing to ASCII, Latin-1 and UTF-8 streams.)
Every input goes through decode; a decoded puzzle is written in every format (each either a
string that decodes back to the same puzzle, or a PuzzleStringError) and solved with a node and
time budget. The promise under test (issue 9): nothing but PuzzleStringError ever escapes, and
no input takes longer than its budget. Prints counts of clean rejections, successes, exceptions
(anything else raised, or a write that does not read back), and overruns (an input whose whole
round took longer than --budget), then the slowest inputs and any failures, and exits 1 on any
exception or overrun.

Inputs (seeded, so a run repeats exactly): the corpus strings and Tatham's bench puzzles, mutated
(a character replaced by ASCII, a Unicode look-alike such as the Kelvin sign, a line break or a
byte-order mark; characters inserted, deleted, duplicated or swapped; cut short; header letters
and sizes changed; wrapped in links with shape=, jigmap=, kind= and percent-encoding), plus
strings generated from nothing: headers with the right length of random base-36 fields (so they
reach cage recovery and the puzzle checks), random digits and packings, random text.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from tests.corpus import DEV, REAL
from pycore.codec import FORMATS, PuzzleStringError, decode, encode
from pycore.codec.versioned import KIND_OF_TYPE, layout_for, sizes_for
from pycore.model import Cage, Position, Puzzle, progress_notation
from pycore.solve import solve

BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
LOOK_ALIKES = ("\u212a", "\u017f", "\u0131", "\u0130", "\u212b", "\uff33", "\uff11", "\u0663",
               "\u00b9", "\u2460", "\ufeff", "\u200b", "\u00a0", "\u2028", "\n", "\r", "\t", "%", "%0A",
               "%E2%80%A8", "&", "=", "?", "#", ",", ".", "-", "+", " ", "\x00", "\ud800", "é", "ß")
SOLVE_NODES = 2_000


def seeds() -> list[str]:
    strings = [e["string"] for e in REAL]
    strings += [s for e in DEV for s in e["strings"].values()]
    tatham = ROOT / "bench" / "data" / "tatham.jsonl"
    if tatham.exists():
        with open(tatham, encoding="utf-8") as lines:
            strings += [json.loads(line)["string"] for line in lines if line.strip()]
    return [s for s in strings if isinstance(s, str)]


def random_char(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(BASE36 + BASE36.upper())
    if roll < 0.85:
        return rng.choice(LOOK_ALIKES)
    return chr(rng.randrange(1, 0x3000))


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if not text:
            return random_char(rng)
        i = rng.randrange(len(text))
        move = rng.randrange(9)
        if move == 0:
            text = text[:i] + random_char(rng) + text[i + 1:]
        elif move == 1:
            text = text[:i] + random_char(rng) + text[i:]
        elif move == 2:
            text = text[:i] + text[i + 1:]
        elif move == 3:
            text = text[:i]
        elif move == 4:
            j = rng.randrange(len(text))
            text = text[:i] + text[min(i, j):max(i, j)] + text[i:]
        elif move == 5:
            letter = rng.choice("SXWJLMKDTBQsxk\u017f\u212a")
            text = letter + text[1:]
        elif move == 6 and len(text) > 1:
            text = text[0] + rng.choice("3456789GPgp0A\u212a") + text[2:]
        elif move == 7:
            j = rng.randrange(len(text))
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            text = "".join(chars)
        else:
            text = text[:i] + rng.choice(("0", "z", "v", "u", "ep", "00")) * rng.randrange(1, 4) + text[i + 1:]
    return text


def wrap(text: str, rng: random.Random) -> str:
    """As a person might paste it: in a link, with parameters, encoded, or with a BOM."""
    roll = rng.randrange(8)
    if roll == 0:
        page = rng.choice(("killersudoku.aspx", "SudokuX.aspx", "jigsaw.aspx", "KenKen6x6.aspx",
                           "Windoku.aspx", "sudoku.htm", "x.aspx"))
        return f"https://www.sudokuwiki.org/{page}?bd={text}"
    if roll == 1:
        extra = rng.choice(("shape=33", "shape=7", "shape=a%0Ab", "jigmap=" + "".join(rng.choice("123456789") for _ in range(81)),
                            "kind=windoku", "kind=" + random_char(rng), "\u212aind=windoku", "jigmap=12%0A3"))
        return f"?{extra}&bd={text}" if rng.random() < 0.5 else f"?bd={text}&{extra}"
    if roll == 2:
        return "".join(ch if ch.isalnum() and ch.isascii() else "%%%02X" % ord(ch) if ord(ch) < 256 else ch for ch in text)
    if roll == 3:
        return "\ufeff" + text
    if roll == 4:
        return " \n" + text[:len(text) // 2] + "\n" + text[len(text) // 2:] + "\t"
    return text


def generated(rng: random.Random) -> str:
    """A string from nothing, most of them the right shape for some format."""
    roll = rng.randrange(6)
    if roll <= 2:
        letter = rng.choice(sorted(KIND_OF_TYPE))
        n = rng.choice(sizes_for(letter))
        width = layout_for(letter, n).width
        version = "C" if letter in "KD" else "B"
        pool = rng.choice(("0", "01", "0ep", BASE36[:12], BASE36))
        return f"{letter}{BASE36[n].upper()}{version}" + "".join(rng.choice(pool) for _ in range(n * n * width))
    if roll == 3:
        return "".join(rng.choice("0123456789." if rng.random() < 0.9 else "0123456789.x") for _ in range(rng.choice((81, 80, 162))))
    if roll == 4:
        first = "".join(rng.choice("12345") for _ in range(81))
        return first + "," + "".join(rng.choice("0123456789") for _ in range(162))
    return "".join(random_char(rng) for _ in range(rng.randrange(0, 60)))


def inputs(count: int, seed: int):
    rng = random.Random(seed)
    pool = seeds()
    for _ in range(count):
        text = generated(rng) if rng.random() < 0.25 else mutate(rng.choice(pool), rng)
        yield wrap(text, rng) if rng.random() < 0.35 else text


def probe(text: str, solve_seconds: float) -> str:
    """'rejected' (a PuzzleStringError from decode) or 'decoded'; raises anything else, and
    AssertionError when a written string does not read back as the same puzzle."""
    try:
        puzzle, position = decode(text)
    except PuzzleStringError as error:
        assert "\n" not in str(error) and "\r" not in str(error), repr(str(error))
        return "rejected"
    for fmt in FORMATS:
        try:
            written = encode(puzzle, position, fmt)
        except PuzzleStringError:
            continue
        again, _ = decode(written, kind_hint=puzzle.kind)
        assert again == puzzle, f"{fmt} does not read back"
    result = solve(puzzle, max_nodes=SOLVE_NODES, time_limit=solve_seconds)
    assert result.status in ("unique", "multiple", "none", "timeout"), result.status
    return "decoded"


def big_cage_kenken(n: int, total: int):
    """Rows 1-2 of an otherwise open n×n KenKen as one "+" cage (2n cells)."""
    return Puzzle("kenken", n, (0,) * (n * n), None, (Cage(tuple(range(2 * n)), total, "+"),))


def setup_times() -> None:
    """The solver's set-up (compile_puzzle) on issue 9's big KenKen sum cages: median ms of 9
    runs, interquartile spread, and the ratio to an empty 9×9 sudoku's set-up in the same run."""
    import statistics
    from pycore.solve.network import compile_puzzle
    cases = [("6×6, 12-cell + cage", big_cage_kenken(6, 42)), ("7×7, 14-cell + cage", big_cage_kenken(7, 56)),
             ("7×7, 14-cell + cage, no filling", big_cage_kenken(7, 57)),
             ("9×9, 18-cell + cage", big_cage_kenken(9, 90)), ("9×9, 18-cell + cage, no filling", big_cage_kenken(9, 91)),
             ("empty 9×9 sudoku (reference)", decode("S9B" + "00" * 81)[0])]
    times = {}
    for label, puzzle in cases:
        runs = []
        for _ in range(9):
            t0 = time.perf_counter()
            compile_puzzle(puzzle)
            runs.append((time.perf_counter() - t0) * 1e3)
        times[label] = runs
    reference = statistics.median(times[cases[-1][0]])
    print("| puzzle | set-up median ms | spread (IQR) ms | × reference |\n|---|---:|---:|---:|")
    for label, runs in times.items():
        q = statistics.quantiles(runs, n=4)
        print(f"| {label} | {statistics.median(runs):.1f} | {q[2] - q[0]:.1f} | {statistics.median(runs) / reference:.0f} |")


class Tally:
    """A fuzz run's counts, its first 20 failures (exceptions and overruns of the budget) and
    its 5 slowest cases."""

    def __init__(self, budget: float):
        self.budget = budget
        self.counts: Counter = Counter()
        self.failures: list[str] = []
        self.slowest: list[tuple[float, str]] = []

    def note(self, failure: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(failure)

    def run(self, call, case: str, source: str, prefix: str = ""):
        """call()'s answer, or "exception" (counted and noted) when it raises; timed, an
        overrun counted and noted, `case` kept among the slowest."""
        t0 = time.perf_counter()
        try:
            answer = call()
        except Exception as error:  # noqa: BLE001 - counting exactly these is the point
            answer = "exception"
            self.counts["exception"] += 1
            self.note(f"{prefix}{type(error).__name__}: {error} <- {source}")
        seconds = time.perf_counter() - t0
        if seconds > self.budget:
            self.counts["overrun"] += 1
            self.note(f"{prefix}overrun {seconds:.2f} s <- {source}")
        self.slowest = sorted(self.slowest + [(seconds, case)], reverse=True)[:5]
        return answer

    def failed(self) -> bool:
        return bool(self.counts["exception"] or self.counts["overrun"])


def random_progress(puzzle, rng: random.Random) -> list[str]:
    """A player's progress in the page's notation, right or wrong: digits placed, pencil marks
    (any digits, possibly contradicting everything) or nothing, cell by cell."""
    progress = []
    for given in puzzle.givens:
        roll = rng.random()
        if given:
            progress.append("g" + BASE36[given])
        elif roll < 0.5:
            progress.append(".")
        elif roll < 0.7:
            progress.append("s" + BASE36[rng.randint(1, puzzle.size)])
        else:
            marks = rng.sample(range(1, puzzle.size + 1), rng.randint(1, puzzle.size))
            progress.append("c" + "".join(BASE36[d] for d in sorted(marks)))
    return progress


def page_calls(count: int, seed: int, budget: float) -> int:
    """What the page asks of the core for a puzzle it opened (pycore.api: play_view, hint_view,
    share_links, fill_candidates, opening_progress, place_digit, reveal_view, cage_view,
    back_to_right, and the whole path: path_start, path_step, path_cancel), on
    every input of the main fuzz that decodes, from its givens alone and from a random progress. Each call must return
    a dict (an answer or {"error": message}) within `budget` seconds."""
    from pycore import api
    rng = random.Random(seed)
    tally = Tally(budget)
    counts = tally.counts
    start = time.perf_counter()
    for text in inputs(count, seed):
        try:
            puzzle, _ = decode(text)
        except PuzzleStringError:
            continue
        counts["decoded"] += 1
        plain = progress_notation(puzzle, Position.empty(puzzle.cell_count))
        for progress in (plain, random_progress(puzzle, rng)):
            cell, digit = rng.randrange(puzzle.cell_count), rng.randint(1, puzzle.size)
            # Reveal is handed the page's solution and selected cell: random digits (now and then
            # one too few) and any cell, or none.
            solution = [rng.randint(1, puzzle.size)
                        for _ in range(puzzle.cell_count - (rng.random() < 0.1))]
            selected = rng.choice((cell, -1, puzzle.cell_count, None))
            for name, call in (("play_view", lambda: api.play_view(text, progress)),
                               ("hint_view", lambda: api.hint_view(text, progress)),
                               ("share_links", lambda: api.share_links(text, progress)),
                               ("fill_candidates", lambda: api.fill_candidates(text, progress)),
                               ("opening_progress", lambda: api.opening_progress(text, progress)),
                               ("place_digit", lambda: api.place_digit(text, progress, cell, digit)),
                               ("reveal_view",
                                lambda: api.reveal_view(text, progress, solution, selected)),
                               ("cage_view", lambda: api.cage_view(text, progress, selected)),
                               ("back_to_right",
                                lambda: api.back_to_right(text, [progress, plain], solution)),
                               ("check_several", lambda: api.check_several(text, progress)),
                               ("path", lambda: path_slices(api, text, progress))):
                counts["calls"] += 1
                answer = tally.run(call, f"{name} {puzzle.kind} {puzzle.size}", repr(text[:80]),
                                   prefix=f"{name}: ")
                if answer != "exception" and not isinstance(answer, dict):
                    counts["exception"] += 1
                    tally.note(f"{name}: answered {type(answer).__name__} <- {text[:80]!r}")
    print(f"page: {count:,} inputs (seed {seed}), {counts['decoded']:,} decoded, {counts['calls']:,} calls "
          f"in {time.perf_counter() - start:.0f} s; exceptions {counts['exception']}, "
          f"overruns (> {budget} s) {counts['overrun']}")
    print("  slowest: " + "; ".join(f"{s * 1e3:.0f} ms {what}" for s, what in tally.slowest))
    for failure in tally.failures:
        print("  " + failure)
    return 1 if tally.failed() else 0


def path_slices(api, text: str, progress: list[str]) -> dict:
    """The hint panel's whole path: path_start, two slices of 0.2 s, the position after the last
    step listed (path_progress), then path_cancel, as the page asks."""
    started = api.path_start(text, progress)
    if "id" not in started:
        return started
    listed = 0
    for _ in range(2):
        answer = api.path_step(started["id"], 0.2)
        if "error" in answer:
            return answer
        listed += len(answer["steps"])
        if answer["done"]:
            break
    if listed:   # pressing the last step listed
        answer = api.path_progress(started["id"], listed)
        if "progress" not in answer:
            raise AssertionError(f"path_progress of a listed step: {answer}")
    return api.path_cancel(started["id"])


def cli_argv(text: str, rng: random.Random) -> tuple[list[str], bytes | None]:
    """A command line for `text` (or for standard input, "-", then also its bytes): a random
    command with random options, each valid or not (out of range, not a number, misspelt or
    abbreviated); solve and explain kept to fractions of a second when their limit is valid."""
    from pycore.explain import BY_SLUG
    from pycore.model import KINDS
    command = rng.choice(("decode", "encode", "solve", "explain"))
    stdin = None
    if rng.random() < 0.1:
        stdin = text.encode("utf-8", "surrogatepass") if rng.random() < 0.8 else bytes(rng.randrange(256) for _ in range(rng.randint(0, 60)))
        text = "-"
    argv = [command, text]
    numbers = ("0", "1", "3", "50", "9223372036854775807")
    bad_numbers = ("-1", "1e3", "nan", "inf", "0x10", "", " 7", "1_000", "9223372036854775808",
                   "1" + "0" * rng.choice((30, 5000)), "\u0663")

    def maybe(option: str, *values: str, bad: tuple = ()) -> None:
        """The option one time in four, with a value that is wrong one time in ten."""
        if rng.random() < 0.25:
            pick = rng.choice(bad) if bad and rng.random() < 0.1 else rng.choice(values) if values else None
            argv.extend([option] if pick is None else [option, pick])
    maybe("--kind", *KINDS, bad=("nonsense", ""))
    if command == "encode":
        if rng.random() < 0.95:
            argv += ["--to", rng.choice(FORMATS + ("L9B", "K6C", "nonsense", ""))]
    else:
        maybe("--text")
    if command == "explain":
        maybe("--only", ",".join(rng.sample(sorted(BY_SLUG), rng.randint(1, 3))), bad=("magic", ",", ""))
        maybe("--max-steps", *numbers, bad=bad_numbers)
    if command in ("solve", "explain"):
        maybe("--max-nodes", *numbers[1:], bad=bad_numbers + ("0",))
        argv += ["--time-limit", rng.choice(("0.05", "0.2", "0.3"))] if rng.random() < 0.95 else \
            ["--time-limit", rng.choice(("0", "-1", "nan", "inf", "1e-320", "x"))]
    if rng.random() < 0.05:
        argv.append(rng.choice(("--te", "--max-s", "--t", "--tim", "--bogus", "-x", "--")))
    return argv, stdin


def cli_run(argv: list[str], stdin: bytes | None, encoding: str) -> str:
    """`pycore.cli.main(argv)` with stdout and stderr in `encoding` (errors strict, as
    PYTHONIOENCODING=ascii makes them) and stdin holding `stdin`: its status, "0" or "2"; raises
    AssertionError when the output breaks the promise (status 0: JSON or text the stream took;
    status 2: one line on stderr, nothing on stdout), and anything main lets escape."""
    import io
    from pycore import cli
    out, err = io.BytesIO(), io.BytesIO()
    given = (io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8"),
             io.TextIOWrapper(out, encoding=encoding, errors="strict"),
             io.TextIOWrapper(err, encoding=encoding, errors="backslashreplace"))
    streams = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = given
    try:
        status = cli.main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        for stream in given:
            stream.flush()
            stream.detach()   # else closing the wrapper would close the bytes read below
    said = err.getvalue().decode(encoding).splitlines()
    assert status in (0, 2), f"status {status}"
    if status == 2:
        assert out.getvalue() == b"" and len(said) == 1 and said[0].startswith("error: "), said
    else:
        assert said == [] and out.getvalue().endswith(b"\n"), said
        if "--text" not in argv and argv[0] != "encode":
            json.loads(out.getvalue())
    return str(status)


def cli_calls(count: int, seed: int, budget: float) -> int:
    """The command line on the inputs of the main fuzz or on corpus strings as published, with
    options as `cli_argv` makes them up, to a stream in ASCII, Latin-1 or UTF-8. Each run must
    end with status 0 (output the stream took) or 2 (one line on stderr), within `budget` s."""
    rng = random.Random(seed)
    pool = seeds()
    tally = Tally(budget)
    counts = tally.counts
    start = time.perf_counter()
    for number, text in enumerate(inputs(count, seed), 1):
        # half the runs on a string as published, so that most commands get as far as their output
        argv, stdin = cli_argv(rng.choice(pool) if rng.random() < 0.5 else text, rng)
        encoding = rng.choice(("ascii", "latin-1", "utf-8"))
        source = f"{encoding}: {' '.join(a[:60] for a in argv)!r}"
        outcome = tally.run(lambda: cli_run(argv, stdin, encoding), source, source)
        if outcome != "exception":
            counts["status " + outcome] += 1
        if number % 1_000 == 0:
            print(f"  {number:,} runs, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    total = time.perf_counter() - start
    print(f"cli: {count:,} runs (seed {seed}) in {total:.0f} s, {total / count * 1e3:.1f} ms each; budget {budget} s a run")
    print(f"  status 0 {counts['status 0']:,}  status 2 {counts['status 2']:,}  "
          f"exceptions {counts['exception']:,}  overruns {counts['overrun']:,}")
    print("  slowest: " + "; ".join(f"{s * 1e3:.0f} ms {t[:70]}" for s, t in tally.slowest))
    for failure in tally.failures:
        print("  " + failure)
    return 1 if tally.failed() else 0


def thinned(puzzle, rng: random.Random):
    """A valid puzzle made sparse or wrong: few of its givens kept, givens at random, or none;
    half the time, one cage total in five nudged by 1 or 2."""
    roll = rng.randrange(4)
    if roll == 0:
        keep = rng.random() * 0.3
        givens = [d if d and rng.random() < keep else 0 for d in puzzle.givens]
    elif roll == 1:
        givens = [rng.randint(1, puzzle.size) if rng.random() < 0.1 else 0 for _ in puzzle.givens]
    elif roll == 2:
        givens = [0] * puzzle.cell_count
    else:
        givens = list(puzzle.givens)
    cages = puzzle.cages
    if cages and rng.random() < 0.5:
        cages = tuple(Cage(c.cells, max(1, c.total + rng.choice((-2, -1, 1, 2))), c.op)
                      if rng.random() < 0.2 else c for c in cages)
    return Puzzle(puzzle.kind, puzzle.size, tuple(givens), puzzle.regions, cages)


def sparse_search(count: int, seed: int, seconds: float) -> int:
    """The solver's heavy tails: dev-corpus puzzles of every kind made sparse or wrong (`thinned`),
    each solved with a time limit; prints how many were not settled, per kind, and a few."""
    rng = random.Random(seed)
    pool = []
    for record in DEV:
        try:
            pool.append(decode(next(iter(record["strings"].values())))[0])
        except PuzzleStringError:
            continue
    tried: Counter = Counter()
    unsettled: Counter = Counter()
    examples = []
    start = time.perf_counter()
    for _ in range(count):
        puzzle = thinned(rng.choice(pool), rng)
        kind = f"{puzzle.kind} {puzzle.size}×{puzzle.size}"
        tried[kind] += 1
        result = solve(puzzle, time_limit=seconds)
        if result.status == "timeout":
            unsettled[kind] += 1
            if len(examples) < 5:
                try:
                    string = encode(puzzle, None, "versioned")
                except PuzzleStringError as error:
                    string = f"(not encodable: {error})"
                examples.append(f"{kind}, {sum(1 for d in puzzle.givens if d)} givens: {string}")
    print(f"sparse: {count:,} puzzles (seed {seed}) in {time.perf_counter() - start:.0f} s, "
          f"{seconds} s each at most; not settled: {sum(unsettled.values())}")
    for kind in sorted(tried):
        print(f"  {kind}: {tried[kind]:,} tried, {unsettled[kind]} not settled")
    for example in examples:
        print("  " + example)
    return 1 if unsettled else 0


def main(argv=None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--setup", action="store_true", help="time the solver's set-up on big KenKen cages instead")
    options.add_argument("--page", action="store_true",
                         help="instead: the page's calls (pycore.api) on every input that decodes, --budget s each")
    options.add_argument("--cli", action="store_true",
                         help="instead: the command line (pycore.cli.main) on the inputs, random options, --budget s each")
    options.add_argument("--sparse", action="store_true",
                         help="instead: corpus puzzles made sparse or wrong, solved with --solve-seconds each")
    options.add_argument("--inputs", type=int, default=100_000)
    options.add_argument("--seed", type=int, default=9)
    options.add_argument("--budget", type=float, default=1.0, help="seconds one input may take in all")
    options.add_argument("--solve-seconds", type=float, default=0.1, help="the solver's time limit per input")
    args = options.parse_args(argv)
    if args.setup:
        setup_times()
        return 0
    if args.page:
        return page_calls(args.inputs, args.seed, args.budget)
    if args.cli:
        return cli_calls(args.inputs, args.seed, args.budget)
    if args.sparse:
        return sparse_search(args.inputs, args.seed, args.solve_seconds)
    tally = Tally(args.budget)
    counts = tally.counts
    start = time.perf_counter()
    for number, text in enumerate(inputs(args.inputs, args.seed), 1):
        outcome = tally.run(lambda: probe(text, args.solve_seconds), text, repr(text[:120]))
        if outcome != "exception":
            counts[outcome] += 1
        if number % 10_000 == 0:
            print(f"  {number:,} inputs, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    total = time.perf_counter() - start
    print(f"fuzz: {args.inputs:,} inputs (seed {args.seed}) in {total:.0f} s, {total / args.inputs * 1e3:.2f} ms each; "
          f"budget {args.budget} s an input, solver {args.solve_seconds} s / {SOLVE_NODES:,} nodes")
    print(f"  clean rejections {counts['rejected']:,}  successes {counts['decoded']:,}  "
          f"exceptions {counts['exception']:,}  overruns {counts['overrun']:,}")
    print("  slowest: " + "; ".join(f"{s * 1e3:.0f} ms {t[:24]!r}" for s, t in tally.slowest))
    for failure in tally.failures:
        print("  " + failure)
    return 1 if tally.failed() else 0


if __name__ == "__main__":
    sys.exit(main())
