"""Issue 46: the page ships a standard library trimmed to what its Python imports to start, a wheel
of bytecode for the modules it runs to start, and the later archive of what it runs once usable
(build.py page_python). Every page call must still run under them (the later archive unpacked):
the page tour (build.PAGE_TOUR: web/main.py as PyScript runs it, then every pycore.api page call
on each kind of puzzle, then every module of the page's wheel, then every standard module pycore,
main.py or PyScript names) runs again in Node's Pyodide with the trimmed zip as its standard library
and the page's wheel, and any ImportError fails the test. Slow (three Pyodide starts under Node, a few minutes on a busy machine).
"""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

import build

FULL = build.NODE_MODULES / "pyodide" / "python_stdlib.zip"

pytestmark = pytest.mark.skipif(shutil.which("node") is None or not FULL.exists(),
                                reason="needs Node and node_modules/pyodide (npm ci)")


@pytest.fixture(scope="module")
def page_python(tmp_path_factory):
    """The wheel, standard library zip and later archive as build.py ships them to the page."""
    tmp = tmp_path_factory.mktemp("page")
    wheel = build.build_wheel(tmp)
    build.add_browser_bytecode(wheel)
    stdlib, later = tmp / "python_stdlib.zip", tmp / build.later_name(wheel.name)
    assert build.page_python(wheel, stdlib, later)
    return wheel, stdlib, later


def test_every_page_call_runs_under_the_trimmed_standard_library(page_python):
    wheel, stdlib, later = page_python
    found = build.run_page_tour(wheel, stdlib, later)
    assert "error" not in found, found.get("error")
    assert found["failures"] == []
    loaded = {name for name, _ in found["modules"]}
    assert {"pycore.api", "pycore.solve", "pycore.explain", "json"} <= loaded


def test_the_trimmed_library_is_a_part_of_the_whole(page_python):
    _, stdlib, _ = page_python
    with zipfile.ZipFile(stdlib) as trimmed, zipfile.ZipFile(FULL) as full:
        shipped, whole = set(trimmed.namelist()), set(full.namelist())
    assert not [name for name in shipped if name.endswith(".py")]  # bytecode alone (build.SLIM_SCRIPT)
    kept = {name.removesuffix("c") if name.endswith(".pyc") else name for name in shipped}
    assert kept < whole
    assert {"json/__init__.py", "encodings/__init__.py", "asyncio/__init__.py"} <= kept
    assert not {"tkinter/__init__.py", "unittest/__init__.py", "argparse.py"} & kept  # the CLI's, not the page's
    assert stdlib.stat().st_size < FULL.stat().st_size / 2


def test_the_page_wheel_holds_bytecode_only_and_no_command_line(page_python):
    wheel, _, later = page_python
    names = zipfile.ZipFile(wheel).namelist()
    assert "pycore/api.pyc" in names and "pycore/solve/kernel.wasm" in names
    assert not [n for n in names if n.endswith(".py") or "__pycache__" in n]
    assert "pycore/cli.pyc" not in names
    # what the page runs only once usable comes later: the hints, the generator, the setter
    rest = zipfile.ZipFile(later).namelist()
    assert {"pycore/explain/__init__.pyc", "pycore/generate/__init__.pyc", "pycore/setter.pyc", "fractions.pyc"} <= set(rest)
    assert not set(rest) & set(names)
    assert not [n for n in rest if n.endswith(".py") or "__pycache__" in n or n == "pycore/cli.pyc"]


def test_a_standard_package_is_not_split_between_the_zip_and_the_later_archive(page_python):
    _, stdlib, later = page_python
    package = lambda name: name.split("/")[0].removesuffix(".pyc")  # noqa: E731
    with zipfile.ZipFile(stdlib) as zipped, zipfile.ZipFile(later) as rest:
        assert not {package(n) for n in zipped.namelist()} & {package(n) for n in rest.namelist() if not n.startswith("pycore/")}


def test_a_module_missing_from_the_zip_fails_the_tour(page_python, tmp_path):
    """The tour catches a module the page needs and neither the zip nor the later archive has:
    pycore's Fraction (Pyodide's own start does not import fractions, so without it Python starts
    and a page call fails)."""
    wheel, stdlib, later = page_python
    broken = tmp_path / "broken.zip"
    with zipfile.ZipFile(later) as good, zipfile.ZipFile(broken, "w") as bad:
        for info in good.infolist():
            if info.filename != "fractions.pyc":
                bad.writestr(info, good.read(info))
    found = build.run_page_tour(wheel, stdlib, broken)
    assert "error" not in found, found["error"]
    assert any("fractions" in failure for failure in found["failures"]), found["failures"]
