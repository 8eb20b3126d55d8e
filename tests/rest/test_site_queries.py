"""Every table query the site makes (web/src/features/*/api), planned and run against the product schema.

As the service role, so the product policies (another area) do not decide the outcome: this pins that the
site's selects, embeds and foreign-key hints resolve against the real tables.
"""

import pytest

SITE_QUERIES = [
    ("event_registrations", {"select": "*"}),
    ("partner_users", {"select": "partner_id", "user_id": "eq.00000000-0000-4000-8000-000000000001"}),
    ("partners", {"select": "*", "order": "created_at.desc"}),
    ("partner_users", {"select": "partner_id,partners(*)", "user_id": "eq.00000000-0000-4000-8000-000000000001"}),
    ("companies", {"select": "*", "order": "name"}),
    ("company_users", {"select": "*", "order": "name"}),
    ("tickets", {"select": "*,company:companies(name),assignee:company_users!tickets_assigned_to_fkey(name,email),"
                           "creator:company_users!tickets_created_by_fkey(name,email)", "order": "created_at.desc"}),
    ("profiles", {"select": "id,email,full_name", "id": "eq.00000000-0000-4000-8000-000000000001"}),
    ("user_roles", {"select": "role", "user_id": "eq.00000000-0000-4000-8000-000000000001", "order": "role.desc",
                    "limit": "1"}),
]


@pytest.mark.parametrize("table,params", SITE_QUERIES)
def test_site_query_plans_and_runs(rest, table, params):
    response = rest.get(f"/{table}", params=params, who="service")
    assert response.status_code == 200, response.text
    assert isinstance(response.json(), list)

