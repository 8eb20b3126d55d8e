"""`gateway migration squash [--version V]`: the local migrations up to V become one file, as the Supabase CLI's.

The files are applied to a scratch database on the project's server (the CLI's shadow database), whose schema,
dumped, replaces the last of them; the others are removed. A database that had applied them all is baselined as
the CLI baselines a remote one: its history keeps only the squashed version, with the new file's statements.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import sys
import tempfile
from pathlib import Path

import psycopg

from gateway.cli.db_commands import dump_database, shadow_database
from gateway.cli.migration_history import local_migrations, remote_versions
from gateway.config_values import ConfigError
from gateway.database import migrate
from gateway.project.folder import Project

# Lines of pg_dump 18 that a migration cannot hold: its psql meta-commands (a migration is run as SQL, not by psql)
# and a setting PostgreSQL 15 and 16 do not know, where the squashed file may be applied too.
_NOT_FOR_A_MIGRATION = re.compile(r"^(?:\\(?:un)?restrict \S+|SET transaction_timeout = 0;)\n", re.M)


def squash(url: str, project: Project, version: str | None) -> Path | None:
    """Returns the squashed file, or None when there was nothing to squash."""
    if version is not None and not version.isdigit():
        raise ConfigError("invalid version number")
    local = local_migrations(project)
    if version is not None and version not in local:
        raise ConfigError(f"glob {project.migrations_dir / (version + '_*.sql')}: file does not exist")
    chosen = [path for number, path in local.items() if version is None or int(number) <= int(version)]
    if not chosen:
        raise ConfigError("version not found")
    target = chosen[-1]
    if len(chosen) == 1:
        print(f"{target.name} is already the earliest migration.", file=sys.stderr)
        return None
    schema = _schema_after(url, project, chosen)
    target.write_text(schema)
    for path in chosen[:-1]:
        path.unlink()
    print(f"Squashed local migrations to {target.name}", file=sys.stderr)
    _baseline(url, [path.name.split("_", 1)[0] for path in chosen], target)
    return target


def _schema_after(url: str, project: Project, files: list[Path]) -> str:
    """The project's schema once `files` are applied to a fresh database with the platform."""
    with tempfile.TemporaryDirectory(prefix="gateway-squash-") as folder:
        for path in files:
            shutil.copy(path, folder)
        scratch = dataclasses.replace(project, migrations_dir=Path(folder), policies_dir=None)
        with shadow_database(url, scratch) as shadow_url:
            return _NOT_FOR_A_MIGRATION.sub("", dump_database(shadow_url))


def _baseline(url: str, versions: list[str], target: Path) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        if not set(versions) <= set(remote_versions(conn)):
            print("Run gateway migration repair --status applied to update the migration history.")
            return
        print(f"Baselining migration history to {versions[-1]}", file=sys.stderr)
        with conn.transaction():
            for version in versions:
                migrate.forget(conn, version)
            migrate.record(conn, migrate.MigrationFile(f"migrations/{target.name}", "versioned", target))
