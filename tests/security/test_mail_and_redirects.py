"""Mails: no header injection through user text in subjects, no HTML injection in bodies. Redirects: only
SITE_URL and the allow list, whatever shape the attacker's URL takes."""

from __future__ import annotations

import uuid
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

import httpx
import psycopg
import pytest

from gateway.auth.links import allowed_redirect
from tests.support.live import LiveGateway

HOSTILE_NAME = "Eve\r\nBcc: victims@example.com\r\n\r\n<script>alert(1)</script>"
HOSTILE_MESSAGE = "<img src=x onerror=alert(1)> & <a href=\"javascript:alert(2)\">click</a>"


def outbox(db: psycopg.Connection, *kinds: str, since_email: str) -> list[tuple[str, str, str]]:
    return db.execute(
        "select subject, text_body, html_body from mail.outbox where kind = any(%s)"
        " and (to_address = %s or text_body like '%%' || %s || '%%') order by created_at",
        (list(kinds), since_email, since_email)).fetchall()


def test_contact_form_text_cannot_add_mail_headers_or_html(gateway: LiveGateway, db: psycopg.Connection):
    email = f"eve-{uuid.uuid4().hex[:8]}@example.com"
    response = httpx.post(f"{gateway.url}/functions/v1/send-contact-email", headers=gateway.headers(), timeout=30,
                          json={"name": HOSTILE_NAME, "email": email, "message": HOSTILE_MESSAGE,
                                "company": "<b>Acme</b>"})
    assert response.status_code == 200, response.text
    mails = outbox(db, "contact_inbox", "contact_acknowledgement", since_email=email)
    assert len(mails) == 2
    for subject, _, html in mails:
        assert "\r" not in subject and "\n" not in subject
        for raw in ("<script>", "<img", "<b>Acme", 'href="javascript:'):
            assert raw not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
    inbox_subject = mails[0][0]
    assert inbox_subject.startswith("New contact message from Eve Bcc: victims@example.com")


def test_event_names_from_the_database_cannot_add_mail_headers(gateway: LiveGateway, db: psycopg.Connection):
    email = f"guest-{uuid.uuid4().hex[:8]}@example.com"
    db.execute("insert into event_registrations (event_name, event_date, event_location, first_name, last_name,"
               " email, phone, company_name) values (%s, current_date + 7, 'Dubai', '<i>Layla</i>', 'Odeh', %s,"
               " '+971501234567', 'Odeh Trading')", ("Launch\r\nBcc: all@example.com", email))
    response = httpx.post(f"{gateway.url}/functions/v1/send-event-confirmation", headers=gateway.headers(),
                          json={"email": email}, timeout=30)
    assert response.status_code == 200, response.text
    subject, _, html = db.execute("select subject, text_body, html_body from mail.outbox where to_address = %s",
                                  (email,)).fetchone()
    assert "\r" not in subject and "\n" not in subject
    assert "<i>Layla" not in html and "&lt;i&gt;Layla" in html


SITE = "http://127.0.0.1:54321"
REFUSED = [
    "https://evil.test", "//evil.test/x", "/\\evil.test", "https:evil.test", "https:/evil.test",
    "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://127.0.0.1:54321/",
    "http://127.0.0.1:54321@evil.test/", "http://evil.test\\@127.0.0.1:54321/", "http://127.0.0.1:54321.evil.test/",
    "https://127.0.0.1:54321/", "https://a.example.com.evil.test/",
    "https://evil.test/a.example.com", "https://a.b.example.com", "https://example.com",
    "https://app.example.org/callback.evil.test", "https://app.example.org/callbackx",
    "https://app.example.org@evil.test/callback/", " https://evil.test",
]
# On loopback the site's port is not compared (RFC 8252's native apps, as supabase/auth allows).
ALLOWED = ["http://127.0.0.1:54321/welcome?next=1", "http://127.0.0.1:5432/", "https://a.example.com",
           "https://app.example.org/callback/done"]


@pytest.fixture(scope="module")
def redirect_settings(settings):
    return replace(settings, site_url=SITE,
                   additional_redirect_urls=("https://*.example.com", "https://app.example.org/callback"))


@pytest.mark.parametrize("candidate", REFUSED)
def test_a_hostile_redirect_falls_back_to_the_site(redirect_settings, candidate: str):
    assert allowed_redirect(redirect_settings, candidate) == SITE


@pytest.mark.parametrize("candidate", ALLOWED)
def test_the_site_and_the_allow_list_are_honoured(redirect_settings, candidate: str):
    assert allowed_redirect(redirect_settings, candidate) == candidate


def test_sign_up_mail_links_never_carry_a_foreign_redirect(gateway: LiveGateway, db: psycopg.Connection):
    email = f"redirect-{uuid.uuid4().hex[:8]}@example.com"
    response = httpx.post(f"{gateway.url}/auth/v1/signup", params={"redirect_to": "https://evil.test/steal"},
                          json={"email": email, "password": "a long passphrase"}, headers=gateway.headers(),
                          timeout=30)
    assert response.status_code == 200, response.text
    text = db.execute("select text_body from mail.outbox where to_address = %s", (email,)).fetchone()[0]
    link = next(word for word in text.split() if "/auth/v1/verify" in word)
    assert urlsplit(link).netloc == urlsplit(gateway.url).netloc
    assert parse_qs(urlsplit(link).query)["redirect_to"] == [gateway.settings.site_url]


def test_a_failed_verify_redirects_to_the_site_not_to_redirect_to(gateway: LiveGateway):
    response = httpx.get(f"{gateway.url}/auth/v1/verify", follow_redirects=False, timeout=10,
                         params={"token": "0" * 56, "type": "signup", "redirect_to": "https://evil.test/"})
    assert response.status_code == 303
    assert response.headers["location"].startswith(gateway.settings.site_url + "#error=access_denied")
