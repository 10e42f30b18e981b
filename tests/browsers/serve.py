"""The built site served on 127.0.0.1 under a sub-path, as GitHub Pages serves a project site:
every URL the page uses must then be relative. Used by the e2e fixtures and the page benchmarks."""
from __future__ import annotations

import http.server
import threading
from functools import partial
from pathlib import Path

import build  # the project's build.py: its quiet, threaded static server

SUB_PATH = "/sub/viewer/"


def serve_directory(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = partial(build.QuietHandler, directory=str(directory))
    server = build.QuietServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}"


def mount(dist: Path, root: Path) -> None:
    """Makes `dist` appear at root/sub/viewer/."""
    target = root / SUB_PATH.strip("/")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to(dist.resolve(), target_is_directory=True)
