#!/usr/bin/env python3
"""Builds the static site into dist/ (and optionally serves it).

    python build.py            # build dist/
    python build.py --serve    # build, then serve dist/ on http://127.0.0.1:PORT/ and print the URL

Steps:
1. the pycore wheel (py3-none-any) with the standard PEP 517 build, `python -m build --wheel
   --no-isolation` (its setuptools and wheel from requirements-build.lock, hash-checked),
   plus bytecode for the browser's Python 3.14 compiled by Pyodide under Node (so the page does
   not compile pycore at every start);
   then the page tour (every page call once under Node's Pyodide, issue 46) decides what the page
   gets: a standard library zip of only the modules its Python loads to start, the wheel as
   bytecode of only the modules it runs to start, and beside it the later archive
   (<wheel>.later.zip: the modules, pycore's and standard ones, it runs only once usable);
2. `npm ci` from the committed package-lock.json (pyodide and @pyscript/core, exact versions),
   skipped when node_modules already holds exactly those versions;
3. dist/: the page (web/), the wheel, the five Pyodide runtime files the browser needs (the
   standard library and the lock file trimmed), the
   PyScript modules the page loads, pyscript.json (local interpreter, the wheel under `files`,
   unused plugins off) and sw.js with a precache list of all of it.

PyScript runs the page's Python (web/main.py, the bridge to pycore.api) on the local Pyodide;
BENCHMARKS.md ('## Page start-up') measures what it adds over a bare loadPyodide().

Everything the page loads is referenced by a relative URL, so dist/ works under any sub-path.
Nothing is fetched from a CDN at run time.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"

# The exact npm versions the page is built and tested with (package.json pins them too).
NPM_VERSIONS = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}

# The only Pyodide files a browser fetches: the loader, the Emscripten module, the WebAssembly
# binary, the standard library and the lock file that loadPyodide() reads at start.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# PyScript's dist/ holds editors, terminals, games and MicroPython support the page never uses.
# The page needs core.js, what it imports statically, and the lazily imported `error` plugin
# (it shows Python errors); the other plugins are switched off with "!name" in the page's
# <mpy-config> and web/pyscript.json. The wheel under `files` is unpacked by PyScript itself.
PYSCRIPT_LAZY_CHUNKS = ("error",)

# Every file of web/ ships (modules, icons), except the two build.py writes itself and the
# stylesheet it inlines into index.html.
WEB_WRITTEN = ("sw.js", "pyscript.json", "style.css")
# A stylesheet <link> blocks the first paint until it arrives: one more round trip (150 ms on a
# phone line) before the grid's outline shows. Inline, it costs ~5 kB of compressed HTML.
STYLESHEET_LINK = '<link rel="stylesheet" href="./style.css">'


def web_files() -> list[str]:
    """The page's own files (web/README.md is for people reading the source, not the site)."""
    return sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*")
                  if p.is_file() and p.name not in WEB_WRITTEN and p.name != "README.md"
                  and not p.name.startswith("."))


def inline_style(page: str) -> str:
    """index.html with web/style.css in a <style> element in place of its <link>."""
    if STYLESHEET_LINK not in page:
        raise SystemExit("build: web/index.html lost its stylesheet link (inlined at build time)")
    css = (WEB / "style.css").read_text(encoding="utf-8")
    return page.replace(STYLESHEET_LINK, f"<style>\n{css}</style>")


def csp_hash(body: str) -> str:
    """A Content-Security-Policy source allowing exactly this inline script or style."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(body.encode('utf-8')).digest()).decode()}'"


def inline_style_hashes(page: str) -> str:
    """CSP sources for the page's <style> elements, so style-src needs no 'unsafe-inline'."""
    return " ".join(csp_hash(body) for body in re.findall(r"<style>(.*?)</style>", page, flags=re.S))


def inline_script_hashes(page: str) -> str:
    """CSP sources for the page's inline <script>s (the ones a browser runs: no src, JavaScript
    type), so the Content-Security-Policy meta tag needs no 'unsafe-inline'."""
    hashes = []
    for attrs, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", page, flags=re.S):
        if "src=" in attrs or re.search(r"type=\"(?!module\"|text/javascript\")", attrs):
            continue
        hashes.append(csp_hash(body))
    return " ".join(hashes)


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def run(cmd: list[str], **kwargs) -> None:
    log(" ".join(cmd))
    subprocess.run(cmd, check=True, cwd=ROOT, **kwargs)


