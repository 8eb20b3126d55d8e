"""The environment a function sees, as on Supabase: the project's URL, keys and database, its secrets, and nothing
else of the gateway's (no JWT secret, no SMTP password, no PATH or HOME)."""

from __future__ import annotations

import logging
from pathlib import Path

from dotenv import dotenv_values

from gateway.keys import JwtKeys
from gateway.settings import Settings

log = logging.getLogger("gateway.functions.deno")

SECRETS_FILE = ".env"
# Set by the platform; the Supabase CLI skips them in a secrets file too.
RESERVED_PREFIX = "SUPABASE_"


def secrets(settings: Settings) -> dict[str, str]:
    """`supabase/functions/.env`, then `--env-file` over it (Python handlers read the same from os.environ)."""
    values: dict[str, str] = {}
    for path in (settings.functions_dir / SECRETS_FILE, settings.functions_env_file):
        if path is not None and path.is_file():
            values.update({k: v for k, v in dotenv_values(path).items() if v is not None})
    reserved = sorted(name for name in values if name.startswith(RESERVED_PREFIX))
    if reserved:
        log.warning("secrets named %s skipped: names starting with %s are set by the platform",
                    ", ".join(reserved), RESERVED_PREFIX)
    return {name: value for name, value in values.items() if not name.startswith(RESERVED_PREFIX)}


def function_env(settings: Settings, deno_dir: Path) -> dict[str, str]:
    keys = JwtKeys(settings.jwt_secret)
    return {
        **secrets(settings),
        "SUPABASE_URL": settings.api_url,
        "SUPABASE_ANON_KEY": keys.anon_key,
        "SUPABASE_SERVICE_ROLE_KEY": keys.service_role_key,
        "SUPABASE_DB_URL": settings.tcp_database_url or settings.bound_database_url,
        # Deno's own: its module cache in the project's data folder (a second start works offline), no parent
        # package.json taken for the function's, the system's certificates, plain log lines.
        "DENO_DIR": str(deno_dir),
        "DENO_NO_PACKAGE_JSON": "1",
        "DENO_TLS_CA_STORE": "system",
        "NO_COLOR": "1",
    }
