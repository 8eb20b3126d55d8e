"""A banned user gets no session by any path (every verify type, PKCE, MFA, refresh), and a token issued before
the ban stops working on /user; GoTrue's answers: 400 user_banned on grants, 403 on verify and on /user."""

from __future__ import annotations

import base64
import hashlib

import httpx
import pyotp
import pytest

from tests.auth.helpers import admin, bearer, client, fragment, mail_link, signed_in

LINK_TYPES = ("magiclink", "recovery", "signup", "invite", "email_change_new")


def ban(gateway, email: str) -> None:
    with admin(gateway) as api:
        user = next(u for u in api.get("/admin/users", params={"per_page": 1000}).json()["users"]
                    if u["email"] == email)
        assert api.put(f"/admin/users/{user['id']}", json={"ban_duration": "24h"}).status_code == 200


def ban_keeping_sessions(db, email: str) -> None:
    """A ban written straight to the table: the sessions stay, so only the ban itself can refuse them."""
    db.execute("update auth.users set banned_until = now() + interval '1 day' where email = %s", (email,))


def generate(gateway, link_type: str, email: str) -> dict:
    """A link of `link_type` for `email`; the account exists first unless the link is the one that makes it."""
    body = {"type": link_type, "email": email, "password": "correct horse"}
    if link_type.startswith("email_change"):
        body["new_email"] = "new-" + email
    with admin(gateway) as api:
        if link_type not in ("signup", "invite"):
            api.post("/admin/users", json={"email": email, "password": "correct horse", "email_confirm": True})
        response = api.post("/admin/generate_link", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def assert_banned_redirect(response: httpx.Response) -> None:
    assert response.status_code == 303
    answer = fragment(response.headers["location"])
    assert "access_token" not in answer and "?code=" not in response.headers["location"]
    assert answer["error"] == "access_denied" and answer["error_code"] == "user_banned"
    assert answer["error_description"] == "User is banned"


@pytest.mark.parametrize("link_type", LINK_TYPES)
def test_every_mailed_link_type_refuses_a_banned_user(gateway, link_type):
    email = f"banned-get-{link_type}@example.com"
    link = generate(gateway, link_type, email)
    ban(gateway, email)
    assert_banned_redirect(httpx.get(link["action_link"], follow_redirects=False))


@pytest.mark.parametrize("link_type", LINK_TYPES)
def test_post_verify_refuses_a_banned_user_by_hash_and_by_code(gateway, link_type):
    email = f"banned-post-{link_type}@example.com"
    link = generate(gateway, link_type, email)
    ban(gateway, email)
    # Both email change links verify as email_change, as their action links say.
    verify_type = "email_change" if link_type.startswith("email_change") else link["verification_type"]
    with client(gateway) as auth:
        by_hash = auth.post("/verify", json={"type": verify_type, "token_hash": link["hashed_token"]})
        code_email = link["new_email"] if link_type.startswith("email_change") else email
        by_code = auth.post("/verify", json={"type": verify_type, "email": code_email,
                                             "token": link["email_otp"]})
        as_email_type = auth.post("/verify", json={"type": "email", "token_hash": link["hashed_token"]})
    for response in (by_hash, by_code):
        assert response.status_code == 403, response.text
        assert response.json() == {"code": "user_banned", "message": "User is banned"}
    assert "access_token" not in as_email_type.text


def test_the_mailed_magic_link_of_a_banned_user_gives_no_session(gateway):
    """The reported attack: /otp with create_user false, then the link in the mail."""
    with client(gateway) as auth:
        signed_in(gateway, auth, "banned-otp@example.com")
        ban(gateway, "banned-otp@example.com")
        assert auth.post("/otp", json={"email": "banned-otp@example.com", "create_user": False}).status_code == 200
    assert_banned_redirect(httpx.get(mail_link(gateway, "banned-otp@example.com"), follow_redirects=False))


def test_a_pkce_code_issued_before_the_ban_is_not_exchanged(gateway, db):
    verifier = "v" * 50
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    with client(gateway) as auth:
        auth.post("/signup", json={"email": "banned-pkce@example.com", "password": "secret-pass",
                                   "code_challenge": challenge, "code_challenge_method": "s256"})
        code = httpx.get(mail_link(gateway, "banned-pkce@example.com")).headers["location"].split("code=")[1]
        ban(gateway, "banned-pkce@example.com")
        exchanged = auth.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier})
    assert exchanged.status_code == 400 and exchanged.json() == {"code": "user_banned", "message": "User is banned"}


def test_an_anonymous_user_banned_before_adding_an_email_cannot_confirm_it(gateway):
    with client(gateway) as auth:
        session = auth.post("/signup", json={}).json()
        auth.put("/user", headers=bearer(session["access_token"]), json={"email": "banned-anon@example.com"})
    with admin(gateway) as api:
        assert api.put(f"/admin/users/{session['user']['id']}", json={"ban_duration": "1h"}).status_code == 200
    assert_banned_redirect(httpx.get(mail_link(gateway, "banned-anon@example.com"), follow_redirects=False))


def test_sessions_from_before_the_ban_are_not_refreshed_raised_or_used(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "banned-old@example.com")
        token = session["access_token"]
        factor = auth.post("/factors", headers=bearer(token), json={"factor_type": "totp"}).json()
        challenge = auth.post(f"/factors/{factor['id']}/challenge", headers=bearer(token)).json()
        ban_keeping_sessions(db, "banned-old@example.com")
        refreshed = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
        raised = auth.post(f"/factors/{factor['id']}/verify", headers=bearer(token),
                           json={"challenge_id": challenge["id"], "code": pyotp.TOTP(factor["totp"]["secret"]).now()})
        me = auth.get("/user", headers=bearer(token))
        changed = auth.put("/user", headers=bearer(token), json={"password": "another horse"})
        password = auth.post("/token?grant_type=password",
                             json={"email": "banned-old@example.com", "password": "correct horse"})
    assert refreshed.status_code == 400 and refreshed.json()["code"] == "user_banned"
    assert password.status_code == 400 and password.json() == {"code": "user_banned", "message": "User is banned"}
    for response in (raised, me, changed):
        assert response.status_code == 403 and response.json() == {"code": "user_banned", "message": "User is banned"}


def test_unsupported_grants_issue_nothing(gateway):
    with client(gateway) as auth:
        response = auth.post("/token?grant_type=id_token", json={"provider": "google", "id_token": "x"})
    assert response.status_code == 400 and "access_token" not in response.text
    assert response.json() == {"code": "provider_disabled",
                               "message": 'Provider (issuer "https://accounts.google.com") is not enabled'}
