"""Writes through /rest/v1: inserts, bulk and `columns=`, upserts, updates, deletes, Prefer handling, RLS."""

from tests.rest.conftest import ALICE, BOB

REPRESENTATION = {"Prefer": "return=representation"}


def test_insert_defaults_to_minimal_201_with_no_body(rest):
    response = rest.post("/fx_labels", json={"id": 10, "name": "minimal"})
    assert response.status_code == 201 and response.content == b""


def test_insert_with_representation_and_select_returns_the_row(rest):
    response = rest.post("/fx_labels", params={"select": "id,name"}, json={"id": 11, "name": "shown"},
                         headers={**REPRESENTATION, "Accept": "application/vnd.pgrst.object+json"})
    assert response.status_code == 201
    assert response.json() == {"id": 11, "name": "shown"}
    assert "return=representation" in response.headers["preference-applied"]


def test_bulk_insert_with_columns_and_missing_default(rest):
    response = rest.post("/fx_tickets", params={"columns": '"title","company_id","status"', "select": "title,status"},
                         json=[{"title": "Bulk A", "company_id": 1, "status": "closed"},
                               {"title": "Bulk B", "company_id": 2, "ignored": "x"}],
                         headers={"Prefer": "return=representation,missing=default"})
    assert response.status_code == 201, response.text
    assert response.json() == [{"title": "Bulk A", "status": "closed"}, {"title": "Bulk B", "status": "open"}]


def test_insert_of_an_unknown_column_is_pgrst204_and_writes_nothing(rest, db):
    # columns= as supabase-js sends it (without it, objects with other keys are PGRST102, as in PostgREST)
    response = rest.post("/fx_labels", params={"columns": "id,name,nme"},
                         json=[{"id": 20, "name": "ok"}, {"id": 21, "nme": "typo"}])
    assert response.status_code == 400 and response.json()["code"] == "PGRST204"
    assert db.execute("select count(*) from fx_labels where id in (20, 21)").fetchone()[0] == 0


