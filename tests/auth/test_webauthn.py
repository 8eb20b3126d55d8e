"""WebAuthn through HTTP with a software authenticator (real keys, attestation objects and signatures): webauthn MFA
factors up to aal2, passkey registration and password-less sign-in, refused replays, unknown credentials and
switched-off settings with GoTrue's codes. Switched on as a project does, in config.toml."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from gateway.auth.webauthn_rp import RelyingParty, relying_party
from gateway.settings import Settings
from tests.auth.helpers import bearer, client, signed_in
from tests.auth.test_project_config_auth import gateway_for
from tests.conftest import TEST_JWT_SECRET
from tests.support.live import LiveGateway
from tests.support.soft_authenticator import SoftAuthenticator, b64url

ENABLED = """
[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
[auth.passkey]
enabled = true
[auth.webauthn]
rp_display_name = "Gateway tests"
"""


@pytest.fixture(scope="module")
def gateway(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    yield from gateway_for(database_url, tmp_path_factory.mktemp("webauthn"), ENABLED)


@pytest.fixture(scope="module")
def switched_off(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    """GoTrue's defaults, on the same database: WebAuthn factors and passkeys off."""
    yield from gateway_for(database_url, tmp_path_factory.mktemp("off"), "")


def enroll(auth: httpx.Client, token: str, name: str = "key") -> dict:
    response = auth.post("/factors", headers=bearer(token), json={"factor_type": "webauthn", "friendly_name": name})
    assert response.status_code == 200, response.text
    return response.json()


def challenge(auth: httpx.Client, token: str, factor_id: str) -> dict:
    response = auth.post(f"/factors/{factor_id}/challenge", headers=bearer(token), json={})
    assert response.status_code == 200, response.text
    return response.json()


def verify(auth: httpx.Client, token: str, factor_id: str, challenge_id: str, kind: str, credential: dict):
    return auth.post(f"/factors/{factor_id}/verify", headers=bearer(token),
                     json={"challenge_id": challenge_id, "webauthn": {"type": kind, "credential_response": credential}})


def password_session(auth: httpx.Client, email: str) -> dict:
    response = auth.post("/token?grant_type=password", json={"email": email, "password": "correct horse"})
    assert response.status_code == 200, response.text
    return response.json()


def registered_passkey(gateway: LiveGateway, auth: httpx.Client, email: str) -> tuple[SoftAuthenticator, dict]:
    session = signed_in(gateway, auth, email)
    authenticator = SoftAuthenticator(origin=gateway.url)
    options = auth.post("/passkeys/registration/options", headers=bearer(session["access_token"]), json={}).json()
    created = auth.post("/passkeys/registration/verify", headers=bearer(session["access_token"]),
                        json={"challenge_id": options["challenge_id"], "credential": authenticator.create(options["options"])})
    assert created.status_code == 200, created.text
    return authenticator, session


def test_a_webauthn_factor_is_registered_then_asserted_up_to_aal2(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "factor@example.com")
        token = session["access_token"]
        user_id = gateway.keys.verify(token)["sub"]
        factor = enroll(auth, token)
        assert factor == {"id": factor["id"], "type": "webauthn", "friendly_name": "key"}

        created = challenge(auth, token, factor["id"])
        assert created["type"] == "webauthn" and created["webauthn"]["type"] == "create"
        options = created["webauthn"]["credential_options"]["publicKey"]
        assert options["rp"] == {"id": "127.0.0.1", "name": "Gateway tests"}
        assert options["user"] == {"id": b64url(user_id.encode()), "name": "factor@example.com",
                                   "displayName": "factor@example.com"}
        assert options["timeout"] == 300000 and options["authenticatorSelection"] == {}
        authenticator = SoftAuthenticator(origin=gateway.url)
        verified = verify(auth, token, factor["id"], created["id"], "create", authenticator.create(options))
        assert verified.status_code == 200, verified.text
        claims = gateway.keys.verify(verified.json()["access_token"])
        assert claims["aal"] == "aal2" and [a["method"] for a in claims["amr"]] == ["password", "mfa/webauthn"]
        me = auth.get("/user", headers=bearer(verified.json()["access_token"])).json()
        assert [(f["factor_type"], f["status"]) for f in me["factors"]] == [("webauthn", "verified")]
        assert me["factors"][0]["web_authn_aaguid"] == "00000000-0000-0000-0000-000000000000"

        # A later sign-in is aal1 until the registered authenticator answers a request challenge.
        later = password_session(auth, "factor@example.com")["access_token"]
        requested = challenge(auth, later, factor["id"])
        assert requested["webauthn"]["type"] == "request"
        request = requested["webauthn"]["credential_options"]["publicKey"]
        assert request["rpId"] == "127.0.0.1"
        assert [c["id"] for c in request["allowCredentials"]] == [b64url(authenticator.credentials[0].id)]
        asserted = verify(auth, later, factor["id"], requested["id"], "request", authenticator.get(request))
        assert asserted.status_code == 200, asserted.text
    assert gateway.keys.verify(asserted.json()["access_token"])["aal"] == "aal2"


def test_a_replayed_or_foreign_challenge_is_refused(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "replay@example.com")
        token = session["access_token"]
        factor = enroll(auth, token)
        created = challenge(auth, token, factor["id"])
        authenticator = SoftAuthenticator(origin=gateway.url)
        registration = authenticator.create(created["webauthn"]["credential_options"]["publicKey"])
        assert verify(auth, token, factor["id"], created["id"], "create", registration).status_code == 200
        replayed = verify(auth, token, factor["id"], created["id"], "create", registration)
        assert replayed.status_code == 422 and replayed.json()["code"] == "mfa_factor_not_found"

        later = password_session(auth, "replay@example.com")["access_token"]
        first, second = challenge(auth, later, factor["id"]), challenge(auth, later, factor["id"])
        signed_for_first = authenticator.get(first["webauthn"]["credential_options"]["publicKey"])
        foreign = verify(auth, later, factor["id"], second["id"], "request", signed_for_first)
        assert foreign.status_code == 500
        assert foreign.json() == {"code": "unexpected_failure", "message": "Failed to validate WebAuthn MFA response"}
        new_key = verify(auth, later, factor["id"], second["id"], "create",
                         SoftAuthenticator(origin=gateway.url).create(
                             created["webauthn"]["credential_options"]["publicKey"]))
        assert new_key.status_code == 400 and new_key.json()["code"] == "validation_failed"
        malformed = verify(auth, later, factor["id"], second["id"], "request", {"id": "x"})
        assert malformed.status_code == 400 and malformed.json()["message"] == "Invalid credential_response"
        assert gateway.keys.verify(later)["aal"] == "aal1"


def test_a_passkey_is_registered_then_signs_in_without_a_password(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "passkey@example.com")
        token = session["access_token"]
        user_id = gateway.keys.verify(token)["sub"]
        authenticator = SoftAuthenticator(origin=gateway.url)
        options = auth.post("/passkeys/registration/options", headers=bearer(token), json={}).json()
        publickey = options["options"]
        assert publickey["authenticatorSelection"] == {"residentKey": "required", "userVerification": "preferred"}
        assert publickey["attestation"] == "none" and publickey["user"]["id"] == b64url(user_id.encode())
        assert options["expires_at"] > 0
        created = auth.post("/passkeys/registration/verify", headers=bearer(token),
                            json={"challenge_id": options["challenge_id"], "credential": authenticator.create(publickey)})
        assert created.status_code == 200, created.text
        assert created.json()["friendly_name"] == "Passkey"

        sign_in = auth.post("/passkeys/authentication/options", json={"gotrue_meta_security": {}}).json()
        assert sign_in["options"]["userVerification"] == "preferred" and "allowCredentials" not in sign_in["options"]
        assertion = authenticator.get(sign_in["options"])
        signed = auth.post("/passkeys/authentication/verify",
                           json={"challenge_id": sign_in["challenge_id"], "credential": assertion})
        assert signed.status_code == 200, signed.text
        claims = gateway.keys.verify(signed.json()["access_token"])
        assert claims["sub"] == user_id and claims["aal"] == "aal1" and claims["amr"][0]["method"] == "passkey"
        assert signed.json()["user"]["email"] == "passkey@example.com"

        replayed = auth.post("/passkeys/authentication/verify",
                             json={"challenge_id": sign_in["challenge_id"], "credential": assertion})
        assert replayed.status_code == 400 and replayed.json()["code"] == "webauthn_challenge_not_found"
        listed = auth.get("/passkeys", headers=bearer(token)).json()
    assert [p["id"] for p in listed] == [created.json()["id"]] and "last_used_at" in listed[0]


def test_an_unknown_credential_does_not_sign_in(gateway):
    with client(gateway) as auth:
        registered_passkey(gateway, auth, "known@example.com")
        stranger = SoftAuthenticator(origin=gateway.url)
        stranger.create({"rp": {"id": "127.0.0.1"}, "user": {"id": b64url(b"someone else")},
                         "pubKeyCredParams": [{"type": "public-key", "alg": -7}], "challenge": b64url(b"x" * 32)})
        options = auth.post("/passkeys/authentication/options", json={}).json()
        refused = auth.post("/passkeys/authentication/verify",
                            json={"challenge_id": options["challenge_id"], "credential": stranger.get(options["options"])})
        assert refused.status_code == 400
        assert refused.json() == {"code": "webauthn_verification_failed", "message": "Credential verification failed"}
        again = auth.post("/passkeys/authentication/verify",
                          json={"challenge_id": options["challenge_id"], "credential": stranger.get(options["options"])})
    assert again.status_code == 400 and again.json()["code"] == "webauthn_challenge_not_found"


def test_a_signature_from_another_key_does_not_sign_in(gateway):
    with client(gateway) as auth:
        authenticator, _ = registered_passkey(gateway, auth, "forged@example.com")
        forger = SoftAuthenticator(origin=gateway.url)
        forger.create({"rp": {"id": "127.0.0.1"}, "user": {"id": b64url(authenticator.credentials[0].user_handle)},
                       "pubKeyCredParams": [{"type": "public-key", "alg": -7}], "challenge": b64url(b"x" * 32)})
        forger.credentials[0].id = authenticator.credentials[0].id
        options = auth.post("/passkeys/authentication/options", json={}).json()
        forged = auth.post("/passkeys/authentication/verify",
                           json={"challenge_id": options["challenge_id"], "credential": forger.get(options["options"])})
    assert forged.status_code == 400 and forged.json()["code"] == "webauthn_verification_failed"


def test_passkeys_are_renamed_listed_and_removed_by_the_user_and_the_admin(gateway):
    admin = httpx.Client(base_url=f"{gateway.url}/auth/v1", headers=gateway.headers(gateway.service_key), timeout=30)
    with client(gateway) as auth, admin:
        _, session = registered_passkey(gateway, auth, "manage@example.com")
        token = session["access_token"]
        user_id = gateway.keys.verify(token)["sub"]
        passkey = auth.get("/passkeys", headers=bearer(token)).json()[0]
        renamed = auth.patch(f"/passkeys/{passkey['id']}", headers=bearer(token), json={"friendly_name": "Laptop"})
        assert renamed.status_code == 200 and renamed.json()["friendly_name"] == "Laptop"
        too_long = auth.patch(f"/passkeys/{passkey['id']}", headers=bearer(token), json={"friendly_name": "x" * 121})
        assert too_long.status_code == 400 and too_long.json()["code"] == "validation_failed"
        assert [p["friendly_name"] for p in admin.get(f"/admin/users/{user_id}/passkeys").json()] == ["Laptop"]
        removed = admin.delete(f"/admin/users/{user_id}/passkeys/{passkey['id']}")
        assert removed.status_code == 204
        missing = auth.delete(f"/passkeys/{passkey['id']}", headers=bearer(token))
    assert missing.status_code == 404 and missing.json() == {"code": "validation_failed", "message": "Passkey not found"}


def test_with_a_verified_factor_registering_a_passkey_needs_aal2(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "aal-passkey@example.com")
        factor = enroll(auth, session["access_token"])
        created = challenge(auth, session["access_token"], factor["id"])
        authenticator = SoftAuthenticator(origin=gateway.url)
        aal2 = verify(auth, session["access_token"], factor["id"], created["id"], "create",
                      authenticator.create(created["webauthn"]["credential_options"]["publicKey"])).json()
        aal1 = password_session(auth, "aal-passkey@example.com")["access_token"]
        refused = auth.post("/passkeys/registration/options", headers=bearer(aal1), json={})
        assert refused.status_code == 403 and refused.json()["code"] == "insufficient_aal"
        allowed = auth.post("/passkeys/registration/options", headers=bearer(aal2["access_token"]), json={})
    assert allowed.status_code == 200


def test_switched_off_webauthn_answers_gotrues_codes(gateway, switched_off):
    with client(gateway) as auth, client(switched_off) as off:
        session = signed_in(gateway, auth, "off@example.com")
        token = session["access_token"]
        factor = enroll(auth, token)
        enrolled = off.post("/factors", headers=bearer(token), json={"factor_type": "webauthn"})
        assert enrolled.status_code == 422
        assert enrolled.json() == {"code": "mfa_webauthn_enroll_not_enabled", "message": "MFA enroll is disabled for WebAuthn"}
        challenged = off.post(f"/factors/{factor['id']}/challenge", headers=bearer(token), json={})
        assert challenged.status_code == 422 and challenged.json()["code"] == "mfa_webauthn_verify_not_enabled"
        verified = off.post(f"/factors/{factor['id']}/verify", headers=bearer(token),
                            json={"challenge_id": challenge(auth, token, factor["id"])["id"],
                                  "webauthn": {"type": "create", "credential_response": {}}})
        assert verified.status_code == 422
        assert verified.json() == {"code": "mfa_webauthn_enroll_not_enabled",
                                   "message": "MFA verification is disabled for WebAuthn"}
        for method, path in (("POST", "/passkeys/authentication/options"), ("POST", "/passkeys/authentication/verify"),
                             ("POST", "/passkeys/registration/options"), ("GET", "/passkeys")):
            response = off.request(method, path, headers=bearer(token), json={})
            assert response.status_code == 404 and response.json() == {"code": "passkey_disabled",
                                                                        "message": "Passkeys are disabled"}, path
        phone = auth.post("/factors", headers=bearer(token), json={"factor_type": "phone", "phone": "+15555550100"})
        assert phone.status_code == 422 and phone.json()["code"] == "mfa_phone_enroll_not_enabled"
        assert auth.get("/settings").json()["passkeys_enabled"] is True
        assert off.get("/settings").json()["passkeys_enabled"] is False


def test_expired_challenges_are_refused_and_purged(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "expiry@example.com")
        token = session["access_token"]
        factor = enroll(auth, token)
        created = challenge(auth, token, factor["id"])
        db.execute("update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = %s",
                   (created["id"],))
        late = verify(auth, token, factor["id"], created["id"], "create", SoftAuthenticator(origin=gateway.url).create(
            created["webauthn"]["credential_options"]["publicKey"]))
        assert late.status_code == 422 and late.json()["code"] == "mfa_challenge_expired"

        options = auth.post("/passkeys/authentication/options", json={}).json()
        db.execute("update auth.webauthn_challenges set expires_at = now() - interval '1 second'")
        expired = auth.post("/passkeys/authentication/verify",
                            json={"challenge_id": options["challenge_id"], "credential": {"id": "x"}})
        assert expired.status_code == 400 and expired.json()["code"] == "webauthn_challenge_expired"
        stale = auth.post("/passkeys/authentication/options", json={}).json()
        db.execute("update auth.webauthn_challenges set expires_at = now() - interval '1 second'")
        auth.post("/passkeys/authentication/options", json={})
    assert db.execute("select count(*) from auth.webauthn_challenges where id = %s",
                      (stale["challenge_id"],)).fetchone()[0] == 0


def test_a_second_key_is_registered_beside_the_first_and_each_factor_asks_for_its_own(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "two-keys@example.com")
        first_key, second_key = SoftAuthenticator(origin=gateway.url), SoftAuthenticator(origin=gateway.url)
        first = enroll(auth, session["access_token"], "first")
        created = challenge(auth, session["access_token"], first["id"])
        aal2 = verify(auth, session["access_token"], first["id"], created["id"], "create",
                      first_key.create(created["webauthn"]["credential_options"]["publicKey"])).json()["access_token"]
        second = enroll(auth, aal2, "second")
        options = challenge(auth, aal2, second["id"])["webauthn"]["credential_options"]["publicKey"]
        assert options["excludeCredentials"] == [{"type": "public-key", "id": b64url(first_key.credentials[0].id),
                                                  "transports": ["usb", "nfc"]}]
        with pytest.raises(ValueError, match="excluded"):
            first_key.create(options)
        answer = challenge(auth, aal2, second["id"])
        registered = verify(auth, aal2, second["id"], answer["id"], "create",
                            second_key.create(answer["webauthn"]["credential_options"]["publicKey"]))
        assert registered.status_code == 200, registered.text

        later = password_session(auth, "two-keys@example.com")["access_token"]
        requested = challenge(auth, later, second["id"])
        request = requested["webauthn"]["credential_options"]["publicKey"]
        assert [c["id"] for c in request["allowCredentials"]] == [b64url(second_key.credentials[0].id)]
        wrong_key = verify(auth, later, second["id"], requested["id"], "request",
                           first_key.get(request, first_key.credentials[0]))
        assert wrong_key.status_code == 500
        right_key = verify(auth, later, second["id"], requested["id"], "request", second_key.get(request))
        assert right_key.status_code == 200 and gateway.keys.verify(right_key.json()["access_token"])["aal"] == "aal2"
        removed = auth.delete(f"/factors/{second['id']}", headers=bearer(right_key.json()["access_token"]))
        assert removed.status_code == 200 and removed.json() == {"id": second["id"]}
        left = auth.get("/user", headers=bearer(aal2)).json()["factors"]
    assert [f["friendly_name"] for f in left] == ["first"]


def test_a_banned_user_cannot_sign_in_with_a_passkey(gateway):
    admin = httpx.Client(base_url=f"{gateway.url}/auth/v1", headers=gateway.headers(gateway.service_key), timeout=30)
    with client(gateway) as auth, admin:
        authenticator, session = registered_passkey(gateway, auth, "banned-passkey@example.com")
        user_id = gateway.keys.verify(session["access_token"])["sub"]
        assert admin.put(f"/admin/users/{user_id}", json={"ban_duration": "1h"}).status_code == 200
        options = auth.post("/passkeys/authentication/options", json={}).json()
        refused = auth.post("/passkeys/authentication/verify",
                            json={"challenge_id": options["challenge_id"], "credential": authenticator.get(options["options"])})
    assert refused.status_code == 403 and refused.json() == {"code": "user_banned", "message": "User is banned"}


def test_config_toml_names_the_relying_party(tmp_path):
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text(ENABLED + 'rp_id = "example.com"\n'
                                                       'rp_origins = ["https://example.com", "https://app.example.com"]\n')
    settings = Settings.from_env({"JWT_SECRET": TEST_JWT_SECRET, "DATA_DIR": str(tmp_path / ".data")},
                                 project_root=tmp_path)
    assert relying_party(settings) == RelyingParty(id="example.com", name="Gateway tests",
                                                   origins=("https://example.com", "https://app.example.com"))
    assert settings.passkey_enabled and settings.mfa_webauthn_enroll_enabled and settings.mfa_webauthn_verify_enabled
    defaults = Settings.from_env({"JWT_SECRET": TEST_JWT_SECRET, "DATA_DIR": str(tmp_path / ".data"),
                                  "SITE_URL": "https://shop.example.org/app"}, project_root=tmp_path / "supabase")
    assert relying_party(defaults) == RelyingParty(id="shop.example.org", name="shop.example.org",
                                                   origins=("https://shop.example.org",))
    assert not (defaults.passkey_enabled or defaults.mfa_webauthn_enroll_enabled or defaults.mfa_webauthn_verify_enabled)
