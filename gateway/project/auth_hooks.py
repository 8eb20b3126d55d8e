"""Which auth hooks a project turns on: GoTrue's HOOK_<NAME>_ENABLED / _URI / _SECRETS, checked as GoTrue checks them.

A hook is a Postgres function (`pg-functions://postgres/<schema>/<function>`) or an HTTPS endpoint (plain http only
on the loopback) signed with Standard Webhooks secrets (`v1,whsec_<base64>`, several separated by `|`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from gateway.config_values import ConfigError

# config.toml's [auth.hook.<name>] tables, in GoTrue's names.
HOOK_NAMES = (
    "custom_access_token",
    "send_email",
    "send_sms",
    "mfa_verification_attempt",
    "password_verification_attempt",
    "before_user_created",
)
HOOK_KEYS = ("enabled", "uri", "secrets")
LOOPBACK_HTTP_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "host.docker.internal"})
POSTGRES_NAME = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]{0,62}$")
SYMMETRIC_SECRET = re.compile(r"^v1,whsec_[A-Za-z0-9+/=]{32,88}$")


def setting_name(hook: str, key: str) -> str:
    return f"HOOK_{hook.upper()}_{key.upper()}"


@dataclass(frozen=True)
class HookConfig:
    name: str
    uri: str
    secrets: tuple[str, ...] = field(default=(), repr=False)  # the repr ends up in logs

    @property
    def is_postgres(self) -> bool:
        return urlsplit(self.uri).scheme.lower() == "pg-functions"

    @property
    def function(self) -> tuple[str, str]:
        """(schema, function) of a pg-functions URI."""
        parts = urlsplit(self.uri).path.split("/")
        return parts[1], parts[2]

    @property
    def qualified_function(self) -> str:
        schema, function = self.function
        return f'"{schema}"."{function}"'


def hooks_from_env(env: Mapping[str, str]) -> dict[str, HookConfig]:
    """The enabled hooks by name; a malformed URI or secret is a ConfigError even when its hook is off, as in GoTrue."""
    hooks = {}
    for name in HOOK_NAMES:
        uri = (env.get(setting_name(name, "uri")) or "").strip()
        secrets = tuple(s.strip() for s in (env.get(setting_name(name, "secrets")) or "").split("|") if s.strip())
        hook = HookConfig(name, uri, secrets)
        enabled = (env.get(setting_name(name, "enabled")) or "").strip().lower() in {"1", "true", "yes", "on"}
        if not uri:
            if enabled:
                raise ConfigError(f"auth hook {name} is enabled but has no uri ({setting_name(name, 'uri')})")
            continue
        _check(hook)
        if enabled:
            hooks[name] = hook
    return hooks


def _check(hook: HookConfig) -> None:
    where = f"auth hook {hook.name} ({setting_name(hook.name, 'uri')}={hook.uri!r})"
    parts = urlsplit(hook.uri)
    scheme = parts.scheme.lower()
    if scheme == "pg-functions":
        path = parts.path.split("/")
        if len(path) < 3:
            raise ConfigError(f"{where}: expected pg-functions://postgres/<schema>/<function>")
        for label, value in (("schema", path[1]), ("function", path[2])):
            if not POSTGRES_NAME.match(value):
                raise ConfigError(f"{where}: invalid {label} name {value!r}")
        return
    if scheme == "http" and parts.hostname not in LOOPBACK_HTTP_HOSTS:
        raise ConfigError(f"{where}: plain http is allowed only for localhost, 127.0.0.1 and ::1; use https")
    if scheme not in ("http", "https"):
        raise ConfigError(f"{where}: only postgres hooks (pg-functions://) and HTTPS endpoints are supported")
    if not hook.secrets:
        raise ConfigError(f"{where}: an HTTP hook needs its signing secret ({setting_name(hook.name, 'secrets')})")
    for secret in hook.secrets:
        if not SYMMETRIC_SECRET.match(secret):
            raise ConfigError(f"auth hook {hook.name}: {setting_name(hook.name, 'secrets')} must be v1,whsec_<base64>"
                              " secrets separated by |")
