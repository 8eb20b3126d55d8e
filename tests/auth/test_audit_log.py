"""auth.audit_log_entries: GoTrue's payload for every account event, the client address, no secrets."""

from __future__ import annotations

import pyotp

from tests.auth.helpers import admin, bearer, client, sign_up, signed_in

PASSWORD = "correct horse"


def entries(db, user_id: str) -> list[dict]:
    rows = db.execute(
        "select payload, ip_address from auth.audit_log_entries where payload->>'actor_id' = %s order by created_at",
        (user_id,),
    ).fetchall()
    return [{**payload, "ip": ip} for payload, ip in rows]


def actions(db, user_id: str) -> list[str]:
    return [entry["action"] for entry in entries(db, user_id)]


def test_sign_up_confirm_sign_in_refresh_and_sign_out_are_recorded(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "audited@example.com", PASSWORD)
        user_id = session["user"]["id"]
        session_id = gateway.keys.verify(session["access_token"])["session_id"]
        refreshed = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
        assert refreshed.status_code == 200
        assert auth.post("/logout", headers=bearer(refreshed.json()["access_token"])).status_code == 204
    log = entries(db, user_id)
    assert [e["action"] for e in log[:3]] == ["user_confirmation_requested", "user_signedup", "login"]
    assert sorted(e["action"] for e in log[3:5]) == ["token_refreshed", "token_revoked"]
    assert log[5]["action"] == "logout" and len(log) == 6
    login = log[2]
    assert login == {"actor_id": user_id, "actor_username": "audited@example.com", "actor_via_sso": False,
                     "action": "login", "log_type": "account", "traits": {"provider": "email"},
                     "session_id": session_id, "ip": "127.0.0.1"}
    assert log[0]["log_type"] == "user" and log[0]["traits"] == {"provider": "email"} and "session_id" not in log[0]
    assert log[1]["log_type"] == "team" and log[1]["session_id"] != session_id
    assert all(e["session_id"] == session_id for e in log[3:])


def test_no_token_or_password_is_ever_in_the_log(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "secretive@example.com", PASSWORD)
        headers = bearer(session["access_token"])
        auth.put("/user", headers=headers, json={"password": "another secret"})
        refreshed = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}).json()
        confirmation, recovery = db.execute(
            "select confirmation_token, recovery_token from auth.users where email = 'secretive@example.com'").fetchone()
    text = db.execute("select string_agg(payload::text, ' ') from auth.audit_log_entries").fetchone()[0]
    secrets = [PASSWORD, "another secret", session["access_token"], session["refresh_token"],
               refreshed["access_token"], refreshed["refresh_token"]]
    assert not [secret for secret in secrets if secret in text]
    assert "encrypted_password" not in text and "$2" not in text
    assert all(token is None or token not in text for token in (confirmation, recovery))


def test_user_changes_recovery_and_repeat_sign_up_are_recorded(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "changes@example.com", PASSWORD)
        user_id = session["user"]["id"]
        headers = bearer(session["access_token"])
        assert auth.put("/user", headers=headers, json={"data": {"full_name": "Chang Es"}}).status_code == 200
        assert auth.put("/user", headers=headers, json={"password": "a new password"}).status_code == 200
        db.execute("update auth.users set recovery_sent_at = null where id = %s", (user_id,))
        auth.post("/recover", json={"email": "changes@example.com"})
        sign_up(auth, "changes@example.com", PASSWORD)
    log = entries(db, user_id)
    assert [e["action"] for e in log[3:]] == ["user_modified", "user_updated_password", "user_modified",
                                              "user_recovery_requested", "user_repeated_signup"]
    assert log[3]["session_id"] == gateway.keys.verify(session["access_token"])["session_id"]
    assert "actor_name" not in log[2] and log[3]["actor_name"] == "Chang Es", "the name as the change left it"
    assert log[-1]["traits"] == {"provider": "email"} and log[-1]["log_type"] == "user"


