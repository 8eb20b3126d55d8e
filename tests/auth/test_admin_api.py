"""GoTrue's admin API beyond users: invites and a user's MFA factors, through supabase-js and over HTTP."""

from __future__ import annotations

from tests.auth.helpers import client
from tests.support.node import run_node_test


def test_invite_and_admin_factors_with_supabase_js(gateway):
    run_node_test("auth-admin.test.mjs", gateway, passes=3, extra_env={"SITE_URL": gateway.settings.site_url})


def test_invite_is_for_admins_and_audited(gateway, db):
    with client(gateway) as auth:
        refused = auth.post("/invite", json={"email": "nobody@example.com"})
        assert refused.status_code == 403 and refused.json()["code"] == "not_admin"
        invited = auth.post("/invite", json={"email": "audited@example.com"},
                            headers={"Authorization": f"Bearer {gateway.service_key}"})
        assert invited.status_code == 200, invited.text
    action = db.execute("select payload->>'action' from auth.audit_log_entries"
                        " where payload->'traits'->>'user_email' = 'audited@example.com'").fetchone()
    assert action == ("user_invited",)


def test_admin_factor_paths_check_their_ids(gateway):
    with client(gateway) as auth:
        admin = {"Authorization": f"Bearer {gateway.service_key}"}
        bad_user = auth.get("/admin/users/not-a-uuid/factors", headers=admin)
        assert bad_user.status_code == 404 and bad_user.json() == {"code": "validation_failed",
                                                                    "message": "user_id must be an UUID"}
        unknown = auth.get("/admin/users/00000000-0000-0000-0000-000000000001/factors", headers=admin)
        assert unknown.status_code == 404 and unknown.json()["code"] == "user_not_found"
        user = auth.post("/admin/users", headers=admin, json={"email": "nofactor@example.com"}).json()
        bad_factor = auth.delete(f"/admin/users/{user['id']}/factors/nope", headers=admin)
        assert bad_factor.status_code == 404 and bad_factor.json()["message"] == "factor_id must be an UUID"
