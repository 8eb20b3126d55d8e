"""Sign-up with a confirmation mail, the link in it, POST /verify, and no enumeration on repeat sign-ups."""

from __future__ import annotations

import httpx

from tests.auth.helpers import client, confirm, fragment, latest_mail, mail_code, mail_link, sign_up


def test_signup_returns_the_user_without_a_session_and_mails_a_link(gateway):
    with client(gateway) as auth:
        response = auth.post("/signup?redirect_to=" + gateway.settings.site_url + "/welcome",
                             json={"email": "Ann@Example.com", "password": "secret-pass", "data": {"full_name": "Ann"}})
    assert response.status_code == 200
    user = response.json()
    assert user["email"] == "ann@example.com"
    assert user["user_metadata"] == {"full_name": "Ann"}
    assert user["email_confirmed_at"] is None and "access_token" not in user
    assert user["identities"][0]["provider"] == "email"
    mail = latest_mail(gateway, "ann@example.com")
    assert mail["subject"] == "Confirm your signup"
    link = mail_link(gateway, "ann@example.com")
    assert link.startswith(f"{gateway.settings.api_external_url}/auth/v1/verify?token=")
    assert "type=signup" in link and "redirect_to=" in link


def test_sign_in_before_confirming_is_email_not_confirmed(gateway):
    with client(gateway) as auth:
        sign_up(auth, "early@example.com")
        response = auth.post("/token?grant_type=password", json={"email": "early@example.com", "password": "correct horse"})
    assert response.status_code == 400
    assert response.json() == {"code": "email_not_confirmed", "message": "Email not confirmed"}
    assert response.headers["x-sb-error-code"] == "email_not_confirmed"


def test_the_link_confirms_and_redirects_with_the_session_in_the_fragment(gateway):
    with client(gateway) as auth:
        sign_up(auth, "link@example.com")
        session = confirm(gateway, "link@example.com")
        assert session["token_type"] == "bearer" and session["type"] == "signup"
        claims = gateway.keys.verify(session["access_token"])
        assert claims["email"] == "link@example.com" and claims["aal"] == "aal1"
        me = auth.get("/user", headers={"Authorization": f"Bearer {session['access_token']}"}).json()
    assert me["email_confirmed_at"] is not None


def test_the_redirect_goes_only_to_allowed_places(gateway):
    with client(gateway) as auth:
        auth.post("/signup?redirect_to=https://evil.example/steal", json={"email": "redir@example.com", "password": "secret-pass"})
    link = mail_link(gateway, "redir@example.com")
    response = httpx.get(link, follow_redirects=False)
    assert response.headers["location"].startswith(gateway.settings.site_url + "#access_token=")


def test_a_used_or_unknown_link_redirects_with_otp_expired(gateway):
    with client(gateway) as auth:
        sign_up(auth, "twice@example.com")
    link = mail_link(gateway, "twice@example.com")
    assert "access_token" in fragment(httpx.get(link).headers["location"])
    again = httpx.get(link, follow_redirects=False)
    assert again.status_code == 303
    error = fragment(again.headers["location"])
    assert error["error"] == "access_denied" and error["error_code"] == "otp_expired"


def test_post_verify_with_the_mailed_code_returns_a_session(gateway):
    with client(gateway) as auth:
        sign_up(auth, "code@example.com")
        code = mail_code(gateway, "code@example.com")
        wrong = auth.post("/verify", json={"type": "signup", "email": "code@example.com", "token": "000000" if code != "000000" else "111111"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "otp_expired"
        response = auth.post("/verify", json={"type": "signup", "email": "code@example.com", "token": code})
    assert response.status_code == 200
    assert response.json()["user"]["email_confirmed_at"] is not None
    assert response.json()["refresh_token"]


def test_post_verify_rejects_an_unknown_type(gateway):
    with client(gateway) as auth:
        response = auth.post("/verify", json={"type": "telepathy", "token_hash": "x"})
    assert response.status_code == 400 and response.json()["code"] == "validation_failed"


def test_repeat_signup_of_a_confirmed_email_reveals_nothing(gateway):
    with client(gateway) as auth:
        first = sign_up(auth, "known@example.com")
        confirm(gateway, "known@example.com")
        again = auth.post("/signup", json={"email": "known@example.com", "password": "another-pass"})
        fresh = auth.post("/signup", json={"email": "unknown-yet@example.com", "password": "another-pass"})
    assert again.status_code == fresh.status_code == 200
    assert again.json()["id"] != first["id"]
    assert again.json()["identities"] == []
    assert set(again.json()) <= set(fresh.json()) | {"phone"}


def test_repeat_signup_of_an_unconfirmed_email_sends_another_mail_after_the_window(gateway, db):
    with client(gateway) as auth:
        sign_up(auth, "again@example.com")
        too_soon = auth.post("/signup", json={"email": "again@example.com", "password": "correct horse"})
        assert too_soon.status_code == 429 and too_soon.json()["code"] == "over_email_send_rate_limit"
        db.execute("update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = 'again@example.com'")
        response = auth.post("/signup", json={"email": "again@example.com", "password": "correct horse"})
    assert response.status_code == 200
    count = db.execute("select count(*) from mail.outbox where to_address = 'again@example.com'").fetchone()[0]
    assert count == 2


def test_signup_validation_errors(gateway):
    with client(gateway) as auth:
        weak = auth.post("/signup", json={"email": "weak@example.com", "password": "123"})
        assert weak.status_code == 422
        assert weak.json()["code"] == "weak_password" and weak.json()["weak_password"] == {"reasons": ["length"]}
        bad_email = auth.post("/signup", json={"email": "not-an-email", "password": "secret-pass"})
        assert bad_email.status_code == 400 and bad_email.json()["code"] == "validation_failed"
        no_password = auth.post("/signup", json={"email": "nopass@example.com"})
        assert no_password.status_code == 400 and no_password.json()["code"] == "validation_failed"
        bad_json = auth.post("/signup", content=b"{nope", headers={"Content-Type": "application/json"})
        assert bad_json.status_code == 400 and bad_json.json()["code"] == "bad_json"


def test_errors_use_the_legacy_shape_without_the_api_version_header(gateway):
    response = httpx.post(f"{gateway.url}/auth/v1/signup", headers=gateway.headers(),
                          json={"email": "legacy@example.com", "password": "1"})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == 422 and body["error_code"] == "weak_password" and body["msg"]
    assert response.headers["x-sb-error-code"] == "weak_password"


def test_nothing_is_written_when_signup_fails(gateway, db):
    with client(gateway) as auth:
        auth.post("/signup", json={"email": "half@example.com", "password": "1"})
    assert db.execute("select count(*) from auth.users where email = 'half@example.com'").fetchone()[0] == 0
