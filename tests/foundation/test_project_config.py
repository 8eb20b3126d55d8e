"""A Supabase project's config.toml as gateway settings: the keys honoured, env() values, errors, the one warning.

fixtures/supabase_init_config.toml is the config.toml `supabase init` writes (supabase/cli
apps/cli-go/pkg/config/templates/config.toml at 1d1e719, rendered for a project named my-app).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gateway.config_values import ConfigError
from gateway.project.folder import Project
from gateway.project.warnings import start_warning, version_warning
from gateway.settings import PROJECT_ROOT, Settings

FIXTURE = Path(__file__).with_name("fixtures") / "supabase_init_config.toml"


def project_with(root: Path, config: str) -> Path:
    (root / "supabase").mkdir(parents=True, exist_ok=True)
    (root / "supabase" / "config.toml").write_text(config)
    return root


def settings_of(root: Path, **env: str) -> Settings:
    return Settings.from_env({"DATA_DIR": str(root / ".data"), **env}, project_root=root)


def test_every_honoured_key_reaches_its_setting(tmp_path):
    root = project_with(tmp_path, """
[api]
port = 6100
schemas = ["public", "api"]
extra_search_path = ["extensions"]
max_rows = 50
[auth]
site_url = "https://app.example"
additional_redirect_urls = ["https://app.example/**"]
jwt_expiry = 600
refresh_token_reuse_interval = 3
enable_signup = false
enable_anonymous_sign_ins = false
minimum_password_length = 10
password_requirements = "lower_upper_letters_digits"
[auth.rate_limit]
token_refresh = 10
sign_in_sign_ups = 5
token_verifications = 2
[auth.email]
enable_signup = false
double_confirm_changes = false
enable_confirmations = true
secure_password_change = true
max_frequency = "1m30s"
otp_length = 8
otp_expiry = 120
[auth.email.smtp]
enabled = true
host = "smtp.example.com"
port = 465
user = "apikey"
pass = "p@ss word"
admin_email = "no-reply@example.com"
sender_name = "Example"
[auth.mfa]
max_enrolled_factors = 2
[auth.mfa.totp]
enroll_enabled = false
verify_enabled = false
[inbucket]
enabled = false
""")
    s = settings_of(root)
    assert (s.api_port, s.db_schemas, s.db_extra_search_path, s.max_rows) == (6100, ("public", "api"), ("extensions",), 50)
    assert (s.site_url, s.additional_redirect_urls, s.jwt_exp) == ("https://app.example", ("https://app.example/**",), 600)
    assert s.refresh_token_reuse_interval == 3
    assert s.disable_signup and not s.anonymous_sign_ins_enabled and not s.email_signup_enabled
    assert s.password_min_length == 10
    assert s.password_required_characters == ("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789")
    # The file counts per 5 minutes as GoTrue does; the settings per hour.
    assert (s.rate_limit_token_per_hour, s.rate_limit_email_per_hour, s.rate_limit_verify_per_hour) == (120, 60, 24)
    assert not s.mailer_secure_email_change_enabled and not s.mail_autoconfirm
    assert s.password_change_requires_reauthentication
    assert (s.mail_max_frequency, s.mail_otp_length, s.mail_otp_expiry) == (90, 8, 120)
    assert s.smtp_url == "smtps://apikey:p%40ss%20word@smtp.example.com:465"
    assert s.mail_from == "Example <no-reply@example.com>"
    assert (s.mfa_max_enrolled_factors, s.mfa_totp_enroll_enabled, s.mfa_totp_verify_enabled) == (2, False, False)
    assert not s.dev_mailbox


def test_symbols_requirement_keeps_gotrue_s_escaped_colon(tmp_path):
    root = project_with(tmp_path, '[auth]\npassword_requirements = "lower_upper_letters_digits_symbols"\n')
    symbols = settings_of(root).password_required_characters[3]
    assert {":", "\\", "!", "`", "~"} <= set(symbols)


def test_the_environment_overrides_the_file(tmp_path):
    root = project_with(tmp_path, '[api]\nport = 6100\n[auth.email]\nenable_confirmations = true\n')
    s = settings_of(root, API_PORT="6200", MAIL_AUTOCONFIRM="true")
    assert s.api_port == 6200 and s.mail_autoconfirm


def test_env_values_read_the_environment_and_the_dotenv_file(tmp_path):
    root = project_with(tmp_path, """
