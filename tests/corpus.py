"""The shared corpus, loaded once for every test.

A copy lives in tests/data so a clone is self-contained; ../shared/corpus (beside the project
root) wins when present, so new corpus lines are picked up without a commit.
"""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared" / "corpus"
CORPUS = SHARED if (SHARED / "dev.jsonl").exists() else HERE / "data"


def load(name: str) -> list[dict]:
    with open(CORPUS / name, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


REAL = load("sudokuwiki.jsonl")
DEV = load("dev.jsonl")
