"""GoTrue's signing-keys format for JWT_JWKS_FILE (a JSON array; `key_ops` names the signing key) and the admin
roles (JWT_ADMIN_ROLES, by default service_role and supabase_admin)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from gateway.jwt_keys import JwtKeys, KeyFileError
from gateway.settings import Settings
from tests.auth.helpers import bearer, client, signed_in
from tests.conftest import TEST_JWT_SECRET, make_settings
from tests.support.live import LiveGateway, run_gateway


def _ec_jwk(kid: str, key_ops: list[str]) -> dict:
    """What `supabase gen signing-key` writes: a private EC key with its key_ops."""
    key = ec.generate_private_key(ec.SECP256R1())
    return {**json.loads(jwt.algorithms.ECAlgorithm.to_jwk(key)), "kid": kid, "alg": "ES256", "use": "sig",
            "key_ops": key_ops, "ext": True}


def _rsa_jwk(kid: str, key_ops: list[str]) -> dict:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return {**json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key)), "kid": kid, "alg": "RS256", "key_ops": key_ops}


@pytest.fixture(scope="module")
def signing_keys(tmp_path_factory):
    path = tmp_path_factory.mktemp("keys") / "signing_keys.json"
    # The signing key is not the first one: GoTrue picks it by key_ops, not by position.
    path.write_text(json.dumps([_rsa_jwk("old-rsa", ["verify"]), _ec_jwk("new-ec", ["sign", "verify"])]))
    return path


@pytest.fixture(scope="module")
def live(database_url, tmp_path_factory, signing_keys) -> Iterator[LiveGateway]:
    settings = make_settings(database_url, tmp_path_factory.mktemp("signing"), jwks_file=signing_keys,
                             jwt_admin_roles=("service_role", "supabase_admin", "ops_admin"))
    with run_gateway(settings) as gateway:
        yield gateway


def test_the_key_ops_signing_key_signs_and_all_are_published(live):
    with client(live) as auth:
        published = auth.get("/.well-known/jwks.json").json()["keys"]
        session = signed_in(live, auth, "signing-keys@example.com")
        assert auth.get("/user", headers=bearer(session["access_token"])).status_code == 200
    assert [k["kid"] for k in published] == ["old-rsa", "new-ec"]
    assert all("d" not in k and k["key_ops"] == ["verify"] for k in published)
    assert jwt.get_unverified_header(session["access_token"])["kid"] == "new-ec"


def test_two_signing_keys_are_refused(tmp_path):
    path = tmp_path / "keys.json"
    path.write_text(json.dumps([_ec_jwk("a", ["sign", "verify"]), _ec_jwk("b", ["sign", "verify"])]))
    with pytest.raises(KeyFileError, match="multiple signing keys"):
        JwtKeys.load(TEST_JWT_SECRET, path)


def test_admin_roles_default_from_the_environment(tmp_path):
    env = {"JWT_SECRET": TEST_JWT_SECRET}
    assert Settings.from_env(env, project_root=tmp_path).jwt_admin_roles == ("service_role", "supabase_admin")
    assert Settings.from_env({**env, "JWT_ADMIN_ROLES": "ops, service_role"}, project_root=tmp_path).jwt_admin_roles == ("ops", "service_role")


@pytest.mark.parametrize("role, status", [("supabase_admin", 200), ("ops_admin", 200), ("service_role", 200),
                                          ("authenticated", 403)])
def test_admin_calls_accept_the_admin_roles(live, role, status):
    now = int(time.time())
    token = JwtKeys(TEST_JWT_SECRET).sign({"role": role, "iat": now, "exp": now + 60})
    with client(live) as auth:
        response = auth.get("/admin/users", headers=bearer(token))
    assert response.status_code == status, response.text
    if status == 403:
        assert response.json()["code"] == "not_admin"
