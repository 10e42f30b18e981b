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

The hints' forcing searches propagate a board and suppositions from it here too
(`BoardPropagation`, on an instance of their own), the Python engine where the kernel cannot.
"""
from __future__ import annotations

import atexit
import struct
import sys
import weakref
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from time import perf_counter

from ..model import Puzzle
from .engine import LOG2, SolveResult, Solver, describe
from .network import (BOUNDS, EXACT, EXACT_CELLS, EXACT_MAX_SIZE, KILLER_KINDS, LINEAR, SAME, SET,
                      TUPLES, Network, add_derived_when_stuck, compile_puzzle, compiled,
                      house_rests)

WASM = Path(__file__).with_name("kernel.wasm")
MAX_SIZE = 9          # kernel.c's MAXN: masks, digit-set tables of 2^9 entries
MAX_CELLS = 81        # its sets of cells are 128-bit
MAX_UNITS = 64
MAX_SETS = 64         # a SET's live digit sets are one 64-bit word
# Unless asked, grids smaller than this are solved in Python: there the kernel's fixed cost
# (encoding the network, its calls) still equals the whole search (bench/solve_bench.py
# --engines, BENCHMARKS.md: 6x6 and smaller 0.87-1.25x the Python engine's processor time; from
# 7x7 even or faster, the hard killers 0.1x).
SMALLEST_FOR_KERNEL = 7
MAGIC, DERIVED, END = 0x4B45524E, 0x44455249, 0x454E4421
STATUS = {1: "unique", 2: "multiple", 3: "none"}
# sum() of floats (the probe's search space, engine.space) compensates from CPython 3.12 on
COMPENSATED_SUM = sys.version_info >= (3, 12)
PAUSED = 4            # step(): the search wants the derived sums (Encoding.derived, extend)
RESULT_HEAD = struct.Struct("<10i d")   # kernel.c's Out, up to the first solution's digits


# --- the network as int32 words ----------------------------------------------------------

class Encoding:
    """A puzzle's network as kernel.c reads it: `base()` for init(), then, if the search pauses
    where engine.Solver.add_derived would add the derived sums, `derived()` for extend(). Each
    returns the words, or None when the network is beyond the kernel's limits."""

    def __init__(self, puzzle: Puzzle, net: Network | None = None):
        self.puzzle = puzzle
        self.net = net or compile_puzzle(puzzle)   # `derived` adds to it: a search's own
        self.groups: dict[int, int] = {}   # id(DigitSets) -> its number in kernel.c

    def base(self) -> list[int] | None:
        puzzle, net = self.puzzle, self.net
        n = puzzle.size
        if n > MAX_SIZE or puzzle.cell_count > MAX_CELLS or net.error or len(net.units) > MAX_UNITS:
            return None
        flags = (net.pointing | (puzzle.kind in KILLER_KINDS) << 1 | bool(puzzle.cages) << 2
                 | COMPENSATED_SUM << 3 | (not net.onlookers) << 4)
        groups, body = self.constraints(0, len(net.constraints), [])
        if body is None:
            return None
        words = [MAGIC, n, puzzle.cell_count, len(net.units), len(net.constraints), flags,
                 len(self.groups)]
        words += net.candidates
        for unit in net.units:
            words += [len(unit), *unit]
        for peers in net.peers:
            words += [len(peers), *peers]
        words += groups + body
        for indices in net.constraints_of:
            words += [len(indices), *indices]
        words.append(END)
        words += log2_words(n)
        return words

    def derived(self) -> list[int] | None:
        """network.add_derived_when_stuck's sums, and the EXACT twins network.add_exact would
        add after them (listed by kernel.c itself: only their cells and totals are sent)."""
        net = self.net
        old_count, old_groups = len(net.constraints), len(self.groups)
        add_derived_when_stuck(self.puzzle, net)
        derived_end = len(net.constraints)
        exact = []
        if derived_end > old_count and net.size <= EXACT_MAX_SIZE:
            exact = [(cells, total) for kind, cells, total, _ in net.constraints
                     if kind == SET and len(cells) in EXACT_CELLS]
        groups, body = self.constraints(old_count, derived_end, [])
        if body is None:
            return None
        constraints_of = [list(indices) for indices in net.constraints_of]
        for number, (cells, total) in enumerate(exact, derived_end):
            body += [EXACT, len(cells), *cells, total]
            for cell in cells:
                constraints_of[cell].append(number)
        words = [DERIVED, derived_end, derived_end + len(exact), old_groups, len(self.groups)]
        words += groups + body
        for indices in constraints_of:
            words += [len(indices), *indices]
        words.append(END)
        return words

    def constraints(self, start: int, stop: int, groups: list[int]):
        """The words of constraints [start, stop) and of the digit sets they bring;
        (groups, None) when one is beyond the kernel."""
        net, n = self.net, self.net.size
        body: list[int] = []
        for index in range(start, stop):
            kind, cells, total, op = net.constraints[index]
            live = net.live[index]
            body += [kind, len(cells), *cells, total]
            if kind == SET:
                sets = live[0]
                if len(sets.sets) > MAX_SETS:
                    return groups, None
                if id(sets) not in self.groups:
                    self.groups[id(sets)] = len(self.groups)
                    groups += [len(sets.sets), *sets.sets]
                # the rest of each house holding it, used once intersection removal is on
                rests = house_rests(net, kind, cells, net.constraint_bits[index])
                body += [self.groups[id(sets)], len(rests)]
                for rest in rests:
                    body += [len(rest), *rest]
            elif kind == TUPLES:
                if len(cells) * n > 64:
                    return groups, None
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
                pass   # kernel.c lists the fillings of its cells and total itself
            elif kind != BOUNDS:
                return groups, None   # FULL: arithmetic checked on full cages, left to Python
        return groups, body


