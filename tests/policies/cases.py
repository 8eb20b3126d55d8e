"""The vocabulary of the access matrix: an operation a client asks for, what must come of it, and the outcome seen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Kind = Literal["select", "insert", "update", "delete", "rpc"]
ALL = "all"  # expect as many rows as the superuser sees for the same filter


@dataclass(frozen=True)
class Op:
    """One REST request: `where` holds eq filters, `body` the JSON payload or RPC arguments.

    String values may name world rows as `{name}`; they are filled in before the request is made.
    """

    kind: Kind
    target: str
    where: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] = field(default_factory=dict)
    returning: bool = False
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Expect:
    error: str | None = None  # SQLSTATE; None means the request succeeds
    rows: int | str | None = None  # rows returned (select, rpc, or a mutation with returning)
    message: str | None = None  # a substring of the error message
    message_lacks: str | None = None
    values: dict[str, Any] = field(default_factory=dict)  # fields of the first returned row


@dataclass(frozen=True)
class Check:
    """A superuser query run after the request, with world ids as %(name)s parameters, and its expected first row."""

    sql: str
    expected: tuple | None


@dataclass(frozen=True)
class Case:
    actor: str
    op: Op
    expect: Expect
    why: str
    arrange: dict[str, str] = field(default_factory=dict)  # name -> superuser SQL returning the new row's id
    check: Check | None = None

    @property
    def id(self) -> str:
        return f"{self.actor}-{self.op.kind}-{self.op.target}-{self.why}".replace(" ", "_")


@dataclass(frozen=True)
class Outcome:
    rows: list[dict[str, Any]] | None = None
    error: str | None = None
    message: str | None = None
    http_status: int | None = None

    def summary(self) -> str:
        if self.error:
            return f"error {self.error}"
        return "ok" if self.rows is None else f"{len(self.rows)} rows"


def fill(value: Any, ids: dict[str, Any]) -> Any:
    if isinstance(value, str) and value.startswith("{") and value.endswith("}") and value[1:-1] in ids:
        return str(ids[value[1:-1]])
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    return value


def resolve(op: Op, ids: dict[str, Any]) -> Op:
    return Op(op.kind, op.target, fill(op.where, ids), fill(op.body, ids), op.returning, op.headers)
