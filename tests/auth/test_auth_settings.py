"""The auth settings read from the environment, with GoTrue's defaults and formats."""

from __future__ import annotations

from pathlib import Path

from gateway.settings import Settings


def from_env(tmp_path: Path, **env: str) -> Settings:
    return Settings.from_env({"DATA_DIR": str(tmp_path), **env}, env_file=tmp_path / "absent.env")


def test_defaults_match_hosted_gotrue(tmp_path):
    settings = from_env(tmp_path)
    assert settings.mailer_secure_email_change_enabled is True and settings.mail_autoconfirm is False
    assert settings.password_min_length == 6 and settings.password_required_characters == ()
    assert (settings.rate_limit_token_per_hour, settings.rate_limit_verify_per_hour,
            settings.rate_limit_email_per_hour, settings.rate_limit_mfa_per_minute) == (1800, 360, 360, 15)


def test_auth_settings_from_the_environment(tmp_path):
    settings = from_env(tmp_path, MAILER_SECURE_EMAIL_CHANGE_ENABLED="false", MAIL_AUTOCONFIRM="true",
                        PASSWORD_REQUIRED_CHARACTERS=r"abc:ABC:0123456789:!@#\:", RATE_LIMIT_OTP="30",
                        ADDITIONAL_REDIRECT_URLS="http://localhost:3000/**, https://*.example.com")
    assert settings.mailer_secure_email_change_enabled is False and settings.mail_autoconfirm is True
    assert settings.password_required_characters == ("abc", "ABC", "0123456789", "!@#:")
    assert settings.rate_limit_email_per_hour == 30
    assert settings.additional_redirect_urls == ("http://localhost:3000/**", "https://*.example.com")
