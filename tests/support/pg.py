"""A PostgreSQL cluster for tests: the embedded one, or the server TEST_DATABASE_URL points at."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import sql


def with_database(url: str, dbname: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{dbname}", parts.query, parts.fragment))


@dataclass
class PgCluster:
    admin_url: str

    def url_for(self, dbname: str) -> str:
        return with_database(self.admin_url, dbname)

    def create_database(self, prefix: str, template: str | None = None) -> str:
        name = f"{prefix}_{uuid.uuid4().hex[:8]}".lower()
        statement = sql.SQL("create database {}").format(sql.Identifier(name))
        if template:
            statement += sql.SQL(" template {}").format(sql.Identifier(template))
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(statement)
        return name

    def drop_database(self, name: str) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(name)))
