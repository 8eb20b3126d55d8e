"""The database roles the gateway connects as, and its pools.

As on Supabase: migrations (and the gateway's own services: the realtime broker, the mail worker, the schema cache)
use the owner in DATABASE_URL; request traffic (REST, functions, realtime authorisation) connects as
`authenticator`, a NOINHERIT login that can do nothing until the request's transaction switches to `anon`,
`authenticated` or `service_role`; the auth service connects as `supabase_auth_admin`, which owns rights on `auth`
only. The embedded server trusts local connections, so there the gateway connects as these roles by name; with
DATABASE_URL an operator creates them and passes DB_AUTHENTICATOR_URL and DB_AUTH_ADMIN_URL (docs/operations.md).
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass
from urllib.parse import quote, urlencode

import psycopg
from psycopg.conninfo import conninfo_to_dict

from gateway.database.health import ResilientPool
from gateway.database.transactions import open_pool

REQUEST_ROLE = "authenticator"
AUTH_ROLE = "supabase_auth_admin"
PROJECT_ROLE = "postgres"


def project_role(conn: psycopg.Connection) -> str | None:
    """The role a project's migrations and seed run as, where the gateway connects as a superuser and `postgres` is
    the project's owner without superuser (as on Supabase); None where the connecting role is both."""
    row = conn.execute(
        "select rolname from pg_roles where rolname = %s and not rolsuper"
        " and (select rolsuper from pg_roles where rolname = current_user) and rolname <> current_user",
        (PROJECT_ROLE,)).fetchone()
    return row[0] if row else None


def as_role(url: str, role: str) -> str:
    """The same server and database as a URL, as `role` without a password (for a server that trusts the
    connection); every other connection parameter travels in the query string."""
    params = {key: str(value) for key, value in conninfo_to_dict(url).items() if key not in ("user", "password")}
    dbname = params.pop("dbname", "")
    # quote, not urlencode's quote_plus: libpq reads `+` in a URL as itself, not as a space.
    return f"postgresql://{quote(role)}@/{quote(dbname)}?{urlencode(params, quote_via=quote)}"


@dataclass
class Pools:
    service: ResilientPool
    request: ResilientPool
    auth: ResilientPool

    async def close(self) -> None:
        for pool in {id(p): p for p in (self.request, self.auth, self.service)}.values():
            await pool.close()


async def open_pools(owner_url: str, request_url: str | None, auth_url: str | None, *, size: int) -> Pools:
    """One pool per distinct role; a single URL gives one pool shared by all, as before least privilege."""
    async with AsyncExitStack() as opened:
        service = await open_pool(owner_url, max_size=size, name="gateway")
        opened.push_async_callback(service.close)
        request = auth = service
        if request_url:
            request = await open_pool(request_url, max_size=size, name="requests")
            opened.push_async_callback(request.close)
        if auth_url:
            auth = await open_pool(auth_url, max_size=size, name="auth")
            opened.push_async_callback(auth.close)
        opened.pop_all()
    return Pools(service=service, request=request, auth=auth)
