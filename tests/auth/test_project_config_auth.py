"""Auth as a project's config.toml sets it, through HTTP: signups off, anonymous sign-ins off, email provider off,
secure password change with /reauthenticate, OTP length and expiry, mail frequency, TOTP switched off."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from gateway.settings import Settings
from tests.auth.helpers import bearer, client, latest_mail, mail_code, signed_in
from tests.conftest import TEST_JWT_SECRET
from tests.support.live import LiveGateway, bind_to_port, run_gateway
from tests.support.mailbox import mails_to


def gateway_for(database_url: str, root: Path, config: str) -> Iterator[LiveGateway]:
    (root / "supabase").mkdir(parents=True)
    (root / "supabase" / "config.toml").write_text(config)
    settings = Settings.from_env({"DATABASE_URL": database_url, "JWT_SECRET": TEST_JWT_SECRET,
                                  "DATA_DIR": str(root / ".data"), "DEV_MAILBOX": "true", "RATE_LIMITS": "false"},
                                 project_root=root)
    with run_gateway(bind_to_port(replace(settings, site_url="http://127.0.0.1"))) as live:
        yield live


@pytest.fixture(scope="module")
def closed(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    yield from gateway_for(database_url, tmp_path_factory.mktemp("closed"), """
[auth]
enable_signup = false
enable_anonymous_sign_ins = false
[auth.mfa.totp]
enroll_enabled = false
verify_enabled = false
""")


@pytest.fixture(scope="module")
def strict(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    yield from gateway_for(database_url, tmp_path_factory.mktemp("strict"), """
[auth]
enable_anonymous_sign_ins = false
[auth.email]
enable_confirmations = true
secure_password_change = true
otp_length = 8
otp_expiry = 60
max_frequency = "1s"
""")


@pytest.fixture(scope="module")
def no_email(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    yield from gateway_for(database_url, tmp_path_factory.mktemp("noemail"), "[auth.email]\nenable_signup = false\n")


def test_signups_off_refuse_email_and_anonymous_sign_ups_as_gotrue(closed):
    with client(closed) as auth:
        email = auth.post("/signup", json={"email": "nobody@example.com", "password": "secret-pass"})
        anonymous = auth.post("/signup", json={})
        otp = auth.post("/otp", json={"email": "nobody@example.com"})
    assert email.status_code == 422 and email.json()["code"] == "signup_disabled"
    assert email.json()["message"] == "Signups not allowed for this instance"
    # GoTrue checks the anonymous provider before signups as a whole.
    assert anonymous.status_code == 422 and anonymous.json()["code"] == "anonymous_provider_disabled"
    assert otp.status_code == 422 and otp.json()["code"] == "signup_disabled"


def test_settings_say_what_sign_ups_the_server_takes(closed, strict, no_email):
    def told(gateway: LiveGateway) -> tuple[bool, bool, bool]:
        with client(gateway) as auth:
            settings = auth.get("/settings").json()
        return settings["disable_signup"], settings["external"]["email"], settings["external"]["anonymous_users"]

    assert told(closed) == (True, True, False)
    assert told(strict) == (False, True, False)
    assert told(no_email) == (False, False, True)


def test_signups_off_still_let_an_admin_create_users_who_sign_in(closed):
    admin = httpx.Client(base_url=f"{closed.url}/auth/v1", headers=closed.headers(closed.service_key), timeout=30)
    with admin, client(closed) as auth:
        created = admin.post("/admin/users", json={"email": "made@example.com", "password": "secret-pass",
                                                   "email_confirm": True})
        signed = auth.post("/token?grant_type=password", json={"email": "made@example.com", "password": "secret-pass"})
    assert created.status_code == 200, created.text
    assert created.json()["email"] == "made@example.com" and created.json()["email_confirmed_at"]
    assert signed.status_code == 200, signed.text
    assert signed.json()["user"]["id"] == created.json()["id"] and signed.json()["access_token"]


def test_totp_switched_off_refuses_enrolment(closed):
    admin = httpx.Client(base_url=f"{closed.url}/auth/v1", headers=closed.headers(closed.service_key), timeout=30)
    with admin, client(closed) as auth:
        admin.post("/admin/users", json={"email": "mfa@example.com", "password": "secret-pass", "email_confirm": True})
        token = auth.post("/token?grant_type=password",
                          json={"email": "mfa@example.com", "password": "secret-pass"}).json()["access_token"]
        enrolled = auth.post("/factors", json={"factor_type": "totp"}, headers=bearer(token))
    assert enrolled.status_code == 422 and enrolled.json()["code"] == "mfa_totp_enroll_not_enabled"


def test_email_provider_off_refuses_email_sign_ups(no_email):
    with client(no_email) as auth:
        response = auth.post("/signup", json={"email": "someone@example.com", "password": "secret-pass"})
        anonymous = auth.post("/signup", json={})
    assert response.status_code == 400 and response.json()["code"] == "email_provider_disabled"
    assert anonymous.status_code == 200 and anonymous.json()["user"]["is_anonymous"] is True


def test_anonymous_sign_ins_off_while_email_sign_ups_work(strict):
    with client(strict) as auth:
        anonymous = auth.post("/signup", json={"data": {"nick": "x"}})
    assert anonymous.status_code == 422 and anonymous.json()["code"] == "anonymous_provider_disabled"
    assert anonymous.json()["message"] == "Anonymous sign-ins are disabled"


def test_otp_length_and_expiry_follow_the_config(strict, db):
    with client(strict) as auth:
        auth.post("/signup", json={"email": "eight@example.com", "password": "secret-pass"})
        code = mail_code(strict, "eight@example.com")
        assert len(code) == 8 and code.isdigit()
        db.execute("update auth.users set confirmation_sent_at = now() - interval '61 seconds'"
                   " where email = 'eight@example.com'")
        expired = auth.post("/verify", json={"type": "signup", "email": "eight@example.com", "token": code})
    assert expired.status_code == 403 and expired.json()["code"] == "otp_expired"


def test_mail_frequency_follows_the_config(strict):
    with client(strict) as auth:
        auth.post("/signup", json={"email": "often@example.com", "password": "secret-pass"})
        time.sleep(1.1)  # past the config's max_frequency of 1 s
        again = auth.post("/resend", json={"type": "signup", "email": "often@example.com"})
    assert again.status_code == 200, again.text
    assert again.json() == {}
    assert [mail["subject"] for mail in mails_to(strict, "often@example.com")] == ["Confirm your signup"] * 2


def test_secure_password_change_needs_the_reauthentication_code_after_24_hours(strict, db):
    with client(strict) as auth:
        session = signed_in(strict, auth, "careful@example.com", "first-pass")
        token = session["access_token"]
        # A session from today changes the password without a code, as in GoTrue.
        fresh = auth.put("/user", json={"password": "second-pass"}, headers=bearer(token))
        assert fresh.status_code == 200, fresh.text
        db.execute("update auth.sessions set created_at = now() - interval '25 hours'"
                   " where user_id = (select id from auth.users where email = 'careful@example.com')")
        needed = auth.put("/user", json={"password": "third-pass"}, headers=bearer(token))
        assert needed.status_code == 400 and needed.json()["code"] == "reauthentication_needed"
        wrong = auth.put("/user", json={"password": "third-pass", "nonce": "00000000"}, headers=bearer(token))
        assert wrong.status_code == 422 and wrong.json()["code"] == "reauthentication_not_valid"

        sent = auth.get("/reauthenticate", headers=bearer(token))
        assert sent.status_code == 200 and sent.json() == {}
        mail = latest_mail(strict, "careful@example.com")
        assert mail["subject"] == "Confirm reauthentication"
        nonce = mail["text"].split("Code: ")[1].split()[0]
        changed = auth.put("/user", json={"password": "third-pass", "nonce": nonce}, headers=bearer(token))
        assert changed.status_code == 200, changed.text
        reused = auth.put("/user", json={"password": "fourth-pass", "nonce": nonce}, headers=bearer(token))
        assert reused.status_code == 422 and reused.json()["code"] == "reauthentication_not_valid"
        signed = auth.post("/token?grant_type=password", json={"email": "careful@example.com", "password": "third-pass"})
    assert signed.status_code == 200
