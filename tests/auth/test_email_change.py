"""Secure email change: both addresses get a link and the change applies once both were followed."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import unquote_plus

import httpx
import pytest

from tests.auth.helpers import admin, bearer, client, fragment, latest_mail, mail_code, mail_link, signed_in
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

ACCEPTED = "Confirmation link accepted. Please proceed to confirm link sent to the other email"


def sign_in(auth: httpx.Client, email: str) -> httpx.Response:
    return auth.post("/token?grant_type=password", json={"email": email, "password": "correct horse"})


def outbox_count(db, address: str) -> int:
    return db.execute("select count(*) from mail.outbox where to_address = %s", (address,)).fetchone()[0]


def test_both_links_are_needed_and_the_first_only_counts(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "old@example.com")
        pending = auth.put("/user?redirect_to=" + gateway.settings.site_url + "/account",
                           headers=bearer(session["access_token"]), json={"email": "New@Example.com"})
        assert pending.status_code == 200, pending.text
        assert pending.json()["email"] == "old@example.com" and pending.json()["new_email"] == "new@example.com"
        assert latest_mail(gateway, "new@example.com")["subject"] == "Confirm Email Change"
        to_current = latest_mail(gateway, "old@example.com")
        assert to_current["subject"] == "Confirm Email Address" and "to new@example.com" in to_current["text"]
        first_link, second_link = mail_link(gateway, "new@example.com"), mail_link(gateway, "old@example.com")

        first = httpx.get(first_link)
        assert first.status_code == 303
        assert first.headers["location"].startswith(gateway.settings.site_url + "/account#message=")
        assert unquote_plus(fragment(first.headers["location"])["message"]) == ACCEPTED
        status = db.execute("select email, email_change_confirm_status from auth.users where id = %s",
                            (session["user"]["id"],)).fetchone()
        assert status == ("old@example.com", 1)
        assert sign_in(auth, "new@example.com").json()["code"] == "invalid_credentials"
        again = httpx.get(first_link)
        assert fragment(again.headers["location"])["error_code"] == "otp_expired"

        done = fragment(httpx.get(second_link).headers["location"])
        assert done["type"] == "email_change" and done["access_token"]
        assert sign_in(auth, "old@example.com").json()["code"] == "invalid_credentials"
        assert sign_in(auth, "new@example.com").status_code == 200
        me = auth.get("/user", headers=bearer(done["access_token"])).json()
    assert me["email"] == "new@example.com" and me.get("new_email") is None
    recorded = db.execute("select payload->>'action' from auth.audit_log_entries where payload->>'actor_id' = %s"
                          " order by created_at", (session["user"]["id"],)).fetchall()
    assert [action for (action,) in recorded][-2:] == ["user_modified", "login"], "the change, then the new sign-in"


def test_codes_verify_in_either_order(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "codes-old@example.com")
        auth.put("/user", headers=bearer(session["access_token"]), json={"email": "codes-new@example.com"})
        current_code = mail_code(gateway, "codes-old@example.com")
        new_code = mail_code(gateway, "codes-new@example.com")
        wrong_address = auth.post("/verify", json={"type": "email_change", "email": "codes-new@example.com",
                                                   "token": current_code})
        assert wrong_address.status_code == 403 and wrong_address.json()["code"] == "otp_expired"
        first = auth.post("/verify", json={"type": "email_change", "email": "codes-old@example.com",
                                           "token": current_code})
        assert first.status_code == 200 and first.json() == {"msg": ACCEPTED, "code": "200"}
        second = auth.post("/verify", json={"type": "email_change", "email": "codes-new@example.com",
                                            "token": new_code})
    assert second.status_code == 200 and second.json()["user"]["email"] == "codes-new@example.com"
    assert gateway.keys.verify(second.json()["access_token"])["email"] == "codes-new@example.com"


def test_taken_addresses_the_resend_window_and_resend(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "window@example.com")
        signed_in(gateway, auth, "occupied@example.com")
        headers = bearer(session["access_token"])
        taken = auth.put("/user", headers=headers, json={"email": "OCCUPIED@example.com"})
        assert taken.status_code == 422 and taken.json()["code"] == "email_exists"
        assert auth.put("/user", headers=headers, json={"email": "window-new@example.com"}).status_code == 200
        too_soon = auth.put("/user", headers=headers, json={"email": "window-other@example.com"})
        assert too_soon.status_code == 429 and too_soon.json()["code"] == "over_email_send_rate_limit"
        db.execute("update auth.users set email_change_sent_at = now() - interval '2 minutes' where id = %s",
                   (session["user"]["id"],))
        old_link = mail_link(gateway, "window-new@example.com")
        assert auth.post("/resend", json={"type": "email_change", "email": "window@example.com"}).json() == {}
        assert fragment(httpx.get(old_link).headers["location"])["error_code"] == "otp_expired"
        httpx.get(mail_link(gateway, "window-new@example.com"))
        httpx.get(mail_link(gateway, "window@example.com"))
        assert sign_in(auth, "window-new@example.com").status_code == 200
    assert outbox_count(db, "window-new@example.com") == 2


def test_generate_link_gives_each_email_change_link_in_turn(gateway):
    def link(api: httpx.Client, link_type: str) -> dict:
        response = api.post("/admin/generate_link", json={"type": link_type, "email": "admin-change@example.com",
                                                          "new_email": "admin-changed@example.com"})
        assert response.status_code == 200, response.text
        return response.json()

    with client(gateway) as auth, admin(gateway) as api:
        signed_in(gateway, auth, "admin-change@example.com")
        replaced = link(api, "email_change_new")
        new, current = link(api, "email_change_new"), link(api, "email_change_current")
        # GoTrue answers the type asked for; the link verifies as email_change either way.
        assert (new["verification_type"], current["verification_type"]) == ("email_change_new", "email_change_current")
        assert new["new_email"] == "admin-changed@example.com" and "type=email_change" in current["action_link"]
        stale = auth.post("/verify", json={"type": "email_change", "token_hash": replaced["hashed_token"]})
        assert stale.status_code == 403 and stale.json()["code"] == "otp_expired"
        first = auth.post("/verify", json={"type": "email_change", "token_hash": current["hashed_token"]})
        assert first.json() == {"msg": ACCEPTED, "code": "200"}
        done = auth.post("/verify", json={"type": "email_change", "email": "admin-changed@example.com",
                                          "token": new["email_otp"]})
    assert done.status_code == 200 and done.json()["user"]["email"] == "admin-changed@example.com"


@pytest.fixture(scope="module")
def single_link(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    settings = make_settings(database_url, tmp_path_factory.mktemp("single"), mailer_secure_email_change_enabled=False)
    with run_gateway(settings) as live:
        yield live


def test_without_secure_change_the_new_address_alone_confirms(single_link, db):
    with client(single_link) as auth:
        session = signed_in(single_link, auth, "single-old@example.com")
        auth.put("/user", headers=bearer(session["access_token"]), json={"email": "single-new@example.com"})
        assert latest_mail(single_link, "single-old@example.com")["subject"] != "Confirm Email Address"
        done = fragment(httpx.get(mail_link(single_link, "single-new@example.com")).headers["location"])
        assert auth.get("/user", headers=bearer(done["access_token"])).json()["email"] == "single-new@example.com"
    with admin(single_link) as api:
        refused = api.post("/admin/generate_link", json={"type": "email_change_current", "email": "single-new@example.com",
                                                         "new_email": "single-newer@example.com"})
    assert refused.status_code == 400 and refused.json()["code"] == "validation_failed"
    assert outbox_count(db, "single-old@example.com") == 1


def test_with_autoconfirm_an_anonymous_user_gets_the_address_at_once(autoconfirm, db):
    with client(autoconfirm) as auth:
        anonymous = auth.post("/signup", json={}).json()
        changed = auth.put("/user", headers=bearer(anonymous["access_token"]), json={"email": "instant@example.com"})
    user = changed.json()
    assert changed.status_code == 200 and user["email"] == "instant@example.com" and user["is_anonymous"] is False
    assert user["email_confirmed_at"] is not None and user["app_metadata"]["provider"] == "email"
    assert outbox_count(db, "instant@example.com") == 0


def test_with_autoconfirm_a_permanent_user_still_confirms_a_change(autoconfirm, db):
    with client(autoconfirm) as auth:
        session = auth.post("/signup", json={"email": "auto-old@example.com", "password": "correct horse"}).json()
        pending = auth.put("/user", headers=bearer(session["access_token"]), json={"email": "auto-new@example.com"})
    assert pending.json()["email"] == "auto-old@example.com" and pending.json()["new_email"] == "auto-new@example.com"
    assert outbox_count(db, "auto-new@example.com") == outbox_count(db, "auto-old@example.com") == 1
