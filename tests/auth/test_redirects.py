"""The redirect_to allow list: SITE_URL, then ADDITIONAL_REDIRECT_URLS with GoTrue's globs; anything else is SITE_URL."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from gateway.auth.links import allowed_redirect
from gateway.settings import Settings
from supabase import ClientOptions, create_client
from tests.auth.helpers import client, fragment, mail_link
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

SITE = "https://site.example"
ALLOW_LIST = ("https://*.preview.example", "http://localhost:3000", "https://docs.example/**",
              "https://pr-??.review.example/callback")


def settings(allow_list: tuple[str, ...] = ALLOW_LIST, site: str = SITE) -> Settings:
    return Settings(database_url=None, data_dir=Path("/nonexistent"), jwt_secret="s" * 32, site_url=site,
                    additional_redirect_urls=allow_list)


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


# Supabase's documented Vercel-preview pattern, a mobile app's scheme, and a pattern that any host would match were
# it not for the host checks that come before the allow list.
TRICKY_LIST = ("https://*-myteam.vercel.app/**", "com.example.app://callback", "http://**:8080/**",
               "http://localhost:8000/*")


@pytest.mark.parametrize("candidate", [
    "https://my-app-git-main-myteam.vercel.app/",
    "https://pr-7-myteam.vercel.app/auth/callback?next=/orders#section",
    "com.example.app://callback", "com.example.app://callback#ignored",
    "http://app.example:8080/", "http://xn--bcher-kva.example:8080/books",
    "http://127.0.0.1:8080/callback", "http://[::1]:8080/callback",
    "http://localhost:8000/path", "http://localhost:8000/path?param=1",
])
def test_tricky_list_keeps_what_it_names(candidate):
    assert allowed_redirect(settings(TRICKY_LIST), candidate) == candidate


@pytest.mark.parametrize("candidate", [
    # A wildcard that would reach past the host: the fragment, query, path, userinfo or a backslash.
    "https://16909060#-myteam.vercel.app/", "https://evil.example#-myteam.vercel.app/",
    "https://evil?-myteam.vercel.app/", "https://0x1020304?-myteam.vercel.app/", "https://evil/-myteam.vercel.app/",
    "https://evil:443?-myteam.vercel.app/", "https://x@a-myteam.vercel.app/", "https://a-myteam.vercel.app@evil/",
    "https://evil.example\\-myteam.vercel.app/", "https://evil.example\\@a-myteam.vercel.app/",
    "https://a-myteam.vercel.app%2F@evil.example/",
    # Other hosts, schemes and ports than the pattern's.
    "https://a-myteam.vercel.app.evil.example/", "https://a.b-myteam.vercel.app/", "http://a-myteam.vercel.app/",
    "https://a-myteam.vercel.app:444/", "com.example.app://evil", "com.other.app://callback",
    "http://localhost:8000/path/to/page", "http://localhost:8001/path",
    # Hosts a browser reads as another host: numbers, unicode dots, trailing dots, non-ASCII letters.
    "http://16909060:8080/", "http://0x7f000001:8080/", "http://0X7F.1:8080/", "http://017700000001:8080/",
    "http://0177.0.0.1:8080/", "http://127.1:8080/", "http://127.0.1:8080/", "http://evil.0x10:8080/",
    "http://evil.123:8080/", "http://evil.123.:8080/", "http://1.2.3.4:8080/", "http://[::ffff:1.2.3.4]:8080/",
    "http://[2001:db8::1]:8080/", "https://a-myteam.vercel.app./", "http://evil.example.:8080/",
    "https://a-myteam\u3002vercel.app/", "http://evil\u3002example:8080/", "http://b\u00fccher.example:8080/",
    "http://evil\uff0eexample:8080/", "http://_evil.example:8080/", "http://-evil.example:8080/",
    # Control characters and spaces anywhere.
    "https://a-myteam.vercel.app /", "https://a-myteam.vercel.app/\tx", "\nhttps://a-myteam.vercel.app/",
    "https://a-myteam.vercel.app\x00.evil.example/", "https://a-myteam.vercel.app/\x7f",
    "http://[::1:8080/", "http://app.example:99999/",
])
def test_tricky_forms_fall_back_to_the_site(candidate):
    assert allowed_redirect(settings(TRICKY_LIST), candidate) == SITE


@pytest.mark.parametrize(("site", "candidate", "kept"), [
    ("http://localhost:3000", "http://localhost:8080/callback", True),  # any port on loopback (RFC 8252)
    ("http://localhost:3000", "http://localhost/callback", True),
    ("http://127.0.0.1:3000", "http://127.0.0.1:9999/", True),
    ("https://localhost:3000", "http://localhost:8080/callback", False),
    ("http://localhost:3000", "http://127.0.0.1:3000/", False),
    ("https://site.example:9000", "https://site.example:9001/", False),
    ("https://site.example:9000", "https://site.example/", False),
    ("https://site.example", "https://site.example:443/", False),
    ("https://site.example", "https://SITE.example/path", True),
])
def test_the_site_is_matched_by_scheme_host_and_port(site, candidate, kept):
    assert (allowed_redirect(settings((), site), candidate) == candidate) is kept


@pytest.fixture(scope="module")
def listed(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    overrides = {"additional_redirect_urls": ("http://localhost:3000/**", "https://*-myteam.vercel.app/**")}
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


@pytest.mark.parametrize(("redirect_to", "lands_on"), [
    ("https://16909060#-myteam.vercel.app/", None),  # None: SITE_URL
    ("https://0x1020304?-myteam.vercel.app/", None),
    ("https://pr-7-myteam.vercel.app/welcome", "https://pr-7-myteam.vercel.app/welcome"),
])
def test_a_magic_link_asked_by_supabase_py_with_a_hostile_redirect_lands_on_the_site(listed, redirect_to, lands_on):
    email = f"magic-{uuid.uuid4().hex[:8]}@example.com"
    with httpx.Client(timeout=30) as http:
        # The implicit flow, as in the attack: the session rides in the redirect's fragment.
        options = ClientOptions(httpx_client=http, flow_type="implicit")
        supabase = create_client(listed.url, listed.anon_key, options)
        supabase.auth.sign_in_with_otp({"email": email, "options": {"email_redirect_to": redirect_to}})
    location = httpx.get(mail_link(listed, email), follow_redirects=False).headers["location"]
    assert location.startswith((lands_on or listed.settings.site_url) + "#access_token=")
    assert fragment(location)["access_token"]