@lru_cache(maxsize=None)
def log2_words(n: int) -> tuple[int, ...]:
    """engine.LOG2[1..n] as the kernel reads them, bit for bit: two words a double."""
    return tuple(to_i32(w) for k in range(1, n + 1)
                 for w in struct.unpack("<II", struct.pack("<d", LOG2[k])))


def to_i32(value: int) -> int:
    return value - (1 << 32) if value >= 1 << 31 else value


# --- runtimes ------------------------------------------------------------------------------

class WasmtimeRuntime:
    """kernel.wasm on CPython, through wasmtime; one instance per solver, reused after it."""

    def __init__(self):
        import wasmtime
        self.wasmtime = wasmtime
        config = wasmtime.Config()
        try:   # compiled code kept in wasmtime's cache (~/.cache/wasmtime): a command-line
            config.cache = True   # solve starts in 0.05 s instead of compiling for ~0.3 s
        except Exception:
            pass
        self.engine = wasmtime.Engine(config)
        self.module = wasmtime.Module(self.engine, WASM.read_bytes())
        self.stores = weakref.WeakSet()
        # wasmtime's objects free themselves in __del__, which at interpreter exit runs after
        # its module is torn down ("Exception ignored ... TypeError" on stderr): close them first
        atexit.register(self.close)

    def instance(self):
        return WasmtimeInstance(self)

    def close(self) -> None:
        for store in list(self.stores):
            store.close()
        self.module.close()
        self.engine.close()


class WasmtimeInstance:
    def __init__(self, runtime: WasmtimeRuntime):
        wasmtime = runtime.wasmtime
        self.store = wasmtime.Store(runtime.engine)
        runtime.stores.add(self.store)
        exports = wasmtime.Instance(self.store, runtime.module, []).exports(self.store)
        self.memory = exports["memory"]
        self.calls = {name: exports[name]
                      for name in ("input", "input_more", "init", "extend", "step", "result",
                                   "restrict", "donate", "exchange", "board", "suppose")}
        self.errors = (wasmtime.Trap, wasmtime.WasmtimeError, KernelFault)
        self.raw = unchecked_calls()
        if self.raw is not None:
            self.context = self.store._context()
            self.slots = self.raw.slots()
            if not self.raw.checked:   # a wasmtime whose bindings differ: the checked calls
                self.raw = self.raw.check(self)

    def call(self, name: str, *args) -> int:
        if self.raw is None:
            return self.calls[name](self.store, *args)
        slots = self.slots
        for number, value in enumerate(args):
            slots[number].i32 = value
        self.raw.call(self.context, self.calls[name], slots)
        return slots[0].i32

    def write(self, address: int, data: bytes) -> None:
        self.memory.write(self.store, data, address)

    def read(self, address: int, length: int) -> bytes:
        return bytes(self.memory.read(self.store, address, address + length))


class KernelFault(Exception):
    """A trap or an error inside kernel.wasm met by an unchecked call."""


class UncheckedCalls:
    """wasmtime's calls without its per-call type checks: wasmtime.Func's own call looks up
    and converts the function's type each time (~30 us), which a solve that propagation alone
    finishes pays six times; kernel.c's exports take and return i32 only, so the raw call is
    safe (~3 us). Built on wasmtime's ctypes bindings; where they differ, the checked call."""

    def __init__(self, ffi):
        import ctypes
        self.ffi, self.ctypes = ffi, ctypes
        self.trap_type = ffi.wasm_trap_t
        self.checked = False

    def slots(self):
        return (self.ffi.wasmtime_val_raw_t * 4)()

    def check(self, instance) -> UncheckedCalls | None:
        """Once: the raw call answers as the checked one does (`result()`'s address), or
        the checked calls are used from then on."""
        try:
            expected = instance.calls["result"](instance.store)
            slots = instance.slots
            self.call(instance.context, instance.calls["result"], slots)
            agrees = slots[0].i32 == expected
        except Exception:
            agrees = False
        if not agrees:
            _unchecked[0] = None
            return None
        self.checked = True
        return self

    def call(self, context, func, slots) -> None:
        ctypes = self.ctypes
        trap = ctypes.POINTER(self.trap_type)()
        error = self.ffi.wasmtime_func_call_unchecked(context, ctypes.byref(func._func), slots, 4,
                                                      ctypes.byref(trap))
        if error or trap:
            if error:
                self.ffi.wasmtime_error_delete(error)
            if trap:
                self.ffi.wasm_trap_delete(trap)
            raise KernelFault("kernel.wasm trapped")


_unchecked: list = []


def unchecked_calls() -> UncheckedCalls | None:
    if not _unchecked:
        try:
            from wasmtime import _ffi as ffi
            for name in ("wasmtime_func_call_unchecked", "wasmtime_val_raw_t", "wasm_trap_t",
                         "wasmtime_error_delete", "wasm_trap_delete"):
                getattr(ffi, name)
            _unchecked.append(UncheckedCalls(ffi))
        except (ImportError, AttributeError):
            _unchecked.append(None)
    return _unchecked[0]


class BrowserRuntime:
    """kernel.wasm in Pyodide, through the page's (or Node's) WebAssembly."""

    def __init__(self, module):
        self.module = module

    def instance(self):
        import js
        return BrowserInstance(js.WebAssembly.Instance.new(self.module, js.Object.new()).exports)


class BrowserInstance:
    def __init__(self, exports):
        import js
        from pyodide.ffi import JsException
        self.js = js
        self.exports = exports
        self.errors = (JsException,)

    def call(self, name: str, *args) -> int:
        return getattr(self.exports, name)(*args)

    def write(self, address: int, data: bytes) -> None:
        self.js.Uint8Array.new(self.exports.memory.buffer, address, len(data)).assign(data)

    def read(self, address: int, length: int) -> bytes:
        return self.js.Uint8Array.new(self.exports.memory.buffer, address, length).to_bytes()


_runtime = None
_runtime_error: str | None = None
_tried_at_once = False   # Pyodide: compiling synchronously was tried (a page forbids it)
_preparing = None        # Pyodide: prepare() under way, started by the first solve


