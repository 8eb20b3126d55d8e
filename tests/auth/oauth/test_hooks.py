"""The project's auth hooks see sign-ins through a provider as they see e-mail ones: before_user_created may refuse
the new user, custom_access_token shapes the session's token."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import jwt
import psycopg
import pytest

from gateway.project.auth_hooks import HookConfig
from tests.auth.oauth.browser_flow import (
    IMPLICIT_SESSION,
    oauth_url,
    returned_params,
    run,
    sign_in_at_provider,
    site_page,
)
from tests.auth.oauth.conftest import RETURN_PATH
from tests.support.live import LiveGateway, run_gateway

HOOKS_SQL = """
create function public.refuse_mallory(event jsonb) returns jsonb language sql as $$
  select case when event->'user'->>'email' like 'mallory@%'
    then '{"error": {"http_code": 403, "message": "Mallory may not sign up"}}'::jsonb else '{}'::jsonb end
$$;
create function public.claims_with_method(event jsonb) returns jsonb language sql stable as $$
  select jsonb_set(event, '{claims,signed_in_with}', event->'authentication_method')
$$;
"""


@pytest.fixture(scope="module")
def gateway(gateway_settings, database_url) -> Iterator[LiveGateway]:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(HOOKS_SQL)
    hooks = {
        "before_user_created": HookConfig("before_user_created", "pg-functions://postgres/public/refuse_mallory"),
        "custom_access_token": HookConfig("custom_access_token", "pg-functions://postgres/public/claims_with_method"),
    }
    with run_gateway(replace(gateway_settings, auth_hooks=hooks)) as live:
        yield live


def test_before_user_created_refuses_a_new_user_of_a_provider(browser, gateway, identity_provider, database_url):
    page = site_page(browser, gateway)
    sign_in_at_provider(page, oauth_url(page, gateway, "implicit", f"{gateway.url}{RETURN_PATH}"), "mallory",
                        identity_provider.issuer)
    params = returned_params(page)
    assert (params["error"], params["error_description"]) == ("access_denied", "Mallory may not sign up")
    assert "access_token" not in params
    with psycopg.connect(database_url) as conn:
        assert conn.execute("select count(*) from auth.users where email = 'mallory@example.com'").fetchone() == (0,)
    page.context.close()


def test_custom_access_token_shapes_the_token_of_a_provider_sign_in(browser, gateway, identity_provider):
    page = site_page(browser, gateway)
    sign_in_at_provider(page, oauth_url(page, gateway, "implicit", f"{gateway.url}{RETURN_PATH}"), "nina",
                        identity_provider.issuer)
    session = run(page, gateway, "implicit", IMPLICIT_SESSION)["session"]
    claims = jwt.decode(session["access_token"], options={"verify_signature": False})
    assert claims["signed_in_with"] == "oauth" and claims["email"] == "nina@example.com"
    page.context.close()
