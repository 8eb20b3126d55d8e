"""Two gateway processes on one database: changes, broadcasts and presence reach subscribers of either."""

from __future__ import annotations

import httpx
import pytest

from tests.realtime.client import PhoenixClient
from tests.realtime.conftest import insert_ticket
from tests.support.live import bind_to_port, run_gateway

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def pair(settings):
    with run_gateway(settings) as first, run_gateway(bind_to_port(settings)) as second:
        assert first.url != second.url
        yield first, second


async def test_a_change_reaches_subscribers_on_both_gateways(pair, world, db):
    first, second = pair
    clients = []
    for live in pair:
        client = await PhoenixClient.connect(live.url, live.anon_key)
        reply = await client.join("realtime:tickets", {"postgres_changes": [
            {"event": "*", "schema": "public", "table": "tickets"}]}, access_token=world.token(world.user_a))
        assert reply["payload"]["status"] == "ok"
        clients.append(client)
    ticket = insert_ticket(db, world.company_a, "Seen everywhere")
    for client in clients:
        change = await client.expect_event("postgres_changes")
        assert change["payload"]["data"]["record"]["id"] == ticket
        await client.close()


async def test_broadcast_and_presence_cross_gateways(pair):
    first, second = pair
    topic = "realtime:across"
    on_first = await PhoenixClient.connect(first.url, first.anon_key, vsn="1.0.0")
    on_second = await PhoenixClient.connect(second.url, second.anon_key, vsn="1.0.0")
    joined = await on_first.join(topic, {"presence": {"key": "first"}})
    await on_second.join(topic, {"presence": {"key": "second"}})
    await on_first.send(topic, "broadcast", {"type": "broadcast", "event": "ping", "payload": {"from": "first"}},
                        join_ref=joined["ref"])
    got = await on_second.expect_event("broadcast", topic)
    assert got["payload"]["payload"] == {"from": "first"}

    async with httpx.AsyncClient() as http:
        response = await http.post(f"{second.url}/realtime/v1/api/broadcast", headers=second.headers(),
                                   json={"messages": [{"topic": "across", "event": "pong", "payload": {"via": "http"}}]})
    assert response.status_code == 202
    got = await on_first.expect(lambda m: m["event"] == "broadcast" and m["payload"]["event"] == "pong")
    assert got["payload"]["payload"] == {"via": "http"}

    await on_first.send(topic, "presence", {"type": "presence", "event": "track", "payload": {"at": "first"}},
                        join_ref=joined["ref"])
    diff = await on_second.expect(lambda m: m["event"] == "presence_diff" and m["payload"]["joins"])
    assert diff["payload"]["joins"]["first"]["metas"][0]["at"] == "first"
    await on_first.close()
    await on_second.close()
