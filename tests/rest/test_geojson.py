"""`Accept: application/geo+json` (postgrest-js's `.geojson()`): PostgREST's FeatureCollection, one feature per row as
PostGIS's ST_AsGeoJSON(record) makes it. The embedded PostgreSQL has no PostGIS, so a function of that name and
argument stands in for it here: what is tested is the collection, media type and negotiation the gateway builds."""

from __future__ import annotations

import pytest

STAND_IN = """
create table public.geo_shops (id int primary key, address text);
insert into public.geo_shops values (1, '1369 Cambridge St'), (2, '2 Harbour Rd');
grant select on public.geo_shops to anon;
create function public.st_asgeojson(r anyelement) returns text language sql immutable as
  $$ select json_build_object('type', 'Feature', 'geometry', null, 'properties', to_jsonb(r))::text $$;
"""


@pytest.fixture(scope="module")
def shops(db):
    db.execute(STAND_IN)


def test_rows_come_back_as_a_feature_collection(shops, rest):
    answer = rest.get("/geo_shops", params={"order": "id"}, headers={"Accept": "application/geo+json"})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/geo+json; charset=utf-8"
    assert answer.json() == {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": None, "properties": {"id": 1, "address": "1369 Cambridge St"}},
        {"type": "Feature", "geometry": None, "properties": {"id": 2, "address": "2 Harbour Rd"}}]}


def test_no_rows_is_an_empty_collection(shops, rest):
    answer = rest.get("/geo_shops", params={"id": "eq.99"}, headers={"Accept": "application/geo+json"})
    assert answer.json() == {"type": "FeatureCollection", "features": []}
