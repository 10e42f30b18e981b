"""`python -m pycore decode|encode|solve|explain TEXT`: one JSON object or one string on stdout; bad
input exits with status 2 and one line on stderr."""
from __future__ import annotations

import argparse
import json
import sys

from .api import describe
from .codec import FORMATS, PuzzleStringError, decode, encode
from .model import KINDS


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        raise PuzzleStringError(f"{self.prog}: {message}")


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
        if name == "encode":
            command.add_argument("--to", required=True, metavar="FORMAT",
                                 help=f"one of {', '.join(FORMATS)}, or a header such as L9B")
        if name == "explain":
            command.add_argument("--only", metavar="SLUG[,SLUG...]",
                                 help="use these strategies and no others (not even singles)")
            command.add_argument("--max-steps", type=int, metavar="N", help="stop after N steps")
        if name in ("solve", "explain"):
            # Every run ends: an empty 25x25 or a huge KenKen cage would otherwise search for hours.
            what = "solving" if name == "solve" else "explaining"
            command.add_argument("--time-limit", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                                 help=f"stop {what} after this long and report what was found "
                                      f"(default {DEFAULT_TIME_LIMIT:g})")
            command.add_argument("--max-nodes", type=node_count, metavar="N",
                                 help="stop the solver after N search nodes (default: no node limit)"
                                      + ("" if name == "solve" else "; explain's solver checks the solution"))
    return root


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
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number of nodes")
    return value


def run(argv: list[str]) -> str:
    args = parser().parse_args(argv)
    text = sys.stdin.read() if args.text == "-" else args.text
    puzzle, position, fmt = decode(text, kind_hint=args.kind, with_format=True)
    if args.command == "decode":
        return json.dumps(describe(puzzle, position, fmt))
    if args.command == "encode":
        return encode(puzzle, position, args.to)
    if args.command == "explain":
        return json.dumps(explain_report(puzzle, position, args))
    from .solve.report import solve_report  # the solver loads only when asked for
    return json.dumps(solve_report(puzzle, position, max_nodes=args.max_nodes, time_limit=args.time_limit))


def explain_report(puzzle, position, args) -> dict:
    from .explain import explain, grade
    from .explain.run import strategies_for
    from .solve import solve
    only = [slug.strip() for slug in args.only.split(",") if slug.strip()] if args.only else None
    if args.max_steps is not None and args.max_steps < 0:
        raise PuzzleStringError("explain: --max-steps must be 0 or more")
    # The solution tells a wrong position from a hard one; a puzzle the solver cannot settle
    # quickly is explained without that check.
    try:
        strategies_for(only)
    except ValueError as error:
        raise PuzzleStringError(f"explain: {error}") from None
    result = solve(puzzle, time_limit=min(args.time_limit / 2, 10.0), max_nodes=args.max_nodes)
    if result.status == "none":
        return {"status": "invalid", "reason": f"the puzzle has no solution: {result.reason}",
                "problems": [], "steps": [], "grade": grade([])}
    solution = result.solution if result.status == "unique" else None
    # The solve's time counts against the limit: the whole command ends within it.
    return explain(puzzle, position, only=only, max_steps=args.max_steps, solution=solution,
                   time_limit=max(args.time_limit - result.seconds, 0.001),
                   unique=result.status != "multiple")


def main(argv: list[str] | None = None) -> int:
    try:
        print(run(sys.argv[1:] if argv is None else argv))
    except PuzzleStringError as error:
        print(f"error: {error}", file=sys.stderr)  # one line: PuzzleStringError escapes line breaks
        return 2
    return 0
