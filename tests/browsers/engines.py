"""One small driver per browser engine, for the cross-engine tests (test_engines.py) and the
start-up benchmark (bench/page_bench.py): Chromium (Playwright), Firefox (npm puppeteer-core over
WebDriver BiDi, Debian's firefox-esr, through firefox_bridge.mjs) and WebKit (Python selenium and
Debian's WebKitWebDriver, under an Xvfb this module starts). See docs/toolchain.md,
"Other browser engines".

Every engine offers the same few calls, each bounded in time (a driver that stops answering is
killed, never waited on): `goto`, `js` (a synchronous expression's JSON value), `wait` (polls an
expression until it is truthy), `click`, `press` (a key to the focused element), `fill`, `url`,
`viewport`, `screenshot`, `problems` (console errors and uncaught exceptions since the last call)
and `close`; `frame` (js, wait, click and fill act inside an <iframe> of the page, cross-origin
ones included, until `frame(None)` or the next `goto`).

What the tests check the same way in every engine, outside the drivers:
- `EngineSite`: the built site served on 127.0.0.1 under /sub/viewer/; it records every 4xx/5xx
  answer and adds one test-only inline script to index.html (`ERROR_HOOK`: console.error, uncaught errors
  and rejected promises into `window.__pageProblems`; WebKit's driver has no console log). A test
  can put host pages of its own beside it (`host`: a blog page embedding the viewer).
- `OutsideRecorder`: a proxy on 127.0.0.1 that refuses and records every request sent to it; Firefox
  and WebKit are configured to send everything but loopback there, so any request that leaves
  127.0.0.1 is seen. Chromium records requests as the rest of the suite does (tests/e2e/conftest.py;
  its launch flags send other hosts to a dead proxy).

ENGINES=firefox,webkit (any of chromium, firefox, webkit; default all three) picks engines; FIREFOX=/path,
WEBKIT_DRIVER=/path override the browsers' paths.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import queue
import re
import shutil

import socketserver
import subprocess
import threading
import time
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
ALL_ENGINES = ("chromium", "firefox", "webkit")
DEFAULT_ENGINES = ALL_ENGINES
CALL_TIMEOUT_S = 90       # one driver call (a navigation under load included)
# WebKit answers a script call only when the page's main thread is free, and WebKitGTK starts
# Python on it (Pyodide's wasm): one call waited 98 s at a load average of 25 on 2 cores.
WEBKIT_CALL_TIMEOUT_S = 180
START_TIMEOUT_S = 120     # starting a browser under load
FIREFOX = Path(os.environ.get("FIREFOX", "/usr/bin/firefox-esr"))
WEBKIT_DRIVER = Path(os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver"))
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")

# Test-only, added to index.html by EngineSite (before the page's own scripts): what went wrong in
# the page, readable by any driver. Console errors keep their text; uncaught errors their place.
ERROR_HOOK = r"""(() => {
  const problems = (window.__pageProblems = []);
  const text = (v) => (v instanceof Error ? `${v.name}: ${v.message}` : typeof v === "string" ? v : (() => {
    try { return JSON.stringify(v); } catch { return String(v); }
  })());
  const original = console.error;
  console.error = function (...args) {
    problems.push("console.error: " + args.map(text).join(" "));
    return original.apply(this, args);
  };
  addEventListener("error", (e) => problems.push(`uncaught: ${e.message} (${e.filename}:${e.lineno})`));
  addEventListener("unhandledrejection", (e) => problems.push("unhandled rejection: " + text(e.reason)));
})();
"""


# A phone-sized viewport where a driver cannot make the window that small (WebKitGTK's MiniBrowser
# stops at ~450 px): the page in a same-origin frame of exactly that size (its CSS viewport).
FRAME_PATH = "/__frame.html"
FRAME_PAGE = """<!doctype html><meta charset="utf-8"><title>frame</title>
<link rel="icon" href="data:,">
<style>html, body { margin: 0; } iframe { border: 0; display: block; }</style>
<iframe id="viewport"></iframe>
<script>
const [width, height] = new URLSearchParams(location.search).get("size").split("x");
const frame = document.getElementById("viewport");
Object.assign(frame.style, { width: width + "px", height: height + "px" });
</script>"""


def hooked_page(index: Path) -> str:
    """index.html with ERROR_HOOK as its first script, inline (so the service worker's copy has it
    offline too) and allowed by its hash in the page's own Content-Security-Policy."""
    digest = base64.b64encode(hashlib.sha256(ERROR_HOOK.encode()).digest()).decode()
    html = index.read_text(encoding="utf-8")
    html = html.replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)
    return html.replace("<title>", f"<script>{ERROR_HOOK}</script>\n  <title>", 1)


