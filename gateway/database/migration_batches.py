"""A migration file cut into what is sent to PostgreSQL, as the Supabase CLI sends it.

The CLI sends a file's statements in one batch, one implicit transaction with its history row, so a file that fails
leaves nothing of itself. A statement PostgreSQL refuses inside a transaction block (`create index concurrently`,
`drop index concurrently`, `reindex ... concurrently`, `vacuum`, `cluster`, `alter system`: the CLI's list) ends the
batch before it, which commits, and is sent alone; the rest of the file follows in a new batch, the history row with
the last one. Such a file that fails after one of these keeps what ran before, as with the CLI.

A statement on an extension (create, alter, drop, comment) is cut out too, to run as the platform's superuser: on
Supabase the `postgres` role that migrations run as creates the image's extensions through supautils, which does the
same; it stays inside the file's transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

import pglast
from pglast import ast
from pglast.enums import ObjectType


@dataclass(frozen=True)
class Batch:
    text: str  # sent as one simple-protocol message: a slice of the file, so positions map back to its lines
    start: int  # where the slice begins in the file
    alone: bool  # a statement that cannot run in a transaction block
    on_extension: bool = False  # a statement on an extension, for the platform's superuser to run


def batches(sql: str, *, extensions_apart: bool = False) -> list[Batch]:
    """The file as one batch, unless it holds statements that must run alone (or, with `extensions_apart`, on an
    extension); whitespace-only parts are dropped."""
    cuts = [(piece, kind) for piece in statements(sql)
            if (kind := _kind(sql[piece])) and (kind == "alone" or extensions_apart)]
    if not cuts:
        return [Batch(sql, 0, alone=False)]
    found: list[Batch] = []
    start = 0
    for piece, kind in cuts:
        found.append(Batch(sql[start:piece.start], start, alone=False))
        found.append(Batch(sql[piece], piece.start, alone=kind == "alone", on_extension=kind == "extension"))
        start = piece.stop
    found.append(Batch(sql[start:], start, alone=False))
    return [batch for batch in found if batch.alone or batch.on_extension or _holds_sql(batch.text)]


def statements(sql: str) -> list[slice]:
    """Where each statement of `sql` is; none when even the scanner cannot tell."""
    try:
        return list(pglast.split(sql, only_slices=True))
    except pglast.parser.ParseError:
        # A statement pglast's parser does not know (newer syntax, or an error PostgreSQL will name): its scanner
        # still finds where each statement ends.
        try:
            return list(pglast.split(sql, with_parser=False, only_slices=True))
        except pglast.parser.ParseError:
            return []


def _kind(statement: str) -> str | None:
    """"alone", "extension", or None for a statement that goes with the others."""
    try:
        parsed = pglast.parse_sql(statement)
    except pglast.parser.ParseError:
        return None
    if len(parsed) != 1:
        return None
    node = parsed[0].stmt
    if node is None:
        return None
    if _runs_alone(node):
        return "alone"
    if isinstance(node, ast.CreateExtensionStmt | ast.AlterExtensionStmt) or (
            isinstance(node, ast.DropStmt | ast.CommentStmt)
            and (node.removeType if isinstance(node, ast.DropStmt) else node.objtype) == ObjectType.OBJECT_EXTENSION):
        return "extension"
    return None


def _runs_alone(node: ast.Node) -> bool:
    if isinstance(node, ast.IndexStmt | ast.DropStmt):
        return bool(node.concurrent)
    if isinstance(node, ast.ReindexStmt):
        return any(param.defname == "concurrently" for param in node.params or ())
    if isinstance(node, ast.VacuumStmt):
        return bool(node.is_vacuumcmd)
    return isinstance(node, ast.ClusterStmt | ast.AlterSystemStmt)


def _holds_sql(text: str) -> bool:
    try:
        return bool(pglast.split(text, with_parser=False))
    except pglast.parser.ParseError:
        return bool(text.strip())
