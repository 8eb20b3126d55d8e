"""Recover, OTP (magic link and code), resend, anonymous sign-in and PKCE; no account enumeration."""

from __future__ import annotations

import base64
import hashlib

import httpx

from tests.auth.helpers import bearer, client, fragment, latest_mail, mail_code, mail_link, sign_up, signed_in


def test_recover_answers_alike_and_the_link_signs_in_for_a_password_change(gateway, db):
    with client(gateway) as auth:
        signed_in(gateway, auth, "forgot@example.com")
        db.execute("update auth.users set recovery_sent_at = null where email = 'forgot@example.com'")
        known = auth.post("/recover", json={"email": "forgot@example.com"})
        unknown = auth.post("/recover", json={"email": "never@example.com"})
        assert known.status_code == unknown.status_code == 200 and known.json() == unknown.json() == {}
        assert latest_mail(gateway, "forgot@example.com")["subject"] == "Reset your password"
        session = fragment(httpx.get(mail_link(gateway, "forgot@example.com")).headers["location"])
        assert session["type"] == "recovery"
        assert auth.put("/user", headers=bearer(session["access_token"]), json={"password": "brand new"}).status_code == 200
        signed = auth.post("/token?grant_type=password", json={"email": "forgot@example.com", "password": "brand new"})
    assert signed.status_code == 200


def test_recover_requires_a_valid_email(gateway):
    with client(gateway) as auth:
        assert auth.post("/recover", json={}).json()["code"] == "validation_failed"
        assert auth.post("/recover", json={"email": "nope"}).json()["code"] == "validation_failed"


def test_otp_magic_link_and_code_for_existing_and_new_accounts(gateway):
    with client(gateway) as auth:
        signed_in(gateway, auth, "magic@example.com")
        assert auth.post("/otp", json={"email": "magic@example.com"}).json() == {}
        assert latest_mail(gateway, "magic@example.com")["subject"] == "Your sign-in link"
        code = mail_code(gateway, "magic@example.com")
        session = auth.post("/verify", json={"type": "email", "email": "magic@example.com", "token": code})
        assert session.status_code == 200 and session.json()["user"]["email"] == "magic@example.com"
        assert auth.post("/otp", json={"email": "newcomer@example.com", "data": {"full_name": "N"}}).json() == {}
        assert latest_mail(gateway, "newcomer@example.com")["subject"] == "Confirm your signup"
        refused = auth.post("/otp", json={"email": "stranger@example.com", "create_user": False})
        assert refused.status_code == 422 and refused.json()["code"] == "otp_disabled"
        location = httpx.get(mail_link(gateway, "newcomer@example.com")).headers["location"]
    assert "access_token" in fragment(location)


def test_resend_signup_mail(gateway, db):
    with client(gateway) as auth:
        sign_up(auth, "resend@example.com")
        db.execute("update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = 'resend@example.com'")
        assert auth.post("/resend", json={"type": "signup", "email": "resend@example.com"}).json() == {}
        assert auth.post("/resend", json={"type": "signup", "email": "nobody-here@example.com"}).json() == {}
        bad = auth.post("/resend", json={"type": "nonsense", "email": "resend@example.com"})
    assert bad.status_code == 400 and bad.json()["code"] == "validation_failed"
    assert db.execute("select count(*) from mail.outbox where to_address = 'resend@example.com'").fetchone()[0] == 2


def test_anonymous_sign_in_and_conversion_by_adding_an_email(gateway):
    with client(gateway) as auth:
        response = auth.post("/signup", json={"data": {"theme": "dark"}})
        assert response.status_code == 200
        session = response.json()
        claims = gateway.keys.verify(session["access_token"])
        assert claims["is_anonymous"] is True and claims["role"] == "authenticated" and claims["amr"][0]["method"] == "anonymous"
        assert session["user"]["is_anonymous"] is True and session["user"]["email"] == ""
        auth.put("/user", headers=bearer(session["access_token"]), json={"email": "converted@example.com"})
        httpx.get(mail_link(gateway, "converted@example.com"))
        me = auth.get("/user", headers=bearer(session["access_token"])).json()
    assert me["email"] == "converted@example.com" and me["is_anonymous"] is False


def test_pkce_signup_redirects_with_a_code_exchanged_for_a_session(gateway):
    verifier = "v" * 50
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    with client(gateway) as auth:
        auth.post("/signup", json={"email": "pkce@example.com", "password": "secret-pass",
                                   "code_challenge": challenge, "code_challenge_method": "s256"})
        location = httpx.get(mail_link(gateway, "pkce@example.com")).headers["location"]
        assert "#access_token" not in location and "?code=" in location
        code = location.split("code=")[1]
        wrong = auth.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": "w" * 50})
        assert wrong.status_code == 403 and wrong.json()["code"] == "bad_code_verifier"
        session = auth.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier})
        assert session.status_code == 200 and session.json()["user"]["email"] == "pkce@example.com"
        again = auth.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier})
        assert again.status_code == 404 and again.json()["code"] == "flow_state_not_found"
        bad_method = auth.post("/signup", json={"email": "pkce2@example.com", "password": "secret-pass",
                                                "code_challenge": challenge, "code_challenge_method": "md5"})
    assert bad_method.status_code == 400 and bad_method.json()["code"] == "validation_failed"
