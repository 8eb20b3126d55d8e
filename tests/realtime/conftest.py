"""Realtime test data: two companies, a user of each, and this module's own RLS policies on the product tables."""

from __future__ import annotations

import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from gateway.jwt_keys import JwtKeys
from tests.conftest import TEST_JWT_SECRET

POLICIES = """
create policy "Test: members read their company's tickets" on public.tickets for select to authenticated
    using (company_id in (select cu.company_id from public.company_users cu where cu.user_id = auth.uid()));
create policy "Test: members read their company" on public.companies for select to authenticated
    using (id in (select cu.company_id from public.company_users cu where cu.user_id = auth.uid()));
create policy "Test: members read their own membership" on public.company_users for select to authenticated
    using (user_id = auth.uid());
"""


@dataclass(frozen=True)
class World:
    company_a: str
    company_b: str
    user_a: str
    user_b: str
    keys: JwtKeys

    def token(self, user_id: str, expires_in: int = 3600) -> str:
        now = int(time.time())
        return self.keys.sign({"sub": user_id, "role": "authenticated", "aud": "authenticated",
                               "iat": now, "exp": now + expires_in, "email": f"{user_id[:8]}@example.com"})


def make_user(db: psycopg.Connection, company_id: str, name: str) -> str:
    user_id = str(uuid.uuid4())
    email = f"{name}-{user_id[:8]}@example.com"
    db.execute("insert into auth.users (id, email, aud, role) values (%s, %s, 'authenticated', 'authenticated')",
               (user_id, email))
    db.execute("insert into public.company_users (user_id, company_id, name, email) values (%s, %s, %s, %s)",
               (user_id, company_id, name, email))
    return user_id


def make_company(db: psycopg.Connection, name: str) -> str:
    return str(db.execute("insert into public.companies (name) values (%s) returning id",
                          (f"{name} {uuid.uuid4().hex[:6]}",)).fetchone()[0])


@pytest.fixture(scope="module")
def world(db: psycopg.Connection) -> World:
    db.execute(POLICIES)
    company_a, company_b = make_company(db, "Alpha"), make_company(db, "Beta")
    return World(company_a=company_a, company_b=company_b, user_a=make_user(db, company_a, "alice"),
                 user_b=make_user(db, company_b, "bob"), keys=JwtKeys(TEST_JWT_SECRET))


def insert_ticket(db: psycopg.Connection, company_id: str, title: str, priority: str = "medium") -> str:
    return str(db.execute("insert into public.tickets (title, company_id, priority) values (%s, %s, %s) returning id",
                          (title, company_id, priority)).fetchone()[0])


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def sql_writer_env(database_url: str) -> dict[str, str]:
    """What a Node test needs to change rows as another client would (`sql()` of tests/node/realtime-support.mjs)."""
    return {"DATABASE_URL": database_url, "PYTHON": sys.executable,
            "SQL_WRITER": str(Path(__file__).with_name("sql_writer.py"))}
