// Makes the Python runtime's memory snapshot for the next visit (see pyodide-start.mjs), in a
// worker so the page stays responsive: a Pyodide started with _makeSnapshot cannot run the page
// itself (its `js` module sees the page through a recording proxy, and DOM calls through it fail).
// Message in: {key, wheel (bytes)}.
// Message out: {stored: true} or {error}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const CACHE = "pyodide-snapshot";
const SNAPSHOT_SIZE = "x-snapshot-bytes";

self.onmessage = async ({ data: { key, wheel } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href, _makeSnapshot: true });
    // the same imports main.py makes, from where PyScript unpacks the wheel ("./*": the home
    // folder, Python's working directory, on sys.path)
    pyodide.unpackArchive(wheel, "wheel", { extractDir: pyodide.FS.cwd() });
    pyodide.runPython("import json, pycore.api");
    const snapshot = pyodide.makeMemorySnapshot();
    const cache = await caches.open(CACHE);
    await cache.put(key, new Response(snapshot, { headers: { [SNAPSHOT_SIZE]: String(snapshot.byteLength) } }));
    // this site's older snapshots only: a site at another path of the origin keeps its own
    const ours = new URL("./snapshot/", import.meta.url).href;
    for (const old of await cache.keys()) if (old.url !== key && old.url.startsWith(ours)) await cache.delete(old);
    self.postMessage({ stored: true });
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
};
