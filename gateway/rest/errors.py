"""PostgREST's error shape, its PGRST codes and the SQLSTATE → HTTP status table, rendered in one place."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import PoolTimeout
from starlette.responses import Response

from gateway.database.health import DatabaseUnavailable, connection_lost, one_line


@dataclass
class PostgrestError(Exception):
    status: int
    code: str
    message: str
    details: Any = None  # a string, or PGRST201's list of relationships
    hint: str | None = None
    headers: dict[str, str] | None = None

    def body(self) -> bytes:
        return json.dumps(
            {"code": self.code, "details": self.details, "hint": self.hint, "message": self.message}
        ).encode()

    def response(self, retry_after: int = 1) -> Response:
        headers = dict(self.headers or {})
        if self.status == 503:
            # PostgREST adds its reconnection delay to every 503.
            headers.setdefault("Retry-After", str(retry_after))
        return Response(self.body(), status_code=self.status, media_type="application/json; charset=utf-8",
                        headers=headers)


def bad_query(message: str, details: str | None = None) -> PostgrestError:
    return PostgrestError(400, "PGRST100", message, details)


def bad_body(message: str, details: str | None = None) -> PostgrestError:
    return PostgrestError(400, "PGRST102", message, details)


def bad_range(message: str, details: str | None = None) -> PostgrestError:
    return PostgrestError(416, "PGRST103", message, details)


def bad_schema(allowed: tuple[str, ...]) -> PostgrestError:
    return PostgrestError(406, "PGRST106", f"The schema must be one of the following: {', '.join(allowed)}")


def not_acceptable(accept: str) -> PostgrestError:
    return PostgrestError(406, "PGRST107", f"None of these media types are available: {accept}")


def singular(rows: int) -> PostgrestError:
    return PostgrestError(406, "PGRST116", "Cannot coerce the result to a single JSON object",
                    f"The result contains {rows} rows")


def max_affected(rows: int, limit: int) -> PostgrestError:
    return PostgrestError(400, "PGRST124", "Query result exceeds max-affected preference constraint",
                    f"The query affects {rows} rows")


def unknown_column(column: str, table: str) -> PostgrestError:
    return PostgrestError(400, "PGRST204", f"Could not find the '{column}' column of '{table}' in the schema cache")


def unknown_table(schema: str, table: str, suggestion: str | None) -> PostgrestError:
    hint = f"Perhaps you meant the table '{schema}.{suggestion}'" if suggestion else None
    return PostgrestError(404, "PGRST205", f"Could not find the table '{schema}.{table}' in the schema cache", None, hint)


def jwt_error(expired: bool) -> PostgrestError:
    if expired:
        return PostgrestError(401, "PGRST303", "JWT expired", headers={"WWW-Authenticate": 'Bearer error="invalid_token"'})
    return PostgrestError(401, "PGRST301", "JWT could not be decoded",
                    headers={"WWW-Authenticate": 'Bearer error="invalid_token"'})


_EXACT_STATUS = {"23503": 409, "23505": 409, "25006": 405, "42883": 404, "42P01": 404, "57P01": 503, "P0001": 400}
_CLASS_STATUS = {
    "08": 503, "09": 500, "0L": 403, "0P": 403, "25": 500, "28": 403, "2D": 500, "38": 500, "39": 500, "3B": 500,
    "40": 500, "53": 503, "54": 500, "55": 500, "57": 500, "58": 500, "F0": 500, "HV": 500, "P0": 500, "XX": 500,
}


def _status_for(sqlstate: str, anonymous: bool) -> int:
    """PostgREST's SQLSTATE → HTTP table; anything not listed is the client's fault (400)."""
    if sqlstate == "42501":
        return 401 if anonymous else 403
    return _EXACT_STATUS.get(sqlstate) or _CLASS_STATUS.get(sqlstate[:2], 400)


def from_database(exc: psycopg.Error, anonymous: bool) -> PostgrestError:
    """A database error passed through as PostgREST passes it: SQLSTATE as code, the server's own texts."""
    if isinstance(exc, DatabaseUnavailable):
        return PostgrestError(503, "PGRST000", "Database connection error.", str(exc) or None)
    if isinstance(exc, PoolTimeout):
        return PostgrestError(504, "PGRST003", "Timed out acquiring connection from connection pool.")
    if exc.sqlstate is None:
        if connection_lost(exc):
            return PostgrestError(503, "PGRST001", "Database client error. Retrying the connection.",
                            one_line(exc))
        if isinstance(exc, psycopg.DataError):
            # Refused by the driver before it reached the server, e.g. a NUL character in a value.
            return PostgrestError(400, "22021", 'invalid byte sequence for encoding "UTF8": 0x00')
        return PostgrestError(500, "PGRST000", "Database client error")
    diag = exc.diag
    sqlstate = exc.sqlstate
    status = _status_for(sqlstate, anonymous)
    # PostgREST lets a function choose the status with `raise sqlstate 'PT402'`.
    if sqlstate.startswith("PT") and sqlstate[2:].isdigit():
        status = int(sqlstate[2:])
    return PostgrestError(status, sqlstate, diag.message_primary or "database error", diag.message_detail,
                    diag.message_hint)
