"""Fixed-width number fields: base-32/36 digits and the shift transform of version B/C.

A field packs several values, each with a range lo…hi, into one integer: each value is stored
as value - lo in bit_length(hi - lo) bits, the first value in the most significant bits. The
field is as wide as the base-36 spelling of the largest packable integer.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..model import cell_name
from .errors import PuzzleStringError

BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
BASE32 = BASE36[:32]


def where(position: int) -> str:
    return f"position {position + 1}"


def check_alphabet(text: str, alphabet: str, name: str, offset: int = 0) -> None:
    """Refuses the first character outside `alphabet`, read case-insensitively in ASCII only:
    str.lower() folds look-alikes such as the Kelvin sign (U+212A) into 'k', which int(…, 36)
    then refuses, so the check compares against the exact characters instead."""
    allowed = exact_alphabet(alphabet)
    for i, ch in enumerate(text):
        if ch not in allowed:
            raise PuzzleStringError(
                f"character {ch!r} at {where(offset + i)} is not a {name} digit ({alphabet[0]}-{alphabet[-1]})")


def exact_alphabet(alphabet: str) -> frozenset[str]:
    return frozenset(alphabet + alphabet.upper())


def ascii_lower(text: str) -> str:
    """Lower-cases ASCII letters only: no Unicode look-alike becomes an ASCII one."""
    return "".join(ch.lower() if ch.isascii() else ch for ch in text)


def ascii_upper(text: str) -> str:
    """Upper-cases ASCII letters only ('ſ'.upper() is 'S', which must not pass for a header)."""
    return "".join(ch.upper() if ch.isascii() else ch for ch in text)


def write_number(value: int, base: int, width: int) -> str:
    digits, rest = [], value
    while rest:
        rest, digit = divmod(rest, base)
        digits.append(BASE36[digit])
    text = "".join(reversed(digits)).rjust(width, "0")
    if len(text) > width:
        raise PuzzleStringError(f"value {value} does not fit in {width} base-{base} digits")
    return text


def pairs(text: str, base: int) -> list[int]:
    """Two characters per value, as in the 162-character packings."""
    return [int(text[i:i + 2], base) for i in range(0, len(text), 2)]


def width_of(largest: int, base: int = 36) -> int:
    width = 1
    while largest >= base ** width:
        width += 1
    return width


@dataclass(frozen=True)
class Layout:
    """The values of one field, most significant first, as (name, lo, hi)."""
    values: tuple[tuple[str, int, int], ...]

    @cached_property
    def bits(self) -> tuple[int, ...]:
        return tuple((hi - lo).bit_length() for _, lo, hi in self.values)

    @cached_property
    def peel_order(self) -> tuple[tuple[str, int, int, int, int], ...]:
        """(name, lo, hi, bits, bit mask), least significant value first."""
        return tuple((name, lo, hi, bits, (1 << bits) - 1)
                     for (name, lo, hi), bits in zip(reversed(self.values), reversed(self.bits)))

    @cached_property
    def width(self) -> int:
        largest = 0
        for (_, lo, hi), bits in zip(self.values, self.bits):
            largest = (largest << bits) | (hi - lo)
        return width_of(largest)

    def pack(self, values: dict[str, int]) -> int:
        packed = 0
        for (name, lo, _), bits in zip(self.values, self.bits):
            packed = (packed << bits) | (values[name] - lo)
        return packed

    def unpack(self, packed: int, cell: int, size: int) -> dict[str, int]:
        """Peels values off from the least significant end; refuses any out of range."""
        values = {}
        for name, lo, hi, bits, bit_mask in self.peel_order:
            value = (packed & bit_mask) + lo
            packed >>= bits
            if value > hi:
                raise PuzzleStringError(
                    f"{cell_name(cell, size)}: {name} {value} is out of range ({lo}…{hi})")
            values[name] = value
        if packed:
            raise PuzzleStringError(f"{cell_name(cell, size)}: field value is out of range (larger than any this format writes)")
        return values


