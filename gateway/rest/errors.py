"""PostgREST's error shape, its PGRST codes and the SQLSTATE → HTTP status table, rendered in one place."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import psycopg
from starlette.responses import Response


@dataclass
class ApiError(Exception):
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

    def response(self) -> Response:
        return Response(self.body(), status_code=self.status, media_type="application/json; charset=utf-8",
                        headers=self.headers)


def bad_query(message: str, details: str | None = None) -> ApiError:
    return ApiError(400, "PGRST100", message, details)


def bad_body(message: str, details: str | None = None) -> ApiError:
    return ApiError(400, "PGRST102", message, details)


def bad_range(message: str, details: str | None = None) -> ApiError:
    return ApiError(416, "PGRST103", message, details)


def bad_schema(allowed: tuple[str, ...]) -> ApiError:
    return ApiError(406, "PGRST106", f"The schema must be one of the following: {', '.join(allowed)}")


def not_acceptable(accept: str) -> ApiError:
    return ApiError(406, "PGRST107", f"None of these media types are available: {accept}")


def singular(rows: int) -> ApiError:
    return ApiError(406, "PGRST116", "Cannot coerce the result to a single JSON object",
                    f"The result contains {rows} rows")


def max_affected(rows: int, limit: int) -> ApiError:
    return ApiError(400, "PGRST124", "Query result exceeds max-affected preference constraint",
                    f"The query affects {rows} rows")


def unknown_column(column: str, table: str) -> ApiError:
    return ApiError(400, "PGRST204", f"Could not find the '{column}' column of '{table}' in the schema cache")


def unknown_table(schema: str, table: str, suggestion: str | None) -> ApiError:
    hint = f"Perhaps you meant the table '{schema}.{suggestion}'" if suggestion else None
    return ApiError(404, "PGRST205", f"Could not find the table '{schema}.{table}' in the schema cache", None, hint)


def jwt_error(expired: bool) -> ApiError:
    if expired:
        return ApiError(401, "PGRST303", "JWT expired", headers={"WWW-Authenticate": 'Bearer error="invalid_token"'})
    return ApiError(401, "PGRST301", "JWT could not be decoded",
                    headers={"WWW-Authenticate": 'Bearer error="invalid_token"'})


def _status_for(sqlstate: str, anonymous: bool) -> int:
    if sqlstate == "42501":
        return 401 if anonymous else 403
    exact = {
        "23503": 409, "23505": 409, "23P01": 409, "25006": 405, "42P01": 404, "42883": 404, "P0001": 400,
        "42P17": 500, "57014": 504, "54001": 500, "55P03": 500, "0L000": 403, "0P000": 403, "28000": 403,
        "28P01": 403, "2D000": 500, "38000": 500, "39000": 500, "3B000": 500, "40001": 500, "40P01": 500,
    }
    if sqlstate in exact:
        return exact[sqlstate]
    if sqlstate.startswith(("08", "53")):
        return 503
    if sqlstate.startswith(("40", "XX", "F0", "HV", "P0", "57")):
        return 500
    return 400


def from_database(exc: psycopg.Error, anonymous: bool) -> ApiError:
    """A database error passed through as PostgREST passes it: SQLSTATE as code, the server's own texts."""
    if exc.sqlstate is None:
        if isinstance(exc, psycopg.OperationalError):
            return ApiError(503, "PGRST000", "Database client error. Retrying the connection.")
        return ApiError(500, "PGRST000", "Database client error")
    diag = exc.diag
    sqlstate = exc.sqlstate
    status = _status_for(sqlstate, anonymous)
    # PostgREST lets a function choose the status with `raise sqlstate 'PT402'`.
    if sqlstate.startswith("PT") and sqlstate[2:].isdigit():
        status = int(sqlstate[2:])
    return ApiError(status, sqlstate, diag.message_primary or "database error", diag.message_detail,
                    diag.message_hint)
