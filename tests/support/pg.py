"""A PostgreSQL cluster for tests: the embedded one, or the server TEST_DATABASE_URL points at."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit, urlunsplit

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from gateway.database.roles import AUTH_ROLE, REQUEST_ROLE


def with_password(role_url: str, admin_url: str) -> str:
    """A login role's URL with the test server's admin password (a server that wants one: TEST_DATABASE_URL)."""
    password = conninfo_to_dict(admin_url).get("password")
    return f"{role_url}&{urlencode({'password': password})}" if password else role_url


def with_database(url: str, dbname: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{dbname}", parts.query, parts.fragment))


@dataclass
class PgCluster:
    admin_url: str
    tcp_url: str | None = None  # the server as TCP clients (edge functions' Postgres drivers) reach it

    def url_for(self, dbname: str) -> str:
        return with_database(self.admin_url, dbname)

    def create_database(self, prefix: str, template: str | None = None) -> str:
        name = f"{prefix}_{uuid.uuid4().hex[:8]}".lower()
        statement = sql.SQL("create database {}").format(sql.Identifier(name))
        if template:
            statement += sql.SQL(" template {}").format(sql.Identifier(template))
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(statement)
            # As the embedded server's own database: the project's owner role owns it (a template's rights on the
            # database itself are not copied).
            if conn.execute("select 1 from pg_roles where rolname = 'postgres' and not rolsuper").fetchone():
                conn.execute(sql.SQL("alter database {} owner to postgres").format(sql.Identifier(name)))
        return name

    def give_login_roles_the_admin_password(self) -> None:
        """The embedded server trusts local connections; a server that asks for passwords gets the admin's."""
        password = conninfo_to_dict(self.admin_url).get("password")
        if not password:
            return
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            for role in (REQUEST_ROLE, AUTH_ROLE):
                conn.execute(sql.SQL("alter role {} password {}").format(sql.Identifier(role), sql.Literal(password)))

    def drop_database(self, name: str) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(name)))
