"""A site page in the real Chromium running the real supabase-js, and a person signing in at the OpenID provider's
own login and consent pages."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page

from gateway.settings import PROJECT_ROOT
from tests.auth.oauth.conftest import RETURN_PATH
from tests.support.live import LiveGateway

SUPABASE_UMD = PROJECT_ROOT / "web" / "node_modules" / "@supabase" / "supabase-js" / "dist" / "umd" / "supabase.js"


def site_page(browser: Browser, gateway: LiveGateway) -> Page:
    """A fresh browser (no provider session either) on the page sign-ins come back to."""
    page = browser.new_context().new_page()
    page.route(f"{gateway.url}{RETURN_PATH}**", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>signed in</title>"))
    page.goto(f"{gateway.url}{RETURN_PATH}")
    return page


def run(page: Page, gateway: LiveGateway, flow: str, script: str, **args: Any) -> Any:
    """`script` is the body of an async function with `sb` (supabase-js of this page, `flow` its flowType). A PKCE
    client leaves the code to the script (exchangeCodeForSession); an implicit one reads the session from the URL."""
    if not page.evaluate("typeof supabase !== 'undefined'"):
        page.add_script_tag(path=str(SUPABASE_UMD))
    return page.evaluate(
        "async ({url, key, flow, args}) => {"
        " const sb = supabase.createClient(url, key, {auth: {flowType: flow, detectSessionInUrl: flow === 'implicit'}});"
        f" {script} }}",
        {"url": gateway.url, "key": gateway.anon_key, "flow": flow, "args": args})


def sign_in_at_provider(page: Page, url: str, login: str, issuer: str) -> None:
    """Follows `url` to the provider, signs in as `login` and consents, until the browser has left the provider."""
    page.goto(url)
    for _ in range(4):
        if not page.url.startswith(issuer):
            return
        if page.locator('input[name="login"]').count():
            page.fill('input[name="login"]', login)
            page.fill('input[name="password"]', "any password")
        with page.expect_navigation():
            page.click('button[type="submit"]')
    raise AssertionError(f"still at the provider: {page.url}")


def returned_params(page: Page) -> dict[str, str]:
    """The query and fragment parameters the browser came back with (the fragment's win)."""
    parts = urlsplit(page.url)
    params = {key: values[0] for key, values in parse_qs(parts.query, keep_blank_values=True).items()}
    params.update({key: values[0] for key, values in parse_qs(parts.fragment, keep_blank_values=True).items()})
    return params


def oauth_url(page: Page, gateway: LiveGateway, flow: str, redirect_to: str, **options: Any) -> str:
    return run(page, gateway, flow, """
        const r = await sb.auth.signInWithOAuth({provider: 'keycloak',
            options: {redirectTo: args.redirectTo, skipBrowserRedirect: true, ...args.options}});
        if (r.error) throw r.error;
        return r.data.url;
    """, redirectTo=redirect_to, options=options)


PKCE_EXCHANGE = """
    const code = new URL(location.href).searchParams.get('code');
    const r = await sb.auth.exchangeCodeForSession(code);
    if (r.error) return {error: r.error.code || r.error.message};
    return {session: r.data.session};
"""
IMPLICIT_SESSION = """
    const r = await sb.auth.getSession();
    if (r.error) return {error: r.error.code || r.error.message};
    return {session: r.data.session};
"""
