"""GoTrue's minimum viable token: what a custom access token hook's claims must still hold (its JSON schema)."""

from __future__ import annotations

from typing import Any

from gateway.auth.errors import AuthError

REQUIRED = ("aud", "exp", "iat", "sub", "email", "phone", "role", "aal", "session_id", "is_anonymous")
# claim -> the JSON types it may have
TYPES: dict[str, tuple[str, ...]] = {
    "aud": ("string", "array"), "exp": ("integer",), "jti": ("string",), "iat": ("integer",), "iss": ("string",),
    "nbf": ("integer",), "sub": ("string",), "email": ("string",), "phone": ("string",), "app_metadata": ("object",),
    "user_metadata": ("object",), "role": ("string",), "aal": ("string",), "amr": ("array",),
    "session_id": ("string",), "client_id": ("string",),
}


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def check_claims(claims: dict[str, Any]) -> None:
    """500 with gojsonschema's list of what is wrong, as GoTrue answers."""
    problems = [f"(root): {name} is required" for name in REQUIRED if name not in claims]
    for name, allowed in TYPES.items():
        if name in claims and json_type(claims[name]) not in allowed:
            problems.append(f"{name}: Invalid type. Expected: {' or '.join(allowed)}, given: {json_type(claims[name])}")
    for index, entry in enumerate(claims.get("amr") or [] if isinstance(claims.get("amr"), list) else []):
        if json_type(entry) not in ("string", "object"):
            problems.append(f"amr.{index}: Must validate at least one schema (anyOf)")
    if problems:
        listed = "".join(f"- {problem}\n" for problem in problems)
        raise AuthError(500, "unexpected_failure", f"output claims do not conform to the expected schema: \n{listed}")
