"""Install and deploy: the web app manifest has what phones need to install the page (name,
start_url, scope, display, PNG icons 192 and 512 plus a maskable one, and the SVG), every icon is
served with its type and real size, Chromium reads the manifest without errors and finds the page
installable; the GitHub Pages workflow builds dist/ and deploys it."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from tests.e2e.conftest import guarded_context
from tests.browsers.imageutil import png_size
from tests.browsers.pageutil import wait_started

ROOT = Path(__file__).resolve().parents[2]


def fetch(url: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read(), response.headers.get_content_type()


def test_manifest_fields_and_icons_are_served(site):
    body, kind = fetch(site.url + "manifest.webmanifest")
    assert kind == "application/manifest+json"
    manifest = json.loads(body)
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"  # relative: any sub-path
    assert manifest["display"] == "standalone"
    pngs = {}
    for icon in manifest["icons"]:
        data, served = fetch(site.url + icon["src"])
        assert served == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}", icon
            pngs.setdefault(icon.get("purpose", "any"), set()).add(width)
        else:
            assert icon["type"] == "image/svg+xml" and icon["sizes"] == "any" and b"<svg" in data
    assert {192, 512} <= pngs["any"] and 512 in pngs["maskable"]
    page, _ = fetch(site.url)
    assert b'rel="manifest" href="./manifest.webmanifest"' in page and b'rel="apple-touch-icon"' in page


def test_chromium_finds_the_page_installable(browser, site):
    context, guard = guarded_context(browser, site, service_workers="allow")
    page = context.new_page()
    page.goto(site.url)
    assert wait_started(page) == "ready"
    page.evaluate("navigator.serviceWorker.ready")  # the offline worker is part of installing
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == site.url + "manifest.webmanifest"
    assert [e for e in manifest["errors"] if e.get("critical")] == [], manifest["errors"]
    # Playwright's contexts are incognito profiles, which never install apps; nothing else may stand in the way
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert [e for e in errors if e != "in-incognito"] == [], errors
    context.close()
    guard.check()


def test_pages_workflow_builds_and_deploys_dist():
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    for needed in ("pages: write", "id-token: write", "python build.py", "actions/upload-pages-artifact@",
                   "path: dist", "actions/deploy-pages@", "branches: [main]", "workflow_dispatch"):
        assert needed in workflow, needed
    # (the README points to docs/using.md for publishing)
    using = (ROOT / "docs" / "using.md").read_text(encoding="utf-8")
    assert "## Deploying to GitHub Pages" in using and "GitHub Actions" in using
    assert "docs/using.md" in (ROOT / "README.md").read_text(encoding="utf-8")
