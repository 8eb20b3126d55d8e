"""One settings object, built once from the environment (and an optional `.env`) and passed to `create_app`."""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urlparse

from dotenv import dotenv_values

from gateway.api_keys import CLI_JWT_SECRET, ApiKeys, configured_api_keys
from gateway.config_values import ConfigError, parse_duration
from gateway.database.roles import AUTH_ROLE, REQUEST_ROLE, as_role
from gateway.project.auth_hooks import HookConfig, hooks_from_env
from gateway.project.auth_providers import ProviderConfig, providers_from_env
from gateway.project.config import settings_from_config
from gateway.project.folder import Project

# The gateway's own source tree; its tests serve the GulfSec site project that lives here too.
PROJECT_ROOT = Path(__file__).resolve().parent.parent
# The sender `supabase start` gives GoTrue when config.toml names none ([inbucket] admin_email, sender_name).
DEFAULT_MAIL_FROM = "Admin <admin@email.com>"
MIN_SECRET_LENGTH = 32
EMBEDDED_SECRET_FILE = "jwt_secret"
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
PLACEHOLDER_SECRETS = {
    CLI_JWT_SECRET,
    "your-super-secret-jwt-token-with-at-least-32-characters-long",
}


def is_loopback(host: str) -> bool:
    """`localhost` or a loopback address (127.0.0.0/8, ::1): a host only this machine reaches. Other names are not
    resolved: what a name resolves to can change between this check and the connection."""
    if host.lower() in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def truthy(value: str | None, default: bool = False) -> bool:
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _duration(name: str, value: str | None, default: int) -> int:
    if value is None or value == "":
        return default
    seconds = parse_duration(value)
    if seconds is None:
        raise ConfigError(f"{name} must be a duration such as 60s or 1m, got {value!r}")
    return seconds