[api]
port = "env(APP_PORT)"
[auth]
site_url = "env(APP_SITE)"
[auth.email.smtp]
enabled = true
host = "smtp.example.com"
user = "apikey"
pass = "env(SMTP_SECRET)"
""")
    (root / ".env").write_text("APP_SITE=https://from-dotenv.example\nSMTP_SECRET=s3cret\n")
    s = settings_of(root, APP_PORT="6300")
    assert (s.api_port, s.site_url) == (6300, "https://from-dotenv.example")
    assert s.smtp_url == "smtp://apikey:s3cret@smtp.example.com:587"


def test_unset_env_values_are_one_warning_and_what_needs_them_stays_off(tmp_path):
    """As the CLI, which warns of each unset variable and starts: the providers, hooks and SMTP server naming
    one stay off, any other key keeps the gateway's default."""
    root = project_with(tmp_path, """
[auth]
site_url = "env(APP_SITE)"
[auth.external.github]
enabled = true
client_id = "env(GITHUB_CLIENT_ID)"
secret = "env(GITHUB_SECRET)"
[auth.external.google]
enabled = true
client_id = "google-id"
secret = "env(GOOGLE_SECRET)"
[auth.external.apple]
enabled = false
secret = "env(APPLE_SECRET)"
[auth.hook.custom_access_token]
enabled = true
uri = "pg-functions://postgres/public/claims"
secrets = "env(HOOK_SECRET)"
[auth.email.smtp]
enabled = true
host = "smtp.example.com"
user = "apikey"
pass = "env(SMTP_PASS)"
""")
    settings = settings_of(root, GOOGLE_SECRET="g-secret")
    assert list(settings.external_providers) == ["google"]
    assert settings.external_providers["google"].secret == "g-secret"
    assert settings.auth_hooks == {} and settings.smtp_url is None
    assert settings.site_url == "http://127.0.0.1:54321"
    assert settings.unset_env_warning == (
        f"{root / 'supabase' / 'config.toml'}: environment variables are unset: APP_SITE, HOOK_SECRET, SMTP_PASS, "
        "GITHUB_CLIENT_ID, GITHUB_SECRET (APP_SITE in [auth] site_url; HOOK_SECRET in "
        "[auth.hook.custom_access_token] secrets; SMTP_PASS in [auth.email.smtp] pass; GITHUB_CLIENT_ID in "
        "[auth.external.github] client_id; GITHUB_SECRET in [auth.external.github] secret); "
        "[auth.hook.custom_access_token], [auth.email.smtp], [auth.external.github] stay off, "
        "other keys keep the gateway's defaults")


def test_a_set_variable_turns_the_provider_on_and_nothing_is_said(tmp_path):
    root = project_with(tmp_path, '[auth.external.github]\nenabled = true\nclient_id = "env(GITHUB_CLIENT_ID)"\n'
                                  'secret = "env(GITHUB_SECRET)"\n')
    settings = settings_of(root, GITHUB_CLIENT_ID="gh-id", GITHUB_SECRET="gh-secret")
    assert settings.external_providers["github"].client_id == "gh-id"
    assert settings.unset_env_warning is None
    one_unset = settings_of(root, GITHUB_CLIENT_ID="gh-id")
    assert one_unset.external_providers == {}
    assert one_unset.unset_env_warning.endswith(
        ": environment variable is unset: GITHUB_SECRET (GITHUB_SECRET in [auth.external.github] secret); "
        "[auth.external.github] stays off")


def test_malformed_toml_is_one_line_naming_the_line(tmp_path):
    root = project_with(tmp_path, '[api]\nport = 54321\nschemas = = ["public"]\n')
    with pytest.raises(ConfigError) as raised:
        settings_of(root)
    message = str(raised.value)
    assert "config.toml is not valid TOML" in message and "line 3" in message and "\n" not in message


@pytest.mark.parametrize(("config", "message"), [
    ('[api]\nport = "fifty"\n', r"\[api\] port must be a whole number, got 'fifty'"),
    ('[auth]\nenable_signup = "sometimes"\n', r"\[auth\] enable_signup must be true or false"),
    ('[api]\nschemas = "public"\n', None),
    ('[api]\nschemas = [1, 2]\n', r"\[api\] schemas must be a list of strings"),
    ('[auth]\npassword_requirements = "strong"\n', r"\[auth\] password_requirements must be one of"),
    ('[auth.email]\nmax_frequency = "soon"\n', r"\[auth.email\] max_frequency must be a duration"),
    ('[auth.email.smtp]\nenabled = true\n', r"\[auth.email.smtp\] host must be set"),
])
def test_a_wrong_type_names_the_key(tmp_path, config, message):
    root = project_with(tmp_path, config)
    if message is None:
        assert settings_of(root).db_schemas == ("public",)
        return
    with pytest.raises(ConfigError, match=message):
        settings_of(root)


def test_a_fresh_supabase_init_config_has_no_warning(tmp_path):
    """What the template switches on that the gateway lacks (Storage's S3 protocol) is the CLI's default, not asked."""
    root = project_with(tmp_path, FIXTURE.read_text())
    assert start_warning(Project.load(root)) is None
    settings = settings_of(root)
    assert settings.storage_file_size_limit == 50 * 1024 * 1024  # the template's "50MiB"
    assert settings.site_url == "http://127.0.0.1:3000" and settings.max_rows == 1000
    assert settings.mail_autoconfirm and not settings.anonymous_sign_ins_enabled