def test_invalid_json_body_is_pgrst102(rest):
    response = rest.post("/fx_labels", content=b"{nope", headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["code"] == "PGRST102"


def test_unique_violation_is_409_and_foreign_key_violation_is_409(rest):
    assert rest.post("/fx_labels", json={"id": 1, "name": "dupe"}).json()["code"] == "23505"
    response = rest.post("/fx_people", json={"id": 50, "company_id": 999, "name": "X"})
    assert response.status_code == 409 and response.json()["code"] == "23503"


def test_check_and_not_null_violations_are_400(rest):
    response = rest.post("/fx_tickets", json={"company_id": 1})
    assert response.status_code == 400 and response.json()["code"] == "23502"


def test_upsert_merges_on_the_primary_key_and_on_conflict_columns(rest):
    first = rest.post("/fx_labels", json={"id": 30, "name": "up-1"}, headers={"Prefer": "resolution=merge-duplicates"})
    assert first.status_code == 201
    second = rest.post("/fx_labels", json={"id": 30, "name": "up-2"},
                       headers={"Prefer": "resolution=merge-duplicates,return=representation"})
    assert second.json() == [{"id": 30, "name": "up-2"}]
    assert "resolution=merge-duplicates" in second.headers["preference-applied"]
    by_name = rest.post("/fx_labels", params={"on_conflict": "name"}, json={"id": 31, "name": "up-2"},
                        headers={"Prefer": "resolution=ignore-duplicates,return=representation"})
    assert by_name.status_code == 201 and by_name.json() == []


def test_update_returns_204_or_the_changed_rows(rest):
    assert rest.patch("/fx_labels", params={"id": "eq.10"}, json={"name": "patched"}).status_code == 204
    response = rest.patch("/fx_labels", params={"id": "eq.10", "select": "name"}, json={"name": "again"},
                          headers=REPRESENTATION)
    assert response.status_code == 200 and response.json() == [{"name": "again"}]


def test_delete_with_representation_and_a_count(rest):
    rest.post("/fx_labels", json=[{"id": 40, "name": "d1"}, {"id": 41, "name": "d2"}])
    response = rest.delete("/fx_labels", params={"id": "in.(40,41)", "select": "id", "order": "id"},
                           headers={"Prefer": "return=representation,count=exact"})
    assert response.status_code == 200 and sorted(r["id"] for r in response.json()) == [40, 41]
    assert response.headers["content-range"] == "0-1/2"


def test_max_affected_with_strict_handling_rolls_back(rest, db):
    rest.post("/fx_labels", json=[{"id": 60, "name": "m1"}, {"id": 61, "name": "m2"}])
    response = rest.delete("/fx_labels", params={"id": "in.(60,61)"},
                           headers={"Prefer": "handling=strict,max-affected=1"})
    assert response.status_code == 400 and response.json()["code"] == "PGRST124"
    assert db.execute("select count(*) from fx_labels where id in (60, 61)").fetchone()[0] == 2


def test_tx_rollback_answers_but_keeps_nothing(rest, db):
    response = rest.post("/fx_labels", json={"id": 70, "name": "ghost"},
                         headers={"Prefer": "tx=rollback,return=representation"})
    assert response.status_code == 201 and response.json() == [{"id": 70, "name": "ghost"}]
    assert "tx=rollback" in response.headers["preference-applied"]
    assert db.execute("select count(*) from fx_labels where id = 70").fetchone()[0] == 0


def test_singular_write_of_many_rows_is_406_and_rolled_back(rest, db):
    response = rest.patch("/fx_companies", params={"id": "in.(1,2)"}, json={"country": "ZZ"},
                          headers={**REPRESENTATION, "Accept": "application/vnd.pgrst.object+json"})
    assert response.status_code == 406 and response.json()["code"] == "PGRST116"
    assert db.execute("select count(*) from fx_companies where country = 'ZZ'").fetchone()[0] == 0


def test_headers_only_gives_a_location(rest):
    response = rest.post("/fx_labels", json={"id": 90, "name": "located"}, headers={"Prefer": "return=headers-only"})
    assert response.status_code == 201 and response.headers["location"] == "/fx_labels?id=eq.90"


def test_put_upserts_one_row_named_by_its_primary_key(rest):
    response = rest.request("PUT", "/fx_labels", params={"id": "eq.95"}, json={"id": 95, "name": "put"},
                            headers=REPRESENTATION)
    assert response.status_code == 201 and response.json() == [{"id": 95, "name": "put"}]  # inserted
    replaced = rest.request("PUT", "/fx_labels", params={"id": "eq.95"}, json={"id": 95, "name": "put again"},
                            headers=REPRESENTATION)
    assert replaced.status_code == 200 and replaced.json() == [{"id": 95, "name": "put again"}]
    mismatch = rest.request("PUT", "/fx_labels", params={"id": "eq.95"}, json={"id": 96, "name": "put"})
    assert mismatch.status_code == 400 and mismatch.json()["code"] == "PGRST115"


def test_csv_body_inserts(rest):
    response = rest.post("/fx_labels", content=b"id,name\n97,csv-a\n98,csv-b",
                         headers={"Content-Type": "text/csv", "Prefer": "return=representation"})
    assert response.status_code == 201 and [r["name"] for r in response.json()] == ["csv-a", "csv-b"]


# -- row-level security --------------------------------------------------------------------------------------------


def test_rls_hides_other_users_rows_from_reads_updates_and_deletes(rest, db):
    db.execute("delete from fx_notes")
    db.execute("insert into fx_notes (owner, body, shared) values (%s, 'alice private', false),"
               " (%s, 'alice shared', true), (%s, 'bob private', false)", (ALICE, ALICE, BOB))
    alice = [r["body"] for r in rest.get("/fx_notes", params={"order": "id"}, who=ALICE).json()]
    assert alice == ["alice private", "alice shared"]
    assert [r["body"] for r in rest.get("/fx_notes").json()] == ["alice shared"]
    assert len(rest.get("/fx_notes", who="service").json()) == 3

    updated = rest.patch("/fx_notes", params={"body": "eq.bob private", "select": "id"}, json={"body": "hacked"},
                         who=ALICE, headers=REPRESENTATION)
    assert updated.status_code == 200 and updated.json() == []
    deleted = rest.delete("/fx_notes", params={"body": "eq.bob private"}, who=ALICE,
                          headers={"Prefer": "count=exact"})
    assert deleted.status_code == 204 and deleted.headers["content-range"] == "*/0"
    assert db.execute("select count(*) from fx_notes where body = 'bob private'").fetchone()[0] == 1


def test_rls_with_check_violation_is_42501_403_for_users_and_401_for_anon(rest, db):
    response = rest.post("/fx_notes", json={"owner": BOB, "body": "forged"}, who=ALICE)
    assert response.status_code == 403 and response.json()["code"] == "42501"
    anon = rest.post("/fx_notes", json={"body": "anon"})
    assert anon.status_code == 401 and anon.json()["code"] == "42501"
    own = rest.post("/fx_notes", json={"body": "mine"}, who=ALICE, headers=REPRESENTATION)
    assert own.status_code == 201 and own.json()[0]["owner"] == ALICE
    assert db.execute("select count(*) from fx_notes where body = 'forged'").fetchone()[0] == 0


def test_insert_only_table_accepts_minimal_inserts_but_not_representation(rest):
    assert rest.post("/fx_inbox", json={"message": "hello"}).status_code == 201
    response = rest.post("/fx_inbox", json={"message": "hello"}, headers=REPRESENTATION)
    assert response.status_code == 401 and response.json()["code"] == "42501"


def test_table_without_grants_is_401_for_anon_and_readable_by_the_service_role(rest):
    refused = {"code": "42501", "details": None, "hint": None, "message": "permission denied for table fx_hidden"}
    anon, alice = rest.get("/fx_hidden"), rest.get("/fx_hidden", who=ALICE)
    assert (anon.status_code, anon.json()) == (401, refused)
    assert (alice.status_code, alice.json()) == (403, refused)
    service = rest.get("/fx_hidden", who="service")
    assert (service.status_code, service.json()) == (200, [])


def test_read_only_transaction_for_get(rest, db):
    response = rest.get("/rpc/fx_tickets_by_status", params={"st": "open", "select": "id"})
    assert response.status_code == 200, response.text
    open_ids = [row[0] for row in db.execute("select id from public.fx_tickets where status = 'open' order by id")]
    assert open_ids and response.json() == [{"id": id_} for id_ in open_ids]


def test_insert_representation_can_embed_related_rows(rest):
    response = rest.post("/fx_tickets", params={"select": "title,company:fx_companies(name),fx_labels(name)"},
                         json={"title": "Embedded on insert", "company_id": 2},
                         headers={**REPRESENTATION, "Accept": "application/vnd.pgrst.object+json"})
    assert response.status_code == 201, response.text
    assert response.json() == {"title": "Embedded on insert", "company": {"name": "Globex"}, "fx_labels": []}


def test_repeated_writes_of_one_shape_each_write_their_own_values(rest, db):
    for i in range(8):
        body = {"id": 200 + i, "name": f"shape-{i}"} if i % 2 else {"name": f"shape-{i}", "id": 200 + i}
        assert rest.post("/fx_labels", json=body).status_code == 201
        patched = rest.patch("/fx_labels", params={"id": f"eq.{200 + i}", "select": "name"},
                             json={"name": f"patched-{i}"}, headers=REPRESENTATION)
        assert patched.json() == [{"name": f"patched-{i}"}]
    names = db.execute("select name from fx_labels where id between 200 and 207 order by id").fetchall()
    assert [n for (n,) in names] == [f"patched-{i}" for i in range(8)]


def test_write_representation_can_select_computed_columns_and_relationships(rest):
    response = rest.post("/fx_tickets", params={"select": "title,fx_title_upper,fx_labels_of(name)"},
                         json={"title": "computed", "company_id": 1}, headers=REPRESENTATION)
    assert response.status_code == 201, response.text
    assert response.json() == [{"title": "computed", "fx_title_upper": "COMPUTED", "fx_labels_of": []}]
