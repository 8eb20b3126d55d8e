"""gateway.database.round_trip: statements behind one sync on libpq directly, with psycopg's adaptation and errors.

Against the real PostgreSQL: values come back as a psycopg cursor gives them, statements are prepared from their
second use and at most PREPARED_MAX stay prepared, a failure rolls the whole round trip back and leaves the
connection usable, an interrupted round trip closes the connection.
"""

from __future__ import annotations

import asyncio
import datetime
import decimal
import uuid

import psycopg
import pytest
from psycopg.types.json import Jsonb

from gateway.database import round_trip
from gateway.database.round_trip import Query


def on_connection(database_url: str, scenario):
    """Runs `scenario(conn)` on a connection of its own, closed afterwards."""
    async def run():
        conn = await psycopg.AsyncConnection.connect(database_url, autocommit=True)
        try:
            return await scenario(conn)
        finally:
            await conn.close()

    return asyncio.run(run())


def test_placeholders_become_numbered_parameters():
    named = Query.of("select %(a)s, %(b)s::int, %(a)s || '%%'")
    assert named.text == b"select $1, $2::int, $1 || '%'"
    assert named.order == ("a", "b")
    assert named.values({"b": 2, "a": "x"}) == ["x", 2]
    positional = Query.of("select set_config('x', %s, true), %s")
    assert positional.text == b"select set_config('x', $1, true), $2" and positional.order == (0, 1)
    with pytest.raises(ValueError):
        Query.of("select %s, %(a)s")


@pytest.mark.parametrize("value", [
    "text with 'quotes' and ünïcode", 7, 2**40, -3, True, None, 1.5, decimal.Decimal("12.345"),
    ["a", "b,c", None], [1, 2], Jsonb({"k": [1, "two", None]}), uuid.UUID(int=42),
    datetime.datetime(2026, 11, 24, 3, 4, 5, tzinfo=datetime.UTC), datetime.date(2026, 1, 2),
])
def test_values_travel_as_a_psycopg_cursor_sends_and_reads_them(database_url, value):
    async def both(conn):
        direct = await (await conn.execute("select %(v)s", {"v": value})).fetchone()
        rows = await round_trip.first_rows(conn, [(Query.of("select %(v)s"),
                                                   {"v": value})])
        return direct, rows

    direct, rows = on_connection(database_url, both)
    assert rows == [direct]


def test_settings_hold_for_the_round_trip_only(database_url):
    async def scenario(conn):
        rows = await round_trip.first_rows(conn, [
            (Query.of("select set_config('request.jwt.claims', %s, true)"), ['{"sub": "someone"}']),
            (Query.of("select current_setting('request.jwt.claims', true)"), ()),
        ])
        after = await (await conn.execute("select current_setting('request.jwt.claims', true)")).fetchone()
        return rows, after, conn.info.transaction_status

    rows, after, status = on_connection(database_url, scenario)
    assert rows == [('{"sub": "someone"}',), ('{"sub": "someone"}',)]
    assert after in ((None,), ("",))
    assert status == psycopg.pq.TransactionStatus.IDLE


def test_statements_are_prepared_from_their_second_use_and_kept_within_bounds(database_url, monkeypatch):
    monkeypatch.setattr(round_trip, "PREPARED_MAX", 5)

    async def scenario(conn):
        count = Query.of("select count(*) from pg_prepared_statements where name like '\\_gw\\_%%'")

        async def prepared() -> int:
            return (await (await conn.execute(count.text.decode())).fetchone())[0]

        seen = []
        same = Query.of("select %(n)s::int + 1")
        for n in range(3):
            assert await round_trip.first_rows(conn, [(same, {"n": n})]) == [(n + 1,)]
            seen.append(await prepared())
        for n in range(12):
            other = Query.of(f"select {n} + %(n)s::int")
            for _ in range(2):
                assert await round_trip.first_rows(conn, [(other, {"n": 1})]) == [(n + 1,)]
        await round_trip.first_rows(conn, [(same, {"n": 0})])
        seen.append(await prepared())
        return seen

    first, second, third, bounded = on_connection(database_url, scenario)
    assert (first, second, third) == (0, 1, 1)
    assert 1 <= bounded <= 5


def test_a_failure_rolls_the_round_trip_back_and_leaves_the_connection_usable(database_url, db):
    db.execute("create table if not exists round_trip_rows (n int primary key)")

    async def scenario(conn):
        insert = Query.of("insert into round_trip_rows values (%(n)s)")
        failing = Query.of("select 1 / %(zero)s::int")
        for _ in range(3):  # unnamed, then prepared: both fail the same way
            with pytest.raises(psycopg.errors.DivisionByZero) as failure:
                await round_trip.first_rows(conn, [(insert, {"n": 1}), (failing, {"zero": 0})])
            assert failure.value.diag.message_primary == "division by zero"
            assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        return await round_trip.first_rows(conn, [(Query.of("select %(n)s::int * 2"), {"n": 21})])

    assert on_connection(database_url, scenario) == [(42,)]
    assert db.execute("select count(*) from round_trip_rows").fetchone() == (0,)


def test_a_statement_that_stops_preparing_raises_its_error(database_url, db):
    db.execute("create table if not exists round_trip_gone (n int)")

    async def scenario(conn):
        read = Query.of("select count(*) from round_trip_gone where n > %(n)s::int")
        assert await round_trip.first_rows(conn, [(read, {"n": 0})]) == [(0,)]
        db.execute("drop table round_trip_gone")
        with pytest.raises(psycopg.errors.UndefinedTable):
            await round_trip.first_rows(conn, [(read, {"n": 0})])  # the second use prepares it
        db.execute("create table round_trip_gone (n int)")
        db.execute("insert into round_trip_gone values (5)")
        return await round_trip.first_rows(conn, [(read, {"n": 0})])

    assert on_connection(database_url, scenario) == [(1,)]


