"""The request head (request line and headers) is capped at 16 KiB and 100 headers while it is read: 431, one log
line, and no memory kept, on REST, auth and the realtime upgrade."""

from __future__ import annotations

import logging
import socket
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from gateway.server.request_head import MAX_HEAD_BYTES, MAX_HEADERS
from tests.support.live import LiveGateway

EIGHT_MIB = 8 * 1024 * 1024


def send_head(gateway: LiveGateway, path: str, extra_lines: list[bytes], chunk: int = 64 * 1024) -> tuple[bytes, int]:
    """Sends a GET whose head carries `extra_lines`, stopping once the server answers; returns the answer and how
    many bytes of the head were sent."""
    url = urlsplit(gateway.url)
    head = b"\r\n".join([f"GET {path} HTTP/1.1".encode(), f"Host: {url.netloc}".encode(),
                         f"apikey: {gateway.anon_key}".encode(), *extra_lines]) + b"\r\n\r\n"
    sent = 0
    with socket.create_connection((url.hostname, url.port), timeout=20) as conn:
        conn.setblocking(True)
        try:
            while sent < len(head):
                conn.sendall(head[sent:sent + chunk])
                sent += chunk
                conn.settimeout(0.001)
                try:
                    answer = conn.recv(65536, socket.MSG_PEEK)
                    if answer:
                        break
                except (TimeoutError, BlockingIOError):
                    pass
                finally:
                    conn.settimeout(20)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        try:
            while part := conn.recv(65536):
                answer += part
        except (ConnectionResetError, TimeoutError):
            pass
    return answer, min(sent, len(head))


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def rss_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.mark.parametrize("path", ["/rest/v1/partners?select=id", "/auth/v1/settings", "/realtime/v1/websocket"])
def test_an_8_mib_header_is_refused_before_it_is_read(gateway: LiveGateway, path: str):
    answer, sent = send_head(gateway, path, [b"X-Big: " + b"a" * EIGHT_MIB])
    assert status_of(answer) == 431, answer[:200]
    # Answered before the head was finished (kernel buffers on the way may have taken a few MiB).
    assert sent < EIGHT_MIB


def test_twenty_huge_heads_leave_memory_as_it_was(gateway: LiveGateway):
    # The gateway runs in this process: its memory is ours.
    big = [b"X-Big: " + b"a" * EIGHT_MIB]
    send_head(gateway, "/rest/v1/partners?select=id", big)
    before = rss_bytes()
    for _ in range(20):
        answer, _ = send_head(gateway, "/rest/v1/partners?select=id", big)
        assert status_of(answer) == 431
    assert rss_bytes() - before < 32 * 1024 * 1024


def test_a_finished_head_over_the_cap_is_refused(gateway: LiveGateway):
    """A head that arrives whole (a few headers of 6 KiB) is measured too, not only an endless one."""
    lines = [f"X-Part-{i}: ".encode() + b"b" * 6000 for i in range(3)]
    answer, _ = send_head(gateway, "/rest/v1/partners?select=id", lines, chunk=len(b"".join(lines)) + 4096)
    assert status_of(answer) == 431, answer[:200]


def test_too_many_headers_are_refused_and_a_normal_head_is_served(gateway: LiveGateway):
    many = [f"X-H{i}: 1".encode() for i in range(MAX_HEADERS + 1)]
    assert status_of(send_head(gateway, "/rest/v1/partners?select=id", many)[0]) == 431
    some = {f"X-H{i}": "1" for i in range(40)}
    response = httpx.get(f"{gateway.url}/rest/v1/partners?select=id", headers={**gateway.headers(), **some},
                         timeout=10)
    assert response.status_code == 200
    near_cap = {"X-Near": "c" * (MAX_HEAD_BYTES - 2048)}
    response = httpx.get(f"{gateway.url}/rest/v1/partners?select=id", headers={**gateway.headers(), **near_cap},
                         timeout=10)
    assert response.status_code == 200


def test_a_refusal_logs_one_line_without_a_traceback(gateway: LiveGateway, caplog):
    with caplog.at_level(logging.INFO):
        send_head(gateway, "/rest/v1/partners?select=id", [b"X-Big: " + b"a" * EIGHT_MIB])
        send_head(gateway, "/rest/v1/partners?select=id", [f"X-H{i}: 1".encode() for i in range(200)])
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(records) == 2, [r.getMessage() for r in records]
    assert all(r.exc_info is None and "431" in r.getMessage() for r in records)
