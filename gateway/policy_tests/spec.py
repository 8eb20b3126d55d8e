"""The policy test file format (docs/policy-tests.md): TOML read into checked values, each mistake named with its
file and line."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from gateway.config_values import ConfigError

OPERATIONS = ("select", "insert", "update", "delete", "rpc")
BUILT_IN = ("anon", "service_role")
SHORTHANDS = {"allowed": {}, "denied": {"error": "42501"}, "none": {"rows": 0}, "all": {"rows": "all"}}
NULL = "null"  # TOML has no null: this string stands for SQL NULL / JSON null in values
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

FILE_KEYS = {"include", "users", "setup", "case", "about"}
USER_KEYS = {"email", "user_metadata", "app_metadata", "claims", "rows"}
CASE_KEYS = {"as", *OPERATIONS, "where", "query", "body", "args", "returning", "headers", "arrange", "expect",
             "check", "rule"}
EXPECT_KEYS = {"error", "message", "message_lacks", "status", "rows", "values"}


class PolicyFileError(ConfigError):
    def __init__(self, path: Path, line: int | None, message: str):
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


@dataclass(frozen=True)
class Step:
    """A named superuser statement; the name holds the first column of the first row it returns."""

    name: str
    sql: str
    path: Path
    line: int


@dataclass(frozen=True)
class User:
    name: str
    email: str
    user_metadata: dict[str, Any]
    app_metadata: dict[str, Any]
    claims: dict[str, Any]
    line: int


@dataclass(frozen=True)
class Expect:
    error: str | None = None
    message: str | None = None
    message_lacks: str | None = None
    status: int | None = None
    rows: int | str | None = None
    values: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        if self.error:
            return "denied" if self.error == "42501" else f"error {self.error}"
        if self.rows == "all":
            return "all rows"
        if self.rows is None:
            return "allowed"
        return f"{self.rows} row" + ("" if self.rows == 1 else "s")


@dataclass(frozen=True)
class Check:
    sql: str
    expected: tuple | None  # None: the query must return true
    line: int


@dataclass(frozen=True)
class Case:
    path: Path
    line: int
    identity: str
    operation: str
    target: str
    where: dict[str, Any]
    query: str
    body: Any
    returning: bool
    headers: dict[str, str]
    arrange: tuple[Step, ...]
    expect: Expect
    checks: tuple[Check, ...]
    rule: str


@dataclass(frozen=True)
class PolicyFile:
    path: Path
    users: dict[str, User]
    steps: tuple[Step, ...]  # users' rows and the setup, in the order written (included files first)
    cases: tuple[Case, ...]


def load(path: Path) -> PolicyFile:
    return _load(path.resolve(), ())


def _load(path: Path, including: tuple[Path, ...]) -> PolicyFile:
    if path in including:
        raise PolicyFileError(including[-1], None, f"includes {path} in a circle")
    text, data = _read(path)
    lines = _Lines(path, text)
    unknown = set(data) - FILE_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise PolicyFileError(path, lines.key(key), f"unknown key {key!r}; a file has {_listed(FILE_KEYS)}")
    users: dict[str, User] = {}
    steps: list[Step] = []
    for name in _string_list(data.get("include", []), path, lines.key("include"), "include"):
        included = _load((path.parent / name).resolve(), (*including, path))
        if included.cases:
            raise PolicyFileError(path, lines.key("include"), f"{name} has cases; include only users and setup")
        users.update(included.users)
        steps += included.steps
    own_steps: list[Step] = []
    for name, entry in _table(data.get("users", {}), path, lines.key("users"), "[users]").items():
        line = lines.header(f"users.{name}") or lines.key(name)
        if name in users:
            raise PolicyFileError(path, line, f"user {name!r} is already declared in an included file")
        user, rows = _user(name, entry, path, line, lines)
        users[name] = user
        own_steps += rows
    for name, statement in _table(data.get("setup", {}), path, lines.header("setup"), "[setup]").items():
        own_steps.append(_step(name, statement, path, lines.key(name, after=lines.header("setup"))))
    steps += sorted(own_steps, key=lambda s: s.line)
    case_lines = lines.case_headers()
    raw_cases = data.get("case", [])
    if not isinstance(raw_cases, list):
        raise PolicyFileError(path, lines.key("case"), "cases are written as [[case]] tables")
    cases = tuple(_case(entry, path, case_lines[i] if i < len(case_lines) else None, users)
                  for i, entry in enumerate(raw_cases))
    policy_file = PolicyFile(path, users, tuple(steps), cases)
    _check_names(policy_file)
    return policy_file


def _read(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        text = path.read_text()
    except OSError as exc:
        raise PolicyFileError(path, None, f"cannot be read: {exc.strerror}") from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        raise PolicyFileError(path, int(match.group(1)) if match else None,
                              f"not valid TOML: {exc}") from None


class _Lines:
    """Line numbers of keys and headers, found in the text (tomllib keeps none)."""

    def __init__(self, path: Path, text: str):
        self.path = path
        self.text = text.splitlines()

    def header(self, name: str) -> int | None:
        pattern = re.compile(r"^\s*\[\s*" + r"\s*\.\s*".join(map(re.escape, name.split("."))) + r"\s*\]")
        return next((i + 1 for i, line in enumerate(self.text) if pattern.match(line)), None)

    def key(self, name: str, after: int | None = None) -> int | None:
        pattern = re.compile(r"^\s*(\[+\s*)?([\w\"'-]+\s*\.\s*)*[\"']?" + re.escape(name) + r"[\"']?\s*(=|\.|\])")
        start = after or 0
        return next((i + 1 for i, line in enumerate(self.text) if i >= start and pattern.match(line)), None)

    def case_headers(self) -> list[int]:
        return [i + 1 for i, line in enumerate(self.text) if re.match(r"^\s*\[\[\s*case\s*\]\]", line)]


def _user(name: str, entry: Any, path: Path, line: int | None, lines: _Lines) -> tuple[User, list[Step]]:
    _check_name(name, path, line)
    if name in BUILT_IN:
        raise PolicyFileError(path, line, f"{name!r} is built in; choose another name for a user")
    entry = _table(entry, path, line, f"user {name!r}")
    _known(entry, USER_KEYS, path, line, f"user {name!r}")
    email = entry.get("email", f"{name}@example.test")
    if not isinstance(email, str):
        raise PolicyFileError(path, line, f"user {name!r}: email must be a string")
    rows_entry = entry.get("rows", {})
    if isinstance(rows_entry, list):  # statements whose results no one needs
        rows = [_step(f"{name}.{i}", statement, path, line, named=False) for i, statement in enumerate(rows_entry)]
    else:
        rows = [_step(key, statement, path, lines.key(key, after=line))
                for key, statement in _table(rows_entry, path, line, f"user {name!r} rows").items()]
    user = User(name, email, _table(entry.get("user_metadata", {}), path, line, "user_metadata"),
                _table(entry.get("app_metadata", {"provider": "email", "providers": ["email"]}), path, line,
                       "app_metadata"),
                _table(entry.get("claims", {}), path, line, "claims"), line or 0)
    return user, rows


def _step(name: str, statement: Any, path: Path, line: int | None, named: bool = True) -> Step:
    if named:
        _check_name(name, path, line)
    if not isinstance(statement, str) or not statement.strip():
        raise PolicyFileError(path, line, f"{name!r} must be an SQL statement (a string)")
    return Step(name, statement, path, line or 0)


def _case(entry: Any, path: Path, line: int | None, users: dict[str, User]) -> Case:
    entry = _table(entry, path, line, "a case")
    _known(entry, CASE_KEYS, path, line, "a case")
    identity = entry.get("as")
    if identity not in (*BUILT_IN, *users):
        choices = ", ".join((*BUILT_IN, *users))
        raise PolicyFileError(path, line, f"case needs `as` = one of {choices} (got {identity!r})")
    given = [op for op in OPERATIONS if op in entry]
    if len(given) != 1:
        raise PolicyFileError(path, line, f"case needs exactly one of {', '.join(OPERATIONS)} = \"<table>\"")
    operation = given[0]
    target = entry[operation]
    if not isinstance(target, str) or not target:
        raise PolicyFileError(path, line, f"{operation} names a table (or function), e.g. {operation} = \"todos\"")
    body: Any = None
    if operation in ("insert", "update"):
        body = entry.get("body")
        if body is None or (operation == "update" and not isinstance(body, dict)):
            raise PolicyFileError(path, line, f"{operation} needs a body (a table of column = value)")
    elif "body" in entry:
        raise PolicyFileError(path, line, f"{operation} takes no body" + ("; use args" if operation == "rpc" else ""))
    if operation == "rpc":
        body = _table(entry.get("args", {}), path, line, "args")
    elif "args" in entry:
        raise PolicyFileError(path, line, "args are for rpc")
    if operation == "insert" and "where" in entry:
        raise PolicyFileError(path, line, "insert takes no where")
    query = entry.get("query", "")
    if not isinstance(query, str):
        raise PolicyFileError(path, line, "query is a PostgREST query string, e.g. \"status=in.(open,closed)\"")
    headers = _table(entry.get("headers", {}), path, line, "headers")
    if not all(isinstance(v, str) for v in headers.values()):
        raise PolicyFileError(path, line, "header values must be strings")
    returning = entry.get("returning", False)
    if not isinstance(returning, bool):
        raise PolicyFileError(path, line, "returning is true or false")
    rule = entry.get("rule", "")
    if not isinstance(rule, str):
        raise PolicyFileError(path, line, "rule is a sentence saying what the case shows")
    arrange = tuple(_step(k, v, path, line) for k, v in _table(entry.get("arrange", {}), path, line,
                                                                "arrange").items())
    if "expect" not in entry:
        raise PolicyFileError(path, line, "case needs expect = \"allowed\" | \"denied\" | \"none\" | \"all\" | {...}")
    return Case(path, line or 0, identity, operation, target, _plain(_table(entry.get("where", {}), path, line,
                                                                              "where")),
                query, _plain(body), returning, headers, arrange, _expect(entry["expect"], path, line),
                _checks(entry.get("check"), path, line), rule)


def _expect(value: Any, path: Path, line: int | None) -> Expect:
    if isinstance(value, str):
        if value not in SHORTHANDS:
            raise PolicyFileError(path, line, f"expect {value!r}: use allowed, denied, none, all or a table")
        value = SHORTHANDS[value]
    value = _table(value, path, line, "expect")
    _known(value, EXPECT_KEYS, path, line, "expect")
    error, rows = value.get("error"), value.get("rows")
    if error is not None and not isinstance(error, str):
        raise PolicyFileError(path, line, "expect.error is an SQLSTATE or PGRST code, as a string: \"42501\"")
    if rows is not None and rows != "all" and not (isinstance(rows, int) and rows >= 0):
        raise PolicyFileError(path, line, "expect.rows is a count or \"all\"")
    if error and (rows is not None or "values" in value):
        raise PolicyFileError(path, line, "expect either an error or rows, not both")
    for key in ("message", "message_lacks"):
        if key in value and not isinstance(value[key], str):
            raise PolicyFileError(path, line, f"expect.{key} is a piece of the error message")
    if (value.get("message") or value.get("message_lacks") or value.get("status")) and not error:
        raise PolicyFileError(path, line, "expect.message and status describe an error: give expect.error too")
    return Expect(error, value.get("message"), value.get("message_lacks"), value.get("status"), rows,
                  _plain(_table(value.get("values", {}), path, line, "expect.values")))


def _checks(value: Any, path: Path, line: int | None) -> tuple[Check, ...]:
    if value is None:
        return ()
    entries = value if isinstance(value, list) else [value]
    checks = []
    for entry in entries:
        if isinstance(entry, str):
            checks.append(Check(entry, None, line or 0))
            continue
        entry = _table(entry, path, line, "check")
        _known(entry, {"sql", "expect"}, path, line, "check")
        if not isinstance(entry.get("sql"), str):
            raise PolicyFileError(path, line, "check needs sql = \"select ...\"")
        expected = entry.get("expect", True)
        expected = tuple(expected) if isinstance(expected, list) else (expected,)
        checks.append(Check(entry["sql"], _plain(expected), line or 0))
    return tuple(checks)


def _check_names(policy_file: PolicyFile) -> None:
    seen = set(policy_file.users)
    for step in policy_file.steps:
        if step.name in seen:
            raise PolicyFileError(step.path, step.line, f"the name {step.name!r} is used twice")
        seen.add(step.name)
    for case in policy_file.cases:
        for step in case.arrange:
            if step.name in seen:
                raise PolicyFileError(case.path, case.line, f"arrange: {step.name!r} is already a name of the setup")


def _check_name(name: str, path: Path, line: int | None) -> None:
    if not NAME.match(name):
        raise PolicyFileError(path, line, f"{name!r} is not a usable name (letters, digits, _)")


def _known(entry: dict, allowed: set[str], path: Path, line: int | None, what: str) -> None:
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise PolicyFileError(path, line, f"{what}: unknown key {unknown[0]!r}; known: {_listed(allowed)}")


def _table(value: Any, path: Path, line: int | None, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise PolicyFileError(path, line, f"{what} must be a table")
    return value


def _string_list(value: Any, path: Path, line: int | None, what: str) -> list[str]:
    value = [value] if isinstance(value, str) else value
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PolicyFileError(path, line, f"{what} is a file name or a list of them")
    return value


def _listed(keys: set[str]) -> str:
    return ", ".join(sorted(keys))


def _plain(value: Any) -> Any:
    """TOML values as JSON values: "null" is null, dates and times are ISO text."""
    if value == NULL:
        return None
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return value
