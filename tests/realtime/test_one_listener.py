"""One LISTEN connection per gateway process serves REST's schema reloads and Realtime's changes and bus, and
Realtime describes tables by REST's schema cache: a DDL change shows in the very next change, as it does in REST."""

from __future__ import annotations

import pytest

from tests.realtime.client import PhoenixClient
from tests.realtime.test_changes import is_change

pytestmark = pytest.mark.anyio


def listening_sessions(db) -> int:
    """Sessions of this database whose last statement was a LISTEN: those waiting for notifications."""
    return db.execute("select count(*) from pg_stat_activity where datname = current_database()"
                      " and pid <> pg_backend_pid() and query ilike 'listen%%'").fetchone()[0]


async def subscribe_to_a_new_table(gateway, db, definition: str, event: str, row_filter: str) -> PhoenixClient:
    """Creates and publishes `public.<definition>`, then subscribes the service role to its `event`s."""
    table = definition.split(" ", 1)[0]
    db.execute(f"create table public.{definition}")
    db.execute(f"alter publication supabase_realtime add table public.{table}")
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    reply = await client.join(f"realtime:{table}", {"postgres_changes": [
        {"event": event, "schema": "public", "table": table, "filter": row_filter}]},
        access_token=gateway.service_key)
    assert reply["payload"]["status"] == "ok", reply
    await client.expect_event("system")
    return client


def test_the_gateway_listens_on_one_connection(gateway, db):
    assert listening_sessions(db) == 1


async def test_a_new_primary_key_shapes_the_next_update_at_once(gateway, db):
    client = await subscribe_to_a_new_table(
        gateway, db, "parcels (id bigint primary key, code text not null unique, state text)", "UPDATE", "state=eq.sent")
    db.execute("insert into public.parcels values (1, 'P-1', 'new'), (2, 'P-2', 'new')")

    db.execute("update public.parcels set state = 'sent' where id = 1")
    assert (await client.expect(is_change))["payload"]["data"]["old_record"] == {"id": 1}

    db.execute("alter table public.parcels drop constraint parcels_pkey, add primary key (code)")
    db.execute("update public.parcels set state = 'sent' where id = 2")
    assert (await client.expect(is_change))["payload"]["data"]["old_record"] == {"code": "P-2"}
    await client.close()


async def test_a_table_created_a_moment_ago_takes_filtered_subscriptions(gateway, db):
    client = await subscribe_to_a_new_table(gateway, db, "crates (id bigint primary key, size int)", "INSERT", "size=gt.2")
    db.execute("insert into public.crates values (1, 1), (2, 3)")
    assert (await client.expect(is_change))["payload"]["data"]["record"] == {"id": 2, "size": 3}
    assert await client.nothing(is_change, wait=0.7)
    await client.close()
