"""`python -m pycore` never prints a traceback (issue 42): bad options and input exit 2 with one
line; output that cannot be written is one line and status 1; a reader that has gone ends the
command quietly with SIGPIPE's status, 141, as Unix tools end. Each case runs the real command in
a separate process with its standard streams set up as a shell would."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import DEV

ROOT = Path(__file__).resolve().parents[2]
SUDOKU = next(e for e in DEV if e["label"] == "solo-3x3dt")["strings"]["versioned"]
KENKEN = next(e for e in DEV if e["kind"] == "kenken" and e["size"] == 9)["strings"]["versioned"]
BIG = next(e for e in DEV if e["size"] == 25)["strings"]["versioned"]   # explain: ~100 KB of JSON


def pycore(*args, env=None, **streams) -> subprocess.CompletedProcess:
    """The command's run, its output as bytes (what the stream took, whatever its encoding)."""
    streams.setdefault("stdout", subprocess.PIPE)
    streams.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "pycore", *args], cwd=ROOT, timeout=120,
                          env={**os.environ, **(env or {})}, **streams)


def one_error_line(done: subprocess.CompletedProcess) -> str:
    text = done.stderr.decode()
    assert "Traceback" not in text and "Exception ignored" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), text
    return lines[0]


@pytest.mark.parametrize("args", [
    ("explain", "--max-steps", "9223372036854775808", SUDOKU),   # islice's ValueError before
    ("explain", "--max-steps", "1" + "0" * 5000, SUDOKU),   # more digits than int() reads
    ("explain", "--max-steps", "1e3", SUDOKU),
    ("solve", "--max-nodes", "9223372036854775808", SUDOKU),
    ("explain", "--max-nodes", "-5", SUDOKU),
])
def test_an_int_option_out_of_range_is_one_line_and_status_2(args):
    done = pycore(*args)
    assert done.returncode == 2 and done.stdout == b""
    assert "--max-" in one_error_line(done)


def test_the_largest_step_count_is_taken():
    done = pycore("explain", "--max-steps", str(sys.maxsize), SUDOKU)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b'{"status": "solved"')


@pytest.mark.parametrize("args", [
    ("decode", "--te", SUDOKU),   # argparse read --te as --text
    ("explain", "--max-s", "1", SUDOKU),
    ("solve", "--time", "5", SUDOKU),
    ("encode", SUDOKU, "--t", "digits"),
])
def test_abbreviated_options_are_not_read(args):
    done = pycore(*args)
    assert done.returncode == 2 and done.stdout == b""
    line = one_error_line(done)   # encode's --to missing is said first
    assert "unrecognized arguments" in line or "required: --to" in line


@pytest.mark.parametrize("args,shown", [
    (("decode", "--text", SUDOKU), b"sudoku 9x9 (S9B)"),   # the x was a UnicodeEncodeError
    (("decode", "--text", KENKEN), b"  54x  H1 I1 I2"),   # a cage's clue, 54 and the times sign
    (("explain", "--text", "--max-steps", "1", KENKEN), b"can only be 1x6 or 2x3"),
])
def test_text_output_to_an_ascii_stream_is_spelt_in_ascii(args, shown):
    done = pycore(*args, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == b"" and shown in done.stdout
    done.stdout.decode("ascii")   # raises on any byte past ASCII


def test_the_same_text_to_a_utf8_stream_keeps_its_signs():
    done = pycore("decode", "--text", KENKEN, env={"PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0 and "kenken 9×9".encode() in done.stdout
    assert "  54×  H1 I1 I2".encode() in done.stdout


@pytest.mark.parametrize("args", [("explain", SUDOKU), ("explain", BIG), ("decode", "--text", KENKEN),
                                  ("solve", "--help")])   # argparse dropped the write and said 0
def test_a_full_disk_is_one_line_and_status_1(args):
    with open("/dev/full", "wb") as full:
        done = pycore(*args, stdout=full)
    assert done.returncode == 1
    assert one_error_line(done) == "error: cannot write the output: No space left on device"


@pytest.mark.parametrize("args", [("decode", SUDOKU), ("explain", BIG), ("--help",)])
def test_a_reader_gone_before_the_output_ends_it_quietly_with_sigpipes_status(args):
    """The pipe's reader has closed its end before anything is written (`| true`): the first write
    fails. The 25×25's output is more than a pipe holds, so the part still buffered would fail
    again when Python flushes at exit ("Exception ignored ... BrokenPipeError")."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = pycore(*args, stdout=write_end)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (141, b"")


def test_a_reader_gone_midway_ends_it_quietly_too():
    # `| head -c 10`: the reader takes the first bytes of a 25×25's steps, then leaves
    with subprocess.Popen([sys.executable, "-m", "pycore", "explain", BIG], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
        first = run.stdout.read(10)
        run.stdout.close()
        err = run.stderr.read()
        run.wait(timeout=120)
    assert (first, err, run.returncode) == (b'{"status":', b"", 141)


def test_a_closed_stdout_is_one_line_and_status_1():
    # `>&-`: Python starts with sys.stdout None, and print() to None writes nothing at all
    done = subprocess.run([sys.executable, "-m", "pycore", "decode", SUDOKU], cwd=ROOT, timeout=60,
                          stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    assert one_error_line(done) == "error: cannot write the output: standard output is closed"


@pytest.mark.parametrize("stdin,said", [
    (b"\xff\xfe" + SUDOKU.encode(), "unrecognised puzzle string"),   # not UTF-8, ascii locale
    (b"0" * 100_000, "too long"),
])
def test_standard_input_that_is_no_puzzle_is_one_line_and_status_2(stdin, said):
    done = pycore("decode", "-", input=stdin, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 2 and done.stdout == b""
    assert said in one_error_line(done)


def test_endless_standard_input_is_refused_after_the_longest_puzzle():
    with open("/dev/zero", "rb") as zeros:
        done = pycore("decode", "-", stdin=zeros)
    assert done.returncode == 2 and "too long" in one_error_line(done)


def test_a_closed_stdin_is_one_line_and_status_2():
    done = subprocess.run([sys.executable, "-m", "pycore", "decode", "-"], cwd=ROOT, timeout=60,
                          capture_output=True, preexec_fn=lambda: os.close(0))
    assert done.returncode == 2 and "standard input is closed" in one_error_line(done)


def test_main_called_in_process_writes_to_a_text_only_stream(capsys):
    """A caller's io.StringIO has no byte buffer beneath it: the output goes to it as text."""
    import contextlib
    import io
    from pycore.cli import main
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        assert main(["decode", "--text", SUDOKU]) == 0
    assert text.getvalue().startswith("sudoku 9×9 (S9B)\n")
    assert capsys.readouterr() == ("", "")
