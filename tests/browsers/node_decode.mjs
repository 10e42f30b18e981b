// Decodes the JSON list of strings on stdin with pycore inside Pyodide under Node.
// usage: node node_decode.mjs <node_modules/pyodide dir> <pycore wheel>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel"); // a Node Buffer is rejected
pyodide.globals.set("texts_json", readFileSync(0, "utf8"));
const out = pyodide.runPython(`
import json, sys
from pycore import api
json.dumps({"python": list(sys.version_info[:3]),
            "results": [api.decode_view(t) for t in json.loads(texts_json)]})
`);
process.stdout.write(out);
