"""Decode and encode speed, per format, on the corpus's 9×9 strings (and 16×16, 25×25).

Run from the repository root:  python -m bench.codec_bench
Prints, per format: median µs per decode and per encode over many rounds, the spread
(interquartile range), and the ratio to a reference run in the same process: the bare cost of
splitting the same string into its fields and reading each as a number (int(field, base)), the
least any decoder must do.
"""
import statistics
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from tests.corpus import DEV
from pycore.codec import decode, encode

ROUNDS, NUMBER = 15, 200


def reference(text: str):
    """Split into fields and read each: the floor under any decoder of this string."""
    bd = text.split("bd=")[-1].split("&")[0]
    if bd[:1].isalpha() and bd[2:3].upper() in "BC":  # version B/C: header, then n² fields
        body = bd[3:]
        width = len(body) // int(bd[1], 36) ** 2
        return [int(body[i:i + width], 36) for i in range(0, len(body), width)]
    if len(bd) == 81:
        return [int(ch) for ch in bd]
    body = bd.replace(",", "")  # 162 packing, May 2024 pairs, Version A's digits and totals
    return [int(body[i:i + 2], 32) for i in range(0, len(body), 2)]


def measure(function) -> list[float]:
    return [t / NUMBER * 1e6 for t in timeit.repeat(function, number=NUMBER, repeat=ROUNDS)]


def quartiles(samples):
    q = statistics.quantiles(samples, n=4)
    return q[0], q[2]


def main():
    cases = {}
    for entry in DEV:
        for fmt, text in entry["strings"].items():
            key = f"{text[:3].upper() if fmt == 'versioned' else fmt}"
            cases.setdefault(key, (entry, fmt, text))
    print(f"{'format':<12} {'decode µs':>10} {'IQR':>13} {'encode µs':>10} {'reference µs':>13} {'decode/ref':>10}")
    rows = []
    for key, (entry, fmt, text) in sorted(cases.items(), key=lambda kv: (len(kv[1][2]), kv[0])):
        hint = entry["kind"] if fmt in ("digits", "packed162") else None
        puzzle, position = decode(text, kind_hint=hint)
        dec = measure(lambda: decode(text, kind_hint=hint))
        enc = measure(lambda: encode(puzzle, position, fmt))
        ref = measure(lambda: reference(text))
        low, high = quartiles(dec)
        row = (key, statistics.median(dec), low, high, statistics.median(enc), statistics.median(ref))
        rows.append(row)
        print(f"{row[0]:<12} {row[1]:>10.1f} {f'{low:.1f}–{high:.1f}':>13} {row[4]:>10.1f} {row[5]:>13.1f} "
              f"{row[1] / row[5]:>10.1f}")
    return rows


if __name__ == "__main__":
    main()
