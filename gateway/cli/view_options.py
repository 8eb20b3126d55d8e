"""View options in `gateway db diff`, which migra leaves out: a view made `with (security_invoker = true)` (so that
row level security applies to whoever reads it), `security_barrier` or `check_option` keeps them in the migration."""

from __future__ import annotations

import re

import psycopg
from psycopg import sql

VIEWS = """
select n.nspname, c.relname, coalesce(c.reloptions, '{}')
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'v' and n.nspname <> all(%s)
"""
# migra's statement for a view it creates, or makes again when its definition changed (which resets its options).
_CREATED = re.compile(r'^create or replace view ("(?:[^"]|"")+"\."(?:[^"]|"")+") as ')

Options = dict[str, str]  # option -> value


def read(url: str, excluded_schemas: tuple[str, ...]) -> dict[str, Options]:
    """Each view's options, by its qualified name as migra writes it."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(VIEWS, (list(excluded_schemas),)).fetchall()
        return {sql.Identifier(schema, name).as_string(conn): dict(option.split("=", 1) for option in options)
                for schema, name, options in rows}


def with_view_options(statements: list[str], built: dict[str, Options], wanted: dict[str, Options]) -> list[str]:
    """migra's `statements` with the options of the views they create, and the statements that set or reset the
    options of the views they leave as they are."""
    kept: list[str] = []
    created = set()
    for statement in statements:
        match = _CREATED.match(statement)
        if match and wanted.get(match[1]):
            created.add(match[1])
            statement = f"create or replace view {match[1]} with ({_list(wanted[match[1]])}) as {statement[match.end():]}"
        elif match:
            created.add(match[1])
        kept.append(statement)
    for view in sorted(wanted.keys() & built.keys() - created):
        now, before = wanted[view], built[view]
        if gone := sorted(before.keys() - now.keys()):
            kept.append(f"alter view {view} reset ({', '.join(gone)});")
        if changed := {option: value for option, value in now.items() if before.get(option) != value}:
            kept.append(f"alter view {view} set ({_list(changed)});")
    return kept


def _list(options: Options) -> str:
    return ", ".join(f"{option}={value}" for option, value in options.items())
