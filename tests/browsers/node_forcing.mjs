// Propagates a board and every supposition from it, as the forcing searches do, with pycore
// inside Pyodide under Node: through the kernel (kernel.BoardPropagation over Node's WebAssembly,
// the page's BrowserRuntime) and the Python engine (forcing.PythonPropagation), then again with
// the kernel missing; the outcomes as JSON, for tests/e2e/test_kernel.py.
// usage: node node_forcing.mjs <node_modules/pyodide dir> <the page's pycore wheel>   (the board on stdin)
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
// as the page does: the wheel and its later archive (pycore.explain is there) in Python's home
for (const archive of [wheel, wheel.replace(/\.whl$/, ".later.zip")])
  pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: pyodide.FS.cwd() });
pyodide.globals.set("request_json", readFileSync(0, "utf8"));
const out = await pyodide.runPythonAsync(`
import json, sys
from pycore.explain import forcing
from pycore.explain.board import Board
from pycore.model import Cage, Puzzle
from pycore.solve import kernel
request = json.loads(request_json)
prepared = await kernel.prepare()
p = request["puzzle"]
puzzle = Puzzle(p["kind"], p["size"], tuple(p["givens"]), None,
                tuple(Cage(tuple(c[0]), c[1], c[2]) for c in p["cages"]))
board = Board(puzzle, tuple(request["values"]), tuple(request["candidates"]))

def answers():
    twin = forcing.propagated(board)[2]
    found = [twin.board]
    for cell, mask in enumerate(board.masks):
        if mask & (mask - 1):
            rest = mask
            while rest:
                bit = rest & -rest
                rest ^= bit
                found += [twin.after(cell, bit), twin.after(cell, mask & ~bit)]
    return type(twin).__name__, [[problem and list(problem), cand] for problem, cand in found]

with_kernel = answers()
kernel.runtime = lambda: None   # as in a page whose kernel did not compile
forcing._suppositions_cache.clear()
without = answers()
json.dumps({"platform": sys.platform, "unavailable": prepared, "kernel": with_kernel,
            "missing": without})
`);
process.stdout.write(out);
