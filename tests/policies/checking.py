"""Run one matrix case through a transport and compare the outcome with the case's expectation."""

from __future__ import annotations

from typing import Protocol

import psycopg
from psycopg import sql

from tests.policies.cases import ALL, Case, Op, Outcome, fill, resolve
from tests.policies.report import RECORDED, Row
from tests.policies.runners import build_statement
from tests.policies.world import World


class Transport(Protocol):
    def run(self, op: Op, headers: dict[str, str]) -> Outcome: ...


def check_case(case: Case, world: World, db: psycopg.Connection, transport: Transport, name: str) -> None:
    ids = dict(world.ids)
    for key, statement in case.arrange.items():
        ids[key] = db.execute(statement).fetchone()[0]
    op = resolve(case.op, ids)
    outcome = transport.run(op, world.headers(case.actor, op.headers))
    try:
        _compare(case, op, outcome, ids, db)
    except AssertionError:
        RECORDED.append(Row(name, case, outcome, passed=False))
        raise
    RECORDED.append(Row(name, case, outcome, passed=True))


def _compare(case: Case, op: Op, outcome: Outcome, ids: dict, db: psycopg.Connection) -> None:
    expect = case.expect
    if expect.error:
        assert outcome.error == expect.error, f"expected {expect.error}, got {outcome}"
        if expect.message:
            assert expect.message.lower() in (outcome.message or "").lower(), outcome.message
        if expect.message_lacks:
            assert expect.message_lacks.lower() not in (outcome.message or "").lower(), outcome.message
        if expect.error == "42501" and outcome.http_status is not None:
            assert outcome.http_status == (401 if case.actor == "anon" else 403), outcome
    else:
        assert outcome.error is None, f"expected success, got {outcome}"
        if expect.rows is not None:
            wanted = _superuser_count(db, op) if expect.rows == ALL else expect.rows
            assert expect.rows != ALL or wanted > 0, "an 'all rows' case needs rows to compare"
            assert outcome.rows is not None and len(outcome.rows) == wanted, f"expected {wanted} rows, got {outcome}"
        for key, value in fill(expect.values, ids).items():
            assert outcome.rows and outcome.rows[0][key] == value, f"{key}: expected {value!r}, got {outcome.rows}"
    if case.check:
        row = db.execute(case.check.sql, ids).fetchone()
        assert row == case.check.expected, f"after the request {case.check.sql!r} gave {row}"


def _superuser_count(db: psycopg.Connection, op: Op) -> int:
    statement, params = build_statement(op)
    return db.execute(sql.SQL("select count(*) from ({}) visible").format(statement), params).fetchone()[0]
