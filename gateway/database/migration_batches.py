"""A migration file cut into what is sent to PostgreSQL, as the Supabase CLI sends it.

The CLI sends a file's statements in one batch, one implicit transaction with its history row, so a file that fails
leaves nothing of itself. A statement PostgreSQL refuses inside a transaction block (`create index concurrently`,
`drop index concurrently`, `reindex ... concurrently`, `vacuum`, `cluster`, `alter system`: the CLI's list) ends the
batch before it, which commits, and is sent alone; the rest of the file follows in a new batch, the history row with
the last one. Such a file that fails after one of these keeps what ran before, as with the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass

import pglast
from pglast import ast


@dataclass(frozen=True)
class Batch:
    text: str  # sent as one simple-protocol message: a slice of the file, so positions map back to its lines
    start: int  # where the slice begins in the file
    alone: bool  # a statement that cannot run in a transaction block


def batches(sql: str) -> list[Batch]:
    """The file as one batch, unless it holds statements that must run alone; whitespace-only parts are dropped."""
    cuts = [piece for piece in _statements(sql) if _runs_alone(sql[piece])]
    if not cuts:
        return [Batch(sql, 0, alone=False)]
    found: list[Batch] = []
    start = 0
    for piece in cuts:
        found.append(Batch(sql[start:piece.start], start, alone=False))
        found.append(Batch(sql[piece], piece.start, alone=True))
        start = piece.stop
    found.append(Batch(sql[start:], start, alone=False))
    return [batch for batch in found if batch.alone or _holds_sql(batch.text)]


def _statements(sql: str) -> list[slice]:
    try:
        return list(pglast.split(sql, only_slices=True))
    except pglast.parser.ParseError:
        # A statement pglast's parser does not know (newer syntax, or an error PostgreSQL will name): its scanner
        # still finds where each statement ends.
        try:
            return list(pglast.split(sql, with_parser=False, only_slices=True))
        except pglast.parser.ParseError:
            return []


def _runs_alone(statement: str) -> bool:
    try:
        parsed = pglast.parse_sql(statement)
    except pglast.parser.ParseError:
        return False
    if len(parsed) != 1:
        return False
    node = parsed[0].stmt
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
