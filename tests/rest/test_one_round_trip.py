"""A request's settings and statement go to PostgreSQL behind one sync, as one transaction (gateway.rest.execute).

What must hold when they are queued together: role and claims end with the request, a failure anywhere leaves no
transaction, role or claims behind on the pooled connection, a queued ROLLBACK keeps nothing, and a write whose
result can still be refused waits for the check.
"""

from __future__ import annotations

from tests.rest.conftest import ALICE

ROUNDS = 25  # more than the pool's connections, so every one of them serves a failure and then a clean request


def test_a_failed_statement_leaves_no_identity_on_the_pooled_connection(rest):
    for _ in range(ROUNDS):
        failed = rest.post("/rpc/fx_fail", who=ALICE, json={})
        assert failed.status_code == 400 and failed.json()["message"] == "deliberate failure"
        anonymous = rest.post("/rpc/fx_whoami", json={})
        assert anonymous.status_code == 200 and anonymous.json() is None


def test_a_signed_in_request_s_role_and_claims_end_with_it(rest):
    for _ in range(ROUNDS):
        signed_in = rest.get("/rpc/fx_whoami", who=ALICE)
        assert signed_in.status_code == 200 and signed_in.json() == ALICE
        anonymous = rest.get("/rpc/fx_whoami")
        assert anonymous.status_code == 200 and anonymous.json() is None


def test_a_failed_read_leaves_the_next_request_its_own_transaction(rest, db):
    for _ in range(ROUNDS):
        failed = rest.get("/fx_companies", who=ALICE, params={"id": "eq.not-a-number"})
        assert failed.status_code == 400 and failed.json()["code"] == "22P02"
        written = rest.post("/fx_labels", json={"id": 80, "name": "kept"}, who="service",
                            headers={"Prefer": "return=minimal"})
        assert written.status_code == 201
        assert db.execute("delete from fx_labels where id = 80 returning id").fetchone() == (80,)


def test_a_queued_rollback_keeps_a_minimal_insert_out(rest, db):
    response = rest.post("/fx_labels", json={"id": 71, "name": "ghost"}, who="service",
                         headers={"Prefer": "tx=rollback,return=minimal"})
    assert response.status_code == 201 and response.content == b""
    assert db.execute("select count(*) from fx_labels where id = 71").fetchone()[0] == 0


def test_a_singular_insert_of_one_row_is_kept(rest, db):
    response = rest.post("/fx_labels", json={"id": 72, "name": "one"}, who="service",
                         headers={"Prefer": "return=representation",
                                  "Accept": "application/vnd.pgrst.object+json"})
    assert response.status_code == 201 and response.json() == {"id": 72, "name": "one"}
    assert db.execute("select count(*) from fx_labels where id = 72").fetchone()[0] == 1
