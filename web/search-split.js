// A long search split over Web Workers (issue 43): navigator.hardwareConcurrency workers (at most
// MAX_WORKERS), each running the bare compiled kernel (web/search-worker.mjs), share the search
// tree. The parts wait in a queue; a worker with nothing to do has a busy one give it half the
// untried digits of its shallowest branching cell (kernel.c `donate`). The answer is the single
// search's: distinct solutions are gathered over every part (the same solution met twice is one),
// two of them end it with "multiple", and once every part is searched one is "unique", none
// "none". Nodes and guesses are summed over the workers: not the single search's counts.
// `&workers=N` in the page's address forces N workers from the first slice on, on any puzzle
// (tests, benchmarks); `&workers=0` never splits, nor does a test's `&slice=N` unless asked.
export const MAX_WORKERS = 8;
// A search still running after this long on the page's thread is split. Splitting costs about
// 0.1 s in Chromium here (workers started, kernel.wasm compiled in each, the search begun again,
// and a killer's first 16 guesses made before any work can be given away): forced from the root,
// the TAREK killers' median went from 0.11 s to 0.21 s, the Mathemagic killers' total from 32.7 s
// to 22.0 s (BENCHMARKS.md, "Search kernel"). So a search that ends sooner stays here.
export const SPLIT_AFTER_MS = 150;

// A split searching fewer nodes a second than the page's own search did, this long after it
// began, hands back to it (WebKit ran the workers' kernels at a third of the page's speed).
export const SPLIT_CHECK_MS = 500;

/** Whether the page's address asks for a number of workers (then no guard second-guesses it). */
export const workersAsked = () => new URLSearchParams(location.search).has("workers");

/** The workers to split over now, `searchedMs` into a search; 0: keep to the page's thread. */
export function workersWanted(searchedMs) {
  const params = new URLSearchParams(location.search);
  const asked = params.get("workers");
  if (asked !== null) return Math.min(MAX_WORKERS, Math.max(0, parseInt(asked, 10) || 0));
  if (params.has("slice")) return 0;   // the tests' slow solves (page.js SLICE_CAP) stay slow
  const cores = navigator.hardwareConcurrency ?? 1;
  if (cores < 2 || searchedMs < SPLIT_AFTER_MS || typeof Worker === "undefined" || typeof WebAssembly === "undefined") return 0;
  return Math.min(cores, MAX_WORKERS);
}

let compiled = null;   // kernel.wasm compiled once in the page, the module shared with every worker

function kernelModule() {
  compiled ??= fetch(new URL("./kernel.wasm", import.meta.url))
    .then((response) => {
      if (!response.ok) throw new Error(`kernel.wasm: HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((bytes) => WebAssembly.compile(bytes));
  compiled.catch(() => { compiled = null; });   // (tried again by the next split)
  return compiled;
}

/** Starts `count` workers on `network` (api.solve_network's answer). `done` resolves with
 * {status, solutions, nodes, guesses} or rejects when a worker fails (then solve on the page). */
export function startSplit(network, count) {
  const url = new URL("./search-worker.mjs" + new URL(import.meta.url).search, import.meta.url);
  const queue = [null];
  const seen = new Map();   // a solution's digits as text -> the digits
  let settle, fail;
  const split = {
    found: null,
    done: new Promise((resolve, reject) => { settle = resolve; fail = reject; }),
    get nodes() { return peers.reduce((sum, p) => sum + p.nodes, 0); },
    get guesses() { return peers.reduce((sum, p) => sum + p.guesses, 0); },
    pause: () => peers.forEach((p) => p.worker.postMessage({ paused: true })),
    resume: () => peers.forEach((p) => p.worker.postMessage({ paused: false })),
    stop: () => peers.forEach((p) => p.worker.terminate()),
  };
  const end = (status) => {
    split.stop();
    settle({ status, solutions: [...seen.values()], nodes: split.nodes, guesses: split.guesses });
  };
  const broken = (message) => {
    split.stop();
    fail(new Error(message));
  };
  // Gives the queue's parts to idle workers, asks busy ones for work while some are idle, and
  // ends the search once every worker is idle with nothing queued or asked for.
  const dispatch = () => {
    for (const peer of peers) if (!peer.busy && queue.length) {
      peer.busy = true;
      peer.worker.postMessage({ part: queue.shift() });
    }
    let idle = peers.filter((p) => !p.busy).length - queue.length;
    for (const peer of peers) if (idle > 0 && peer.busy && !peer.asked) {
      peer.asked = true;
      peer.worker.postMessage({ donate: true });
      idle--;
    }
    if (!queue.length && peers.every((p) => !p.busy && !p.asked)) end(seen.size ? "unique" : "none");
  };
  const heard = (peer, data) => {
    if (data.failed) return broken(data.failed);
    if (data.gift !== undefined) {
      peer.asked = false;
      if (data.gift) queue.push(data.gift);
    } else if (data.progress) {
      Object.assign(peer, data.progress);
      if (data.found) split.found ??= data.found;
    } else if (data.done) {
      peer.busy = false;
      peer.nodes = data.nodes;
      peer.guesses = data.guesses;
      for (const solution of data.solutions) seen.set(solution.join(""), solution);
      split.found ??= data.solutions[0] ?? null;
      if (seen.size >= 2) return end("multiple");
    }
    dispatch();
  };
  const peers = Array.from({ length: count }, () => {
    const peer = { worker: new Worker(url, { type: "module" }), busy: false, asked: false, nodes: 0, guesses: 0 };
    peer.worker.onmessage = ({ data }) => heard(peer, data);
    peer.worker.onerror = (event) => {
      event.preventDefault?.();
      broken(event.message || "a search worker failed");
    };
    peer.worker.postMessage({ network });
    return peer;
  });
  kernelModule().then((module) => peers.forEach((p) => p.worker.postMessage({ module })),
    (error) => broken(error.message));
  split.done.catch(() => {});   // (a failure while nobody awaits, as in a pause, is no page error)
  dispatch();
  return split;
}
