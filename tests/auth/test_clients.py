"""The real clients against a live gateway: supabase-js (Node) and supabase-py, the whole sign-up to sign-out flow."""

from __future__ import annotations

import time

import httpx
import pyotp

from supabase import ClientOptions, create_client
from tests.auth.helpers import latest_mail, mail_code, mail_link
from tests.support.node import run_node_test


def test_supabase_js_flow(gateway):
    run_node_test("auth.test.mjs", gateway, passes=2)


def test_supabase_py_flow(gateway):
    with httpx.Client(timeout=30) as http:
        run_supabase_py_flow(gateway, create_client(gateway.url, gateway.anon_key, ClientOptions(httpx_client=http)))


def run_supabase_py_flow(gateway, supabase):
    email = f"py-{time.time_ns()}@example.com"
    signed_up = supabase.auth.sign_up({"email": email, "password": "correct horse",
                                       "options": {"data": {"full_name": "Py Tester"},
                                                   "email_redirect_to": gateway.settings.site_url}})
    assert signed_up.session is None and signed_up.user.user_metadata["full_name"] == "Py Tester"
    assert latest_mail(gateway, email)["subject"] == "Confirm your signup"
    assert httpx.get(mail_link(gateway, email)).status_code == 303

    session = supabase.auth.sign_in_with_password({"email": email, "password": "correct horse"})
    assert session.user.email == email
    refreshed = supabase.auth.refresh_session()
    assert refreshed.session.refresh_token != session.session.refresh_token

    factor = supabase.auth.mfa.enroll({"factor_type": "totp", "friendly_name": "py"})
    challenge = supabase.auth.mfa.challenge({"factor_id": factor.id})
    supabase.auth.mfa.verify({"factor_id": factor.id, "challenge_id": challenge.id,
                              "code": pyotp.TOTP(factor.totp.secret).now()})
    assert supabase.auth.mfa.get_authenticator_assurance_level().current_level == "aal2"

    supabase.auth.sign_out()
    assert supabase.auth.get_session() is None


def test_supabase_py_secure_email_change(gateway):
    with httpx.Client(timeout=30) as http:
        supabase = create_client(gateway.url, gateway.anon_key, ClientOptions(httpx_client=http))
        old, new = f"py-old-{time.time_ns()}@example.com", f"py-new-{time.time_ns()}@example.com"
        supabase.auth.sign_up({"email": old, "password": "correct horse"})
        httpx.get(mail_link(gateway, old))
        supabase.auth.sign_in_with_password({"email": old, "password": "correct horse"})
        pending = supabase.auth.update_user({"email": new})
        assert pending.user.email == old and pending.user.new_email == new
        first = supabase.auth.verify_otp({"email": old, "token": mail_code(gateway, old), "type": "email_change"})
        assert first.session is None
        done = supabase.auth.verify_otp({"email": new, "token": mail_code(gateway, new), "type": "email_change"})
        assert done.user.email == new and done.session.access_token
        assert supabase.auth.get_user().user.email == new


def test_supabase_js_secure_email_change(gateway):
    run_node_test("auth-email-change.test.mjs", gateway, passes=1)
