"""Who a channel acts as (its token's role and claims) and which of those may see a change, decided by RLS."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import jwt
import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from gateway.claims import RoleNotAllowed, verify_api_token
from gateway.db import request_tx
from gateway.db_health import connection_lost
from gateway.keys import LEEWAY_SECONDS, ExpiredToken, InvalidToken, JwtKeys
from gateway.realtime.changes import Change, TableInfo
from gateway.realtime.filters import RowFilter

log = logging.getLogger("gateway.realtime")
Row = dict[str, Any]


class AuthError(Exception):
    """A token Realtime refuses; the message is what the client is shown."""


@dataclass(frozen=True)
class Identity:
    role: str
    claims: dict[str, Any]
    token: str
    expires_at: int | None

    @cached_property
    def claims_key(self) -> str:
        """Subscribers with the same key see exactly the same rows, so one RLS check serves them all."""
        return json.dumps([self.role, self.claims], sort_keys=True, default=str)

    def expired(self, now: float | None = None) -> bool:
        """Past `exp` by more than the leeway `JwtKeys.verify` grants, so the two agree."""
        return self.expires_at is not None and (now or time.time()) >= self.expires_at + LEEWAY_SECONDS


def identify(keys: JwtKeys, token: str | None) -> Identity:
    if not token:
        raise AuthError("No access token was given")
    try:
        claims = verify_api_token(keys, token)
    except RoleNotAllowed:
        raise AuthError("Fields `role` and `exp` are required in JWT") from None
    except ExpiredToken:
        raise AuthError(f"Token has expired {_expired_for(token)} seconds ago") from None
    except InvalidToken:
        raise AuthError("Failed to validate JWT signature") from None
    exp = claims.get("exp")
    return Identity(role=claims["role"], claims=claims, token=token, expires_at=exp if isinstance(exp, int) else None)


def _expired_for(token: str) -> int:
    try:
        exp = jwt.decode(token, options={"verify_signature": False}).get("exp")
    except jwt.PyJWTError:
        return 0
    return max(0, int(time.time()) - int(exp)) if isinstance(exp, (int, float)) else 0


@dataclass(frozen=True)
class Visible:
    """A change as one claims set may see it: the row image to send, and which of the filters asked it passes."""
    image: Row
    passed: frozenset[RowFilter]


# What to check for one change: the change, its table, and by claims key an identity with the filters asked.
Check = tuple[Change, TableInfo, dict[str, tuple[Identity, set[RowFilter]]]]


class Authoriser:
    """One query per distinct claims set and table for a batch of changes (so at most one per change and claims
    set), the claims sets checked concurrently. The subscriptions' filters are evaluated in the same statement."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    async def visible(self, checks: list[Check]) -> list[dict[str, Visible]]:
        """For each check: what each allowed claims key may be sent.

        A new row is the one re-selected under those claims, never the captured image: within one transaction a
        row may have held another company's data before it moved to where the subscriber can see it. When the
        two are equal the captured object itself is returned, so subscribers can share one encoded frame."""
        wanted: dict[str, tuple[Identity, dict[int, set[RowFilter]]]] = {}
        for index, (_, _, asks) in enumerate(checks):
            for key, (identity, filters) in asks.items():
                wanted.setdefault(key, (identity, {}))[1][index] = filters
        results = await asyncio.gather(*(
            self._check(identity, [(*checks[i][:2], filters) for i, filters in asked.items()])
            for identity, asked in wanted.values()))
        allowed: list[dict[str, Visible]] = [{} for _ in checks]
        for key, (_, asked), seen in zip(wanted, wanted.values(), results):
            for index, visible in zip(asked, seen):
                if visible is not None:
                    allowed[index][key] = visible
        return allowed

    async def _check(self, identity: Identity,
                     changes: list[tuple[Change, TableInfo, set[RowFilter]]]) -> list[Visible | None]:
        seen: list[Visible | None] = [None] * len(changes)
        groups: dict[tuple[str, bool], list[int]] = {}
        for index, (change, info, _) in enumerate(changes):
            by_key = change.type != "DELETE" and bool(info.key_columns)
            groups.setdefault((change.qualified_table, by_key), []).append(index)
        try:
            async with request_tx(self.pool, role=identity.role, claims=identity.claims, method="GET",
                                  path="/realtime/v1") as conn:
                for (table, by_key), indexes in groups.items():
                    info = changes[indexes[0]][1]
                    # Sorted, so that a batch asking the same filters runs the same (prepared) statement.
                    filters = sorted(set().union(*(changes[i][2] for i in indexes)), key=lambda f: f.text)
                    images = [changes[i][0].image for i in indexes]
                    if by_key:
                        query = _reselect_query(table, info.key_columns, filters)
                        params: tuple[Any, ...] = (json.dumps(images),)
                    else:
                        query = _image_query(table, filters)
                        params = (json.dumps(images), table, list(info.key_columns))
                    for position, row, passed in await (await conn.execute(query, params)).fetchall():
                        index = indexes[position - 1]
                        captured = changes[index][0].image
                        seen[index] = Visible(captured if row is None else row,
                                              frozenset(f for f, ok in zip(filters, passed) if ok))
        except psycopg.errors.InsufficientPrivilege:
            return [None] * len(changes)
        except Exception as exc:
            if connection_lost(exc):
                raise  # the listener holds the batch until the database is back
            # Failing closed: a subscriber whose check errors gets nothing rather than a row it may not see.
            log.exception("realtime.authorise_failed role=%s changes=%d", identity.role, len(changes))
            return [None] * len(changes)
        return seen


def _passed(filters: list[RowFilter], *rows: str) -> sql.Composable:
    """Which filters the row passes, in order; an UPDATE's or INSERT's row must pass both as captured and as
    re-selected."""
    return sql.SQL("array[{}]::boolean[]").format(sql.SQL(", ").join(
        sql.SQL(" and ").join(f.sql(row) for row in rows) for f in filters))


def _reselect_query(qualified_table: str, key_columns: tuple[str, ...], filters: list[RowFilter]) -> sql.Composed:
    """Which of the new rows (by position) this role and claims can SELECT, and each as it reads it, re-selected
    by primary key: RLS itself decides, in one planned statement for all of them."""
    table = sql.SQL(qualified_table)
    keys = sql.SQL(" and ").join(sql.SQL("t.{col} = k.{col}").format(col=sql.Identifier(col)) for col in key_columns)
    # The row comes back only when it differs from the captured image (null: send the captured one, as read).
    return sql.SQL("select x.n, nullif(to_jsonb(t), x.c), {passed} from jsonb_array_elements(%s::jsonb)"
                   " with ordinality as x(c, n) cross join lateral jsonb_populate_record(null::{table}, x.c) as k"
                   " join {table} as t on {keys}").format(passed=_passed(filters, "k", "t"), table=table, keys=keys)


def _image_query(qualified_table: str, filters: list[RowFilter]) -> sql.Composed:
    """A deleted row (or one of a table without a primary key) cannot be re-selected: realtime.row_visible
    evaluates the table's SELECT policies on its image, which is what is sent."""
    return sql.SQL("select x.n, null::jsonb, {passed} from jsonb_array_elements(%s::jsonb) with ordinality as x(c, n)"
                   " cross join lateral jsonb_populate_record(null::{table}, x.c) as k"
                   " where realtime.row_visible(%s::regclass, x.c, %s::text[], false)").format(
        passed=_passed(filters, "k"), table=sql.SQL(qualified_table))
