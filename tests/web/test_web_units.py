"""The page's pure JavaScript (web/position.js) tested in Node: runs tests/web/*.test.mjs with
`node --test`, so the suite runs them. Node 20+ is what the README's set-up installs."""
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def test_web_units_pass_in_node():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found: install Node.js 20+ (the README's set-up does)")
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert files, "no tests/web/*.test.mjs"
    run = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout
