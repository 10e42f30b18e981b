"""Builds kernel.wasm from kernel.c with the pinned `ziglang` (requirements-build.txt): a
freestanding wasm32 module, no libc, no Emscripten; the same bytes on every machine.

    python -m pycore.solve.build_kernel            # rewrites pycore/solve/kernel.wasm
    python -m pycore.solve.build_kernel --check    # fails unless a rebuild gives the same bytes

The committed kernel.wasm is what the wheel ships (package data), so neither a user's install nor
the site's build needs a C compiler; CI's --check keeps it the build of the committed source.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "kernel.c"
WASM = HERE / "kernel.wasm"
# -s: no debug sections (they hold paths); without -nostdlib zig links its compiler-rt, which
# the probe's quad-precision 2.0 ** x needs.
FLAGS = ["--target=wasm32-freestanding", "-O3", "-s", "-Wl,--no-entry"]


def build(out: Path) -> None:
    try:
        import ziglang  # noqa: F401
    except ImportError:
        raise SystemExit("build_kernel: ziglang is not installed: "
                         "pip install -r requirements-build.txt (it pins ziglang)")
    command = [sys.executable, "-m", "ziglang", "cc", *FLAGS, "-o", str(out), str(SOURCE)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"build_kernel: {' '.join(command)} failed:\n{done.stderr}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="rebuild into a temporary file and compare with kernel.wasm")
    args = parser.parse_args(argv)
    if not args.check:
        build(WASM)
        print(f"{WASM}: {WASM.stat().st_size} bytes")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "kernel.wasm"
        build(fresh)
        if fresh.read_bytes() != WASM.read_bytes():
            print("build_kernel: kernel.wasm is not the build of kernel.c: "
                  "run python -m pycore.solve.build_kernel and commit it")
            return 1
    print("kernel.wasm is the build of kernel.c")
    return 0


if __name__ == "__main__":
    sys.exit(main())
