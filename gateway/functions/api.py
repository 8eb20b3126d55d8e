"""The API a function handler is written against: the only gateway module a handler imports.

What a handler receives and returns. Standard library only, so a handler runs under any runtime that honours it.

    async def handle(request: FunctionRequest, ctx: FunctionContext) -> FunctionResponse

- Raise `FunctionError(message, status=400)` for anything the caller can fix: the runtime answers
  `{"error": message}` with that status. Any other exception becomes a 500 with a generic message; its detail
  goes only to the log, under the request id.
- `ctx.db.transaction()` opens one transaction as `service_role` (row-level security does not apply) and yields
  a psycopg 3 async connection; it commits when the block ends and rolls back if it raises.
- `ctx.mailer.send(...)` records the mail in the outbox and delivers it over SMTP when one is configured; it
  raises `MailDeliveryError` when the mail server refuses it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "Database",
    "FunctionContext",
    "FunctionError",
    "FunctionRequest",
    "FunctionResponse",
    "Handler",
    "MailDeliveryError",
    "Mailer",
]


@dataclass(frozen=True)
class FunctionRequest:
    method: str
    # The part of the URL after `/functions/v1/<slug>`: "" for the function itself.
    path: str
    # Header names are lower-case.
    headers: Mapping[str, str]
    # The parsed JSON body; None when the request has no body or it is not JSON (then see raw_body).
    body: Any
    raw_body: bytes
    # The caller's verified JWT claims; None only when the function does not verify JWTs and none was sent.
    claims: Mapping[str, Any] | None
    client_ip: str | None
    request_id: str


@dataclass(frozen=True)
class FunctionResponse:
    body: Any = None
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)


class FunctionError(Exception):
    """A request the caller can fix; answered as `{"error": message}` with `status`."""

    def __init__(self, message: str, status: int = 400, headers: Mapping[str, str] | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.headers = dict(headers or {})


class MailDeliveryError(Exception):
    """The mail server did not accept a message; the message stays recorded in the outbox as failed."""


class Mailer(Protocol):
    async def send(self, to: str, subject: str, text: str, html: str | None = None, *, kind: str = "function") -> str:
        """Returns the outbox id of the mail."""
        ...


class Database(Protocol):
    def transaction(self) -> AbstractAsyncContextManager[Any]: ...


@dataclass(frozen=True)
class FunctionContext:
    slug: str
    db: Database
    mailer: Mailer
    # Project values (site_url, mail_from, project_ref) merged with the `[settings]` table of function.toml.
    settings: Mapping[str, Any]
    log: logging.Logger


Handler = Callable[[FunctionRequest, FunctionContext], Awaitable[FunctionResponse]]
