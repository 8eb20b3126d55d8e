"""A request cannot forge lines of the gateway's log: the control characters of a path (`%0a`, `%0d`, `%1b`, U+2028)
are written as their escapes, over raw HTTP, so every record is one line as the operator's terminal shows it."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from dataclasses import replace
from urllib.parse import urlsplit

import pytest

from gateway.settings import Settings
from tests.support.live import LiveGateway, bind_to_port, run_gateway

# What `gateway serve` prints a record as (gateway/cli/main.py).
FORMATTER = logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s")
FORGED = "2026-01-01 00:00:00,000 INFO gateway.requests POST /auth/v1/admin/users 200 1.0 ms forged"


@pytest.fixture(scope="module")
def logged_gateway(settings: Settings) -> Iterator[LiveGateway]:
    with run_gateway(bind_to_port(replace(settings, request_log=True))) as live:
        yield live


def raw_get(gateway: LiveGateway, raw_path: str) -> bytes:
    url = urlsplit(gateway.url)
    head = f"GET {raw_path} HTTP/1.1\r\nHost: {url.netloc}\r\nConnection: close\r\n\r\n".encode()
    with socket.create_connection((url.hostname, url.port), timeout=20) as conn:
        conn.sendall(head)
        answer = b""
        while part := conn.recv(65536):
            answer += part
    return answer


@pytest.mark.parametrize(("raw_path", "escaped"), [
    ("/nothing%0a" + FORGED.replace(" ", "%20"), "/nothing\\n" + FORGED),
    ("/nothing%0d%0a" + FORGED.replace(" ", "%20"), "/nothing\\r\\n" + FORGED),
    ("/nothing%1b[2K%e2%80%a8x", "/nothing\\x1b[2K\\u2028x"),
])
def test_a_path_with_control_characters_is_one_escaped_line(logged_gateway: LiveGateway, caplog: pytest.LogCaptureFixture,
                                                            raw_path: str, escaped: str) -> None:
    caplog.set_level(logging.INFO, logger="gateway.requests")
    answer = raw_get(logged_gateway, raw_path)
    assert answer.startswith(b"HTTP/1.1 ")
    status = answer.split(b" ", 2)[1].decode()
    lines = [FORMATTER.format(record) for record in caplog.records if record.name == "gateway.requests"]
    assert len(lines) == 1
    line = lines[0]
    assert line.splitlines() == [line] and "\u2028" not in line and "\x1b" not in line
    assert f" GET {escaped} {status} " in line
