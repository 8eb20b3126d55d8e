"""signInWithOAuth in the real Chromium with the real supabase-js, against a real OpenID provider: the PKCE and the
implicit flow, the same user on a second sign-in, and every refusal sent back to the site in GoTrue's form."""

from __future__ import annotations

import logging
import uuid
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import httpx

from tests.auth.oauth.browser_flow import (
    IMPLICIT_SESSION,
    PKCE_EXCHANGE,
    oauth_url,
    returned_params,
    run,
    sign_in_at_provider,
    site_page,
)
from tests.auth.oauth.conftest import PROVIDER, RETURN_PATH


def back_to(gateway) -> str:
    return f"{gateway.url}{RETURN_PATH}"


def sign_in(browser, gateway, identity_provider, login: str, flow: str) -> tuple[object, dict]:
    page = site_page(browser, gateway)
    sign_in_at_provider(page, oauth_url(page, gateway, flow, back_to(gateway)), login, identity_provider.issuer)
    result = run(page, gateway, flow, PKCE_EXCHANGE if flow == "pkce" else IMPLICIT_SESSION)
    return page, result


def test_a_pkce_sign_in_makes_a_user_with_the_providers_identity_and_hands_over_its_tokens_once(
        browser, gateway, identity_provider, caplog):
    caplog.set_level(logging.DEBUG)
    page, result = sign_in(browser, gateway, identity_provider, "bob", "pkce")
    assert "session" in result, (result, page.url)
    session = result["session"]
    user = session["user"]
    assert user["email"] == "bob@example.com" and user["email_confirmed_at"]
    assert user["app_metadata"] == {"provider": "keycloak", "providers": ["keycloak"]}
    [identity] = user["identities"]
    assert identity["provider"] == "keycloak" and identity["id"] == "bob"
    data = identity["identity_data"]
    assert data["sub"] == "bob" and data["iss"] == identity_provider.issuer
    assert data["email"] == "bob@example.com" and data["email_verified"] is True
    assert data["name"] == data["full_name"] == "Person bob"
    assert user["user_metadata"]["avatar_url"] == "https://pictures.example.com/bob.png"
    assert session["provider_token"] and session["provider_refresh_token"]
    # The provider's access token is the provider's: its userinfo endpoint answers it.
    info = httpx.get(f"{identity_provider.issuer}/me", headers={"Authorization": f"Bearer {session['provider_token']}"})
    assert info.json()["sub"] == "bob"
    refreshed = httpx.post(f"{gateway.url}/auth/v1/token?grant_type=refresh_token", headers=gateway.headers(),
                           json={"refresh_token": session["refresh_token"]}).json()
    assert refreshed["user"]["id"] == user["id"] and "provider_token" not in refreshed
    # The gateway's calls to the provider were logged (httpx, at debug level), its tokens nowhere.
    assert f"{identity_provider.issuer}/token" in caplog.text
    assert session["provider_token"] not in caplog.text and session["provider_refresh_token"] not in caplog.text
    page.context.close()


def test_an_implicit_sign_in_of_the_same_person_finds_the_same_user(browser, gateway, identity_provider):
    _, first = sign_in(browser, gateway, identity_provider, "erin", "pkce")
    page, second = sign_in(browser, gateway, identity_provider, "erin", "implicit")
    assert second["session"], (second, page.url)
    assert second["session"]["user"]["id"] == first["session"]["user"]["id"]
    assert second["session"]["provider_token"]
    assert len(second["session"]["user"]["identities"]) == 1
    page.context.close()


def test_the_code_of_a_finished_flow_does_not_sign_in_again(browser, gateway, identity_provider):
    page = site_page(browser, gateway)
    callbacks: list[str] = []
    page.on("request", lambda request: callbacks.append(request.url) if "/auth/v1/callback" in request.url else None)
    sign_in_at_provider(page, oauth_url(page, gateway, "pkce", back_to(gateway)), "frank", identity_provider.issuer)
    code = returned_params(page)["code"]
    [callback] = callbacks
    # The provider's answer, replayed before the site exchanged its code.
    replay = httpx.get(callback, follow_redirects=False)
    assert replay.status_code == 302
    assert returned_location(replay) == {"error": "invalid_request", "error_code": "flow_state_already_used",
                                         "error_description": "State has already been used"}
    assert run(page, gateway, "pkce", PKCE_EXCHANGE)["session"]["user"]["email"] == "frank@example.com"
    again = run(page, gateway, "pkce", """
        const r = await fetch(args.url + '/auth/v1/token?grant_type=pkce', {method: 'POST',
            headers: {apikey: args.key, 'content-type': 'application/json'},
            body: JSON.stringify({auth_code: args.code, code_verifier: 'x'.repeat(43)})});
        return [r.status, await r.json()];
    """, url=gateway.url, key=gateway.anon_key, code=code)
    assert again[0] == 404 and again[1]["error_code"] == "flow_state_not_found"
    page.context.close()


