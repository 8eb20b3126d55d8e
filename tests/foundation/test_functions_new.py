"""`gateway functions new NAME` as a user types it in a new project: the invocation its comment shows works as written,
with the function's URL and the project's key filled in, as the Supabase CLI fills them."""

from __future__ import annotations

import json

from tests.support.serve import run_cli


def test_the_template_shows_the_functions_url_and_the_projects_anon_key(tmp_path):
    folder = tmp_path / "functions-app"
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    created = run_cli("functions", "new", "hello-world", cwd=folder, DATA_DIR=tmp_path / "data")
    assert created.returncode == 0, created.stderr
    anon_key = json.loads(run_cli("status", "-o", "json", cwd=folder, DATA_DIR=tmp_path / "data").stdout)["ANON_KEY"]

    index = (folder / "supabase" / "functions" / "hello-world" / "index.ts").read_text()
    assert "curl -i --location --request POST 'http://127.0.0.1:54321/functions/v1/hello-world'" in index
    assert f"--header 'Authorization: Bearer {anon_key}'" in index
    assert "{" + "anon_key}" not in index and "{" + "url}" not in index
