"""Who a channel acts as (its token's role and claims) and which of those may see a change, decided by RLS."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import jwt
import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from gateway.claims import RoleNotAllowed, verify_api_token
from gateway.database import round_trip
from gateway.database.health import connection_lost
from gateway.database.round_trip import Query
from gateway.database.transactions import DEFAULT_SEARCH_PATH, settings_statement
from gateway.jwt_keys import LEEWAY_SECONDS, ExpiredToken, InvalidToken, JwtKeys
from gateway.realtime.changes import Change, TableInfo
from gateway.realtime.filters import RowFilter

log = logging.getLogger("gateway.realtime")
Row = dict[str, Any]


class TokenRefused(Exception):
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

    @cached_property
    def settings(self) -> tuple[Query, tuple[str, ...]]:
        """The statement setting this role and claims for a transaction, as for a request: the same every batch."""
        return settings_statement(role=self.role, claims=self.claims, method="GET", path="/realtime/v1",
                                  headers=None, search_path=DEFAULT_SEARCH_PATH)

    def expired(self, now: float | None = None) -> bool:
        """Past `exp` by more than the leeway `JwtKeys.verify` grants, so the two agree."""
        return self.expires_at is not None and (now or time.time()) >= self.expires_at + LEEWAY_SECONDS


def identify(keys: JwtKeys, token: str | None) -> Identity:
    if not token:
        raise TokenRefused("No access token was given")
    try:
        claims = verify_api_token(keys, token)
    except RoleNotAllowed:
        raise TokenRefused("Fields `role` and `exp` are required in JWT") from None
    except ExpiredToken:
        raise TokenRefused(f"Token has expired {_expired_for(token)} seconds ago") from None
    except InvalidToken:
        raise TokenRefused("Failed to validate JWT signature") from None
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


@dataclass(frozen=True)
class CheckFailed:
    """A claims set's check raised an error other than a refusal (a policy that raises, a broken function): its
    subscribers are told, as Realtime tells them of a failure, rather than left waiting for changes."""
    sqlstate: str | None

    def message(self, change: Change) -> str:
        return (f"Unable to check row level security on {change.schema}.{change.table}"
                f" (SQLSTATE {self.sqlstate or 'unknown'})")


# What to check for one change: the change, its table, and by claims key an identity with the filters asked.
Check = tuple[Change, TableInfo, dict[str, tuple[Identity, set[RowFilter]]]]
# One claims set's part of a batch: the changes it is asked about, each with the filters its subscribers asked.
Asked = list[tuple[Change, TableInfo, set[RowFilter]]]
# A claims set whose check failed in the shared transaction is checked in one of its own from then on (its
# failure would abort the others' too); at most this many are remembered.
MAX_CHECKED_ALONE = 1024


class ChangeAccess:
    """One transaction and one round trip for a batch of changes: for each distinct claims set its role and claims,
    then one statement per table re-selecting the batch's rows as it reads them (RLS decides), its subscriptions'
    filters evaluated in the same statement. A claims set whose statement fails is checked on its own."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool
        self._alone: dict[str, None] = {}

    async def visible(self, checks: list[Check]) -> list[dict[str, Visible | CheckFailed]]:
        """For each check: what each allowed claims key may be sent, or that its check failed.

        A new row is the one re-selected under those claims, never the captured image: within one transaction a
        row may have held another company's data before it moved to where the subscriber can see it. When the
        two are equal the captured object itself is returned, so subscribers can share one encoded frame."""
        wanted: dict[str, tuple[Identity, dict[int, set[RowFilter]]]] = {}
        for index, (_, _, asks) in enumerate(checks):
            for key, (identity, filters) in asks.items():
                wanted.setdefault(key, (identity, {}))[1][index] = filters
        asked = {key: (identity, [(*checks[i][:2], filters) for i, filters in by_index.items()])
                 for key, (identity, by_index) in wanted.items()}
        together = {key: asked[key] for key in asked if key not in self._alone}
        alone = [key for key in asked if key in self._alone]
        seen, checked_alone = await asyncio.gather(self._check_together(together),
                                                   asyncio.gather(*(self._check(*asked[key]) for key in alone)))
        for key, outcome in zip(alone, checked_alone):
            seen[key] = _outcomes(outcome, len(asked[key][1]))
        allowed: list[dict[str, Visible | CheckFailed]] = [{} for _ in checks]
        for key, (_, by_index) in wanted.items():
            for index, visible in zip(by_index, seen[key]):
                if visible is not None:
                    allowed[index][key] = visible
        return allowed

    async def _check_together(self, asked: dict[str, tuple[Identity, Asked]],
                              ) -> dict[str, list[Visible | CheckFailed | None]]:
        if not asked:
            return {}
        try:
            return await self._run(asked)
        except Exception as exc:
            if connection_lost(exc):
                raise  # the listener holds the batch until the database is back
        # Each on its own, to tell the one that failed (which gets nothing) from the others.
        keys = list(asked)
        alone = await asyncio.gather(*(self._check(*asked[key]) for key in keys))
        for key, visible in zip(keys, alone):
            if not isinstance(visible, list):
                self._remember_alone(key)
        return {key: _outcomes(visible, len(asked[key][1])) for key, visible in zip(keys, alone)}

    def _remember_alone(self, key: str) -> None:
        self._alone[key] = None
        if len(self._alone) > MAX_CHECKED_ALONE:
            del self._alone[next(iter(self._alone))]

    async def _check(self, identity: Identity, changes: Asked,
                     ) -> list[Visible | CheckFailed | None] | CheckFailed | None:
        """One claims set in a transaction of its own; None when it may not read the table, CheckFailed when its
        check raised (either way it is sent no row)."""
        try:
            return (await self._run({"": (identity, changes)}))[""]
        except psycopg.errors.InsufficientPrivilege:
            return None
        except Exception as exc:
            if connection_lost(exc):
                raise  # the listener holds the batch until the database is back
            # Failing closed: a subscriber whose check errors gets no row it may not see, only the error.
            log.exception("realtime.authorise_failed role=%s changes=%d", identity.role, len(changes))
            return CheckFailed(getattr(exc, "sqlstate", None))

    async def _run(self, asked: dict[str, tuple[Identity, Asked]]) -> dict[str, list[Visible | CheckFailed | None]]:
        """One round trip, one (implicit) transaction: for each claims set its settings, then its statements.
        Settings are local to the transaction, so each claims set's replace the previous one's."""
        queued: list[tuple[Query, tuple[Any, ...]]] = []
        reads: list[tuple[str | None, list[int], tuple[RowFilter, ...]]] = []
        images: dict[tuple[int, ...], str] = {}
        for key, (identity, changes) in asked.items():
            queued.append(identity.settings)
            reads.append((None, [], ()))
            for query, params, indexes, filters in _statements(changes, images):
                queued.append((query, params))
                reads.append((key, indexes, filters))
        # The round trip ends its transaction whatever happens (gateway.database.round_trip): the connection goes
        # back idle.
        async with self.pool.connection() as conn:
            answers = await round_trip.all_rows(conn, queued)
        seen: dict[str, list[Visible | CheckFailed | None]] = {
            key: [None] * len(changes) for key, (_, changes) in asked.items()}
        for (asker, indexes, filters), rows in zip(reads, answers):
            if asker is not None:
                _read(seen[asker], asked[asker][1], rows, indexes, filters)
        return seen


