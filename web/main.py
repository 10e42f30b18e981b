"""The Python side of the page, run by PyScript (`<script type="py" src="./main.py">`) after it
has unpacked the pycore wheel (pyscript.json `files`): hands pycore's JSON API to the JavaScript
glue.

JS calls `call(name, args_json)` and gets a JSON string back; only pycore.api's page calls
(`api.PAGE_CALLS`, the functions marked `@page_call`) are reachable, and they are announced to
the page, which shows a button only when its function exists. Plain JSON strings cross the
JS/Python boundary, so no proxies leak. Imports stay light: start-up time is Pyodide's plus a few
milliseconds.
"""
import asyncio
import importlib
import json
import sys

import js
from pyodide.ffi import create_proxy

# After a start from a memory snapshot (web/pyodide-start.mjs) the import system's directory
# listings date from the snapshot, before PyScript unpacked the wheel again: list afresh, so the
# modules imported later (the solver) are found.
importlib.invalidate_caches()

try:
    from pycore import api
except Exception as error:  # the page must say why it cannot work, not hang
    api, import_error = None, f"{type(error).__name__}: {error}"
else:
    import_error = None

API = dict(api.PAGE_CALLS) if api is not None else {}


def call(name, args_json):
    function = API.get(name)
    if function is None:
        return json.dumps({"error": f"this page cannot {name} (pycore.api has no such function)"})
    try:
        return json.dumps(function(*json.loads(args_json)))
    except Exception as error:  # a bug in the core: report it as a message, not a traceback
        return json.dumps({"error": f"internal error in {name}: {type(error).__name__}: {error}"})


INFO = {
    "python": list(sys.version_info[:3]),
    "platform": sys.platform,
    "functions": sorted(API),
    "import_error": import_error,
}

js.pycoreRegister(create_proxy(call), json.dumps(INFO))


async def prepare_kernel():
    """The solver's compiled search kernel (pycore/solve/kernel.wasm), compiled as soon as the
    page is up, off its thread (the browser compiles a module asynchronously); a Solve before it
    is ready starts in Python and hands over (pycore.solve.kernel.Handover)."""
    from pycore.solve.kernel import prepare
    await prepare()


if api is not None:
    asyncio.ensure_future(prepare_kernel())   # runs after this script, once the page is ready
