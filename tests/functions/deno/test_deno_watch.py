"""`gateway serve --watch` with a Deno function: a saved change (of its code or of the secrets) is served, a syntax
or type error is named with its file, line and column while the previous version keeps serving."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.devtools.test_serve_watch import Served, _healthy, eventually, write
from tests.support.pg import PgCluster

FUNCTION = 'Deno.serve(() => Response.json({ greeting: "%s" + (Deno.env.get("SUFFIX") ?? "") }));\n'


def greeting(server: Served) -> str:
    return httpx.get(f"{server.url}/functions/v1/hi", timeout=60).json()["greeting"]


def test_a_saved_deno_function_reloads_and_a_broken_one_keeps_the_previous_serving(tmp_path: Path,
                                                                                   pg_cluster: PgCluster):
    write(tmp_path / "supabase" / "config.toml", "[functions.hi]\nverify_jwt = false\n")
    index = tmp_path / "supabase" / "functions" / "hi" / "index.ts"
    write(index, FUNCTION % "hello")
    name = pg_cluster.create_database("t_deno_watch")
    server = Served(tmp_path, pg_cluster.url_for(name), workers=1)
    try:
        eventually(lambda: _healthy(server.url), "the gateway answers /health")
        assert greeting(server) == "hello"

        write(index, 'const greeting: string = 42;\nDeno.serve(() => Response.json({ greeting }));\n')
        line = server.wait_for_line("index.ts changed: supabase")
        assert line == ("[watch] supabase/functions/hi/index.ts changed: supabase/functions/hi/index.ts:1:7: error: "
                        "Type 'number' is not assignable to type 'string'.; the previous code keeps serving")
        assert greeting(server) == "hello"

        write(index, FUNCTION % "hi there")
        assert server.wait_for_line("functions reloaded") == (
            "[watch] supabase/functions/hi/index.ts changed: functions reloaded (hi)")
        eventually(lambda: greeting(server) == "hi there", "the saved code answers")

        write(tmp_path / "supabase" / "functions" / ".env", "SUFFIX=!\n")
        assert server.wait_for_line(".env added") == (
            "[watch] supabase/functions/.env added: functions reloaded (hi)")
        eventually(lambda: greeting(server) == "hi there!", "the saved secret is in the function's env")
    finally:
        server.stop()
        pg_cluster.drop_database(name)
