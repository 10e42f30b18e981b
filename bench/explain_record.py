"""Everything the explainer says, recorded, to prove a speed change says the same: every step
(strategy, placements, eliminations, text, chain) of every puzzle explain_bench explains, and
hint_view's whole answer on hint_bench's positions, one JSON line each.

    python -m bench.explain_record /tmp/before.jsonl      # on the old code
    python -m bench.explain_record /tmp/after.jsonl       # on the new
    cmp /tmp/before.jsonl /tmp/after.jsonl                # equal: the same output, byte for byte

`--part explain` or `--part hints` records one half. About 1.5-4 min of CPU for both.
"""
from __future__ import annotations

import argparse
import json

from bench import explain_bench, hint_bench
from pycore import api
from pycore.explain import explain
from pycore.model import Position


def explained(out) -> None:
    items = (list(explain_bench.tatham_items(False)) + list(explain_bench.corpus_items(False))
             + list(explain_bench.tarek_items(False)))
    for _, label, _, puzzle, _, string in items:
        report = explain(puzzle, Position.empty(puzzle.cell_count))
        steps = [[s["strategy"], s["placements"], s["eliminations"], s["text"], s.get("chain")]
                 for s in report["steps"]]
        out.write(json.dumps([label, string, report["status"], steps]) + "\n")


def hint_positions() -> list[tuple[str, list[str]]]:
    """hint_bench's positions: every few steps of its dev puzzles, the forcing positions of
    Tatham's unreasonable KenKens, and the issue-44 gallery."""
    texts = []
    for label in hint_bench.LABELS.values():
        for entry in [e for e in hint_bench.DEV if e["label"] == label][:hint_bench.PER_LABEL]:
            text = entry["strings"]["versioned"]
            texts += [(text, p) for p in hint_bench.positions(text)]
    for line in hint_bench.TATHAM.read_text().splitlines():
        record = json.loads(line)
        if record["label"] == "keen-9du" and record["seed"] in hint_bench.UNREASONABLE:
            texts += [(record["string"], p) for p in hint_bench.forcing_positions(record["string"])]
    from tests.e2e.test_hint_sets import GALLERY, NEWER
    for string in [s for _, s in GALLERY] + [s for _, _, s in NEWER]:
        texts.append((string, api.decode_view(string)["progress"]))
    return texts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the JSON-lines file to write")
    parser.add_argument("--part", choices=("explain", "hints", "all"), default="all")
    args = parser.parse_args(argv)
    with open(args.out, "w", encoding="utf-8") as out:
        if args.part in ("explain", "all"):
            explained(out)
        if args.part in ("hints", "all"):
            for text, progress in hint_positions():
                out.write(json.dumps(api.hint_view(text, progress), sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
