"""A project's seed that stores a secret with vault.create_secret, through `gateway serve`, read back by an RPC."""

from __future__ import annotations

import json
import shutil
import stat
import tempfile
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.support.live import free_port
from tests.support.serve import ServeProcess, db_url, run_cli

MIGRATION = """\
create extension if not exists supabase_vault with schema vault;

create function public.payment_key() returns text
language sql security definer set search_path = '' as $$
    select decrypted_secret from vault.decrypted_secrets where name = 'payment_key'
$$;
revoke execute on function public.payment_key() from public, anon, authenticated;
grant execute on function public.payment_key() to service_role;
"""
SEED = "select vault.create_secret('sk_live_seeded_4242', 'payment_key', 'The payment processor key');\n"


@pytest.fixture()
def data_dir():
    """Outside pytest's temp root, which a concurrent pytest session may lock to mode 0700 (see test_cli.py)."""
    path = Path(tempfile.mkdtemp(prefix="gateway-vault-test-"))
    yield path / "data"
    shutil.rmtree(path, ignore_errors=True)


def test_a_seed_stores_a_secret_that_an_rpc_decrypts_for_the_service_role_only(data_dir):
    folder = data_dir.parent / "vault-app"
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    (folder / "supabase" / "migrations" / "20260101000000_payment_key.sql").write_text(MIGRATION)
    (folder / "supabase" / "seed.sql").write_text(SEED)
    port = free_port()
    with ServeProcess(data_dir, port, cwd=folder) as server:
        server.wait_healthy()
        keys = json.loads(run_cli("--workdir", str(folder), "status", "-o", "json", DATA_DIR=data_dir).stdout)
        url = f"http://127.0.0.1:{port}/rest/v1/rpc/payment_key"

        def call(key: str) -> httpx.Response:
            return httpx.post(url, json={}, headers={"apikey": key, "Authorization": f"Bearer {key}"})

        assert call(keys["SERVICE_ROLE_KEY"]).json() == "sk_live_seeded_4242"
        refused = call(keys["ANON_KEY"])
        assert refused.status_code == 401 and refused.json()["code"] == "42501"
        with psycopg.connect(db_url(data_dir)) as conn:
            stored = conn.execute("select secret from vault.secrets where name = 'payment_key'").fetchone()[0]
        output = server.stop()
    assert "sk_live_seeded_4242" not in stored and "sk_live_seeded_4242" not in output
    key_file = data_dir / "pg" / "pgsodium_root.key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
