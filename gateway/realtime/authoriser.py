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
from gateway.keys import LEEWAY_SECONDS, ExpiredToken, InvalidToken, JwtKeys
from gateway.realtime.changes import Change, TableInfo

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


class Authoriser:
    """One query per distinct claims set for a batch of changes (so at most one per change and claims set),
    the claims sets checked concurrently."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    async def visible(self, checks: list[tuple[Change, TableInfo, list[Identity]]]) -> list[dict[str, Row]]:
        """For each (change, table, identities to check): the row image each allowed claims key may be sent.

        A new row is the one re-selected under those claims, never the captured image: within one transaction a
        row may have held another company's data before it moved to where the subscriber can see it. When the
        two are equal the captured object itself is returned, so subscribers can share one encoded frame."""
        wanted: dict[str, tuple[Identity, list[int]]] = {}
        for index, (_, _, identities) in enumerate(checks):
            for identity in identities:
                entry = wanted.setdefault(identity.claims_key, (identity, []))
                if not entry[1] or entry[1][-1] != index:
                    entry[1].append(index)
        results = await asyncio.gather(*(self._check(identity, [checks[i][:2] for i in indexes])
                                         for identity, indexes in wanted.values()))
        allowed: list[dict[str, Row]] = [{} for _ in checks]
        for key, (_, indexes), images in zip(wanted, wanted.values(), results):
            for index, image in zip(indexes, images):
                if image is not None:
                    allowed[index][key] = image
        return allowed

    async def _check(self, identity: Identity, changes: list[tuple[Change, TableInfo]]) -> list[Row | None]:
        images: list[Row | None] = [None] * len(changes)
        groups: dict[tuple[str, bool], list[int]] = {}
        for index, (change, info) in enumerate(changes):
            by_key = change.type != "DELETE" and bool(info.key_columns)
            groups.setdefault((change.qualified_table, by_key), []).append(index)
        try:
            async with request_tx(self.pool, role=identity.role, claims=identity.claims, method="GET",
                                  path="/realtime/v1") as conn:
                for (table, by_key), indexes in groups.items():
                    if by_key:
                        query = _reselect_query(table, changes[indexes[0]][1].key_columns)
                        params = [changes[i][0].image for i in indexes]
                    else:
                        query = DELETED_ROW_QUERY
                        params = [{"rel": table, "image": changes[i][0].image,
                                   "keys": list(changes[i][1].key_columns)} for i in indexes]
                    rows = await (await conn.execute(query, (json.dumps(params),))).fetchall()
                    for position, row in rows:
                        captured = changes[indexes[position - 1]][0].image
                        images[indexes[position - 1]] = captured if row is None else row
        except psycopg.errors.InsufficientPrivilege:
            return [None] * len(changes)
        except Exception:
            # Failing closed: a subscriber whose check errors gets nothing rather than a row it may not see.
            log.exception("realtime.authorise_failed role=%s changes=%d", identity.role, len(changes))
            return [None] * len(changes)
        return images


# A deleted row cannot be re-selected: realtime.row_visible evaluates the table's SELECT policies on its image,
# which is what is sent.
DELETED_ROW_QUERY = (
    "select x.n, null::jsonb from jsonb_array_elements(%s::jsonb) with ordinality as x(c, n)"
    " where realtime.row_visible((x.c->>'rel')::regclass, x.c->'image',"
    " array(select jsonb_array_elements_text(x.c->'keys')), false)"
)


def _reselect_query(qualified_table: str, key_columns: tuple[str, ...]) -> sql.Composed:
    """Which of the new rows (by position) this role and claims can SELECT, and each as it reads it, re-selected
    by primary key: RLS itself decides, in one planned statement for all of them."""
    table = sql.SQL(qualified_table)
    keys = sql.SQL(" and ").join(
        sql.SQL("t.{col} = (jsonb_populate_record(null::{table}, x.c)).{col}").format(col=sql.Identifier(col), table=table)
        for col in key_columns)
    # The row comes back only when it differs from the captured image (null: send the captured one, as read).
    return sql.SQL("select x.n, nullif(to_jsonb(t), x.c) from jsonb_array_elements(%s::jsonb) with ordinality"
                   " as x(c, n), {table} as t where {keys}").format(table=table, keys=keys)
