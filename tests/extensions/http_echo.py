"""A small HTTP server on loopback for the pg_net and pg_cron tests: it records each request and answers it with a
JSON echo; `/slow` answers after two seconds, `/status/<n>` with that status."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class EchoServer:
    url: str
    requests: list[Recorded] = field(default_factory=list)

    def to(self, path: str) -> list[Recorded]:
        return [request for request in self.requests if request.path.split("?")[0] == path]


@contextmanager
def echo_server() -> Iterator[EchoServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    echo = EchoServer(url=f"http://127.0.0.1:{server.server_address[1]}")
    server.echo = echo  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield echo
    finally:
        server.shutdown()
        server.server_close()


class _Handler(BaseHTTPRequestHandler):
    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.server.echo.requests.append(  # type: ignore[attr-defined]
            Recorded(self.command, self.path, dict(self.headers.items()), body))
        if self.path.startswith("/slow"):
            time.sleep(2)
        status = int(self.path.split("/status/")[1]) if self.path.startswith("/status/") else 200
        reply = json.dumps({"method": self.command, "path": self.path}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-Echo", "yes")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    do_GET = do_POST = do_DELETE = _answer

    def log_message(self, format: str, *args: object) -> None:
        pass
