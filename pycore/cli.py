"""`python -m pycore decode|encode|solve|explain TEXT`: one JSON object or one string on stdout
(with --text, decode, solve and explain print for a person instead: the grid, the steps); bad
input exits with status 2 and one line on stderr. Output that cannot be written (a full disk, a
closed stdout) is one line on stderr and status 1; a reader that stops early (`| head`) ends the
command quietly, with SIGPIPE's status (141) as Unix tools do. No traceback ever."""
from __future__ import annotations

import argparse
import errno
import json
import os
import sys

from .api import describe, position_from_progress
from .codec import FORMATS, PuzzleStringError, decode, encode
from .codec.source import MAX_INPUT
from .model import KINDS, cell_name, clue, digit_name, row_name


class OneLineParser(argparse.ArgumentParser):
    """Every parser of the command: a usage error is one line, and options are spelt out in full
    (argparse would read `--te` as `--text`, and a new option could change what it means)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, allow_abbrev=False, **kwargs)

    def error(self, message):
        raise PuzzleStringError(f"{self.prog}: {message}")

    def print_help(self, file=None):
        # --help is output like any other: to a full disk or a closed pipe it ends as they do
        # (argparse's own printing drops a failed write and exits 0)
        if file is not None:
            return super().print_help(file)
        status = write_output(self.format_help())
        if status:
            raise SystemExit(status)


def parser() -> argparse.ArgumentParser:
    root = OneLineParser(prog="pycore", description="Read, write and solve SudokuWiki puzzle strings.")
    commands = root.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    for name, help_text in (("decode", "print the puzzle and progress as JSON"),
                            ("encode", "print the puzzle and progress in another format"),
                            ("solve", "solve the puzzle and print the result as JSON"),
                            ("explain", "explain the position step by step (human-style logic) as JSON")):
        command = commands.add_parser(name, help=help_text)
        command.add_argument("text", help="a puzzle string or link (- reads standard input)")
        command.add_argument("--kind", choices=KINDS,
                             help="what a bare 81/162-character string is (default: classic sudoku)")
        if name != "encode":
            command.add_argument("--text", action="store_true", dest="as_text",
                                 help="print for a person to read (the grid; the steps) instead of JSON")
        if name == "encode":
            command.add_argument("--to", required=True, metavar="FORMAT",
                                 help=f"one of {', '.join(FORMATS)}, or a header such as L9B")
        if name == "explain":
            command.add_argument("--only", metavar="SLUG[,SLUG...]",
                                 help="use these strategies and no others (not even singles)")
            command.add_argument("--off", metavar="SLUG[,SLUG...]",
                                 help="switch these strategies off, as SudokuWiki's unticked ones "
                                      "(the singles stay on: full-house, naked-single, "
                                      "hidden-single, single-cell-cage)")
            command.add_argument("--max-steps", type=step_count, metavar="N", help="stop after N steps")
        if name in ("solve", "explain"):
            # Every run ends: an empty 25x25 or a huge KenKen cage would otherwise search for hours.
            what = "solving" if name == "solve" else "explaining"
            command.add_argument("--time-limit", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                                 help=f"stop {what} after this long and report what was found "
                                      f"(default {DEFAULT_TIME_LIMIT:g})")
            command.add_argument("--max-nodes", type=node_count, metavar="N",
                                 help="stop the solver after N search nodes (default: no node limit)"
                                      + ("" if name == "solve" else "; explain's solver checks the solution"))
        if name == "solve":
            command.add_argument("--engine", choices=("python", "kernel"),
                                 help="force the search engine: the compiled kernel (wasmtime) or "
                                      "pure Python (default: the kernel where it runs and the puzzle fits)")
    add_generate(commands)
    return root


def add_generate(commands) -> None:
    """`generate --kind K --size N [--grade G] [--seed S] [--time-limit SECONDS]` (issue 45)."""
    from .generate import DEFAULT_TIME_LIMIT as BUDGET, LEVELS, SIZES
    command = commands.add_parser("generate", help="make a new puzzle with one solution, graded, as JSON")
    command.add_argument("--kind", required=True, choices=tuple(SIZES), help="the kind of puzzle")
    command.add_argument("--size", required=True, type=lambda text: whole_number(text, 1, "a grid size"),
                         metavar="N", help="the grid's size (9 for 9x9)")
    command.add_argument("--grade", choices=LEVELS, help="explain's grade the puzzle must have")
    command.add_argument("--seed", type=lambda text: whole_number(text, 0, "a seed, 0 or more"),
                         metavar="S", help="the same seed gives the same puzzle (default: a random one)")
    command.add_argument("--time-limit", type=seconds, default=BUDGET, metavar="SECONDS",
                         help=f"give up after this long (default {BUDGET:g})")


DEFAULT_TIME_LIMIT = 60.0


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def node_count(text: str) -> int:
    return whole_number(text, 1, "a positive whole number of nodes")


def step_count(text: str) -> int:
    return whole_number(text, 0, "a whole number of steps, 0 or more")


def whole_number(text: str, least: int, what: str) -> int:
    """`text` as an int from `least` to sys.maxsize (the most a count can be: itertools.islice and
    range refuse more), or the option's one-line usage error."""
    try:
        value = int(text)
    except ValueError:   # not a number, or more digits than int() reads
        value = least - 1
    if not least <= value <= sys.maxsize:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not {what} (at most {sys.maxsize:,})")
    return value


