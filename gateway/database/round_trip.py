"""Statements queued behind one pipeline sync, sent through libpq directly (psycopg.pq): the REST hot path.

Why not psycopg's own pipeline: for the two statements of a request (PostgREST's set_config, then the statement)
psycopg's pipeline machinery spends about three times the CPU of the libpq calls it makes (each execute flushes
and polls; docs/performance-profile.md). This module keeps what matters from psycopg — its adaptation of values
(`Transformer`: the same parameter types and result values as a cursor), its errors, its connections and pool —
and does the queueing itself: every statement with its parameters, one sync, then the results read in order.

PostgreSQL runs everything up to a sync as one implicit transaction, committed at the sync and rolled back if a
statement fails. Statements are prepared from their second use on a connection, at most PREPARED_MAX per
connection, the least recently used closed in the next round trip, as psycopg does.
"""

from __future__ import annotations

import asyncio
import re
import weakref
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import abc, adapt, pq
from psycopg.adapt import PyFormat

PREPARED_MAX = 100
_UNKNOWN_STATEMENT = "26000"  # invalid_sql_statement_name
_PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?([s%])")


@dataclass(frozen=True)
class Query:
    """A statement in libpq's terms: `$n` placeholders and the order its parameters are taken in (names, or
    positions for `%s`)."""

    text: bytes
    order: tuple[str | int, ...]

    @classmethod
    def of(cls, query: str) -> Query:
        """From psycopg's placeholders: `%(name)s` or `%s` (not both), `%%` for a literal %."""
        order: list[str | int] = []
        numbers: dict[str, int] = {}

        def number(match: re.Match[str]) -> str:
            name, kind = match.groups()
            if kind == "%":
                return "%"
            if name is None:
                order.append(len(order))
                return f"${len(order)}"
            if name not in numbers:
                order.append(name)
                numbers[name] = len(order)
            return f"${numbers[name]}"

        text = _PLACEHOLDER.sub(number, query)
        if any(isinstance(key, int) for key in order) and any(isinstance(key, str) for key in order):
            raise ValueError("a query takes named or positional parameters, not both")
        return cls(text.encode(), tuple(order))

    def values(self, params: Mapping[str, Any] | Sequence[Any]) -> list[Any]:
        return [params[key] for key in self.order]  # type: ignore[index]


BEGIN, COMMIT, ROLLBACK = Query.of("BEGIN"), Query.of("COMMIT"), Query.of("ROLLBACK")


@dataclass
class _Session:
    """What this module knows of one connection: its adaptation context and its prepared statements."""

    transformer: abc.Transformer
    prepared: OrderedDict[tuple[bytes, tuple[int, ...]], bytes | int] = field(default_factory=OrderedDict)
    to_close: list[bytes] = field(default_factory=list)
    next_name: int = 0

    def statement_name(self, key: tuple[bytes, tuple[int, ...]]) -> tuple[bytes, bool]:
        """(name, whether to prepare it now); b"" for an unnamed statement (the first use)."""
        seen = self.prepared.get(key)
        if isinstance(seen, bytes):
            self.prepared.move_to_end(key)
            return seen, False
        if seen is None:
            self.prepared[key] = 1
            self._rotate()
            return b"", False
        self.next_name += 1
        name = f"_gw_{self.next_name}".encode()
        self.prepared[key] = name
        self.prepared.move_to_end(key)
        return name, True

    def forget(self, key: tuple[bytes, tuple[int, ...]]) -> None:
        self.prepared.pop(key, None)

    def forget_all(self) -> None:
        """The server has none of this session's statements any more (another user of the connection ran
        DEALLOCATE ALL: psycopg does after a rollback when it has prepared statements of its own)."""
        self.prepared.clear()
        self.to_close.clear()

    def _rotate(self) -> None:
        while len(self.prepared) > PREPARED_MAX:
            evicted = self.prepared.popitem(last=False)[1]
            if isinstance(evicted, bytes):
                self.to_close.append(evicted)


_sessions: weakref.WeakKeyDictionary[psycopg.AsyncConnection[Any], _Session] = weakref.WeakKeyDictionary()


def _session(conn: psycopg.AsyncConnection[Any]) -> _Session:
    session = _sessions.get(conn)
    if session is None:
        session = _sessions[conn] = _Session(adapt.Transformer.from_context(conn))
    return session


async def first_rows(conn: psycopg.AsyncConnection[Any],
                     statements: Sequence[tuple[Query, Mapping[str, Any] | Sequence[Any]]]) -> list[tuple[Any, ...]]:
    """Runs the statements in one round trip (one implicit transaction) and answers each one's first row.

    A statement's error is raised as psycopg raises it, after the transaction was rolled back. If the round trip is
    interrupted (cancelled, connection lost), the connection is closed so the pool replaces it.
    """
    transformer, results = await _round_trip(conn, statements)
    rows: list[tuple[Any, ...]] = []
    for result in results:
        transformer.set_pgresult(result)
        rows.append(transformer.load_row(0, tuple) if result.ntuples else ())
    return rows


async def all_rows(conn: psycopg.AsyncConnection[Any],
                   statements: Sequence[tuple[Query, Mapping[str, Any] | Sequence[Any]]],
                   ) -> list[list[tuple[Any, ...]]]:
    """As first_rows, answering every row of each statement."""
    transformer, results = await _round_trip(conn, statements)
    rows: list[list[tuple[Any, ...]]] = []
    for result in results:
        transformer.set_pgresult(result)
        rows.append(transformer.load_rows(0, result.ntuples, tuple))
    return rows


class _StatementsLost(Exception):
    """A statement sent by the name it was prepared under was unknown to the server."""

    def __init__(self, error: psycopg.Error) -> None:
        super().__init__(str(error))
        self.error = error


