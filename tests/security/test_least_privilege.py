"""Least privilege: request traffic connects as `authenticator` (NOINHERIT, nothing but the three API roles), the
auth service as `supabase_auth_admin` (rights on `auth` only); SQL reached from a request cannot step out of its
API role, because the session behind it has nothing to step back to."""

from __future__ import annotations

import httpx
import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict

from gateway.database.roles import AUTH_ROLE, REQUEST_ROLE
from gateway.jwt_keys import JwtKeys
from tests.conftest import TEST_JWT_SECRET
from tests.support.live import free_port
from tests.support.serve import ServeProcess
from tests.support.waits import eventually

ESCAPES = """
create or replace function public.lp_reset_and_count_users() returns bigint
language plpgsql security invoker as $$
begin
    reset role;  -- back to the session's own role
    return (select count(*) from auth.users);
end $$;
create or replace function public.lp_become_postgres() returns text
language plpgsql security invoker as $$
begin
    set local role postgres;
    return current_user;
end $$;
create or replace function public.lp_roles() returns jsonb
language plpgsql security invoker as $$
declare inside text := current_user;
begin
    reset role;
    return jsonb_build_object('inside', inside, 'outside', current_user, 'session', session_user);
end $$;
grant execute on function public.lp_reset_and_count_users(), public.lp_become_postgres(), public.lp_roles()
    to anon, authenticated, service_role;
notify pgrst, 'reload schema';
"""


@pytest.fixture(scope="module")
def escapes(db):
    db.execute(ESCAPES)


def rpc(gateway, name: str, token: str | None = None) -> httpx.Response:
    return httpx.post(f"{gateway.url}/rest/v1/rpc/{name}", json={}, headers=gateway.headers(token), timeout=10)


def found(call) -> httpx.Response:
    """The schema cache reloads on the notification: a first call may still answer 404 PGRST202."""
    return eventually(lambda: (response := call()).status_code != 404 and response, "the function in the schema cache")


def test_request_sql_that_resets_its_role_has_no_rights(gateway, escapes):
    for token in (None, gateway.service_key):
        response = found(lambda token=token: rpc(gateway, "lp_reset_and_count_users", token))
        assert response.status_code in (401, 403) and response.json()["code"] == "42501", response.text
        assert "auth" in response.json()["message"] or "users" in response.json()["message"]


def test_request_sql_cannot_become_postgres(gateway, escapes):
    response = found(lambda: rpc(gateway, "lp_become_postgres", gateway.service_key))
    assert response.status_code != 200 and response.json()["code"] == "42501", response.text
    assert "postgres" in response.json()["message"]


def test_the_session_is_the_authenticator_outside_the_request_role(gateway, escapes):
    response = found(lambda: rpc(gateway, "lp_roles"))
    assert response.status_code == 200, response.text
    assert response.json() == {"inside": "anon", "outside": REQUEST_ROLE, "session": REQUEST_ROLE}


def test_the_request_role_is_a_bare_login_with_the_three_api_roles(db):
    row = db.execute("select rolcanlogin, rolinherit, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls,"
                     " rolreplication from pg_roles where rolname = %s", (REQUEST_ROLE,)).fetchone()
    assert row == (True, False, False, False, False, False, False)
    granted = {name for (name,) in db.execute(
        "select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid"
        " join pg_roles u on u.oid = m.member where u.rolname = %s", (REQUEST_ROLE,))}
    assert granted == {"anon", "authenticated", "service_role"}
    owned = db.execute("select count(*) from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = %s",
                       (REQUEST_ROLE,)).fetchone()[0]
    assert owned == 0


def test_the_gateway_pools_connect_as_their_roles(gateway, settings):
    with psycopg.connect(settings.authenticator_url, autocommit=True) as conn:
        assert conn.execute("select current_user").fetchone()[0] == REQUEST_ROLE
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("select count(*) from public.profiles")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("set role postgres")
        conn.execute("set role anon")  # what every request does, in its transaction
    with psycopg.connect(settings.auth_admin_url, autocommit=True) as conn:
        assert conn.execute("select current_user").fetchone()[0] == AUTH_ROLE
        conn.execute("select count(*) from auth.users")
        for statement in ("select count(*) from public.profiles", "select text_body from mail.outbox",
                          "update mail.outbox set status = 'sent'", "select count(*) from realtime.presences",
                          "set role service_role", "set role postgres"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)


def test_auth_keeps_working_through_its_own_role(gateway, db):
    """Sign-up writes auth.users, the outbox and (by the project's security-definer trigger) public.profiles."""
    email = "least-privilege@example.com"
    response = httpx.post(f"{gateway.url}/auth/v1/signup", json={"email": email, "password": "correct horse"},
                          headers=gateway.headers(), timeout=10)
    assert response.status_code == 200, response.text
    assert db.execute("select count(*) from mail.outbox where to_address = %s", (email,)).fetchone()[0] == 1
    assert db.execute("select count(*) from public.profiles where email = %s", (email,)).fetchone()[0] == 1


def test_serve_with_database_url_connects_as_each_role_and_prints_no_secret(database_url, settings, tmp_path, db):
    port = free_port()
    data_dir = tmp_path / "data"
    keys = JwtKeys(TEST_JWT_SECRET)
    with ServeProcess(data_dir, port, DATABASE_URL=database_url, JWT_SECRET=TEST_JWT_SECRET,
                      DB_AUTHENTICATOR_URL=settings.authenticator_url,
                      DB_AUTH_ADMIN_URL=settings.auth_admin_url) as served:
        served.wait_healthy()
        headers = {"apikey": keys.anon_key, "Authorization": f"Bearer {keys.anon_key}"}
        assert httpx.get(f"http://127.0.0.1:{port}/rest/v1/companies?select=id", headers=headers,
                         timeout=10).status_code == 200
        assert httpx.get(f"http://127.0.0.1:{port}/auth/v1/settings", headers=headers, timeout=10).status_code == 200
        users = {name for (name,) in db.execute(
            "select usename from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")}
        output = served.stop()
    assert {REQUEST_ROLE, AUTH_ROLE} <= users
    assert keys.service_role_key not in output and "service_role key" not in output and "DB URL" not in output
    assert "note:" not in output
    password = conninfo_to_dict(database_url).get("password")
    assert not password or password not in output
    assert not (data_dir / "status.json").exists()


def test_serve_with_one_database_url_says_so_in_one_line(database_url, tmp_path):
    port = free_port()
    with ServeProcess(tmp_path / "data", port, DATABASE_URL=database_url, JWT_SECRET=TEST_JWT_SECRET) as served:
        served.wait_healthy()
        output = served.stop()
    owner = conninfo_to_dict(database_url)
    notes = [line for line in output.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "DB_AUTHENTICATOR_URL" in notes[0] and f"({owner['user']})" in notes[0]
    assert JwtKeys(TEST_JWT_SECRET).service_role_key not in output
    assert not owner.get("password") or owner["password"] not in output
