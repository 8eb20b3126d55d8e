"""What every auth handler gets: the parsed request, the shared services, and (after a guard) the caller."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from fastapi import Request
from psycopg_pool import AsyncConnectionPool

from gateway.auth.errors import bad_request, validation_failed
from gateway.jwt_keys import JwtKeys
from gateway.mail.mailer import Mailer
from gateway.server import json_input
from gateway.server.client_ip import client_ip
from gateway.server.json_input import UnacceptableJson
from gateway.services import services
from gateway.settings import Settings

# The format badoux/checkmail accepts, which GoTrue's validateEmail applies.
EMAIL_PATTERN = re.compile(r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
                           r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*")


@dataclass
class AuthContext:
    request: Request
    settings: Settings
    pool: AsyncConnectionPool
    keys: JwtKeys
    mailer: Mailer
    body: dict[str, Any]
    ip: str
    claims: dict[str, Any] = field(default_factory=dict)
    mail_queued: bool = False  # set once the handler's transaction holds a mail; delivery starts after the answer

    @property
    def query(self) -> Any:
        return self.request.query_params

    @property
    def user_id(self) -> str:
        return self.claims["sub"]

    @property
    def session_id(self) -> str | None:
        return self.claims.get("session_id")

    @property
    def user_agent(self) -> str | None:
        return self.request.headers.get("user-agent")

    def path_param(self, name: str) -> str:
        return self.request.path_params[name]


async def read_json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        body = json_input.parse(raw)
    except UnacceptableJson as error:
        raise bad_request("bad_json", f"Could not parse request body as JSON: {error}") from None
    except ValueError:
        raise bad_request("bad_json", "Could not parse request body as JSON") from None
    if not isinstance(body, dict):
        raise bad_request("bad_json", "Request body must be a JSON object")
    return body


async def read_form_body(request: Request) -> dict[str, Any]:
    """The fields of a form post: a provider's answer in response_mode=form_post (Apple's), which GoTrue reads so."""
    return dict(parse_qsl((await request.body()).decode("utf-8", "replace"), keep_blank_values=True))


async def build_context(request: Request,
                        read_body: Callable[[Request], Awaitable[dict[str, Any]]] = read_json_body) -> AuthContext:
    state = services(request)
    if any("\x00" in key or "\x00" in value for key, value in request.query_params.multi_items()):
        raise validation_failed("Query parameters must not contain NUL characters")  # PostgreSQL text cannot hold one
    return AuthContext(
        request=request,
        settings=state.settings,
        pool=state.auth_pool,
        keys=state.keys,
        mailer=state.mailer,
        body=await read_body(request),
        ip=client_ip(request, state.settings.trusted_proxy_header) or "unknown",
    )


def text_field(body: dict[str, Any], name: str) -> str:
    """A string field of the body, trimmed; anything that is not a string is a validation error."""
    value = body.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise validation_failed(f"{name} must be a string")
    return value.strip()


def object_field(body: dict[str, Any], name: str) -> dict[str, Any]:
    value = body.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise validation_failed(f"{name} must be a JSON object")
    return value


def check_email(email: str) -> str:
    """The address lower-cased, or GoTrue's validateEmail errors (400 validation_failed)."""
    if not email:
        raise validation_failed("An email address is required")
    if len(email) > 255:
        raise validation_failed("An email address is too long")
    if not EMAIL_PATTERN.fullmatch(email):
        raise validation_failed("Unable to validate email address: invalid format")
    return email.lower()