async def prepare() -> str | None:
    """In Pyodide: compiles kernel.wasm asynchronously, as a page's thread must (Chromium will
    not compile more than 4 KB synchronously there), and makes one instance the same way;
    elsewhere it loads the runtime. Returns why the kernel is unavailable, or None."""
    global _runtime, _runtime_error
    if sys.platform == "emscripten" and _runtime is None and _runtime_error is None:
        try:
            import js
            from pyodide.ffi import to_js
            mark("kernel-compile")
            module = await js.WebAssembly.compile(to_js(WASM.read_bytes()))
            instance = await js.WebAssembly.instantiate(module, js.Object.new())
            _spare.append(BrowserInstance(instance.exports))
            _runtime = BrowserRuntime(module)
            mark("kernel-ready")
        except Exception as error:   # no WebAssembly, a CSP without wasm: Python solves
            _runtime_error = f"kernel.wasm did not compile: {error}"
    return available()


def mark(name: str) -> None:
    """A performance mark in the page's timeline (bench/kernel_bench.py --page reads when the
    kernel was compiled against the page's start); nothing where there is no such timeline."""
    try:
        import js
        js.performance.mark(name)
    except Exception:
        pass


def runtime():
    """The kernel's runtime, loaded once, or None (then `available()` says why, or in a page
    prepare() has yet to finish)."""
    global _runtime, _runtime_error, _tried_at_once
    if _runtime is None and _runtime_error is None:
        if sys.platform == "emscripten":
            if not _tried_at_once:   # Node (and a worker) compile synchronously; a page cannot
                _tried_at_once = True
                try:
                    import js
                    from pyodide.ffi import to_js
                    _runtime = BrowserRuntime(js.WebAssembly.Module.new(to_js(WASM.read_bytes())))
                except Exception:
                    pass   # prepare() compiles it asynchronously
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
    if runtime() is None and _runtime_error is None:
        return "kernel.wasm is still compiling (kernel.prepare)"
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

    def __init__(self, encoding: Encoding, instance):
        self.puzzle = encoding.puzzle
        self.encoding = encoding
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
        ok = send(self.instance, "input", "init", words)
        self.out = self.instance.call("result")
        self.seconds += perf_counter() - start
        return ok

    def extend(self) -> None:
        """The search paused for the derived sums: built and handed over (or, beyond the
        kernel, the Python engine starts over)."""
        words = self.encoding.derived()
        if words is None or not send(self.instance, "input_more", "extend", words):
            raise MemoryError("the derived sums do not fit the kernel")

    def step(self, max_nodes: int) -> SolveResult | None:
        if self.result is not None:
            return self.result
        if self.fallback is not None:
            return self._from_fallback(self.fallback.step(max_nodes))
        start = perf_counter()
        try:
            budget = max(1, max_nodes)
            while self.instance.call("step", budget) == PAUSED:
                self.extend()
                budget = RESULT_HEAD.unpack(self.instance.read(self.out, RESULT_HEAD.size))[9]
            head = self._head = RESULT_HEAD.unpack(self.instance.read(self.out, RESULT_HEAD.size))
        except (*self.instance.errors, MemoryError):
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
                reason = describe(self.encoding.net, problem_of(head[4], head[5], head[6]))
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


def send(instance, where: str, reader: str, words) -> bool:
    """`words` written where the export `where` makes room for them, then read by the export
    `reader`: whether it took them."""
    address = instance.call(where, len(words))
    instance.write(address, struct.pack(f"<{len(words)}i", *words))
    return instance.call(reader) == 0


def problem_of(code: int, where: int, digits: int) -> tuple:
    """The kernel's contradiction as engine.propagate's tuple (digits only for MISSING)."""
    return (code, where, digits & 0xFFFFFFFF) if code == 1 else (code, where)


