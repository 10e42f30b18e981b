"""Where a puzzle string comes from: a bare string, a query string, or a whole URL
(SudokuWiki's or this project's), percent-encoded or not.

One reading for the page and the command line alike (`read_link`): parameter names are read
without regard to case and after percent-decoding (`?BD=`, `?%62d=` are `bd=`), and when a
parameter comes twice the first one counts (`?bd=X&bd=Y` is X), which is also what the page's
first paint (web/index.html) takes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import KINDS
from .errors import PuzzleStringError, quoted
from .fields import ascii_lower

BOM = "\ufeff"
MAX_INPUT = 20_000  # the longest real string (a 25×25 jigsaw) is under 4,000 characters

# SudokuWiki page names, lower-cased, tested in this order, and the kind each implies.
PAGE_KINDS = (
    ("killerjigsaw", "killer-jigsaw"), ("jigsawkiller", "killer-jigsaw"),
    ("killer", "killer"), ("kenken", "kenken"), ("kendoku", "kendoku"),
    ("sudokux", "sudoku-x"), ("sudoku_x", "sudoku-x"), ("windoku", "windoku"), ("jigsaw", "jigsaw"),
)


# urllib.parse's unquote and parse_qsl, re-stated: importing urllib.parse pulls in ipaddress,
# ~75 ms of the page's start-up under Pyodide (tests/test_codec_source.py checks they agree).
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def unquote(text: str) -> str:
    """Percent-decoding as urllib.parse.unquote: runs of %XX as UTF-8, bad bytes replaced."""
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"), text)


# What encodeURIComponent leaves as it is, and the comma, which SudokuWiki's killer strings hold
# and the page has always written plainly.
_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'(),")


def quote(text: str) -> str:
    """A parameter's value as the page writes it in its address: encodeURIComponent's escapes
    (UTF-8 bytes as %XX), the comma kept; unquote reads it back."""
    return "".join(ch if ch in _PLAIN else "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))
                   for ch in text)


def parse_qsl(query: str, keep_blank_values: bool = False) -> list[tuple[str, str]]:
    """As urllib.parse.parse_qsl (separator "&", not strict): "+" is a space, then unquote."""
    pairs = []
    for field in query.split("&"):
        if not field:
            continue
        name, eq, value = field.partition("=")
        if not eq and not keep_blank_values:
            continue
        if value or keep_blank_values:
            pairs.append((unquote(name.replace("+", " ")), unquote(value.replace("+", " "))))
    return pairs


@dataclass(frozen=True)
class Source:
    bd: str                 # "" when the link holds no puzzle (read_link only)
    params: dict[str, str]  # lower-cased names, the first of each, in the order they came
    page_kind: str | None   # what the URL's page or a `kind=` parameter says, if anything
    linked: bool = False    # read from a query or a link, not a bare string


def read_source(text: str) -> Source:
    """The link's puzzle: read_link, refusing a link with no puzzle in it."""
    source = read_link(text)
    if source.bd:
        return source
    if not source.linked:
        raise PuzzleStringError("no puzzle string given")
    if "bd" in source.params:
        raise PuzzleStringError("the link's bd= parameter is empty")
    raise PuzzleStringError("the link has no bd= parameter holding the puzzle")


def read_link(text: str) -> Source:
    """A bare string, a query or a whole link read as its puzzle string and parameters; `bd` is
    empty when the link has none (the page then shows its start page rather than an error)."""
    if not isinstance(text, str):
        raise PuzzleStringError("the puzzle must be given as text")
    if len(text) > MAX_INPUT:
        raise PuzzleStringError(f"input of {len(text)} characters is too long to be a puzzle (limit {MAX_INPUT})")
    # A byte-order mark leads text saved by some editors; links wrapped in e-mails and forum
    # posts pick up spaces and breaks.
    text = "".join(text.strip().lstrip(BOM).split())
    if "%" in text and "=" not in text and "?" not in text:
        text = unquote(text)  # a whole link or string percent-encoded once more
    page, query = "", None
    if "?" in text:
        address, query = text.split("?", 1)
        page = ascii_lower(address.rsplit("/", 1)[-1])
    elif "://" in text:
        query = ""  # a link with no query cannot hold a puzzle
    elif "=" in text:
        query = text
    if query is not None:
        query = query.split("#", 1)[0]
    if query is None:
        return Source(text, {}, None)
    params: dict[str, str] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        params.setdefault(ascii_lower(key), value.strip())   # the first of each name counts
    return Source(params.get("bd", ""), params, kind_from(page, params.get("kind")), linked=True)


def kind_from(page: str, kind_param: str | None) -> str | None:
    if kind_param:
        if kind_param not in KINDS:
            raise PuzzleStringError(f"unknown kind={quoted(kind_param)} (one of {', '.join(KINDS)})")
        return kind_param
    for name, kind in PAGE_KINDS:
        if name in page:
            return kind
    return None
