// One of the Web Workers a long search is split over (web/search-split.js, issue 43): the bare
// compiled kernel (kernel.wasm, no Python: it starts in milliseconds where a Python runtime takes
// seconds), searching one part of the puzzle at a time and giving half of what it has left to an
// idle peer when asked. Python built the network in the page; its words and the compiled module
// arrive here.
// Messages in: {network: {base, derived}} and {module: kernel.wasm compiled by the page} once;
// {part: candidates of every cell, or null for the whole search}; {donate: true}; {paused: bool}.
// Messages out: {progress: {nodes, guesses}, found?}; {done: status (1 one solution, 2 two, 3
// none), solutions, nodes, guesses} per part; {gift: candidates or null}; {failed: message}.
const RESULT_HEAD_BYTES = 48;   // kernel.c's Out up to its solution[]; then second[] 81 words on
const PAUSED = 4;
const SLICE_MS = [8, 16];       // a slice this long, so a request for work waits no longer

let kernel = null;      // the instance's exports
let network = null;
let part = undefined;   // the part being searched (undefined: none)
let paused = false;
let wake = null;        // resolves a paused search
let slice = 64;
const total = { nodes: 0, guesses: 0 };   // over the parts finished

let given;
const compiled = new Promise((resolve) => { given = resolve; })
  .then((module) => WebAssembly.instantiate(module, {}))
  .then((instance) => { kernel = instance.exports; });

// one channel for every tick (unlike setTimeout(0), not clamped when nested)
const ticks = new MessageChannel();
let ticked = null;
ticks.port1.onmessage = () => ticked();
const tick = () => new Promise((resolve) => {
  ticked = resolve;
  ticks.port2.postMessage(null);
});

function words(address, count) {
  return new Int32Array(kernel.memory.buffer, address, count);
}

/** Hands `list` to the kernel through `where` (input or input_more) and reads it with `reader`. */
function send(where, reader, list) {
  const address = kernel[where](list.length);
  words(address, list.length).set(list);
  return kernel[reader]() === 0;
}

function head() {
  const out = kernel.result();
  return { out, counts: words(out, 10) };
}

function solutions(out, count, many) {
  const found = [];
  for (let k = 0; k < Math.min(many, 2); k++) found.push(Array.from(words(out + RESULT_HEAD_BYTES + 4 * 81 * k, network.cells)));
  return found;
}

/** Starts the part: false when it holds nothing (a cell left without a candidate). */
function begin(cells) {
  if (!send("input", "init", network.base)) throw new Error("the kernel refused the network");
  if (cells) for (let cell = 0; cell < cells.length; cell++) if (kernel.restrict(cell, cells[cell])) return false;
  return true;
}

async function search(cells) {
  await compiled;
  if (!begin(cells)) {
    postMessage({ done: 3, solutions: [], ...total });
    return;
  }
  let said = false;
  for (;;) {
    if (paused) await new Promise((resolve) => { wake = resolve; });
    const t = performance.now();
    let budget = slice;
    while (kernel.step(budget) === PAUSED) {   // a killer's derived sums, built already
      if (!network.derived || !send("input_more", "extend", network.derived)) throw new Error("the derived sums do not fit the kernel");
      budget = head().counts[9];
    }
    const ms = performance.now() - t;
    const { out, counts } = head();
    const [status, nodes, guesses] = counts;
    const found = counts[8];
    if (status) {
      total.nodes += nodes;
      total.guesses += guesses;
      part = undefined;
      postMessage({ done: status, solutions: solutions(out, network.cells, found), ...total });
      return;
    }
    const progress = { progress: { nodes: total.nodes + nodes, guesses: total.guesses + guesses } };
    if (found && !said) {
      said = true;
      progress.found = solutions(out, network.cells, 1)[0];
    }
    postMessage(progress);
    if (ms < SLICE_MS[0]) slice *= 2;
    else if (ms > SLICE_MS[1]) slice = Math.max(1, slice >> 1);
    await tick();   // messages (a request for work, a pause) are heard here
  }
}

function fail(error) {
  postMessage({ failed: String(error?.message ?? error) });
}

onmessage = ({ data }) => {
  if (data.network) network = data.network;
  else if (data.module) given(data.module);
  else if ("part" in data) {
    part = data.part;
    search(data.part).catch(fail);   // a trap ends up here: the page solves on its own thread
  } else if (data.donate) {
    const address = part !== undefined && kernel ? kernel.donate() : 0;
    postMessage({ gift: address ? Array.from(words(address, network.cells)) : null });
  } else if ("paused" in data) {
    paused = data.paused;
    if (!paused && wake) {
      wake();
      wake = null;
    }
  }
};
