"""WebAuthn ceremonies as a site runs them: the real supabase-js in Chromium, whose navigator.credentials is answered
by the DevTools Protocol's virtual authenticator (CTAP2, resident keys, user verification)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from gateway.settings import PROJECT_ROOT
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

SUPABASE_UMD = PROJECT_ROOT / "web" / "node_modules" / "@supabase" / "supabase-js" / "dist" / "umd" / "supabase.js"
PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def gateway(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveGateway]:
    """Served as http://localhost: browsers take no IP address as a relying party id."""
    settings = make_settings(database_url, tmp_path_factory.mktemp("data"), passkey_enabled=True,
                             mfa_webauthn_enroll_enabled=True, mfa_webauthn_verify_enabled=True)
    url = f"http://localhost:{settings.api_port}"
    with run_gateway(replace(settings, site_url=url, api_external_url=url)) as live:
        yield live


def user(gateway: LiveGateway, email: str) -> None:
    response = httpx.post(f"{gateway.url}/auth/v1/admin/users", headers=gateway.headers(gateway.service_key),
                          json={"email": email, "password": PASSWORD, "email_confirm": True}, timeout=30)
    assert response.status_code == 200, response.text


def page_with_authenticator(browser: Browser, gateway: LiveGateway, transport: str) -> Page:
    """A page of the site's origin with supabase-js loaded, and an authenticator that always consents: a security
    key ("usb": supabase-js asks for a cross-platform one for MFA) or the device's own ("internal")."""
    context = browser.new_context()
    page = context.new_page()
    page.route(f"{gateway.url}/webauthn-test", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>webauthn</title>"))
    page.goto(f"{gateway.url}/webauthn-test")
    page.add_script_tag(path=str(SUPABASE_UMD))
    devtools = context.new_cdp_session(page)
    devtools.send("WebAuthn.enable", {"enableUI": False})
    devtools.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": transport, "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    return page


def run(page: Page, gateway: LiveGateway, script: str, **args: Any) -> Any:
    """`script` is the body of an async function with `sb` (a fresh client of the page's session) and `args`."""
    return page.evaluate(
        "async ({url, key, args}) => {"
        " const sb = supabase.createClient(url, key, {auth: {experimental: {passkey: true}}});"
        f" {script} }}",
        {"url": gateway.url, "key": gateway.anon_key, "args": args})


def test_supabase_js_registers_a_webauthn_factor_and_reaches_aal2_with_it(browser, gateway):
    user(gateway, "mfa-browser@example.com")
    page = page_with_authenticator(browser, gateway, "usb")
    try:
        enrolled = run(page, gateway, """
            const signIn = await sb.auth.signInWithPassword({email: args.email, password: args.password});
            if (signIn.error) return {error: signIn.error.message};
            const registered = await sb.auth.mfa.webauthn.register({friendlyName: 'Security key'});
            if (registered.error) return {error: registered.error.code || registered.error.message};
            const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
            const factors = await sb.auth.mfa.listFactors();
            return {level: level.data.currentLevel, factors: factors.data.webauthn.map(f => [f.friendly_name, f.status])};
        """, email="mfa-browser@example.com", password=PASSWORD)
        assert enrolled == {"level": "aal2", "factors": [["Security key", "verified"]]}

        later = run(page, gateway, """
            await sb.auth.signOut();
            await sb.auth.signInWithPassword({email: args.email, password: args.password});
            const before = (await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data;
            const factor = (await sb.auth.mfa.listFactors()).data.webauthn[0];
            const asserted = await sb.auth.mfa.webauthn.authenticate({factorId: factor.id});
            if (asserted.error) return {error: asserted.error.code || asserted.error.message};
            const after = (await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data;
            return {before: [before.currentLevel, before.nextLevel], after: after.currentLevel,
                    methods: after.currentAuthenticationMethods.map(m => m.method)};
        """, email="mfa-browser@example.com", password=PASSWORD)
    finally:
        page.context.close()
    assert later == {"before": ["aal1", "aal2"], "after": "aal2", "methods": ["password", "mfa/webauthn"]}


def test_supabase_js_registers_a_passkey_then_signs_in_with_it_and_not_once_it_is_gone(browser, gateway):
    user(gateway, "passkey-browser@example.com")
    page = page_with_authenticator(browser, gateway, "internal")
    try:
        registered = run(page, gateway, """
            await sb.auth.signInWithPassword({email: args.email, password: args.password});
            const created = await sb.auth.registerPasskey();
            if (created.error) return {error: created.error.code || created.error.message};
            await sb.auth.signOut();
            const signedIn = await sb.auth.signInWithPasskey();
            if (signedIn.error) return {error: signedIn.error.code || signedIn.error.message};
            const {data: {session}} = await sb.auth.getSession();
            const listed = await sb.auth.passkey.list();
            return {name: created.data.friendly_name, email: session.user.email,
                    method: JSON.parse(atob(session.access_token.split('.')[1])).amr[0].method,
                    listed: listed.data.map(p => [p.id === created.data.id, Boolean(p.last_used_at)])};
        """, email="passkey-browser@example.com", password=PASSWORD)
        assert registered == {"name": "Passkey", "email": "passkey-browser@example.com", "method": "passkey",
                              "listed": [[True, True]]}

        refused = run(page, gateway, """
            const [passkey] = (await sb.auth.passkey.list()).data;
            const removed = await sb.auth.passkey.delete({passkeyId: passkey.id});
            if (removed.error) return {error: removed.error.message};
            await sb.auth.signOut();
            const attempt = await sb.auth.signInWithPasskey();
            return {code: attempt.error && attempt.error.code, session: (await sb.auth.getSession()).data.session};
        """)
    finally:
        page.context.close()
    assert refused == {"code": "webauthn_verification_failed", "session": None}