def _cores() -> int:
    """The cores this process may run on (a container's CPU set, not the host's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _int(name: str, value: str | None, default: int) -> int:
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, got {value!r}") from None


@dataclass(frozen=True)
class Settings:
    # Fields holding a secret (a key, a password in a URL) are left out of the repr, which ends up in logs.
    database_url: str | None = field(repr=False)  # the owner: migrations and the gateway's own services
    data_dir: Path
    jwt_secret: str = field(repr=False)
    jwt_exp: int = 3600
    jwks_file: Path | None = None
    api_keys: ApiKeys = field(default_factory=ApiKeys)  # the configured ones; gateway.api_keys adds the missing
    jwt_secret_origin: str = "configured"  # or "supabase-cli" (its well-known local keys), or "generated"
    jwt_admin_roles: tuple[str, ...] = ("service_role", "supabase_admin")
    site_url: str = "http://127.0.0.1:54321"
    api_external_url: str = "http://127.0.0.1:54321"
    additional_redirect_urls: tuple[str, ...] = ()
    api_host: str = "127.0.0.1"
    api_port: int = 54321
    api_workers: int = 1
    smtp_url: str | None = field(default=None, repr=False)
    mail_from: str = DEFAULT_MAIL_FROM
    mail_autoconfirm: bool = False
    mailer_secure_email_change_enabled: bool = True
    dev_mailbox: bool = False
    seed_demo: bool = False
    db_schemas: tuple[str, ...] = ("public",)
    db_extra_search_path: tuple[str, ...] = ("public", "extensions")
    max_rows: int | None = None
    disable_signup: bool = False
    email_signup_enabled: bool = True
    anonymous_sign_ins_enabled: bool = True
    password_change_requires_reauthentication: bool = False
    refresh_token_reuse_interval: int = 10
    mail_otp_length: int = 6
    mail_otp_expiry: int = 3600
    mail_max_frequency: int = 60
    mfa_max_enrolled_factors: int = 10
    mfa_totp_enroll_enabled: bool = True
    mfa_totp_verify_enabled: bool = True
    mfa_webauthn_enroll_enabled: bool = False
    mfa_webauthn_verify_enabled: bool = False
    passkey_enabled: bool = False
    passkey_max_per_user: int = 10
    # The relying party of both: unset, the id is site_url's host, the origins site_url's origin, the name the id.
    webauthn_rp_id: str = ""
    webauthn_rp_display_name: str = ""
    webauthn_rp_origins: tuple[str, ...] = ()
    webauthn_challenge_expiry: int = 300
    oauth_server_enabled: bool = False
    db_plan_enabled: bool = False
    server_timing_enabled: bool = False
    password_min_length: int = 6
    password_required_characters: tuple[str, ...] = ()
    rate_limits_enabled: bool = True
    # Whether /rest/v1 and /auth/v1 refuse a request without an API key (key-auth, as Supabase's API gateways);
    # a Supabase project folder on loopback serves it as anon, as the CLI's local gateway does.
    api_key_required: bool = True
    # GoTrue's hosted defaults: sign-in + refresh per hour, verify per hour, sign-up/recover/otp per hour, MFA per minute,
    # anonymous sign-ins per hour.
    rate_limit_token_per_hour: int = 1800
    rate_limit_verify_per_hour: int = 360
    rate_limit_email_per_hour: int = 360
    rate_limit_mfa_per_minute: int = 15
    rate_limit_anonymous_per_hour: int = 30
    rate_limit_passkey_per_hour: int = 360
    trusted_proxy_header: str | None = None
    max_body_bytes: int = 10 * 1024 * 1024
    request_head_timeout_seconds: int = 20
    request_log: bool = False  # one line per request (gateway.server.request_log); on by default when embedded
    request_body_idle_timeout_seconds: int = 60
    rest_plan_cache_bytes: int = 16 * 1024 * 1024
    db_pool_size: int = 10
    authenticator_url: str | None = field(default=None, repr=False)  # request traffic; unset: DATABASE_URL's role
    auth_admin_url: str | None = field(default=None, repr=False)  # the auth service; unset: DATABASE_URL's role
    project: Project = field(default_factory=lambda: Project.load(PROJECT_ROOT))
    functions_dir: Path = field(default_factory=lambda: PROJECT_ROOT / "functions")
    function_urls: dict[str, str] = field(default_factory=dict)
    functions_reload_on_signal: bool = False  # `gateway serve --watch`: each worker re-imports functions on SIGUSR1
    functions_verify_jwt: bool = True  # off: `--no-verify-jwt`, as the Supabase CLI's flag
    functions_env_file: Path | None = None  # `--env-file`: secrets on top of supabase/functions/.env
    functions_wall_clock_seconds: float = 400.0
    functions_memory_mb: int = 256
    functions_max_workers: int = 16
    db_port: int = 54322  # the embedded server's loopback TCP port, as `supabase start`'s
    db_password: str = field(default="postgres", repr=False)  # `postgres`' password there, as `supabase start`'s
    tcp_database_url: str | None = field(default=None, repr=False)  # the embedded server over TCP, once it listens
    web_dist: Path | None = field(default_factory=lambda: PROJECT_ROOT / "web" / "dist")
    project_ref: str = "default"
    realtime_max_channels_per_client: int = 100
    realtime_max_joins_per_second: int = 100
    realtime_max_events_per_second: int = 100
    realtime_max_payload_bytes: int = 256 * 1024
    realtime_heartbeat_timeout: float = 60.0
    auth_hooks: dict[str, HookConfig] = field(default_factory=dict)  # the enabled ones, by config.toml name
    external_providers: dict[str, ProviderConfig] = field(default_factory=dict)  # the enabled ones, by name
    manual_linking_enabled: bool = False
    storage_dir: Path | None = None
    storage_file_size_limit: int = 50 * 1024 * 1024
    storage_tus_max_open_uploads: int = 20  # per user
    storage_tus_max_open_upload_bytes: int = 10 * 1024 * 1024 * 1024  # per user, the lengths they declared
    storage_backend: str = "file"  # or "s3": the storage_s3_* settings
    unset_env_warning: str | None = None  # config.toml's env(NAME) values whose variable is unset
    storage_s3_endpoint: str | None = None
    storage_s3_bucket: str = ""
    storage_s3_region: str = "us-east-1"
    storage_s3_access_key_id: str | None = field(default=None, repr=False)
    storage_s3_secret_access_key: str | None = field(default=None, repr=False)
    storage_s3_force_path_style: bool = False

    @property
    def embedded(self) -> bool:
        return self.database_url is None

    @property
    def bound_database_url(self) -> str:
        """The owner's URL, once the settings are bound to a database (`with_database`, or DATABASE_URL)."""
        if self.database_url is None:
            raise ConfigError("no database yet: set DATABASE_URL or start the embedded server first")
        return self.database_url

    @property
    def cli_keys_withheld(self) -> bool:
        """A project written against `supabase start` that got a generated secret because its API listens beyond
        loopback (`gateway serve` warns)."""
        return (self.jwt_secret_origin == "generated" and _written_against_cli(self.project)
                and self.api_host not in LOOPBACK_HOSTS)

    @property
    def api_url(self) -> str:
        return f"http://{self.api_host}:{self.api_port}"

    @property
    def storage_root(self) -> Path:
        return self.storage_dir or self.data_dir / "storage"

    def with_database(self, url: str) -> Settings:
        """Bound to `url`; the embedded server (which trusts local connections) is reached as each role by name."""
        if not self.embedded:
            return replace(self, database_url=url)
        return replace(self, database_url=url, authenticator_url=as_role(url, REQUEST_ROLE),
                       auth_admin_url=as_role(url, AUTH_ROLE))

    @classmethod
    def from_env(
        cls, environ: dict[str, str] | None = None, env_file: Path | None = None, project_root: Path | None = None,
    ) -> Settings:
        """Settings of the project in `project_root` (default: the working directory): its config.toml first,
        then its `.env`, then the environment, each overriding the one before."""
        project = Project.load(project_root or Path.cwd())
        dotenv_path = env_file or project.root / ".env"
        outside = {k: v for k, v in dotenv_values(dotenv_path).items() if v is not None} if dotenv_path.exists() else {}
        outside.update(os.environ if environ is None else environ)
        # `env(NAME)` in config.toml reads the same .env and environment that override it.
        from_config = settings_from_config(project, outside)
        env: dict[str, str] = {**from_config.values, **outside}

        database_url = env.get("DATABASE_URL") or None
        if database_url:
            _check_database_url(database_url)
        embedded = database_url is None
        for name in ("DB_AUTHENTICATOR_URL", "DB_AUTH_ADMIN_URL"):
            if env.get(name):
                if embedded:
                    raise ConfigError(f"{name} needs DATABASE_URL: the embedded server is reached as each role"
                                      " by name")
                _check_database_url(env[name], name)
        data_dir = Path(env.get("DATA_DIR") or project.root / ".data").resolve()
        api_host = env.get("API_HOST") or "127.0.0.1"
        api_port = _port("API_PORT", env.get("API_PORT"), 54321)
        default_site = f"http://{api_host}:{api_port}"
        # Served as `supabase start` serves it: its local GoTrue has no per-address limits (no rate-limit header
        # is set) and its API gateway has no key-auth.
        cli_local = _written_against_cli(project) and api_host in LOOPBACK_HOSTS

        jwt_secret = env.get("JWT_SECRET") or ""
        jwt_secret_origin = "configured"
        api_keys = configured_api_keys(env)
        if not jwt_secret:
            if not embedded:
                raise ConfigError("JWT_SECRET is required when DATABASE_URL is set (at least 32 characters)")
            if _takes_cli_keys(project, data_dir, api_host):
                jwt_secret, jwt_secret_origin = CLI_JWT_SECRET, "supabase-cli"
                api_keys = api_keys.or_cli_keys()
            else:
                jwt_secret, jwt_secret_origin = _embedded_secret(data_dir), "generated"
        if len(jwt_secret) < MIN_SECRET_LENGTH:
            raise ConfigError(f"JWT_SECRET must be at least {MIN_SECRET_LENGTH} characters long")
        if not embedded and jwt_secret in PLACEHOLDER_SECRETS:
            raise ConfigError("JWT_SECRET is a published placeholder; generate your own (for example: openssl rand -hex 32)")
        if not embedded and api_keys.holds_cli_key:
            raise ConfigError("PUBLISHABLE_KEY or SECRET_KEY is the Supabase CLI's published local key; generate your"
                              " own")

        function_urls = {}
        for key, value in env.items():
            if key.startswith("FUNCTION_URL_") and value:
                function_urls[key.removeprefix("FUNCTION_URL_").lower().replace("_", "-")] = value

        max_rows = env.get("PGRST_DB_MAX_ROWS") or env.get("MAX_ROWS")
        jwks_file = env.get("JWT_JWKS_FILE")
        return cls(
            database_url=database_url,
            data_dir=data_dir,
            jwt_secret=jwt_secret,
            jwt_exp=_int("JWT_EXP", env.get("JWT_EXP"), 3600),
            jwks_file=Path(jwks_file) if jwks_file else None,
            api_keys=api_keys,
            jwt_secret_origin=jwt_secret_origin,
            jwt_admin_roles=tuple(r.strip() for r in (env.get("JWT_ADMIN_ROLES") or "service_role,supabase_admin")
                                  .split(",") if r.strip()),
            site_url=(env.get("SITE_URL") or default_site).rstrip("/"),
            api_external_url=(env.get("API_EXTERNAL_URL") or default_site).rstrip("/"),
            additional_redirect_urls=tuple(
                u.strip() for u in (env.get("ADDITIONAL_REDIRECT_URLS") or "").split(",") if u.strip()
            ),
            api_host=api_host,
            api_port=api_port,
            # One process per core: the services share nothing but PostgreSQL (see gateway.server.workers).
            api_workers=max(1, _int("API_WORKERS", env.get("API_WORKERS"), _cores())),
            smtp_url=env.get("SMTP_URL") or None,
            mail_from=env.get("MAIL_FROM") or DEFAULT_MAIL_FROM,
            mail_autoconfirm=truthy(env.get("MAIL_AUTOCONFIRM")),
            mailer_secure_email_change_enabled=truthy(env.get("MAILER_SECURE_EMAIL_CHANGE_ENABLED"), default=True),
            # Its links sign people in: on by default only for an embedded project that the network cannot reach.
            dev_mailbox=truthy(env.get("DEV_MAILBOX"), default=embedded and is_loopback(api_host)),
            # Demo accounts have published passwords: a project that has them is seeded by default only there too.
            seed_demo=truthy(env.get("SEED_DEMO"), default=embedded and project.seed_enabled
                            and (is_loopback(api_host) or not project.demo_accounts)),
            db_schemas=comma_list(env.get("DB_SCHEMAS") or "public"),
            db_extra_search_path=comma_list(env.get("DB_EXTRA_SEARCH_PATH", "public,extensions")),
            disable_signup=truthy(env.get("DISABLE_SIGNUP")),
            email_signup_enabled=truthy(env.get("EXTERNAL_EMAIL_ENABLED"), default=True),
            anonymous_sign_ins_enabled=truthy(env.get("EXTERNAL_ANONYMOUS_USERS_ENABLED"), default=True),
            password_change_requires_reauthentication=truthy(
                env.get("SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION")),
            refresh_token_reuse_interval=_int(
                "SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", env.get("SECURITY_REFRESH_TOKEN_REUSE_INTERVAL"), 10),
            mail_otp_length=_int("MAILER_OTP_LENGTH", env.get("MAILER_OTP_LENGTH"), 6),
            mail_otp_expiry=_int("MAILER_OTP_EXP", env.get("MAILER_OTP_EXP"), 3600),
            mail_max_frequency=_duration("SMTP_MAX_FREQUENCY", env.get("SMTP_MAX_FREQUENCY"), 60),
            mfa_max_enrolled_factors=_int("MFA_MAX_ENROLLED_FACTORS", env.get("MFA_MAX_ENROLLED_FACTORS"), 10),
            mfa_totp_enroll_enabled=truthy(env.get("MFA_TOTP_ENROLL_ENABLED"), default=True),
            mfa_totp_verify_enabled=truthy(env.get("MFA_TOTP_VERIFY_ENABLED"), default=True),
            mfa_webauthn_enroll_enabled=truthy(env.get("MFA_WEB_AUTHN_ENROLL_ENABLED")),
            mfa_webauthn_verify_enabled=truthy(env.get("MFA_WEB_AUTHN_VERIFY_ENABLED")),
            passkey_enabled=truthy(env.get("PASSKEY_ENABLED")),
            passkey_max_per_user=_int("PASSKEY_MAX_PASSKEYS_PER_USER", env.get("PASSKEY_MAX_PASSKEYS_PER_USER"), 10),
            webauthn_rp_id=env.get("WEBAUTHN_RP_ID") or "",
            webauthn_rp_display_name=env.get("WEBAUTHN_RP_DISPLAY_NAME") or "",
            webauthn_rp_origins=comma_list(env.get("WEBAUTHN_RP_ORIGINS") or ""),
            webauthn_challenge_expiry=_duration("WEBAUTHN_CHALLENGE_EXPIRY_DURATION",
                                                env.get("WEBAUTHN_CHALLENGE_EXPIRY_DURATION"), 300),
            oauth_server_enabled=truthy(env.get("OAUTH_SERVER_ENABLED")),
            max_rows=_int("MAX_ROWS", max_rows, 0) or None,
            db_plan_enabled=truthy(env.get("DB_PLAN_ENABLED"), default=False),
            server_timing_enabled=truthy(env.get("SERVER_TIMING_ENABLED"), default=False),
            password_min_length=_int("PASSWORD_MIN_LENGTH", env.get("PASSWORD_MIN_LENGTH"), 6),
            password_required_characters=_character_sets(env.get("PASSWORD_REQUIRED_CHARACTERS") or ""),
            rate_limits_enabled=truthy(env.get("RATE_LIMITS"), default=not cli_local),
            api_key_required=truthy(env.get("API_KEY_REQUIRED"), default=not cli_local),
            rate_limit_token_per_hour=_int("RATE_LIMIT_TOKEN_REFRESH", env.get("RATE_LIMIT_TOKEN_REFRESH"), 1800),
            rate_limit_verify_per_hour=_int("RATE_LIMIT_VERIFY", env.get("RATE_LIMIT_VERIFY"), 360),
            rate_limit_email_per_hour=_int("RATE_LIMIT_OTP", env.get("RATE_LIMIT_OTP"), 360),
            rate_limit_mfa_per_minute=_int("RATE_LIMIT_MFA", env.get("RATE_LIMIT_MFA"), 15),
            rate_limit_anonymous_per_hour=_int("RATE_LIMIT_ANONYMOUS_USERS", env.get("RATE_LIMIT_ANONYMOUS_USERS"), 30),
            rate_limit_passkey_per_hour=_int("RATE_LIMIT_PASSKEY", env.get("RATE_LIMIT_PASSKEY"), 360),
            trusted_proxy_header=env.get("TRUSTED_PROXY_HEADER") or None,
            max_body_bytes=_int("MAX_BODY_BYTES", env.get("MAX_BODY_BYTES"), 10 * 1024 * 1024),
            request_log=truthy(env.get("REQUEST_LOG"), default=embedded),
            request_head_timeout_seconds=_int("REQUEST_HEAD_TIMEOUT", env.get("REQUEST_HEAD_TIMEOUT"), 20),
            request_body_idle_timeout_seconds=_int("REQUEST_BODY_IDLE_TIMEOUT", env.get("REQUEST_BODY_IDLE_TIMEOUT"),
                                                   60),
            rest_plan_cache_bytes=_int("REST_PLAN_CACHE_BYTES", env.get("REST_PLAN_CACHE_BYTES"), 16 * 1024 * 1024),
            db_pool_size=_pool_size(env.get("DB_POOL_SIZE")),
            authenticator_url=env.get("DB_AUTHENTICATOR_URL") or None,
            auth_admin_url=env.get("DB_AUTH_ADMIN_URL") or None,
            project=project,
            functions_dir=project.functions_dir,
            function_urls=function_urls,
            functions_wall_clock_seconds=float(_int("FUNCTIONS_WALL_CLOCK_LIMIT", env.get("FUNCTIONS_WALL_CLOCK_LIMIT"),
                                                    400)),
            functions_memory_mb=_int("FUNCTIONS_MEMORY_LIMIT_MB", env.get("FUNCTIONS_MEMORY_LIMIT_MB"), 256),
            functions_max_workers=max(1, _int("FUNCTIONS_MAX_WORKERS", env.get("FUNCTIONS_MAX_WORKERS"), 16)),
            db_port=_port("DB_PORT", env.get("DB_PORT"), 54322),
            db_password=env.get("DB_PASSWORD") or "postgres",
            web_dist=project.site_dir,
            realtime_max_channels_per_client=_int(
                "REALTIME_MAX_CHANNELS", env.get("REALTIME_MAX_CHANNELS"), 100),
            realtime_max_joins_per_second=_int(
                "REALTIME_MAX_JOINS_PER_SECOND", env.get("REALTIME_MAX_JOINS_PER_SECOND"), 100),
            realtime_max_events_per_second=_int(
                "REALTIME_MAX_EVENTS_PER_SECOND", env.get("REALTIME_MAX_EVENTS_PER_SECOND"), 100),
            realtime_max_payload_bytes=_int(
                "REALTIME_MAX_PAYLOAD_BYTES", env.get("REALTIME_MAX_PAYLOAD_BYTES"), 256 * 1024),
            realtime_heartbeat_timeout=float(_int(
                "REALTIME_HEARTBEAT_TIMEOUT", env.get("REALTIME_HEARTBEAT_TIMEOUT"), 60)),
            auth_hooks=hooks_from_env(env),
            external_providers=providers_from_env(env),
            unset_env_warning=from_config.unset_warning(project.config_file),
            manual_linking_enabled=truthy(env.get("SECURITY_MANUAL_LINKING_ENABLED")),
            storage_dir=Path(env["FILE_STORAGE_BACKEND_PATH"]).resolve() if env.get("FILE_STORAGE_BACKEND_PATH")
            else None,
            storage_file_size_limit=_int("FILE_SIZE_LIMIT", env.get("FILE_SIZE_LIMIT"), 50 * 1024 * 1024),
            storage_tus_max_open_uploads=_int("TUS_MAX_OPEN_UPLOADS", env.get("TUS_MAX_OPEN_UPLOADS"), 20),
            storage_tus_max_open_upload_bytes=_int("TUS_MAX_OPEN_UPLOAD_BYTES", env.get("TUS_MAX_OPEN_UPLOAD_BYTES"),
                                                   10 * 1024 * 1024 * 1024),
            **_storage_backend(env),
        )


