// The Python runtime as PyScript loads it (pyscript.json "interpreter" points here): Pyodide's own
// loader, started from a memory snapshot of an earlier start when there is a good one.
//
// PyScript passes loadPyodide() only {indexURL, stdout, stderr} (and packages): its config has no
// way to hand Pyodide the snapshot options. It does import `loadPyodide` and `version` from the
// module its config names, so this module wraps Pyodide's and adds them.
//
// - A plain start (no snapshot yet, a stale one, or one that fails) is Pyodide's usual start;
//   once the page is ready and idle, snapshot-worker.mjs starts a second Pyodide in a worker,
//   unpacks the wheel where PyScript does, imports pycore.api, and stores its memory snapshot.
//   (A Pyodide started with _makeSnapshot cannot run the page itself: see the worker.)
// - The next start restores that memory instead of starting Python (~0.4 s instead of ~1.5 s).
//   PyScript then unpacks the wheel again (the files live outside the snapshotted memory, and the
//   solver is imported from them later) and runs main.py, whose `from pycore import api` is done.
// - Snapshots are kept in the Cache API under a key made of the site's address, Pyodide's version
//   and the wheel's SHA-256: a new Pyodide or a new pycore is a new key; this site's older entries
//   are deleted (another site of the same origin, at another path, keeps its own).
// - What the page runs only once it is usable (the hints, the generator, the setter, the standard
//   modules they need) is not in the wheel or the standard library but in the later archive
//   (build.py), fetched once the page is ready and unpacked beside the wheel when it is idle: a first
//   visit downloads less before the grid is usable (issue 46). Should Python import one of its
//   modules before that, the archive is fetched there and then (LaterModules, below).
// Nothing here is ever an error for people: whatever fails, Python starts the plain way.
// <html data-python-start> says which start happened, <html data-python-later> how the later
// archive came: "idle" or "at once" (tests and the benchmark read them).
import * as pyodideLoader from "./pyodide/pyodide.mjs";

export const version = pyodideLoader.version;

const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const CACHE = "pyodide-snapshot";  // not "puzzle-viewer-…": sw.js deletes those on every update
const SNAPSHOT_SIZE = "x-snapshot-bytes";
const LATER = "@LATER@";   // build.py: the later archive's URL, "" when the page has none

// The last finder on sys.meta_path: asked only for a module no other finder has, it unpacks the
// later archive (once) and looks again. `unpack` is JavaScript: true when it has just unpacked.
const LATER_FINDER = `
import importlib, importlib.machinery, sys
class LaterModules:
    def __init__(self, unpack):
        self.unpack = unpack
    def find_spec(self, name, path=None, target=None):
        if not self.unpack():
            return None
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name, path)
lambda unpack: sys.meta_path.append(LaterModules(unpack))
`;

const said = (how) => { document.documentElement.dataset.pythonStart = how; };

