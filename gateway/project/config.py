"""A project's `supabase/config.toml` as gateway settings.

Each supported key becomes the environment variable that would set it, so one parser (Settings.from_env) checks
every value and the environment overrides the file. Values may be written `env(NAME)`, as the Supabase CLI allows;
one whose variable is unset is named in one warning, as the CLI warns and goes on: a sign-in provider, auth hook or
SMTP server that needs it stays off, any other key keeps the gateway's default.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from gateway.config_values import ConfigError, parse_duration, parse_size
from gateway.project import auth_providers
from gateway.project.auth_hooks import HOOK_KEYS, HOOK_NAMES, setting_name
from gateway.project.folder import CONFIG_PATH, Project

# (table path, key) -> setting name
SUPPORTED: dict[tuple[str, str], str] = {
    ("api", "port"): "API_PORT",
    ("api", "schemas"): "DB_SCHEMAS",
    ("api", "extra_search_path"): "DB_EXTRA_SEARCH_PATH",
    ("api", "max_rows"): "MAX_ROWS",
    ("db", "port"): "DB_PORT",
    ("storage", "file_size_limit"): "FILE_SIZE_LIMIT",
    ("auth", "site_url"): "SITE_URL",
    ("auth", "additional_redirect_urls"): "ADDITIONAL_REDIRECT_URLS",
    ("auth", "jwt_expiry"): "JWT_EXP",
    ("auth", "jwt_secret"): "JWT_SECRET",
    ("auth", "publishable_key"): "PUBLISHABLE_KEY",
    ("auth", "secret_key"): "SECRET_KEY",
    ("auth", "signing_keys_path"): "JWT_JWKS_FILE",
    ("auth", "refresh_token_reuse_interval"): "SECURITY_REFRESH_TOKEN_REUSE_INTERVAL",
    ("auth", "enable_signup"): "DISABLE_SIGNUP",
    ("auth", "enable_anonymous_sign_ins"): "EXTERNAL_ANONYMOUS_USERS_ENABLED",
    ("auth", "minimum_password_length"): "PASSWORD_MIN_LENGTH",
    ("auth", "password_requirements"): "PASSWORD_REQUIRED_CHARACTERS",
    ("auth", "enable_manual_linking"): "SECURITY_MANUAL_LINKING_ENABLED",
    ("auth.email", "enable_signup"): "EXTERNAL_EMAIL_ENABLED",
    ("auth.email", "double_confirm_changes"): "MAILER_SECURE_EMAIL_CHANGE_ENABLED",
    ("auth.email", "enable_confirmations"): "MAIL_AUTOCONFIRM",
    ("auth.email", "secure_password_change"): "SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION",
    ("auth.email", "max_frequency"): "SMTP_MAX_FREQUENCY",
    ("auth.email", "otp_length"): "MAILER_OTP_LENGTH",
    ("auth.email", "otp_expiry"): "MAILER_OTP_EXP",
    ("auth.rate_limit", "token_refresh"): "RATE_LIMIT_TOKEN_REFRESH",
    ("auth.rate_limit", "sign_in_sign_ups"): "RATE_LIMIT_OTP",
    ("auth.rate_limit", "token_verifications"): "RATE_LIMIT_VERIFY",
    ("auth.rate_limit", "anonymous_users"): "RATE_LIMIT_ANONYMOUS_USERS",
    ("auth.mfa", "max_enrolled_factors"): "MFA_MAX_ENROLLED_FACTORS",
    ("auth.mfa.totp", "enroll_enabled"): "MFA_TOTP_ENROLL_ENABLED",
    ("auth.mfa.totp", "verify_enabled"): "MFA_TOTP_VERIFY_ENABLED",
    ("auth.mfa.web_authn", "enroll_enabled"): "MFA_WEB_AUTHN_ENROLL_ENABLED",
    ("auth.mfa.web_authn", "verify_enabled"): "MFA_WEB_AUTHN_VERIFY_ENABLED",
    ("auth.passkey", "enabled"): "PASSKEY_ENABLED",
    ("auth.webauthn", "rp_id"): "WEBAUTHN_RP_ID",
    ("auth.webauthn", "rp_display_name"): "WEBAUTHN_RP_DISPLAY_NAME",
    ("auth.webauthn", "rp_origins"): "WEBAUTHN_RP_ORIGINS",
    ("auth.oauth_server", "enabled"): "OAUTH_SERVER_ENABLED",
    ("inbucket", "enabled"): "DEV_MAILBOX",
}
# [auth.email.smtp] together makes SMTP_URL and MAIL_FROM, so its keys are read as one table.
SMTP_TABLE = "auth.email.smtp"
SMTP_KEYS = ("enabled", "host", "port", "user", "pass", "admin_email", "sender_name")
# [auth.external.<provider>], one table per provider of any name, read as GoTrue's EXTERNAL_<PROVIDER>_* settings.
EXTERNAL_TABLE = "auth.external"
# Without [auth.email.smtp], the sender of the CLI's local mail server makes MAIL_FROM.
INBUCKET_SENDER = {("inbucket", "admin_email"), ("inbucket", "sender_name")}

# GoTrue's sets for each `password_requirements` value (the Supabase CLI's own translation).
PASSWORD_REQUIREMENTS = {
    "": "",
    "letters_digits": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
    "lower_upper_letters_digits": "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
    "lower_upper_letters_digits_symbols":
        "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789:!@#$%^&*()_+-=[]{};'\\\\:\"|<>?,./`~",
}
# The file counts these per 5 minutes, as GoTrue does; the gateway's settings count per hour.
PER_FIVE_MINUTES = {"RATE_LIMIT_TOKEN_REFRESH", "RATE_LIMIT_OTP", "RATE_LIMIT_VERIFY"}
INTEGERS = PER_FIVE_MINUTES | {"API_PORT", "DB_PORT", "RATE_LIMIT_ANONYMOUS_USERS", "MAX_ROWS", "JWT_EXP", "SECURITY_REFRESH_TOKEN_REUSE_INTERVAL",
                               "PASSWORD_MIN_LENGTH", "MAILER_OTP_LENGTH", "MAILER_OTP_EXP",
                               "MFA_MAX_ENROLLED_FACTORS"}
BOOLEANS = {"DISABLE_SIGNUP", "SECURITY_MANUAL_LINKING_ENABLED", "EXTERNAL_ANONYMOUS_USERS_ENABLED", "EXTERNAL_EMAIL_ENABLED",
            "MAILER_SECURE_EMAIL_CHANGE_ENABLED", "MAIL_AUTOCONFIRM", "SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION",
            "MFA_TOTP_ENROLL_ENABLED", "MFA_TOTP_VERIFY_ENABLED", "OAUTH_SERVER_ENABLED", "DEV_MAILBOX",
            "MFA_WEB_AUTHN_ENROLL_ENABLED", "MFA_WEB_AUTHN_VERIFY_ENABLED", "PASSKEY_ENABLED"}
LISTS = {"DB_SCHEMAS", "DB_EXTRA_SEARCH_PATH", "ADDITIONAL_REDIRECT_URLS", "WEBAUTHN_RP_ORIGINS"}
# Keys whose setting says the opposite ("enable_signup" -> DISABLE_SIGNUP).
NEGATED = {"DISABLE_SIGNUP", "MAIL_AUTOCONFIRM"}
ENV_PATTERN = re.compile(r"^env\((.*)\)$")

# [auth.hook.<name>] enabled / uri / secrets -> GoTrue's HOOK_<NAME>_ENABLED / _URI / _SECRETS.
HOOK_TABLE = "auth.hook."
SUPPORTED.update({(f"auth.hook.{hook}", key): setting_name(hook, key) for hook in HOOK_NAMES for key in HOOK_KEYS})
BOOLEANS |= {setting_name(hook, "enabled") for hook in HOOK_NAMES}


@dataclass
class ConfigSettings:
    values: dict[str, str]  # setting name -> value
    unset: dict[str, list[str]] = field(default_factory=dict)  # variable -> the keys naming it: "[auth] site_url"
    off: list[str] = field(default_factory=list)  # the tables left off for want of one

    def unset_warning(self, config_file: Path | None) -> str | None:
        """One line naming every unset variable and what becomes of the keys naming them, or None."""
        if not self.unset:
            return None
        said = (f"environment variable is unset: {', '.join(self.unset)}" if len(self.unset) == 1
                else f"environment variables are unset: {', '.join(self.unset)}")
        uses = "; ".join(f"{variable} in {', '.join(places)}" for variable, places in self.unset.items())
        effects = []
        if self.off:
            effects.append(", ".join(f"[{table}]" for table in self.off) + (" stays off" if len(self.off) == 1
                                                                             else " stay off"))
        if any(not place.startswith(tuple(f"[{table}]" for table in self.off))
               for places in self.unset.values() for place in places):
            effects.append("other keys keep the gateway's defaults")
        return f"{config_file}: {said} ({uses}); {', '.join(effects)}"


class _Environment:
    """Resolves `env(NAME)` values as the CLI does: a whole string `env(NAME)` becomes that variable's value; an
    unset or empty one is noted and read as absent."""

    def __init__(self, environ: Mapping[str, str], found: ConfigSettings) -> None:
        self._environ, self._found = environ, found

    def resolve(self, value: Any, place: str, *, quiet: bool = False) -> Any:
        if isinstance(value, list):
            items = [self.resolve(item, place, quiet=quiet) for item in value]
            return None if None in items else items
        match = ENV_PATTERN.match(value) if isinstance(value, str) else None
        if match is None:
            return value
        resolved = self._environ.get(match.group(1)) or None
        if resolved is None and not quiet:
            self._found.unset.setdefault(match.group(1), []).append(place)
        return resolved

    def resolve_table(self, table_path: str, table: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any] | None:
        """A table's keys, or None (the table off) when it is switched on and one names an unset variable; a
        switched-off table's unset variables are not named, as the CLI's template names some that need not be set."""
        enabled = self.resolve(table.get("enabled"), f"[{table_path}] enabled", quiet=True)
        quiet = not (enabled is True or (isinstance(enabled, str) and enabled.strip().lower() == "true"))
        values = {key: self.resolve(table.get(key), f"[{table_path}] {key}", quiet=quiet) for key in keys}
        if not quiet and any(values[key] is None and table.get(key) is not None for key in keys):
            self._found.off.append(table_path)
            return None
        return values


def settings_from_config(project: Project, environ: Mapping[str, str]) -> ConfigSettings:
    """`environ` resolves `env(NAME)` values."""
    where = str(project.config_file)
    found = ConfigSettings({})
    env = _Environment(environ, found)
    settings = found.values
    for (table_path, key), name in SUPPORTED.items():
        if table_path.startswith(HOOK_TABLE):
            continue
        value = env.resolve(lookup(project.config, table_path).get(key), f"[{table_path}] {key}")
        if value is not None:
            _put(settings, name, value, f"{where}: [{table_path}] {key}")
    for hook in HOOK_NAMES:
        table_path = f"{HOOK_TABLE}{hook}"
        hook_values = env.resolve_table(table_path, lookup(project.config, table_path), HOOK_KEYS)
        for key, value in (hook_values or {}).items():
            if value is not None:
                _put(settings, setting_name(hook, key), value, f"{where}: [{table_path}] {key}")
    if lookup(project.config, "auth.email").get("enable_confirmations") is None:
        # The CLI reads a missing key as false: its projects sign up without confirming unless they ask.
        settings["MAIL_AUTOCONFIRM"] = _setting_bool(True)
    smtp_table = env.resolve_table(SMTP_TABLE, lookup(project.config, SMTP_TABLE), SMTP_KEYS)
    smtp = _smtp_settings(smtp_table, f"{where}: [{SMTP_TABLE}]") if smtp_table else {}
    if not smtp:
        # As `supabase start`: without its own SMTP server, mail goes out as [inbucket]'s sender.
        inbucket = lookup(project.config, "inbucket")
        admin_email, sender_name = inbucket.get("admin_email"), inbucket.get("sender_name")
        if isinstance(admin_email, str) and admin_email:
            smtp = {"MAIL_FROM": _sender(admin_email, sender_name if isinstance(sender_name, str) else None)}
    settings.update(smtp)
    if "JWT_JWKS_FILE" in settings:
        # Relative to the supabase/ folder, as the CLI reads it.
        settings["JWT_JWKS_FILE"] = str((project.root / CONFIG_PATH.parent / settings["JWT_JWKS_FILE"]).resolve())
    for provider, table in lookup(project.config, EXTERNAL_TABLE).items():
        if isinstance(table, dict):
            settings.update(_provider_settings(provider, table, env, f"{where}: [{EXTERNAL_TABLE}.{provider}]"))
    return found


def lookup(config: dict[str, Any], table_path: str) -> dict[str, Any]:
    table: Any = config
    for part in table_path.split("."):
        table = table.get(part, {}) if isinstance(table, dict) else {}
    return table if isinstance(table, dict) else {}


def _put(settings: dict[str, str], name: str, value: Any, label: str) -> None:
    converted = _convert(name, value, label)
    if converted is not None:
        settings[name] = converted


def _convert(name: str, value: Any, label: str) -> str | None:
    """The value in the form the setting's parser reads; None leaves the gateway's default."""
    if name in LISTS:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise ConfigError(f"{label} must be a list of strings, got {value!r}")
        return ",".join(items)
    if name in BOOLEANS:
        flag = _as_bool(value, label)
        if name == "DEV_MAILBOX" and flag:
            # Inbucket's equivalent signs people in: only the gateway's own rule (loopback only) may turn it on.
            return None
        return _setting_bool(not flag if name in NEGATED else flag)
    if name in INTEGERS:
        number = _as_int(value, label)
        return str(number * 12 if name in PER_FIVE_MINUTES else number)
    if name == "FILE_SIZE_LIMIT":
        size = parse_size(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if size is None:
            raise ConfigError(f"{label} must be a size such as \"50MiB\", got {value!r}")
        return str(size)
    if name == "SMTP_MAX_FREQUENCY":
        seconds = parse_duration(str(value)) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if seconds is None:
            raise ConfigError(f"{label} must be a duration such as \"60s\" or \"1m\", got {value!r}")
        return str(seconds)
    if not isinstance(value, str):
        raise ConfigError(f"{label} must be a string, got {value!r}")
    if name == "PASSWORD_REQUIRED_CHARACTERS":
        if value not in PASSWORD_REQUIREMENTS:
            choices = ", ".join(repr(choice) for choice in PASSWORD_REQUIREMENTS)
            raise ConfigError(f"{label} must be one of {choices}, got {value!r}")
        return PASSWORD_REQUIREMENTS[value]
    return value


def _as_bool(value: Any, label: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in {"true", "false"}:
        return value.strip().lower() == "true"
    raise ConfigError(f"{label} must be true or false, got {value!r}")


def _as_int(value: Any, label: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise ConfigError(f"{label} must be a whole number, got {value!r}")


def _setting_bool(flag: bool) -> str:
    return "true" if flag else "false"


def _smtp_settings(values: dict[str, Any], label: str) -> dict[str, str]:
    if values["enabled"] is None or not _as_bool(values["enabled"], f"{label} enabled"):
        return {}
    host = values["host"]
    if not isinstance(host, str) or not host:
        raise ConfigError(f"{label} host must be set when enabled = true")
    port = _as_int(values["port"] if values["port"] is not None else 587, f"{label} port")
    user = values["user"] or ""
    credentials = f"{quote(user, safe='')}:{quote(values['pass'] or '', safe='')}@" if user else ""
    scheme = "smtps" if port == 465 else "smtp"
    settings = {"SMTP_URL": f"{scheme}://{credentials}{host}:{port}"}
    if values["admin_email"]:
        settings["MAIL_FROM"] = _sender(str(values["admin_email"]), values["sender_name"])
    return settings


def _provider_settings(provider: str, table: dict[str, Any], env: _Environment, label: str) -> dict[str, str]:
    values = env.resolve_table(f"{EXTERNAL_TABLE}.{provider}", table, auth_providers.PROVIDER_KEYS)
    if not values or values["enabled"] is None or not _as_bool(values["enabled"], f"{label} enabled"):
        return {}
    settings = {}
    for key, value in values.items():
        if value is None:
            continue
        if key in ("enabled", "skip_nonce_check", "email_optional"):
            value = _setting_bool(_as_bool(value, f"{label} {key}"))
        elif not isinstance(value, str):
            raise ConfigError(f"{label} {key} must be a string, got {value!r}")
        settings[auth_providers.setting_name(provider, key)] = value
    return settings


def _sender(admin_email: str, sender_name: str | None) -> str:
    return f"{sender_name} <{admin_email}>" if sender_name else admin_email
