"""What the settings and the project's config reader share, so that neither imports the other for it: the error a
user can fix, and the parser of the durations both read."""

from __future__ import annotations

import re

_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(h|ms|m|s)")
_DURATION_UNITS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}


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