class EngineError(RuntimeError):
    pass


def selected_engines() -> list[str]:
    wanted = [name.strip() for name in os.environ.get("ENGINES", ",".join(DEFAULT_ENGINES)).split(",") if name.strip()]
    unknown = set(wanted) - set(ALL_ENGINES)
    if unknown:
        raise EngineError(f"ENGINES: unknown engine(s) {sorted(unknown)}; use {', '.join(ALL_ENGINES)}")
    return wanted


# ---- what every engine is checked against --------------------------------------------------------

class EngineSite:
    """The built `dist` served at http://127.0.0.1:PORT/sub/viewer/, with the error hook added to
    index.html and every 4xx/5xx answer recorded. `stop()` takes it off the air (offline tests)."""

    def __init__(self, dist: Path, sub_path: str = "/sub/viewer/"):
        self.dist, self.sub_path = Path(dist), sub_path
        self.failed: list[str] = []
        self.hosted: dict[str, str] = {}   # path -> HTML: host pages a test put up (`host`)
        site = self

        import build  # the project's build.py (tests put the root on sys.path)

        class Handler(build.QuietHandler):
            def translate_path(self, path):
                path = path.split("?", 1)[0]
                if path.startswith(site.sub_path):
                    return super().translate_path("/" + path[len(site.sub_path):])
                return super().translate_path("/__nothing_here__")

            def log_request(self, code="-", size="-"):
                if str(code).isdigit() and int(code) >= 400:
                    site.failed.append(f"{int(code)} {self.path}")

            def do_GET(self):
                path = self.path.split("?", 1)[0]
                if path == FRAME_PATH:
                    return self.send_text(FRAME_PAGE, "text/html")
                if path in site.hosted:
                    return self.send_text(site.hosted[path], "text/html")
                if path in (site.sub_path, site.sub_path + "index.html"):
                    return self.send_text(hooked_page(site.dist / "index.html"), "text/html")
                return super().do_GET()

            def send_text(self, text: str, kind: str):
                data = text.encode()
                self.send_response(200)
                self.send_header("Content-Type", f"{kind}; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                self.wfile.write(data)

        self.server = build.QuietServer(("127.0.0.1", 0), partial(Handler, directory=str(self.dist)))
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + sub_path

    def host(self, name: str, html: str) -> str:
        """Serves `html` at /NAME on this site's origin (beside, not under, the viewer, as a blog
        page embedding it would be); returns its URL."""
        self.hosted["/" + name] = html
        return f"{self.origin}/{name}"

    def stop(self) -> None:
        if self.server.fileno() != -1:
            self.server.shutdown()
            self.server.server_close()


class _RefuseAndRecord(socketserver.StreamRequestHandler):
    def handle(self):
        self.request.settimeout(5)
        try:
            line = self.rfile.readline(4096).decode("latin-1").strip()
        except OSError:
            line = "(no request line)"
        self.server.recorded.append(line)
        try:
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        except OSError:
            pass


class OutsideRecorder:
    """A proxy on 127.0.0.1 that refuses every request and records its first line
    ("GET http://host/…", "CONNECT host:443 …"): the browsers send it all but loopback."""

    def __init__(self):
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _RefuseAndRecord)
        self.server.daemon_threads = True
        self.server.recorded = []
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def take(self) -> list[str]:
        recorded = list(self.server.recorded)
        self.server.recorded.clear()
        return recorded

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# ---- the drivers -----------------------------------------------------------------------------------

