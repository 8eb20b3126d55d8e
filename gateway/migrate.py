"""Apply `schema/migrations/*.sql` once each (checksums recorded) and `policies/*.sql` whenever they change.

Migrations are versioned and immutable: editing one that was applied is refused. Policy files are repeatable
(each is written to be re-run: `drop policy if exists` then `create policy`), so a changed policy file is simply
applied again, the way Flyway treats its repeatable migrations.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import psycopg

from gateway.settings import PROJECT_ROOT

MIGRATIONS_DIR = PROJECT_ROOT / "schema" / "migrations"
POLICIES_DIR = PROJECT_ROOT / "policies"
SEED_FILE = PROJECT_ROOT / "schema" / "seed.sql"

LEDGER_DDL = """
create schema if not exists gateway_meta;
create table if not exists gateway_meta.migrations (
    name text primary key,
    kind text not null check (kind in ('versioned', 'repeatable', 'seed')),
    checksum text not null,
    applied_at timestamptz not null default now()
);
"""


class MigrationError(Exception):
    """A migration cannot be applied; the message names the file."""


@dataclass(frozen=True)
class MigrationFile:
    name: str
    kind: str
    path: Path

    @property
    def sql(self) -> str:
        return self.path.read_text()

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def discover(migrations_dir: Path = MIGRATIONS_DIR, policies_dir: Path = POLICIES_DIR) -> list[MigrationFile]:
    files = [MigrationFile(f"migrations/{p.name}", "versioned", p) for p in sorted(migrations_dir.glob("*.sql"))]
    files += [MigrationFile(f"policies/{p.name}", "repeatable", p) for p in sorted(policies_dir.glob("*.sql"))]
    return files


def apply_pending(
    url: str,
    files: list[MigrationFile] | None = None,
    log: Callable[[str], None] = lambda _: None,
) -> list[str]:
    """Apply what is pending in one transaction (a failure leaves nothing half-applied); returns the names applied."""
    files = discover() if files is None else files
    applied_now: list[str] = []
    with psycopg.connect(url, autocommit=True) as conn:
        with conn.transaction():
            conn.execute("select pg_advisory_xact_lock(hashtext('gateway_meta.migrations'))")
            conn.execute(LEDGER_DDL)
            ledger = dict(conn.execute("select name, checksum from gateway_meta.migrations").fetchall())
            for file in files:
                recorded = ledger.get(file.name)
                if recorded == file.checksum:
                    continue
                if recorded is not None and file.kind == "versioned":
                    raise MigrationError(
                        f"{file.name} was changed after it was applied; add a new migration instead of editing it"
                    )
                log(f"applying {file.name}")
                try:
                    with conn.transaction():
                        conn.execute(file.sql)
                except psycopg.Error as exc:
                    raise MigrationError(f"{file.name} failed: {_first_line(exc)}") from None
                conn.execute(
                    "insert into gateway_meta.migrations (name, kind, checksum) values (%s, %s, %s)"
                    " on conflict (name) do update set checksum = excluded.checksum, applied_at = now()",
                    (file.name, file.kind, file.checksum),
                )
                applied_now.append(file.name)
        if applied_now:
            conn.execute("notify pgrst, 'reload schema'")
    return applied_now


def is_seeded(url: str) -> bool:
    with psycopg.connect(url, autocommit=True) as conn:
        return bool(
            conn.execute(
                "select exists (select 1 from gateway_meta.migrations where kind = 'seed')"
            ).fetchone()[0]
        )


def record_seed(conn: psycopg.Connection, checksum: str) -> None:
    conn.execute(
        "insert into gateway_meta.migrations (name, kind, checksum) values ('seed.sql', 'seed', %s)", (checksum,)
    )


def _first_line(exc: psycopg.Error) -> str:
    diag = exc.diag
    text = (diag.message_primary if diag and diag.message_primary else str(exc)).splitlines()[0]
    if diag and diag.statement_position:
        text += f" (at character {diag.statement_position})"
    return text