def _outcomes(checked: list[Visible | CheckFailed | None] | CheckFailed | None,
              count: int) -> list[Visible | CheckFailed | None]:
    """One outcome per change asked: as checked, or the whole check's failure (or refusal) for each."""
    return list(checked) if isinstance(checked, list) else [checked] * count


def _statements(changes: Asked, images: dict[tuple[int, ...], str],
                ) -> list[tuple[Query, tuple[Any, ...], list[int], tuple[RowFilter, ...]]]:
    """One statement per table (and way of checking) for one claims set: its query and parameters, the positions
    of the changes it checks and the filters it evaluates, in the order of its boolean array. `images` keeps the
    JSON of the rows for the other claims sets of a batch, which mostly ask about the same changes."""
    groups: dict[tuple[str, bool], list[int]] = {}
    for index, (change, info, _) in enumerate(changes):
        by_key = change.type != "DELETE" and bool(info.key_columns)
        groups.setdefault((change.qualified_table, by_key), []).append(index)
    statements: list[tuple[Query, tuple[Any, ...], list[int], tuple[RowFilter, ...]]] = []
    for (table, by_key), indexes in groups.items():
        info = changes[indexes[0]][1]
        # Sorted, so that a batch asking the same filters runs the same (prepared) statement.
        filters = tuple(sorted(set().union(*(changes[i][2] for i in indexes)), key=lambda f: f.text))
        rows = tuple(id(changes[i][0]) for i in indexes)
        if rows not in images:
            images[rows] = json.dumps([changes[i][0].image for i in indexes])
        if by_key:
            statements.append((_reselect_query(table, info.key_columns, filters), (images[rows],), indexes, filters))
        else:
            statements.append((_image_query(table, filters), (images[rows], table, list(info.key_columns)), indexes,
                               filters))
    return statements


