"""The site's own partner and event calls, made by the real supabase-js against the database's access rules."""

from __future__ import annotations

from tests.support.node import run_node_test


def test_site_calls_through_supabase_js(gateway, people):
    ids = people.ids
    run_node_test("policies.test.mjs", gateway, passes=6, extra_env={
        "ADMIN_TOKEN": people.access_token("admin"),
        "APPROVED_TOKEN": people.access_token("approved_partner"),
        "PENDING_TOKEN": people.access_token("pending_partner"),
        "APPROVED_PARTNER_ID": str(ids["p_approved"]),
        "OTHER_PARTNER_ID": str(ids["p_other"]),
        "PENDING_PARTNER_ID": str(ids["p_pending"]),
    })
