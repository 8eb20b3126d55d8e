"""Subscribers are grouped per kind of change once per join, leave or new token (gateway/realtime/audience.py):
the groups must follow every such change, so that a channel is sent what its current token may read, in its own
topic and join ref, with its own subscription ids, and nothing once it has left."""

from __future__ import annotations

import pytest

from tests.realtime.client import PhoenixClient
from tests.realtime.conftest import insert_ticket

pytestmark = pytest.mark.anyio

INSERTS = {"event": "INSERT", "schema": "public", "table": "tickets"}


def change_on(topic: str):
    return lambda m: m.get("event") == "postgres_changes" and m.get("topic") == topic


def reply_to(ref: str):
    return lambda m: m.get("event") == "phx_reply" and m.get("ref") == ref


async def applied(client: PhoenixClient) -> None:
    """The socket handles frames in order: a heartbeat's reply comes after what was sent before it."""
    await client.expect(reply_to(await client.send("phoenix", "heartbeat", {})))


async def test_a_token_for_another_company_stops_the_first_companys_rows(gateway, world, db):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    topic = "realtime:downgrade"
    reply = await client.join(topic, {"postgres_changes": [INSERTS]}, access_token=world.token(world.user_a))
    assert reply["payload"]["status"] == "ok"
    seen = insert_ticket(db, world.company_a, "Alice's company, while alice")
    assert (await client.expect(change_on(topic)))["payload"]["data"]["record"]["id"] == seen

    await client.send(topic, "access_token", {"access_token": world.token(world.user_b)}, join_ref=reply["ref"])
    await applied(client)
    insert_ticket(db, world.company_a, "Alice's company, now bob")
    theirs = insert_ticket(db, world.company_b, "Bob's company")
    assert (await client.expect(change_on(topic)))["payload"]["data"]["record"]["id"] == theirs
    assert await client.nothing(change_on(topic), wait=0.7)
    await client.close()


async def test_alike_channels_get_their_own_topic_ids_and_filters(gateway, world, db):
    token = world.token(world.user_a)
    first, second = [await PhoenixClient.connect(gateway.url, gateway.anon_key) for _ in range(2)]
    plain = await first.join("realtime:plain", {"postgres_changes": [INSERTS]}, access_token=token)
    high = await first.join("realtime:high", {"postgres_changes": [
        INSERTS, {**INSERTS, "filter": "priority=eq.high"}]}, access_token=token)
    other = await second.join("realtime:plain", {"postgres_changes": [INSERTS]}, access_token=token)
    ids = {name: [s["id"] for s in reply["payload"]["response"]["postgres_changes"]]
           for name, reply in (("plain", plain), ("high", high), ("other", other))}

    low = insert_ticket(db, world.company_a, "Low", priority="low")
    urgent = insert_ticket(db, world.company_a, "High", priority="high")
    for client, topic, join_ref, expected in (
            (first, "realtime:plain", plain["ref"], [ids["plain"], ids["plain"]]),
            (first, "realtime:high", high["ref"], [ids["high"][:1], sorted(ids["high"])]),
            (second, "realtime:plain", other["ref"], [ids["other"], ids["other"]])):
        frames = [await client.expect(change_on(topic)) for _ in range(2)]
        assert [f["payload"]["data"]["record"]["id"] for f in frames] == [low, urgent]
        assert [f["payload"]["ids"] for f in frames] == expected
        assert {f["join_ref"] for f in frames} == {join_ref}
    await first.close()
    await second.close()


async def test_a_channel_that_left_gets_nothing_while_its_neighbour_still_does(gateway, world, db):
    token = world.token(world.user_a)
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    staying = await client.join("realtime:staying", {"postgres_changes": [INSERTS]}, access_token=token)
    leaving = await client.join("realtime:leaving", {"postgres_changes": [INSERTS]}, access_token=token)
    assert staying["payload"]["status"] == leaving["payload"]["status"] == "ok"
    first = insert_ticket(db, world.company_a, "Both hear this")
    for topic in ("realtime:staying", "realtime:leaving"):
        assert (await client.expect(change_on(topic)))["payload"]["data"]["record"]["id"] == first

    await client.expect(reply_to(await client.send("realtime:leaving", "phx_leave", {}, join_ref=leaving["ref"])))
    second = insert_ticket(db, world.company_a, "Only the one that stayed")
    assert (await client.expect(change_on("realtime:staying")))["payload"]["data"]["record"]["id"] == second
    assert await client.nothing(change_on("realtime:leaving"), wait=0.7)
    await client.close()
