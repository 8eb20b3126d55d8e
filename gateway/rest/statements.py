"""A planned operation → its one SQL statement (PostgREST's Query stage for a whole request).

Reads, calls and writes are composed by gateway.rest.query and gateway.rest.mutate; this module only chooses.
"""

from __future__ import annotations

from dataclasses import dataclass

from psycopg import sql

from gateway.rest import mutate, query
from gateway.rest.plan import Action, Call, Delete, Insert, Operation, Read, Update
from gateway.rest.query import Builder, Statement


@dataclass(frozen=True)
class Planned:
    """What the transaction and the response need: the Action and the statement to run."""

    action: Action
    statement: Statement


def compose(operation: Operation) -> Statement:
    builder = Builder()
    if isinstance(operation, Read):
        return query.read_statement(builder, operation.node, operation.media, operation.counted,
                                    exact=operation.exact, with_body=operation.with_body)
    if isinstance(operation, Call):
        return query.call_statement(builder, operation.call, operation.media, operation.counted)
    if isinstance(operation, Insert):
        return _insert(builder, operation)
    if isinstance(operation, Update):
        return _update(builder, operation)
    return _delete(builder, operation)


def _insert(builder: Builder, insert: Insert) -> Statement:
    mutation = mutate.insert_sql(builder, insert.table, insert.rows, insert.columns, insert.missing_default)
    if insert.upsert:
        mutation = sql.SQL("{} {}").format(mutation,
                                           mutate.on_conflict_sql(insert.columns, insert.conflict, insert.upsert))
    return mutate.mutation_statement(builder, insert.table, mutation, insert.returned, insert.media,
                                     location=insert.location, merges=insert.upsert == "merge-duplicates")


def _update(builder: Builder, update: Update) -> Statement:
    if not update.columns:
        # Nothing to change: PostgREST answers as if no row matched.
        return Statement.rendered(sql.SQL("SELECT NULL::bigint, 0::bigint, {}, NULL").format(
            sql.SQL("'[]'" if update.returned else "''")), {})
    mutation = mutate.update_sql(builder, update.table, update.row, update.columns, update.conditions)
    return mutate.mutation_statement(builder, update.table, mutation, update.returned, update.media,
                                     location=False)


def _delete(builder: Builder, delete: Delete) -> Statement:
    mutation = mutate.delete_sql(builder, delete.table, delete.conditions)
    return mutate.mutation_statement(builder, delete.table, mutation, delete.returned, delete.media,
                                     location=False)
