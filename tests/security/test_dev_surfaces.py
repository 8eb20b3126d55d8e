"""Development-only surfaces stay off unless asked for, and the files holding secrets are private to their owner."""

from __future__ import annotations

import shutil
import stat
import tempfile
from pathlib import Path

import httpx
import psycopg
import pytest

from gateway.server.status import STATUS_FILE, write_status
from gateway.settings import Settings
from tests.conftest import TEST_JWT_SECRET, make_settings
from tests.support.live import LiveGateway, free_port, run_gateway
from tests.support.serve import ServeProcess, db_url

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


def test_demo_accounts_are_seeded_by_default_only_when_the_api_listens_on_loopback(tmp_path: Path):
    def seeds(project_root: Path | None = None, **env: str) -> bool:
        return Settings.from_env({"DATA_DIR": str(tmp_path), **env}, env_file=Path("/nonexistent"),
                                 project_root=project_root).seed_demo

    assert seeds() and seeds(API_HOST="localhost") and seeds(API_HOST="127.0.0.2") and seeds(API_HOST="::1")
    assert not seeds(API_HOST="0.0.0.0") and not seeds(API_HOST="192.0.2.2") and not seeds(API_HOST="::")
    assert not seeds(API_HOST="localhost.example")
    assert seeds(API_HOST="0.0.0.0", SEED_DEMO="true")
    # A project without demo accounts keeps its seed files wherever it listens, as the Supabase CLI seeds them.
    bare = tmp_path / "bare"
    bare.mkdir()
    assert seeds(bare, API_HOST="0.0.0.0")


def test_the_image_never_seeds_demo_accounts():
    env = {}
    for line in (Path(__file__).parents[2] / "Dockerfile").read_text().splitlines():
        if line.startswith("ENV "):
            env.update(pair.split("=", 1) for pair in line.removeprefix("ENV ").split())
    assert env["SEED_DEMO"] == "false" and env["API_HOST"] == "0.0.0.0"


@pytest.fixture
def data_dir():
    """Outside pytest's own temp root, which a concurrent pytest session may lock to mode 0700 (the embedded
    server runs as its own system user)."""
    path = Path(tempfile.mkdtemp(prefix="gateway-exposed-test-"))
    yield path / "data"
    shutil.rmtree(path, ignore_errors=True)


def test_an_embedded_start_beyond_loopback_prints_no_secret_and_seeds_no_demo_account(data_dir: Path):
    port = free_port()
    with ServeProcess(data_dir, port, API_HOST="0.0.0.0") as served:
        served.wait_healthy()
        with psycopg.connect(db_url(data_dir)) as conn:
            users = conn.execute("select count(*) from auth.users").fetchone()[0]
        output = served.stop()
    status = Settings.from_env({"DATA_DIR": str(data_dir)}, env_file=Path("/nonexistent"))
    keys = (status.jwt_secret, "eyJ", "postgres:postgres", "Admin#Demo2025", "Partner#Demo2025")
    assert users == 0 and not [secret for secret in keys if secret in output]
    assert "Keys: not printed, as the API listens on 0.0.0.0: `gateway status`" in output
    assert "Demo accounts: this start seeds none, as the API listens on 0.0.0.0" in output
    assert "Seeded" not in output and "Mailbox" not in output


def test_a_start_with_database_url_beyond_loopback_prints_no_key(database_url: str, tmp_path: Path):
    with ServeProcess(tmp_path / "data", free_port(), DATABASE_URL=database_url, JWT_SECRET=TEST_JWT_SECRET,
                      API_HOST="0.0.0.0") as served:
        served.wait_healthy()
        output = served.stop()
    assert "eyJ" not in output and TEST_JWT_SECRET not in output and "Demo accounts" not in output
    assert "Keys: not printed, as the API listens on 0.0.0.0: `gateway status`" in output


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
