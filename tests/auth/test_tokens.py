"""Forged and expired tokens are refused; RS256/ES256 keys from a JWK set sign, verify and are published."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Iterator

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from gateway.jwt_keys import InvalidToken, JwtKeys, KeyFileError
from tests.auth.helpers import bearer, client, signed_in
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def hs512(claims: dict, secret: str) -> str:
    signing_input = f"{b64(json.dumps({'alg': 'HS512', 'typ': 'JWT'}).encode())}.{b64(json.dumps(claims).encode())}"
    return f"{signing_input}.{b64(hmac.new(secret.encode(), signing_input.encode(), hashlib.sha512).digest())}"


def test_forged_tokens_are_bad_jwt(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "forged@example.com")
        claims = gateway.keys.verify(session["access_token"])
        header, payload, signature = session["access_token"].split(".")
        tampered_claims = {**claims, "sub": "00000000-0000-0000-0000-000000000000", "role": "service_role"}
        forgeries = {
            "alg none": f"{b64(json.dumps({'alg': 'none', 'typ': 'JWT'}).encode())}.{payload}.",
            "other secret": jwt.encode(claims, "another-secret-that-is-long-enough-0123456789", algorithm="HS256"),
            "tampered payload": f"{header}.{b64(json.dumps(tampered_claims).encode())}.{signature}",
            "HS512": hs512(claims, gateway.settings.jwt_secret),
        }
        for name, token in forgeries.items():
            response = auth.get("/user", headers=bearer(token))
            assert response.status_code == 403 and response.json()["code"] == "bad_jwt", name
            admin = auth.get("/admin/users", headers=bearer(token))
            assert admin.status_code == 403 and admin.json()["code"] == "bad_jwt", name


def test_expired_token_is_bad_jwt(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "expired@example.com")
        claims = gateway.keys.verify(session["access_token"])
        expired = gateway.keys.sign({**claims, "iat": int(time.time()) - 7200, "exp": int(time.time()) - 3600})
        response = auth.get("/user", headers=bearer(expired))
    assert response.status_code == 403 and response.json()["code"] == "bad_jwt"
    assert "expired" in response.json()["message"]


def _rsa_jwk(kid: str) -> dict:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return {**json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key)), "kid": kid, "alg": "RS256", "use": "sig"}


def _ec_jwk(kid: str) -> dict:
    key = ec.generate_private_key(ec.SECP256R1())
    return {**json.loads(jwt.algorithms.ECAlgorithm.to_jwk(key)), "kid": kid, "alg": "ES256", "use": "sig"}


@pytest.fixture(scope="module")
def jwks_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("keys") / "jwks.json"
    path.write_text(json.dumps({"keys": [_ec_jwk("ec-1"), _rsa_jwk("rsa-1")]}))
    return path


@pytest.fixture(scope="module")
def asymmetric(database_url, tmp_path_factory, jwks_file) -> Iterator[LiveGateway]:
    settings = make_settings(database_url, tmp_path_factory.mktemp("asym"), jwks_file=jwks_file)
    with run_gateway(settings) as live:
        yield live


def test_jwks_publishes_public_keys_only(asymmetric):
    with client(asymmetric) as auth:
        keys = auth.get("/.well-known/jwks.json").json()["keys"]
    assert [k["kid"] for k in keys] == ["ec-1", "rsa-1"]
    assert all("d" not in k and "p" not in k for k in keys)


def test_user_tokens_are_signed_with_the_first_private_key_and_verify(asymmetric, jwks_file):
    with client(asymmetric) as auth:
        session = signed_in(asymmetric, auth, "es256@example.com")
        assert jwt.get_unverified_header(session["access_token"]) == {"alg": "ES256", "kid": "ec-1", "typ": "JWT"}
        assert auth.get("/user", headers=bearer(session["access_token"])).status_code == 200
    keys = JwtKeys.load(asymmetric.settings.jwt_secret, jwks_file)
    assert keys.verify(session["access_token"])["email"] == "es256@example.com"
    rsa_key = next(k for k in keys.asymmetric if k.kid == "rsa-1")
    rs256 = jwt.encode({"sub": "x", "role": "authenticated", "exp": int(time.time()) + 60}, rsa_key.key,
                       algorithm="RS256", headers={"kid": "rsa-1"})
    assert keys.verify(rs256)["sub"] == "x"
    with pytest.raises(InvalidToken):
        keys.verify(jwt.encode({"sub": "x"}, rsa_key.key, algorithm="RS256", headers={"kid": "unknown"}))
    with pytest.raises(InvalidToken):
        JwtKeys(asymmetric.settings.jwt_secret).verify(session["access_token"])


def test_hs256_still_works_alongside(asymmetric):
    keys = JwtKeys(asymmetric.settings.jwt_secret)
    token = keys.sign({"sub": "y", "role": "anon", "exp": int(time.time()) + 60})
    assert JwtKeys.load(asymmetric.settings.jwt_secret, asymmetric.settings.jwks_file).verify(token)["sub"] == "y"


def test_a_bad_key_file_is_refused(tmp_path):
    path = tmp_path / "jwks.json"
    path.write_text(json.dumps({"keys": [{"kty": "oct", "k": "abc", "alg": "HS256", "kid": "x"}]}))
    with pytest.raises(KeyFileError):
        JwtKeys.load("s" * 40, path)


def test_rest_accepts_an_es256_user_token_and_refuses_a_forged_one(asymmetric):
    with client(asymmetric) as auth:
        session = signed_in(asymmetric, auth, "rest-es256@example.com")
    rest = f"{asymmetric.url}/rest/v1/partners?select=id"
    accepted = httpx.get(rest, headers=asymmetric.headers(session["access_token"]))
    header, payload, signature = session["access_token"].split(".")
    forged = httpx.get(rest, headers=asymmetric.headers(f"{header}.{payload}.{signature[:-4]}AAAA"))
    assert accepted.status_code == 200, accepted.text
    assert accepted.json() == []  # a new user is no partner: RLS, reached as that user, shows nothing
    assert forged.status_code == 401 and forged.json()["code"] == "PGRST301"
