"""Private channels (Realtime Authorization) through the real supabase-js, with policies on realtime.messages."""

from __future__ import annotations

import psycopg
import pytest

from tests.support.node import run_node_test

POLICIES = """
create policy "Test: signed-in users read members-only" on realtime.messages for select to authenticated
    using (realtime.topic() = 'members-only' and extension in ('broadcast', 'presence'));
create policy "Test: only {user} sends to members-only" on realtime.messages for insert to authenticated
    with check (realtime.topic() = 'members-only' and auth.uid() = '{user}');
"""


@pytest.fixture(scope="module")
def policies(db: psycopg.Connection, world) -> None:
    db.execute(POLICIES.format(user=world.user_a))


def test_private_channels_with_supabase_js(gateway, world, policies):
    run_node_test("realtime-private.test.mjs", gateway, passes=4, extra_env={"USER_A": world.user_a,
                                                                          "USER_B": world.user_b})


def test_probe_rows_never_stay(gateway, db, world, policies):
    assert db.execute("select count(*) from realtime.messages").fetchone()[0] == 0
