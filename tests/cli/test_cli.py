"""`python -m pycore` as docs/design.md's contract describes it, run as a separate process."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import DEV, REAL

ROOT = Path(__file__).resolve().parents[2]


def pycore(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "pycore", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_decode_prints_one_json_object_with_the_contract_keys():
    entry = next(e for e in REAL if e["string"].startswith("K6C"))
    done = pycore("decode", entry["string"])
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    assert view["format"] == "K6C" and view["kind"] == "kenken" and view["size"] == 6
    assert view["cages"] == entry["expected"]["cages"]
    assert view["progress"] == entry["expected"]["progress"]
    assert view["regions"] is None and len(view["givens"]) == 36


@pytest.mark.parametrize("fmt", ["killer-a", "killer-2024", "L9B", "versioned"])
def test_encode_writes_the_same_puzzle_in_another_format(fmt):
    entry = next(e for e in DEV if e["kind"] == "killer" and "killer-a" in e["strings"])
    done = pycore("encode", entry["strings"]["versioned"], "--to", fmt)
    assert done.returncode == 0, done.stderr
    text = done.stdout.strip()
    again = json.loads(pycore("decode", text).stdout)
    cages = sorted(entry["cages"], key=lambda c: c["cells"])
    assert again["cages"] == cages and again["kind"] == "killer"


def test_kind_option_reads_a_bare_81_digit_string():
    digits = next(e for e in DEV if e["kind"] == "windoku")["strings"]["digits"]
    assert json.loads(pycore("decode", digits, "--kind", "windoku").stdout)["kind"] == "windoku"
    assert json.loads(pycore("decode", "-", stdin=digits).stdout)["kind"] == "sudoku"


@pytest.mark.parametrize("args", [
    ("decode", "L9B123"),
    ("decode", "hello"),
    ("encode", REAL[0]["string"], "--to", "digits"),
    ("encode", REAL[0]["string"], "--to", "nonsense"),
    ("encode", REAL[0]["string"]),
    ("decode",),
    ("explode", "x"),
    ("decode", "x" * 50_000),
])
def test_bad_input_exits_2_with_one_line_and_no_traceback(args):
    done = pycore(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("kind", ["sudoku", "jigsaw", "killer", "killer-jigsaw", "kenken", "kendoku", "windoku", "sudoku-x"])
def test_solve_prints_status_and_the_corpus_solution(kind):
    entry = next(e for e in DEV if e["kind"] == kind)
    done = pycore("solve", entry["strings"]["versioned"])
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["status"] == "unique"
    assert result["solution"] == [int(ch, 36) for ch in entry["solution"]]


def test_solve_reports_a_puzzle_with_no_solution():
    digits = "11" + "0" * 79  # two 1s in the first row
    result = json.loads(pycore("solve", digits).stdout)
    assert result["status"] == "none" and result["solution"] is None


def test_solve_bad_input_exits_2():
    done = pycore("solve", "S9B")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


X_WING = ("03c848csc4cs1121g10hg005481020024881c8112002c0g1040h485848g0210h4481140350200gs403c4k814480"
          "50281k0091120k00gc80h4811s4cck80320g1c810c820020hc805210503cos0cok8s811")


def test_explain_solves_an_easy_sudoku_by_logic_and_grades_it():
    entry = next(e for e in DEV if e["label"] == "solo-3x3dt")
    done = pycore("explain", entry["strings"]["versioned"])
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["status"] == "solved"
    grid = [int(ch, 36) for ch in entry["solution"]]
    placed = {cell: digit for step in report["steps"] for cell, digit in step["placements"]}
    assert all(grid[cell] == digit for cell, digit in placed.items())
    assert len(placed) == sum(1 for g in entry["givens"] if not g)
    assert set(report["steps"][0]) >= {"strategy", "placements", "eliminations", "text", "cells",
                                       "units", "cages"}
    assert report["grade"]["hardest"] in {s["strategy"] for s in report["steps"]}


def test_explain_starts_from_the_pencil_marks_in_the_string():
    # SudokuWiki's X-Wing example: its pencil marks leave an X-Wing on 7 in rows B and F.
    done = pycore("explain", X_WING, "--only", "x-wing", "--max-steps", "1")
    report = json.loads(done.stdout)
    (step,) = report["steps"]
    assert step["strategy"] == "x-wing"
    assert sorted(step["eliminations"]) == [[3, 7], [39, 7], [66, 7], [70, 7], [75, 7], [79, 7]]
    assert report["stopped"] == "max-steps"


def test_explain_only_uses_the_strategies_named():
    done = pycore("explain", X_WING, "--only", "skyscraper,jellyfish")
    report = json.loads(done.stdout)
    assert report["status"] == "stuck" and report["steps"] == []


def test_explain_reports_a_wrong_digit_as_invalid():
    entry = next(e for e in DEV if e["label"] == "solo-3x3dt")
    solution = [int(ch, 36) for ch in entry["solution"]]
    cell = entry["givens"].index(0)
    wrong = (solution[cell] % 9) + 1
    from pycore.codec import decode, encode
    from pycore.model import Position
    puzzle, _ = decode(entry["strings"]["versioned"])
    solved = [0] * 81
    solved[cell] = wrong
    text = encode(puzzle, Position(tuple(solved), (0,) * 81), "versioned")
    report = json.loads(pycore("explain", text).stdout)
    assert report["status"] == "invalid" and report["steps"] == []
    assert "solution" in report["reason"]


@pytest.mark.parametrize("args", [["explain", "S9Bzz"], ["explain", X_WING, "--only", "magic"],
                                  ["explain", X_WING, "--max-steps", "-1"]])
def test_explain_bad_input_is_one_line_and_status_2(args):
    done = pycore(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_explain_on_a_puzzle_without_solution_is_invalid():
    # A 4×4 KenKen whose first row must add up to 11: no solution at all.
    from pycore.codec import encode
    from pycore.model import Cage, Position, Puzzle
    rows = tuple(Cage(tuple(range(r * 4, r * 4 + 4)), 11 if r == 0 else 10, "+") for r in range(4))
    text = encode(Puzzle("kenken", 4, (0,) * 16, None, rows), Position.empty(16), "versioned")
    report = json.loads(pycore("explain", text).stdout)
    assert report["status"] == "invalid" and "no solution" in report["reason"]
    from pycore import api
    hint = api.hint_view(text, api.decode_view(text)["progress"])
    assert hint["status"] == "invalid" and "no solution" in hint["reason"]


# --- --text: for a person --------------------------------------------------------------------------

def test_text_decode_and_solve_print_the_grid_ruled_in_boxes():
    entry = next(e for e in DEV if e["label"] == "solo-3x3dt")
    shown = pycore("decode", "--text", entry["strings"]["versioned"])
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0].startswith("sudoku 9×9 (")
    assert lines[1].split() == ["1", "2", "3", "|", "4", "5", "6", "|", "7", "8", "9"]
    givens = "".join(str(g) if g else "." for g in entry["givens"])
    rows = [line for line in lines[2:] if not line.lstrip().startswith("-")]
    assert [row.split()[0] for row in rows] == list("ABCDEFGHI")
    assert "".join("".join(row.split()[1:]).replace("|", "") for row in rows) == givens
    assert lines[5].strip() == "------+-------+------" and lines[5].index("+") == lines[1].index("|")
    solved = pycore("solve", "--text", entry["strings"]["versioned"])
    assert solved.returncode == 0, solved.stderr
    head, *grid = solved.stdout.splitlines()
    assert head.startswith("one solution (")
    digits = "".join("".join(row.split()[1:]).replace("|", "") for row in grid[1:]
                     if not row.lstrip().startswith("-"))
    assert digits == entry["solution"]


def test_text_explain_numbers_the_steps_and_says_how_it_ended():
    entry = next(e for e in DEV if e["label"] == "solo-3x3dt")
    report = json.loads(pycore("explain", entry["strings"]["versioned"]).stdout)
    done = pycore("explain", "--text", entry["strings"]["versioned"])
    assert done.returncode == 0, done.stderr
    *steps, last = done.stdout.splitlines()
    assert steps == [f"{k}. {step['text']}" for k, step in enumerate(report["steps"], 1)]
    assert last.startswith(f"Solved by logic in {len(steps)} steps (grade {report['grade']['level']}; ")
    stopped = pycore("explain", "--text", "--max-steps", "1", entry["strings"]["versioned"])
    first, said, *grid = stopped.stdout.splitlines()
    assert said.startswith("Stopped after 1 step (")
    # and the grid it got to: the givens and the one digit placed
    shown = "".join("".join(row.split()[1:]).replace("|", "") for row in grid[1:]
                    if not row.lstrip().startswith("-"))
    ((cell, digit),) = report["steps"][0]["placements"]
    expected = ["." if not g else str(g) for g in entry["givens"]]
    expected[cell] = str(digit)
    assert shown == "".join(expected)


def map_rows(lines: list[str], heading: str, size: int) -> list[list[str]]:
    """The labels of the map printed under `heading`: one list a row, row names and rules off."""
    start = lines.index(heading) + 2   # past the heading and the column numbers
    rows = [line.split()[1:] for line in lines[start:start + size + 2] if "+" not in line][:size]
    return [[label for label in row if label != "|"] for row in rows]


@pytest.mark.parametrize("kind", ["killer-jigsaw", "kenken"])
def test_text_decode_draws_the_regions_and_cages(kind):
    entry = next(e for e in DEV if e["kind"] == kind and e["size"] >= 6)
    n = entry["size"]
    lines = pycore("decode", "--text", entry["strings"]["versioned"]).stdout.splitlines()
    if entry.get("regions"):
        regions = map_rows(lines, "Regions:", n)
        assert [int(r) for row in regions for r in row] == entry["regions"]
    else:
        assert "Regions:" not in lines
    labels = [label for row in map_rows(lines, "Cages:", n) for label in row]
    listed = lines[lines.index("Cages:") + 2 + n:]
    assert len(listed) == len(entry["cages"])
    signs = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}
    for line, cage in zip(listed, entry["cages"]):
        name, clue, *cells = line.split()
        arithmetic = kind == "kenken" and len(cage["cells"]) > 1
        assert clue == f"{cage['total']}{signs[cage['op']] if arithmetic else ''}"
        assert cells == [f"{'ABCDEFGHI'[c // n]}{c % n + 1}" for c in cage["cells"]]
        # the map shows this cage's letter on its cells and nowhere else
        assert [k for k, label in enumerate(labels) if label == name] == cage["cells"]


def test_text_of_a_16x16_numbers_its_rows_and_spells_digits_as_letters():
    entry = next(e for e in DEV if e["size"] == 16)
    done = pycore("solve", "--text", entry["strings"]["versioned"])
    rows = [r for r in done.stdout.splitlines()[1:] if not r.lstrip().startswith("-")]
    assert [r.split()[0] for r in rows] == [str(k) for k in range(1, 17)]
    assert "".join("".join(r.split()[1:]).replace("|", "") for r in rows) == entry["solution"].upper()


def test_output_cut_short_by_its_reader_is_no_error():
    # `python -m pycore explain … | head -c 10`: the pipe closes long before the rest of a 25×25's
    # steps (more than a pipe's buffer) is written
    entry = next(e for e in DEV if e["size"] == 25)
    done = subprocess.run(f"{sys.executable} -m pycore explain {entry['strings']['versioned']}"
                          " | head -c 10", shell=True, cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.stdout == '{"status":' and done.stderr == ""


def test_ctrl_c_during_a_long_solve_ends_with_one_line():
    """Ctrl+C (SIGINT) while a Mathemagic killer is solved (half a minute and more): "interrupted"
    on stderr and the shell's status 130, no traceback."""
    import signal
    import time
    from pycore.codec import encode
    from pycore.model import Position
    from tests.solve.test_hard_killers import short_killer
    records = map(json.loads, (ROOT / "bench" / "data" / "hard_killers.jsonl").read_text().splitlines())
    puzzle = short_killer(next(r for r in records if r["collection"] == "MATHEMAGIC_KILLERS")["short"])
    text = encode(puzzle, Position.empty(81), "L9B")
    # (as from a terminal: a test worker may run with SIGINT ignored, which a child inherits)
    # (the Python engine: the compiled kernel proves it in a second or two)
    with subprocess.Popen([sys.executable, "-m", "pycore", "solve", "--engine", "python", text], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)) as run:
        time.sleep(3)
        assert run.poll() is None, "still solving"
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=20)
    assert (run.returncode, out, err) == (130, "", "interrupted\n")


