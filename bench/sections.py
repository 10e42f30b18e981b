"""BENCHMARKS.md is made of `## ` sections, each written by one benchmark's --write."""
from __future__ import annotations

import re
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "BENCHMARKS.md"


def replace_section(text: str, path: Path = BENCHMARKS) -> None:
    """Puts `text` (starting with its `## ` heading) in place of that section, or at the end."""
    heading = text.splitlines()[0]
    old = path.read_text(encoding="utf-8")
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    new = (pattern.sub(lambda _: text.rstrip("\n") + "\n\n", old, count=1) if pattern.search(old)
           else old.rstrip("\n") + "\n\n" + text)
    path.write_text(new.rstrip("\n") + "\n", encoding="utf-8")
