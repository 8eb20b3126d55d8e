"""A client that aborts an upload halfway is not an error of the gateway: at most one log line, no traceback,
on every surface that reads a body."""

from __future__ import annotations

import logging
import select
import socket
from urllib.parse import urlsplit

import pytest

from tests.support.live import LiveGateway
from tests.support.waits import eventually

PATHS = ("/rest/v1/partners", "/rest/v1/rpc/get_partner_with_access_control", "/auth/v1/signup",
         "/functions/v1/send-contact-email", "/realtime/v1/api/broadcast", "/realtime/v1/api/broadcast/room/events/e")


def abort_upload(gateway: LiveGateway, path: str) -> None:
    """Announces 1 MB, sends 64 KiB of it, and hangs up."""
    url = urlsplit(gateway.url)
    head = (f"POST {path} HTTP/1.1\r\nHost: {url.netloc}\r\napikey: {gateway.anon_key}\r\n"
            f"Authorization: Bearer {gateway.anon_key}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {1024 * 1024}\r\n\r\n")
    with socket.create_connection((url.hostname, url.port), timeout=10) as conn:
        conn.sendall(head.encode() + b'{"pad": "' + b"x" * (64 * 1024))
        # A service that answers without reading the body (a function not deployed here) has already replied.
        eventually(lambda: gateway.requests_in_flight() or select.select([conn], [], [], 0)[0],
                   "the request to reach the gateway")


@pytest.mark.parametrize("path", PATHS)
def test_an_aborted_upload_logs_one_line_at_most_and_no_traceback(gateway: LiveGateway, path: str, caplog):
    with caplog.at_level(logging.INFO):
        abort_upload(gateway, path)
        eventually(lambda: gateway.requests_in_flight() == 0, "the gateway to finish with the aborted request")
    records = [r for r in caplog.records if r.name.startswith(("gateway", "uvicorn"))]
    assert len(records) <= 1, [r.getMessage() for r in records]
    assert all(r.exc_info is None and r.levelno < logging.ERROR for r in records), \
        [(r.levelname, r.getMessage()) for r in records]