class Engine:
    name = "?"

    def wait(self, expression: str, timeout: float = 60, interval: float = 0.1):
        """Polls `expression` until it is truthy; returns its value (fails after `timeout` s)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise EngineError(f"{self.name}: still false after {timeout:.0f} s: {expression}")
            time.sleep(interval)

    def page_problems(self) -> list[str]:
        return self.js("window.__pageProblems ? window.__pageProblems.splice(0) : []") or []


class ChromiumEngine(Engine):
    """Playwright's Chromium (the suite's usual browser) in a context of its own, recording every
    request outside the test server (a route would switch off the HTTP cache)."""
    name = "chromium"

    def __init__(self, browser, site: EngineSite):
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
        self.context.set_default_timeout(CALL_TIMEOUT_S * 1000)
        self.context.set_default_navigation_timeout(CALL_TIMEOUT_S * 1000)
        self.outside: list[str] = []
        self.native: list[str] = []
        self.context.on("request", self._record)
        self.page = self.context.new_page()
        self.target = self.page   # the page, or one of its frames (`frame`)
        self.page.on("console", lambda m: m.type == "error" and self.native.append(f"console.error: {m.text}"))
        self.page.on("pageerror", lambda e: self.native.append(f"uncaught: {e}"))
        self.origin = site.origin

    def _record(self, request):
        if not request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            self.outside.append(request.url)

    def goto(self, url):
        self.target = self.page
        self.page.goto(url)

    def frame(self, selector):
        self.target = self.page.wait_for_selector(selector).content_frame() if selector else self.page

    def js(self, expression): return self.target.evaluate(expression)
    def click(self, selector): self.target.click(selector)
    def press(self, key): self.page.keyboard.press(key)
    def fill(self, selector, text): self.target.fill(selector, text)
    def url(self): return self.target.url
    def viewport(self, width, height): self.page.set_viewport_size({"width": width, "height": height})
    def screenshot(self, path):
        self.page.screenshot(path=str(path))

    def problems(self):
        found, self.native = self.native, []
        return found + [p for p in self.page_problems() if p not in found]

    def take_outside(self):
        found, self.outside = self.outside, []
        return found

    def close(self):
        self.context.close()


class FirefoxEngine(Engine):
    """Firefox ESR driven by firefox_bridge.mjs (Node, puppeteer-core): one JSON line per call."""
    name = "firefox"

    def __init__(self, proxy_port: int, log: Path):
        self.log = open(log, "ab")
        self.process = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.mjs"),
             json.dumps({"proxyPort": proxy_port, "executablePath": str(FIREFOX), "timeoutMs": CALL_TIMEOUT_S * 1000})],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, cwd=ROOT, start_new_session=True)
        self.answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0
        self.firefox_pid = None
        started = self._answer(0, START_TIMEOUT_S)
        self.version, self.firefox_pid = started["version"], started["pid"]

    def _read(self):
        for line in self.process.stdout:
            try:
                self.answers.put(json.loads(line))
            except ValueError:
                continue
        self.answers.put(None)  # the bridge has gone

    def _answer(self, wanted: int, timeout: float):
        deadline = time.monotonic() + timeout
        while True:
            try:
                reply = self.answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.kill()
                raise EngineError(f"firefox: no answer within {timeout:.0f} s (bridge killed); see {self.log.name}")
            if reply is None:
                raise EngineError(f"firefox: the bridge exited; see {self.log.name}")
            if reply["id"] == wanted:
                if not reply["ok"]:
                    raise EngineError(f"firefox: {reply['error']}")
                return reply["value"]

    def call(self, op: str, timeout: float = CALL_TIMEOUT_S + 10, **args):
        if self.process.poll() is not None:
            raise EngineError(f"firefox: the bridge has exited; see {self.log.name}")
        self.next_id += 1
        self.process.stdin.write((json.dumps({"id": self.next_id, "op": op, "args": args}) + "\n").encode())
        self.process.stdin.flush()
        return self._answer(self.next_id, timeout)

    def goto(self, url): self.call("goto", url=url)
    def frame(self, selector): self.call("frame", selector=selector)
    def js(self, expression): return self.call("js", expression=expression)
    def click(self, selector): self.call("click", selector=selector)
    def press(self, key): self.call("press", key=key)
    def fill(self, selector, text): self.call("fill", selector=selector, text=text)
    def url(self): return self.call("url")
    def viewport(self, width, height): self.call("viewport", width=width, height=height)
    def screenshot(self, path):
        self.call("screenshot", path=str(path))

    def problems(self):
        native = self.call("problems")
        return native + [p for p in self.page_problems() if p not in native]

    def close(self):
        """Asks the bridge to close Firefox and waits for it to exit; kills whatever is left."""
        try:
            self.process.stdin.write(b'{"id": -1, "op": "close"}\n')
            self.process.stdin.flush()
            self.process.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()
        self.log.close()

    def kill(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, 9)  # node
        if self.firefox_pid:  # Firefox has a process group of its own (its content processes)
            try:
                os.killpg(self.firefox_pid, 9)
            except (ProcessLookupError, PermissionError):
                pass


def start_xvfb(log) -> tuple[subprocess.Popen, str]:
    """An X server of our own (WebKitWebDriver hangs without one); returns it and its DISPLAY.
    A random free display number, retried: parallel runs must not race for the same one."""
    import random
    for _ in range(8):
        number = random.randrange(100, 60000)
        if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
            continue
        xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                                stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 30
        while xvfb.poll() is None and time.monotonic() < deadline:
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                time.sleep(0.2)
                if xvfb.poll() is None:
                    return xvfb, f":{number}"
            time.sleep(0.1)
        stop_process(xvfb)
    raise EngineError("webkit: Xvfb did not start (8 tries)")


def stop_process(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()  # lets Xvfb remove its socket and lock
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


class WebKitEngine(Engine):
    """WebKitGTK's MiniBrowser via Python selenium and Debian's WebKitWebDriver, on our own Xvfb.
    The driver has no console log (the page-side hook has the errors); requests to anything but
    loopback go to the recording proxy (the `proxy` capability with noProxy)."""
    name = "webkit"

    def __init__(self, proxy_port: int, log: Path):
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb_log = open(log.with_suffix(".xvfb.log"), "ab")
        options = Options()
        if MINIBROWSER.exists():
            options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        here = f"127.0.0.1:{proxy_port}"
        options.proxy = Proxy({"proxyType": "manual", "httpProxy": here, "sslProxy": here,
                               "noProxy": ["127.0.0.1", "localhost"]})
        self.driver = None
        self.frame_size = None  # (width, height) while the page runs in FRAME_PAGE's frame
        # Now and then, under load, WebKitWebDriver drops the new-session call (seen twice in full
        # suite runs and once, on both tries, in a run of one test in the three engines; each time
        # after other browsers had run, never alone): more starts, each on a fresh X server,
        # before giving up.
        for attempt in (1, 2, 3):
            self.xvfb, display = start_xvfb(self.xvfb_log)
            self.service = Service(str(WEBKIT_DRIVER), log_output=str(log), env={**os.environ, "DISPLAY": display})
            started: list = []
            failed: list = []

            def start():
                try:
                    started.append(self._start(webdriver, options, self.service))
                except Exception as error:  # noqa: BLE001 - reported below, with the attempt
                    failed.append(error)
            # Session creation can hang (no X server, a stuck browser): bounded by a thread.
            thread = threading.Thread(target=start, daemon=True)
            thread.start()
            thread.join(START_TIMEOUT_S)
            if started:
                break
            self.kill(close_log=False)
            if attempt == 3:
                self.xvfb_log.close()
                why = f"{type(failed[0]).__name__}: {failed[0]}" if failed else f"no session within {START_TIMEOUT_S} s"
                raise EngineError(f"webkit: {why} (3 tries); see {log}")
        self.driver = started[0]
        self.driver.set_page_load_timeout(CALL_TIMEOUT_S)
        self.driver.set_script_timeout(CALL_TIMEOUT_S)
        self.version = self.driver.capabilities.get("browserVersion", "?")

    @staticmethod
    def _start(webdriver, options, service):
        driver = webdriver.WebKitGTK(options=options, service=service)
        driver.command_executor._client_config.timeout = WEBKIT_CALL_TIMEOUT_S  # every HTTP call to the driver
        return driver

    def goto(self, url):
        if self.frame_size:
            self._load_in_frame(url)
        else:
            self.driver.get(url)

    def frame(self, selector):
        """Into an <iframe> of the page (not with the phone frame, which is one already)."""
        from selenium.webdriver.common.by import By
        if self.frame_size:
            raise EngineError("webkit: frame() at a phone size (the page is in a frame already)")
        self.driver.switch_to.default_content()
        if selector:
            self.wait(f"document.querySelector({json.dumps(selector)})", CALL_TIMEOUT_S)
            self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR, selector))

    def js(self, expression):
        return self.driver.execute_script(f"return ({expression});")

    def click(self, selector):
        from selenium.webdriver.common.by import By
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        named = {"Backspace": Keys.BACKSPACE, "Escape": Keys.ESCAPE, "Enter": Keys.ENTER,
                 "ArrowRight": Keys.ARROW_RIGHT, "ArrowLeft": Keys.ARROW_LEFT,
                 "ArrowUp": Keys.ARROW_UP, "ArrowDown": Keys.ARROW_DOWN}
        ActionChains(self.driver).send_keys(named.get(key, key)).perform()

    def fill(self, selector, text):
        from selenium.webdriver.common.by import By
        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(text)

    def url(self): return self.js("location.href")

    def viewport(self, width, height):
        url, framed = self.url(), self.frame_size
        if framed == (width, height):
            return
        if framed:
            self.driver.switch_to.default_content()
            self.frame_size = None
        if self._window(width, height) == width:
            if framed:
                self.driver.get(url)
            return
        # MiniBrowser's window stops short of phone widths: the page goes into a frame that size
        self._window(max(width, 800), height)
        origin = "/".join(url.split("/", 3)[:3])
        self.driver.get(f"{origin}{FRAME_PATH}?size={width}x{height}")
        self.frame_size = (width, height)
        self._load_in_frame(url)

    def _window(self, width, height) -> int:
        """Sizes the window so that the page's viewport is width x height, measuring what the
        window's frame takes rather than assuming it; returns the viewport width got (less than
        asked only where MiniBrowser's window stops short of phone widths)."""
        window = [width, height]
        for _ in range(4):
            self.driver.set_window_size(*window)
            inner = self._settled_viewport()
            if inner == [width, height]:
                break
            wanted = [max(side, size + side - got) for side, size, got in zip((width, height), window, inner)]
            if wanted == window:
                break   # as close as the window gets
            window = wanted
        return self.js("innerWidth")

    def _settled_viewport(self):
        """The viewport's size once a window resize has taken. WebKitGTK reports the old size for
        a moment: once 800 wide just after a resize to 844, which then sized the window 44 px too
        wide (and before, a stale 2 x 390 that asked for a negative height). So it is read until
        three readings 50 ms apart agree (at most 3 s); `_window` corrects what is still off."""
        deadline = time.monotonic() + 3
        readings = []
        while True:
            readings.append(self.js("[innerWidth, innerHeight]"))
            if readings[-3:] == [readings[-1]] * 3 or time.monotonic() > deadline:
                return readings[-1]
            time.sleep(0.05)

    def _load_in_frame(self, url):
        self.driver.switch_to.default_content()
        self.driver.execute_script("document.getElementById('viewport').src = arguments[0]", url)
        self._enter_frame()
        self.wait(f"location.href === {json.dumps(url)} && document.readyState === 'complete'", CALL_TIMEOUT_S)

    def _enter_frame(self):
        from selenium.webdriver.common.by import By
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "viewport"))

    def screenshot(self, path):
        """In the phone frame, the window's picture cut to the frame (at the window's top left):
        WebKitGTK's own screenshots of a frame come out shifted (element) or of the frame's first
        paint (window, taken from inside the frame)."""
        if not self.frame_size:
            self.driver.save_screenshot(str(path))
            return
        from tests.browsers.imageutil import png_crop
        self.driver.switch_to.default_content()
        try:
            self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "requestAnimationFrame(() => requestAnimationFrame(() => done(0)));")
            Path(path).write_bytes(png_crop(self.driver.get_screenshot_as_png(), *self.frame_size))
        finally:
            self._enter_frame()

    def problems(self): return self.page_problems()

    def close(self):
        try:
            if self.driver:
                done = threading.Thread(target=self.driver.quit, daemon=True)
                done.start()
                done.join(30)
        finally:
            self.kill()

    def kill(self, close_log: bool = True):
        try:
            if self.service.process and self.service.process.poll() is None:
                self.service.process.kill()
        except Exception:  # noqa: BLE001 - tearing down whatever is left
            pass
        stop_process(self.xvfb)
        if close_log:
            self.xvfb_log.close()


