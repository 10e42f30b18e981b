"""Shared test set-up. The browser part only starts when a test asks for a browser fixture, so the
core tests stay fast and need no browser.

Browser: Debian's /usr/bin/chromium when present (Playwright's own download does not work on the
project's machines), else the Chromium that `python -m playwright install chromium` puts in
Playwright's cache; with neither, the browser tests fail with a message saying what to install.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]

# Flags that keep headless Chromium from calling home (update, account and component servers):
# see ../shared/notes/toolchain.md. Loopback bypasses the dead proxy, so the site under test loads.
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--gaia-url=http://127.0.0.1:9", "--lso-url=http://127.0.0.1:9",
    "--google-apis-url=http://127.0.0.1:9", "--component-updater=url-source=http://127.0.0.1:9",
    "--apps-gallery-update-url=http://127.0.0.1:9", "--proxy-server=http://127.0.0.1:9",
]


def chromium_executable() -> str | None:
    """Path for Playwright's executable_path, or None to use Playwright's own Chromium."""
    override = os.environ.get("CHROMIUM")
    if override:
        return override
    if SYSTEM_CHROMIUM.exists():
        return str(SYSTEM_CHROMIUM)
    cache = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH", Path.home() / ".cache" / "ms-playwright"))
    if any(cache.glob("chromium*")):
        return None
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    pytest.fail(
        "No Chromium for the browser tests. Install Debian's: `sudo apt-get update && sudo apt-get "
        "install -y chromium` (gives /usr/bin/chromium), or Playwright's: `python -m playwright "
        "install chromium`; or set CHROMIUM=/path/to/chromium.",
        pytrace=False,
    )



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
        sys.path.insert(0, str(ROOT))
        import build
        config._site_tmp = tempfile.TemporaryDirectory(prefix="site-")
        os.environ["SITE_DIR"] = str(build.build(dist=Path(config._site_tmp.name) / "dist"))


def pytest_unconfigure(config):
    if hasattr(config, "_site_tmp"):
        os.environ.pop("SITE_DIR", None)
        config._site_tmp.cleanup()