def _port(name: str, value: str | None, default: int) -> int:
    port = _int(name, value, default)
    if not 0 < port < 65536:
        raise ConfigError(f"{name} must be between 1 and 65535, got {port}")
    return port


def _storage_backend(env: dict[str, str]) -> dict:
    backend = env.get("STORAGE_BACKEND") or "file"
    if backend not in ("file", "s3"):
        raise ConfigError(f"STORAGE_BACKEND must be file or s3, got {backend!r}")
    if backend == "s3" and not env.get("STORAGE_S3_BUCKET"):
        raise ConfigError("STORAGE_BACKEND=s3 needs STORAGE_S3_BUCKET")
    return dict(storage_backend=backend, storage_s3_endpoint=env.get("STORAGE_S3_ENDPOINT") or None,
                storage_s3_bucket=env.get("STORAGE_S3_BUCKET", ""),
                storage_s3_region=env.get("STORAGE_S3_REGION") or "us-east-1",
                storage_s3_access_key_id=env.get("STORAGE_S3_ACCESS_KEY_ID") or None,
                storage_s3_secret_access_key=env.get("STORAGE_S3_SECRET_ACCESS_KEY") or None,
                storage_s3_force_path_style=truthy(env.get("STORAGE_S3_FORCE_PATH_STYLE")))


