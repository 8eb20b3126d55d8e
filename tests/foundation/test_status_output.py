"""`gateway status -o env|json` under the Supabase CLI's names, so scripts written for `supabase status` run
unchanged."""

from __future__ import annotations

import json
import subprocess
import sys

from gateway.cli.status_output import as_env
from tests.support.serve import gateway_env, run_cli

CLI_ANON_KEY_PREFIX = "eyJhbGciOiJIUzI1NiIs"


def test_a_script_written_for_supabase_status_reads_the_gateways(tmp_path):
    # The shape of the CLI's docs: export the stack's variables, then use them.
    script = f'eval "$({sys.executable} -m gateway status -o env)"; printf "%s\\n" "$API_URL" "$REST_URL" "$ANON_KEY"'
    printed = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                             env=gateway_env(DATA_DIR=tmp_path, API_PORT=55442, DB_PORT=55443)).stdout.splitlines()
    assert printed[:2] == ["http://127.0.0.1:55442", "http://127.0.0.1:55442/rest/v1"]
    assert printed[2].startswith(CLI_ANON_KEY_PREFIX)


def test_json_has_the_clis_keys_and_override_name_renames_them(tmp_path):
    shown = run_cli("status", "-o", "json", "--override-name", "api.url=NEXT_PUBLIC_SUPABASE_URL",
                    "--override-name", "auth.anon_key=NEXT_PUBLIC_SUPABASE_ANON_KEY,db.url=DATABASE_URL",
                    DATA_DIR=tmp_path, API_PORT=55444, DB_PORT=55445)
    values = json.loads(shown.stdout)
    assert values["NEXT_PUBLIC_SUPABASE_URL"] == "http://127.0.0.1:55444"
    assert values["NEXT_PUBLIC_SUPABASE_ANON_KEY"].startswith(CLI_ANON_KEY_PREFIX)
    assert values["DATABASE_URL"] == "postgresql://postgres:postgres@127.0.0.1:55445/postgres"
    assert {"API_URL", "ANON_KEY", "DB_URL"}.isdisjoint(values)
    assert {"REST_URL", "FUNCTIONS_URL", "PUBLISHABLE_KEY", "SECRET_KEY", "SERVICE_ROLE_KEY", "JWT_SECRET"} <= set(values)
    assert list(values) == sorted(values), "sorted, as the CLI's JSON of a map"


def test_an_unknown_override_name_is_refused_with_the_keys_it_takes(tmp_path):
    refused = run_cli("status", "-o", "env", "--override-name", "api.uri=X", DATA_DIR=tmp_path)
    assert refused.returncode == 2 and refused.stdout == ""
    assert "api.url" in refused.stderr and "'api.uri=X'" in refused.stderr


def test_status_outside_a_project_says_so_instead_of_printing_keys(tmp_path):
    outside = run_cli("status", "-o", "env", cwd=tmp_path, DATA_DIR=tmp_path / "data")
    assert outside.returncode == 1 and outside.stdout == ""
    assert "supabase/config.toml not found; run `gateway init`" in outside.stderr


def test_env_values_are_quoted_and_escaped_as_godotenv_writes_them():
    assert as_env({"B": 'say "hi" $HOME\nnow', "A": "plain"}) == 'A="plain"\nB="say \\"hi\\" \\$HOME\\nnow"'
