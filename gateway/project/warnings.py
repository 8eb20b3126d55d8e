"""What a project asks for that the gateway does not do, named in one line at start.

A config.toml fresh from `supabase init` (or `gateway init`, which writes the same) must not read as a wall of
warnings, so a setting is named only when it asks for something: a section switched on that the gateway lacks, a
served section switched off, or a key whose value differs from the CLI template's. What the template itself switches
on ([storage.s3_protocol]) is the CLI's default, not the user's wish, and is not named while it stays so. The CLI's
local tooling (ports of its containers, Studio, the log backend) has no meaning here and is never named.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from gateway.project.auth_providers import PROVIDER_KEYS
from gateway.project.config import EXTERNAL_TABLE, INBUCKET_SENDER, SMTP_TABLE, SUPPORTED, lookup
from gateway.project.folder import Project

# Read by gateway/project/folder.py itself.
READ_BY_PROJECT = {("db.seed", "enabled"), ("db.seed", "sql_paths")}
# `[storage.buckets.<name>]`, created at start and reset (gateway/cli/seed_buckets.py).
BUCKETS_TABLE = "storage.buckets"
BUCKET_KEYS = {"public", "file_size_limit", "allowed_mime_types", "objects_path"}
# Sections the gateway serves: their `enabled = true` is fine, `enabled = false` is not honoured.
SERVED = {"api", "auth", "realtime", "storage", "storage.image_transformation", "edge_runtime", "db.migrations", "db.seed", SMTP_TABLE}
# The Supabase CLI's own containers and tools, and the gateway's own table.
TOOLING_TABLES = ("db.pooler", "studio", "analytics", "experimental", "gateway")
# `[functions.<name>]`, read by the Deno runtime with the functions themselves.
FUNCTIONS_TABLE = "functions"
TOOLING_KEYS = {
    ("", "project_id"), ("db", "shadow_port"), ("db", "health_timeout"), ("db", "major_version"),
    ("inbucket", "port"), ("inbucket", "smtp_port"), ("inbucket", "pop3_port"), ("edge_runtime", "policy"), ("edge_runtime", "inspector_port"),
    ("edge_runtime", "deno_version"), ("realtime", "ip_version"), ("realtime", "max_header_length"),
}
# The `supabase init` template's values for the keys the gateway does not read, outside sections it switches off.
TEMPLATE_DEFAULTS: dict[tuple[str, str], Any] = {
    ("storage.s3_protocol", "enabled"): True,
    ("db.migrations", "schema_paths"): [],
    ("auth", "enable_refresh_token_rotation"): True,
    ("auth.rate_limit", "email_sent"): 2,
    ("auth.rate_limit", "sms_sent"): 30,
    ("auth.rate_limit", "web3"): 30,
    ("auth.sms", "enable_signup"): False,
    ("auth.sms", "enable_confirmations"): False,
    ("auth.sms", "template"): "Your code is {{ .Code }}",
    ("auth.sms", "max_frequency"): "5s",
    ("auth.mfa.phone", "enroll_enabled"): False,
    ("auth.mfa.phone", "verify_enabled"): False,
    ("auth.mfa.phone", "otp_length"): 6,
    ("auth.mfa.phone", "template"): "Your code is {{ .Code }}",
    ("auth.mfa.phone", "max_frequency"): "5s",
    ("auth.oauth_server", "allow_dynamic_registration"): False,
}
_MISSING = object()


def unsupported(project: Project) -> list[str]:
    """One entry per section or table: "[storage]", "[auth] enable_manual_linking, jwt_issuer"."""
    served = SERVED | {table for table, _ in SUPPORTED}
    honoured = set(SUPPORTED) | READ_BY_PROJECT | INBUCKET_SENDER | {(SMTP_TABLE, key) for key in lookup(project.config, SMTP_TABLE)}
    honoured |= {(f"{EXTERNAL_TABLE}.{provider}", key) for provider in lookup(project.config, EXTERNAL_TABLE)
                 for key in PROVIDER_KEYS}
    sections: list[str] = []
    keys: dict[str, list[str]] = defaultdict(list)
    for table, key, value, enclosing in _leaves(project.config):
        read_elsewhere = _under(table, (*TOOLING_TABLES, FUNCTIONS_TABLE))
        a_bucket_key = _under(table, (BUCKETS_TABLE,)) and table != BUCKETS_TABLE and key in BUCKET_KEYS
        if (table, key) in honoured or (table, key) in TOOLING_KEYS or read_elsewhere or a_bucket_key:
            continue
        if _switched_off(table, enclosing) or _under(table, sections):
            continue
        if TEMPLATE_DEFAULTS.get((table, key), _MISSING) == value:
            continue
        if key == "enabled" and isinstance(value, bool):
            if value and table not in served:
                sections.append(table)
            elif not value and table in served:
                keys[table].append("enabled = false")
        else:
            keys[table].append(key)
    named = [f"[{table}]" for table in sections]
    named += [f"[{table or 'top level'}] {', '.join(names)}" for table, names in keys.items()
              if not _under(table, sections)]
    return named


def start_warning(project: Project) -> str | None:
    """The one warning `gateway serve` prints, or None when the project asks for nothing the gateway lacks."""
    settings = unsupported(project)
    if not settings:
        return None
    return f"{project.config_file} asks for what the gateway does not support (ignored): " + "; ".join(settings)


def _leaves(config: dict[str, Any], table: str = "",
            enclosing: tuple[dict[str, Any], ...] = ()) -> Iterator[tuple[str, str, Any, tuple[dict[str, Any], ...]]]:
    """(table path, key, value, the tables from the top down to this one) for every value that is not a table."""
    chain = (*enclosing, config)
    for key, value in config.items():
        if isinstance(value, dict):
            yield from _leaves(value, f"{table}.{key}" if table else key, chain)
        else:
            yield table, key, value, chain


def _switched_off(table: str, enclosing: tuple[dict[str, Any], ...]) -> bool:
    """A section (or one above it) with `enabled = false` asks for nothing, unless the gateway serves it."""
    parts = table.split(".") if table else []
    for depth, section in enumerate(enclosing[1:], start=1):
        if section.get("enabled") is False and ".".join(parts[:depth]) not in SERVED:
            return True
    return False


def _under(table: str, sections: Any) -> bool:
    return any(table == section or table.startswith(section + ".") for section in sections)



def version_warning(project: Project, server_major: int) -> str | None:
    """`[db] major_version` names the PostgreSQL the project was made for (the CLI starts that image); here the
    database is whichever server runs. An older server than the project's is said once: SQL may use what it lacks.
    A newer one is not: every project the CLI's template makes says 17, and the embedded server is 18."""
    wanted = lookup(project.config, "db").get("major_version")
    if not isinstance(wanted, int) or isinstance(wanted, bool) or wanted <= server_major:
        return None
    return (f"[db] major_version is {wanted}, but the database is PostgreSQL {server_major}: SQL that relies on "
            f"PostgreSQL {wanted}'s features may fail (set DATABASE_URL to a PostgreSQL {wanted} to match)")
