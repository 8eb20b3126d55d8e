"""`gateway status` as `supabase status` prints it: `-o env` and `-o json` under the Supabase CLI's variable names, so a
script written for the CLI (`eval "$(supabase status -o env)"`, `jq .ANON_KEY`) reads the gateway's unchanged, and
`--override-name api.url=NEXT_PUBLIC_SUPABASE_URL` renames a variable as the CLI's flag does."""

from __future__ import annotations

import json
import sys

from gateway.mail import routes as mailbox
from gateway.server.status import running_status, status_info
from gateway.settings import Settings
from gateway.studio import routes as studio_routes
from gateway.studio.access import StudioAccess

# The CLI's names, under the keys its --override-name takes, for what the gateway serves. Like the CLI with a
# service turned off, it leaves out what it does not serve: GraphQL, MCP and Storage's S3 protocol.
CLI_NAMES = {
    "api.url": "API_URL",
    "api.rest_url": "REST_URL",
    "api.functions_url": "FUNCTIONS_URL",
    "db.url": "DB_URL",
    "studio.url": "STUDIO_URL",
    "inbucket.url": "INBUCKET_URL",
    "mailpit.url": "MAILPIT_URL",
    "auth.publishable_key": "PUBLISHABLE_KEY",
    "auth.secret_key": "SECRET_KEY",
    "auth.jwt_secret": "JWT_SECRET",
    "auth.anon_key": "ANON_KEY",
    "auth.service_role_key": "SERVICE_ROLE_KEY",
}
# What godotenv, which writes the CLI's `-o env`, escapes inside its double quotes.
_ENV_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", '"': '\\"', "!": "\\!", "$": "\\$", "`": "\\`"}


class UnknownName(ValueError):
    pass


def names_with(overrides: list[str]) -> dict[str, str]:
    """CLI_NAMES with `key=NAME` overrides (each item may hold several, comma-separated, as the CLI's flag)."""
    names = dict(CLI_NAMES)
    for item in (part.strip() for given in overrides for part in given.split(",")):
        key, equals, name = item.partition("=")
        if not equals or key not in names or not name:
            raise UnknownName(f"--override-name takes KEY=NAME with KEY one of {', '.join(CLI_NAMES)}; got {item!r}")
        names[key] = name
    return names


def cli_values(settings: Settings, info: dict[str, str]) -> dict[str, str]:
    """The values `supabase status` prints, by CLI_NAMES key, from what `gateway serve` recorded (or will use)."""
    api = info["api_url"]
    values = {"api.url": api, "api.rest_url": f"{api}/rest/v1", "api.functions_url": f"{api}/functions/v1",
              "db.url": info.get("db_url"), "auth.publishable_key": info["publishable_key"],
              "auth.secret_key": info.get("secret_key"), "auth.jwt_secret": info.get("jwt_secret"),
              "auth.anon_key": info["anon_key"], "auth.service_role_key": info.get("service_role_key")}
    if StudioAccess.of_process(settings).enabled:
        values["studio.url"] = f"{api}{studio_routes.PREFIX}/"
    if settings.dev_mailbox:
        values["inbucket.url"] = values["mailpit.url"] = f"{api}{mailbox.PREFIX}"
    return {key: value for key, value in values.items() if value}


def as_env(values: dict[str, str]) -> str:
    """NAME="value" lines, sorted, escaped as godotenv writes them."""
    return "\n".join(f'{name}="{"".join(_ENV_ESCAPES.get(c, c) for c in value)}"'
                     for name, value in sorted(values.items()))


def print_status(settings: Settings, *, output: str, overrides: list[str]) -> int:
    """Exits 1 when no `gateway serve` runs for the project, as `supabase status` does, after printing the values
    it will use."""
    try:
        names = names_with(overrides)
    except UnknownName as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    running = running_status(settings)
    info = running or status_info(settings)
    values = {names[key]: value for key, value in cli_values(settings, info).items()}
    if output == "json":
        print(json.dumps(values, indent=2, sort_keys=True))
    elif output == "env":
        print(as_env(values))
    else:
        for key, value in info.items():
            if key != "jwt_secret":
                print(f"{key:>18}: {value}")
    if running is None:
        print("gateway serve is not running for this project; these are the values it will use", file=sys.stderr)
        return 1
    return 0
