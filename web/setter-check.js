// The setter's checks in a Python of their own: the New puzzle dialog's worker
// (generate-worker.mjs) answers pycore.api calls, so a check that takes seconds never freezes
// drawing and typing; where workers fail, the page answers them itself.
import { invoke } from "./bridge.js";

let checker = null;  // the checks' worker: {worker, next id, waiting: id -> {resolve, call, args}, failed}

/** The worker, carrying this build's `?v=` as the page's modules do (build.py). */
export function startChecker() {
  if (checker) return;
  let worker;
  try {
    worker = new Worker(new URL("./generate-worker.mjs" + new URL(import.meta.url).search, import.meta.url), { type: "module" });
  } catch (error) {
    checker = { failed: String(error?.message ?? error), waiting: new Map() };
    return;
  }
  checker = { worker, next: 1, waiting: new Map(), failed: null };
  const own = checker;
  worker.onmessage = ({ data }) => {
    if (data.failed) checkerFailed(own, data.failed);
    const asked = own.waiting.get(data.id);
    if (!asked) return;
    own.waiting.delete(data.id);
    asked.resolve(data.answer);
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    checkerFailed(own, event.message || "the worker could not start");
  };
}

/** Without a Python of their own (no workers here), the checks run on the page as before. */
function checkerFailed(own, message) {
  own.failed = message;
  own.worker?.terminate();
  for (const { resolve, call, args } of own.waiting.values()) resolve(invoke(call, ...args));
  own.waiting.clear();
}

export function stopChecker() {
  checker?.worker?.terminate();
  checker = null;
}

/** pycore.api's `call` with `args`, answered by the checks' worker (a Promise of its answer). */
export function ask(call, args) {
  const own = checker;
  if (!own || own.failed) return Promise.resolve(invoke(call, ...args));
  return new Promise((resolve) => {
    const id = own.next++;
    own.waiting.set(id, { resolve, call, args });
    own.worker.postMessage({ id, call, args });
  });
}
