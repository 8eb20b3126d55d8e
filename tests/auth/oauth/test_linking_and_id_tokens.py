"""linkIdentity / getUserIdentities / unlinkIdentity, and signInWithIdToken with an ID token the real provider
issued, in the real Chromium with the real supabase-js."""

from __future__ import annotations

import base64
import hashlib
import secrets
from urllib.parse import urlencode

import httpx

from tests.auth.oauth.browser_flow import PKCE_EXCHANGE, returned_params, run, sign_in_at_provider, site_page
from tests.auth.oauth.conftest import PROVIDER, RETURN_PATH

PASSWORD = "dave's long password"


def test_a_signed_in_user_links_and_unlinks_a_provider_identity(browser, gateway, identity_provider):
    created = httpx.post(f"{gateway.url}/auth/v1/admin/users", headers=gateway.headers(gateway.service_key),
                         json={"email": "dave@example.com", "password": PASSWORD, "email_confirm": True})
    assert created.status_code == 200
    page = site_page(browser, gateway)
    url = run(page, gateway, "pkce", """
        const signIn = await sb.auth.signInWithPassword({email: 'dave@example.com', password: args.password});
        if (signIn.error) throw signIn.error;
        const r = await sb.auth.linkIdentity({provider: args.provider,
            options: {redirectTo: args.back, skipBrowserRedirect: true}});
        if (r.error) throw r.error;
        return r.data.url;
    """, password=PASSWORD, provider=PROVIDER, back=f"{gateway.url}{RETURN_PATH}")
    sign_in_at_provider(page, url, "dave-at-work", identity_provider.issuer)
    linked = run(page, gateway, "pkce", PKCE_EXCHANGE)["session"]["user"]
    assert linked["id"] == created.json()["id"] and linked["email"] == "dave@example.com"
    assert sorted(i["provider"] for i in linked["identities"]) == ["email", PROVIDER]
    assert linked["app_metadata"]["providers"] == ["email", PROVIDER]

    identities = run(page, gateway, "pkce", """
        const listed = await sb.auth.getUserIdentities();
        const work = listed.data.identities.find((i) => i.provider === args.provider);
        const unlinked = await sb.auth.unlinkIdentity(work);
        if (unlinked.error) throw unlinked.error;
        const after = await sb.auth.getUserIdentities();
        const last = await sb.auth.unlinkIdentity(after.data.identities[0]);
        const user = (await sb.auth.getUser()).data.user;
        return {before: listed.data.identities.map((i) => i.identity_data.email).sort(),
                after: after.data.identities.map((i) => i.provider), last: last.error.code,
                providers: user.app_metadata.providers};
    """, provider=PROVIDER)
    assert identities == {"before": ["dave-at-work@example.com", "dave@example.com"], "after": ["email"],
                          "last": "single_identity_not_deletable", "providers": ["email"]}
    page.context.close()


def id_token_from_provider(browser, gateway, identity_provider, login: str, nonce: str) -> str:
    """An ID token as an app gets one from the provider directly (One Tap, Sign in with Apple), its nonce hashed."""
    page = site_page(browser, gateway)
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = urlencode({
        "response_type": "code", "client_id": identity_provider.client_id, "scope": "openid email",
        "redirect_uri": f"{gateway.url}{RETURN_PATH}", "nonce": hashlib.sha256(nonce.encode()).hexdigest(),
        "code_challenge": challenge, "code_challenge_method": "S256",
        "claims": '{"id_token": {"email": null, "email_verified": null}}'})
    sign_in_at_provider(page, f"{identity_provider.issuer}/auth?{query}", login, identity_provider.issuer)
    code = returned_params(page)["code"]
    page.context.close()
    tokens = httpx.post(f"{identity_provider.issuer}/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": f"{gateway.url}{RETURN_PATH}",
        "client_id": identity_provider.client_id, "client_secret": identity_provider.client_secret,
        "code_verifier": verifier})
    assert tokens.status_code == 200, tokens.text
    return tokens.json()["id_token"]


def test_an_id_token_of_the_provider_signs_its_user_in_once_its_nonce_matches(browser, gateway, identity_provider):
    nonce = secrets.token_urlsafe(16)
    id_token = id_token_from_provider(browser, gateway, identity_provider, "olga", nonce)
    page = site_page(browser, gateway)
    result = run(page, gateway, "pkce", """
        const attempt = (token, nonce) => sb.auth.signInWithIdToken({provider: args.provider, token, nonce});
        const wrongNonce = await attempt(args.token, 'another nonce');
        const noNonce = await attempt(args.token, undefined);
        const [head, body, signature] = args.token.split('.');
        const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
        const forged = btoa(JSON.stringify({...claims, sub: 'someone-else'})).replace(/=+$/, '')
            .replace(/\\+/g, '-').replace(/\\//g, '_');
        const tampered = await attempt([head, forged, signature].join('.'), args.nonce);
        const signedIn = await attempt(args.token, args.nonce);
        return {wrongNonce: wrongNonce.error.message, noNonce: noNonce.error.message,
                tampered: tampered.error.message, user: signedIn.data.user, error: signedIn.error};
    """, provider=PROVIDER, token=id_token, nonce=nonce)
    assert result["wrongNonce"] == "Nonces mismatch"
    assert result["noNonce"] == "Passed nonce and nonce in id_token should either both exist or not."
    assert result["tampered"] == "Bad ID token"
    assert result["error"] is None
    user = result["user"]
    assert user["email"] == "olga@example.com"
    assert [(i["provider"], i["id"]) for i in user["identities"]] == [(PROVIDER, "olga")]
    page.context.close()


def test_a_token_that_is_no_id_token_is_refused(browser, gateway, identity_provider):
    response = httpx.post(f"{gateway.url}/auth/v1/token?grant_type=id_token", headers=gateway.headers(),
                          json={"provider": PROVIDER, "id_token": "not.a.token"})
    assert response.status_code == 400
    assert response.json() == {"error": "invalid request", "error_description": "Bad ID token"}


def test_an_anonymous_user_who_links_an_identity_becomes_permanent(browser, gateway, identity_provider):
    page = site_page(browser, gateway)
    url = run(page, gateway, "pkce", """
        const anonymous = await sb.auth.signInAnonymously();
        if (anonymous.error) throw anonymous.error;
        const r = await sb.auth.linkIdentity({provider: args.provider,
            options: {redirectTo: args.back, skipBrowserRedirect: true}});
        if (r.error) throw r.error;
        return [anonymous.data.user.id, r.data.url];
    """, provider=PROVIDER, back=f"{gateway.url}{RETURN_PATH}")
    anonymous_id, provider_url = url
    sign_in_at_provider(page, provider_url, "paula", identity_provider.issuer)
    user = run(page, gateway, "pkce", PKCE_EXCHANGE)["session"]["user"]
    assert user["id"] == anonymous_id
    assert user["is_anonymous"] is False and user["email"] == "paula@example.com" and user["email_confirmed_at"]
    assert [(i["provider"], i["id"]) for i in user["identities"]] == [(PROVIDER, "paula")]
    assert user["app_metadata"] == {"provider": PROVIDER, "providers": [PROVIDER]}
    page.context.close()