@pytest.mark.parametrize(("written", "size"), [("5MB", 5 * 1024 ** 2), ("500KiB", 500 * 1024), (1000, 1000)])
def test_storage_file_size_limit_is_read_as_the_cli_reads_it(tmp_path, written, size):
    value = f'"{written}"' if isinstance(written, str) else written
    config = FIXTURE.read_text().replace('file_size_limit = "50MiB"', f"file_size_limit = {value}", 1)
    assert settings_of(project_with(tmp_path, config)).storage_file_size_limit == size


def test_a_storage_file_size_limit_that_is_no_size_is_named(tmp_path):
    config = FIXTURE.read_text().replace('file_size_limit = "50MiB"', 'file_size_limit = "lots"', 1)
    with pytest.raises(ConfigError, match=r"\[storage\] file_size_limit must be a size"):
        settings_of(project_with(tmp_path, config))


def test_a_server_older_than_the_projects_major_version_is_said_once_naming_both(tmp_path):
    project = Project.load(project_with(tmp_path, FIXTURE.read_text()))  # the CLI template: major_version = 17
    warning = version_warning(project, 15)
    assert warning is not None and "major_version is 17" in warning and "PostgreSQL 15" in warning
    assert "\n" not in warning
    assert version_warning(project, 17) is None
    assert version_warning(project, 18) is None, "the CLI's default on the embedded PostgreSQL 18: nothing to say"
    assert version_warning(Project.load(PROJECT_ROOT), 18) is None  # no major_version: nothing to say


def test_a_gateway_init_config_has_no_warning(tmp_path):
    from gateway.project.init import init_project

    init_project(tmp_path)
    assert start_warning(Project.load(tmp_path)) is None


def test_what_a_project_asks_for_and_does_not_get_is_named_in_one_line(tmp_path):
    config = FIXTURE.read_text().replace("[realtime]\nenabled = true", "[realtime]\nenabled = false")
    config += """
[auth.external.github]
enabled = true
client_id = "abc"
api_url = "https://api.github.example"
[auth.external.gitlab]
enabled = false
[auth.email.template.invite]
subject = "You are invited"
[functions.hello-world]
verify_jwt = false
"""
    root = project_with(tmp_path, config)
    (root / "supabase" / "functions" / "hello-world").mkdir(parents=True)
    (root / "supabase" / "functions" / "hello-world" / "index.ts").write_text("Deno.serve(() => new Response())")
    warning = start_warning(Project.load(root))
    assert "\n" not in warning
    for named in ("[auth.external.github] api_url", "[realtime] enabled = false",
                  "[auth.email.template.invite] subject"):
        assert named in warning
    for quiet in ("hello-world", "verify_jwt", "gitlab", "client_id", "[studio]", "[analytics]", "apple", "twilio", "[storage"):
        assert quiet not in warning


def test_the_oauth_server_switch_is_honoured_and_its_consent_path_named(tmp_path):
    # The admin client API is served; the authorization flow the consent page belongs to is not.
    config = FIXTURE.read_text().replace("[auth.oauth_server]\n# Enable OAuth server functionality\nenabled = false",
                                         "[auth.oauth_server]\nenabled = true")
    root = project_with(tmp_path, config)
    assert settings_of(root).oauth_server_enabled
    assert start_warning(Project.load(root)).endswith(
        "(ignored): [auth.oauth_server] authorization_url_path")
    assert not settings_of(project_with(tmp_path / "off", FIXTURE.read_text())).oauth_server_enabled


def test_our_own_site_project_has_no_warning():
    assert start_warning(Project.load(PROJECT_ROOT)) is None


def test_bucket_settings_and_image_transformation_are_not_named_but_an_unknown_bucket_key_is(tmp_path):
    config = FIXTURE.read_text() + """
[storage.image_transformation]
enabled = true
[storage.buckets.images]
public = true
file_size_limit = "5MiB"
allowed_mime_types = ["image/png"]
objects_path = "./images"
[storage.buckets.docs]
cors = "*"
"""
    warning = start_warning(Project.load(project_with(tmp_path, config)))
    assert warning is not None and warning.endswith("(ignored): [storage.buckets.docs] cors")


def test_mail_goes_out_as_the_cli_s_sender_unless_the_project_names_one(tmp_path):
    assert settings_of(project_with(tmp_path / "init", FIXTURE.read_text())).mail_from == "Admin <admin@email.com>"
    inbucket = FIXTURE.read_text().replace('# admin_email = "admin@email.com"\n# sender_name = "Admin"',
                                           'admin_email = "hello@my-app.test"\nsender_name = "My App"', 1)
    assert settings_of(project_with(tmp_path / "named", inbucket)).mail_from == "My App <hello@my-app.test>"
    assert Settings.from_env(environ={}, project_root=PROJECT_ROOT).mail_from == "no-reply@gulfsec.local"
