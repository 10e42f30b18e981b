"""Pictures in tests without third-party packages: PNG size, pixels and cropping (8-bit RGB/RGBA,
non-interlaced: what browsers write) and the text of an SVG."""
from __future__ import annotations

import struct
import zlib
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def png_pixels(data: bytes, max_rows: int | None = None) -> list[list[tuple[int, ...]]]:
    """Rows of pixels (RGB or RGBA tuples), the first `max_rows` only if given."""
    width, height = png_size(data)
    height = min(height, max_rows or height)
    pos, idat, colour_type = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            depth, colour_type, _, _, interlace = body[8:13]
            assert depth == 8 and colour_type in (2, 6) and interlace == 0, "unexpected PNG layout"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filt = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if filt == 1:
                line[i] = (line[i] + left) & 255
            elif filt == 2:
                line[i] = (line[i] + up) & 255
            elif filt == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif filt == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x:x + channels]) for x in range(0, stride, channels)])
        previous = line
    return rows


def png_encode(rows: list[list[tuple[int, ...]]]) -> bytes:
    width, height, channels = len(rows[0]), len(rows), len(rows[0][0])
    raw = b"".join(b"\0" + bytes(v for pixel in row for v in pixel) for row in rows)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def png_crop(data: bytes, width: int, height: int) -> bytes:
    """The top-left width x height of a PNG, as a PNG."""
    return png_encode([row[:width] for row in png_pixels(data, height)])


def is_dark(pixel: tuple[int, ...]) -> bool:
    alpha = pixel[3] if len(pixel) == 4 else 255
    return alpha > 128 and sum(pixel[:3]) < 3 * 100


def svg_texts(svg: str, group: str | None = None) -> list[str]:
    """The text of every <text> in the SVG, or in its top-level <g class=group> only."""
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == SVG_NS + "svg"
    scopes = [g for g in root.findall(SVG_NS + "g") if g.get("class") == group] if group else [root]
    return [node.text or "" for scope in scopes for node in scope.iter(SVG_NS + "text")]
