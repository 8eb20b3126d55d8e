"""A file's users and setup, made inside the run's transaction: the rows, the names they capture, and the caller
each identity is (the headers supabase-js would send, resolved by the gateway's own rules)."""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import psycopg
from psycopg import sql

from gateway.auth.sessions import user_claims
from gateway.auth.users import user_json
from gateway.claims import Caller, resolve_caller
from gateway.database.transactions import one
from gateway.jwt_keys import JwtKeys
from gateway.policy_tests.spec import PLACEHOLDER, PolicyFile, PolicyFileError, Step, User

ANON, SERVICE_ROLE = "anon", "service_role"


@dataclass
class Identity:
    caller: Caller
    headers: dict[str, str]  # as the client sent them: apikey and Authorization


class Names:
    """What each name stands for: a user's id, or the first column a setup statement returned."""

    def __init__(self, declared: set[str]):
        self.declared = declared
        self.values: dict[str, Any] = {}
        self.empty: dict[str, Step] = {}

    def bind(self, step: Step, value: Any) -> None:
        if value is None:
            self.empty[step.name] = step
        else:
            self.values[step.name] = json_value(value)

    def used_by(self, text: str) -> set[str]:
        return {m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1) in self.declared}

    def sql(self, conn: psycopg.AsyncConnection, text: str, where: Step) -> str:
        """`{name}` becomes the value as an SQL literal; other braces (array literals, JSON) stay as written."""
        def literal(match) -> str:
            name = match.group(1)
            if name not in self.declared:
                return match.group(0)
            return sql.Literal(self.value(name, where)).as_string(conn)
        return PLACEHOLDER.sub(literal, text)

    def fill(self, value: Any, where: Step) -> Any:
        """In JSON values: a string that is one `{name}` becomes the value itself; inside longer text, its text."""
        if isinstance(value, str):
            whole = PLACEHOLDER.fullmatch(value)
            if whole and whole.group(1) in self.declared:
                return self.value(whole.group(1), where)
            return PLACEHOLDER.sub(lambda m: str(self.value(m.group(1), where)) if m.group(1) in self.declared
                                   else m.group(0), value)
        if isinstance(value, dict):
            return {k: self.fill(v, where) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self.fill(v, where) for v in value)
        return value

    def value(self, name: str, where: Step) -> Any:
        if name in self.values:
            return self.values[name]
        if name in self.empty:
            step = self.empty[name]
            raise PolicyFileError(step.path, step.line, f"{name!r} returned no row, but {name!r} is used")
        raise PolicyFileError(where.path, where.line, f"{name!r} is used before it is made")


async def run_step(conn: psycopg.AsyncConnection, names: Names, step: Step) -> None:
    statement = names.sql(conn, step.sql, step)
    try:
        async with conn.transaction():
            cursor = await conn.execute(statement)
            row = await cursor.fetchone() if cursor.description else None
    except psycopg.Error as exc:
        raise PolicyFileError(step.path, step.line, f"{step.name!r} failed: {first_line(exc)}") from None
    names.bind(step, row[0] if row else None)


async def build(conn: psycopg.AsyncConnection, policy_file: PolicyFile, keys: JwtKeys, issuer: str,
                lifetime: int) -> tuple[Names, dict[str, Identity]]:
    declared = set(policy_file.users) | {s.name for s in policy_file.steps} | {
        s.name for case in policy_file.cases for s in case.arrange}
    names = Names(declared)
    for user in policy_file.users.values():
        names.values[user.name] = str(await _create_user(conn, user))
    await _run_in_order(conn, names, list(policy_file.steps))
    identities = {ANON: _identity(keys, keys.anon_key), SERVICE_ROLE: _identity(keys, keys.service_role_key)}
    for user in policy_file.users.values():
        record = await user_json(conn, names.values[user.name])
        assert record is not None, "the user was created in this transaction"
        claims = user_claims(record, issuer=issuer, lifetime=lifetime, session_id=str(uuid.uuid4()), aal="aal1",
                             amr=[{"method": "password", "timestamp": int(time.time())}])
        identities[user.name] = _identity(keys, keys.sign_access_token({**claims, **user.claims}))
    return names, identities


async def _run_in_order(conn: psycopg.AsyncConnection, names: Names, pending: list[Step]) -> None:
    """In the order written, except that a statement waits for the statements whose names it uses."""
    made = lambda step: names.used_by(step.sql) <= set(names.values) | set(names.empty)  # noqa: E731
    while pending:
        ready = next((step for step in pending if made(step)), None)
        if ready is None:
            waiting = pending[0]
            missing = ", ".join(sorted(names.used_by(waiting.sql) - set(names.values) - set(names.empty)))
            raise PolicyFileError(waiting.path, waiting.line,
                                  f"{waiting.name!r} uses {missing}, which no statement can make first (a circle?)")
        pending.remove(ready)
        await run_step(conn, names, ready)


async def _create_user(conn: psycopg.AsyncConnection, user: User) -> Any:
    cursor = await conn.execute(
        "insert into auth.users (email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)"
        " values (%s, now(), %s, %s) returning id",
        (user.email, json.dumps(user.user_metadata), json.dumps(user.app_metadata)))
    return one(await cursor.fetchone())[0]


def _identity(keys: JwtKeys, token: str) -> Identity:
    headers = {"apikey": keys.anon_key, "authorization": f"Bearer {token}"}
    return Identity(resolve_caller(keys, headers), headers)


def json_value(value: Any) -> Any:
    """A database value as the JSON the REST API would show for it."""
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return value


def first_line(exc: psycopg.Error) -> str:
    message = exc.diag.message_primary or str(exc).strip().splitlines()[0]
    return f"{message} (SQLSTATE {exc.sqlstate})" if exc.sqlstate else message
