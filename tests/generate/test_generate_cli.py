"""`python -m pycore generate` as docs/design.md's contract says: one JSON object with `string`,
`grade` and `seconds`; a bad argument exits 2 with one line on stderr; a budget spent exits 1."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pycore.codec import decode

ROOT = Path(__file__).resolve().parents[2]


def pycore(*args, hash_seed=None):
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed)) if hash_seed is not None else None
    return subprocess.run([sys.executable, "-m", "pycore", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_generate_prints_the_contract_keys():
    done = pycore("generate", "--kind", "kenken", "--size", "4", "--grade", "gentle", "--seed", "9")
    assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout)
    assert {"string", "grade", "seconds"} <= set(made)
    assert made["grade"] == "gentle"
    puzzle = decode(made["string"])[0]
    assert (puzzle.kind, puzzle.size) == ("kenken", 4)
    again = json.loads(pycore("generate", "--kind", "kenken", "--size", "4", "--grade", "gentle",
                              "--seed", "9").stdout)
    assert again["string"] == made["string"]


def test_one_seed_is_one_puzzle_in_any_process():
    # string hashing differs from process to process; the puzzle may not
    args = ("generate", "--kind", "killer", "--size", "6", "--seed", "12")
    strings = {json.loads(pycore(*args, hash_seed=h).stdout)["string"] for h in (1, 2)}
    assert len(strings) == 1


@pytest.mark.parametrize("args", [
    ["--kind", "sudoku"],                                  # no size
    ["--size", "9"],                                       # no kind
    ["--kind", "nonogram", "--size", "9"],
    ["--kind", "sudoku", "--size", "7"],                   # a size the kind cannot have
    ["--kind", "kenken", "--size", "12"],
    ["--kind", "sudoku", "--size", "nine"],
    ["--kind", "sudoku", "--size", "9", "--grade", "easy"],
    ["--kind", "sudoku", "--size", "9", "--seed", "-1"],
    ["--kind", "sudoku", "--size", "9", "--time-limit", "0"],
])
def test_a_bad_argument_exits_2_with_one_line(args):
    done = pycore("generate", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_grade_not_found_in_time_exits_1_with_one_line():
    done = pycore("generate", "--kind", "sudoku", "--size", "9", "--grade", "extreme",
                  "--seed", "1", "--time-limit", "0.01")
    assert done.returncode == 1
    assert done.stdout == ""
    assert "extreme" in done.stderr and len(done.stderr.strip().splitlines()) == 1
