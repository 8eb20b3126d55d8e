"""/recover answers an address without an account exactly as one with an account, the 429 of a second request
within 60 s included; /otp with create_user false keeps GoTrue's documented 422 otp_disabled."""

from __future__ import annotations

import re

from tests.auth.helpers import client, signed_in


def shape(response) -> tuple[int, object]:
    """Status and body, with the seconds to wait (which depend on timing) masked."""
    return response.status_code, re.sub(r"\d+ seconds", "N seconds", response.text)


def test_recover_answers_alike_twice_in_a_row(gateway, db):
    with client(gateway) as auth:
        signed_in(gateway, auth, "has-account@example.com")
        answers = {}
        for email in ("has-account@example.com", "no-account@example.com"):
            first = auth.post("/recover", json={"email": email})
            second = auth.post("/recover", json={"email": email})
            answers[email] = (shape(first), shape(second), second.headers.get("x-sb-error-code"))
    known, unknown = answers["has-account@example.com"], answers["no-account@example.com"]
    assert known == unknown
    assert known[0] == (200, "{}") and known[1][0] == 429 and known[2] == "over_email_send_rate_limit"
    stored = db.execute("select address_hash from auth.recovery_requests_without_account").fetchall()
    assert stored and all("@" not in row[0] for row in stored)


def test_the_window_for_an_address_without_account_ends_after_60_seconds(gateway, db):
    with client(gateway) as auth:
        first = auth.post("/recover", json={"email": "later@example.com"})
        db.execute("update auth.recovery_requests_without_account set requested_at = now() - interval '61 seconds'")
        after_the_window = auth.post("/recover", json={"email": "later@example.com"})
        within_the_next = auth.post("/recover", json={"email": "Later@Example.com"})
    assert shape(first) == shape(after_the_window) == (200, "{}")
    assert within_the_next.status_code == 429
    assert within_the_next.json()["code"] == within_the_next.headers["x-sb-error-code"] == "over_email_send_rate_limit"


def test_otp_without_create_user_keeps_gotrues_answer(gateway):
    with client(gateway) as auth:
        response = auth.post("/otp", json={"email": "nobody-otp@example.com", "create_user": False})
    assert response.status_code == 422 and response.json()["code"] == "otp_disabled"
