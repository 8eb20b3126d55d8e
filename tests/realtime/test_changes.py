"""postgres_changes over the websocket: join replies, RLS per subscriber, filters, deletes that do not leak."""

from __future__ import annotations

import pytest

from tests.realtime.client import PhoenixClient
from tests.realtime.conftest import insert_ticket

pytestmark = pytest.mark.anyio

TICKETS = {"event": "*", "schema": "public", "table": "tickets"}


def is_change(message) -> bool:
    return message.get("event") == "postgres_changes"


async def subscribe(gateway, token, changes, topic="realtime:tickets", vsn="2.0.0"):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key, vsn)
    reply = await client.join(topic, {"postgres_changes": changes, "broadcast": {"self": False}}, access_token=token)
    assert reply["payload"]["status"] == "ok", reply
    system = await client.expect_event("system")
    assert system["payload"] == {"extension": "postgres_changes", "status": "ok",
                                 "message": "Subscribed to PostgreSQL", "channel": topic.removeprefix("realtime:")}
    return client, reply


async def test_join_reply_echoes_subscriptions_with_ids(gateway, world):
    client, reply = await subscribe(gateway, world.token(world.user_a),
                                    [TICKETS, {"event": "INSERT", "schema": "public", "table": "companies"}])
    subscriptions = reply["payload"]["response"]["postgres_changes"]
    assert [{k: v for k, v in s.items() if k != "id"} for s in subscriptions] == [
        TICKETS, {"event": "INSERT", "schema": "public", "table": "companies"}]
    assert all(isinstance(s["id"], int) for s in subscriptions)
    assert reply["join_ref"] == reply["ref"]
    await client.close()


async def test_insert_update_delete_reach_the_member_and_not_the_other_company(gateway, world, db):
    alice, reply = await subscribe(gateway, world.token(world.user_a), [TICKETS])
    bob, _ = await subscribe(gateway, world.token(world.user_b), [TICKETS])
    subscription_id = reply["payload"]["response"]["postgres_changes"][0]["id"]

    ticket = insert_ticket(db, world.company_a, "Printer on fire")
    insert = await alice.expect(is_change)
    data = insert["payload"]["data"]
    assert insert["payload"]["ids"] == [subscription_id]
    assert (data["type"], data["schema"], data["table"]) == ("INSERT", "public", "tickets")
    assert data["record"]["id"] == ticket and data["record"]["title"] == "Printer on fire"
    assert data["old_record"] == {} and data["errors"] is None
    assert {"name": "id", "type": "uuid"} in data["columns"]
    assert data["commit_timestamp"].endswith("Z")

    db.execute("update public.tickets set status = 'resolved' where id = %s", (ticket,))
    update = (await alice.expect(is_change))["payload"]["data"]
    assert update["type"] == "UPDATE" and update["record"]["status"] == "resolved"
    assert update["old_record"] == {"id": ticket}

    db.execute("delete from public.tickets where id = %s", (ticket,))
    delete = (await alice.expect(is_change))["payload"]["data"]
    assert delete["type"] == "DELETE" and delete["record"] == {}
    assert delete["old_record"]["id"] == ticket and delete["old_record"]["title"] == "Printer on fire"

    assert await bob.nothing(is_change, wait=1.0)
    await alice.close()
    await bob.close()


async def test_anon_sees_nothing_and_service_role_sees_everything(gateway, world, db):
    anon, _ = await subscribe(gateway, None, [TICKETS])
    service, _ = await subscribe(gateway, gateway.service_key, [TICKETS])
    ticket = insert_ticket(db, world.company_b, "Seen by the service role")
    assert (await service.expect(is_change))["payload"]["data"]["record"]["id"] == ticket
    db.execute("delete from public.tickets where id = %s", (ticket,))
    assert (await service.expect(is_change))["payload"]["data"]["type"] == "DELETE"
    assert await anon.nothing(is_change, wait=1.0)
    await anon.close()
    await service.close()


@pytest.mark.parametrize(("filter_text", "priority", "delivered"), [
    ("priority=eq.high", "high", True),
    ("priority=eq.high", "low", False),
    ("priority=neq.high", "low", True),
    ("priority=in.(low,critical)", "critical", True),
    ("priority=in.(low,critical)", "high", False),
    ("estimated_hours=gt.5", "high", True),
    ("estimated_hours=lte.5", "high", False),
])
async def test_filters_select_the_rows_delivered(gateway, world, db, filter_text, priority, delivered):
    client, _ = await subscribe(gateway, world.token(world.user_a),
                                [{"event": "INSERT", "schema": "public", "table": "tickets", "filter": filter_text}])
    ticket = str(db.execute("insert into public.tickets (title, company_id, priority, estimated_hours)"
                            " values ('filtered', %s, %s, 7.5) returning id", (world.company_a, priority)).fetchone()[0])
    if delivered:
        assert (await client.expect(is_change))["payload"]["data"]["record"]["id"] == ticket
    else:
        assert await client.nothing(is_change, wait=0.7)
    await client.close()


async def test_event_filter_only_delivers_that_event(gateway, world, db):
    client, _ = await subscribe(gateway, world.token(world.user_a),
                                [{"event": "DELETE", "schema": "public", "table": "tickets"}])
    ticket = insert_ticket(db, world.company_a, "Short-lived")
    db.execute("delete from public.tickets where id = %s", (ticket,))
    assert (await client.expect(is_change))["payload"]["data"]["type"] == "DELETE"
    await client.close()


async def test_a_bad_filter_is_a_join_error(gateway, world):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    reply = await client.join("realtime:bad", {"postgres_changes": [
        {"event": "*", "schema": "public", "table": "tickets", "filter": "priority=like.high"}]})
    assert reply["payload"]["status"] == "error"
    assert "Error parsing `filter` params" in reply["payload"]["response"]["reason"]
    await client.close()


async def test_vsn_1_objects_work_too(gateway, world, db):
    client, _ = await subscribe(gateway, world.token(world.user_a), [TICKETS], vsn="1.0.0")
    ticket = insert_ticket(db, world.company_a, "Old serializer")
    assert (await client.expect(is_change))["payload"]["data"]["record"]["id"] == ticket
    await client.close()


async def test_large_rows_travel_through_the_outbox(gateway, world, db):
    client, _ = await subscribe(gateway, world.token(world.user_a), [TICKETS])
    description = "x" * 20_000
    ticket = str(db.execute("insert into public.tickets (title, company_id, description) values ('big', %s, %s)"
                            " returning id", (world.company_a, description)).fetchone()[0])
    record = (await client.expect(is_change))["payload"]["data"]["record"]
    assert record["id"] == ticket and record["description"] == description
    await client.close()
