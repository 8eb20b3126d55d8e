"""Bring a database up to date: the platform's SQL first, then the project's migrations and policies.

- Platform files (`gateway/database/migrations/`) are the gateway's own: roles, `auth`, `realtime`, the mail
  outbox. The same for every project, applied once each, recorded in `gateway_meta.migrations`.
- Project migrations are versioned and immutable, recorded as the Supabase CLI records them
  (`supabase_migrations.schema_migrations`), so a database migrated by either tool is up to date for the other.
  Their checksums are kept in `gateway_meta.migrations` too: editing a migration that was applied is refused.
- Policy files (a gateway extra, `[gateway] policies` in config.toml) are repeatable: each is written to be re-run,
  so a changed file is simply applied again, the way Flyway treats its repeatable migrations.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

from gateway.database.extension_hints import line_creating, unavailable_extension, where_available
from gateway.database.migration_batches import Batch, batches, statements
from gateway.database.roles import project_role
from gateway.database.transactions import one
from gateway.project.folder import Project

PLATFORM_DIR = Path(__file__).resolve().parent / "migrations"

LEDGER_DDL = """
create schema if not exists gateway_meta;
create table if not exists gateway_meta.migrations (
    name text primary key,
    kind text not null check (kind in ('platform', 'versioned', 'repeatable', 'seed')),
    checksum text not null,
    applied_at timestamptz not null default now()
);
alter table gateway_meta.migrations drop constraint if exists migrations_kind_check;
alter table gateway_meta.migrations add constraint migrations_kind_check
    check (kind in ('platform', 'versioned', 'repeatable', 'seed'));
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
    version text primary key,
    statements text[],
    name text
);
create table if not exists supabase_migrations.seed_files (
    path text primary key,
    hash text not null
);
"""

# Before the platform was apart from the project, its files were project migrations under these names.
LEGACY_PLATFORM_NAMES = {
    "platform/0001_roles.sql": "migrations/20250101000000_roles.sql",
    "platform/0002_auth.sql": "migrations/20250101000100_auth_schema.sql",
    "platform/0003_mail_outbox.sql": "migrations/20250101000400_mail_outbox.sql",
    "platform/0004_realtime.sql": "migrations/20250104000001_realtime_capture.sql",
}
# The Supabase CLI's `<timestamp>_name.sql`.
VERSIONED_NAME = re.compile(r"^(\d+)_(.*)\.sql$")
_LINE_COMMENT = re.compile(r"--[^\n]*")
# Characters of a failing statement's first line that its one-line error quotes.
STATEMENT_SHOWN = 80


class MigrationError(Exception):
    """A migration cannot be applied; the message names the file (and the line, when PostgreSQL gives a position).

    `applied` lists what apply_pending applied before this file failed: each file commits on its own. With
    `keep_going`, `failures` lists every file that failed or was refused, this one first.
    """

    def __init__(self, message: str, *, file: MigrationFile | None = None, line: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.reason = reason or message
        self.applied: list[str] = []
        self.failures: list[MigrationError] = [self]


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

    @property
    def is_empty(self) -> bool:
        """Nothing but whitespace and `--` comments, as `gateway migration new` creates it."""
        return not _LINE_COMMENT.sub("", self.sql).strip()

    @property
    def version(self) -> tuple[str, str]:
        """Supabase's (version, name) of a `<digits>_<name>.sql` migration."""
        match = VERSIONED_NAME.match(self.path.name)
        return (match.group(1), match.group(2)) if match else (self.path.stem, self.path.stem)


def platform_files() -> list[MigrationFile]:
    return [MigrationFile(f"platform/{p.name}", "platform", p) for p in sorted(PLATFORM_DIR.glob("*.sql"))]


def project_files(project: Project) -> list[MigrationFile]:
    files = [MigrationFile(f"migrations/{p.name}", "versioned", p)
             for p in sorted(project.migrations_dir.glob("*.sql")) if VERSIONED_NAME.match(p.name)]
    if project.policies_dir is not None:
        files += [MigrationFile(f"policies/{p.name}", "repeatable", p)
                  for p in sorted(project.policies_dir.glob("*.sql"))]
    return files


