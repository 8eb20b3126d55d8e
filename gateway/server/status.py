"""What a running `gateway serve` records about itself in its data folder (development only): its URLs and keys
for `gateway status`, and the embedded database's URL for the commands that reach it while it runs."""

from __future__ import annotations

import json
import os

from gateway.database.embedded import tcp_url
from gateway.jwt_keys import JwtKeys
from gateway.settings import Settings, write_private

STATUS_FILE = "status.json"
SECRET_STATUS_KEYS = ("service_role_key", "secret_key", "jwt_secret", "db_url")


def status_info(settings: Settings) -> dict[str, str]:
    keys = JwtKeys.from_settings(settings)
    return {
        "api_url": settings.api_external_url,
        "storage_url": f"{settings.api_external_url}/storage/v1",
        "site_url": settings.site_url,
        "anon_key": keys.anon_key,
        "service_role_key": keys.service_role_key,
        "publishable_key": keys.api_keys.default_publishable,
        "secret_key": keys.api_keys.default_secret,
        "jwt_secret": settings.jwt_secret,
        # Embedded, the URL desktop tools and edge functions connect with, whether or not it runs yet.
        "db_url": settings.tcp_database_url or (tcp_url(settings.db_port, settings.db_password) if settings.embedded
                                                else settings.bound_database_url),
    }


def public_status_info(settings: Settings) -> dict[str, str]:
    """What may be printed where logs are kept (a container's output): no keys, no database password."""
    return {key: value for key, value in status_info(settings).items() if key not in SECRET_STATUS_KEYS}


def write_status(settings: Settings, info: dict[str, str]) -> None:
    path = settings.data_dir / STATUS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    write_private(path, json.dumps({**info, "pid": os.getpid()}, indent=2))


def running_status(settings: Settings) -> dict[str, str] | None:
    """What the server serving this data folder wrote at start, while that server runs."""
    recorded = _recorded(settings)
    if recorded is None or _live_pid(recorded) is None:
        return None
    recorded.pop("pid", None)
    return recorded


def running_pid(settings: Settings) -> int | None:
    """The process id of the server serving this data folder, while it runs."""
    recorded = _recorded(settings)
    return None if recorded is None else _live_pid(recorded)


def _live_pid(recorded: dict[str, str]) -> int | None:
    try:
        pid = int(recorded["pid"])
        os.kill(pid, 0)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return pid


def _recorded(settings: Settings) -> dict[str, str] | None:
    try:
        recorded = json.loads((settings.data_dir / STATUS_FILE).read_text())
    except (OSError, ValueError):
        return None
    return recorded if isinstance(recorded, dict) else None


def recorded_database_url(settings: Settings) -> str | None:
    """The embedded server's URL a `gateway serve` recorded in this data folder (running or not)."""
    try:
        return json.loads((settings.data_dir / STATUS_FILE).read_text()).get("db_url") or None
    except (OSError, ValueError, AttributeError):
        return None
