"""pgjwt, pg_jsonschema, pg_hashids and pgmq are created, used and dropped by a role that is not a superuser (as
`postgres` is on Supabase) and has only the right to create schemas in its database."""

from __future__ import annotations

import psycopg
import pytest


@pytest.fixture(scope="module")
def owner(db: psycopg.Connection) -> psycopg.Connection:
    db.execute("create role extension_maker nosuperuser")
    db.execute("grant usage on schema extensions to extension_maker")  # where pgcrypto is, as on Supabase
    db.execute(db.execute("select format('grant create on database %I to extension_maker', current_database())")
               .fetchone()[0])
    db.execute("create schema made_here authorization extension_maker")
    db.execute("set role extension_maker")
    yield db
    db.execute("reset role")
    db.execute("drop owned by extension_maker")  # roles are the cluster's: leave none behind
    db.execute("drop role extension_maker")


@pytest.mark.parametrize("create,use,expected", [
    ("create extension pg_hashids with schema made_here", "select made_here.id_encode(1001)", "jNl"),
    ("create extension pg_jsonschema with schema made_here",
     """select made_here.jsonb_matches_schema('{"type": "string"}', '"x"')""", True),
    ("create extension pgjwt with schema made_here cascade",
     "select (made_here.verify(made_here.sign('{\"a\": 1}', 's'), 's')).valid", True),
    ("create extension pgmq", "select pgmq.create('made'); select count(*) from pgmq.send('made', '{}')", 1),
])
def test_created_used_and_dropped_by_a_plain_role(owner, create, use, expected):
    assert owner.execute("select rolsuper from pg_roles where rolname = current_user").fetchone()[0] is False
    owner.execute(create)
    try:
        *arrange, query = use.split("; ")
        for statement in arrange:
            owner.execute(statement)
        assert owner.execute(query).fetchone()[0] == expected
    finally:
        name = create.split()[2]
        owner.execute(f"drop extension {name}")
