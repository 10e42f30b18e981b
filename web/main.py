"""The Python side of the page, run by PyScript (`<script type="py" src="./main.py">`) after it
has unpacked the pycore wheel (pyscript.json `files`): hands pycore's JSON API to the JavaScript
glue (app.js).

JS calls `call(name, args_json)` and gets a JSON string back; only the functions in API are
reachable. Plain JSON strings cross the JS/Python boundary, so no proxies leak. Imports stay light:
start-up time is Pyodide's plus a few milliseconds.
"""
import json
import sys

import js
from pyodide.ffi import create_proxy

# The functions of pycore.api the page may call; present ones are announced to the page, which
# shows a button only when its function exists.
API_NAMES = ("decode_view", "share", "share_links", "solve_start", "solve_step", "solve_cancel", "check_view", "check_several", "back_to_right", "hint_view",
             "reveal_view", "path_start", "path_step", "path_progress", "path_cancel", "cage_view", "play_view", "place_digit", "fill_candidates", "opening_progress", "error_help")

import importlib

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

API = {name: getattr(api, name) for name in API_NAMES if api is not None and hasattr(api, name)}


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
