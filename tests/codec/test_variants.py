"""Development-era strings a robust reader accepts (docs/formats.md, section 4, last paragraph)."""
from tests.corpus import DEV, REAL
from pycore.codec import decode, encode
from pycore.codec.fields import write_number


def test_l9b_with_five_character_fields_and_a_box_number_in_front():
    text = next(e["string"] for e in REAL if e["string"].startswith("L9B"))
    fields = [text[3 + 4 * i: 7 + 4 * i] for i in range(81)]
    # Each 19-bit field gains a 4-bit 0-based box number on top.
    dev_era = "L9B" + "".join(
        write_number(((cell // 27) * 3 + (cell % 9) // 3) << 19 | int(field, 36), 36, 5)
        for cell, field in enumerate(fields))
    assert len(dev_era) == 408
    assert decode(dev_era) == decode(text)
    puzzle, position = decode(dev_era)
    assert encode(puzzle, position) == encode(*decode(text))  # written back in the current form


def test_k6b_reads_as_k6c():
    for entry in DEV:
        text = entry["strings"]["versioned"]
        if text.startswith(("K6C", "D6C")):
            old = text[:2] + "B" + text[3:]
            assert decode(old) == decode(text)
            assert decode(old.lower()) == decode(text)
