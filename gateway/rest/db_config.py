"""PostgREST's in-database configuration: `alter role authenticator set pgrst.<setting> = '<value>'` (for all
databases, or for this one, which wins) overrides the environment's setting, as PostgREST reads it at start. The
settings the gateway has a counterpart for are read; the others are named, once, as not applied."""

from __future__ import annotations

import dataclasses
from typing import Any

import psycopg

from gateway.config_values import ConfigError
from gateway.database.roles import REQUEST_ROLE
from gateway.settings import Settings, comma_list, truthy

ROLE_SETTINGS_SQL = """
select split_part(setting, '=', 1) as key, substr(setting, strpos(setting, '=') + 1) as value
from pg_db_role_setting s, unnest(s.setconfig) as setting
where s.setrole = (select oid from pg_roles where rolname = %s)
  and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and setting like 'pgrst.%%'
order by s.setdatabase  -- this database's value after the one for all databases, so it wins
"""
# Always so in the gateway: aggregates are allowed and `Prefer: tx=rollback` is honoured.
ALWAYS_ON = {"db_aggregates_enabled", "db_tx_end"}


def _whole_number(value: str) -> int | None:
    if not value.strip().isdigit():
        raise ConfigError(f"pgrst.db_max_rows must be a whole number, got {value!r}")
    return int(value) or None


# pgrst.<key> -> (the Settings field, its parser)
SUPPORTED: dict[str, tuple[str, Any]] = {
    "db_plan_enabled": ("db_plan_enabled", truthy),
    "db_max_rows": ("max_rows", _whole_number),
    "db_schemas": ("db_schemas", comma_list),
    "db_extra_search_path": ("db_extra_search_path", comma_list),
}


def read(url: str) -> dict[str, str]:
    """The role's `pgrst.*` settings, without the prefix."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(ROLE_SETTINGS_SQL, (REQUEST_ROLE,)).fetchall()
    return {key.removeprefix("pgrst."): value for key, value in rows}


def apply(settings: Settings, found: dict[str, str]) -> tuple[Settings, list[str]]:
    """Settings with the database's values, and one line per setting for the start output."""
    changes: dict[str, Any] = {}
    lines = []
    for key, value in sorted(found.items()):
        if key in SUPPORTED:
            field, parse = SUPPORTED[key]
            changes[field] = parse(value)
            lines.append(f"pgrst.{key} = {value!r} (from the database's role {REQUEST_ROLE})")
        elif key not in ALWAYS_ON:
            lines.append(f"pgrst.{key} is set on the role {REQUEST_ROLE} but the gateway does not read it (ignored)")
    return dataclasses.replace(settings, **changes), lines