def misnamed_warning(project: Project) -> str | None:
    """The migrations folder's `.sql` files that the Supabase CLI skips for their names, as the gateway does, named
    in one line; None when there are none."""
    names = [p.name for p in sorted(project.migrations_dir.glob("*.sql")) if not VERSIONED_NAME.match(p.name)]
    if not names:
        return None
    return (f"{project.shown(project.migrations_dir)} holds files whose names are not <timestamp>_name.sql, skipped as the Supabase CLI skips them: "
            + ", ".join(names))


def discover(project: Project) -> list[MigrationFile]:
    return platform_files() + project_files(project)


def apply_pending(
    url: str,
    project: Project,
    log: Callable[[str], None] = lambda _: None,
    *,
    hold_empty: bool = False,
    keep_going: bool = False,
    up_to: str | None = None,
) -> list[str]:
    """Apply what is pending, each file in its own transaction with its ledger row, as the Supabase CLI does (a file
    that fails leaves nothing of itself; a file may hold its own BEGIN/COMMIT). Returns the names applied.

    `hold_empty` leaves a new migration that holds no SQL yet for later (`serve --watch`: `migration new` creates
    it empty, and once applied it could no longer be edited). `keep_going` (`serve --watch` too) applies every
    other pending file when one fails or is an applied migration edited since, then raises the first failure.
    `up_to` leaves the project's migrations after that version for later (`db reset --version`, `migration down`).
    """
    files = [file for file in discover(project)
             if not (file.kind == "versioned" and ((hold_empty and file.is_empty)
                                                   or (up_to is not None and file.version[0] > up_to)))]
    applied_now: list[str] = []
    failures: list[MigrationError] = []
    with psycopg.connect(url, autocommit=True) as conn:
        # One migrator at a time, however many gateway processes start together.
        conn.execute("select pg_advisory_lock(hashtext('gateway_meta.migrations'))")
        try:
            with conn.transaction():
                conn.execute(LEDGER_DDL)
                _adopt_legacy_ledger(conn, files)
            pending, edited = _pending(conn, files)
            if edited and not keep_going:
                raise edited[0]
            failures += edited
            owner = project_role(conn)
            for file in pending:
                log(f"applying {file.name}")
                try:
                    with _platform_notices(conn, file, log):
                        _apply(conn, file, owner if file.kind != "platform" else None)
                except MigrationError as exc:
                    if not keep_going:
                        exc.applied = applied_now
                        raise
                    failures.append(exc)
                    continue
                applied_now.append(file.name)
            # Where no event trigger follows the publication (a migrating role that is not a superuser).
            conn.execute("do $$ begin if to_regprocedure('realtime.sync_capture()') is not null then"
                         " perform realtime.sync_capture(); end if; end $$")
        finally:
            conn.execute("select pg_advisory_unlock_all()")
        if applied_now:
            conn.execute("notify pgrst, 'reload schema'")
    if failures:
        failures[0].applied, failures[0].failures = applied_now, failures
        raise failures[0]
    return applied_now


def _pending(conn: psycopg.Connection, files: list[MigrationFile]) -> tuple[list[MigrationFile], list[MigrationError]]:
    """What to apply, and the refusals of applied migrations that were edited since."""
    ledger: dict[str, str] = dict(conn.execute("select name, checksum from gateway_meta.migrations").fetchall())
    supabase_versions = {row[0] for row in conn.execute("select version from supabase_migrations.schema_migrations")}
    pending: list[MigrationFile] = []
    edited: list[MigrationError] = []
    for file in files:
        recorded = ledger.get(file.name)
        if recorded == file.checksum:
            continue
        if file.kind == "versioned" and recorded is None and file.version[0] in supabase_versions:
            continue  # applied by the Supabase CLI, which keeps no checksum
        if recorded is not None and file.kind != "repeatable":
            advice = ("run `gateway db reset` to rebuild the database with it, or restore the file and add a new "
                      "migration")
            edited.append(MigrationError(f"{file.name} was changed after it was applied; {advice}", file=file,
                                         reason=f"changed after it was applied; {advice}"))
            continue
        pending.append(file)
    return pending, edited


@contextmanager
def _platform_notices(conn: psycopg.Connection, file: MigrationFile, log: Callable[[str], None]) -> Iterator[None]:
    """A platform file's own notices (`raise notice`: an extension the server lacks, skipped) are logged; PostgreSQL's
    (`... already exists, skipping`) and a project's are not."""
    if file.kind != "platform":
        yield
        return

    def show(notice: psycopg.errors.Diagnostic) -> None:
        if notice.sqlstate == "00000":
            log(f"notice: {notice.message_primary}")

    conn.add_notice_handler(show)
    try:
        yield
    finally:
        conn.remove_notice_handler(show)


