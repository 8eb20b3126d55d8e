"""The Supabase CLI's migration history commands: `migration list`, `migration repair`, `migration up`.

The history is the CLI's own table, `supabase_migrations.schema_migrations`, so either tool reads what the other
wrote. The gateway also keeps each applied file's checksum in `gateway_meta.migrations`; repair keeps it in step.
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

import psycopg

from gateway.config_values import ConfigError
from gateway.database import migrate
from gateway.project.folder import Project


def local_migrations(project: Project) -> dict[str, Path]:
    """Version → file of `<timestamp>_name.sql` files, in order; other names are skipped with the CLI's note."""
    found: dict[str, Path] = {}
    for path in sorted(project.migrations_dir.glob("*.sql")):
        match = migrate.VERSIONED_NAME.match(path.name)
        if match is None:
            print(f'Skipping migration {path.name}... (file name must match pattern "<timestamp>_name.sql")',
                  file=sys.stderr)
            continue
        found[match.group(1)] = path
    return found


def remote_versions(conn: psycopg.Connection) -> list[str]:
    if conn.execute("select to_regclass('supabase_migrations.schema_migrations')").fetchone() == (None,):
        return []
    return [row[0] for row in conn.execute("select version from supabase_migrations.schema_migrations"
                                           " order by version")]


def history_table(local: list[str], remote: list[str]) -> str:
    """`supabase migration list`'s table: Local | Remote | Time (UTC), oldest first, one row per version."""
    rows = [(version if version in local else "", version if version in remote else "", _time_of(version))
            for version in sorted(set(local) | set(remote), key=_order)]
    header = ("Local", "Remote", "Time (UTC)")
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=False)]

    def line(cells: tuple[str, str, str]) -> str:
        return "   " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))

    rule = "  " + "|".join("-" * (width + 2) for width in widths)
    return "\n".join(["", line(header), rule, *map(line, rows), ""]) + "\n"


def _order(version: str) -> tuple[int, str]:
    return (int(version), version) if version.isdigit() else (sys.maxsize, version)


def _time_of(version: str) -> str:
    try:
        return datetime.strptime(version, "%Y%m%d%H%M%S").strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return version


def repair(conn: psycopg.Connection, project: Project, versions: list[str], status: str) -> None:
    """Mark versions as applied (recorded with the local file's statements) or reverted (forgotten), without
    running them, as `supabase migration repair --status` does."""
    for version in versions:
        if not version.isdigit():
            raise ConfigError(f"failed to parse {version}: invalid version number")
    local = local_migrations(project)
    with conn.transaction():
        conn.execute(migrate.LEDGER_DDL)
        for version in versions:
            if status == "applied":
                if version not in local:
                    pattern = project.migrations_dir / f"{version}_*.sql"
                    raise ConfigError(f"glob {pattern}: file does not exist")
                migrate.record(conn, migrate.MigrationFile(f"migrations/{local[version].name}", "versioned",
                                                           local[version]), replace=True)
            else:
                migrate.forget(conn, version)
    print(f"Repaired migration history: [{' '.join(versions)}] => {status}", file=sys.stderr)
    print("Run gateway migration list to show the updated migration history.")


def pending(conn: psycopg.Connection, project: Project, *, include_all: bool) -> list[Path]:
    """The local migrations `migration up` applies, refused as the CLI refuses them: a version applied but not in
    the folder, or a new file older than the last applied one (unless include_all)."""
    local = local_migrations(project)
    remote = remote_versions(conn)
    missing = [version for version in remote if version not in local]
    if missing:
        raise ConfigError(
            "Remote migration versions not found in local migrations directory. Make sure the migrations folder is "
            "up to date; if it is, forget them with: gateway migration repair --status reverted "
            + " ".join(missing))
    last = max(remote, key=_order, default=None)
    new = [version for version in local if version not in remote]
    earlier = [version for version in new if last is not None and _order(version) < _order(last)]
    if earlier and not include_all:
        raise ConfigError(
            "Found local migration files to be inserted before the last migration on remote database. Rerun the "
            "command with --include-all flag to apply these migrations: "
            + ", ".join(local[version].name for version in earlier))
    return [local[version] for version in new]