def test_mfa_steps_are_recorded_with_their_factor(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "audit-mfa@example.com", PASSWORD)
        headers = bearer(session["access_token"])
        factor = auth.post("/factors", headers=headers, json={"factor_type": "totp"}).json()
        challenge = auth.post(f"/factors/{factor['id']}/challenge", headers=headers).json()
        code = pyotp.TOTP(factor["totp"]["secret"]).now()
        aal2 = auth.post(f"/factors/{factor['id']}/verify", headers=headers,
                         json={"challenge_id": challenge["id"], "code": code}).json()
        assert auth.delete(f"/factors/{factor['id']}", headers=bearer(aal2["access_token"])).status_code == 200
    log = entries(db, session["user"]["id"])[3:]
    assert [e["action"] for e in log] == ["factor_in_progress", "challenge_created", "verification_attempted",
                                          "factor_unenrolled"]
    assert all(e["log_type"] == "factor" and e["traits"]["factor_id"] == factor["id"] for e in log)
    assert log[1]["traits"]["factor_status"] == "unverified"
    assert log[2]["traits"] == {"factor_id": factor["id"], "challenge_id": challenge["id"], "factor_type": "totp"}
    assert log[3]["traits"]["factor_status"] == "verified"


def test_a_reused_refresh_token_records_the_family_revoked(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "audit-reuse@example.com", PASSWORD)
        auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
        db.execute("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = %s",
                   (session["refresh_token"],))
        late = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert late.json()["code"] == "refresh_token_already_used"
    assert actions(db, session["user"]["id"])[-1] == "token_revoked"


def test_admin_calls_are_recorded_with_the_service_role_as_actor(gateway, db):
    with admin(gateway) as api:
        user = api.post("/admin/users", json={"email": "admin-made@example.com", "password": PASSWORD}).json()
        api.put(f"/admin/users/{user['id']}", json={"user_metadata": {"team": "red"}})
        api.post("/admin/generate_link", json={"type": "invite", "email": "invited@example.com"})
        api.delete(f"/admin/users/{user['id']}")
    rows = db.execute(
        "select payload, ip_address from auth.audit_log_entries"
        " where payload->>'actor_username' = 'service_role' order by created_at").fetchall()
    log = [payload for payload, _ in rows]
    assert [e["action"] for e in log] == ["user_signedup", "user_modified", "user_invited", "user_deleted"]
    assert {e["actor_id"] for e in log} == {"00000000-0000-0000-0000-000000000000"}
    assert log[0]["traits"] == {"user_id": user["id"], "user_email": "admin-made@example.com", "user_phone": ""}
    assert log[2]["traits"]["user_email"] == "invited@example.com"
    assert log[3]["log_type"] == "team" and {ip for _, ip in rows} == {"127.0.0.1"}


def test_admins_read_the_log_newest_first_paged_and_filtered(gateway):
    with client(gateway) as auth:
        signed_in(gateway, auth, "audit_reader%x@example.com", PASSWORD)
        user_session = signed_in(gateway, auth, "audit-plain@example.com", PASSWORD)
        refused = auth.get("/admin/audit", headers=bearer(user_session["access_token"]))
    assert refused.status_code == 403 and refused.json()["code"] == "not_admin"
    with admin(gateway) as api:
        first = api.get("/admin/audit", params={"per_page": 2})
        mine = api.get("/admin/audit", params={"query": "author:audit_reader%x@"}).json()
        logins = api.get("/admin/audit", params={"query": "action:login", "per_page": 500}).json()
        underscore = api.get("/admin/audit", params={"query": "author:audit_reader_"}).json()
        bad_scope = api.get("/admin/audit", params={"query": "password:x"})
    assert first.status_code == 200 and len(first.json()) == 2
    total = int(first.headers["X-Total-Count"])
    assert total > 2 and 'rel="next"' in first.headers["Link"] and "/admin/audit?page=2&per_page=2" in first.headers["Link"]
    newest = first.json()[0]
    assert set(newest) == {"id", "payload", "created_at", "ip_address"} and newest["payload"]["action"] == "login"
    assert newest["payload"]["actor_username"] == "audit-plain@example.com"
    assert [e["payload"]["action"] for e in mine] == ["login", "user_signedup", "user_confirmation_requested"]
    assert logins and {e["payload"]["action"] for e in logins} == {"login"}
    assert underscore == [], "LIKE wildcards in the query are literal"
    assert bad_scope.status_code == 400 and bad_scope.json()["code"] == "validation_failed"
