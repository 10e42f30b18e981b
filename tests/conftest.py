"""Shared test set-up. The browser part only starts when a test asks for a browser fixture, so the
core tests stay fast and need no browser (which Chromium, and its flags: tests/browsers/chromium.py).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.browsers.chromium import CHROMIUM_FLAGS, chromium_executable

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def no_kept_solver_answers(monkeypatch):
    """pycore.api keeps each puzzle's solver answer for the hints, process-wide (as the page's
    Python does): every test starts without any, so one test's solve, or its giving up on one,
    never changes another test's hint."""
    from pycore import api
    monkeypatch.setattr(api, "_solutions", {})


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {**browser_type_launch_args, "args": CHROMIUM_FLAGS, "timeout": 60_000}
    executable = chromium_executable()
    if executable:
        args["executable_path"] = executable
    return args


def pytest_configure(config):
    """Under pytest-xdist (`-n`, as .ci/run runs the suite) the site is built once, here, before
    the workers start, and every worker tests that build (SITE_DIR): each building its own would
    race in the project's build directories."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput") \
            and not os.environ.get("SITE_DIR"):
        import build
        config._site_tmp = tempfile.TemporaryDirectory(prefix="site-")
        os.environ["SITE_DIR"] = str(build.build(dist=Path(config._site_tmp.name) / "dist"))


def pytest_unconfigure(config):
    if hasattr(config, "_site_tmp"):
        os.environ.pop("SITE_DIR", None)
        config._site_tmp.cleanup()
