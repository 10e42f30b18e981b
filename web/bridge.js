// The Python side: PyScript runs main.py on the local Pyodide (./pyodide/, set in pyscript.json)
// after unpacking the pycore wheel (`files`); main.py calls window.pycoreRegister(call, infoJson)
// with one function that runs any page call of pycore.api, JSON in and JSON out. Everything the
// page knows about puzzles comes through `invoke` here; `can` says which calls this build has, so
// a button shows only when its call is there.

const START_TIMEOUT_MS = 120000;

let bridge = null;   // {info, invoke} once Python is up
let resolveBridge, rejectBridge;

/** Resolves with {info, invoke} once Python is up; rejects with what stopped it starting. */
export const bridgeReady = new Promise((resolve, reject) => { resolveBridge = resolve; rejectBridge = reject; });

window.pycoreRegister = (call, infoJson) => {
  performance.mark("python-registered");  // bench/page_bench.py's timeline reads this
  const info = JSON.parse(infoJson);
  const invoke = (name, ...args) => JSON.parse(call(name, JSON.stringify(args)));
  if (info.import_error) rejectBridge(new Error(`pycore could not be imported: ${info.import_error}`));
  else resolveBridge({ info, invoke });
};
bridgeReady.then((up) => { bridge = up; }, () => {});
// PyScript starts before this module has arrived (index.html): main.py may have registered already
if (window.pycoreRegistered) window.pycoreRegister(...window.pycoreRegistered);

/** Calls pycore.api's `name` with `args` (JSON values) and returns its answer. */
export function invoke(name, ...args) {
  return bridge.invoke(name, ...args);
}

/** Whether Python is up and offers every call named. */
export function can(...names) {
  return names.every((name) => bridge?.info.functions.includes(name));
}

/** Whether Python is up. */
export function pythonUp() {
  return bridge !== null;
}

// PyScript may fail to start without a word: report script errors, rejected promises, PyScript's
// own error boxes (.py-error) and a start that never finishes, so the page never hangs on
// "loading". Once the bridge is up these no longer matter (a settled promise ignores them).
const startFailed = (message) => rejectBridge(new Error(message));
addEventListener("error", (event) => startFailed(`The Python runtime failed to start: ${event.message}`));
addEventListener("unhandledrejection", (event) => startFailed(`The Python runtime failed to start: ${event.reason?.message ?? event.reason}`));
const errorBox = () => {
  const box = document.querySelector(".py-error");
  if (box) startFailed(`The Python runtime failed to start: ${box.textContent.trim().split("\n").pop()}`);
};
const errorBoxes = new MutationObserver(errorBox);
errorBoxes.observe(document.documentElement, { childList: true, subtree: true });
errorBox();  // one shown before this module arrived
bridgeReady.finally(() => errorBoxes.disconnect()).catch(() => {});
setTimeout(() => startFailed("The Python runtime did not start within two minutes; reload the page to try again."), START_TIMEOUT_MS);
