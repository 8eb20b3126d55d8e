"""The admin API: only the service role, paging headers, create/get/update/delete, generate_link."""

from __future__ import annotations

import httpx

from tests.auth.helpers import admin, bearer, client, fragment, signed_in


def test_only_the_service_role_is_admin(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "not-admin@example.com")
        as_user = auth.get("/admin/users", headers=bearer(session["access_token"]))
        as_anon = auth.get("/admin/users")
    assert as_user.status_code == as_anon.status_code == 403
    assert as_user.json()["code"] == "not_admin"


def test_create_get_update_delete(gateway):
    with admin(gateway) as api:
        created = api.post("/admin/users", json={"email": "made@example.com", "password": "secret-pass",
                                                 "email_confirm": True, "user_metadata": {"full_name": "Made"},
                                                 "app_metadata": {"roles": ["staff"]}})
        assert created.status_code == 200, created.text
        user = created.json()
        assert user["email_confirmed_at"] is not None and user["app_metadata"]["roles"] == ["staff"]
        duplicate = api.post("/admin/users", json={"email": "made@example.com"})
        assert duplicate.status_code == 422 and duplicate.json()["code"] == "email_exists"
        assert api.get(f"/admin/users/{user['id']}").json()["email"] == "made@example.com"
        updated = api.put(f"/admin/users/{user['id']}", json={"user_metadata": {"team": "blue"}, "ban_duration": "24h"})
        assert updated.json()["user_metadata"] == {"full_name": "Made", "team": "blue"}
        assert updated.json()["banned_until"] is not None
        bad_ban = api.put(f"/admin/users/{user['id']}", json={"ban_duration": "forever"})
        assert bad_ban.status_code == 400 and bad_ban.json()["code"] == "validation_failed"
        assert bad_ban.json()["message"] == 'invalid format for ban duration: time: invalid duration "forever"'
        assert api.delete(f"/admin/users/{user['id']}").status_code == 200
        missing = api.get(f"/admin/users/{user['id']}")
        assert missing.status_code == 404 and missing.json()["code"] == "user_not_found"
        assert api.get("/admin/users/not-a-uuid").status_code == 404


def test_list_users_pages_with_total_and_link_headers(gateway):
    with admin(gateway) as api:
        for index in range(5):
            api.post("/admin/users", json={"email": f"page{index}@example.com", "email_confirm": True})
        first = api.get("/admin/users", params={"page": 1, "per_page": 2})
        total = int(first.headers["x-total-count"])
        last_page = -(-total // 2)
        last = api.get("/admin/users", params={"page": last_page, "per_page": 2})
    assert first.status_code == 200 and len(first.json()["users"]) == 2 and first.json()["aud"] == "authenticated"
    assert total >= 5
    assert first.headers["link"] == (f'</admin/users?page=2&per_page=2>; rel="next", '
                                     f'</admin/users?page={last_page}&per_page=2>; rel="last"')
    assert 'rel="next"' not in last.headers["link"]


def test_generate_link_returns_a_working_link_without_sending_mail(gateway, db):
    before = db.execute("select count(*) from mail.outbox").fetchone()[0]
    with admin(gateway) as api:
        response = api.post("/admin/generate_link", json={"type": "signup", "email": "gen@example.com",
                                                          "password": "secret-pass"})
        assert response.status_code == 200, response.text
        body = response.json()
        missing = api.post("/admin/generate_link", json={"type": "magiclink", "email": "nobody@example.com"})
        bad_type = api.post("/admin/generate_link", json={"type": "teleport", "email": "gen@example.com"})
    assert db.execute("select count(*) from mail.outbox").fetchone()[0] == before
    assert body["verification_type"] == "signup" and len(body["email_otp"]) == 6 and body["email"] == "gen@example.com"
    followed = httpx.get(body["action_link"], follow_redirects=False)
    assert "access_token" in fragment(followed.headers["location"])
    assert missing.status_code == 404 and missing.json()["code"] == "user_not_found"
    assert bad_type.status_code == 400 and bad_type.json()["code"] == "validation_failed"
