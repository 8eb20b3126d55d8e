"""MAIL_AUTOCONFIRM=true, as in Supabase's local stack: sign-up returns a session, a repeat is user_already_exists."""

from __future__ import annotations

from tests.auth.helpers import bearer, client


def test_signup_returns_a_session_and_sends_no_mail(autoconfirm, db):
    with client(autoconfirm) as auth:
        response = auth.post("/signup", json={"email": "auto@example.com", "password": "secret-pass"})
        assert auth.get("/settings").json()["mailer_autoconfirm"] is True
    assert response.status_code == 200
    session = response.json()
    assert session["access_token"] and session["user"]["email_confirmed_at"] is not None
    assert db.execute("select count(*) from mail.outbox where to_address = 'auto@example.com'").fetchone()[0] == 0


def test_repeat_signup_is_user_already_exists(autoconfirm):
    with client(autoconfirm) as auth:
        auth.post("/signup", json={"email": "dup@example.com", "password": "secret-pass"})
        again = auth.post("/signup", json={"email": "DUP@example.com", "password": "secret-pass"})
    assert again.status_code == 422 and again.json()["code"] == "user_already_exists"


def test_a_deleted_users_token_is_user_not_found(autoconfirm, db):
    with client(autoconfirm) as auth:
        session = auth.post("/signup", json={"email": "deleted@example.com", "password": "secret-pass"}).json()
        db.execute("delete from auth.users where email = 'deleted@example.com'")
        response = auth.get("/user", headers=bearer(session["access_token"]))
    assert response.status_code == 403 and response.json()["code"] == "user_not_found"


def test_an_old_link_has_expired(autoconfirm, db):
    with client(autoconfirm) as auth:
        auth.post("/signup", json={"email": "old-link@example.com", "password": "secret-pass"})
        db.execute("update auth.users set recovery_sent_at = null where email = 'old-link@example.com'")
        auth.post("/recover", json={"email": "old-link@example.com"})
        hashed = db.execute("select recovery_token from auth.users where email = 'old-link@example.com'").fetchone()[0]
        db.execute("update auth.users set recovery_sent_at = now() - interval '2 hours' where email = 'old-link@example.com'")
        response = auth.post("/verify", json={"type": "recovery", "token_hash": hashed})
    assert response.status_code == 403 and response.json()["code"] == "otp_expired"
