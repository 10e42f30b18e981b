"""A slow line on the server's side, for every engine: Chromium's network emulation (DevTools
protocol) exists in Chromium only, so the bench's Firefox and WebKit rows (bench/page_bench.py
--slow-only) throttle in the server instead. Every response goes through one shared pipe of
`bits_per_second` (all requests in flight share it, chunk by chunk, as on a real line), after
`latency_s` added before each response starts. What the server sends is what is throttled: gzipped
where the bench serves gzip, headers included."""
from __future__ import annotations

import threading
import time

CHUNK = 16 * 1024   # the unit the senders take turns in: a fair share among concurrent responses


class SharedLine:
    """One pipe: each chunk written takes its slot after the chunks already booked by any thread."""

    def __init__(self, bits_per_second: float = 10e6, latency_s: float = 0.150):
        self.bytes_per_second = bits_per_second / 8
        self.latency_s = latency_s
        self.lock = threading.Lock()
        self.free_at = 0.0   # time.monotonic() when the line has sent everything booked so far

    def book(self, size: int) -> float:
        """Books `size` bytes on the line; returns when they will have gone out."""
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.bytes_per_second
            return self.free_at

    def send(self, write, data: bytes) -> None:
        view = memoryview(data)
        for at in range(0, len(view), CHUNK):
            chunk = view[at:at + CHUNK]
            delay = self.book(len(chunk)) - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            write(chunk)


class ThrottledFile:
    """A handler's wfile whose writes go through `line`."""

    def __init__(self, raw, line: SharedLine):
        self.raw = raw
        self.line = line

    def write(self, data):
        self.line.send(self.raw.write, bytes(data))
        return len(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def throttled(handler_class, line: SharedLine):
    """`handler_class` (an http.server handler) with every response on `line`: latency first,
    then the bytes through the shared pipe."""

    class Throttled(handler_class):
        def setup(self):
            super().setup()
            self.wfile = ThrottledFile(self.wfile, line)

        def handle_one_request(self):
            time.sleep(line.latency_s)
            super().handle_one_request()

    return Throttled
