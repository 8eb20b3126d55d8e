"""What the settings and the project's config reader share, so that neither imports the other for it: the error a
user can fix, and the parsers of the durations and sizes both read."""

from __future__ import annotations

import re

_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(h|ms|m|s)")
_DURATION_UNITS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([kmgtp]?)(?:i?b)?", re.IGNORECASE)


class ConfigError(Exception):
    """A setting a user can fix; the CLI prints it as one line."""


def parse_duration(value: str) -> int | None:
    """Go's duration syntax as GoTrue and the Supabase CLI write it ("1s", "1m30s"), or plain seconds; whole
    seconds, rounded up; None when it is neither."""
    text = value.strip()
    if text.isdigit():
        return int(text)
    parts = _DURATION_PART.findall(text)
    if not text or "".join(number + unit for number, unit in parts) != text:
        return None
    total = sum(float(number) * _DURATION_UNITS[unit] for number, unit in parts)
    return int(-(-total // 1))


def parse_size(value: str | int) -> int | None:
    """A size as the Supabase CLI reads config.toml's (docker's RAMInBytes): bytes, or "50MiB", "5MB", "500k",
    every unit binary; None when it is neither."""
    if isinstance(value, int):
        return value if value >= 0 else None
    match = _SIZE.fullmatch(value.strip())
    if not match:
        return None
    return int(float(match.group(1)) * 1024 ** "bkmgtp".index(match.group(2).lower() or "b"))
