// Solves the puzzles on stdin (JSON: {"puzzles": [...], "engines": [...]}) with pycore inside
// Pyodide under Node, through the search kernel (kernel.wasm via Node's WebAssembly) and, where
// asked, the Python engine: the outcomes as JSON, for tests/e2e/test_kernel.py to compare with
// the host's.
// usage: node node_kernel.mjs <node_modules/pyodide dir> <pycore wheel>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel"); // a Node Buffer is rejected
pyodide.globals.set("request_json", readFileSync(0, "utf8"));
const out = await pyodide.runPythonAsync(`
import json, sys
from pycore.model import Cage, Puzzle
from pycore.solve import kernel, solve
request = json.loads(request_json)
prepared = await kernel.prepare()   # what the page awaits: the module compiled asynchronously
results = []
for p in request["puzzles"]:
    puzzle = Puzzle(p["kind"], p["size"], tuple(p["givens"]), None,
                    tuple(Cage(tuple(c[0]), c[1], c[2]) for c in p["cages"]))
    row = {}
    for engine in p["engines"]:
        r = solve(puzzle, engine=engine)
        row[engine] = [r.status, list(r.solution or ()), r.reason, r.nodes, r.guesses, r.engine]
    if p.get("slices"):   # both engines slice by slice: where each stands after each slice
        from pycore.solve.engine import Solver
        for name, solver in (("python", Solver(puzzle)), ("kernel", kernel.kernel_solver(puzzle))):
            row[name + " slices"] = []
            for n in p["slices"]:
                solver.step(n)
                row[name + " slices"].append([solver.nodes, solver.guesses, solver.explored])
            row[name + " type"] = type(solver).__name__
    results.append(row)
json.dumps({"python": list(sys.version_info[:3]), "platform": sys.platform,
            "unavailable": prepared, "results": results})
`);
process.stdout.write(out);
