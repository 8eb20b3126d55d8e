"""The redirect_to allow list: SITE_URL, then ADDITIONAL_REDIRECT_URLS with GoTrue's globs; anything else is SITE_URL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from gateway.auth.links import allowed_redirect
from gateway.settings import Settings
from tests.auth.helpers import client, fragment, mail_link
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

SITE = "https://site.example"
ALLOW_LIST = ("https://*.preview.example", "http://localhost:3000", "https://docs.example/**",
              "https://pr-??.review.example/callback")


def settings() -> Settings:
    return Settings(database_url=None, data_dir=Path("/nonexistent"), jwt_secret="s" * 32, site_url=SITE,
                    additional_redirect_urls=ALLOW_LIST)


@pytest.mark.parametrize("candidate", [
    SITE, SITE + "/welcome?next=/partners",
    "https://feature-1.preview.example",
    "http://localhost:3000", "http://localhost:3000/auth/callback",
    "https://docs.example/a/b/c",
    "https://pr-42.review.example/callback",
])
def test_allowed_places_are_kept(candidate):
    assert allowed_redirect(settings(), candidate) == candidate


@pytest.mark.parametrize("candidate", [
    "https://evil.example/steal",
    "https://evil.example/x.preview.example",
    "https://a.b.preview.example",
    "https://site.example.evil.example/",
    "https://site.example@evil.example/",
    "http://site.example/",
    "http://localhost:30001",
    "https://pr-123.review.example/callback",
    "https://pr-42.review.example/callback/more",
    "javascript:alert(1)",
    "//evil.example",
    "",
])
def test_anything_else_falls_back_to_the_site(candidate):
    assert allowed_redirect(settings(), candidate) == SITE


@pytest.fixture(scope="module")
def listed(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    overrides = {"additional_redirect_urls": ("http://localhost:3000/**",)}
    with run_gateway(make_settings(database_url, tmp_path_factory.mktemp("listed"), **overrides)) as live:
        yield live


def test_a_listed_redirect_survives_into_the_mail_and_the_verify_redirect(listed):
    with client(listed) as auth:
        auth.post("/signup?redirect_to=http://localhost:3000/welcome",
                  json={"email": "listed@example.com", "password": "secret-pass"})
        auth.post("/signup", json={"email": "unlisted@example.com", "password": "secret-pass",
                                   "redirect_to": "http://localhost:4000/"})
    listed_location = httpx.get(mail_link(listed, "listed@example.com")).headers["location"]
    assert listed_location.startswith("http://localhost:3000/welcome#") and fragment(listed_location)["access_token"]
    unlisted = httpx.get(mail_link(listed, "unlisted@example.com")).headers["location"]
    assert unlisted.startswith(listed.settings.site_url + "#access_token=")
    tampered = httpx.get(mail_link(listed, "listed@example.com").replace("localhost%3A3000", "evil.example"))
    assert tampered.headers["location"].startswith(listed.settings.site_url + "#error=access_denied")
