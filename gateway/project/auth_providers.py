"""Which external sign-in providers a project turns on: GoTrue's EXTERNAL_<NAME>_ENABLED / _CLIENT_ID / _SECRET /
_REDIRECT_URI / _URL / _SKIP_NONCE_CHECK, from `[auth.external.<name>]` or the environment.

Any name is accepted: GoTrue's own names (google, github, azure, keycloak, gitlab, apple, ...) and a project's own
OpenID provider, whose `url` is its issuer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from gateway.config_values import ConfigError

PROVIDER_KEYS = ("enabled", "client_id", "secret", "redirect_uri", "url", "skip_nonce_check", "email_optional")
# EXTERNAL_<NAME>_ENABLED settings that name no provider of this kind.
NOT_PROVIDERS = frozenset({"email", "phone", "anonymous_users"})
ENABLED_SETTING = re.compile(r"^EXTERNAL_([A-Z][A-Z0-9_]*)_ENABLED$")


def setting_name(provider: str, key: str) -> str:
    return f"EXTERNAL_{provider.upper()}_{key.upper()}"


@dataclass(frozen=True)
class ProviderConfig:
    name: str
    client_ids: tuple[str, ...]  # the first signs the redirect flow in; any of them may be an ID token's audience
    secret: str
    redirect_uri: str  # empty: the gateway's own /auth/v1/callback
    url: str  # the issuer of an OpenID provider, or a self-hosted GitHub's base URL
    skip_nonce_check: bool = False
    email_optional: bool = False  # a sign-in without an email address makes a user without one

    @property
    def client_id(self) -> str:
        return self.client_ids[0]


def providers_from_env(env: Mapping[str, str]) -> dict[str, ProviderConfig]:
    """The enabled providers by name; an enabled one without a client id is a ConfigError, as in GoTrue."""
    providers = {}
    for setting, value in env.items():
        match = ENABLED_SETTING.match(setting)
        name = match.group(1).lower() if match else ""
        if not name or name in NOT_PROVIDERS or not _flag(value):
            continue
        client_ids = tuple(i.strip() for i in (env.get(setting_name(name, "client_id")) or "").split(",") if i.strip())
        if not client_ids:
            raise ConfigError(f"external provider {name} is enabled but has no client id"
                              f" ({setting_name(name, 'client_id')})")
        providers[name] = ProviderConfig(
            name=name,
            client_ids=client_ids,
            secret=env.get(setting_name(name, "secret")) or "",
            redirect_uri=(env.get(setting_name(name, "redirect_uri")) or "").strip(),
            url=(env.get(setting_name(name, "url")) or "").strip().rstrip("/"),
            skip_nonce_check=_flag(env.get(setting_name(name, "skip_nonce_check"))),
            email_optional=_flag(env.get(setting_name(name, "email_optional"))),
        )
    return providers


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}