def test_an_interrupted_round_trip_closes_its_connection(database_url):
    async def scenario(conn):
        task = asyncio.create_task(round_trip.first_rows(conn, [(Query.of("select pg_sleep(%(s)s)"), {"s": 5})]))
        await asyncio.sleep(0)  # one step of the task: the round trip is sent and waits for its results
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return conn.closed

    assert on_connection(database_url, scenario) is True


def test_a_connection_lost_between_round_trips_raises_and_is_closed(database_url, db):
    async def scenario(conn):
        query = Query.of("select %(n)s::int")
        assert await round_trip.first_rows(conn, [(query, {"n": 1})]) == [(1,)]
        db.execute("select pg_terminate_backend(%s)", (conn.info.backend_pid,))
        with pytest.raises(psycopg.OperationalError):
            await asyncio.wait_for(round_trip.first_rows(conn, [(query, {"n": 2})]), timeout=10)
        return conn.closed

    assert on_connection(database_url, scenario) is True


def test_all_rows_answers_every_row_of_each_statement(database_url):
    async def scenario(conn):
        series = Query.of("select n, n::text || %(suffix)s from generate_series(1, %(count)s::int) as n")
        return await round_trip.all_rows(conn, [
            (Query.of("select set_config('request.jwt.claims', %s, true)"), ['{"sub": "x"}']),
            (series, {"suffix": "!", "count": 3}),
            (series, {"suffix": "?", "count": 0}),
            (Query.of("select current_setting('request.jwt.claims', true)"), ()),
        ])

    assert on_connection(database_url, scenario) == [
        [('{"sub": "x"}',)], [(1, "1!"), (2, "2!"), (3, "3!")], [], [('{"sub": "x"}',)]]


def test_statements_skipped_after_a_failure_are_prepared_when_next_used(database_url):
    """A statement whose preparation was queued behind a failing one was never prepared: its next use prepares it
    again rather than running a name PostgreSQL does not know."""
    async def scenario(conn):
        failing = Query.of("select 1 / %(zero)s::int")
        later = Query.of("select %(n)s::int * 3")
        assert await round_trip.all_rows(conn, [(later, {"n": 1})]) == [[(3,)]]
        with pytest.raises(psycopg.errors.DivisionByZero):
            await round_trip.all_rows(conn, [(failing, {"zero": 0}), (later, {"n": 2})])  # prepared here
        return [await round_trip.all_rows(conn, [(later, {"n": n})]) for n in (3, 4)]

    assert on_connection(database_url, scenario) == [[[(9,)]], [[(12,)]]]


async def psycopg_rolls_back(conn) -> int:
    """What psycopg does after a rollback when it has prepared a statement of its own (a connection shared with
    psycopg's cursors, as the pools' are): DEALLOCATE ALL. Answers how many statements the server still has."""
    await conn.execute("select 1", prepare=True)
    with pytest.raises(ZeroDivisionError):
        async with conn.transaction():
            raise ZeroDivisionError
    return (await (await conn.execute("select count(*) from pg_prepared_statements")).fetchone())[0]


def test_statements_the_server_deallocated_are_sent_again_unnamed(database_url, db):
    db.execute("create table if not exists round_trip_lost (n int)")

    async def scenario(conn):
        add = Query.of("insert into round_trip_lost values (%(n)s) returning n * 10")
        for n in (1, 2):  # the second use prepares it
            await round_trip.first_rows(conn, [(add, {"n": n})])
        assert await psycopg_rolls_back(conn) == 0
        implicit = await round_trip.first_rows(conn, [(add, {"n": 3})])
        for _ in range(2):  # BEGIN and COMMIT prepared
            await round_trip.first_rows(conn, [(Query.of("BEGIN"), ()), (add, {"n": 0}), (Query.of("ROLLBACK"), ())])
            await round_trip.first_rows(conn, [(Query.of("BEGIN"), ()), (Query.of("COMMIT"), ())])
        assert await psycopg_rolls_back(conn) == 0
        explicit = await round_trip.first_rows(conn, [(Query.of("BEGIN"), ()), (add, {"n": 4}),
                                                      (Query.of("COMMIT"), ())])
        return implicit, explicit, conn.info.transaction_status

    implicit, explicit, status = on_connection(database_url, scenario)
    assert implicit == [(30,)] and explicit == [(), (40,), ()] and status == psycopg.pq.TransactionStatus.IDLE
    # Each write once: the failed attempt left nothing.
    assert [n for (n,) in db.execute("select n from round_trip_lost order by n")] == [1, 2, 3, 4]


def test_inside_a_transaction_begun_before_statements_lost_raise_and_nothing_is_committed(database_url, db):
    db.execute("create table if not exists round_trip_open (n int)")

    async def scenario(conn):
        commit = Query.of("COMMIT")
        for _ in range(2):  # COMMIT prepared
            await round_trip.first_rows(conn, [(Query.of("BEGIN"), ()), (commit, ())])
        await round_trip.first_rows(conn, [(Query.of("BEGIN"), ()),
                                           (Query.of("insert into round_trip_open values (1)"), ()),
                                           (Query.of("DEALLOCATE ALL"), ())])
        with pytest.raises(psycopg.errors.InvalidSqlStatementName):
            await round_trip.first_rows(conn, [(commit, ())])
        await conn.execute("ROLLBACK")
        return await round_trip.first_rows(conn, [(Query.of("BEGIN"), ()), (commit, ())])

    assert on_connection(database_url, scenario) == [(), ()]
    assert db.execute("select count(*) from round_trip_open").fetchone() == (0,)
