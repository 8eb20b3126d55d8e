"""A Supabase project folder on loopback is served as `supabase start` serves it: the CLI's local API gateway has no
key-auth (a request to /rest/v1 or /auth/v1 without a key is the anon role, or the user its Authorization names), its
GoTrue applies no per-address request limits (no rate-limit header is configured), and its config.toml reads a missing
`enable_confirmations` as false. Bound beyond loopback, and for our site, the hosted behaviour stays."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator

import httpx
import pytest

from gateway.settings import PROJECT_ROOT, Settings
from tests.conftest import make_settings
from tests.keys import test_cli_local_keys as cli_keys
from tests.support.live import LiveGateway, run_gateway

project = cli_keys.project  # a folder as `supabase init` leaves it
settings = cli_keys.settings
NO_KEY = {"message": "No API key found in request"}
BAD_KEY = {"message": "Invalid authentication credentials"}
NOTES_SQL = """
create table public.keyless_notes (id bigint primary key, owner uuid, body text not null);
alter table public.keyless_notes enable row level security;
create policy "Anyone reads public notes" on public.keyless_notes for select to anon using (owner is null);
create policy "People read their own notes" on public.keyless_notes for select to authenticated
  using (owner = auth.uid());
grant select on public.keyless_notes to anon, authenticated;
insert into public.keyless_notes values (1, null, 'public'), (2, '00000000-0000-0000-0000-0000000000aa', 'mine');
"""


def test_a_project_folder_on_loopback_is_served_as_the_cli_serves_it(project):
    local = settings(project)
    assert (local.api_key_required, local.rate_limits_enabled, local.mail_autoconfirm) == (False, False, True)


def test_beyond_loopback_keys_and_limits_are_required_again(project):
    exposed = settings(project, API_HOST="0.0.0.0")
    assert (exposed.api_key_required, exposed.rate_limits_enabled) == (True, True)


def test_the_environment_and_config_toml_decide_over_the_defaults(project):
    assert settings(project, API_KEY_REQUIRED="true", RATE_LIMITS="true").api_key_required is True
    assert settings(project, RATE_LIMITS="true").rate_limits_enabled is True
    (project / "supabase" / "config.toml").write_text("[auth.email]\nenable_confirmations = true\n")
    assert settings(project).mail_autoconfirm is False
    assert settings(project, MAIL_AUTOCONFIRM="true").mail_autoconfirm is True


def test_our_site_keeps_the_hosted_behaviour():
    site = Settings.from_env({"DATA_DIR": tempfile.mkdtemp(prefix="gateway-site-")}, project_root=PROJECT_ROOT)
    assert (site.api_key_required, site.rate_limits_enabled, site.mail_autoconfirm) == (True, True, False)


@pytest.fixture(scope="module")
def keyless(database_url, tmp_path_factory, db) -> Iterator[LiveGateway]:
    db.execute(NOTES_SQL)
    with run_gateway(make_settings(database_url, tmp_path_factory.mktemp("keyless"), api_key_required=False,
                                   mail_autoconfirm=True)) as gateway:
        yield gateway


def test_rest_without_a_key_is_the_anon_role(keyless):
    answer = httpx.get(f"{keyless.url}/rest/v1/keyless_notes?select=body")
    assert (answer.status_code, answer.json()) == (200, [{"body": "public"}])


def test_rest_without_a_key_takes_the_users_token(keyless):
    now = int(time.time())
    token = keyless.keys.sign({"sub": "00000000-0000-0000-0000-0000000000aa", "role": "authenticated",
                               "aud": "authenticated", "iat": now, "exp": now + 600})
    answer = httpx.get(f"{keyless.url}/rest/v1/keyless_notes?select=body",
                       headers={"Authorization": f"Bearer {token}"})
    assert (answer.status_code, answer.json()) == (200, [{"body": "mine"}])
    forged = httpx.get(f"{keyless.url}/rest/v1/keyless_notes", headers={"Authorization": "Bearer not.a.jwt"})
    assert forged.status_code == 401 and forged.json()["code"] == "PGRST301"


def test_auth_without_a_key_signs_up_and_in(keyless):
    credentials = {"email": "keyless@example.com", "password": "keyless-password-1"}
    assert httpx.post(f"{keyless.url}/auth/v1/signup", json=credentials).status_code == 200
    session = httpx.post(f"{keyless.url}/auth/v1/token?grant_type=password", json=credentials).json()
    user = httpx.get(f"{keyless.url}/auth/v1/user", headers={"Authorization": f"Bearer {session['access_token']}"})
    assert user.json()["email"] == credentials["email"]
    # Admin routes still need the service role's token.
    assert httpx.get(f"{keyless.url}/auth/v1/admin/users").status_code in (401, 403)


def test_a_wrong_key_and_realtime_without_a_key_are_still_refused(keyless):
    junk = httpx.get(f"{keyless.url}/rest/v1/keyless_notes", headers={"apikey": "junk"})
    assert (junk.status_code, junk.json()) == (401, BAD_KEY)
    broadcast = httpx.post(f"{keyless.url}/realtime/v1/api/broadcast", json={"messages": []})
    assert (broadcast.status_code, broadcast.json()) == (401, NO_KEY)
