"""Password grant, refresh rotation with the reuse window, logout scopes, and GET/PUT /user."""

from __future__ import annotations

import time

import httpx

from tests.auth.helpers import bearer, client, signed_in


def test_password_grant_returns_a_gotrue_session(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "grant@example.com")
    assert session["token_type"] == "bearer" and session["expires_in"] == 3600
    assert abs(session["expires_at"] - (time.time() + 3600)) < 5
    claims = gateway.keys.verify(session["access_token"])
    assert claims["sub"] == session["user"]["id"] and claims["aud"] == "authenticated"
    assert claims["role"] == "authenticated" and claims["aal"] == "aal1" and claims["is_anonymous"] is False
    assert claims["amr"][0]["method"] == "password"
    assert claims["app_metadata"] == {"provider": "email", "providers": ["email"]}
    assert set(claims) >= {"iss", "exp", "iat", "email", "phone", "user_metadata", "session_id"}
    assert session["user"]["last_sign_in_at"] is not None


def test_unknown_email_and_wrong_password_answer_alike(gateway):
    with client(gateway) as auth:
        signed_in(gateway, auth, "alike@example.com")
        wrong = auth.post("/token?grant_type=password", json={"email": "alike@example.com", "password": "nope-nope"})
        unknown = auth.post("/token?grant_type=password", json={"email": "ghost@example.com", "password": "nope-nope"})
    assert wrong.status_code == unknown.status_code == 400
    assert wrong.json() == unknown.json() == {"code": "invalid_credentials", "message": "Invalid login credentials"}


def test_token_request_errors(gateway):
    with client(gateway) as auth:
        # GoTrue answers an unknown grant as invalid_credentials "unsupported_grant_type".
        assert auth.post("/token?grant_type=magic", json={}).json()["code"] == "invalid_credentials"
        missing = auth.post("/token?grant_type=password", json={"email": "a@example.com"})
        assert missing.status_code == 400 and missing.json()["code"] == "validation_failed"
        unknown = auth.post("/token?grant_type=refresh_token", json={"refresh_token": "nope"})
        assert unknown.status_code == 400 and unknown.json()["code"] == "refresh_token_not_found"


def test_banned_users_cannot_sign_in(gateway, db):
    with client(gateway) as auth:
        signed_in(gateway, auth, "banned@example.com")
        db.execute("update auth.users set banned_until = now() + interval '1 day' where email = 'banned@example.com'")
        response = auth.post("/token?grant_type=password", json={"email": "banned@example.com", "password": "correct horse"})
    assert response.status_code == 400 and response.json()["code"] == "user_banned"


def test_refresh_rotates_and_the_parent_is_reusable_only_briefly(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "rotate@example.com")
        first = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}).json()
        assert first["refresh_token"] != session["refresh_token"]
        assert gateway.keys.verify(first["access_token"])["session_id"] == gateway.keys.verify(session["access_token"])["session_id"]
        within = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
        assert within.status_code == 200 and within.json()["refresh_token"] == first["refresh_token"]
        db.execute("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = %s",
                   (session["refresh_token"],))
        late = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
        assert late.status_code == 400 and late.json()["code"] == "refresh_token_already_used"
        child = auth.post("/token?grant_type=refresh_token", json={"refresh_token": first["refresh_token"]})
    assert child.status_code == 400, "reuse revokes the whole family"
    assert child.json() == {"code": "refresh_token_already_used", "message": "Invalid Refresh Token: Already Used"}


def test_logout_local_ends_only_this_session(gateway):
    with client(gateway) as auth:
        one = signed_in(gateway, auth, "local@example.com")
        two = auth.post("/token?grant_type=password", json={"email": "local@example.com", "password": "correct horse"}).json()
        assert auth.post("/logout?scope=local", headers=bearer(one["access_token"])).status_code == 204
        gone = auth.get("/user", headers=bearer(one["access_token"]))
        assert gone.status_code == 403 and gone.json()["code"] == "session_not_found"
        assert auth.get("/user", headers=bearer(two["access_token"])).status_code == 200
        refresh = auth.post("/token?grant_type=refresh_token", json={"refresh_token": one["refresh_token"]})
    assert refresh.json()["code"] == "refresh_token_not_found"


def test_logout_others_keeps_this_session_and_global_ends_all(gateway):
    with client(gateway) as auth:
        one = signed_in(gateway, auth, "scopes@example.com")
        two = auth.post("/token?grant_type=password", json={"email": "scopes@example.com", "password": "correct horse"}).json()
        assert auth.post("/logout?scope=others", headers=bearer(one["access_token"])).status_code == 204
        assert auth.get("/user", headers=bearer(one["access_token"])).status_code == 200
        assert auth.get("/user", headers=bearer(two["access_token"])).status_code == 403
        assert auth.post("/logout?scope=sideways", headers=bearer(one["access_token"])).status_code == 400
        assert auth.post("/logout", headers=bearer(one["access_token"])).status_code == 204
        assert auth.get("/user", headers=bearer(one["access_token"])).status_code == 403


def test_user_requires_a_valid_bearer(gateway):
    anonymous = httpx.get(f"{gateway.url}/auth/v1/user", headers={"apikey": gateway.anon_key, **{"X-Supabase-Api-Version": "2024-01-01"}})
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "no_authorization"
    with client(gateway) as auth:
        anon_key = auth.get("/user")
        assert anon_key.status_code == 403 and anon_key.json()["code"] == "bad_jwt"
        garbage = auth.get("/user", headers=bearer("not.a.jwt"))
        assert garbage.status_code == 403 and garbage.json()["code"] == "bad_jwt"


def test_put_user_updates_metadata_and_password(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "update@example.com")
        headers = bearer(session["access_token"])
        updated = auth.put("/user", headers=headers, json={"data": {"full_name": "New Name", "nickname": "nn"}})
        assert updated.status_code == 200 and updated.json()["user_metadata"]["full_name"] == "New Name"
        removed = auth.put("/user", headers=headers, json={"data": {"nickname": None}})
        assert "nickname" not in removed.json()["user_metadata"]
        same = auth.put("/user", headers=headers, json={"password": "correct horse"})
        assert same.status_code == 422 and same.json()["code"] == "same_password"
        weak = auth.put("/user", headers=headers, json={"password": "1"})
        assert weak.status_code == 422 and weak.json()["code"] == "weak_password"
        assert auth.put("/user", headers=headers, json={"password": "battery staple"}).status_code == 200
        old = auth.post("/token?grant_type=password", json={"email": "update@example.com", "password": "correct horse"})
        new = auth.post("/token?grant_type=password", json={"email": "update@example.com", "password": "battery staple"})
    assert old.status_code == 400 and new.status_code == 200


def test_health_and_settings(gateway):
    with client(gateway) as auth:
        health = auth.get("/health")
        settings = auth.get("/settings").json()
    assert health.status_code == 200 and health.json()["name"] == "GoTrue"
    assert health.headers["x-supabase-api-version"] == "2024-01-01"
    assert settings["external"]["email"] is True and settings["mailer_autoconfirm"] is False
    assert settings["disable_signup"] is False