def _pool_size(value: str | None) -> int:
    size = _int("DB_POOL_SIZE", value, 10)
    if size < 2:
        raise ConfigError(f"DB_POOL_SIZE must be at least 2, got {size}")
    return size


def comma_list(value: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in value.split(",") if name.strip())


def _character_sets(value: str) -> tuple[str, ...]:
    """GoTrue's format: sets separated by `:`, a literal colon written `\\:`."""
    return tuple(part.replace("\\:", ":") for part in re.split(r"(?<!\\):", value) if part)


def _check_database_url(url: str, name: str = "DATABASE_URL") -> None:
    parsed = urlparse(url)
    if parsed.scheme not in {"postgres", "postgresql"}:
        raise ConfigError(f"{name} must start with postgresql://, got scheme {parsed.scheme or '(none)'!r}")


def _takes_cli_keys(project: Project, data_dir: Path, api_host: str) -> bool:
    """A project written against `supabase start` gets its well-known secret and keys, so its `.env` files and
    fixtures work unchanged; only where the network cannot reach the API (anyone can forge tokens with that secret).
    A data folder that already has its own secret keeps it, and so does a project that serves its own site
    (`[gateway] site`, this repository's): it was never written against the CLI's keys."""
    return (_written_against_cli(project) and api_host in LOOPBACK_HOSTS
            and not (data_dir / EMBEDDED_SECRET_FILE).exists())


def _written_against_cli(project: Project) -> bool:
    return project.config_file is not None and project.site_dir is None


def _embedded_secret(data_dir: Path) -> str:
    """Generated once per data folder, so keys stay valid across restarts."""
    path = data_dir / EMBEDDED_SECRET_FILE
    try:
        if path.exists():
            return path.read_text().strip()
        data_dir.mkdir(parents=True, exist_ok=True)
        value = secrets.token_hex(32)
        write_private(path, value)
        return value
    except OSError as exc:
        raise ConfigError(f"data folder {data_dir} cannot be written: {exc.strerror}") from None


def write_private(path: Path, text: str) -> None:
    """Readable by the owner only from the first byte on (write-then-chmod leaves a window where it is not)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        os.fchmod(fd, 0o600)
        handle.write(text)
