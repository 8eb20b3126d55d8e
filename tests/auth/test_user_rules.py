"""GoTrue's rules around PUT /user, password strength, GET /user errors in both shapes, and the resend window."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pyotp
import pytest

from tests.auth.helpers import bearer, client, sign_up, signed_in
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

LETTERS, CAPITALS, DIGITS = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"


def test_app_metadata_is_for_admins_only(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "self-promoter@example.com")
        refused = auth.put("/user", headers=bearer(session["access_token"]),
                           json={"data": {"x": 1}, "app_metadata": {"role": "super-admin"}})
    assert refused.status_code == 403 and refused.json()["code"] == "not_admin"
    meta = db.execute("select raw_app_meta_data, raw_user_meta_data from auth.users where id = %s",
                      (session["user"]["id"],)).fetchone()
    assert "role" not in meta[0] and "x" not in meta[1], "nothing written"


def test_with_mfa_on_credentials_change_only_from_an_aal2_session(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "mfa-update@example.com")
        aal1 = bearer(session["access_token"])
        factor = auth.post("/factors", headers=aal1, json={"factor_type": "totp"}).json()
        challenge = auth.post(f"/factors/{factor['id']}/challenge", headers=aal1).json()
        aal2 = auth.post(f"/factors/{factor['id']}/verify", headers=aal1,
                         json={"challenge_id": challenge["id"], "code": pyotp.TOTP(factor["totp"]["secret"]).now()})
        for change in ({"password": "a new secret"}, {"email": "mfa-moved@example.com"}):
            refused = auth.put("/user", headers=aal1, json=change)
            assert refused.status_code == 401 and refused.json()["code"] == "insufficient_aal", change
        assert auth.put("/user", headers=aal1, json={"data": {"theme": "dark"}}).status_code == 200
        allowed = auth.put("/user", headers=bearer(aal2.json()["access_token"]), json={"password": "a new secret"})
    assert allowed.status_code == 200


def test_an_anonymous_user_needs_an_email_before_a_password(gateway):
    with client(gateway) as auth:
        anonymous = bearer(auth.post("/signup", json={}).json()["access_token"])
        refused = auth.put("/user", headers=anonymous, json={"password": "secret-pass"})
        assert refused.status_code == 422 and refused.json()["code"] == "validation_failed"
        both = auth.put("/user", headers=anonymous, json={"email": "anon-upgrade@example.com", "password": "secret-pass"})
    assert both.status_code == 200 and both.json()["new_email"] == "anon-upgrade@example.com"


def test_get_user_errors_in_both_shapes(gateway):
    plain = {"apikey": gateway.anon_key}
    missing = httpx.get(f"{gateway.url}/auth/v1/user", headers=plain)
    assert missing.status_code == 401
    assert missing.json() == {"code": 401, "error_code": "no_authorization", "msg": "This endpoint requires a Bearer token"}
    assert missing.headers["x-sb-error-code"] == "no_authorization"
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "gone@example.com")
        auth.post("/logout", headers=bearer(session["access_token"]))
        gone = auth.get("/user", headers=bearer(session["access_token"]))
    assert gone.status_code == 403 and gone.json()["code"] == "session_not_found"
    assert gone.headers["x-supabase-api-version"] == "2024-01-01"
    legacy = httpx.get(f"{gateway.url}/auth/v1/user", headers={**plain, **bearer(session["access_token"])})
    assert legacy.json()["error_code"] == "session_not_found" and legacy.json()["code"] == 403


def test_resend_within_a_minute_is_refused_for_that_user(gateway):
    with client(gateway) as auth:
        sign_up(auth, "impatient@example.com")
        again = auth.post("/resend", json={"type": "signup", "email": "impatient@example.com"})
    assert again.status_code == 429 and again.json()["code"] == "over_email_send_rate_limit"
    assert "after" in again.json()["message"] and again.headers["x-sb-error-code"] == "over_email_send_rate_limit"


def test_too_long_a_password_is_a_validation_error(gateway):
    with client(gateway) as auth:
        response = auth.post("/signup", json={"email": "long@example.com", "password": "x" * 73})
    assert response.status_code == 400 and response.json()["code"] == "validation_failed"


@pytest.fixture(scope="module")
def strict(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    settings = make_settings(database_url, tmp_path_factory.mktemp("strict"), password_min_length=8,
                             password_required_characters=(LETTERS, CAPITALS, DIGITS))
    with run_gateway(settings) as live:
        yield live


def test_weak_password_lists_every_reason(strict):
    with client(strict) as auth:
        both = auth.post("/signup", json={"email": "weak1@example.com", "password": "short"}).json()
        characters = auth.post("/signup", json={"email": "weak2@example.com", "password": "longbutlower"}).json()
        fine = auth.post("/signup", json={"email": "strong@example.com", "password": "Longer1pass"})
    assert both["code"] == "weak_password" and both["weak_password"] == {"reasons": ["length", "characters"]}
    assert both["message"] == ("Password should be at least 8 characters. Password should contain at least one "
                               f"character of each: {LETTERS}, {CAPITALS}, {DIGITS}.")
    assert characters["weak_password"] == {"reasons": ["characters"]}
    assert fine.status_code == 200
    legacy = httpx.post(f"{strict.url}/auth/v1/signup", headers=strict.headers(),
                        json={"email": "weak3@example.com", "password": "short"}).json()
    assert legacy["error_code"] == "weak_password" and legacy["weak_password"] == {"reasons": ["length", "characters"]}
