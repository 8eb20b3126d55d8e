"""postgres_changes filters compare as PostgreSQL compares the column's type (they are evaluated in the statement
that re-selects the row under RLS): bigint beyond 2^53, quoted text lists, timestamptz across zones, numeric beyond
a float's precision, uuid in any case. Filters the database cannot read are refused at join, as Realtime does."""

from __future__ import annotations

import pytest

from tests.realtime.client import PhoenixClient
from tests.realtime.test_changes import is_change

pytestmark = pytest.mark.anyio

BIG = 2**53  # 9007199254740992: the float of 2^53 + 1 is 2^53
UUID = "6f1c0c2e-7d4b-4c7e-9a55-2f3f5e1b0a11"


@pytest.fixture(scope="module")
def measures(db):
    db.execute("create table public.measures (id bigint primary key, label text, at timestamptz,"
               " amount numeric, ref uuid)")
    db.execute("alter publication supabase_realtime add table public.measures")
    return "measures"


async def subscribe(gateway, row_filter: str) -> PhoenixClient:
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    reply = await client.join("realtime:measures", {"postgres_changes": [
        {"event": "INSERT", "schema": "public", "table": "measures", "filter": row_filter}]},
        access_token=gateway.service_key)
    assert reply["payload"]["status"] == "ok", reply
    await client.expect_event("system")
    return client


async def delivered_ids(client: PhoenixClient, expected: int) -> set[int]:
    """The ids of the rows delivered: `expected` of them, then nothing more for a moment."""
    ids = {int((await client.expect(is_change))["payload"]["data"]["record"]["id"]) for _ in range(expected)}
    assert await client.nothing(is_change, wait=0.7)
    return ids


def insert(db, *rows: dict) -> None:
    for row in rows:
        db.execute("insert into public.measures (id, label, at, amount, ref) values"
                   " (%(id)s, %(label)s, %(at)s, %(amount)s, %(ref)s)",
                   {"label": None, "at": None, "amount": None, "ref": None, **row})


async def test_bigint_ids_above_2_53_compare_exactly(gateway, db, measures):
    client = await subscribe(gateway, f"id=eq.{BIG + 1}")
    insert(db, {"id": BIG}, {"id": BIG + 1}, {"id": BIG + 2})
    assert await delivered_ids(client, 1) == {BIG + 1}
    await client.close()


async def test_in_lists_take_quoted_text_with_commas_and_escaped_quotes(gateway, db, measures):
    client = await subscribe(gateway, r'label=in.("a,b","5\" disk, used",plain)')
    insert(db, {"id": 1, "label": "a,b"}, {"id": 2, "label": "a"}, {"id": 3, "label": '5" disk, used'},
           {"id": 4, "label": "plain"}, {"id": 5, "label": '5"'})
    assert await delivered_ids(client, 3) == {1, 3, 4}
    await client.close()


async def test_a_percent_sign_in_a_value_is_compared_as_itself(gateway, db, measures):
    client = await subscribe(gateway, "label=in.(100%,%s)")
    insert(db, {"id": 91, "label": "100%"}, {"id": 92, "label": "100"}, {"id": 93, "label": "%s"})
    assert await delivered_ids(client, 2) == {91, 93}
    await client.close()


async def test_timestamptz_compares_instants_across_zones(gateway, db, measures):
    client = await subscribe(gateway, "at=gt.2026-01-01T00:00:00+02:00")
    # 23:30 UTC is 01:30 at +02:00 (after); 21:30 UTC is 23:30 the day before at +02:00.
    insert(db, {"id": 11, "at": "2025-12-31T23:30:00Z"}, {"id": 12, "at": "2025-12-31T21:30:00Z"})
    assert await delivered_ids(client, 1) == {11}
    await client.close()


async def test_numeric_compares_beyond_a_floats_precision(gateway, db, measures):
    client = await subscribe(gateway, "amount=lt.12345678901234567890.6")
    insert(db, {"id": 21, "amount": "12345678901234567890.5"}, {"id": 22, "amount": "12345678901234567890.7"})
    assert await delivered_ids(client, 1) == {21}
    await client.close()


async def test_uuid_compares_as_a_uuid(gateway, db, measures):
    client = await subscribe(gateway, f"ref=in.({UUID.upper()})")
    insert(db, {"id": 31, "ref": UUID}, {"id": 32, "ref": "00000000-0000-0000-0000-000000000000"})
    assert await delivered_ids(client, 1) == {31}
    await client.close()


async def test_negation_and_null_follow_sql(gateway, db, measures):
    client = await subscribe(gateway, "label=not.eq.x,amount=gte.1")
    insert(db, {"id": 41, "label": "y", "amount": 1}, {"id": 42, "label": "x", "amount": 2},
           {"id": 43, "label": None, "amount": 3}, {"id": 44, "label": "z", "amount": "0.5"})
    assert await delivered_ids(client, 1) == {41}
    await client.close()


@pytest.mark.parametrize(("row_filter", "reason"), [
    ("id=like.1", "Error parsing `filter` params"),
    ('label=in.("open', "Error parsing `filter` params"),
    ("ref=eq.not-a-uuid", 'invalid input syntax for type uuid: "not-a-uuid"'),
    ("missing=eq.1", 'column k.missing does not exist'),
])
async def test_filters_that_cannot_be_read_are_join_errors(gateway, measures, row_filter, reason):
    client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
    reply = await client.join("realtime:bad", {"postgres_changes": [
        {"event": "*", "schema": "public", "table": "measures", "filter": row_filter}]},
        access_token=gateway.service_key)
    assert reply["payload"]["status"] == "error"
    assert set(reply["payload"]["response"]) == {"reason"}
    assert reason in reply["payload"]["response"]["reason"]
    await client.close()