FIREFOX_MIN = 153


def firefox_major() -> int | None:
    """Firefox's major version ("Mozilla Firefox 153.7.0esr"), or None when it cannot say."""
    try:
        out = subprocess.run([str(FIREFOX), "--version"], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"(\d+)\.\d", out)
    return int(found.group(1)) if found else None


def missing(name: str) -> str | None:
    """What to install for engine `name`, or None when it is there."""
    if name == "firefox":
        if not FIREFOX.exists():
            return "Firefox: `apt-get install -y firefox-esr` (or FIREFOX=/path/to/firefox)"
        if not (ROOT / "node_modules" / "puppeteer-core").exists():
            return "Firefox's driver: `npm ci` (puppeteer-core from package-lock.json)"
        if not shutil.which("node"):
            return "Firefox's driver: Node.js 20+"
        version = firefox_major()
        if version is not None and version < FIREFOX_MIN:
            # ESR 140 has no emulation.setScreenOrientationOverride, which puppeteer-core's
            # setViewport sends: every test resizing the window failed with "unknown command".
            return (f"Firefox ESR {FIREFOX_MIN}+ (this is {version}): Debian 12's security updates "
                    "carry it (`apt-get update && apt-get install -y firefox-esr`)")
    if name == "webkit":
        if not WEBKIT_DRIVER.exists() or not shutil.which("Xvfb"):
            return "WebKit: `apt-get install -y webkit2gtk-driver xvfb xauth`"
        try:
            import selenium  # noqa: F401
        except ImportError:
            return "WebKit's driver: `.ci/venv requirements-test.txt` (selenium)"
    return None


