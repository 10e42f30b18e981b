"""End-to-end set-up: the built site served on 127.0.0.1 under a sub-path, and a network guard.

- `site`: builds the site (build.py, into a temporary dist/ so parallel runs never collide; set
  SITE_DIR=dist to test an existing build instead) and serves it with a threaded http.server on a
  free port, under /sub/viewer/ so every URL the page uses must be relative.
- Every page comes from a guarded context: any request that does not go to the test server is
  recorded (the browser's dead proxy, tests/conftest.py, already stops it from leaving), and the test
  fails when one happened, when the site answered 4xx/5xx, or when the page threw an uncaught error.
  The guard records instead of routing because Playwright's routes switch off the HTTP cache.
- `page` comes from one context shared by the session (`warm_context`): its HTTP cache and the
  Python snapshot the first visit stores make every later start a repeat visit (about 1 s, not
  4-8 s from cold), which is most of the suite's time. Tests about first visits, service workers or
  snapshots make contexts of their own with `guarded_context`.
"""
from __future__ import annotations

import http.server
import os
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import build  # the project's build.py
from tests.browsers.pageutil import PAGE_TIMEOUT_MS, wait_started
from tests.browsers.serve import SUB_PATH, mount, serve_directory  # noqa: F401  (tests import SUB_PATH from here)

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Site:
    root: Path          # the directory served at /
    dist: Path          # the built site, at SUB_PATH
    origin: str         # http://127.0.0.1:PORT
    server: http.server.ThreadingHTTPServer

    @property
    def url(self) -> str:
        return self.origin + SUB_PATH


@pytest.fixture(scope="session")
def built_dist(tmp_path_factory) -> Path:
    existing = os.environ.get("SITE_DIR")
    if existing:
        return Path(existing).resolve()
    return build.build(dist=tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def site(built_dist, tmp_path_factory) -> Site:
    root = tmp_path_factory.mktemp("www")
    mount(built_dist, root)
    server, origin = serve_directory(root)
    yield Site(root, built_dist, origin, server)
    server.shutdown()


@dataclass
class Guard:
    """Aborts and records every request that leaves the test server."""
    origin: str
    outside: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def install(self, context) -> None:
        context.on("request", self._record)
        context.on("page", self.watch)

    def _record(self, request) -> None:
        url = request.url
        if not url.startswith((self.origin + "/", "data:", "blob:")):
            self.outside.append(url)

    def reset(self) -> None:
        self.outside.clear()
        self.failed.clear()
        self.errors.clear()

    def watch(self, page) -> None:
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.on("response", lambda r: r.status >= 400 and self.failed.append(f"{r.status} {r.url}"))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        # A renderer crash otherwise surfaces only as the next call's "Target crashed"; this names
        # the page (its URL) that crashed.
        page.on("crash", lambda p: self.errors.append(f"renderer crashed at {p.url}"))

    def check(self) -> None:
        problems = []
        if self.outside:
            problems.append(f"requests outside 127.0.0.1 (aborted): {self.outside}")
        if self.failed:
            problems.append(f"failed responses: {self.failed}")
        if self.errors:
            problems.append(f"uncaught page errors: {self.errors}")
        if problems:
            pytest.fail("; ".join(problems), pytrace=False)


def guarded_context(browser, site: Site, **options):
    """A new browser context with the guard installed; service workers blocked unless asked for."""
    options.setdefault("service_workers", "block")
    context = browser.new_context(**options)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    guard = Guard(site.origin)
    guard.install(context)
    return context, guard


@pytest.fixture(scope="session")
def warm_context(browser, site):
    """A context that has had its first visit: the service worker holds the site (Chromium keeps
    the compiled wasm beside its cache) and Python's snapshot is stored, as for a returning reader."""
    context, guard = guarded_context(browser, site, service_workers="allow")
    page = context.new_page()
    page.goto(site.url)
    assert wait_started(page) == "ready"
    page.wait_for_function("navigator.serviceWorker.controller !== null"
                           " && document.documentElement.dataset.pythonSnapshot === 'stored'")
    page.close()
    guard.check()
    yield context, guard
    context.close()


# the games and the settings (web/settings.js) a test left
FORGET_GAMES = ("() => { for (const key of Object.keys(localStorage))"
                " if (key.startsWith('puzzle-viewer:game:') || key === 'puzzle-viewer:settings'"
                " || key === 'puzzle-viewer:strategies-off')"
                " localStorage.removeItem(key); }")
# A page about to close would save its game again as it goes (app.js saves on pagehide).
STOP_SAVING = "() => { Storage.prototype.setItem = () => {}; }"


def forget_games(pages, origin: str, closing: bool = False) -> None:
    """The games a test played are saved in the shared context (web/saved.js): forgotten, so the
    next test that opens the same puzzle is not offered one; so are the settings it changed. `closing`: the pages close next."""
    pages = [page for page in pages if page.url.startswith(origin)]
    for page in pages if closing else []:
        try:
            page.evaluate(STOP_SAVING)
        except Exception:   # a crashed or closing page saves nothing
            pass
    for page in pages:
        try:
            page.evaluate(FORGET_GAMES)
            return
        except Exception:   # a crashed or closing page: try another
            continue


@pytest.fixture
def context(warm_context):
    """The shared context, its pages closed and its guard checked after each test."""
    context, guard = warm_context
    before = set(context.pages)
    guard.reset()
    yield context
    forget_games([p for p in context.pages if p not in before], guard.origin, closing=True)
    for page in context.pages:
        if page not in before:
            page.close()
    guard.check()


@pytest.fixture
def page(context):
    return context.new_page()


@pytest.fixture(scope="module")
def app(warm_context, site):
    """One started page per test module, for tests that open many puzzles through the paste box
    (Pyodide starts once, not once per puzzle). The guard is checked after every test."""
    context, guard = warm_context
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site.url)
    assert wait_started(page) == "ready"
    yield page, guard
    forget_games([page], guard.origin, closing=True)
    page.close()


@pytest.fixture
def app_page(app):
    page, guard = app
    guard.reset()
    yield page
    forget_games([page], guard.origin)
    guard.check()


@pytest.fixture
def clocked_page(browser, site):
    """A page in a context of its own whose time is Playwright's fake clock, moved on by hand
    (`page.clock.run_for`): the clock's and Undo's tests read exact seconds."""
    context, guard = guarded_context(browser, site, viewport={"width": 1280, "height": 900})
    context.clock.install()
    page = context.new_page()
    yield page
    forget_games([page], site.origin, closing=True)
    context.close()
    guard.check()