def test_text_solve_lists_the_mistakes_of_the_position():
    from pycore import api
    entry = next(e for e in DEV if e["label"] == "solo-3x3dt")
    text, solution = entry["strings"]["versioned"], [int(c, 36) for c in entry["solution"]]
    progress = api.decode_view(text)["progress"]
    cell = next(k for k, note in enumerate(progress) if note[0] != "g")
    wrong = solution[cell] % 9 + 1
    bd = api.share(text, api.place_digit(text, progress, cell, wrong)["progress"])["bd"]
    lines = pycore("solve", "--text", bd).stdout.splitlines()
    name = "ABCDEFGHI"[cell // 9] + str(cell % 9 + 1)
    assert "Your position against it:" in lines
    assert f"  {name}: a wrong digit, where the solution has {solution[cell]}" in lines


def test_explain_off_switches_strategies_off():
    # top95's 7th sudoku 25 hints in: a pointing pair first, a Franken X-Wing once the
    # intersections and AICs are off (tests/explain/test_switch_off.py)
    from tests.explain.test_switch_off import FISH_25
    done = pycore("explain", FISH_25, "--off", "pointing, box-line-reduction,aic", "--max-steps", "1")
    assert done.returncode == 0, done.stderr
    (step,) = json.loads(done.stdout)["steps"]
    assert step["strategy"] == "franken-fish"


@pytest.mark.parametrize("off,says", [("magic", "unknown strategy 'magic'"),
                                      ("aic,naked-single", "naked-single cannot be switched off")])
def test_explain_off_a_bad_slug_is_one_line_and_status_2(off, says):
    done = pycore("explain", X_WING, "--off", off)
    assert done.returncode == 2 and done.stdout == ""
    assert says in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
