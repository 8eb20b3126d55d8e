"""Typed auth errors and the one renderer that turns them into GoTrue's wire shapes."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

API_VERSION_HEADER = "X-Supabase-Api-Version"
API_VERSION = "2024-01-01"


class AuthError(Exception):
    """An error the client is meant to read: HTTP status, GoTrue error code, human message."""

    def __init__(self, status: int, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra


class OAuthError(AuthError):
    """GoTrue's OAuth-shaped error: always 400 `{error, error_description}`, whatever the API version."""

    def __init__(self, error: str, description: str):
        super().__init__(400, error, description)


def bad_request(code: str, message: str) -> AuthError:
    return AuthError(400, code, message)


def validation_failed(message: str) -> AuthError:
    return AuthError(400, "validation_failed", message)


def unprocessable(code: str, message: str) -> AuthError:
    return AuthError(422, code, message)


def mfa_challenge_expired(challenge_id: str) -> AuthError:
    return AuthError(422, "mfa_challenge_expired", f"MFA challenge {challenge_id} has expired, verify against another"
                     " challenge or create a new challenge.")


def email_exists() -> AuthError:
    return AuthError(422, "email_exists", "A user with this email address has already been registered")


def not_found(code: str, message: str) -> AuthError:
    return AuthError(404, code, message)


def forbidden(code: str, message: str) -> AuthError:
    return AuthError(403, code, message)


def user_not_found() -> AuthError:
    """The answer to a token whose user is gone (deleted before the guard looked, or since)."""
    return forbidden("user_not_found", "User from sub claim in JWT does not exist")


def session_not_found() -> AuthError:
    """The answer to a token whose session is gone (signed out before the guard looked, or since)."""
    return forbidden("session_not_found", "Session from session_id claim in JWT does not exist")


def weak_password(reasons: list[str], message: str) -> AuthError:
    return AuthError(422, "weak_password", message, weak_password={"reasons": reasons})


def render(error: AuthError, api_versioned: bool) -> JSONResponse:
    """`{code, message}` for clients that send the API version header, GoTrue's legacy shape otherwise."""
    if isinstance(error, OAuthError):
        return JSONResponse({"error": error.code, "error_description": error.message}, status_code=400,
                            headers={API_VERSION_HEADER: API_VERSION})
    if api_versioned:
        body: dict[str, Any] = {"code": error.code, "message": error.message}
    else:
        body = {"code": error.status, "error_code": error.code, "msg": error.message}
    body.update(error.extra)
    headers = {"x-sb-error-code": error.code, API_VERSION_HEADER: API_VERSION}
    if error.status == 429:
        headers["Retry-After"] = "60"
    return JSONResponse(body, status_code=error.status, headers=headers)
