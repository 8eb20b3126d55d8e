"""Bodies past MAX_BODY_BYTES are refused before they are read, on every surface; websocket frames past the
realtime limit are refused by the server while they are read."""

from __future__ import annotations

import asyncio
import json
import select
import socket
import uuid
from urllib.parse import urlsplit

import httpx
import psycopg
import pytest
import websockets

from tests.conftest import make_settings
from tests.realtime.client import PhoenixClient
from tests.support.live import LiveGateway, run_gateway

HUNDRED_MB = 100 * 1024 * 1024
SMALL_LIMIT = 64 * 1024
PATHS = ("/auth/v1/signup", "/auth/v1/token?grant_type=password", "/rest/v1/partners",
         "/rest/v1/rpc/get_partner_with_access_control", "/functions/v1/send-contact-email",
         "/realtime/v1/api/broadcast")


def raw_post(gateway: LiveGateway, path: str, head: dict[str, str], body_parts: list[bytes]) -> bytes:
    """Sends the request line, headers and only `body_parts`, then reads whatever the server answers."""
    url = urlsplit(gateway.url)
    lines = [f"POST {path} HTTP/1.1", f"Host: {url.netloc}", f"apikey: {gateway.anon_key}",
             f"Authorization: Bearer {gateway.anon_key}", "Content-Type: application/json",
             *(f"{k}: {v}" for k, v in head.items())]
    with socket.create_connection((url.hostname, url.port), timeout=10) as conn:
        conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        for part in body_parts:
            # As an HTTP client does: stop sending once the server has answered.
            if select.select([conn], [], [], 0.02)[0]:
                break
            conn.sendall(part)
        answer = b""
        # The refusal closes the connection, so reading to the end gets the whole answer.
        try:
            while chunk := conn.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
        return answer


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize("path", PATHS)
def test_a_declared_100_mb_body_is_refused_before_it_is_sent(gateway: LiveGateway, path: str):
    # Only 64 KiB of the announced 100 MB ever leave the client: the answer must not wait for the rest.
    answer = raw_post(gateway, path, {"Content-Length": str(HUNDRED_MB)}, [b"{" + b" " * (64 * 1024)])
    assert status_of(answer) == 413, answer[:200]
    assert answer.endswith(b'{"message": "Request size limit exceeded"}')


@pytest.fixture(scope="module")
def small(database_url, tmp_path_factory):
    settings = make_settings(database_url, tmp_path_factory.mktemp("small"), max_body_bytes=SMALL_LIMIT,
                             realtime_max_payload_bytes=1024)
    with run_gateway(settings) as live:
        yield live


def chunked(payload: bytes, size: int = 8192) -> list[bytes]:
    parts = [f"{len(payload[i:i + size]):x}\r\n".encode() + payload[i:i + size] + b"\r\n"
             for i in range(0, len(payload), size)]
    return parts + [b"0\r\n\r\n"]


def test_a_chunked_body_without_length_is_cut_off_at_the_limit(small: LiveGateway, db: psycopg.Connection):
    email = f"chunked-{uuid.uuid4().hex[:8]}@example.com"
    body = json.dumps({"email": email, "password": "a long passphrase", "data": {"pad": "x" * (2 * SMALL_LIMIT)}})
    answer = raw_post(small, "/auth/v1/signup", {"Transfer-Encoding": "chunked"}, chunked(body.encode()))
    assert status_of(answer) == 413, answer[:200]
    assert db.execute("select count(*) from auth.users where email = %s", (email,)).fetchone()[0] == 0


def test_a_chunked_rest_body_past_the_limit_writes_nothing(small: LiveGateway, db: psycopg.Connection):
    name = f"Chunked {uuid.uuid4().hex[:6]}"
    body = json.dumps([{"company_name": name, "notes": "x" * (2 * SMALL_LIMIT)}])
    answer = raw_post(small, "/rest/v1/partners", {"Transfer-Encoding": "chunked"}, chunked(body.encode()))
    assert status_of(answer) == 413, answer[:200]
    assert db.execute("select count(*) from partners where company_name = %s", (name,)).fetchone()[0] == 0


def test_a_body_under_the_limit_is_served(small: LiveGateway):
    email = f"fits-{uuid.uuid4().hex[:8]}@example.com"
    response = httpx.post(f"{small.url}/auth/v1/signup", headers=small.headers(), timeout=30,
                          json={"email": email, "password": "a long passphrase",
                                "data": {"pad": "x" * (SMALL_LIMIT // 2)}})
    assert response.status_code == 200, response.text
    assert response.json()["email"] == email
    assert response.json()["user_metadata"]["pad"] == "x" * (SMALL_LIMIT // 2)


def test_the_413_carries_cors_headers_so_a_browser_can_read_it(small: LiveGateway):
    response = httpx.post(f"{small.url}/rest/v1/partners", content=b"[" + b" " * SMALL_LIMIT + b"]",
                          headers={**small.headers(), "Origin": "https://site.example",
                                   "Content-Type": "application/json"}, timeout=10)
    assert response.status_code == 413
    assert response.json() == {"message": "Request size limit exceeded"}
    assert response.headers["access-control-allow-origin"] == "*"


def test_a_websocket_frame_past_the_limit_closes_the_socket_with_1009(small: LiveGateway):
    async def send_big_frame() -> int | None:
        client = await PhoenixClient.connect(small.url, small.anon_key)
        await client.ws.send("x" * (64 * 1024))
        with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
            await asyncio.wait_for(client.ws.recv(), timeout=10)
        return closed.value.rcvd.code if closed.value.rcvd else None

    assert asyncio.run(send_big_frame()) == 1009


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


@pytest.mark.parametrize("path, depth, expected", [
    ("/auth/v1/signup", 100_000, {"code": 400, "error_code": "bad_json",
                                   "msg": "Could not parse request body as JSON: JSON is nested too deeply"}),
    ("/functions/v1/send-contact-email", 30_000, {"error": "The request body is not valid JSON"}),
    ("/realtime/v1/api/broadcast", 100_000, {"message": "The body must be JSON"}),
])
def test_deeply_nested_json_is_a_bad_request_not_a_crash(gateway: LiveGateway, path: str, depth: int,
                                                         expected: dict):
    response = httpx.post(f"{gateway.url}{path}", content=nested(depth), timeout=30,
                          headers={**gateway.headers(), "Content-Type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json() == expected


def test_a_deeply_nested_websocket_frame_closes_the_socket_as_invalid_data(gateway: LiveGateway):
    async def send_nested_frame() -> int | None:
        client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
        await client.ws.send(nested(100_000).decode())
        with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
            await asyncio.wait_for(client.ws.recv(), timeout=10)
        return closed.value.rcvd.code if closed.value.rcvd else None

    assert asyncio.run(send_nested_frame()) == 1007
