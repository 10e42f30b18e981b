"""Which Chromium the browser tests and benchmarks drive, and the flags that keep it at home.

Debian's /usr/bin/chromium when present (Playwright's own download does not work on the
project's machines), else the Chromium that `python -m playwright install chromium` puts in
Playwright's cache; with neither, a browser test fails with a message saying what to install.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")

# Flags that keep headless Chromium from calling home (update, account and component servers):
# see docs/toolchain.md. Loopback bypasses the dead proxy, so the site under test loads.
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


def launch_options() -> dict:
    """Playwright's `chromium.launch` keywords: the flags above, and the executable when not
    Playwright's own."""
    executable = chromium_executable()
    return {"args": CHROMIUM_FLAGS, **({"executable_path": executable} if executable else {})}
