"""`function.toml`: how the runtime treats one function (JWT check, methods, timeout, body size, its settings)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CONFIG_FILE = "function.toml"
KNOWN_KEYS = {"verify_jwt", "methods", "timeout_seconds", "max_body_bytes", "settings"}
HTTP_METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"}


class FunctionConfigError(Exception):
    """A function folder whose configuration cannot be used; the message names the file."""


@dataclass(frozen=True)
class FunctionConfig:
    verify_jwt: bool = True
    methods: frozenset[str] = frozenset({"POST"})
    timeout_seconds: float = 10.0
    max_body_bytes: int = 256 * 1024
    settings: dict[str, Any] = field(default_factory=dict)


def slug_for(folder: Path) -> str:
    return folder.name.replace("_", "-")


def load_config(path: Path) -> FunctionConfig:
    try:
        raw = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise FunctionConfigError(f"{path}: {exc}") from None
    unknown = set(raw) - KNOWN_KEYS
    if unknown:
        raise FunctionConfigError(f"{path}: unknown keys {sorted(unknown)}")
    defaults = FunctionConfig()
    verify_jwt = raw.get("verify_jwt", defaults.verify_jwt)
    methods = raw.get("methods", sorted(defaults.methods))
    timeout = raw.get("timeout_seconds", defaults.timeout_seconds)
    max_body = raw.get("max_body_bytes", defaults.max_body_bytes)
    settings = raw.get("settings", {})
    if not isinstance(verify_jwt, bool):
        raise FunctionConfigError(f"{path}: verify_jwt must be true or false")
    if not isinstance(methods, list) or not methods or not {str(m).upper() for m in methods} <= HTTP_METHODS:
        raise FunctionConfigError(f"{path}: methods must be a non-empty list of {sorted(HTTP_METHODS)}")
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or not 0 < timeout <= 600:
        raise FunctionConfigError(f"{path}: timeout_seconds must be a number of seconds between 0 and 600")
    if not isinstance(max_body, int) or isinstance(max_body, bool) or max_body < 0:
        raise FunctionConfigError(f"{path}: max_body_bytes must be a whole number of bytes")
    if not isinstance(settings, dict):
        raise FunctionConfigError(f"{path}: [settings] must be a table")
    return FunctionConfig(
        verify_jwt=verify_jwt,
        methods=frozenset(str(m).upper() for m in methods),
        timeout_seconds=float(timeout),
        max_body_bytes=max_body,
        settings=settings,
    )