def run(argv: list[str]) -> str:
    args = parser().parse_args(argv)
    if args.command == "generate":
        return generate_report(args)
    text = standard_input() if args.text == "-" else args.text
    puzzle, position, fmt = decode(text, kind_hint=args.kind, with_format=True)
    if args.command == "encode":
        return encode(puzzle, position, args.to)
    if args.command == "decode":
        return decode_text(puzzle, position, fmt) if args.as_text else json.dumps(describe(puzzle, position, fmt))
    if args.command == "explain":
        report = explain_report(puzzle, position, args)
        return explain_text(puzzle, report) if args.as_text else json.dumps(report)
    from .solve.report import solve_report  # the solver loads only when asked for
    report = solve_report(puzzle, position, max_nodes=args.max_nodes, time_limit=args.time_limit,
                          engine=args.engine)
    return solve_text(puzzle, report) if args.as_text else json.dumps(report)


# --- for a person (--text) ----------------------------------------------------------------------

def grid_text(puzzle, digits) -> str:
    """The grid as lines of digits ("." for an open cell), rows named and boxes ruled as on
    paper (a grid without boxes, a jigsaw's or KenKen's, unruled)."""
    return map_text(puzzle, [digit_name(d) if d else "." for d in digits])


def map_text(puzzle, labels: list[str]) -> str:
    """One label a cell, laid out as `grid_text` lays out digits (labels padded to one width)."""
    n = puzzle.size
    box_rows, box_cols = puzzle.box_shape if puzzle.regions is None and puzzle.box_shape else (n, n)
    width = len(row_name(n - 1, n))
    wide = max(map(len, labels))
    lines = []
    if n <= 9:
        lines.append(" " * (width + 2) + " | ".join(
            " ".join(f"{c + 1:<{wide}}" for c in range(start, start + box_cols)).rstrip()
            for start in range(0, n, box_cols)))
    for r in range(n):
        if r and r % box_rows == 0:
            lines.append(" " * (width + 2) + "-+-".join(
                "-" * ((wide + 1) * box_cols - 1) for _ in range(n // box_cols)))
        cells = [f"{label:<{wide}}" for label in labels[r * n:(r + 1) * n]]
        lines.append((f"{row_name(r, n):>{width}}  " + " | ".join(
            " ".join(cells[start:start + box_cols]) for start in range(0, n, box_cols))).rstrip())
    return "\n".join(lines)


def shape_text(puzzle) -> list[str]:
    """A jigsaw's regions (numbered), and the cages: a map with a letter per cage, then each
    cage's clue and cells."""
    lines = []
    if puzzle.regions is not None:
        lines += ["Regions:", map_text(puzzle, [digit_name(r) for r in puzzle.regions])]
    if puzzle.cages:
        names = [cage_label(k) for k in range(len(puzzle.cages))]
        labels = [""] * puzzle.size ** 2
        for name, cage in zip(names, puzzle.cages):
            for cell in cage.cells:
                labels[cell] = name
        lines += ["Cages:", map_text(puzzle, labels)]
        lines += [f"  {name:<{len(names[-1])}}  {clue(cage, puzzle.kind):>4}  "
                  + " ".join(cell_name(c, puzzle.size) for c in cage.cells)
                  for name, cage in zip(names, puzzle.cages)]
    return lines


def cage_label(k: int) -> str:
    """a…z, A…Z, then two letters (aa, ab, …) for the many cages of a 16×16 or 25×25."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[k] if k < len(letters) else letters[k // 52 - 1] + letters[k % 52]


def digits_shown(puzzle, position) -> list[int]:
    """The givens and the digits placed, cell by cell (0 for an open cell)."""
    return [given or placed for given, placed in zip(puzzle.givens, position.solved)]


def decode_text(puzzle, position, fmt: str) -> str:
    cages = f", {len(puzzle.cages)} cages" if puzzle.cages else ""
    return "\n".join([f"{puzzle.kind} {puzzle.size}×{puzzle.size} ({fmt}{cages})",
                      grid_text(puzzle, digits_shown(puzzle, position))] + shape_text(puzzle))


def solve_text(puzzle, report: dict) -> str:
    said = {"unique": "one solution", "multiple": "more than one solution (one of them below)",
            "none": f"no solution: {report['reason']}", "timeout": "not settled in the time allowed"}
    head = f"{said[report['status']]} ({plural(report['nodes'], 'node')}, {report['seconds']:.2f} s)"
    what = {"wrong-digit": "a wrong digit, where the solution has",
            "candidates-exclude-solution": "pencil marks without the solution's"}
    problems = [f"  {cell_name(p['cell'], puzzle.size)}: {what[p['problem']]} {digit_name(p['expected'])}"
                for p in report["problems"]]
    return "\n".join([head] + ([grid_text(puzzle, report["solution"])] if report["solution"] else [])
                     + (["Your position against it:"] + problems if problems else []))


def explain_text(puzzle, report: dict) -> str:
    from .explain import BY_SLUG
    lines = [f"{k}. {step['text']}" for k, step in enumerate(report["steps"], 1)]
    grade = report["grade"]
    count = plural(len(report["steps"]), "step")
    hardest = (f" (grade {grade['level']}; the hardest step: {BY_SLUG[grade['hardest']].name})"
               if grade["hardest"] else "")
    if report.get("stopped"):
        lines.append(f"Stopped after {count}{hardest}, as asked.")
    else:
        lines.append({"solved": f"Solved by logic in {count}{hardest}.",
                      "stuck": f"Stuck after {count}{hardest}: no strategy this tool knows applies.",
                      "timeout": f"Out of time after {count}{hardest}.",
                      "invalid": f"Invalid: {report.get('reason')}."}[report["status"]])
    if report["status"] != "solved" and report.get("progress"):
        reached = position_from_progress(puzzle, report["progress"])   # where it got to
        lines.append(grid_text(puzzle, digits_shown(puzzle, reached)))
    return "\n".join(lines)


def plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'s' * (count != 1)}"


def slugs(text: str | None) -> list[str] | None:
    """`--only`'s or `--off`'s comma-separated strategy slugs (None when the option is absent)."""
    return [slug.strip() for slug in text.split(",") if slug.strip()] if text else None


def explain_report(puzzle, position, args) -> dict:
    from .explain import explain, grade
    from .explain.run import strategies_for
    from .solve import solve
    only, off = slugs(args.only), slugs(args.off)
    # The solution tells a wrong position from a hard one; a puzzle the solver cannot settle
    # quickly is explained without that check.
    try:
        strategies_for(only, off)
    except ValueError as error:
        raise PuzzleStringError(f"explain: {error}") from None
    result = solve(puzzle, time_limit=min(args.time_limit / 2, 10.0), max_nodes=args.max_nodes)
    if result.status == "none":
        return {"status": "invalid", "reason": f"the puzzle has no solution: {result.reason}",
                "problems": [], "steps": [], "grade": grade([])}
    solution = result.solution if result.status == "unique" else None
    # The solve's time counts against the limit: the whole command ends within it.
    return explain(puzzle, position, only=only, off=off, max_steps=args.max_steps, solution=solution,
                   time_limit=max(args.time_limit - result.seconds, 0.001),
                   unique=result.status != "multiple")


def generate_report(args) -> str:
    """The generated puzzle as JSON; a size the kind cannot have is a usage error (status 2),
    a budget spent before the grade was met an error of its own (status 1)."""
    from .generate import GenerateError, OutOfBudget, generate
    try:
        return json.dumps(generate(args.kind, args.size, args.grade, args.seed, args.time_limit))
    except GenerateError as error:
        raise PuzzleStringError(f"generate: {error}") from None
    except OutOfBudget as error:
        raise GenerateFailed(f"generate: {error}") from None


class GenerateFailed(Exception):
    """The command ran as asked but found nothing in time: status 1, not a usage error."""


# --- standard input and output ------------------------------------------------------------------

MAX_STDIN = 4 * MAX_INPUT   # bytes: the longest puzzle decode takes, in UTF-8's widest characters
SIGPIPE_STATUS = 128 + 13   # what a shell reports for a command its reader's exit ended (`yes | head`)

# What --text prints beyond ASCII (cage operators, the diagonals' dash), spelt in ASCII for a
# terminal or file that cannot take it (PYTHONIOENCODING=ascii, a C locale on an old system).
ASCII_STAND_INS = str.maketrans({"\u00d7": "x", "\u00f7": "/", "\u2212": "-", "\u2013": "-",
                                 "\u2014": "-", "\u2026": "...", "\u2192": "->", "\u00b7": "."})


def standard_input() -> str:
    """The puzzle read from stdin as UTF-8, whatever the locale says: a puzzle string is ASCII,
    so a stray byte becomes a character the decoder rejects rather than a UnicodeDecodeError."""
    if sys.stdin is None:   # started with stdin closed (`<&-`)
        raise PuzzleStringError("standard input is closed")
    try:
        data = sys.stdin.buffer.read(MAX_STDIN + 1)
    except OSError as error:   # a directory, a descriptor opened for writing only
        raise PuzzleStringError(f"cannot read standard input: {error.strerror or error}") from None
    if len(data) > MAX_STDIN:   # read no further: `pycore decode - < /dev/zero` ends too
        raise PuzzleStringError(f"standard input is longer than {MAX_STDIN:,} bytes: too long to be a puzzle")
    return data.decode("utf-8", errors="replace")


def printable(text: str, encoding: str | None) -> str:
    """`text` as a stream in `encoding` can take it: unchanged when it can, else with ASCII stand-ins
    and, for anything else it cannot encode, Python's backslash escapes."""
    encoding = encoding or "utf-8"
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        return text.translate(ASCII_STAND_INS).encode(encoding, "backslashreplace").decode(encoding)


def write_output(text: str) -> int:
    """Writes the command's output; its exit status: 0, SIGPIPE's when the reader has gone (as Unix
    tools end, quietly), or 1 with one line on stderr when the output cannot be written."""
    stdout = sys.stdout
    if stdout is None:   # started with stdout closed (`>&-`)
        say("error: cannot write the output: standard output is closed")
        return 1
    encoding = getattr(stdout, "encoding", None) or "utf-8"
    text = printable(text, encoding)
    try:
        stdout.flush()
        if not hasattr(stdout, "buffer"):   # a text-only stream (a caller's io.StringIO)
            stdout.write(text)
            return 0
        data = memoryview(text.encode(encoding))
        while data:
            # A reader that leaves midway can make the buffer take only part of the bytes, say so and
            # raise nothing (the text layer would drop the rest unseen): the next write then fails.
            data = data[stdout.buffer.write(data):]
        stdout.buffer.flush()
    except OSError as error:
        discard(stdout)
        if error.errno == errno.EPIPE:
            return SIGPIPE_STATUS
        say(f"error: cannot write the output: {error.strerror or error}")
        return 1
    return 0


def say(line: str) -> None:
    """One line on stderr, if stderr can take it: when it cannot, there is nobody to tell (and
    print(file=None) would write to stdout)."""
    if sys.stderr is None:
        return
    try:
        print(printable(line, getattr(sys.stderr, "encoding", None)), file=sys.stderr, flush=True)
    except OSError:
        discard(sys.stderr)


def discard(stream) -> None:
    """Points a stream that failed at /dev/null: what it still buffers would be flushed again at
    exit and fail again, with Python's "Exception ignored" lines."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError):   # no descriptor of its own (an in-memory stream): nothing to flush
        pass


def main(argv: list[str] | None = None) -> int:
    try:
        return write_output(run(sys.argv[1:] if argv is None else argv) + "\n")
    except PuzzleStringError as error:
        say(f"error: {error}")  # one line: PuzzleStringError escapes line breaks
        return 2
    except GenerateFailed as error:
        say(f"error: {error}")
        return 1
    except KeyboardInterrupt:   # Ctrl+C during a long solve: the shell's usual status, no traceback
        say("interrupted")
        return 130
