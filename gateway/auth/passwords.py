"""bcrypt at cost 10 (GoTrue's, so its hashes import as they are), always off the event loop."""

from __future__ import annotations

import asyncio

import bcrypt

from gateway.auth.errors import validation_failed, weak_password
from gateway.settings import Settings

BCRYPT_COST = 10
# bcrypt only reads the first 72 bytes; GoTrue refuses longer passwords instead of silently truncating.
MAX_PASSWORD_BYTES = 72
# A hash to compare against when the account does not exist, so the answer takes as long either way.
_DUMMY_HASH = bcrypt.hashpw(b"not-a-real-password", bcrypt.gensalt(rounds=BCRYPT_COST))


def check_strength(password: str, settings: Settings) -> None:
    """GoTrue's checks: too long is a plain validation error; every weakness found is one reason of weak_password."""
    if len(password.encode()) > MAX_PASSWORD_BYTES:
        raise validation_failed(f"Password cannot be longer than {MAX_PASSWORD_BYTES} characters")
    reasons, messages = [], []
    if len(password) < settings.password_min_length:
        reasons.append("length")
        messages.append(f"Password should be at least {settings.password_min_length} characters.")
    required = settings.password_required_characters
    if any(not set(password) & set(characters) for characters in required):
        reasons.append("characters")
        messages.append(f"Password should contain at least one character of each: {', '.join(required)}.")
    if reasons:
        raise weak_password(reasons, " ".join(messages))


async def hash_password(password: str) -> str:
    hashed = await asyncio.to_thread(bcrypt.hashpw, password.encode(), bcrypt.gensalt(rounds=BCRYPT_COST))
    return hashed.decode()


async def password_matches(password: str, stored_hash: str | None) -> bool:
    candidate = (stored_hash or "").encode() or _DUMMY_HASH
    try:
        matched = await asyncio.to_thread(bcrypt.checkpw, password.encode()[:MAX_PASSWORD_BYTES], candidate)
    except ValueError:
        return False
    return matched and stored_hash is not None