def returned_location(response: httpx.Response) -> dict[str, str]:
    """The error parameters of a redirect, which GoTrue puts in the fragment as in the query."""
    parts = urlsplit(response.headers["location"])
    fragment = {k: v[0] for k, v in parse_qs(parts.fragment, keep_blank_values=True).items()}
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    assert fragment.pop("sb") == ""
    assert query == fragment
    return fragment


def provider_url_with(gateway, page, flow: str, **changed: str) -> str:
    """The provider URL the gateway redirects to, with some of its parameters changed on the way."""
    to_provider = httpx.get(oauth_url(page, gateway, flow, back_to(gateway)), follow_redirects=False)
    parts = urlsplit(to_provider.headers["location"])
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    return urlunsplit(parts._replace(query=urlencode({**query, **changed})))


def test_a_wrong_state_is_refused_back_at_the_site(browser, gateway, identity_provider):
    page = site_page(browser, gateway)
    sign_in_at_provider(page, provider_url_with(gateway, page, "pkce", state=str(uuid.uuid4())), "gina",
                        identity_provider.issuer)
    assert page.url.startswith(gateway.settings.site_url)
    assert {k: v for k, v in returned_params(page).items() if k.startswith("error")} == {
        "error": "invalid_request", "error_code": "bad_oauth_state",
        "error_description": "OAuth state not found or expired"}
    page.context.close()


def test_an_id_token_issued_for_another_nonce_signs_nobody_in(browser, gateway, identity_provider):
    page = site_page(browser, gateway)
    sign_in_at_provider(page, provider_url_with(gateway, page, "implicit", nonce="a-nonce-of-another-flow"), "kim",
                        identity_provider.issuer)
    assert page.url.startswith(back_to(gateway))
    assert {k: v for k, v in returned_params(page).items() if k.startswith("error")} == {
        "error": "server_error", "error_code": "unexpected_failure",
        "error_description": "Error getting user profile from external provider"}
    users = httpx.get(f"{gateway.url}/auth/v1/admin/users", headers=gateway.headers(gateway.service_key)).json()
    assert "kim@example.com" not in [user["email"] for user in users["users"]]
    page.context.close()


def test_the_settings_name_the_enabled_providers(gateway):
    external = httpx.get(f"{gateway.url}/auth/v1/settings", headers=gateway.headers()).json()["external"]
    assert external["keycloak"] is True and external["google"] is False and external["email"] is True


def test_a_redirect_not_on_the_allow_list_ends_at_the_site_url(browser, gateway, identity_provider):
    page = site_page(browser, gateway)
    url = oauth_url(page, gateway, "pkce", "https://elsewhere.example.com/steal")
    sign_in_at_provider(page, url, "hank", identity_provider.issuer)
    assert page.url.startswith(f"{gateway.settings.site_url}/?code=")
    page.context.close()


def test_a_redirect_that_only_looks_like_a_preview_deployment_is_stored_as_the_site_url(gateway, db):
    """The flow keeps where the callback will send the session: a host hidden before `#` or `?` is not kept."""
    for redirect_to, kept in (("https://16909060#-myteam.vercel.app/", gateway.settings.site_url),
                              ("https://evil?-myteam.vercel.app/", gateway.settings.site_url),
                              ("https://pr-7-myteam.vercel.app/done", "https://pr-7-myteam.vercel.app/done")):
        started = httpx.get(f"{gateway.url}/auth/v1/authorize", params={"provider": PROVIDER, "redirect_to": redirect_to},
                            follow_redirects=False)
        assert started.status_code == 302
        state = parse_qs(urlsplit(started.headers["location"]).query)["state"][0]
        assert db.execute("select referrer from auth.flow_state where id = %s", (state,)).fetchone()[0] == kept