def kernel_solver(puzzle: Puzzle) -> KernelSolver | None:
    """A KernelSolver for `puzzle`, or None when the kernel is unavailable here or the puzzle's
    network is beyond it."""
    found = runtime()
    if found is None or puzzle.size > MAX_SIZE or puzzle.cell_count > MAX_CELLS:
        return None   # (a grid too big is known before compiling it: the Python engine does)
    encoding = Encoding(puzzle)
    words = encoding.base()
    if words is None:
        return None
    try:
        instance = _spare.pop() if _spare else found.instance()
        solver = KernelSolver(encoding, instance)
        if solver.start(words):
            return solver
    except Exception:   # an instance that cannot be made or fed: Python solves
        pass
    return None


def start_solver(puzzle: Puzzle, engine: str | None = None):
    """A solver for `puzzle`: the kernel's where it can run and the puzzle fits it (or
    `engine="kernel"` asks; unasked, not for grids under SMALLEST_FOR_KERNEL), else the Python
    engine's (`engine="python"` forces it). In a page
    whose kernel is not compiled yet, the Python engine starts while it compiles (Handover)."""
    global _preparing
    if engine is None:
        engine = page_engine()
    if engine not in (None, "python", "kernel"):
        raise ValueError(f"engine must be 'python' or 'kernel', not {engine!r}")
    if engine is None and puzzle.size < SMALLEST_FOR_KERNEL:
        engine = "python"   # faster for small grids (SMALLEST_FOR_KERNEL)
    if engine != "python":
        solver = kernel_solver(puzzle)
        if solver is not None:
            return solver
        if sys.platform == "emscripten" and _runtime is None and _runtime_error is None:
            import asyncio
            if _preparing is None:
                _preparing = asyncio.ensure_future(prepare())
            return Handover(puzzle)
    return Solver(puzzle)


def page_engine() -> str | None:
    """In a page, the engine its address asks for (`&engine=python` or `kernel`: the tests of
    slow solves use the Python engine), else None."""
    if sys.platform != "emscripten":
        return None
    try:
        import js
        from urllib.parse import parse_qs
        asked = parse_qs(str(js.location.search).lstrip("?")).get("engine", [None])[0]
    except Exception:   # no page (Node)
        return None
    return asked if asked in ("python", "kernel") else None


