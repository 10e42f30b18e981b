// Makes a new puzzle (pycore.api.generate_view) in a Python of its own, off the page's thread:
// generating takes seconds, and the page must keep answering and be able to stop it, which only
// a worker allows (worker.terminate() ends the search at once; Python itself cannot be
// interrupted between two of its steps from outside). web/newpuzzle.js starts one when its dialog
// opens, so Python is starting while the reader chooses.
// Messages out: {stage: "ready"} once Python and pycore are loaded; for each request
// {stage: "generating"}, then {made: generate_view's answer} (a puzzle or {error}); {failed:
// message} when Python cannot start here.
// Message in: {kind, size, grade, seconds} (grade and seconds may be null).
// The setter (web/setter.js) runs its live checks here too, for the same reason: {id, call, args}
// calls pycore.api's page call `call` (setter_check, setter_grade) and answers {id, answer}, the
// call's JSON answer ({error} when the core fails).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { unpackLater } from "./pyodide-start.mjs";   // the generator is in the later archive (build.py)

/** The pycore wheel PyScript installs on the page (pyscript.json `files`), as bytes. */
async function wheelBytes() {
  const config = await (await fetch(new URL("./pyscript.json", import.meta.url))).json();
  const path = Object.keys(config.files ?? {}).find((name) => name.endsWith(".whl"));
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`the pycore wheel: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function startPython() {
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href }),
    wheelBytes(),
  ]);
  pyodide.unpackArchive(wheel, "wheel", { extractDir: pyodide.FS.cwd() });
  await unpackLater(pyodide);
  // the solver's compiled kernel too, as the page has it (a worker may compile it at once)
  await pyodide.runPythonAsync("import json\nfrom pycore import api\nfrom pycore.solve.kernel import prepare\nawait prepare()");
  return pyodide;
}

const python = startPython();
python.then(() => self.postMessage({ stage: "ready" }),
  (error) => self.postMessage({ failed: String(error?.message ?? error) }));

/** A page call of pycore.api, JSON both ways as web/main.py passes them. */
function pageCall(pyodide, { id, call, args }) {
  pyodide.globals.set("request", JSON.stringify([call, args]));
  try {
    const answer = pyodide.runPython("_call, _args = json.loads(request)\njson.dumps(api.PAGE_CALLS[_call](*_args))");
    self.postMessage({ id, answer: JSON.parse(answer) });
  } catch (error) {
    const last = String(error?.message ?? error).trim().split("\n").pop();
    self.postMessage({ id, answer: { error: `Something went wrong in the check (${last}).` } });
  }
}

self.onmessage = async ({ data }) => {
  let pyodide;
  try {
    pyodide = await python;
  } catch {
    return;   // said once already (failed)
  }
  if (data.call) {
    pageCall(pyodide, data);
    return;
  }
  const { kind, size, grade, seconds } = data;
  self.postMessage({ stage: "generating" });
  // plain JSON both ways, as web/main.py passes the page's calls: no proxies to release
  const args = JSON.stringify([kind, size, grade ?? null, seconds ?? null]);
  pyodide.globals.set("request", args);
  try {
    const answer = pyodide.runPython("json.dumps(api.generate_view(*json.loads(request)))");
    self.postMessage({ made: JSON.parse(answer) });
  } catch (error) {   // a bug in the core: a message, never a traceback on the page
    const last = String(error?.message ?? error).trim().split("\n").pop();
    self.postMessage({ made: { error: `Something went wrong while making the puzzle (${last}).` } });
  }
};
