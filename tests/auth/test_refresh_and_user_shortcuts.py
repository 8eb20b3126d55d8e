"""GET /user and the refresh grant each answer in one statement in their common case: GoTrue's answers hold at every
edge of it (a banned, deleted or signed-out caller; a token used twice at once), and the rows written are GoTrue's."""

from __future__ import annotations

import asyncio

import httpx

from tests.auth.helpers import VERSIONED, bearer, client, signed_in


def refresh(auth: httpx.Client, token: str) -> httpx.Response:
    return auth.post("/token?grant_type=refresh_token", json={"refresh_token": token})


def test_get_user_refuses_a_banned_a_deleted_and_a_signed_out_caller_as_gotrue(gateway, db):
    with client(gateway) as auth:
        banned = signed_in(gateway, auth, "shortcut-banned@example.com")
        signed_out = signed_in(gateway, auth, "shortcut-out@example.com")
        deleted = signed_in(gateway, auth, "shortcut-deleted@example.com")
        db.execute("update auth.users set banned_until = now() + interval '1 day' where id = %s",
                   (banned["user"]["id"],))
        db.execute("delete from auth.sessions where user_id = %s", (signed_out["user"]["id"],))
        db.execute("delete from auth.users where id = %s", (deleted["user"]["id"],))
        answers = {name: auth.get("/user", headers=bearer(session["access_token"]))
                   for name, session in (("banned", banned), ("out", signed_out), ("deleted", deleted))}
    assert answers["banned"].status_code == 403
    assert answers["banned"].json() == {"code": "user_banned", "message": "User is banned"}
    assert answers["out"].status_code == 403 and answers["out"].json()["code"] == "session_not_found"
    assert answers["deleted"].status_code == 403 and answers["deleted"].json()["code"] == "user_not_found"


def test_get_user_is_the_user_of_the_token_response(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "shortcut-same@example.com")
        refreshed = refresh(auth, session["refresh_token"]).json()
        me = auth.get("/user", headers=bearer(refreshed["access_token"]))
    assert me.status_code == 200 and me.headers["content-type"] == "application/json"
    assert me.headers["x-supabase-api-version"] == "2024-01-01"
    assert me.json() == refreshed["user"] == session["user"]
    assert "factors" not in me.json() and me.json()["identities"][0]["provider"] == "email"


def test_a_banned_users_unused_refresh_token_is_refused_and_stays_unused(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "shortcut-refresh-banned@example.com")
        db.execute("update auth.users set banned_until = now() + interval '1 day' where id = %s",
                   (session["user"]["id"],))
        refused = refresh(auth, session["refresh_token"])
    assert refused.status_code == 400 and refused.json() == {"code": "user_banned", "message": "User is banned"}
    revoked, children = db.execute(
        "select revoked, (select count(*) from auth.refresh_tokens c where c.parent = t.token)"
        " from auth.refresh_tokens t where token = %s", (session["refresh_token"],)).fetchone()
    assert revoked is False and children == 0


def test_refresh_revokes_the_token_chains_its_child_and_marks_the_session(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "shortcut-chain@example.com")
        refreshed = auth.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]},
                              headers={"User-Agent": "another-phone/2.0"}).json()
    claims = gateway.keys.verify(refreshed["access_token"])
    assert claims["session_id"] == gateway.keys.verify(session["access_token"])["session_id"]
    assert claims["amr"][0]["method"] == "password" and claims["aal"] == "aal1"
    assert refreshed["expires_in"] == 3600 and refreshed["token_type"] == "bearer"
    rows = db.execute("select token, parent, revoked from auth.refresh_tokens where session_id = %s order by id",
                      (claims["session_id"],)).fetchall()
    assert rows == [(session["refresh_token"], None, True),
                    (refreshed["refresh_token"], session["refresh_token"], False)]
    refreshed_at, user_agent, ip = db.execute("select refreshed_at, user_agent, host(ip) from auth.sessions"
                                              " where id = %s", (claims["session_id"],)).fetchone()
    assert refreshed_at is not None
    # As GoTrue: the session shows the agent and address of its latest refresh.
    assert user_agent == "another-phone/2.0" and ip == "127.0.0.1"


def test_the_same_token_refreshed_at_once_rotates_once(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "shortcut-race@example.com")

    async def together() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=f"{gateway.url}/auth/v1", timeout=30,
                                     headers={**gateway.headers(), **VERSIONED}) as concurrent:
            return await asyncio.gather(*(concurrent.post("/token?grant_type=refresh_token",
                                                          json={"refresh_token": session["refresh_token"]})
                                          for _ in range(6)))

    answers = asyncio.run(together())
    # Within the reuse interval, whoever came second gets the child the first one made.
    assert [answer.status_code for answer in answers] == [200] * 6
    assert len({answer.json()["refresh_token"] for answer in answers}) == 1
    children = db.execute("select count(*) from auth.refresh_tokens where parent = %s",
                          (session["refresh_token"],)).fetchone()[0]
    assert children == 1