/** The wheel PyScript installs (pyscript.json `files`), its bytes and the snapshot's key. */
async function wheelAndKey() {
  const config = await (await fetch(new URL("./pyscript.json", import.meta.url))).json();
  const path = Object.keys(config.files ?? {}).find((name) => name.endsWith(".whl"));
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`wheel: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return { bytes, key: new URL(`./snapshot/pyodide-${version}-pycore-${hex}`, import.meta.url).href };
}

/** The snapshots' cache, or null where the browser denies the Cache API (in a sandboxed frame
 * even reading `caches` throws; in a frame of a local file's page, opening a cache does). */
async function snapshotCache() {
  try {
    return (await globalThis.caches?.open(CACHE)) ?? null;
  } catch {
    return null;
  }
}

async function readSnapshot(cache, key) {
  const hit = await cache.match(key);
  if (!hit) return null;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  // a half-written entry is not worth trying
  return bytes.byteLength === Number(hit.headers.get(SNAPSHOT_SIZE)) ? bytes : null;
}

/** Whether this site has a snapshot stored at all. A first visit has none, and Python starts at
 * once, not after the wheel has been downloaded and hashed for the key (issue 46). */
async function anySnapshot(cache) {
  const ours = new URL("./snapshot/", import.meta.url).href;
  return (await cache.keys()).some((request) => request.url.startsWith(ours));
}

/** Has snapshot-worker.mjs make and store the snapshot (dropping every other one) once the page
 * is idle, so it never slows this visit's start. */
function makeSnapshotLater() {
  const failed = () => { document.documentElement.dataset.pythonSnapshot = "failed"; };
  const make = async () => {
    let wheel;
    try {
      wheel = await wheelAndKey();   // from the HTTP cache: PyScript has fetched it by now
    } catch (error) {
      console.info("Python's snapshot could not be made:", error?.message ?? error);
      return failed();
    }
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      document.documentElement.dataset.pythonSnapshot = data.stored ? "stored" : "failed";
      if (data.error) console.info("Python's snapshot could not be made:", data.error);
    };
    worker.onerror = () => { worker.terminate(); failed(); };
    worker.postMessage({ key: wheel.key, wheel: wheel.bytes }, [wheel.bytes.buffer]);
  };
  const ready = new Promise((resolve) => addEventListener("viewer:ready", resolve, { once: true }));
  const idle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 500));
  ready.then(() => idle(make));
}

/** The later archive's bytes, fetched now (a synchronous request: Python is waiting in an import).
 * A window's synchronous request reads no binary response type: bytes come as x-user-defined text. */
function fetchNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  if (globalThis.document) request.overrideMimeType("text/plain; charset=x-user-defined");
  else request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url}: HTTP ${request.status}`);
  if (request.response instanceof ArrayBuffer) return new Uint8Array(request.response);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** Unpacks the later archive into Python's home folder (where PyScript unpacks the wheel): at once
 * in a worker (generate-worker.mjs); in the page when it is ready and idle, or as soon as Python
 * imports a module only the archive has. */
export async function unpackLater(pyodide, { page = false } = {}) {
  if (!LATER) return;
  const url = new URL(LATER, import.meta.url).href;
  let state = "waiting";
  const unpack = (bytes, how) => {
    state = how;
    pyodide.unpackArchive(bytes, "zip", { extractDir: pyodide.FS.cwd() });
    if (globalThis.document) document.documentElement.dataset.pythonLater = how;
  };
  if (!page) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    unpack(new Uint8Array(await response.arrayBuffer()), "at once");
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
    return;
  }
  pyodide.runPython(LATER_FINDER)(() => {
    if (state !== "waiting") return false;
    try {
      unpack(fetchNow(url), "at once");
      return true;
    } catch (error) {
      // not for good: the idle fetch, or the next import, tries again
      console.info("Python's later modules could not be fetched:", error?.message ?? error);
      return false;
    }
  });
  const ready = new Promise((resolve) => addEventListener("viewer:ready", resolve, { once: true }));
  const idle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 200));
  await ready;
  try {
    // asked for at once (the page is usable, the line free), before the service worker's precache
    // asks the HTTP cache for it; unpacked when the page is idle
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    await new Promise(idle);
    if (state !== "waiting") return;
    unpack(bytes, "idle");
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
  } catch (error) {
    // the finder fetches it when it is needed
    console.info("Python's later modules come when needed:", error?.message ?? error);
  }
}

export async function loadPyodide(options = {}) {
  performance.mark("python-loader");  // bench/page_bench.py's timeline reads these marks
  const settings = { ...options, indexURL: INDEX_URL };
  const cache = globalThis.crypto?.subtle ? await snapshotCache() : null;
  if (cache) {
    let key = null;
    try {
      if (await anySnapshot(cache)) {
        const wheel = await wheelAndKey();
        key = wheel.key;
        const snapshot = await readSnapshot(cache, key);
        if (snapshot) {
          const pyodide = await pyodideLoader.loadPyodide({ ...settings, _loadSnapshot: snapshot });
          pyodide.runPython("import pycore.api");  // the snapshot really holds pycore
          performance.mark("python-started");
          said("snapshot");
          unpackLater(pyodide, { page: true }).catch(() => {});
          return pyodide;
        }
      }
    } catch (error) {
      // a snapshot from another build of Pyodide, a damaged one: start plainly
      console.info("Python starts without its snapshot:", error?.message ?? error);
      if (key) cache.delete(key).catch(() => {});
    }
  }
  const pyodide = await pyodideLoader.loadPyodide(settings);
  performance.mark("python-started");
  said("plain");
  if (cache) makeSnapshotLater();
  unpackLater(pyodide, { page: true }).catch(() => {});
  return pyodide;
}
