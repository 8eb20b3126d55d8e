"""Publications in `gateway db diff`, which migra leaves out: a table added to `supabase_realtime` by hand (how
realtime is switched on for a table) or a publication of one's own becomes the statements that build it."""

from __future__ import annotations

from dataclasses import dataclass

import psycopg
from psycopg import sql

PUBLICATIONS = "select pubname, puballtables, pubinsert, pubupdate, pubdelete, pubtruncate from pg_publication"
MEMBERS = """
select p.pubname, n.nspname, c.relname
from pg_publication_rel r
join pg_publication p on p.oid = r.prpubid
join pg_class c on c.oid = r.prrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname <> all(%s)
"""
ACTIONS = ("insert", "update", "delete", "truncate")


@dataclass(frozen=True)
class Publications:
    options: dict[str, tuple[bool, tuple[str, ...]]]  # name -> (for all tables, what it publishes)
    members: set[tuple[str, str, str]]  # (publication, schema, table)


def read(url: str, excluded_schemas: tuple[str, ...]) -> Publications:
    with psycopg.connect(url, autocommit=True) as conn:
        options = {name: (all_tables, tuple(a for a, on in zip(ACTIONS, flags, strict=True) if on))
                   for name, all_tables, *flags in conn.execute(PUBLICATIONS).fetchall()}
        members = {(name, schema, table)
                   for name, schema, table in conn.execute(MEMBERS, (list(excluded_schemas),)).fetchall()}
    return Publications(options, members)


def publication_diff(built: Publications, wanted: Publications) -> list[sql.Composable]:
    """The statements that take the publications of `built` (the migrations') to those of `wanted` (the database's)."""
    statements: list[sql.Composable] = []
    for name in sorted(built.options.keys() - wanted.options.keys()):
        statements.append(sql.SQL("drop publication {};").format(sql.Identifier(name)))
    # Created, or made again because `for all tables` changed (no ALTER sets it): they take all their tables anew.
    rebuilt = {name for name, (all_tables, _) in wanted.options.items()
               if name not in built.options or built.options[name][0] != all_tables}
    for name in sorted(wanted.options):
        all_tables, actions = wanted.options[name]
        if name in rebuilt:
            if name in built.options:
                statements.append(sql.SQL("drop publication {};").format(sql.Identifier(name)))
            statements.append(sql.SQL("create publication {}{}{};").format(
                sql.Identifier(name), sql.SQL(" for all tables" if all_tables else ""), _publish(actions)))
        elif built.options[name][1] != actions:
            statements.append(sql.SQL("alter publication {} set (publish = {});").format(
                sql.Identifier(name), sql.Literal(", ".join(actions))))
    for publication, schema, table in sorted(built.members - wanted.members):
        if publication in wanted.options and publication not in rebuilt:
            statements.append(sql.SQL("alter publication {} drop table {}.{};").format(
                sql.Identifier(publication), sql.Identifier(schema), sql.Identifier(table)))
    for publication, schema, table in sorted(wanted.members):
        if publication in rebuilt or (publication, schema, table) not in built.members:
            statements.append(sql.SQL("alter publication {} add table {}.{};").format(
                sql.Identifier(publication), sql.Identifier(schema), sql.Identifier(table)))
    return statements


def _publish(actions: tuple[str, ...]) -> sql.Composable:
    if actions == ACTIONS:
        return sql.SQL("")
    return sql.SQL(" with (publish = {})").format(sql.Literal(", ".join(actions)))
