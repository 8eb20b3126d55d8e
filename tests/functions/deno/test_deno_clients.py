"""supabase-js `functions.invoke` on Deno functions: CRUD under RLS for two users, a boot error, a Postgres driver."""

from __future__ import annotations

import uuid

import httpx
import psycopg
from psycopg.conninfo import conninfo_to_dict

from tests.support.live import LiveGateway
from tests.support.node import run_node_test

TASKS_TABLE = """
create table public.deno_tasks (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid() references auth.users (id),
  title text not null
);
comment on table public.deno_tasks is 'Tasks of the Deno router function''s tests.';
alter table public.deno_tasks enable row level security;
create policy "Users manage their own tasks" on public.deno_tasks for all to authenticated
  using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
grant select, insert on public.deno_tasks to authenticated;
"""


def test_supabase_js_invokes_deno_functions(deno_gateway: LiveGateway, db: psycopg.Connection):
    db.execute(TASKS_TABLE)
    tcp = conninfo_to_dict(deno_gateway.settings.tcp_database_url)
    run_node_test("deno-functions.test.mjs", deno_gateway, passes=6, extra_env={
        "RUN": uuid.uuid4().hex[:8], "DB_NAME": str(tcp["dbname"]), "DB_PORT": str(tcp["port"]),
        "DB_USER": str(tcp["user"]),
    })
    assert db.execute("select count(*) from public.deno_tasks").fetchone() == (2,)


def test_a_function_uses_storage_with_the_service_role_key(deno_gateway: LiveGateway, db: psycopg.Connection):
    response = httpx.post(f"{deno_gateway.url}/functions/v1/storage", json={"name": "notes/a.txt", "text": "kept"},
                          headers=deno_gateway.headers(), timeout=120)
    assert response.status_code == 200 and response.json() == {"stored": "kept"}, response.text
    assert db.execute("select name from storage.objects where bucket_id = 'function-files'").fetchall() == \
        [("notes/a.txt",)]
