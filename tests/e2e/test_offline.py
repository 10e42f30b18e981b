"""One build at a time, offline always (issue 42):

- the built page's own module URLs carry the build (`?v=`), and the modules it imports later are
  preloaded with it: a page open when a new build is deployed imports its own build's module,
  not the new one (build.py);
- after the caches are cleared, one visit online brings offline use back (the service worker
  fills its cache again);
- two builds under two paths of one origin (GitHub Pages project sites, forks) keep their own
  caches and Python snapshots, and each works offline.
"""
from __future__ import annotations

import json
import re
import shutil
import time

from tests.browsers.pageutil import PAGE_TIMEOUT_MS, wait_started
from tests.browsers.serve import mount, serve_directory
from tests.corpus import REAL
from tests.e2e.conftest import guarded_context

S9B = next(e for e in REAL if e["name"] == "S9B easiest sudoku")["string"]
B_MARKER = "globalThis.gamesOfBuildB = true;"


def version_of(dist) -> str:
    return re.search(r'const VERSION = "([^"]+)"', (dist / "sw.js").read_text(encoding="utf-8")).group(1)


def precache_of(dist) -> list[str]:
    text = (dist / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, flags=re.S).group(1))


def test_the_page_module_urls_carry_the_build(built_dist):
    version = version_of(built_dist)
    page = (built_dist / "index.html").read_text(encoding="utf-8")
    assert f'<script type="module" src="./app.js?v={version}"></script>' in page
    assert f'<link rel="modulepreload" href="./games.js?v={version}">' in page   # imported later: preloaded
    for module in built_dist.glob("*.js"):
        text = module.read_text(encoding="utf-8")
        bare = re.findall(r"""(?:from|import)\s*\(?\s*["']\./[\w.-]+\.js["']""", text)
        assert not bare, (module.name, bare)
    assert f'import("./games.js?v={version}")' in (built_dist / "app.js").read_text(encoding="utf-8")


def copy_of(dist, to, marker: str = "", version: str = ""):
    """A copy of the built site; `marker` appended to its games.js, `version` its worker's."""
    shutil.copytree(dist, to, symlinks=True)
    if marker:
        games = to / "games.js"
        games.write_text(games.read_text(encoding="utf-8") + "\n" + marker + "\n", encoding="utf-8")
    if version:
        sw = to / "sw.js"
        sw.write_text(sw.read_text(encoding="utf-8").replace(f'"{version_of(dist)}"', f'"{version}"'), encoding="utf-8")
    return to


def test_an_open_page_imports_its_own_builds_modules_after_an_update(browser, site, tmp_path):
    build_a = copy_of(site.dist, tmp_path / "a")
    build_b = copy_of(site.dist, tmp_path / "b", marker=B_MARKER)
    root = tmp_path / "www"
    mount(build_a, root)
    server, origin = serve_directory(root)
    context, guard = guarded_context(browser, site)
    guard.origin = origin
    try:
        page = context.new_page()
        page.goto(f"{origin}/sub/viewer/?bd={S9B}")
        assert wait_started(page) == "ready"
        served = root / "sub" / "viewer"
        # build B deployed in one step (a rename), as a deploy is: the page's snapshot worker may
        # ask for a file at any moment, and must not find the folder gone in between
        staged = root / "sub" / "viewer-b"
        staged.symlink_to(build_b, target_is_directory=True)
        staged.replace(served)
        assert B_MARKER in page.evaluate("fetch('games.js', {cache: 'no-store'}).then((r) => r.text())")
        # the page goes to its start page (Back, say), which imports games.js for its list
        page.evaluate("history.pushState(null, '', location.pathname); dispatchEvent(new PopStateEvent('popstate'))")
        page.wait_for_function("document.querySelector('[data-testid=games] h2') !== null")
        assert page.evaluate("globalThis.gamesOfBuildB") is None   # build A's module, not B's
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    guard.check()


# the service worker's caches of this origin: {name: number of entries}
CACHES = """() => caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('puzzle-viewer-'))
    .map((n) => caches.open(n).then((c) => c.keys()).then((keys) => [n, keys.length])))).then(Object.fromEntries)"""


def wait_for(page, check, what: str):
    deadline = time.monotonic() + PAGE_TIMEOUT_MS / 1000
    while True:
        found = page.evaluate(CACHES)
        if check(found):
            return found
        assert time.monotonic() < deadline, f"{what}: {found}"
        page.wait_for_timeout(250)


def test_offline_comes_back_after_the_caches_are_cleared(browser, site, tmp_path):
    dist = copy_of(site.dist, tmp_path / "dist")
    root = tmp_path / "www"
    mount(dist, root)
    server, origin = serve_directory(root)
    files = len(precache_of(dist))
    context, guard = guarded_context(browser, site, service_workers="allow")
    guard.origin = origin
    url = f"{origin}/sub/viewer/?bd={S9B}"
    try:
        page = context.new_page()
        page.goto(url)
        assert wait_started(page) == "ready"
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        wait_for(page, lambda found: list(found.values()) == [files], "the first visit's precache")
        page.evaluate("caches.keys().then((names) => Promise.all(names.map((n) => caches.delete(n))))")
        page.reload()                               # one visit online
        assert wait_started(page) == "ready"
        wait_for(page, lambda found: list(found.values()) == [files], "the cache filled again")
        server.shutdown()
        server.server_close()
        page.reload()                               # offline
        assert wait_started(page) == "ready"
        assert page.locator("[data-testid=grid] [data-cell]").count() == 81
    finally:
        context.close()
    guard.failed.clear()                            # (nothing failed but the closed server's requests)
    guard.check()


def test_two_builds_on_two_paths_of_one_origin_keep_their_own_caches(browser, site, tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    copy_of(site.dist, root / "a")
    copy_of(site.dist, root / "b", version="b" + version_of(site.dist)[1:])   # another build
    server, origin = serve_directory(root)
    files = len(precache_of(site.dist))
    context, guard = guarded_context(browser, site, service_workers="allow")
    guard.origin = origin
    try:
        page = context.new_page()
        for path in ("a", "b"):
            page.goto(f"{origin}/{path}/?bd={S9B}")
            assert wait_started(page) == "ready"
            page.wait_for_function("navigator.serviceWorker.controller !== null"
                                   " && document.documentElement.dataset.pythonSnapshot === 'stored'")
            wait_for(page, lambda found, path=path: any(n.endswith(f"-/{path}/") and k == files for n, k in found.items()),
                     f"/{path}/'s precache")
        found = page.evaluate(CACHES)
        assert sorted(name[-3:] for name in found) == ["/a/", "/b/"], found   # each kept its own
        snapshots = page.evaluate("caches.open('pyodide-snapshot').then((c) => c.keys()).then((ks) => ks.map((r) => r.url))")
        assert sorted(url.split("/")[3] for url in snapshots) == ["a", "b"], snapshots
        server.shutdown()
        server.server_close()
        for path in ("a", "b"):                     # and each still works offline
            page.goto(f"{origin}/{path}/?bd={S9B}")
            assert wait_started(page) == "ready"
            assert page.locator("[data-testid=grid] [data-cell]").count() == 81
    finally:
        context.close()
    guard.failed.clear()
    guard.check()
