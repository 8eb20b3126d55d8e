"""The project's current API keys: opaque `sb_publishable_…` keys that act as the anon role and `sb_secret_…` keys that
act as the service role, as Supabase's API gateway maps them. A project may hold several of each, by name; a key
left out of the configuration is revoked.

Configured keys (PUBLISHABLE_KEYS / SECRET_KEYS, JSON objects name → key, as functions receive them; PUBLISHABLE_KEY /
SECRET_KEY, or config.toml's `[auth] publishable_key` / `secret_key`, as the one named "default") replace the one key
of each kind the gateway otherwise derives from the JWT secret, so a project's keys stay the same across restarts and
change when its secret does.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass

from gateway.config_values import ConfigError

PUBLISHABLE_PREFIX = "sb_publishable_"
SECRET_PREFIX = "sb_secret_"
OPAQUE_PREFIX = "sb_"
ROLE_OF_PREFIX = {PUBLISHABLE_PREFIX: "anon", SECRET_PREFIX: "service_role"}
MIN_KEY_BODY = 16
DEFAULT_NAME = "default"

# What `supabase start` prints for every project (the CLI's pkg/config/apikeys.go). They are public development
# values, not secrets: a project gets them only while its API listens on loopback (gateway.settings).
CLI_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long"
CLI_PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH"
CLI_SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"


@dataclass(frozen=True)
class ApiKey:
    name: str
    value: str

    @property
    def role(self) -> str:
        return ROLE_OF_PREFIX[PUBLISHABLE_PREFIX if self.value.startswith(PUBLISHABLE_PREFIX) else SECRET_PREFIX]


@dataclass(frozen=True)
class ApiKeys:
    publishable: tuple[ApiKey, ...] = ()
    secret: tuple[ApiKey, ...] = ()

    def role_of(self, key: str) -> str | None:
        """The role a presented key acts as; None for any other string (a JWT, a revoked or mistyped key)."""
        if not key.startswith(OPAQUE_PREFIX):
            return None
        presented = key.encode("utf-8", "surrogatepass")  # compare_digest takes no non-ASCII str
        for known in (*self.publishable, *self.secret):
            if hmac.compare_digest(known.value.encode(), presented):
                return known.role
        return None

    @property
    def publishable_by_name(self) -> dict[str, str]:
        return {key.name: key.value for key in self.publishable}

    @property
    def secret_by_name(self) -> dict[str, str]:
        return {key.name: key.value for key in self.secret}

    @property
    def default_publishable(self) -> str:
        return self.publishable[0].value

    @property
    def default_secret(self) -> str:
        return self.secret[0].value

    @property
    def holds_cli_key(self) -> bool:
        return self.role_of(CLI_PUBLISHABLE_KEY) is not None or self.role_of(CLI_SECRET_KEY) is not None

    def or_defaults(self, publishable: str, secret: str) -> ApiKeys:
        """These keys, with the given one as "default" for each kind none is configured for."""
        return ApiKeys(self.publishable or (ApiKey(DEFAULT_NAME, publishable),),
                       self.secret or (ApiKey(DEFAULT_NAME, secret),))

    def or_derived(self, jwt_secret: str) -> ApiKeys:
        return self.or_defaults(derived_key(PUBLISHABLE_PREFIX, jwt_secret), derived_key(SECRET_PREFIX, jwt_secret))

    def or_cli_keys(self) -> ApiKeys:
        return self.or_defaults(CLI_PUBLISHABLE_KEY, CLI_SECRET_KEY)


def derived_key(prefix: str, jwt_secret: str) -> str:
    """Supabase's shape (22 characters, `_`, an 8-character check); the secret cannot be recovered from the key."""
    digest = hmac.new(jwt_secret.encode(), prefix.encode(), hashlib.sha256).digest()
    body = base64.urlsafe_b64encode(digest).decode()[:22]
    check = base64.urlsafe_b64encode(hashlib.sha256(body.encode()).digest()).decode()[:8]
    return f"{prefix}{body}_{check}"


def configured_api_keys(env: Mapping[str, str]) -> ApiKeys:
    """PUBLISHABLE_KEYS / SECRET_KEYS (JSON name → key) and PUBLISHABLE_KEY / SECRET_KEY (the "default" one)."""
    keys = ApiKeys(_keys(env, "PUBLISHABLE", PUBLISHABLE_PREFIX), _keys(env, "SECRET", SECRET_PREFIX))
    values = [key.value for key in (*keys.publishable, *keys.secret)]
    if len(set(values)) != len(values):
        raise ConfigError("PUBLISHABLE_KEYS and SECRET_KEYS: the same key is listed twice")
    return keys


def _keys(env: Mapping[str, str], kind: str, prefix: str) -> tuple[ApiKey, ...]:
    named = _listed(env, kind, prefix)
    single = env.get(f"{kind}_KEY")
    if single:
        named = {DEFAULT_NAME: single, **{name: key for name, key in named.items() if name != DEFAULT_NAME}}
    keys = []
    for name, value in named.items():
        if not name or not isinstance(value, str) or not _well_formed(value, prefix):
            raise ConfigError(f"{kind}_KEYS: key {name!r} must start with {prefix} and have at least {MIN_KEY_BODY}"
                              " characters after it")
        keys.append(ApiKey(name, value))
    return tuple(keys)


def _well_formed(value: str, prefix: str) -> bool:
    return value.startswith(prefix) and len(value) >= len(prefix) + MIN_KEY_BODY


def _listed(env: Mapping[str, str], kind: str, prefix: str) -> dict[str, object]:
    listed = env.get(f"{kind}_KEYS")
    if not listed:
        return {}
    try:
        named = json.loads(listed)
    except ValueError:
        named = None
    if not isinstance(named, dict):
        raise ConfigError(f'{kind}_KEYS must be a JSON object of names to keys, such as {{"web": "{prefix}…"}}')
    return named
