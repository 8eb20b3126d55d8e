"""Held-open sockets cannot pile up: a head that trickles in is answered 408 and closed after the head timeout, a
body that stops arriving is closed after the body idle timeout (its handler sees the client gone), and 300
slow-header sockets do not keep other requests from being served."""

from __future__ import annotations

import socket
import time
from dataclasses import replace
from urllib.parse import urlsplit

import httpx
import pytest

from tests.support.live import LiveGateway, bind_to_port, run_gateway
from tests.support.waits import eventually

HEAD_TIMEOUT = 2
BODY_IDLE_TIMEOUT = 2


@pytest.fixture(scope="module")
def gateway(settings):
    timed = replace(settings, request_head_timeout_seconds=HEAD_TIMEOUT,
                    request_body_idle_timeout_seconds=BODY_IDLE_TIMEOUT)
    with run_gateway(bind_to_port(timed)) as live:
        yield live


def connect(gateway: LiveGateway) -> socket.socket:
    url = urlsplit(gateway.url)
    return socket.create_connection((url.hostname, url.port), timeout=30)


def read_until_closed(conn: socket.socket) -> tuple[bytes, float]:
    """What the server sent before it closed the connection, and when it closed it (monotonic seconds)."""
    answer = b""
    try:
        while part := conn.recv(65536):
            answer += part
    except ConnectionResetError:
        pass
    return answer, time.monotonic()


def test_a_trickling_head_is_answered_408_and_closed(gateway):
    started = time.monotonic()  # before the connection, whose opening starts the server's clock
    with connect(gateway) as conn:
        conn.sendall(b"GET /rest/v1/partners HTTP/1.1\r\nHost: x\r\n")
        conn.settimeout(HEAD_TIMEOUT + 20)
        for _ in range(3):  # a byte now and then does not extend the deadline
            time.sleep(HEAD_TIMEOUT / 4)
            conn.sendall(b"X")
        answer, closed = read_until_closed(conn)
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:100]
    assert closed - started >= HEAD_TIMEOUT


def test_a_connection_that_sends_nothing_is_closed_silently(gateway):
    with connect(gateway) as conn:
        conn.settimeout(HEAD_TIMEOUT + 20)
        answer, _ = read_until_closed(conn)
    assert answer == b""


def test_a_stalled_body_is_closed(gateway):
    head = (f"POST /rest/v1/companies HTTP/1.1\r\nHost: x\r\napikey: {gateway.anon_key}\r\n"
            "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n").encode()
    with connect(gateway) as conn:
        started = time.monotonic()
        conn.sendall(head + b'{"name": ')
        conn.settimeout(BODY_IDLE_TIMEOUT + 20)
        _, closed = read_until_closed(conn)
    assert closed - started >= BODY_IDLE_TIMEOUT - 0.5
    eventually(lambda: gateway.requests_in_flight() == 0, "the handler to see the client gone")


def test_a_slow_but_steady_body_is_read_whole(gateway):
    body = b'{"name": "Slow and steady"}'
    head = (f"POST /rest/v1/companies HTTP/1.1\r\nHost: x\r\napikey: {gateway.service_key}\r\n"
            f"Authorization: Bearer {gateway.service_key}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    with connect(gateway) as conn:
        conn.sendall(head)
        for start in range(0, len(body), 9):  # in total longer than the idle timeout, never idle that long
            conn.sendall(body[start:start + 9])
            time.sleep(BODY_IDLE_TIMEOUT / 3)
        answer, _ = read_until_closed(conn)
    assert answer.startswith(b"HTTP/1.1 201 "), answer[:300]


def test_three_hundred_slow_heads_do_not_keep_others_from_being_served(gateway):
    sockets = [connect(gateway) for _ in range(300)]
    try:
        for conn in sockets:
            conn.sendall(b"GET /rest/v1/partners HTTP/1.1\r\nHost: x\r\n")
        with httpx.Client(base_url=gateway.url, headers=gateway.headers(), timeout=10) as client:
            for _ in range(20):
                assert client.get("/rest/v1/companies?select=id").status_code == 200
        for conn in sockets:
            conn.settimeout(HEAD_TIMEOUT + 20)
            answer, _ = read_until_closed(conn)
            assert answer.startswith(b"HTTP/1.1 408 ")
    finally:
        for conn in sockets:
            conn.close()
