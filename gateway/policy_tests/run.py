"""Run a policy test file: one transaction, rolled back; each case in a savepoint, as the REST API would run it.

A case becomes the request supabase-js would send, and goes the way /rest/v1 takes it: the caller resolved from its
headers as /rest/v1 resolves it, the gateway's own parser and planner, the statement /rest/v1 runs, in a transaction
set up by REST's own `execute.transaction_settings` (role, claims, request.headers, search_path), so that a bypass
there fails the cases too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

import psycopg

from gateway.claims import Caller
from gateway.database.transactions import one, queue_settings
from gateway.jwt_keys import JwtKeys
from gateway.policy_tests import inspect
from gateway.policy_tests.spec import Case, PolicyFile, Step
from gateway.policy_tests.world import Identity, Names, build, json_value, run_step
from gateway.rest import errors, execute
from gateway.rest.errors import PostgrestError
from gateway.rest.plan import Action, plan_action
from gateway.rest.query import Statement
from gateway.rest.request import parse_request
from gateway.rest.routes import resolve_rest_caller
from gateway.rest.schema_cache import SchemaCache
from gateway.rest.schema_cache import load as load_schema_cache
from gateway.rest.statements import compose
from gateway.settings import Settings

METHODS = {"select": "GET", "insert": "POST", "update": "PATCH", "delete": "DELETE", "rpc": "POST"}
LOCAL_CLIENT = "127.0.0.1"  # what the gateway puts in X-Forwarded-For for a client on this machine
MISSING = object()


@dataclass
class Outcome:
    rows: list[Any] | None = None
    count: int | None = None  # rows returned, or written when none are returned
    error: str | None = None
    message: str | None = None
    detail: Any = None
    hint: str | None = None
    status: int | None = None  # the HTTP status the gateway answers an error with

    def text(self) -> str:
        if self.error:
            return f"error {self.error} [{self.status}]"
        return "ok" if self.count is None else f"ok, {self.count} row" + ("" if self.count == 1 else "s")

    def as_json(self) -> dict[str, Any]:
        if self.error:
            return {"error": {"code": self.error, "message": self.message, "details": self.detail,
                              "hint": self.hint, "status": self.status}}
        return {"count": self.count, "rows": self.rows}


@dataclass
class Verdict:
    case: Case
    request: str
    outcome: Outcome
    problems: list[str] = field(default_factory=list)
    policies: list[str] = field(default_factory=list)  # what applied, shown for a failed case

    @property
    def passed(self) -> bool:
        return not self.problems


async def run_file(url: str, policy_file: PolicyFile, settings: Settings, keys: JwtKeys) -> list[Verdict]:
    verdicts = []
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        async with conn.transaction(force_rollback=True):
            cache = await load_schema_cache(conn, settings.db_schemas)
            names, identities = await build(conn, policy_file, keys, f"{settings.api_external_url}/auth/v1",
                                            settings.jwt_exp)
            for case in policy_file.cases:
                async with conn.transaction(force_rollback=True):
                    verdicts.append(await _run_case(conn, cache, case, names, identities[case.identity], settings,
                                                    keys))
    return verdicts


async def _run_case(conn: psycopg.AsyncConnection, cache: SchemaCache, case: Case, names: Names,
                    identity: Identity, settings: Settings, keys: JwtKeys) -> Verdict:
    here = Step("", "", case.path, case.line)
    for step in case.arrange:
        await run_step(conn, names, step)
    method, path, query, headers, body = _http_request(case, names, identity, here)
    shown = f"{method} /rest/v1{path}" + ("?" + urlencode(query, safe=",.()") if query else "")
    verdict = Verdict(case, f"{shown} as {case.identity} ({identity.caller.role})", Outcome())
    superuser_rows = None
    try:
        caller = resolve_rest_caller(keys, headers)
        req = parse_request(method, path, query, headers, body, settings.db_schemas)
        action, operation = plan_action(cache, req, caller.role, settings.max_rows)
        statement = compose(operation)
    except PostgrestError as error:
        verdict.outcome = _refused(error)
    else:
        if case.expect.rows == "all":
            search = execute.search_path(req.schema, settings.db_extra_search_path)
            superuser_rows = await _superuser_count(conn, statement, search)
        verdict.outcome = await _request(conn, caller, action, statement, headers, path, settings)
    verdict.problems = _compare(case, verdict.outcome, superuser_rows, names, here)
    for check in case.checks:
        problem = await _check(conn, names, check.sql, check.expected, Step("check", "", case.path, check.line))
        if problem:
            verdict.problems.append(problem)
    if verdict.problems:
        verdict.policies = await inspect.applied(conn, _schema(case, settings), _name(case), case.operation,
                                                 identity.caller.role, case.returning)
    return verdict


def _http_request(case: Case, names: Names, identity: Identity,
                  here: Step) -> tuple[str, str, list[tuple[str, str]], dict[str, str], bytes]:
    method = METHODS[case.operation]
    path = f"/rpc/{_name(case)}" if case.operation == "rpc" else f"/{_name(case)}"
    query = [(column, "is.null" if value is None else f"eq.{_text(value)}")
             for column, value in names.fill(case.where, here).items()]
    query += parse_qsl(names.fill(case.query, here), keep_blank_values=True)
    headers = {"x-forwarded-for": LOCAL_CLIENT, **identity.headers}
    if "." in case.target:
        headers["accept-profile" if method == "GET" else "content-profile"] = case.target.split(".", 1)[0]
    if case.operation in ("insert", "update", "delete"):
        headers["prefer"] = "return=representation" if case.returning else "return=minimal"
    body = b""
    if case.body is not None:
        headers["content-type"] = "application/json"
        body = json.dumps(names.fill(case.body, here)).encode()
    headers.update({k.lower(): names.fill(v, here) for k, v in case.headers.items()})
    return method, path, query, headers, body


async def _request(conn: psycopg.AsyncConnection, caller: Caller, action: Action, statement: Statement,
                   headers: dict[str, str], path: str, settings: Settings) -> Outcome:
    transaction = execute.transaction_settings(caller, action, path=f"/rest/v1{path}", headers=headers,
                                               extra_search_path=settings.db_extra_search_path)
    try:
        async with conn.transaction():
            await queue_settings(conn, **transaction)
            result = await execute.run_action(conn, action, statement, settings.max_rows)
            if action.prefer.tx == "rollback":
                raise psycopg.Rollback()
            # The gateway commits, which is when deferred constraints are checked.
            await conn.execute("set constraints all immediate")
            await conn.execute("reset role")
    except psycopg.Error as exc:
        return _refused(errors.from_database(exc, anonymous=caller.role == "anon"))
    except PostgrestError as error:
        return _refused(error)
    body = json.loads(result.body) if result.body else None
    if not result.body:
        return Outcome(count=result.page)
    rows = body if isinstance(body, list) else [body]
    return Outcome(rows=rows, count=len(rows))


async def _superuser_count(conn: psycopg.AsyncConnection, statement: Statement, search: str) -> int:
    """`all`: the same statement run by the database owner, who no policy limits; then undone."""
    async with conn.transaction(force_rollback=True):
        await conn.execute("select set_config('search_path', %s, true)", (search,))
        row = await (await conn.execute(statement.query, statement.params)).fetchone()
    return int(one(row)[1])


def _compare(case: Case, outcome: Outcome, superuser_rows: int | None, names: Names, here: Step) -> list[str]:
    expect = case.expect
    if expect.error:
        if outcome.error != expect.error:
            return [f"expected error {expect.error}, got {outcome.text()}"]
        problems = []
        message = (outcome.message or "").lower()
        if expect.message and expect.message.lower() not in message:
            problems.append(f"the message {outcome.message!r} does not contain {expect.message!r}")
        if expect.message_lacks and expect.message_lacks.lower() in message:
            problems.append(f"the message {outcome.message!r} contains {expect.message_lacks!r}")
        if expect.status is not None and outcome.status != expect.status:
            problems.append(f"expected HTTP status {expect.status}, got {outcome.status}")
        return problems
    if outcome.error:
        return [f"expected {expect.text()}, got error {outcome.error}: {outcome.message}"]
    problems = []
    wanted = superuser_rows if expect.rows == "all" else expect.rows
    if expect.rows == "all" and not superuser_rows:
        problems.append("`all` compares with what the superuser sees, and the superuser sees no rows here")
    elif wanted is not None and outcome.count != wanted:
        problems.append(f"expected {wanted} rows" + (" (all)" if expect.rows == "all" else "")
                        + f", got {outcome.count}")
    values = names.fill(expect.values, here)
    if values and not outcome.rows:
        problems.append("expected rows with values; none came back (add returning = true to a write)")
    for number, row in enumerate((outcome.rows or []) if values else [], start=1):
        for column, value in values.items():
            got = row.get(column, MISSING) if isinstance(row, dict) else MISSING
            if got != value:
                problems.append(f"row {number}: {column} is {'missing' if got is MISSING else repr(got)},"
                                f" expected {value!r}")
    return problems


async def _check(conn: psycopg.AsyncConnection, names: Names, text: str, expected: tuple | None,
                 here: Step) -> str | None:
    statement = names.sql(conn, text, here)
    try:
        async with conn.transaction():
            row = await (await conn.execute(statement)).fetchone()
    except psycopg.Error as exc:
        return f"check {text!r} failed: {exc.diag.message_primary} ({exc.sqlstate})"
    got = tuple(json_value(v) for v in row) if row else None
    want = (True,) if expected is None else tuple(names.fill(list(expected), here))
    if got != want:
        return f"check {text!r} gave {_shown(got)}, expected {_shown(want)}"
    return None


def _refused(error: PostgrestError) -> Outcome:
    return Outcome(error=error.code, message=error.message, detail=error.details, hint=error.hint,
                   status=error.status)


def _schema(case: Case, settings: Settings) -> str:
    return case.target.split(".", 1)[0] if "." in case.target else settings.db_schemas[0]


def _name(case: Case) -> str:
    return case.target.split(".", 1)[-1]


def _text(value: Any) -> str:
    return json.dumps(value) if isinstance(value, (dict, list, bool)) else str(value)


def _shown(row: tuple | None) -> str:
    if row is None:
        return "no row"
    return "(" + ", ".join("null" if v is None else repr(v) for v in row) + ")"
