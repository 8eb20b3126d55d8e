"""The project's secrets for its functions: `supabase/functions/.env`, then `--env-file` over it. Deno functions get
them in their worker's environment; Python handlers in the gateway's (`os.environ`), as users expect."""

from __future__ import annotations

import logging
import os

from dotenv import dotenv_values

from gateway.settings import Settings

log = logging.getLogger("gateway.functions")

SECRETS_FILE = ".env"
# Set by the platform; the Supabase CLI skips them in a secrets file too.
RESERVED_PREFIX = "SUPABASE_"


def secrets(settings: Settings) -> dict[str, str]:
    """Every secret but those named SUPABASE_*, which the platform sets (the Supabase CLI skips them too)."""
    values: dict[str, str] = {}
    for path in (settings.functions_dir / SECRETS_FILE, settings.functions_env_file):
        if path is not None and path.is_file():
            values.update({k: v for k, v in dotenv_values(path).items() if v is not None})
    reserved = sorted(name for name in values if name.startswith(RESERVED_PREFIX))
    if reserved:
        log.warning("secrets named %s skipped: names starting with %s are set by the platform",
                    ", ".join(reserved), RESERVED_PREFIX)
    return {name: value for name, value in values.items() if not name.startswith(RESERVED_PREFIX)}


def export_to_handlers(settings: Settings) -> None:
    """Into this process's environment, where the Python handlers it runs read them."""
    os.environ.update(secrets(settings))
