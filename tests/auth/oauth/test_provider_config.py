"""`[auth.external.<provider>]` in a project's config.toml, and the same as GoTrue's environment settings."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from gateway.auth.external.providers import Provider
from gateway.config_values import ConfigError
from gateway.project.auth_providers import ProviderConfig
from gateway.project.folder import Project
from gateway.project.warnings import start_warning
from gateway.settings import Settings
from tests.foundation.test_project_config import FIXTURE, project_with, settings_of

GOOGLE = """
[auth.external.google]
enabled = true
client_id = "1234-abc.apps.googleusercontent.com"
secret = "env(SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET)"
redirect_uri = ""
url = ""
skip_nonce_check = true
email_optional = false
"""


def test_a_real_projects_google_section_starts_without_a_warning_and_reaches_the_settings(tmp_path):
    config = FIXTURE.read_text().replace("enable_manual_linking = false", "enable_manual_linking = true") + GOOGLE
    root = project_with(tmp_path, config)
    settings = settings_of(root, SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET="google-secret")
    assert start_warning(Project.load(root)) is None
    assert settings.external_providers == {"google": ProviderConfig(
        name="google", client_ids=("1234-abc.apps.googleusercontent.com",), secret="google-secret", redirect_uri="",
        url="", skip_nonce_check=True, email_optional=False)}
    assert settings.manual_linking_enabled is True


def test_a_switched_off_provider_is_not_read_even_with_its_secret_unset(tmp_path):
    root = project_with(tmp_path, GOOGLE.replace("enabled = true", "enabled = false"))
    assert settings_of(root).external_providers == {}


def test_an_enabled_provider_whose_secret_variable_is_unset_stays_off_with_a_warning_naming_it(tmp_path):
    settings = settings_of(project_with(tmp_path, GOOGLE))
    assert settings.external_providers == {}
    assert settings.unset_env_warning is not None
    assert settings.unset_env_warning.endswith(
        "SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET in [auth.external.google] secret); [auth.external.google] stays off")


def test_the_environment_alone_enables_a_provider_of_any_name_and_overrides_the_file(tmp_path):
    root = project_with(tmp_path, GOOGLE)
    settings = settings_of(root, SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET="s", EXTERNAL_GOOGLE_CLIENT_ID="a,b",
                           EXTERNAL_COMPANY_ENABLED="true", EXTERNAL_COMPANY_CLIENT_ID="gateway",
                           EXTERNAL_COMPANY_SECRET="c", EXTERNAL_COMPANY_URL="https://id.example.com/realm/",
                           EXTERNAL_EMAIL_ENABLED="true", EXTERNAL_ANONYMOUS_USERS_ENABLED="true")
    assert sorted(settings.external_providers) == ["company", "google"]
    assert settings.external_providers["google"].client_ids == ("a", "b")
    company = settings.external_providers["company"]
    assert (company.client_id, company.secret, company.url) == ("gateway", "c", "https://id.example.com/realm")


def test_an_enabled_provider_without_a_client_id_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="external provider github is enabled but has no client id"):
        settings_of(tmp_path, EXTERNAL_GITHUB_ENABLED="true")


def test_apple_is_asked_to_answer_with_a_form_post_as_gotrue_asks_it():
    settings = Settings(database_url="postgresql://unused", data_dir=Path("unused"), jwt_secret="x" * 32)

    def authorization_query(name: str) -> dict[str, list[str]]:
        config = ProviderConfig(name=name, client_ids=("client",), secret="secret", redirect_uri="", url="")
        provider = Provider(config, "https://id.example.com/authorize", "https://id.example.com/token",
                            ("openid",), "https://id.example.com")
        url = provider.authorization_url(settings, "a-state", "a-nonce", None, {})
        return parse_qs(urlsplit(url).query)

    assert authorization_query("apple")["response_mode"] == ["form_post"]
    assert "response_mode" not in authorization_query("google")
