"""Version B/C: a `<type><size><version>` header, then one fixed-width base-36 field per cell."""
from __future__ import annotations

from functools import lru_cache

from ..model import CAGED_KINDS, Position, Puzzle, cell_name
from .cages import cage_contents, cages_from_colours, check_puzzle, colour_cages
from .errors import PuzzleStringError
from .fields import BASE36, Layout, ascii_lower, ascii_upper, check_alphabet, write_number

KIND_OF_TYPE = {"S": "sudoku", "X": "sudoku-x", "W": "windoku", "J": "jigsaw",
                "L": "killer", "M": "killer-jigsaw", "K": "kenken", "D": "kendoku"}
TYPE_OF_KIND = {kind: letter for letter, kind in KIND_OF_TYPE.items()}
SUDOKU_SIZES = (3, 4, 5, 6, 7, 8, 9, 16, 25)
CAGED_SIZES = (3, 4, 5, 6, 7, 8, 9)


def sizes_for(letter: str) -> tuple[int, ...]:
    return SUDOKU_SIZES if letter in "SXWJ" else CAGED_SIZES


def version_for(letter: str) -> str:
    return "C" if letter in "KD" else "B"


def header_for(puzzle: Puzzle) -> str:
    letter = TYPE_OF_KIND[puzzle.kind]
    return f"{letter}{BASE36[puzzle.size].upper()}{version_for(letter)}"


@lru_cache(maxsize=None)
def layout_for(letter: str, n: int, with_box: bool = False) -> Layout:
    """The field layout of one cell; `with_box` is the development-era L9B with a 0-based box
    number in front (408 characters)."""
    cell = ("cell", 0, 2 * n + 2 ** n - 1)
    region = ("region", 1, n)
    colour = ("colour", 1, 5)
    if letter in "SXW":
        values = [cell]
    elif letter == "J":
        values = [region, cell]
    elif letter in "LM":
        values = [colour, ("content", 0, n * (n + 1) // 2), cell]
        if letter == "M":
            values.insert(0, region)
        if with_box:
            values.insert(0, ("box", 0, 15))
    else:
        values = [colour, ("content", 0, min(2047, n ** 3 * (n - 1) * (n - 2))), cell]
    return Layout(tuple(values))


def read_header(bd: str) -> tuple[str, int, str]:
    if len(bd) < 3:
        raise PuzzleStringError(f"string too short ({len(bd)} characters) to have a header like L9B")
    letter, size_char, version = ascii_upper(bd[0]), ascii_lower(bd[1]), ascii_upper(bd[2])
    if letter in "TBUV":
        raise PuzzleStringError(f"header {bd[:3]!r} is a Str8ts puzzle, which this app does not read yet")
    if letter not in KIND_OF_TYPE:
        raise PuzzleStringError(f"unknown header {bd[:3]!r}: the type {bd[0]!r} is not one of S X W J L M K D")
    if size_char not in BASE36[1:] or BASE36.index(size_char) not in sizes_for(letter):
        sizes = " ".join(BASE36[s].upper() for s in sizes_for(letter))
        raise PuzzleStringError(f"header {bd[:3]!r}: size {bd[1]!r} is not supported for {letter} (sizes: {sizes})")
    expected = version_for(letter)
    # K6B is a development-era spelling of K6C with the same fields.
    if version != expected and not (letter in "KD" and version == "B"):
        raise PuzzleStringError(f"header {bd[:3]!r}: version {bd[2]!r} is not known for {letter} (expected {expected})")
    return letter, BASE36.index(size_char), version


def decode(bd: str) -> tuple[Puzzle, Position, str]:
    letter, n, version = read_header(bd)
    layout = layout_for(letter, n)
    cells = n * n
    body = bd[3:]
    if len(body) != cells * layout.width:
        dev_era = layout_for(letter, n, with_box=True) if letter == "L" else None
        if dev_era is not None and len(body) == cells * dev_era.width:
            layout = dev_era
        else:
            raise PuzzleStringError(
                f"wrong length: {ascii_upper(bd[:3])} strings have {3 + cells * layout.width} characters "
                f"(header + {cells} fields of {layout.width}); this one has {len(bd)}")
    check_alphabet(body, BASE36, "base-36", offset=3)
    width = layout.width
    fields = [layout.unpack(int(body[i * width:(i + 1) * width], 36), i, n) for i in range(cells)]
    kind = KIND_OF_TYPE[letter]
    caged = kind in CAGED_KINDS
    givens, solved, candidates = [], [], []
    for value in (field["cell"] for field in fields):
        given, digit, mask = read_cell(value, n)
        givens.append(0 if caged else given)  # killer and KenKen have no givens
        solved.append(digit)
        candidates.append(mask)
    regions = tuple(field["region"] for field in fields) if letter in "JM" else None
    cages = ()
    if caged:
        cages = cages_from_colours([f["colour"] for f in fields], [f["content"] for f in fields], n,
                                   arithmetic=letter in "KD")
    puzzle = check_puzzle(Puzzle(kind, n, tuple(givens), regions, cages))
    return puzzle, Position(tuple(solved), tuple(candidates)), f"{letter}{ascii_upper(bd[1])}{version}"


def read_cell(value: int, n: int) -> tuple[int, int, int]:
    """(given, solved digit, candidate mask) from a cell value: 0 nothing, 1…n given,
    n+1…2n solved, above 2n a candidate mask."""
    if value == 0:
        return 0, 0, 0
    if value <= n:
        return value, 0, 0
    if value <= 2 * n:
        return 0, value - n, 0
    return 0, 0, value - 2 * n


def cell_value(given: int, digit: int, mask: int, n: int) -> int:
    if given:
        return given
    if digit:
        return n + digit
    return 2 * n + mask if mask else 0


def encode(puzzle: Puzzle, position: Position) -> str:
    letter = TYPE_OF_KIND[puzzle.kind]
    n = puzzle.size
    layout = layout_for(letter, n)
    caged = puzzle.kind in CAGED_KINDS
    if caged and any(puzzle.givens):
        cell = next(i for i, g in enumerate(puzzle.givens) if g)
        raise PuzzleStringError(f"{letter} strings cannot hold givens (one at {cell_name(cell, n)}); "
                                f"they hold cages and the player's digits")
    colours = colour_cages(puzzle) if caged else None
    contents = cage_contents(puzzle) if caged else None
    content_limit = layout.values[-2][2] if caged else 0
    fields = []
    for cell in range(puzzle.cell_count):
        values = {"cell": cell_value(puzzle.givens[cell], position.solved[cell], position.candidates[cell], n)}
        if puzzle.regions is not None:
            values["region"] = puzzle.regions[cell]
        if caged:
            if contents[cell] > content_limit:
                raise PuzzleStringError(
                    f"the cage at {cell_name(cell, n)} has target {contents[cell]}, more than the format's {content_limit}")
            values["colour"] = colours[cell]
            values["content"] = contents[cell]
        fields.append(write_number(layout.pack(values), 36, layout.width))
    return header_for(puzzle) + "".join(fields)
