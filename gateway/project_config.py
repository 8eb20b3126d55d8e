"""A project's `supabase/config.toml` as gateway settings.

Each supported key becomes the environment variable that would set it, so one parser (Settings.from_env) checks
every value and the environment overrides the file.
"""

from __future__ import annotations

from typing import Any

from gateway.auth.hooks.config import HOOK_KEYS, HOOK_NAMES, setting_name
from gateway.project import Project

# (table path, key) -> setting name
SUPPORTED: dict[tuple[str, str], str] = {
    ("api", "port"): "API_PORT",
    ("api", "schemas"): "DB_SCHEMAS",
    ("api", "max_rows"): "MAX_ROWS",
    ("auth", "site_url"): "SITE_URL",
    ("auth", "additional_redirect_urls"): "ADDITIONAL_REDIRECT_URLS",
    ("auth", "jwt_expiry"): "JWT_EXP",
    ("auth", "minimum_password_length"): "PASSWORD_MIN_LENGTH",
}

# [auth.hook.<name>] enabled / uri / secrets -> GoTrue's HOOK_<NAME>_ENABLED / _URI / _SECRETS.
SUPPORTED.update({(f"auth.hook.{hook}", key): setting_name(hook, key) for hook in HOOK_NAMES for key in HOOK_KEYS})


def settings_from_config(project: Project) -> dict[str, str]:
    settings: dict[str, str] = {}
    for (table_path, key), name in SUPPORTED.items():
        value = _lookup(project.config, table_path).get(key)
        if value is not None:
            settings[name] = _as_setting(value)
    return settings


def _lookup(config: dict[str, Any], table_path: str) -> dict[str, Any]:
    table: Any = config
    for part in table_path.split("."):
        table = table.get(part, {}) if isinstance(table, dict) else {}
    return table if isinstance(table, dict) else {}


def _as_setting(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    return str(value)