def _apply(conn: psycopg.Connection, file: MigrationFile, role: str | None = None) -> None:
    # As on Supabase, where the migrating role's search_path names `extensions`: SQL may call uuid_generate_v4()
    # or crypt() unqualified. Set for each file, since a file may change it.
    conn.execute("set search_path = \"$user\", public, extensions")
    sent = batches(file.sql, extensions_apart=role is not None)
    if sent[-1].alone:
        sent.append(Batch("", len(file.sql), alone=False))
    # A project's files as its owner role, as the CLI applies them as `postgres`; the ledger as the gateway.
    if role:
        conn.execute(sql.SQL("set role {}").format(sql.Identifier(role)))
    try:
        if role and any(batch.on_extension for batch in sent):
            _apply_in_one_transaction(conn, file, sent, role)
            return
        # Each batch one simple-protocol message: PostgreSQL runs it as one implicit transaction, unless it brings
        # its own BEGIN/COMMIT. The ledger rows go with the last.
        for batch in sent:
            message = batch.text + ("\n;\nreset role;\n" + _ledger_rows(conn, file) if batch is sent[-1] else "")
            _send(conn, file, batch, message)
    finally:
        conn.execute("reset role")


def _apply_in_one_transaction(conn: psycopg.Connection, file: MigrationFile, sent: list[Batch], role: str) -> None:
    """The batches in an explicit transaction (ended before a statement that must run alone, begun again after it)."""
    in_transaction = False
    for batch in sent:
        if batch.alone == in_transaction:
            conn.execute("commit" if in_transaction else "begin")
            in_transaction = not in_transaction
        if batch.on_extension:
            _send_on_extension(conn, file, batch, role)
        elif batch.text:
            _send(conn, file, batch, batch.text)
    if not in_transaction:
        conn.execute("begin")
    conn.execute("reset role")
    conn.execute(_ledger_rows(conn, file))
    conn.execute("commit")


def _send_on_extension(conn: psycopg.Connection, file: MigrationFile, batch: Batch, role: str) -> None:
    """As `role` when it may (an extension marked trusted, or its own), else as the gateway's superuser, which then
    owns it: what supautils does for `postgres` on Supabase."""
    conn.execute("savepoint on_extension")
    try:
        conn.execute(batch.text)
    except psycopg.errors.InsufficientPrivilege:
        conn.execute("rollback to savepoint on_extension")
        conn.execute("reset role")
        _send(conn, file, batch, batch.text)
        conn.execute(sql.SQL("set role {}").format(sql.Identifier(role)))
    except psycopg.Error as exc:
        conn.execute("rollback")
        raise statement_failure(file.name, exc, file.sql, file=file, start=batch.start) from None


def _send(conn: psycopg.Connection, file: MigrationFile, batch: Batch, message: str) -> None:
    try:
        conn.execute(message)
    except psycopg.Error as exc:
        if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            conn.execute("rollback")
        raise statement_failure(file.name, exc, file.sql, file=file, start=batch.start) from None


def _ledger_rows(conn: psycopg.Connection, file: MigrationFile, *, replace: bool = False) -> str:
    rows = [sql.SQL(
        "insert into gateway_meta.migrations (name, kind, checksum) values ({}, {}, {})"
        " on conflict (name) do update set checksum = excluded.checksum, applied_at = now();"
    ).format(sql.Literal(file.name), sql.Literal(file.kind), sql.Literal(file.checksum))]
    if file.kind == "versioned":
        version, name = file.version
        rows.append(sql.SQL(
            "insert into supabase_migrations.schema_migrations (version, statements, name) values ({}, {}, {})"
            + (" on conflict (version) do update set statements = excluded.statements, name = excluded.name;"
               if replace else " on conflict (version) do nothing;")
        ).format(sql.Literal(version), sql.Literal([file.sql]), sql.Literal(name)))
    return "\n".join(row.as_string(conn) for row in rows)


def record(conn: psycopg.Connection, file: MigrationFile, *, replace: bool = False) -> None:
    """Records a file as applied without running it; `replace` overwrites a version's recorded statements."""
    conn.execute(_ledger_rows(conn, file, replace=replace))


