"""Running one hook: GoTrue's metadata, either transport, and the `{"error": {"http_code", "message"}}` answer."""

from __future__ import annotations

import logging
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import AsyncConnection

from gateway.auth.context import AuthContext
from gateway.auth.errors import AuthError
from gateway.auth.hooks import http, pg
from gateway.database.transactions import privileged_tx
from gateway.project.auth_hooks import HookConfig

log = logging.getLogger("gateway.auth.hooks")

# GoTrue's names of the hooks in their payload's metadata.
METADATA_NAMES = {
    "custom_access_token": "customize-access-token",
    "send_email": "send-email",
    "send_sms": "send-sms",
    "mfa_verification_attempt": "mfa-verification",
    "password_verification_attempt": "password-verification",
    "before_user_created": "before-user-created",
}


def enabled(ctx: AuthContext, name: str) -> HookConfig | None:
    return ctx.settings.auth_hooks.get(name)


async def run(ctx: AuthContext, hook: HookConfig, payload: dict[str, Any], conn: AsyncConnection | None) -> dict:
    """The hook's output object ({} when it answers nothing). A Postgres hook runs in `conn`'s transaction, or in
    its own (committed even when the request then fails) when `conn` is None."""
    payload = {"metadata": _metadata(ctx, hook), **payload}
    started = time.monotonic()
    try:
        output = await _dispatch(ctx, hook, payload, conn)
    except AuthError as error:
        log.warning("auth hook failed hook=%s status=%s message=%s", hook.name, error.status, error.message)
        raise
    log.info("auth hook ran hook=%s ms=%.1f", hook.name, (time.monotonic() - started) * 1000)
    if output is None:
        return {}
    if not isinstance(output, dict):
        raise AuthError(500, "unexpected_failure", "Error unmarshaling JSON output.")
    _raise_reported_error(output)
    return output


async def _dispatch(ctx: AuthContext, hook: HookConfig, payload: dict[str, Any], conn: AsyncConnection | None) -> Any:
    if not hook.is_postgres:
        return await http.post(hook, payload)
    try:
        if conn is not None:
            return await pg.call(conn, hook, payload)
        async with privileged_tx(ctx.pool) as own:
            return await pg.call(own, hook, payload)
    except psycopg.Error as exc:
        log.warning("auth hook function failed hook=%s sqlstate=%s", hook.name, exc.sqlstate)
        raise AuthError(500, "unexpected_failure", f"Error running hook URI: {hook.uri}") from None


def _raise_reported_error(output: dict[str, Any]) -> None:
    """GoTrue's rule: an `error` object with a message fails the request, with `http_code` (default 500)."""
    error = output.get("error")
    if not isinstance(error, dict) or not error.get("message"):
        return
    status = error.get("http_code")
    status = status if isinstance(status, int) and 400 <= status <= 599 else 500
    raise AuthError(status, "unexpected_failure" if status == 500 else "unknown", str(error["message"]))


def _metadata(ctx: AuthContext, hook: HookConfig) -> dict[str, Any]:
    return {
        "uuid": str(uuid.uuid4()),
        "time": datetime.now(UTC).isoformat(),
        "name": METADATA_NAMES[hook.name],
        "ip_address": ctx.ip,
    }