def _read(seen: list[Visible | CheckFailed | None], changes: Asked, rows: list[tuple[Any, ...]], indexes: list[int],
          filters: tuple[RowFilter, ...]) -> None:
    for position, row, passed in rows:
        index = indexes[position - 1]
        captured = changes[index][0].image
        seen[index] = Visible(captured if row is None else row, frozenset(f for f, ok in zip(filters, passed) if ok))


def _passed(filters: tuple[RowFilter, ...], *rows: str) -> sql.Composable:
    """Which filters the row passes, in order; an UPDATE's or INSERT's row must pass both as captured and as
    re-selected. A `%` in a filter's value is doubled, so the driver does not read it as a placeholder."""
    return sql.SQL(sql.SQL("array[{}]::boolean[]").format(sql.SQL(", ").join(
        sql.SQL(" and ").join(f.sql(row) for row in rows) for f in filters)).as_string().replace("%", "%%"))


# Rendered once: composing and quoting the same statement for every claims set of every batch cost more than
# running it.
@lru_cache(maxsize=256)
def _reselect_query(qualified_table: str, key_columns: tuple[str, ...], filters: tuple[RowFilter, ...]) -> Query:
    """Which of the new rows (by position) this role and claims can SELECT, and each as it reads it, re-selected
    by primary key: RLS itself decides, in one planned statement for all of them."""
    table = sql.SQL(qualified_table)
    keys = sql.SQL(" and ").join(sql.SQL("t.{col} = k.{col}").format(col=sql.Identifier(col)) for col in key_columns)
    # Every name is qualified (`t.*`, not `t`): a bare alias would be read as a user's column of that name.
    # The row comes back only when it differs from the captured image (null: send the captured one, as read).
    return Query.of(sql.SQL(
        "select x.n, nullif(to_jsonb(t.*), x.c), {passed} from jsonb_array_elements(%s::jsonb)"
        " with ordinality as x(c, n) cross join lateral jsonb_populate_record(null::{table}, x.c) as k"
        " join {table} as t on {keys}").format(passed=_passed(filters, "k", "t"), table=table, keys=keys).as_string())


@lru_cache(maxsize=256)
def _image_query(qualified_table: str, filters: tuple[RowFilter, ...]) -> Query:
    """A deleted row (or one of a table without a primary key) cannot be re-selected: realtime.row_visible
    evaluates the table's SELECT policies on its image, which is what is sent."""
    return Query.of(sql.SQL(
        "select x.n, null::jsonb, {passed} from jsonb_array_elements(%s::jsonb) with ordinality as x(c, n)"
        " cross join lateral jsonb_populate_record(null::{table}, x.c) as k"
        " where realtime.row_visible(%s::regclass, x.c, %s::text[], false)").format(
        passed=_passed(filters, "k"), table=sql.SQL(qualified_table)).as_string())
