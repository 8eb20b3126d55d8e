"""PROTOCOLS.md's REST lines that no other test pinned: range operators, GET on a writing function, CORS lists."""

import pytest

from tests.support.waits import eventually

EXTRA = """
create table public.fx_slots (id int primary key, during int4range not null);
insert into public.fx_slots values (1, '[1,5)'), (2, '[5,8)'), (3, '[10,20)');
create function public.fx_record(message text) returns int language sql volatile as
    $$ insert into public.fx_inbox (message) values (message) returning id $$;
notify pgrst, 'reload schema';
"""


@pytest.fixture(scope="module")
def pins(rest, db):
    db.execute(EXTRA)
    eventually(lambda: rest.get("/fx_slots").status_code != 404, "the schema cache to pick up fx_slots")
    return rest


# PostgREST's table of operators (docs/references/api/tables_views.rst): nxr is `&<` (does not extend to the right
# of), nxl is `&>` (does not extend to the left of).
@pytest.mark.parametrize(("operator", "value", "expected"), [
    ("sl", "[5,9)", [1]),
    ("sr", "[2,4)", [2, 3]),
    ("nxl", "[5,9)", [2, 3]),
    ("nxr", "[1,8)", [1, 2]),
    ("adj", "[8,10)", [2, 3]),
    ("ov", "[4,6)", [1, 2]),
    ("cs", "[11,12)", [3]),
    ("cd", "[1,9)", [1, 2]),
])
def test_range_operators(pins, operator, value, expected):
    rows = pins.get("/fx_slots", params={"select": "id", "during": f"{operator}.{value}", "order": "id"})
    assert rows.status_code == 200, rows.text
    assert [r["id"] for r in rows.json()] == expected


def test_a_function_that_writes_refuses_get_with_405_and_takes_post(pins, db):
    before = db.execute("select count(*) from public.fx_inbox").fetchone()[0]
    refused = pins.get("/rpc/fx_record", params={"message": "via get"})
    assert refused.status_code == 405 and refused.json()["code"] == "25006"
    assert db.execute("select count(*) from public.fx_inbox").fetchone()[0] == before
    accepted = pins.post("/rpc/fx_record", json={"message": "via post"}, who="service")
    assert accepted.status_code == 200 and isinstance(accepted.json(), int)


PROTOCOL_EXPOSED = ("content-range", "content-location", "location", "preference-applied", "x-total-count", "link",
                    "x-supabase-api-version")
PROTOCOL_ALLOWED = ("apikey", "authorization", "content-type", "x-client-info", "prefer", "range", "accept-profile",
                    "content-profile", "x-supabase-api-version", "x-retry-count")


def test_cors_lists_every_header_protocols_names(pins):
    preflight = pins.client.options("/fx_slots", headers={
        "Origin": "http://example.test", "Access-Control-Request-Method": "PATCH",
        "Access-Control-Request-Headers": ", ".join([*PROTOCOL_ALLOWED, "x-site-custom"])})
    assert preflight.status_code == 200
    allowed = {h.strip().lower() for h in preflight.headers["access-control-allow-headers"].split(",")}
    assert set(PROTOCOL_ALLOWED) | {"x-site-custom"} <= allowed
    got = pins.client.get("/fx_slots", headers={"Origin": "http://example.test"})
    exposed = {h.strip().lower() for h in got.headers["access-control-expose-headers"].split(",")}
    assert set(PROTOCOL_EXPOSED) | {"range-unit"} <= exposed
