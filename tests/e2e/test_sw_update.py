"""Issue 9: a new build reaches a visitor whose page runs under the service worker.

The server here is Python's http.server, which, like many static hosts, sends Last-Modified and no
Cache-Control: the browser may then keep a file "heuristically fresh" in its HTTP cache for a tenth
of its age. The files of the first build are dated ten days back, so their copies stay fresh for a
day; a worker that precaches through the HTTP cache fills the new build's cache with the old files.
"""
from __future__ import annotations

import os
import re
import shutil
import time

from tests.browsers.pageutil import PAGE_TIMEOUT_MS, wait_started

from tests.corpus import REAL

S9B = next(e["string"] for e in REAL if e["string"].startswith("S9B"))
MARKER = "/* issue-9 rebuild marker */"
READ_MODULE = "() => fetch('render.js').then((r) => r.text())"
# the service worker's caches (the page also keeps Python's memory snapshot in `pyodide-snapshot`)
CACHE_NAMES = "() => caches.keys().then((names) => names.filter((name) => name.startsWith('puzzle-viewer-')))"


def age_files(directory, days: float) -> None:
    then = time.time() - days * 86400
    for path in directory.rglob("*"):
        if path.is_file():
            os.utime(path, (then, then))


def rebuild_with_changed_module(dist) -> str:
    """What a new build changes: a file's content, and the worker's VERSION (hash of all files)."""
    module = dist / "render.js"
    module.write_text(module.read_text(encoding="utf-8") + "\n" + MARKER + "\n", encoding="utf-8")
    sw = dist / "sw.js"
    text = sw.read_text(encoding="utf-8")
    old = re.search(r'const VERSION = "([^"]+)"', text).group(1)
    new = "rebuilt" + old[7:]
    sw.write_text(text.replace(f'"{old}"', f'"{new}"'), encoding="utf-8")
    return f"puzzle-viewer-{new}-/sub/viewer/"   # (caches are named by the worker's scope too)


def wait_for_caches(page, expected: list[str]) -> list[str]:
    deadline = time.monotonic() + PAGE_TIMEOUT_MS / 1000
    names = page.evaluate(CACHE_NAMES)
    while names != expected and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        names = page.evaluate(CACHE_NAMES)
    return names


def test_a_rebuild_is_served_after_the_next_visit_and_offline_after_that(browser, site, tmp_path):
    from tests.e2e.conftest import mount, serve_directory

    dist = tmp_path / "dist"
    shutil.copytree(site.dist, dist)          # a copy of its own: this test rebuilds it
    age_files(dist, days=10)
    root = tmp_path / "www"
    mount(dist, root)
    server, origin = serve_directory(root)
    # Playwright's request routing (the usual guard) turns the HTTP cache off, which hides the
    # bug: this context watches requests instead of routing them (the browser's proxy flags
    # already send anything not on loopback nowhere).
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    outside = []
    context.on("request", lambda r: r.url.startswith((origin + "/", "data:", "blob:")) or outside.append(r.url))
    url = f"{origin}/sub/viewer/?bd={S9B}"
    try:
        page = context.new_page()
        page.goto(url)
        assert wait_started(page) == "ready"
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=PAGE_TIMEOUT_MS)
        assert MARKER not in page.evaluate(READ_MODULE)
        first_caches = page.evaluate(CACHE_NAMES)
        assert len(first_caches) == 1

        new_cache = rebuild_with_changed_module(dist)
        page.goto(url)                        # the visit that finds the new worker
        assert wait_started(page) == "ready"
        assert wait_for_caches(page, [new_cache]) == [new_cache]   # the old version is gone
        page.goto(url)                        # now under the new worker
        assert wait_started(page) == "ready"
        assert MARKER in page.evaluate(READ_MODULE)

        server.shutdown()
        server.server_close()
        page.goto(url)                        # offline: everything from the new cache
        assert wait_started(page) == "ready"
        assert MARKER in page.evaluate(READ_MODULE)
        assert page.locator("[data-testid=grid] [data-cell]").count() == 81
    finally:
        context.close()
    assert not outside, f"requests outside 127.0.0.1: {outside}"
