"""Development-only surfaces stay off unless asked for, and the files holding secrets are private to their owner."""

from __future__ import annotations

import stat
from pathlib import Path

import httpx
import psycopg
import pytest

from gateway.server.status import STATUS_FILE, write_status
from gateway.settings import Settings
from tests.conftest import TEST_JWT_SECRET, make_settings
from tests.support.live import LiveGateway, run_gateway

MAILBOX_PATHS = ("/_dev/mailbox", "/_dev/mailbox/api/messages", "/_dev/mailbox/api/messages?to=owner@example.com")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(scope="module")
def without_mailbox(database_url, tmp_path_factory):
    with run_gateway(make_settings(database_url, tmp_path_factory.mktemp("prod"), dev_mailbox=False)) as live:
        yield live


def test_the_mailbox_does_not_exist_unless_dev_mailbox_is_on(without_mailbox: LiveGateway, db: psycopg.Connection):
    db.execute("insert into mail.outbox (to_address, from_address, subject, text_body, kind, status)"
               " values ('owner@example.com', 'no-reply@example.com', 'Reset your password',"
               " 'secret-link-0123456789', 'auth.recovery', 'captured')")
    for path in MAILBOX_PATHS:
        response = httpx.get(f"{without_mailbox.url}{path}", timeout=10)
        # With a built site the page route answers index.html; either way no mail is in it.
        assert response.status_code in (404, 200), (path, response.status_code)
        assert "secret-link-0123456789" not in response.text
        assert "Development mailbox" not in response.text


def test_the_mailbox_is_there_when_dev_mailbox_is_on(gateway: LiveGateway):
    assert httpx.get(f"{gateway.url}/_dev/mailbox/api/messages", timeout=10).json()["count"] >= 0


def test_dev_surfaces_default_off_with_an_external_database():
    settings = Settings.from_env({"DATABASE_URL": "postgresql://db.example/app", "JWT_SECRET": TEST_JWT_SECRET},
                                 env_file=Path("/nonexistent"))
    assert not settings.dev_mailbox and not settings.seed_demo


def test_the_embedded_mailbox_is_off_when_the_api_listens_beyond_this_machine(tmp_path: Path):
    local = Settings.from_env({"DATA_DIR": str(tmp_path)}, env_file=Path("/nonexistent"))
    exposed = Settings.from_env({"DATA_DIR": str(tmp_path), "API_HOST": "0.0.0.0"}, env_file=Path("/nonexistent"))
    forced = Settings.from_env({"DATA_DIR": str(tmp_path), "API_HOST": "0.0.0.0", "DEV_MAILBOX": "true"},
                               env_file=Path("/nonexistent"))
    assert local.dev_mailbox and not exposed.dev_mailbox and forced.dev_mailbox


def test_the_generated_jwt_secret_is_private(tmp_path: Path):
    Settings.from_env({"DATA_DIR": str(tmp_path)}, env_file=Path("/nonexistent"))
    assert mode(tmp_path / "jwt_secret") == 0o600


def test_status_json_is_private_even_when_it_existed_world_readable(tmp_path: Path):
    stale = tmp_path / STATUS_FILE
    stale.write_text("{}")
    stale.chmod(0o644)
    settings = Settings.from_env({"DATA_DIR": str(tmp_path)}, env_file=Path("/nonexistent"))
    write_status(settings, {"service_role_key": "k"})
    assert mode(stale) == 0o600
    assert '"service_role_key": "k"' in stale.read_text()