class Handover:
    """The first solve in a page: the Python engine searches while kernel.wasm compiles (a
    fraction of a second, between the page's slices); then, unless it has finished, the kernel
    starts the search again and takes over (the same search, so the same answer, sooner).
    Otherwise a Solver: the attributes are the current engine's."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.current = Solver(puzzle)
        self.waiting = True

    def __getattr__(self, name):
        return getattr(self.current, name)

    def step(self, max_nodes: int) -> SolveResult | None:
        if self.waiting and (_runtime is not None or _runtime_error is not None):
            self.waiting = False
            solver = kernel_solver(self.puzzle) if self.current.result is None else None
            if solver is not None:
                solver.seconds += self.current.seconds
                self.current = solver
        return self.current.step(max_nodes)

    def stop(self, reason: str) -> SolveResult:
        return self.current.stop(reason)


# --- suppositions on one board (the forcing searches) ------------------------------------------

class BoardPropagation:
    """A board's candidates propagated by the kernel from the network's fresh live state, as
    pycore.explain.forcing.propagated does with engine.propagate, and suppositions from there:
    `after(cell, mask)` narrows the cell to `mask` ("cell is digit", or "digit out of cell")
    and propagates. `board` and each answer are (the contradiction met or None, every cell's
    candidates after it: the partial state when a contradiction stopped it), equal to the
    Python engine's (tests/explain/test_forcing_kernel.py). The kernel instance is shared: a
    propagation whose board another one replaced there loads its own again first."""

    def __init__(self, words: tuple[int, ...], masks: list[int], fallback):
        self.words, self.masks, self.fallback = words, masks, fallback
        self.python = None   # the Python twin, made by `fallback`, once the kernel has failed
        self.board = self._load()

    def _load(self) -> tuple:
        instance = _board_kernel.instance
        if _board_kernel.words is not self.words:
            _board_kernel.words = None
            if not send(instance, "input", "init", self.words):
                raise MemoryError("the network does not fit the kernel")
            _board_kernel.words = self.words
            _board_kernel.exchange = instance.call("exchange")
        count = len(self.masks)
        instance.write(_board_kernel.exchange, struct.pack(f"<{count}i", *self.masks))
        instance.call("board")
        _board_kernel.loaded = self
        return self._answer()

    def after(self, cell: int, mask: int) -> tuple:
        if self.python is None:
            try:
                if _board_kernel.loaded is not self:
                    self._load()
                _board_kernel.instance.call("suppose", cell, mask)
                return self._answer()
            except Exception:   # a trap: the Python engine answers from here on
                _board_kernel.words = _board_kernel.loaded = None
                self.python = self.fallback()
        return self.python.after(cell, mask)

    def _answer(self) -> tuple:
        count = len(self.masks)
        words = struct.unpack(f"<{4 + count}i", _board_kernel.instance.read(
            _board_kernel.exchange, 4 * (4 + count)))
        if not words[0]:
            return None, list(words[4:])
        return problem_of(*words[1:4]), list(words[4:])


class _BoardKernel:
    """The one kernel instance the forcing searches use (never one a solve searches in), and
    which network and board it holds."""
    instance = None
    words = None
    loaded = None
    exchange = 0


_board_kernel = _BoardKernel()


@lru_cache(maxsize=8)
def board_words(puzzle: Puzzle, reading: str = "solver") -> tuple[int, ...] | None:
    """init()'s words for a puzzle whose base network the kernel takes (no derived sums: the
    network as compile_puzzle gives it, reasoning as `reading` says), else None."""
    if puzzle.size > MAX_SIZE or puzzle.cell_count > MAX_CELLS:
        return None
    words = Encoding(puzzle, compiled(puzzle, reading)).base()
    return None if words is None else tuple(words)


def board_propagation(puzzle: Puzzle, masks: list[int], fallback,
                      reading: str = "solver") -> BoardPropagation | None:
    """The kernel's propagation of a board of `puzzle` (its candidate masks) in the network of
    `reading`, or None when the kernel does not run here, the page asks for the Python engine
    (`&engine=python`: its hints too) or the kernel cannot take the puzzle (then
    engine.propagate does it, as `fallback()`, the Python twin, does should the kernel fail
    later)."""
    found = runtime()
    if found is None or page_engine() == "python":   # a page asking for the Python engine
        return None
    words = board_words(puzzle, reading)
    if words is None:
        return None
    try:
        if _board_kernel.instance is None:
            _board_kernel.instance = found.instance()
            mark("kernel-suppositions")   # in a page's timeline: the hints' forcing uses it
        return BoardPropagation(words, masks, fallback)
    except Exception:   # an instance that cannot be made or fed: Python propagates
        _board_kernel.instance = _board_kernel.words = _board_kernel.loaded = None
        return None


def split_network(puzzle: Puzzle) -> dict:
    """The network as kernel.c reads it, for a search split over Web Workers that each run the
    bare kernel (web/search-split.js): {"base": init()'s words, "derived": extend()'s (built
    now: the workers have no Python to ask when their search pauses for them), "cells": n}, or
    {"error": why not} (the Python engine asked for, a network beyond the kernel)."""
    if page_engine() == "python":
        return {"error": "the page asks for the Python engine"}
    if puzzle.size > MAX_SIZE or puzzle.cell_count > MAX_CELLS:
        return {"error": "the grid is too big for the kernel"}
    encoding = Encoding(puzzle)
    base = encoding.base()
    derived = encoding.derived() if base is not None else None
    if base is None or (derived is None and puzzle.kind in KILLER_KINDS):
        return {"error": "the network is beyond the kernel"}
    return {"base": base, "derived": derived, "cells": puzzle.cell_count}
