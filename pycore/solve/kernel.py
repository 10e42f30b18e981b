"""The compiled search kernel (kernel.c, shipped as kernel.wasm): the same search as engine.py,
node for node, run as WebAssembly. Python stays the brain: it compiles the puzzle into the
network as engine.py does (every stage at once: the derived sums and the exact twins the search
adds later are switched on by the kernel at the same moments the Python engine adds them) and
hands it over as one int32 array; the kernel runs the search in slices of `step(max_nodes)`.

Where it runs: on CPython through `wasmtime` (`pip install pycore[fast]`), in Pyodide through
the browser's own WebAssembly (`await prepare()` first: Chromium will not compile a module of
more than 4 KB synchronously on the page's thread). Where it cannot (no runtime, a network
beyond its limits: grids over 9x9, KenKen cages too big to list), `start_solver` gives the
Python engine; a trap or a memory failure inside the kernel starts the Python engine over, so
a fault costs time, never a wrong answer.
"""
from __future__ import annotations

import struct
import sys
from dataclasses import replace
from itertools import permutations
from pathlib import Path
from time import perf_counter

from ..model import Puzzle
from .combos import combinations_for
from .engine import SolveResult, Solver, describe
from .network import (BOUNDS, EXACT, KILLER_KINDS, LINEAR, SAME, SET, TUPLES, Network,
                      add_derived_when_stuck, add_exact, compile_puzzle, house_rests)

WASM = Path(__file__).with_name("kernel.wasm")
MAX_SIZE = 9          # kernel.c's MAXN: masks, digit-set tables of 2^9 entries
MAX_CELLS = 81        # its sets of cells are 128-bit
MAX_UNITS = 64
MAX_SETS = 64         # a SET's live digit sets are one 64-bit word
MAGIC, END = 0x4B45524E, 0x454E4421
STATUS = {1: "unique", 2: "multiple", 3: "none"}
RESULT_HEAD = struct.Struct("<10i d")   # kernel.c's Out, up to the first solution's digits


# --- the network as one int32 array --------------------------------------------------------

def full_network(puzzle: Puzzle) -> tuple[Network, int, int, bool]:
    """The network with every stage the search may add (engine.Solver.add_derived): returns it,
    the number of constraints it starts with, the number once the derived sums are in, and
    whether intersection removal runs from the start."""
    net = compile_puzzle(puzzle)
    pointing = net.pointing
    base = derived = len(net.constraints)
    if puzzle.kind in KILLER_KINDS and not net.error:
        add_derived_when_stuck(puzzle, net)
        derived = len(net.constraints)
        if derived > base:
            add_exact(net)
    return net, base, derived, pointing


def encode(puzzle: Puzzle) -> tuple[Network, list[int]] | None:
    """(network, kernel.c's input) or None when the network is beyond the kernel's limits."""
    n, count = puzzle.size, puzzle.cell_count
    if n > MAX_SIZE or count > MAX_CELLS:
        return None
    net, base, derived, pointing = full_network(puzzle)
    if net.error or len(net.units) > MAX_UNITS:
        return None
    killer = puzzle.kind in KILLER_KINDS
    flags = (pointing | killer << 1 | bool(puzzle.cages) << 2
             | (sys.version_info >= (3, 12)) << 3)   # sum() of floats compensates from 3.12
    groups: dict[int, int] = {}
    group_words: list[int] = []
    body: list[int] = []
    for index, ((kind, cells, total, op), live) in enumerate(zip(net.constraints, net.live)):
        body += [kind, len(cells), *cells, total]
        if kind == SET:
            sets = live[0]
            if len(sets.sets) > MAX_SETS:
                return None
            if id(sets) not in groups:
                groups[id(sets)] = len(groups)
                group_words += [len(sets.sets), *sets.sets]
            rests = house_rests(net, kind, cells, net.constraint_bits[index])
            body += [groups[id(sets)], len(rests)]
            for rest in rests:
                body += [len(rest), *rest]
        elif kind == TUPLES:
            if len(cells) * n > 64:
                return None
            packed = live[0]
            body.append(len(packed))
            for code in packed:
                body += [to_i32(code & 0xFFFFFFFF), to_i32(code >> 32)]
        elif kind == LINEAR:
            shifted, sign_groups, every_cell = op
            body += [shifted, len(sign_groups)]
            for sign, group in sign_groups:
                body += [sign, len(group), *group]
            body.append(len(every_cell))
            for entry in every_cell:
                body += list(entry)
        elif kind == SAME:
            body.append(op)
        elif kind == EXACT:
            fillings = [order for combo in combinations_for(n, total, len(cells))
                        for order in permutations(d for d in range(n) if combo >> d & 1)]
            body.append(len(fillings))
            for order in fillings:
                body += order
        elif kind != BOUNDS:
            return None   # FULL: arithmetic checked on full cages, left to Python
    words = [MAGIC, n, count, len(net.units), len(net.constraints), base, derived, flags,
             len(groups)]
    words += net.candidates
    for unit in net.units:
        words += [len(unit), *unit]
    for peers in net.peers:
        words += [len(peers), *peers]
    words += group_words + body
    for indices in net.constraints_of:
        words += [len(indices), *indices]
    words.append(END)
    for k in range(1, n + 1):   # engine.LOG2, bit for bit
        words += [to_i32(w) for w in struct.unpack("<II", struct.pack("<d", LOG2[k]))]
    return net, words