def test_a_banned_user_is_sent_back_with_access_denied(browser, gateway, identity_provider):
    _, first = sign_in(browser, gateway, identity_provider, "ivan", "implicit")
    user_id = first["session"]["user"]["id"]
    banned = httpx.put(f"{gateway.url}/auth/v1/admin/users/{user_id}", headers=gateway.headers(gateway.service_key),
                       json={"ban_duration": "24h"})
    assert banned.status_code == 200
    page = site_page(browser, gateway)
    sign_in_at_provider(page, oauth_url(page, gateway, "implicit", back_to(gateway)), "ivan", identity_provider.issuer)
    params = returned_params(page)
    assert (params["error"], params["error_code"]) == ("access_denied", "user_banned")
    assert "access_token" not in params
    refused = run(page, gateway, "implicit", """
        const r = await sb.auth.initialize();
        return [r.error.name, r.error.message, (await sb.auth.getSession()).data.session];
    """)
    assert refused == ["AuthImplicitGrantRedirectError", "User is banned", None]
    page.context.close()


def test_an_unverified_address_is_not_linked_to_the_account_holding_it(browser, gateway, identity_provider):
    created = httpx.post(f"{gateway.url}/auth/v1/admin/users", headers=gateway.headers(gateway.service_key),
                         json={"email": "alice@example.com", "password": "alice's password", "email_confirm": True})
    assert created.status_code == 200
    page = site_page(browser, gateway)
    sign_in_at_provider(page, oauth_url(page, gateway, "pkce", back_to(gateway)), "unverified-alice",
                        identity_provider.issuer)
    params = returned_params(page)
    assert (params["error"], params["error_code"]) == ("access_denied", "provider_email_needs_verification")
    assert "code" not in params
    alice = httpx.get(f"{gateway.url}/auth/v1/admin/users/{created.json()['id']}",
                      headers=gateway.headers(gateway.service_key)).json()
    assert [identity["provider"] for identity in alice["identities"]] == ["email"]
    signed_in = httpx.post(f"{gateway.url}/auth/v1/token?grant_type=password", headers=gateway.headers(),
                           json={"email": "alice@example.com", "password": "alice's password"})
    assert signed_in.status_code == 200
    page.context.close()


def test_a_provider_unknown_or_switched_off_is_refused_as_gotrue_refuses_it(gateway):
    for provider, message in (("google", "Unsupported provider: provider is not enabled"),
                              ("nowhere", "Unsupported provider: Provider nowhere could not be found")):
        response = httpx.get(f"{gateway.url}/auth/v1/authorize", params={"provider": provider},
                             headers={"X-Supabase-Api-Version": "2024-01-01"}, follow_redirects=False)
        assert response.status_code == 400
        assert response.json() == {"code": "validation_failed", "message": message}


def test_a_provider_answering_with_a_form_post_signs_in_as_apple_does(browser, gateway, identity_provider):
    """Apple sends its code back as a form post (response_mode=form_post); the callback takes it as GoTrue does."""
    page = site_page(browser, gateway)
    callbacks: list[str] = []
    page.on("request", lambda request: callbacks.append(request.method) if "/auth/v1/callback" in request.url else None)
    sign_in_at_provider(page, provider_url_with(gateway, page, "pkce", response_mode="form_post"), "lena",
                        identity_provider.issuer)
    page.wait_for_url(f"{back_to(gateway)}?code=*")
    assert callbacks == ["POST"]
    assert run(page, gateway, "pkce", PKCE_EXCHANGE)["session"]["user"]["email"] == "lena@example.com"
    page.context.close()


def test_a_form_post_callback_without_a_known_state_goes_back_to_the_site_url(gateway):
    answer = httpx.post(f"{gateway.url}/auth/v1/callback", data={"code": "a-code", "state": str(uuid.uuid4())},
                        follow_redirects=False)
    assert answer.status_code == 302 and answer.headers["location"].startswith(gateway.settings.site_url)
    assert returned_location(answer) == {"error": "invalid_request", "error_code": "bad_oauth_state",
                                         "error_description": "OAuth state not found or expired"}


def test_flows_abandoned_a_day_ago_are_cleaned_up_when_a_new_one_starts(gateway, identity_provider, db):
    # Flows of another kind than an external sign-in never completed (those go once expired, after 5 minutes).
    stale, fresh = (db.execute("insert into auth.flow_state (provider_type, authentication_method, created_at)"
                               f" values ('{PROVIDER}', 'magiclink', now() - interval '{age}') returning id").fetchone()[0]
                    for age in ("25 hours", "23 hours"))
    started = httpx.get(f"{gateway.url}/auth/v1/authorize", params={"provider": PROVIDER}, follow_redirects=False)
    assert started.status_code == 302
    left = {row[0] for row in db.execute("select id from auth.flow_state where id in (%s, %s)", (stale, fresh))}
    assert left == {fresh}, "GoTrue's cleanup drops flows older than 24 hours, and only those"
