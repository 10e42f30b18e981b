"""The same tests at two revisions, timed side by side: did a change make the suite slower?

A restructure moves and renames test files, so the tests are matched by their function name and
parameters (the file with the most path words in common when a name repeats). A random sample of
the older revision's tests, with their counterparts at the newer one, runs at both revisions at the
same time, one pytest each, so both see the same load on this shared machine; the per-test times
come from pytest's JUnit report. Only tests that pass at both are compared.

    python -m bench.test_time_ab OLD NEW [--sample 120] [--seed 40]

Each revision is checked out as a worktree under a temporary folder, with this checkout's .venv,
node_modules and ../shared linked in.
"""
from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worktree(rev: str, where: Path) -> Path:
    subprocess.run(["git", "worktree", "add", "--detach", "-f", str(where), rev], cwd=ROOT, check=True,
                   capture_output=True)
    for name in (".venv", "node_modules"):
        (where / name).symlink_to(ROOT / name)
    return where


def collected(tree: Path) -> list[str]:
    out = subprocess.run([str(tree / ".venv/bin/python"), "-m", "pytest", "tests", "--collect-only", "-q",
                          "-p", "no:cacheprovider"], cwd=tree, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if "::" in line]


def path_words(node: str) -> set[str]:
    return set(re.split(r"[/_.]", node.split("::")[0])) - {"tests", "test", "py", ""}


def counterparts(old: list[str], new: list[str]) -> list[tuple[str, str]]:
    by_name = defaultdict(list)
    for node in new:
        by_name[node.split("::", 1)[1]].append(node)
    return [(node, max(by_name[name], key=lambda n: len(path_words(n) & path_words(node))))
            for node in old if (name := node.split("::", 1)[1]) in by_name]


def times(report: Path) -> dict[str, float]:
    """{nodeid-ish key: seconds} of the tests that passed."""
    found = {}
    for case in ET.parse(report).iter("testcase"):
        if not any(child.tag in ("failure", "error", "skipped") for child in case):
            found[f"{case.get('classname')}::{case.get('name')}"] = float(case.get("time"))
    return found


def key(node: str) -> str:
    path, rest = node.split("::", 1)
    return f"{path[:-3].replace('/', '.')}::{rest}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--sample", type=int, default=120)
    parser.add_argument("--seed", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        (base / "shared").symlink_to(ROOT.parent / "shared")
        trees = [worktree(args.old, base / "old"), worktree(args.new, base / "new")]
        try:
            pairs = counterparts(collected(trees[0]), collected(trees[1]))
            chosen = sorted(random.Random(args.seed).sample(range(len(pairs)), min(args.sample, len(pairs))))
            runs = []
            for side, tree in enumerate(trees):
                (tree / "chosen.txt").write_text("".join(pairs[i][side] + "\n" for i in chosen))
                runs.append(subprocess.Popen([str(tree / ".venv/bin/python"), "-m", "pytest", "@chosen.txt", "-q",
                                              "-p", "no:cacheprovider", "-p", "no:randomly",
                                              "--junitxml=report.xml"], cwd=tree, stdout=subprocess.DEVNULL))
            for run in runs:
                run.wait()
            old_times, new_times = (times(tree / "report.xml") for tree in trees)
        finally:
            for tree in trees:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
    compared = [(pairs[i][0], old_times[key(pairs[i][0])], new_times[key(pairs[i][1])]) for i in chosen
                if key(pairs[i][0]) in old_times and key(pairs[i][1]) in new_times]
    print(f"{len(pairs)} tests at {args.old} have a counterpart at {args.new}; {len(chosen)} sampled, "
          f"{len(compared)} passed at both")
    groups = {"browser (e2e)": lambda n: "/e2e/" in n, "explain": lambda n: "/explain/" in n,
              "the rest": lambda n: "/e2e/" not in n and "/explain/" not in n, "all": lambda n: True}
    print("| tests | count | old s | new s | new / old |\n|---|---:|---:|---:|---:|")
    for name, member in groups.items():
        rows = [(o, n) for node, o, n in compared if member(node)]
        old_sum, new_sum = sum(o for o, _ in rows), sum(n for _, n in rows)
        print(f"| {name} | {len(rows)} | {old_sum:.1f} | {new_sum:.1f} | {new_sum / old_sum:.2f} |" if rows else
              f"| {name} | 0 | | | |")
    ratios = [n / o for _, o, n in compared if o > 0.5]
    if len(ratios) >= 4:
        q1, med, q3 = statistics.quantiles(ratios, n=4)
        print(f"per test (over 0.5 s at the old revision, {len(ratios)}): median {med:.2f}, quartiles {q1:.2f}-{q3:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