def to_i32(value: int) -> int:
    return value - (1 << 32) if value >= 1 << 31 else value


from .engine import LOG2  # noqa: E402  (kept beside its one use above)


# --- runtimes ------------------------------------------------------------------------------

class WasmtimeRuntime:
    """kernel.wasm on CPython, through wasmtime; one instance per solver, reused after it."""

    def __init__(self):
        import wasmtime
        self.wasmtime = wasmtime
        self.engine = wasmtime.Engine()
        self.module = wasmtime.Module(self.engine, WASM.read_bytes())

    def instance(self):
        return WasmtimeInstance(self)


class WasmtimeInstance:
    def __init__(self, runtime: WasmtimeRuntime):
        wasmtime = runtime.wasmtime
        self.store = wasmtime.Store(runtime.engine)
        exports = wasmtime.Instance(self.store, runtime.module, []).exports(self.store)
        self.memory = exports["memory"]
        self.calls = {name: exports[name] for name in ("input", "init", "step", "result")}
        self.errors = (wasmtime.Trap, wasmtime.WasmtimeError)

    def call(self, name: str, *args) -> int:
        return self.calls[name](self.store, *args)

    def write(self, address: int, data: bytes) -> None:
        self.memory.write(self.store, data, address)

    def read(self, address: int, length: int) -> bytes:
        return bytes(self.memory.read(self.store, address, address + length))


class BrowserRuntime:
    """kernel.wasm in Pyodide, through the page's (or Node's) WebAssembly."""

    def __init__(self, module):
        self.module = module

    def instance(self):
        return BrowserInstance(self.module)


class BrowserInstance:
    def __init__(self, module):
        import js
        from pyodide.ffi import JsException
        self.js = js
        self.exports = js.WebAssembly.Instance.new(module, js.Object.new()).exports
        self.errors = (JsException,)

    def call(self, name: str, *args) -> int:
        return getattr(self.exports, name)(*args)

    def write(self, address: int, data: bytes) -> None:
        self.js.Uint8Array.new(self.exports.memory.buffer, address, len(data)).assign(data)

    def read(self, address: int, length: int) -> bytes:
        return self.js.Uint8Array.new(self.exports.memory.buffer, address, length).to_bytes()


_runtime = None
_runtime_error: str | None = None


async def prepare() -> str | None:
    """In Pyodide: compiles kernel.wasm asynchronously, as the browser wants; elsewhere it does
    nothing. Returns why the kernel is unavailable, or None."""
    global _runtime, _runtime_error
    if sys.platform == "emscripten" and _runtime is None and _runtime_error is None:
        try:
            import js
            from pyodide.ffi import to_js
            _runtime = BrowserRuntime(await js.WebAssembly.compile(to_js(WASM.read_bytes())))
        except Exception as error:   # no WebAssembly, a CSP without wasm: Python solves
            _runtime_error = f"kernel.wasm did not compile: {error}"
    return available()


def runtime():
    """The kernel's runtime, loaded once, or None (then `available()` says why)."""
    global _runtime, _runtime_error
    if _runtime is None and _runtime_error is None:
        if sys.platform == "emscripten":
            try:   # Node allows compiling synchronously; a page calls prepare() first
                import js
                from pyodide.ffi import to_js
                _runtime = BrowserRuntime(js.WebAssembly.Module.new(to_js(WASM.read_bytes())))
            except Exception as error:
                _runtime_error = f"kernel.wasm did not compile: {error}"
        else:
            try:
                _runtime = WasmtimeRuntime()
            except ImportError:
                _runtime_error = "wasmtime is not installed (pip install pycore[fast])"
            except Exception as error:
                _runtime_error = f"kernel.wasm did not load: {error}"
    return _runtime


def available() -> str | None:
    """None when the kernel can run here, else why not."""
    runtime()
    return _runtime_error


_spare: list = []   # instances whose solver finished: init() starts them afresh


# --- the solver ------------------------------------------------------------------------------

