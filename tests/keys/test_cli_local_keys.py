"""A Supabase project folder gets the keys `supabase start` prints (its well-known local secret, anon, service-role,
publishable and secret keys; values from the CLI's pkg/config/apikeys.go and its docs), so `.env` files written against
the CLI work unchanged; only while the API listens on loopback. These are public development values, not secrets."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import httpx
import pytest

from gateway.config_values import ConfigError
from gateway.jwt_keys import JwtKeys
from gateway.settings import PROJECT_ROOT, Settings
from tests.support.live import free_port
from tests.support.serve import ServeProcess, run_cli

CLI_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long"
CLI_ANON_KEY = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5"
                "OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0")
CLI_SERVICE_ROLE_KEY = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZS"
                        "IsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU")
CLI_PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH"
CLI_SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"


@pytest.fixture()
def project():
    """A folder as `supabase init` leaves it, outside pytest's temp root (the embedded server's user must reach it)."""
    root = Path(tempfile.mkdtemp(prefix="gateway-cli-keys-"))
    (root / "supabase").mkdir()
    (root / "supabase" / "config.toml").write_text('project_id = "cli-app"\n\n[api]\nport = 54321\n')
    yield root
    shutil.rmtree(root, ignore_errors=True)


def settings(project: Path, **env) -> Settings:
    return Settings.from_env({"DATA_DIR": str(project / ".data"), **env}, project_root=project)


def test_a_project_folder_on_loopback_gets_the_clis_keys_byte_for_byte(project):
    local = settings(project)
    keys = JwtKeys.from_settings(local)
    assert local.jwt_secret == CLI_SECRET and not local.cli_keys_withheld
    assert (keys.anon_key, keys.service_role_key) == (CLI_ANON_KEY, CLI_SERVICE_ROLE_KEY)
    assert (keys.api_keys.default_publishable, keys.api_keys.default_secret) == (CLI_PUBLISHABLE_KEY, CLI_SECRET_KEY)


def test_its_own_secret_and_keys_win(project):
    own = settings(project, JWT_SECRET="x" * 40, PUBLISHABLE_KEY="sb_publishable_mine0123456789abcdef_01234567")
    keys = JwtKeys.from_settings(own)
    assert own.jwt_secret == "x" * 40 and keys.anon_key != CLI_ANON_KEY
    assert keys.api_keys.default_publishable == "sb_publishable_mine0123456789abcdef_01234567"
    assert keys.api_keys.role_of(CLI_PUBLISHABLE_KEY) is None


def test_config_toml_sets_them_as_the_cli_reads_them(project):
    (project / "supabase" / "config.toml").write_text(
        '[auth]\njwt_secret = "env(MY_JWT_SECRET)"\npublishable_key = "env(MY_PUBLISHABLE_KEY)"\n'
        'secret_key = "sb_secret_fromconfig0123456789_abcdefgh"\n')
    own = settings(project, MY_JWT_SECRET="y" * 40, MY_PUBLISHABLE_KEY="sb_publishable_fromenv0123456789a_abcdefgh")
    keys = JwtKeys.from_settings(own)
    assert (own.jwt_secret, own.jwt_secret_origin) == ("y" * 40, "configured")
    assert keys.api_keys.publishable_by_name == {"default": "sb_publishable_fromenv0123456789a_abcdefgh"}
    assert keys.api_keys.secret_by_name == {"default": "sb_secret_fromconfig0123456789_abcdefgh"}


def test_bound_beyond_loopback_a_project_gets_a_generated_secret(project):
    exposed = settings(project, API_HOST="0.0.0.0")
    keys = JwtKeys.from_settings(exposed)
    assert exposed.jwt_secret != CLI_SECRET and exposed.cli_keys_withheld
    assert keys.api_keys.role_of(CLI_SECRET_KEY) is None and keys.anon_key != CLI_ANON_KEY
    # The generated secret stays with the data folder, even when the API later moves back to loopback.
    assert settings(project).jwt_secret == exposed.jwt_secret


def test_our_site_and_a_folder_without_config_keep_generated_keys(tmp_path):
    site = Settings.from_env({"DATA_DIR": str(tmp_path / "site")}, project_root=PROJECT_ROOT)
    bare = Settings.from_env({"DATA_DIR": str(tmp_path / "bare")}, project_root=tmp_path)
    assert CLI_SECRET not in (site.jwt_secret, bare.jwt_secret)
    assert not site.cli_keys_withheld and not bare.cli_keys_withheld


@pytest.mark.parametrize("env, message", [
    ({}, "JWT_SECRET is required"),
    ({"JWT_SECRET": CLI_SECRET}, "published placeholder"),
    ({"JWT_SECRET": "x" * 40, "SECRET_KEY": CLI_SECRET_KEY}, "the Supabase CLI's published local key"),
])
def test_the_production_shape_never_takes_the_clis_keys(project, env, message):
    with pytest.raises(ConfigError, match=message):
        settings(project, DATABASE_URL="postgresql://u@127.0.0.1:1/db", **env)


def test_serve_on_loopback_accepts_the_clis_keys_and_prints_them(project):
    port = free_port()
    with ServeProcess(project / ".data", port, cwd=project) as served:
        served.wait_healthy()
        status = run_cli("status", "-o", "json", cwd=project, DATA_DIR=project / ".data")
        answers = [httpx.get(f"http://127.0.0.1:{port}/auth/v1/settings", headers={"apikey": key}).status_code
                   for key in (CLI_ANON_KEY, CLI_SERVICE_ROLE_KEY, CLI_PUBLISHABLE_KEY, CLI_SECRET_KEY)]
        output = served.stop()
    assert answers == [200, 200, 200, 200]
    info = json.loads(status.stdout)
    assert (info["ANON_KEY"], info["PUBLISHABLE_KEY"], info["SECRET_KEY"]) == (CLI_ANON_KEY, CLI_PUBLISHABLE_KEY,
                                                                               CLI_SECRET_KEY)
    assert f" Publishable key: {CLI_PUBLISHABLE_KEY}" in output and f"      Secret key: {CLI_SECRET_KEY}" in output
    assert "warning:" not in output


def test_serve_beyond_loopback_refuses_the_clis_keys_and_warns(project):
    port = free_port()
    with ServeProcess(project / ".data", port, cwd=project, API_HOST="0.0.0.0") as served:
        served.wait_healthy()
        refused = [httpx.get(f"http://127.0.0.1:{port}/auth/v1/settings", headers={"apikey": key}).status_code
                   for key in (CLI_ANON_KEY, CLI_PUBLISHABLE_KEY)]
        output = served.stop()
    assert refused == [401, 401]
    assert "warning: the API listens on 0.0.0.0, beyond loopback" in output
    assert CLI_ANON_KEY not in output
