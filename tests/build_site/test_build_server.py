"""The local server (`python build.py --serve`, and the e2e tests' server): a browser that closes
a page mid-download resets the connection, which is routine and must not print a traceback."""
from __future__ import annotations

import http.server
import socket
import struct
import threading
from functools import partial

import pytest

import build


def reset_mid_download(server_class, directory) -> None:
    """Serves `directory`, asks for its big file and resets the connection after the first bytes."""
    class Joined(server_class):
        # ThreadingHTTPServer's request threads are daemons, which server_close does not wait
        # for: the error report could come after the test has read stderr.
        daemon_threads = False
    server = Joined(("127.0.0.1", 0), partial(build.QuietHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with socket.create_connection(server.server_address[:2]) as sock:
            sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert sock.recv(1024).startswith(b"HTTP/1.0 200")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    finally:
        server.shutdown()
        server.server_close()   # waits for the request's thread to end


@pytest.fixture
def site(tmp_path):
    (tmp_path / "big.bin").write_bytes(b"x" * 20_000_000)
    return tmp_path


def test_a_reset_connection_prints_nothing(site, capsys):
    reset_mid_download(build.QuietServer, site)
    assert capsys.readouterr().err == ""


def test_the_plain_server_would_print_a_traceback(site, capsys):
    # The control: the same reset does reach handle_error, so the test above can fail.
    reset_mid_download(http.server.ThreadingHTTPServer, site)
    err = capsys.readouterr().err
    assert "ConnectionResetError" in err or "BrokenPipeError" in err