class KernelSolver:
    """engine.Solver's interface (step, stop, nodes, guesses, solutions, result, seconds,
    explored) over the kernel. Build it with `kernel_solver`, which returns None when the
    kernel cannot take the puzzle."""

    engine = "kernel"
    # solve()'s slices may grow this long (each call through wasmtime costs ~14 us; a kernel
    # node a few us): still well under its 10 ms
    largest_slice = 1024

    def __init__(self, puzzle: Puzzle, net: Network, instance):
        self.puzzle = puzzle
        self.net = net
        self.instance = instance
        self.result: SolveResult | None = None
        self.fallback: Solver | None = None
        self.seconds = 0.0
        self._head = (0,) * 10 + (0.0,)
        self._first: tuple[int, ...] | None = None

    # the search's counters, read back after each slice
    @property
    def nodes(self) -> int:
        return self.fallback.nodes if self.fallback else self._head[1]

    @property
    def guesses(self) -> int:
        return self.fallback.guesses if self.fallback else self._head[2]

    @property
    def explored(self) -> float:
        return self.fallback.explored if self.fallback else self._head[10]

    @property
    def solutions(self) -> list[tuple[int, ...]]:
        if self.fallback:
            return self.fallback.solutions
        if not self._head[8]:
            return []
        if self._first is None:
            self._first = self._read_solution()
        return [self._first]

    def _read_solution(self) -> tuple[int, ...]:
        count = self.puzzle.cell_count
        raw = self.instance.read(self.out + RESULT_HEAD.size, 4 * count)
        return struct.unpack(f"<{count}i", raw)

    def start(self, words: list[int]) -> bool:
        start = perf_counter()
        instance = self.instance
        address = instance.call("input", len(words))
        instance.write(address, struct.pack(f"<{len(words)}i", *words))
        ok = instance.call("init") == 0
        self.out = instance.call("result")
        self.seconds += perf_counter() - start
        return ok

    def step(self, max_nodes: int) -> SolveResult | None:
        if self.result is not None:
            return self.result
        if self.fallback is not None:
            return self._from_fallback(self.fallback.step(max_nodes))
        start = perf_counter()
        try:
            self.instance.call("step", max(1, max_nodes))
            head = self._head = RESULT_HEAD.unpack(self.instance.read(self.out, RESULT_HEAD.size))
        except self.instance.errors:
            # A trap or a memory failure: the Python engine starts over (never a wrong answer).
            self.instance = None
            self.fallback = Solver(self.puzzle)
            self.seconds += perf_counter() - start
            return self._from_fallback(self.fallback.step(max_nodes))
        if head[8] and self._first is None:
            self._first = self._read_solution()
        self.seconds += perf_counter() - start
        status = STATUS.get(head[0])
        if status is None:
            return None
        return self.finish(status)

    def finish(self, status: str) -> SolveResult:
        head = self._head
        reason = None
        if status == "none":
            if head[7]:
                code, where, digits = head[4], head[5], head[6] & 0xFFFFFFFF
                problem = (code, where, digits) if code == 1 else (code, where)
                reason = describe(self.net, problem)
            else:
                reason = f"every branch ends in a contradiction ({head[1]} nodes searched)"
        solution = self._first if status != "none" else None
        self.result = SolveResult(status, solution, reason, head[1], head[2], self.seconds,
                                  head[3] if head[3] >= 0 else None, engine="kernel")
        self.release()
        return self.result

    def _from_fallback(self, result: SolveResult | None) -> SolveResult | None:
        if result is not None:
            self.result = replace(result, engine="python")
        return self.result

    def stop(self, reason: str) -> SolveResult:
        """Gives up (budget spent or cancelled); the search cannot be resumed afterwards."""
        if self.result is None:
            if self.fallback is not None:
                self.result = replace(self.fallback.stop(reason), engine="python")
            else:
                self.result = SolveResult("timeout", None, reason, self.nodes, self.guesses,
                                          self.seconds, None, engine="kernel")
                self.release()
        return self.result

    def release(self) -> None:
        if self.instance is not None:
            _spare.append(self.instance)
            self.instance = None


def kernel_solver(puzzle: Puzzle) -> KernelSolver | None:
    """A KernelSolver for `puzzle`, or None when the kernel is unavailable here or the puzzle's
    network is beyond it."""
    found = runtime()
    if found is None:
        return None
    encoded = encode(puzzle)
    if encoded is None:
        return None
    net, words = encoded
    try:
        instance = _spare.pop() if _spare else found.instance()
        solver = KernelSolver(puzzle, net, instance)
        if solver.start(words):
            return solver
    except Exception:   # an instance that cannot be made or fed: Python solves
        pass
    return None


def start_solver(puzzle: Puzzle, engine: str | None = None):
    """A solver for `puzzle`: the kernel's where it can run and the puzzle fits it (or
    `engine="kernel"` asks), else the Python engine's (`engine="python"` forces it)."""
    if engine not in (None, "python", "kernel"):
        raise ValueError(f"engine must be 'python' or 'kernel', not {engine!r}")
    if engine != "python":
        solver = kernel_solver(puzzle)
        if solver is not None:
            return solver
    return Solver(puzzle)
