"""`[auth] signing_keys_path` in config.toml, as the Supabase CLI reads it (relative to supabase/, a JSON array of
JWKs as `supabase gen signing-key` writes them), and a rotation that logs no one out: a new ES256 key signs, the old
RS256 one stays listed to verify, and a session started before the rotation keeps working and refreshes."""

from __future__ import annotations

import json

import jwt

from gateway.project.warnings import start_warning
from gateway.settings import Settings
from tests.auth.helpers import bearer, client, signed_in
from tests.auth.test_signing_keys_and_admin_roles import _ec_jwk, _rsa_jwk
from tests.conftest import make_settings
from tests.support.live import run_gateway


def test_signing_keys_path_is_read_relative_to_the_supabase_folder(tmp_path):
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text('[auth]\nsigning_keys_path = "./signing_keys.json"\n')
    settings = Settings.from_env({"DATA_DIR": str(tmp_path / ".data")}, project_root=tmp_path)
    assert settings.jwks_file == tmp_path / "supabase" / "signing_keys.json"
    assert start_warning(settings.project) is None


def test_a_rotation_keeps_every_session(database_url, tmp_path):
    keys_file = tmp_path / "signing_keys.json"
    old_key = _rsa_jwk("old-rsa", ["sign", "verify"])
    keys_file.write_text(json.dumps([old_key]))
    settings = make_settings(database_url, tmp_path / "data", jwks_file=keys_file)
    with run_gateway(settings) as before, client(before) as auth:
        session = signed_in(before, auth, "rotate-keys@example.com")
        # The same session's claims signed with the JWT secret, as a token from before asymmetric keys would be.
        hs256 = before.keys.sign(jwt.decode(session["access_token"], options={"verify_signature": False}))
    assert jwt.get_unverified_header(session["access_token"])["kid"] == "old-rsa"

    keys_file.write_text(json.dumps([_ec_jwk("new-ec", ["sign", "verify"]), {**old_key, "key_ops": ["verify"]}]))
    with run_gateway(settings) as after, client(after) as auth:
        published = [key["kid"] for key in auth.get("/.well-known/jwks.json").json()["keys"]]
        kept = auth.get("/user", headers=bearer(session["access_token"]))
        secret_signed = auth.get("/user", headers=bearer(hs256))
        refreshed = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert published == ["new-ec", "old-rsa"]
    assert kept.status_code == 200 and kept.json()["email"] == "rotate-keys@example.com"
    assert secret_signed.status_code == 200, "tokens signed with the JWT secret still verify, as GoTrue's"
    assert refreshed.status_code == 200, refreshed.text
    assert jwt.get_unverified_header(refreshed.json()["access_token"])["kid"] == "new-ec"
