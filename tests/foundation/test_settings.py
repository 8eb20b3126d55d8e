"""Settings come from the environment (and .env), with sensible defaults and refusals a user can act on."""

import stat

import pytest

from gateway.config_values import ConfigError
from gateway.settings import Settings


def test_embedded_defaults_and_a_secret_generated_once_per_data_folder(tmp_path):
    first = Settings.from_env({"DATA_DIR": str(tmp_path)}, env_file=tmp_path / "none.env")
    again = Settings.from_env({"DATA_DIR": str(tmp_path)}, env_file=tmp_path / "none.env")
    assert first.embedded and first.dev_mailbox and first.seed_demo
    assert (first.api_port, first.jwt_exp, first.db_schemas) == (54321, 3600, ("public",))
    assert first.jwt_secret == again.jwt_secret and len(first.jwt_secret) >= 32
    assert stat.S_IMODE((tmp_path / "jwt_secret").stat().st_mode) == 0o600


def test_an_external_database_turns_off_development_conveniences(tmp_path):
    settings = Settings.from_env(
        {"DATABASE_URL": "postgresql://u:p@db:5432/app", "JWT_SECRET": "s" * 40, "DATA_DIR": str(tmp_path)},
        env_file=tmp_path / "none.env")
    assert not settings.embedded and not settings.dev_mailbox and not settings.seed_demo


def test_dotenv_file_is_read_and_the_environment_wins(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("JWT_EXP=900\nSITE_URL=https://www.gulfsec.example/\nAPI_PORT=6000\n")
    settings = Settings.from_env({"DATA_DIR": str(tmp_path), "API_PORT": "7000"}, env_file=env_file)
    assert (settings.jwt_exp, settings.site_url, settings.api_port) == (900, "https://www.gulfsec.example", 7000)


def test_service_specific_settings_are_read_from_their_variables(tmp_path):
    settings = Settings.from_env({
        "DATA_DIR": str(tmp_path),
        "FUNCTION_URL_SEND_CONTACT_EMAIL": "http://fn:9000",
        "REALTIME_MAX_CHANNELS": "7",
        "REALTIME_HEARTBEAT_TIMEOUT": "30",
        "ADDITIONAL_REDIRECT_URLS": "https://a.example, https://b.example",
    }, env_file=tmp_path / "none.env")
    assert settings.function_urls == {"send-contact-email": "http://fn:9000"}
    assert (settings.realtime_max_channels_per_client, settings.realtime_heartbeat_timeout) == (7, 30.0)
    assert settings.additional_redirect_urls == ("https://a.example", "https://b.example")


def test_published_placeholder_secrets_are_refused_outside_development(tmp_path):
    with pytest.raises(ConfigError, match="placeholder"):
        Settings.from_env({"DATABASE_URL": "postgresql://u@h/db", "DATA_DIR": str(tmp_path),
                           "JWT_SECRET": "super-secret-jwt-token-with-at-least-32-characters-long"},
                          env_file=tmp_path / "none.env")


def test_pool_size_and_the_login_roles_urls(tmp_path):
    external = {"DATABASE_URL": "postgresql://owner:p@db:5432/app", "JWT_SECRET": "s" * 40, "DATA_DIR": str(tmp_path)}
    settings = Settings.from_env({**external, "DB_POOL_SIZE": "25",
                                  "DB_AUTHENTICATOR_URL": "postgresql://authenticator:a@db:5432/app"},
                                 env_file=tmp_path / "none.env")
    assert settings.db_pool_size == 25
    assert (settings.authenticator_url, settings.auth_admin_url) == ("postgresql://authenticator:a@db:5432/app", None)
    embedded = Settings.from_env({"DATA_DIR": str(tmp_path)}, env_file=tmp_path / "none.env")
    bound = embedded.with_database("postgresql://postgres@/postgres?host=/run/pg")
    assert bound.authenticator_url == "postgresql://authenticator@/postgres?host=%2Frun%2Fpg"
    assert bound.auth_admin_url == "postgresql://supabase_auth_admin@/postgres?host=%2Frun%2Fpg"
    with pytest.raises(ConfigError, match="DB_POOL_SIZE must be at least 2"):
        Settings.from_env({**external, "DB_POOL_SIZE": "1"}, env_file=tmp_path / "none.env")
    with pytest.raises(ConfigError, match="DB_AUTH_ADMIN_URL needs DATABASE_URL"):
        Settings.from_env({"DATA_DIR": str(tmp_path), "DB_AUTH_ADMIN_URL": "postgresql://x@db/app"},
                          env_file=tmp_path / "none.env")
