"""`gateway gen types`: TypeScript in the shape of `supabase gen types typescript`, which makes supabase-js typed,
and Python TypedDicts; the site's own types are generated and must not be stale."""

import subprocess

import pytest

from gateway.cli.typegen import generate
from gateway.settings import PROJECT_ROOT
from tests.support.serve import run_cli

WEB = PROJECT_ROOT / "web"
SITE_TYPES = WEB / "src" / "lib" / "database.types.ts"

SAMPLE = """
create type public.app_role as enum ('admin', 'moderator');
create table public.members (id uuid primary key, username text not null, role public.app_role,
                             tags text[] not null default '{}', meta jsonb);
create table public.notes (id bigint generated always as identity primary key, body text,
                           member_id uuid not null references public.members unique);
create view public.note_bodies as select id, body from public.notes;
create function public.greet(name text, times int default 1) returns text language sql as $$ select name $$;
"""


def test_the_sites_types_are_generated_from_its_schema(database_url):
    assert SITE_TYPES.read_text() == generate(database_url, ["public"], "typescript"), (
        "web/src/lib/database.types.ts is stale: run `gateway gen types typescript > web/src/lib/database.types.ts`")


@pytest.fixture(scope="module", autouse=True)
def sample_schema(db):
    db.execute("create schema typegen_sample")
    db.execute(SAMPLE.replace("public.", "typegen_sample."))


def test_typescript_shape(database_url):
    ts = generate(database_url, ["typegen_sample"], "typescript")
    assert "      members: {\n        Row: {\n          id: string\n          username: string\n" in ts
    assert "          role: Database[\"typegen_sample\"][\"Enums\"][\"app_role\"] | null" in ts
    assert "          tags: string[]\n" in ts and "          meta: Json | null\n" in ts
    assert "        Insert: {\n          id?: never\n          body?: string | null\n          member_id: string" in ts
    assert 'isOneToOne: true\n            referencedRelation: "members"' in ts
    assert "greet: { Args: { name: string; times?: number }; Returns: string }" in ts
    assert 'app_role: "admin" | "moderator"' in ts
    assert "note_bodies: {\n        Row: {\n          id: number | null" in ts


CLIENT_USE = """
import { createClient } from '@supabase/supabase-js';
import type { Database } from './types';
const client = createClient<Database, 'typegen_sample'>('http://x', 'k', { db: { schema: 'typegen_sample' } });
export async function use() {
  const { data } = await client.from('members').select('id, username').single();
  const name: string | undefined = data?.username;
  await client.from('members').insert({ id: 'a', username: 'b', role: 'admin' });
  return name;
}
"""


@pytest.mark.parametrize(("body", "compiles"), [
    (CLIENT_USE, True),
    (CLIENT_USE.replace("role: 'admin'", "role: 'owner'"), False),
    (CLIENT_USE.replace("select('id, username')", "select('id, nickname')").replace(
        "data?.username", "data?.nickname"), False),
])
def test_the_typescript_types_make_supabase_js_typed(database_url, tmp_path, body, compiles):
    (tmp_path / "node_modules").symlink_to(WEB / "node_modules")
    (tmp_path / "types.ts").write_text(generate(database_url, ["typegen_sample"], "typescript"))
    (tmp_path / "use.ts").write_text(body)
    result = subprocess.run(
        [str(WEB / "node_modules" / ".bin" / "tsc"), "--noEmit", "--strict", "--skipLibCheck", "--module", "esnext",
         "--moduleResolution", "bundler", "--target", "es2022", "use.ts"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert (result.returncode == 0) == compiles, result.stdout


def test_python_typed_dicts(database_url):
    source = generate(database_url, ["typegen_sample"], "python")
    namespace: dict = {}
    exec(compile(source, "types.py", "exec"), namespace)
    members = namespace["TypegenSampleMembersInsert"]
    assert members.__required_keys__ == {"id", "username"}
    assert {"role", "tags", "meta"} <= members.__optional_keys__
    assert "TypegenSampleAppRole = Literal[\"admin\", \"moderator\"]" in source


def test_the_cli_s_local_flag_is_accepted(database_url):
    plain = run_cli("gen", "types", "typescript", DATABASE_URL=database_url, JWT_SECRET="y" * 40)
    local = run_cli("gen", "types", "typescript", "--local", DATABASE_URL=database_url, JWT_SECRET="y" * 40)
    assert local.returncode == 0, local.stderr
    assert local.stdout == plain.stdout and "export type Database" in local.stdout