def forget(conn: psycopg.Connection, version: str) -> None:
    """A migration version as never applied: the next migrate applies its file again."""
    conn.execute("delete from supabase_migrations.schema_migrations where version = %s", (version,))
    conn.execute("delete from gateway_meta.migrations where kind = 'versioned' and name like %s",
                 (f"migrations/{version}\\_%",))


def _adopt_legacy_ledger(conn: psycopg.Connection, files: list[MigrationFile]) -> None:
    """A database migrated when the platform's files were project migrations: record them under their new names,
    record the project's migrations as Supabase does, and take the realtime migration's new (project-only) text."""
    if conn.execute("select 1 from gateway_meta.migrations where kind = 'platform' limit 1").fetchone():
        return
    legacy = {row[0] for row in conn.execute("select name from gateway_meta.migrations")}
    if LEGACY_PLATFORM_NAMES["platform/0001_roles.sql"] not in legacy:
        return
    for file in files:
        if file.kind == "platform" and LEGACY_PLATFORM_NAMES.get(file.name) in legacy:
            record(conn, file)
        elif file.kind == "versioned" and file.name in legacy:
            record(conn, file)
    conn.execute("delete from gateway_meta.migrations where name = any(%s) and kind = 'versioned'"
                 " and name not in (select unnest(%s::text[]))",
                 (list(LEGACY_PLATFORM_NAMES.values()), [f.name for f in files]))


def is_seeded(url: str) -> bool:
    with psycopg.connect(url, autocommit=True) as conn:
        return bool(one(conn.execute(
            "select exists (select 1 from supabase_migrations.seed_files)"
            " or exists (select 1 from gateway_meta.migrations where kind = 'seed')"
        ).fetchone())[0])


def record_seed(conn: psycopg.Connection, path: str, checksum: str) -> None:
    conn.execute(
        "insert into supabase_migrations.seed_files (path, hash) values (%s, %s)"
        " on conflict (path) do update set hash = excluded.hash", (path, checksum),
    )


def applied_counts(applied: list[str]) -> str:
    """What apply_pending applied, in words: "3 applied (1 project, 2 platform)"."""
    platform = sum(name.startswith("platform/") for name in applied)
    return f"{len(applied)} applied ({len(applied) - platform} project, {platform} platform)"


def statement_failure(name: str, exc: psycopg.Error, sql: str, file: MigrationFile | None = None,
                      start: int = 0, statement_line: int | None = None) -> MigrationError:
    """A user's SQL file that PostgreSQL refused, as one line naming the file and the line; `start` is where in the
    file the text sent begins, `statement_line` the line to name when PostgreSQL points at no position (an error
    while running the one statement sent, such as a division by zero)."""
    reason, line = _first_line(exc), _line_of(exc, sql, start) or statement_line
    extension = unavailable_extension(reason)
    if extension:
        reason, line = f"{reason}: {where_available(extension)}", line or line_creating(extension, sql)
    where = f" at line {line}" if line else ""
    offset = _offset_of(exc, sql, start)
    statement = _statement_at(sql, _line_end(sql, line) if offset is None else offset) if line else None
    shown = f" (at statement: {statement})" if statement else ""
    return MigrationError(f"{name} failed{where}: {reason}{shown}", file=file, line=line, reason=reason)


def _offset_of(exc: psycopg.Error, sql: str, start: int) -> int | None:
    """Where in the file PostgreSQL's error position points, counted from where the text sent begins."""
    position = exc.diag.statement_position if exc.diag else None
    if not position or not position.isdigit() or start + int(position) > len(sql):
        return None
    return start + int(position) - 1


def _line_end(sql: str, line: int) -> int:
    return len("\n".join(sql.split("\n")[:line]))


def _statement_at(sql: str, offset: int) -> str | None:
    """The first line of the statement of `sql` that holds `offset`, short enough to quote in one line."""
    begun = [piece for piece in statements(sql) if piece.start <= offset]
    if not begun:
        return None
    first = sql[begun[-1]].splitlines()[0].strip()
    return first if len(first) <= STATEMENT_SHOWN else first[:STATEMENT_SHOWN - 3] + "..."


def _first_line(exc: psycopg.Error) -> str:
    diag = exc.diag
    return (diag.message_primary if diag and diag.message_primary else str(exc)).splitlines()[0]


def _line_of(exc: psycopg.Error, text: str, start: int = 0) -> int | None:
    """The file's line PostgreSQL's error position points at."""
    offset = _offset_of(exc, text, start)
    return None if offset is None else text[:offset].count("\n") + 1
