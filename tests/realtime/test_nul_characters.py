"""A NUL character (which PostgreSQL's text and jsonb refuse) in a broadcast is invalid input: 400 on the HTTP API,
an error reply on the socket, which stays open; nothing is logged as a failure."""

from __future__ import annotations

import logging

import httpx
import pytest

from tests.realtime.client import PhoenixClient

pytestmark = pytest.mark.anyio

NUL_MESSAGES = [
    {"topic": "room\u0000", "event": "e", "payload": {}},
    {"topic": "room", "event": "e\u0000", "payload": {}},
    {"topic": "room", "event": "e", "payload": {"text": "a\u0000b"}},
    {"topic": "room", "event": "e", "payload": {"nested": [{"k\u0000": 1}]}},
]


def reply_to(ref):
    return lambda m: m.get("event") == "phx_reply" and m.get("ref") == ref


@pytest.mark.parametrize("message", NUL_MESSAGES)
def test_the_broadcast_api_answers_400(gateway, message, caplog):
    with caplog.at_level(logging.WARNING):
        response = httpx.post(f"{gateway.url}/realtime/v1/api/broadcast", json={"messages": [message]},
                              headers=gateway.headers(), timeout=10)
    assert response.status_code == 400, response.text
    assert "NUL" in response.json()["message"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_the_single_message_api_answers_400(gateway):
    nul_payload = httpx.post(f"{gateway.url}/realtime/v1/api/broadcast/room/events/e", json={"t": "\u0000"},
                             headers=gateway.headers(), timeout=10)
    nul_topic = httpx.post(f"{gateway.url}/realtime/v1/api/broadcast/room%00/events/e", json={},
                           headers=gateway.headers(), timeout=10)
    assert nul_payload.status_code == nul_topic.status_code == 400
    assert "NUL" in nul_payload.json()["message"] and "NUL" in nul_topic.json()["message"]


async def test_the_socket_replies_with_an_error_and_stays_open(gateway, caplog):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    try:
        joined = await client.join("realtime:room", {"broadcast": {"self": True, "ack": True}})
        assert joined["payload"]["status"] == "ok"
        join_ref = joined["ref"]
        with caplog.at_level(logging.WARNING):
            ref = await client.send("realtime:room", "broadcast",
                                    {"type": "broadcast", "event": "e", "payload": {"text": "a\u0000b"}}, join_ref)
            refused = await client.expect(reply_to(ref))
            bad_join = await client.send("realtime:room\u0000", "phx_join", {"config": {}}, joining=True)
            refused_join = await client.expect(reply_to(bad_join))
        assert refused["payload"]["status"] == refused_join["payload"]["status"] == "error"
        assert "NUL" in refused["payload"]["response"]["reason"]
        ok = await client.send("realtime:room", "broadcast",
                               {"type": "broadcast", "event": "e", "payload": {"text": "fine"}}, join_ref)
        assert (await client.expect(reply_to(ok)))["payload"]["status"] == "ok"
        echoed = await client.expect(lambda m: "binary" in m)
        assert echoed["binary"].endswith(b'{"text":"fine"}')
    finally:
        await client.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
