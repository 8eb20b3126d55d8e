"""Only the functions meant as RPCs are callable through the API: the policy helpers (ticket_company, is_super_admin,
...) live in the private schema, which is not exposed, and trigger functions are not RPCs (as in PostgREST)."""

from __future__ import annotations

import time
import uuid

import httpx
import pytest

from tests.support.live import LiveGateway

API_FUNCTIONS = {"get_partner_with_access_control"}
HELPERS = ("ticket_company", "is_super_admin", "current_user_role", "my_company_ids", "is_api_client")


def public_functions(db) -> dict[str, str]:
    rows = db.execute("select p.proname, pg_get_function_identity_arguments(p.oid) from pg_proc p"
                      " join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'").fetchall()
    return dict(rows)


def user_token(gateway: LiveGateway) -> str:
    now = int(time.time())
    return gateway.keys.sign_access_token({"sub": str(uuid.uuid4()), "role": "authenticated", "aud": "authenticated",
                                           "iat": now, "exp": now + 600, "session_id": str(uuid.uuid4())})


def test_the_api_roles_may_execute_only_the_rpc_functions_of_public(db):
    """Trigger functions aside: they fire whatever the caller's privileges and are never RPCs."""
    callable_by_api = {name for (name,) in db.execute(
        "select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'"
        " and p.prorettype <> 'trigger'::regtype and (has_function_privilege('anon', p.oid, 'execute')"
        " or has_function_privilege('authenticated', p.oid, 'execute'))").fetchall()}
    assert callable_by_api == API_FUNCTIONS


@pytest.mark.parametrize("who", ["anon", "authenticated"])
def test_no_function_of_public_but_the_rpcs_answers_over_rest(gateway: LiveGateway, db, who: str):
    token = user_token(gateway) if who == "authenticated" else None
    answered = set()
    for name in public_functions(db):
        response = httpx.post(f"{gateway.url}/rest/v1/rpc/{name}", json={}, headers=gateway.headers(token), timeout=10)
        if response.status_code not in (401, 403, 404):
            answered.add(name)
    # The RPC itself answers (with its own 42501 for a caller who is not linked), the rest are refused.
    assert answered <= API_FUNCTIONS


@pytest.mark.parametrize("helper", HELPERS)
def test_policy_helpers_are_not_rpcs_in_any_schema(gateway: LiveGateway, helper: str):
    body = {"ticket_id": str(uuid.uuid4())} if helper == "ticket_company" else {}
    # Not found among public's functions; the private schema is not one the API serves.
    for profile, refused in (({}, (404, "PGRST202")), ({"Content-Profile": "private"}, (406, "PGRST106"))):
        response = httpx.post(f"{gateway.url}/rest/v1/rpc/{helper}", json=body, timeout=10,
                              headers={**gateway.headers(user_token(gateway)), **profile})
        assert (response.status_code, response.json()["code"]) == refused, (helper, profile, response.text)
