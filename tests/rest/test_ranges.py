"""Range, Range-Unit, limit and offset at the edges, pinned to PostgREST's own range tests and documented headers."""

import pytest

IDS = {"select": "id", "order": "id"}


def test_every_read_states_its_range_in_items(rest):
    response = rest.get("/fx_tickets", params=IDS, headers={"Range-Unit": "items", "Range": "0-1"})
    assert response.status_code == 200 and [r["id"] for r in response.json()] == [1, 2]
    assert response.headers["content-range"] == "0-1/*" and response.headers["range-unit"] == "items"
    head = rest.request("HEAD", "/fx_tickets", params=IDS)
    assert head.headers["content-range"] == "0-4/*" and head.headers["range-unit"] == "items"


def test_a_range_past_the_end_is_cut_to_the_rows_there_are(rest):
    response = rest.get("/fx_tickets", params=IDS, headers={"Range": "3-100"})
    assert response.status_code == 200 and [r["id"] for r in response.json()] == [4, 5]
    assert response.headers["content-range"] == "3-4/*"


@pytest.mark.parametrize("header", ["-0", "bogus", "0-1,3-4", "bytes=0-1"])
def test_a_range_header_postgrest_cannot_read_is_ignored(rest, header):
    response = rest.get("/fx_tickets", params=IDS, headers={"Range": header})
    assert response.status_code == 200 and len(response.json()) == 5
    assert response.headers["content-range"] == "0-4/*"


def test_a_range_ending_before_it_starts_is_416(rest):
    response = rest.get("/fx_tickets", params=IDS, headers={"Range": "1-0"})
    assert response.status_code == 416
    assert response.json() == {"code": "PGRST103", "message": "Requested range not satisfiable", "hint": None,
                               "details": "The lower boundary must be lower than or equal to the upper boundary in "
                                          "the Range header."}


def test_a_negative_limit_is_416_and_a_negative_offset_is_no_offset(rest):
    refused = rest.get("/fx_tickets", params={**IDS, "limit": "-1"})
    assert refused.status_code == 416
    assert refused.json()["code"] == "PGRST103"
    assert refused.json()["details"] == "Limit should be greater than or equal to zero."
    ignored = rest.get("/fx_tickets", params={**IDS, "offset": "-4"})
    assert ignored.status_code == 200 and len(ignored.json()) == 5
    assert ignored.headers["content-range"] == "0-4/*"


def test_limit_zero_is_an_empty_page(rest):
    response = rest.get("/fx_tickets", params={**IDS, "limit": "0"})
    assert response.status_code == 200 and response.json() == []
    assert response.headers["content-range"] == "*/*"


def test_an_offset_past_the_end_with_a_count_is_416_with_the_total(rest):
    response = rest.get("/fx_tickets", params={**IDS, "offset": "100"}, headers={"Prefer": "count=exact"})
    assert response.status_code == 416
    assert response.json()["details"] == "An offset of 100 was requested, but there are only 5 rows."
    assert response.headers["content-range"] == "*/5" and response.headers["range-unit"] == "items"


def test_writes_state_their_range_as_postgrest_does(rest):
    inserted = rest.post("/fx_companies", json=[{"id": 80, "name": "r1"}, {"id": 81, "name": "r2"}],
                         headers={"Prefer": "count=exact"})
    assert inserted.status_code == 201 and inserted.headers["content-range"] == "*/2"
    plain = rest.post("/fx_companies", json={"id": 82, "name": "r3"})
    assert plain.headers["content-range"] == "*/*" and plain.headers["range-unit"] == "items"
    updated = rest.patch("/fx_companies", params={"id": "in.(80,81,82)"}, json={"country": "NL"})
    assert updated.status_code == 204 and updated.headers["content-range"] == "0-2/*"
    deleted = rest.delete("/fx_companies", params={"id": "in.(80,81,82)"}, headers={"Prefer": "count=exact"})
    assert deleted.status_code == 204 and deleted.headers["content-range"] == "0-2/3"