async def _round_trip(conn: psycopg.AsyncConnection[Any],
                      statements: Sequence[tuple[Query, Mapping[str, Any] | Sequence[Any]]],
                      ) -> tuple[abc.Transformer, list[pq.abc.PGresult]]:
    """The statements sent behind one sync: each one's result (checked), and the transformer to read them with.

    If the server has lost this session's prepared statements, a round trip that holds its whole transaction
    (it failed as a whole, nothing of it stays) is sent again once, its statements unnamed; one inside a
    transaction begun before raises the error, as that transaction cannot be replayed.
    """
    owns_its_transaction = conn.pgconn.transaction_status == pq.TransactionStatus.IDLE
    try:
        return await _send_and_read(conn, statements)
    except _StatementsLost as lost:
        _session(conn).forget_all()
        if not owns_its_transaction:
            raise lost.error from None
        if conn.pgconn.transaction_status == pq.TransactionStatus.INERROR:  # its own BEGIN, aborted
            await _send_and_read(conn, [(ROLLBACK, ())])
        return await _send_and_read(conn, statements)


async def _send_and_read(conn: psycopg.AsyncConnection[Any],
                         statements: Sequence[tuple[Query, Mapping[str, Any] | Sequence[Any]]],
                         ) -> tuple[abc.Transformer, list[pq.abc.PGresult]]:
    session = _session(conn)
    pgconn = conn.pgconn
    sent: list[tuple[tuple[bytes, tuple[int, ...]], bool, bool]] = []
    try:
        pgconn.enter_pipeline_mode()
        closing = len(session.to_close)
        for name in session.to_close:
            pgconn.send_close_prepared(name)
        session.to_close.clear()
        for query, params in statements:
            sent.append(_send(pgconn, session, query, params))
        pgconn.pipeline_sync()
        await _flush(pgconn)
        results = await _read_until_sync(pgconn)
        pgconn.exit_pipeline_mode()
    except BaseException:
        await conn.close()
        raise
    return session.transformer, _checked(conn, session, sent, results[closing:])


def _send(pgconn: pq.abc.PGconn, session: _Session, query: Query, params: Mapping[str, Any] | Sequence[Any],
          ) -> tuple[tuple[bytes, tuple[int, ...]], bool, bool]:
    """Queues the statement: its key, whether it is prepared now, whether it is sent by a name prepared before."""
    transformer = session.transformer
    values = query.values(params)
    dumped = transformer.dump_sequence(values, [PyFormat.AUTO] * len(values))
    types, formats = tuple(transformer.types or ()), transformer.formats
    key = (query.text, types)
    name, prepare = session.statement_name(key)
    if not name:
        pgconn.send_query_params(query.text, dumped, param_types=types, param_formats=formats)
        return key, False, False
    if prepare:
        pgconn.send_prepare(name, query.text, param_types=types)
    pgconn.send_query_prepared(name, dumped, param_formats=formats)
    return key, prepare, not prepare


def _checked(conn: psycopg.AsyncConnection[Any], session: _Session,
             sent: list[tuple[tuple[bytes, tuple[int, ...]], bool, bool]],
             results: list[pq.abc.PGresult]) -> list[pq.abc.PGresult]:
    """Each statement's result, its preparation's skipped; the first error raised."""
    answers: list[pq.abc.PGresult] = []
    index = 0
    for position, (key, prepared_now, by_old_name) in enumerate(sent):
        failed = None
        if prepared_now:
            if results[index].status == pq.ExecStatus.FATAL_ERROR:
                failed = results[index]
            index += 1
        result = results[index]
        index += 1
        if failed is None and result.status == pq.ExecStatus.FATAL_ERROR:
            failed = result
        if failed is not None:
            error = psycopg.errors.error_from_result(failed, encoding=conn.info.encoding)
            if by_old_name and error.sqlstate == _UNKNOWN_STATEMENT:
                raise _StatementsLost(error)
            session.forget(key)
            # The statements after a failure were skipped, their preparation too.
            for later, prepared_later, _ in sent[position + 1:]:
                if prepared_later:
                    session.forget(later)
            raise error
        answers.append(result)
    return answers


async def _flush(pgconn: pq.abc.PGconn) -> None:
    while pgconn.flush():
        await _ready(pgconn.socket, write=True)


async def _read_until_sync(pgconn: pq.abc.PGconn) -> list[pq.abc.PGresult]:
    """Every result up to the sync's, in order (in pipeline mode libpq ends each statement's results with None)."""
    results: list[pq.abc.PGresult] = []
    while True:
        while pgconn.is_busy():
            await _ready(pgconn.socket)
            pgconn.consume_input()
        result = pgconn.get_result()
        if result is None:
            if pgconn.status != pq.ConnStatus.OK:
                raise psycopg.OperationalError("the connection to the database was lost")
            continue
        if result.status == pq.ExecStatus.PIPELINE_SYNC:
            return results
        if result.status == pq.ExecStatus.FATAL_ERROR and pgconn.status != pq.ConnStatus.OK:
            raise psycopg.errors.error_from_result(result)
        results.append(result)


async def _ready(fd: int, write: bool = False) -> None:
    """Until the socket can be read (or written). The watch ends before this returns or raises, so a connection
    closed right after (a cancelled round trip) leaves no watch on a descriptor the system may give to another
    socket."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()
    if write:
        loop.add_writer(fd, _settle, ready)
        try:
            await ready
        finally:
            loop.remove_writer(fd)
    else:
        loop.add_reader(fd, _settle, ready)
        try:
            await ready
        finally:
            loop.remove_reader(fd)


def _settle(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)
