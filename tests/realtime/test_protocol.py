"""The socket itself: apikey, heartbeats and their timeout, tokens, limits, broadcast, presence, the HTTP API."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from tests.conftest import make_settings
from tests.realtime.client import PhoenixClient
from tests.support.live import run_gateway

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def strict_gateway(database_url, tmp_path_factory):
    settings = make_settings(database_url, tmp_path_factory.mktemp("strict"), rate_limits_enabled=True,
                             realtime_heartbeat_timeout=1.0, realtime_max_channels_per_client=2,
                             realtime_max_joins_per_second=3, realtime_max_events_per_second=5,
                             realtime_max_payload_bytes=1000)
    with run_gateway(settings) as live:
        yield live


def reply_to(ref):
    return lambda m: m.get("event") == "phx_reply" and m.get("ref") == ref


async def test_a_bad_apikey_is_refused_at_the_upgrade(gateway):
    url = gateway.url.replace("http://", "ws://") + "/realtime/v1/websocket?vsn=2.0.0&apikey=not-a-jwt"
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(url)
    assert refused.value.response.status_code == 403


async def test_heartbeat_gets_an_ok_reply(gateway):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    ref = await client.send("phoenix", "heartbeat", {})
    reply = await client.expect(reply_to(ref))
    assert (reply["topic"], reply["payload"]) == ("phoenix", {"status": "ok", "response": {}})
    await client.close()


async def test_a_silent_socket_is_closed_after_the_heartbeat_timeout(strict_gateway):
    client = await PhoenixClient.connect(strict_gateway.url, strict_gateway.anon_key)
    async with asyncio.timeout(5):
        await client.ws.wait_closed()
    assert client.ws.close_reason == "heartbeat timeout"


async def test_heartbeats_keep_the_socket_open(strict_gateway):
    client = await PhoenixClient.connect(strict_gateway.url, strict_gateway.anon_key)
    for _ in range(6):  # 2.4 s of real time, well past the 1 s heartbeat timeout
        await asyncio.sleep(0.4)
        await client.send("phoenix", "heartbeat", {})
    assert client.ws.state is websockets.State.OPEN
    await client.close()


async def test_an_expired_join_token_is_a_join_error(gateway, world):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    reply = await client.join("realtime:room", {}, access_token=world.token(world.user_a, expires_in=-120))
    assert reply["payload"]["status"] == "error"
    assert reply["payload"]["response"]["reason"].startswith("Token has expired")
    await client.close()


async def test_a_forged_join_token_is_a_join_error(gateway):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    reply = await client.join("realtime:room", {}, access_token=gateway.anon_key[:-4] + "abcd")
    assert reply["payload"] == {"status": "error", "response": {"reason": "Failed to validate JWT signature"}}
    await client.close()


async def test_a_refreshed_token_changes_what_the_channel_sees(gateway, world, db):
    from tests.realtime.conftest import insert_ticket
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    topic = "realtime:refresh"
    reply = await client.join(topic, {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "tickets"}]})
    assert reply["payload"]["status"] == "ok"
    insert_ticket(db, world.company_a, "Hidden from anon")
    assert await client.nothing(lambda m: m["event"] == "postgres_changes", wait=0.7)
    await client.send(topic, "access_token", {"access_token": world.token(world.user_a)}, join_ref=reply["ref"])
    # The socket handles frames in order: the heartbeat's reply comes after the token is applied.
    heartbeat = await client.send("phoenix", "heartbeat", {})
    await client.expect(reply_to(heartbeat))
    ticket = insert_ticket(db, world.company_a, "Visible to alice")
    change = await client.expect_event("postgres_changes")
    assert change["payload"]["data"]["record"]["id"] == ticket
    await client.close()


async def test_an_expired_refresh_token_closes_the_channel_with_a_system_message(gateway, world):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    topic = "realtime:expiring"
    reply = await client.join(topic, {}, access_token=world.token(world.user_a))
    await client.send(topic, "access_token", {"access_token": world.token(world.user_a, expires_in=-100)},
                      join_ref=reply["ref"])
    system = await client.expect_event("system", topic)
    assert system["payload"]["status"] == "error" and system["payload"]["extension"] == "system"
    assert system["payload"]["message"].startswith("Token has expired")
    close = await client.expect_event("phx_close", topic)
    assert close["join_ref"] == reply["ref"]
    await client.close()


async def test_too_many_channels_is_a_join_error(strict_gateway):
    client = await PhoenixClient.connect(strict_gateway.url, strict_gateway.anon_key)
    await client.send("phoenix", "heartbeat", {})
    assert (await client.join("realtime:one", {}))["payload"]["status"] == "ok"
    assert (await client.join("realtime:two", {}))["payload"]["status"] == "ok"
    third = await client.join("realtime:three", {})
    assert third["payload"] == {"status": "error", "response": {"reason": "Too many channels"}}
    await client.close()


async def test_too_many_joins_per_second_is_a_join_error(strict_gateway):
    client = await PhoenixClient.connect(strict_gateway.url, strict_gateway.anon_key)
    reasons = []
    for _ in range(5):
        reply = await client.join("realtime:same", {})
        reasons.append(reply["payload"]["response"].get("reason"))
    assert reasons[:3] == [None, None, None]
    assert reasons[3:] == ["Too many joins per second"] * 2
    await client.close()


async def test_too_many_messages_per_second_shuts_the_channel(strict_gateway):
    client = await PhoenixClient.connect(strict_gateway.url, strict_gateway.anon_key)
    topic = "realtime:chatty"
    reply = await client.join(topic, {})
    for index in range(7):
        await client.send(topic, "broadcast", {"type": "broadcast", "event": "m", "payload": {"i": index}},
                          join_ref=reply["ref"])
    system = await client.expect_event("system", topic)
    assert system["payload"]["message"] == "Too many messages per second"
    await client.expect_event("phx_close", topic)
    await client.close()


async def test_a_payload_over_the_limit_is_refused(strict_gateway):
    client = await PhoenixClient.connect(strict_gateway.url, strict_gateway.anon_key)
    topic = "realtime:big"
    reply = await client.join(topic, {"broadcast": {"ack": True}})
    ref = await client.send(topic, "broadcast", {"type": "broadcast", "event": "m", "payload": {"x": "y" * 2000}},
                            join_ref=reply["ref"])
    refused = await client.expect(reply_to(ref))
    assert refused["payload"]["status"] == "error"
    assert "limit is 1000 bytes" in refused["payload"]["response"]["reason"]
    await client.close()


async def test_broadcast_reaches_others_and_self_only_when_asked(gateway):
    sender = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    receiver = await PhoenixClient.connect(gateway.url, gateway.anon_key, vsn="1.0.0")
    topic = "realtime:chat"
    joined = await sender.join(topic, {"broadcast": {"self": True, "ack": True}})
    await receiver.join(topic, {"broadcast": {"self": False}})
    ref = await sender.send(topic, "broadcast", {"type": "broadcast", "event": "hello", "payload": {"n": 1}},
                            join_ref=joined["ref"])
    ack = await sender.expect(reply_to(ref))
    assert ack["payload"]["status"] == "ok"
    got = await receiver.expect_event("broadcast", topic)
    assert got["payload"] == {"type": "broadcast", "event": "hello", "payload": {"n": 1}}
    echoed = await sender.expect(lambda m: "binary" in m)
    assert echoed["binary"][0] == 4 and echoed["binary"].endswith(b'{"n":1}')
    await sender.close()
    await receiver.close()


async def test_presence_state_and_diffs(gateway):
    first = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    second = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    topic = "realtime:lobby"
    joined = await first.join(topic, {"presence": {"key": "alice", "enabled": True}})
    assert (await first.expect_event("presence_state", topic))["payload"] == {}
    ref = await first.send(topic, "presence", {"type": "presence", "event": "track", "payload": {"online": True}},
                           join_ref=joined["ref"])
    assert (await first.expect(reply_to(ref)))["payload"]["status"] == "ok"
    await second.join(topic, {"presence": {"key": "bob", "enabled": True}})
    state = (await second.expect_event("presence_state", topic))["payload"]
    assert list(state) == ["alice"] and state["alice"]["metas"][0]["online"] is True
    await first.close()
    diff = (await second.expect(lambda m: m["event"] == "presence_diff" and m["payload"]["leaves"]))["payload"]
    assert list(diff["leaves"]) == ["alice"] and diff["joins"] == {}
    await second.close()


async def test_http_broadcast_api_reaches_socket_subscribers(gateway):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    topic = "realtime:news"
    await client.join(topic, {})
    async with httpx.AsyncClient() as http:
        response = await http.post(f"{gateway.url}/realtime/v1/api/broadcast", headers=gateway.headers(),
                                   json={"messages": [{"topic": "news", "event": "flash", "payload": {"a": 1}}]})
        assert response.status_code == 202
        bad = await http.post(f"{gateway.url}/realtime/v1/api/broadcast", headers=gateway.headers(),
                              json={"messages": [{"event": "no topic"}]})
        assert bad.status_code == 422 and "topic" in bad.json()["message"]
        unauthorised = await http.post(f"{gateway.url}/realtime/v1/api/broadcast",
                                       headers={"apikey": "nope"}, json={"messages": []})
        assert unauthorised.status_code == 401
    got = await client.expect(lambda m: "binary" in m)
    assert b"flash" in got["binary"] and got["binary"].endswith(json.dumps({"a": 1}).replace(" ", "").encode())
    await client.close()


async def test_unknown_topic_push_gets_an_error_reply(gateway):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    ref = await client.send("realtime:never-joined", "broadcast", {"type": "broadcast", "event": "x", "payload": {}})
    reply = await client.expect(reply_to(ref))
    assert reply["payload"] == {"status": "error", "response": {"reason": "unmatched topic"}}
    await client.close()


async def test_http_broadcast_over_the_payload_limit_is_413(strict_gateway):
    async with httpx.AsyncClient() as http:
        response = await http.post(f"{strict_gateway.url}/realtime/v1/api/broadcast", headers=strict_gateway.headers(),
                                   json={"messages": [{"topic": "t", "event": "e", "payload": {"x": "y" * 2000}}]})
    assert response.status_code == 413 and "1000 bytes" in response.json()["message"]


async def test_http_send_endpoint_broadcasts_one_event(gateway):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key, vsn="1.0.0")
    await client.join("realtime:single", {})
    async with httpx.AsyncClient() as http:
        response = await http.post(f"{gateway.url}/realtime/v1/api/broadcast/single/events/ping",
                                   headers=gateway.headers(), json={"n": 2})
    assert response.status_code == 202
    got = await client.expect_event("broadcast", "realtime:single")
    assert got["payload"] == {"type": "broadcast", "event": "ping", "payload": {"n": 2}}
    await client.close()


async def test_messages_are_not_compressed_as_with_phoenix_defaults(gateway):
    """The client offers permessage-deflate (as browsers do); the server declines it, as Supabase Realtime does."""
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    assert "Sec-WebSocket-Extensions" not in client.ws.response.headers
    ref = await client.send("phoenix", "heartbeat", {})
    assert (await client.expect(reply_to(ref)))["payload"]["status"] == "ok"
    await client.close()
