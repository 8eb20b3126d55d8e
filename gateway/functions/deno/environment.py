"""The environment a function sees, as on Supabase: the project's URL, keys and database, its secrets, and nothing
else of the gateway's (no JWT secret, no SMTP password, no PATH or HOME)."""

from __future__ import annotations

import json
from pathlib import Path

from gateway.functions.secrets import secrets
from gateway.jwt_keys import JwtKeys
from gateway.settings import Settings


def function_env(settings: Settings, deno_dir: Path) -> dict[str, str]:
    keys = JwtKeys.from_settings(settings)
    return {
        **secrets(settings),
        "SUPABASE_URL": settings.api_url,
        "SUPABASE_ANON_KEY": keys.anon_key,
        "SUPABASE_SERVICE_ROLE_KEY": keys.service_role_key,
        # The edge runtime's: name → key objects, and only the public keys (a function verifies a user's HS256
        # token through auth.getUser, as on Supabase, instead of holding the JWT secret).
        "SUPABASE_PUBLISHABLE_KEYS": json.dumps(keys.api_keys.publishable_by_name),
        "SUPABASE_SECRET_KEYS": json.dumps(keys.api_keys.secret_by_name),
        "SUPABASE_JWKS": json.dumps(keys.public_jwks()),
        "SUPABASE_DB_URL": settings.tcp_database_url or settings.bound_database_url,
        # Deno's own: its module cache in the project's data folder (a second start works offline), no parent
        # package.json taken for the function's, the system's certificates, plain log lines.
        "DENO_DIR": str(deno_dir),
        # Where Deno.makeTempFile() and node's os.tmpdir() write: the one folder a function may write to, as /tmp is
        # on Supabase.
        "TMPDIR": str(deno_dir / "tmp"),
        "DENO_NO_PACKAGE_JSON": "1",
        "DENO_TLS_CA_STORE": "system",
        "NO_COLOR": "1",
    }