def build_wheel(out_dir: Path) -> Path:
    """`python -m build --wheel`: for a pure-Python package this is the same py3-none-any wheel
    that `pyodide build` would make, without its cross-build environment download."""
    # run from out_dir: from the repository root, `-m build` would find this file, not PyPI's build.
    # No isolation: the backend (setuptools, wheel) is the one installed here from
    # requirements-build.lock, hash-checked, not whatever the index serves at build time.
    log(f"python -m build --wheel --no-isolation --outdir {out_dir} {ROOT}")
    result = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out_dir),
                             str(ROOT)], cwd=out_dir, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit("build: the wheel build failed (output above)")
    wheels = sorted(out_dir.glob("pycore-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"build: expected one py3-none-any wheel, found {[w.name for w in out_dir.iterdir()]}")
    return wheels[0]


# The code object with a line table that puts every instruction on its function's first line (one
# "no columns" entry, kind 13, line delta 0, per 8 code units at most), in the Python both scripts
# below run: the page's wheel and standard library are compiled with it.
FIRST_LINE = r"""CODE = type(compile("", "", "exec"))
def first_line(code):
    units, table = len(code.co_code) // 2, bytearray()
    while units > 0:
        n = min(units, 8)
        table += bytes((0x80 | 13 << 3 | n - 1, 0))
        units -= n
    consts = tuple(first_line(c) if isinstance(c, CODE) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)"""


# Run by Node with the npm Pyodide (the browser's Python, 3.14): compiles the wheel's modules to
# unchecked-hash .pyc files (valid without checking the source's mtime) and prints them as JSON.
# For the page's wheel only: compiled as `python -OO` would (pycore has no asserts and reads no
# docstring) and with one line per function (SLIM_SCRIPT's line table): 30% fewer bytes to
# download; the page's errors name the call and the exception, never a line (web/main.py).
BYTECODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const [pyodideDir, wheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: "/tmp/wheel" });
process.stdout.write(pyodide.runPython(`
import base64, importlib._bootstrap_external as bootstrap, importlib.util, json, os, sys
@FIRST_LINE@
ok = True
for folder, _, files in list(os.walk("/tmp/wheel")):
    for name in files:
        if name.endswith(".py"):
            source = open(os.path.join(folder, name), "rb").read()
            try:
                code = first_line(compile(source, os.path.join(folder, name), "exec", dont_inherit=True, optimize=2))
            except SyntaxError:
                ok = False
                continue
            os.makedirs(os.path.join(folder, "__pycache__"), exist_ok=True)
            with open(os.path.join(folder, "__pycache__", name[:-3] + ".cpython-314.pyc"), "wb") as pyc:
                pyc.write(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), False))
out = {}
for folder, _, files in os.walk("/tmp/wheel"):
    for name in files:
        if name.endswith(".pyc"):
            full = os.path.join(folder, name)
            out[os.path.relpath(full, "/tmp/wheel")] = base64.b64encode(open(full, "rb").read()).decode()
json.dumps({"ok": bool(ok), "python": list(sys.version_info[:3]), "pyc": out})
`));
"""


def add_browser_bytecode(wheel: Path) -> None:
    """Adds pycore's bytecode for the browser's Python (cpython-314 .pyc, compiled by Pyodide under
    Node) to the wheel: the page then imports pycore ~40 ms faster, with nothing compiled at start.
    CPython 3.11-3.13 ignore these files (their names carry the 314 tag)."""
    node = shutil.which("node")
    if node is None:
        log("node not found: the wheel ships without browser bytecode (the page compiles pycore at start)")
        return
    script = wheel.parent / "bytecode.mjs"
    script.write_text(BYTECODE_SCRIPT.replace("@FIRST_LINE@", FIRST_LINE), encoding="utf-8")
    result = subprocess.run([node, str(script), str(NODE_MODULES / "pyodide"), str(wheel)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit("build: compiling pycore with Pyodide under Node failed (output above)")
    found = json.loads(result.stdout)
    if not found["ok"] or not found["pyc"]:
        raise SystemExit("build: Pyodide could not compile every pycore module")
    pycs = {name: base64.b64decode(data) for name, data in sorted(found["pyc"].items())}
    rewritten = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as new:
        record_name = next(n for n in old.namelist() if n.endswith(".dist-info/RECORD"))
        for info in old.infolist():
            if info.filename != record_name:
                new.writestr(info, old.read(info))
        record = old.read(record_name).decode().rstrip("\n").split("\n")
        for name, data in pycs.items():
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            new.writestr(name, data)
            record.insert(-1, f"{name},sha256={digest},{len(data)}")  # RECORD's own line stays last
        new.writestr(record_name, "\n".join(record) + "\n")
    rewritten.replace(wheel)
    log(f"added {len(pycs)} .pyc files for Python {'.'.join(map(str, found['python']))} (the browser's) to {wheel.name}")


# ---- the standard library the page imports (issue 46) --------------------------------------------
# Pyodide's python_stdlib.zip is the whole standard library (2.5 MB compressed); the page imports
# about a fifth of it. PAGE_TOUR runs the page's Python under the npm Pyodide in Node as the page
# does (the wheel unpacked where PyScript unpacks it, web/main.py run with a stand-in
# pycoreRegister, the kernel prepared) and then makes every page call (pycore.api.PAGE_CALLS) once
# on a few puzzles; it also imports every standard module pycore or PyScript names anywhere (a
# function-level import, a branch the tour misses). What is in sys.modules then is what the
# page's Python can ever need from the zip. tests/build_site/test_trimmed_stdlib.py runs the tour
# again under the trimmed zip.
PAGE_TOUR_RUNNER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const [pyodideDir, wheel, mainPy, tour, extra, names, stdlib, later] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const options = { indexURL: pyodideDir + path.sep };
if (stdlib) options.stdLibURL = stdlib;
const pyodide = await loadPyodide(options);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: pyodide.FS.cwd() });
if (later) pyodide.unpackArchive(new Uint8Array(readFileSync(later)), "zip", { extractDir: pyodide.FS.cwd() });
let registered = null;
globalThis.pycoreRegister = (call, info) => { registered = info; };
let out;
try {
  await pyodide.runPythonAsync(readFileSync(mainPy, "utf8"));
  if (registered === null) throw new Error("web/main.py did not register the bridge");
  pyodide.globals.set("extra_json", extra);
  pyodide.globals.set("stdlib_json", names);
  pyodide.globals.set("whole_wheel", Boolean(stdlib));
  out = await pyodide.runPythonAsync(readFileSync(tour, "utf8"));
} catch (error) {
  out = JSON.stringify({ error: String(error?.message ?? error) });
}
process.stdout.write(out);
process.exit(0);
"""

PAGE_TOUR = r"""
# Every page call once (pycore.api.PAGE_CALLS, in their order), with arguments found by parameter
# name, on puzzles of several kinds; under the page's own wheel (whole_wheel), every module in it;
# then the standard modules named in extra_json and in the loaded pycore modules' code. An
# ImportError anywhere is the answer (failures); other errors are the calls' own business.
import asyncio, dis, importlib, inspect, json, marshal, sys
from pycore import api

# the start page's examples (web/index.html): every format the page reads
PUZZLES = [
    "bd=S9B03epep090607epep01ep04ep03ep02ep08epep02epepepepep07epep07epepepepep09epepepep080703epepep05epepep01epepep03epep0407ep0501epep09ep05epepep02ep0708epep060201epep04",
    "bd=03c848csc4cs1121g10hg005481020024881c8112002c0g1040h485848g0210h4481140350200gs403c4k81448050281k0091120k00gc80h4811s4cck80320g1c810c820020hc805210503cos0cok8s811",
    "bd=L9B0jdd00ep1jpt1ez50du900ep1g5n08b500ep00ep00ep1ez509w11mvl1ez53bpt2tjl2tjl1rm92zgx00ep00ep31g10g7l1t752tjl0ikx1ez505xt1rm92tjl2tjl00ep1ez51ez500ep1ez500ep1ez54nwx484100ep31g11ez500ep0ff51jbj05xt00ep484100ep2tjl4hld00ep00ep3ci92tjl1qtt2wpd2tjl04cx48411no100ep2tjl2tjl1ez54hld484100ep3dap1ez500ep2tjl0aoh00ep00ep2tjl2tjl2tjl1ez5",
    "bd=K6C02ff00cr5oaz01jf5r2j00uj5nijb9l75mmj00cr5mmj005n5mmjb8p7b8ln00235mbvbbkb5mbvgvgrgv63guvfb8lnb8wb018r005n5o3v5mmj5mbv00qz0023bfpnb8wbb8ln0023005n",
    "shape=33&bd=000004026000010000010008004500000900009000400002000008900300040000020000720600000&jigmap=111112222133312224133315224336665444736665544788865544777865999788865999777885999",
]
START_IMPORTS = @START_IMPORTS@
failures = []
def imported(code):
    # the top-level names of every import in a module's code, at any depth (functions, classes)
    names = {i.argval.split(".")[0] for i in dis.get_instructions(code) if i.opname == "IMPORT_NAME"}
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            names |= imported(const)
    return names

def module_code(file):
    # a module's code from its source (the full wheel) or its sourceless bytecode (the page's)
    with open(file, "rb") as handle:
        data = handle.read()
    return marshal.loads(data[16:]) if file.endswith(".pyc") else compile(data, file, "exec")

def missing(error):
    failures.append(f"{type(error).__name__}: {error}")

def solved(text):
    started = api.solve_start(text)
    if "id" not in started:
        return None
    while True:
        step = api.solve_step(started["id"], 100000)
        if step.get("done"):
            return step.get("solution")

def arguments(name, function, text, progress, solution):
    options = api.PAGE_CALLS["generate_options"]() if "generate_options" in api.PAGE_CALLS else {}
    empty = next((i for i, p in enumerate(progress) if not p or not p.strip("0.")), 0)
    values = {
        "text": text, "progress": progress, "solution": solution, "cell": empty,
        "digit": (solution or [1] * (empty + 1))[empty], "history": [progress, progress],
        "max_nodes": 100000, "max_seconds": 0.5, "count": 1, "gave_up": False, "fmt": None,
        "kind_hint": None, "message": "unknown header", "seconds": 5.0,
        "kind": (options.get("kinds") or [{"kind": "S"}])[0]["kind"],
        "size": min((options.get("kinds") or [{"sizes": [4]}])[0]["sizes"]), "grade": None,
    }
    if "solver_id" in inspect.signature(function).parameters:
        values["solver_id"] = api.solve_start(text).get("id", 0)
    if "path_id" in inspect.signature(function).parameters:
        values["path_id"] = api.path_start(text, progress, solution).get("id", 0)
    if "draft" in inspect.signature(function).parameters and "setter_open" in api.PAGE_CALLS:
        drafts = (api.PAGE_CALLS["setter_open"](f"set={k['kind']}&size={min(k['sizes'])}")
                  for k in options.get("kinds", []))
        values["draft"] = next((d["draft"] for d in drafts if "draft" in d), {})
    return [values.get(p, None) for p in inspect.signature(function).parameters]

async def tour():
    from pycore.solve.kernel import prepare
    await prepare()
    # what the page has loaded once it is usable (web/app.js opens the link and shows it; PyScript's
    # own Python imports START_IMPORTS as it starts): the start, the rest comes later (page_python)
    solutions = {}
    for text in PUZZLES:
        view = api.open_view("?" + text)
        progress = api.decode_view(text).get("progress") or []
        api.play_view(text, progress)
        # Solve and Check are first clicks too: they must not wait for the later archive (a
        # synchronous fetch of it, which WebKit under load could hang on)
        solution = solutions[text] = solved(text)
        if solution:
            api.check_view(text, progress, solution)
        if "solve_network" in api.PAGE_CALLS:
            api.PAGE_CALLS["solve_network"](text)
    for name in START_IMPORTS:
        importlib.import_module(name)
    start = sorted(sys.modules)
    for text in PUZZLES:
        view = api.decode_view(text)
        progress = view.get("progress") or []
        solution = solutions[text]
        for name, function in api.PAGE_CALLS.items():
            if name == "generate_view" and text != PUZZLES[0]:
                continue   # one new puzzle is enough (seconds each)
            try:
                function(*arguments(name, function, text, progress, solution))
            except ImportError as error:
                missing(error)
            except Exception:
                pass   # a call's own failure is the api tests' business
    if whole_wheel:
        # under the page's own wheel (every module in it is one the page runs): each must import,
        # whatever a caller above made of an ImportError
        import pycore, os
        for folder, _, files in os.walk(pycore.__path__[0]):
            for file in files:
                if file.endswith((".py", ".pyc")) and "__pycache__" not in folder:
                    path = os.path.relpath(os.path.join(folder, file.rsplit(".", 1)[0]), os.path.dirname(pycore.__path__[0]))
                    try:
                        importlib.import_module(path.replace(os.sep, ".").removesuffix(".__init__"))
                    except ImportError as error:
                        missing(error)
    # what the pycore modules the page ran import anywhere (a function's import on a branch the
    # calls above did not take), and what main.py and PyScript's own Python import
    named = set(json.loads(extra_json))
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None) or ""
        if name.split(".")[0] == "pycore" and file.endswith((".py", ".pyc")):
            named |= imported(module_code(file))
    for module in sorted(named & set(json.loads(stdlib_json))):
        try:
            importlib.import_module(module)
        except ImportError as error:
            missing(error)
    return start

start = await tour()
json.dumps({"failures": failures, "start": start, "modules": sorted(
    (name, getattr(module, "__file__", None) or "") for name, module in list(sys.modules.items()))})
"""

STDLIB_ZIP_ROOT = "/lib/python314.zip/"   # where Pyodide puts python_stdlib.zip on sys.path
# What PyScript's own Python (pyscript.display: html.escape) imports from the standard library as
# it starts, seen in the page's sys.modules once usable; a module missed here still loads, from the
# later archive fetched at that moment (web/pyodide-start.mjs), only not in the first download.
PYSCRIPT_START_IMPORTS = ("html",)


def stdlib_names(stdlib: Path) -> set[str]:
    """The top-level modules and packages of a standard library zip."""
    with zipfile.ZipFile(stdlib) as archive:
        return {name.split("/")[0].removesuffix(".py") for name in archive.namelist()}


def page_python_imports() -> list[str]:
    """The top-level modules web/main.py and PyScript's own Python (inside its JavaScript chunks)
    name in an import: the tour imports them all (it finds pycore's own itself)."""
    sources = [(WEB / "main.py").read_text(encoding="utf-8")] + [path.read_text(encoding="utf-8") for path in pyscript_files()]
    names = set()
    for source in sources:
        # `from a.b import c`, `import a, b as c` (PyScript's Python sits in JavaScript strings,
        # its line breaks written \n)
        source = source.replace("\\n", "\n")
        names |= set(re.findall(r"\bfrom\s+([A-Za-z_]\w*)[\w.]*\s+import\b", source))
        for listed in re.findall(r"\bimport\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*(?:\s+as\s+\w+)?)*)", source):
            names |= {name.split()[0].split(".")[0] for name in listed.split(",")}
    return sorted(names)


def run_page_tour(wheel: Path, stdlib: Path | None = None, later: Path | None = None) -> dict:
    """PAGE_TOUR under the npm Pyodide in Node (with `stdlib` in place of its standard library, and
    the page's `later` archive unpacked beside the wheel): {"failures": [import errors], "start":
    [modules loaded once the page is usable], "modules": [[name, file]]}, or {"error": ...}."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build: node not found; install Node.js 20+ (the standard library is trimmed under it)")
    pyodide_dir = NODE_MODULES / "pyodide"
    with tempfile.TemporaryDirectory() as tmp:
        runner, tour = Path(tmp) / "tour.mjs", Path(tmp) / "tour.py"
        runner.write_text(PAGE_TOUR_RUNNER, encoding="utf-8")
        tour.write_text(PAGE_TOUR.replace("@START_IMPORTS@", repr(PYSCRIPT_START_IMPORTS)), encoding="utf-8")
        extra = json.dumps(page_python_imports())
        names = json.dumps(sorted(stdlib_names(pyodide_dir / "python_stdlib.zip")))
        result = subprocess.run([node, str(runner), str(pyodide_dir), str(wheel), str(WEB / "main.py"), str(tour),
                                 extra, names, str(stdlib or ""), str(later or "")], capture_output=True, text=True, cwd=tmp)
    try:
        return json.loads(result.stdout)
    except ValueError:
        return {"error": (result.stdout + result.stderr)[-4000:]}


def trimmed_stdlib(full: Path, modules: list[list[str]], out: Path) -> Path:
    """`full` with only the files of the modules the tour had loaded from it (a package's
    __init__.py for the package), same compression."""
    keep = {file[len(STDLIB_ZIP_ROOT):] for _, file in modules if file.startswith(STDLIB_ZIP_ROOT)}
    with zipfile.ZipFile(full) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        missing = keep - set(old.namelist())
        if missing:
            raise SystemExit(f"build: the page loaded {sorted(missing)} from no file of the standard library")
        for info in old.infolist():
            if info.filename in keep:
                new.writestr(info, old.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out


# Run by Node with the npm Pyodide (Python 3.14, the browser's: the host's Python cannot compile
# for 3.14): rewrites each module of a standard library zip as its bytecode alone (x.pyc in place of
# x.py; zipimport imports a sourceless module), compiled as `python -OO` would (no docstrings, no
# asserts), unchecked-hash .pyc (valid without a source to compare), and with a line table that
# puts every instruction on the function's first line. Python compiling ~140 standard modules at
# every first start was most of loadPyodide()'s time (issue 46: in Node, 24-27 s of CPU at load 15
# with sources, 9-11 s with bytecode); the full line tables would make the zip twice the size.
# Tracebacks and warnings from the standard library then name the function, not the line.
SLIM_SCRIPT = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const [pyodideDir, zipIn, zipOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(zipIn)));
pyodide.runPython(`
import importlib._bootstrap_external as bootstrap, importlib.util, zipfile
@FIRST_LINE@
with zipfile.ZipFile("/tmp/in.zip") as old, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
    for info in old.infolist():
        data, name = old.read(info), info.filename
        if name.endswith(".py"):
            code = first_line(compile(data, name, "exec", dont_inherit=True, optimize=2))
            data, name = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), False), name + "c"
        new.writestr(name, data)
`);
writeFileSync(zipOut, pyodide.FS.readFile("/tmp/out.zip"));
"""


def slim_stdlib(zip_path: Path) -> Path:
    """The standard library zip as bytecode with one line per function (SLIM_SCRIPT), in place."""
    node = shutil.which("node")
    with tempfile.TemporaryDirectory() as tmp:
        script, out = Path(tmp) / "slim.mjs", Path(tmp) / "slim.zip"
        script.write_text(SLIM_SCRIPT.replace("@FIRST_LINE@", FIRST_LINE), encoding="utf-8")
        result = subprocess.run([node, str(script), str(NODE_MODULES / "pyodide"), str(zip_path), str(out)],
                                capture_output=True, text=True)
        if result.returncode != 0 or not out.exists():
            sys.stderr.write(result.stdout + result.stderr[-4000:])
            raise SystemExit("build: compiling the standard library under Node's Pyodide failed (output above)")
        shutil.copyfile(out, zip_path)
    return zip_path


def page_wheel(wheel: Path, start: set[str], later: set[str], later_out: Path, later_stdlib: Path) -> Path:
    """Rewrites `wheel` to what the page runs to start: each pycore module of `start` as its
    browser bytecode alone (pycore/x.pyc in place of pycore/x.py and its __pycache__ entry; a
    sourceless module imports as fast), the data files (kernel.wasm) and metadata kept; and writes
    `later_out`, the archive the page fetches once usable: the modules of `later` the same way,
    and the standard modules of `later_stdlib`. The others (the command line, the kernel's build
    script) are left out. Compressed, the sources were a third of the wheel; compiling them at
    every start instead would cost more than they weigh."""
    rewritten = wheel.with_suffix(".page")
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new, \
            zipfile.ZipFile(later_out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as rest, zipfile.ZipFile(later_stdlib) as std:
        names = set(old.namelist())
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        record = []
        for name in sorted(names - {record_name}):
            if "/__pycache__/" in name:
                continue
            data = old.read(name)
            if name.endswith(".py"):
                module = name[:-3].replace("/", ".").removesuffix(".__init__")
                if module not in start | later:
                    continue
                folder, _, stem = name[:-3].rpartition("/")
                name, data = name[:-3] + ".pyc", old.read(f"{folder}/__pycache__/{stem}.cpython-314.pyc")
                if module in later:
                    rest.writestr(name, data)
                    continue
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            new.writestr(name, data)
            record.append(f"{name},sha256={digest},{len(data)}")
        new.writestr(record_name, "\n".join(record + [f"{record_name},,"]) + "\n")
        for info in std.infolist():
            rest.writestr(info.filename, std.read(info))
    rewritten.replace(wheel)
    return wheel


def later_name(wheel_name: str) -> str:
    """The archive of what the page runs only once usable, beside the wheel (web/pyodide-start.mjs)."""
    return wheel_name.removesuffix(".whl") + ".later.zip"


def split_at_start(modules: list[list[str]], start: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    """The tour's modules in two: those the page has loaded once usable, and the rest. A standard
    package with a module at start keeps all of its modules in the zip (a package found in the zip
    looks for its modules there only); pycore's are unpacked into one folder, split as they come."""
    started = set(start)
    packages = {name.split(".")[0] for name, file in modules if name in started and file.startswith(STDLIB_ZIP_ROOT)}
    early = [[name, file] for name, file in modules if name in started or name.split(".")[0] in packages]
    return early, [m for m in modules if m not in early]


def page_python(wheel: Path, stdlib_out: Path, later_out: Path) -> bool:
    """The page tour under the full standard library, then: the standard library zip the page
    ships (what the tour loaded before the page was usable, nothing else), the wheel as the page
    runs it to start, and `later_out`, the modules (pycore's and standard ones) the page runs only
    after that. Without Node the page gets the whole standard library and wheel (it works, only
    heavier) and no later archive: returns whether there is one."""
    if shutil.which("node") is None:
        log("node not found: the page gets Pyodide's whole standard library and the whole wheel")
        shutil.copyfile(NODE_MODULES / "pyodide" / "python_stdlib.zip", stdlib_out)
        return False
    found = run_page_tour(wheel)
    if "error" in found or found["failures"]:
        raise SystemExit(f"build: the page tour failed under the full standard library: {found.get('error') or found['failures']}")
    full = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    early, late = split_at_start(found["modules"], found["start"])
    trimmed = trimmed_stdlib(full, early, stdlib_out)
    slim_stdlib(trimmed)
    log(f"standard library for the page, as bytecode: {len(zipfile.ZipFile(trimmed).namelist())} files, "
        f"{trimmed.stat().st_size / 1e6:.2f} MB (of {full.stat().st_size / 1e6:.2f} MB)")
    before = wheel.stat().st_size
    with tempfile.TemporaryDirectory() as tmp:
        later_stdlib = slim_stdlib(trimmed_stdlib(full, late, Path(tmp) / "later-stdlib.zip"))
        page_wheel(wheel, {name for name, _ in early if name.split(".")[0] == "pycore"},
                   {name for name, _ in late if name.split(".")[0] == "pycore"}, later_out, later_stdlib)
    log(f"wheel for the page: bytecode only, modules the page runs to start: {wheel.stat().st_size / 1e3:.0f} kB "
        f"(of {before / 1e3:.0f} kB); after it is usable: {later_out.name}, {later_out.stat().st_size / 1e3:.0f} kB")
    return True


def page_lock_file(full: Path, out: Path) -> Path:
    """Pyodide's lock file without its 357 packages: the page loads none (pycore comes as the
    wheel PyScript unpacks under `files`, and PyScript's config names no packages); loadPyodide
    reads only its `info` at start. 119 kB become a few hundred bytes."""
    lock = json.loads(full.read_text(encoding="utf-8"))
    out.write_text(json.dumps({**lock, "packages": {}}, separators=(",", ":")) + "\n", encoding="utf-8")
    return out


def installed_npm_version(name: str) -> str | None:
    try:
        return json.loads((NODE_MODULES / name / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def ensure_npm_packages() -> None:
    if all(installed_npm_version(name) == version for name, version in NPM_VERSIONS.items()):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("build: npm not found; install Node.js 20+ (it brings npm)")
    run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    for name, version in NPM_VERSIONS.items():
        found = installed_npm_version(name)
        if found != version:
            raise SystemExit(f"build: node_modules has {name} {found}, the page needs {version}")


def pyscript_files() -> list[Path]:
    """core.js, the closure of its static imports, and the lazy chunks the page uses."""
    src = NODE_MODULES / "@pyscript" / "core" / "dist"
    wanted, todo = set(), ["core.js"]
    for chunk in PYSCRIPT_LAZY_CHUNKS:
        matches = [p.name for p in src.glob(f"{chunk}-*.js") if re.fullmatch(rf"{re.escape(chunk)}-[\w-]{{8}}\.js", p.name)]
        if len(matches) != 1:
            raise SystemExit(f"build: PyScript chunk {chunk!r} not found exactly once in {src}")
        todo += matches
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        text = (src / name).read_text(encoding="utf-8")
        # static imports only: `from"./x.js"` and `import"./x.js"` (not `import("./x.js")`)
        todo += re.findall(r'(?:from|import)\s*"\./([\w.-]+\.js)"', text)
    return [src / name for name in sorted(wanted)]


def boot_bytes(dist: Path, wheel: Path) -> int:
    """What the page downloads before Python runs (the progress bar's whole): the Pyodide files
    as dist/ ships them (the trimmed standard library and lock file), the PyScript modules and the
    wheel."""
    files = [dist / "pyodide" / name for name in PYODIDE_FILES] + pyscript_files() + [wheel]
    return sum(path.stat().st_size for path in files)


def copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)


def strip_source_map_comment(path: Path) -> None:
    """The .map files are not shipped; drop the comment that would make devtools ask for them."""
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", text), encoding="utf-8")


def build_version(dist: Path) -> str:
    """A hash of every file in dist/ (names and contents): the build's name, for the service
    worker's cache and the page's module URLs."""
    digest = hashlib.sha256()
    for name in sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()):
        digest.update(name.encode())
        digest.update((dist / name).read_bytes())
    return digest.hexdigest()[:16]


# A page must run one build from start to end. A module imported later (app.js's
# `import("./games.js")` when the start page shows) would otherwise come from whatever the server
# (or the service worker, once an update has taken over) holds by then: the next build's module in
# this build's page. So the page's own module URLs carry the build (`./games.js?v=<build>`: a
# page of one build never meets an HTTP-cached module of another), and every module imported
# lazily is preloaded with the page (<link rel=modulepreload>: fetched at start, in the module map
# under that URL, so the later import finds it there and asks no server). PyScript's and Pyodide's
# modules are pinned by package-lock.json and named by PyScript's own hashes; they stay as they are.
MODULE_SPECIFIER = re.compile(r"""(\b(?:from|import)\s*\(?\s*)(["'])\./([\w.-]+\.js)\2""")
LAZY_IMPORT = re.compile(r"""\bimport\s*\(\s*(["'])\./([\w.-]+\.js)\1""")
PAGE_MODULE = re.compile(r"""(<(?:script|link)\b[^>]*?\b(?:src|href)=")\./([\w.-]+\.js)(")""")


def page_modules(dist: Path) -> list[str]:
    """The page's own JavaScript modules in dist/ (web/*.js; sw.js is the worker, not a module)."""
    return sorted(p.name for p in dist.glob("*.js") if p.name != "sw.js")


def static_imports(dist: Path, name: str) -> set[str]:
    """`name` and every page module it imports statically, directly or not."""
    modules, found, todo = set(page_modules(dist)), set(), [name]
    while todo:
        current = todo.pop()
        if current in found or current not in modules:
            continue
        found.add(current)
        text = (dist / current).read_text(encoding="utf-8")
        lazy = {m.start() for m in LAZY_IMPORT.finditer(text)}
        todo += [m.group(3) for m in MODULE_SPECIFIER.finditer(text) if m.start() not in lazy]
    return found


def stamp_module_urls(dist: Path, version: str) -> None:
    """Every page module URL (imports, import(), index.html's scripts and preloads) carries
    `?v=<version>`, and the lazily imported modules (with what they import that the page has not
    loaded yet) are preloaded by index.html."""
    modules = set(page_modules(dist))
    stamp = lambda name: f"./{name}?v={version}"  # noqa: E731
    page = (dist / "index.html").read_text(encoding="utf-8")
    # the page's own module scripts (stored.js, which must run before PyScript, and app.js), and
    # what those before PyScript import (read before the imports are stamped)
    entries = [name for name in re.findall(r'<script type="module" src="\./([\w.-]+\.js)"></script>', page) if name in modules]
    if not entries:
        raise SystemExit("build: web/index.html has no <script type=module> for the page's own modules")
    early = sorted(set().union(*(static_imports(dist, name) for name in entries[:-1])) - set(entries))
    lazy = set()
    for name in modules:
        path = dist / name
        text = path.read_text(encoding="utf-8")
        lazy |= {m.group(2) for m in LAZY_IMPORT.finditer(text) if m.group(2) in modules}
        path.write_text(MODULE_SPECIFIER.sub(
            lambda m: f"{m.group(1)}{m.group(2)}{stamp(m.group(3))}{m.group(2)}" if m.group(3) in modules else m.group(0),
            text), encoding="utf-8")
    loaded = set().union(*(static_imports(dist, name) for name in entries))
    later = sorted(set().union(*(static_imports(dist, name) for name in lazy)) - loaded) if lazy else []
    page = PAGE_MODULE.sub(lambda m: f"{m.group(1)}{stamp(m.group(2))}{m.group(3)}" if m.group(2) in modules else m.group(0), page)
    preloads = "".join(f'\n  <link rel="modulepreload" href="{stamp(name)}">' for name in later)
    entry_tag = f'<script type="module" src="{stamp(entries[-1])}"></script>'
    page = page.replace(entry_tag, entry_tag + preloads, 1)
    # what the modules run before PyScript import, asked for with them: PyScript waits for them
    first_tag = f'<script type="module" src="{stamp(entries[0])}"></script>'
    early_preloads = "".join(f'<link rel="modulepreload" href="{stamp(name)}">\n  ' for name in early)
    (dist / "index.html").write_text(page.replace(first_tag, early_preloads + first_tag, 1), encoding="utf-8")


def write_service_worker(dist: Path, version: str) -> None:
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    precache = ["./"] + [f"./{name}" for name in files]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    text = template.replace('"@VERSION@"', json.dumps(version)).replace(
        "[/* @PRECACHE@ */]", json.dumps(precache, indent=1)
    )
    if "@VERSION@" in text or "@PRECACHE@" in text:
        raise SystemExit("build: web/sw.js lost its @VERSION@ / @PRECACHE@ placeholders")
    (dist / "sw.js").write_text(text, encoding="utf-8")


def build(dist: Path = DIST, skip_npm: bool = False) -> Path:
    if not skip_npm:
        ensure_npm_packages()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    for name in PYODIDE_FILES:
        copy(NODE_MODULES / "pyodide" / name, dist / "pyodide" / name)
    strip_source_map_comment(dist / "pyodide" / "pyodide.mjs")
    page_lock_file(NODE_MODULES / "pyodide" / "pyodide-lock.json", dist / "pyodide" / "pyodide-lock.json")
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        add_browser_bytecode(wheel)
        later = Path(tmp) / later_name(wheel.name)
        later_url = ""
        if page_python(wheel, dist / "pyodide" / "python_stdlib.zip", later):
            copy(later, dist / "wheels" / later.name)
            later_url = f"./wheels/{later.name}"
        copy(wheel, dist / "wheels" / wheel.name)
    for name in web_files():
        copy(WEB / name, dist / name)
    copy(ROOT / "pycore" / "solve" / "kernel.wasm", dist / "kernel.wasm")   # web/search-worker.mjs's
    starter = (dist / "pyodide-start.mjs").read_text(encoding="utf-8")
    if '"@LATER@"' not in starter:
        raise SystemExit("build: web/pyodide-start.mjs lost its @LATER@ placeholder (the later archive)")
    (dist / "pyodide-start.mjs").write_text(starter.replace('"@LATER@"', json.dumps(later_url)), encoding="utf-8")
    page = (dist / "index.html").read_text(encoding="utf-8")
    if "@WHEEL@" not in page:
        raise SystemExit("build: web/index.html lost its @WHEEL@ placeholder")
    page = page.replace("@WHEEL@", wheel.name)
    if '"@BOOT_BYTES@"' not in page:
        raise SystemExit("build: web/index.html lost its @BOOT_BYTES@ placeholder (the start-up progress bar)")
    page = page.replace('"@BOOT_BYTES@"', f'"{boot_bytes(dist, dist / "wheels" / wheel.name)}"')
    if "@INLINE_SCRIPT_HASHES@" not in page:
        raise SystemExit("build: web/index.html lost its @INLINE_SCRIPT_HASHES@ placeholder (Content-Security-Policy)")
    page = page.replace("@INLINE_SCRIPT_HASHES@", inline_script_hashes(page))
    page = inline_style(page)
    if "@INLINE_STYLE_HASHES@" not in page:
        raise SystemExit("build: web/index.html lost its @INLINE_STYLE_HASHES@ placeholder (Content-Security-Policy)")
    page = page.replace("@INLINE_STYLE_HASHES@", inline_style_hashes(page))
    pyscript = pyscript_files()
    preload = re.compile(r"<!-- @PYSCRIPT_PRELOAD@ [^>]*-->")
    if not preload.search(page):
        raise SystemExit("build: web/index.html lost its @PYSCRIPT_PRELOAD@ placeholder")
    links = "\n  ".join(f'<link rel="modulepreload" href="./pyscript/{p.name}">' for p in pyscript if p.name != "core.js")
    (dist / "index.html").write_text(preload.sub(lambda _: links, page), encoding="utf-8")
    config = json.loads((WEB / "pyscript.json").read_text(encoding="utf-8"))
    config["files"] = {f"./wheels/{wheel.name}": "./*"}
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    for path in pyscript:
        copy(path, dist / "pyscript" / path.name)
        strip_source_map_comment(dist / "pyscript" / path.name)
    version = build_version(dist)
    stamp_module_urls(dist, version)
    write_service_worker(dist, version)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"dist/ ready: {sum(1 for p in dist.rglob('*') if p.is_file())} files, {size / 1e6:.1f} MB")
    return dist


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".webmanifest": "application/manifest+json",
                      ".whl": "application/zip", ".py": "text/plain"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that closes a page mid-download resets the connection: routine, not a fault.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def serve(dist: Path, port: int) -> None:
    handler = partial(QuietHandler, directory=str(dist))
    with QuietServer(("127.0.0.1", port), handler) as server:
        host, port = server.server_address[:2]
        print(f"Serving dist/ at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--serve", action="store_true", help="serve dist/ on 127.0.0.1 after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (0 = any free port)")
    parser.add_argument("--skip-npm", action="store_true", help="do not run npm ci (node_modules must be there)")
    args = parser.parse_args(argv)
    try:
        dist = build(skip_npm=args.skip_npm)
    except subprocess.CalledProcessError as error:
        print(f"build: failed: {error}", file=sys.stderr)
        return 1
    if args.serve:
        serve(dist, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
