#!/usr/bin/env python3
"""How often Chromium's renderer crashes while the page starts: opens the built page N times, one
after another, in one context that has had its first visit (service worker and Python snapshot in
place, as for a returning reader and as in most e2e tests), and counts the starts whose renderer
crashed.

    python -m bench.chromium_start_probe 400            # a warm context, as the e2e tests use
    python -m bench.chromium_start_probe 400 --no-sw    # the same with service workers blocked

Prints a line every 50 starts and, at the end, the crashes with the start each happened at.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
import build
from tests.browsers.chromium import CHROMIUM_FLAGS, chromium_executable
from tests.browsers.serve import SUB_PATH, mount, serve_directory
from tests.browsers.pageutil import wait_started

# The classic puzzle tests/e2e/test_page.py opens.
PUZZLE = ("S9B03epep090607epep01ep04ep03ep02ep08epep02epepepepep07epep07epepepepep09epepepep080703"
          "epepep05epepep01epepep03epep0407ep0501epep09ep05epepep02ep0708epep060201epep04")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("starts", type=int)
    parser.add_argument("--no-sw", action="store_true", help="block service workers")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "www"
        mount(build.build(dist=Path(tmp) / "dist"), root)
        server, origin = serve_directory(root)
        url = origin + SUB_PATH
        crashes = []
        with sync_playwright() as playwright:
            executable = chromium_executable()
            browser = playwright.chromium.launch(
                args=CHROMIUM_FLAGS, **({"executable_path": executable} if executable else {}))
            context = browser.new_context(service_workers="block" if args.no_sw else "allow")
            page = context.new_page()
            page.goto(url)
            wait_started(page)
            page.wait_for_function("document.documentElement.dataset.pythonSnapshot === 'stored'",
                                   timeout=120_000)
            page.close()
            start = time.perf_counter()
            for number in range(1, args.starts + 1):
                page = context.new_page()
                crashed = []
                page.on("crash", lambda _: crashed.append(True))
                try:
                    page.goto(f"{url}?bd={PUZZLE}")
                    wait_started(page)
                except Exception as error:   # a crash surfaces as the next call's error
                    crashes.append((number, bool(crashed), str(error).splitlines()[0]))
                finally:
                    page.close()
                if number % 50 == 0:
                    print(f"{number} starts, {len(crashes)} crashed, "
                          f"{time.perf_counter() - start:.0f} s", flush=True)
            browser.close()
        server.shutdown()
    print(f"{len(crashes)} of {args.starts} starts crashed: {crashes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
