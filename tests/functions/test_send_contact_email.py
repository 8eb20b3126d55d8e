"""send-contact-email through a live gateway: the form's rules, storage, both mails, the cooldown, mail failures."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace

import httpx
import psycopg
import pytest

from functions.send_contact_email.rules import SERVICES, parse_contact
from gateway.functions.api import FunctionError
from tests.conftest import make_settings
from tests.functions.conftest import FORWARDED, SITE_INBOX, outbox
from tests.support.live import LiveGateway, bind_to_port, free_port, run_gateway

_addresses = itertools.count(1)


def fresh_ip() -> str:
    n = next(_addresses)
    return f"10.1.{n // 250}.{n % 250 + 1}"


def form(**overrides) -> dict:
    n = next(_addresses)
    base = {"name": "Layla Haddad", "email": f"layla{n}@example.ae", "company": "Emirates Ports",
            "phone": "+971501234567", "service": "Penetration Testing",
            "message": "We need a penetration test of our customer portal before launch."}
    return {**base, **overrides}


def send(gw: LiveGateway, body: object, ip: str | None = None) -> httpx.Response:
    return httpx.post(f"{gw.url}/functions/v1/send-contact-email", json=body,
                      headers={**gw.headers(), FORWARDED: ip or fresh_ip()}, timeout=15)


def stored(db: psycopg.Connection, email: str) -> list[dict]:
    cur = db.execute("select name, email, company, phone, service, message, client_ip, mail_status,"
                     " inbox_notified_at, acknowledged_at from public.contact_messages where email = %s", (email,))
    names = [c.name for c in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def test_a_message_is_stored_and_mailed_to_the_inbox_and_the_sender(functions_gateway: LiveGateway,
                                                                   db: psycopg.Connection):
    body = form(name="  Layla Haddad ", email="  Layla.H@Example.AE ", company=" Emirates Ports ")
    response = send(functions_gateway, body, ip="10.9.9.9")
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["success"] is True and data["message"] == "We'll get back to you within 24 hours."

    [row] = stored(db, "layla.h@example.ae")
    assert row["name"] == "Layla Haddad" and row["company"] == "Emirates Ports"
    assert row["client_ip"] == "10.9.9.9" and row["mail_status"] == "sent"
    assert row["inbox_notified_at"] and row["acknowledged_at"]

    [to_inbox] = outbox(db, SITE_INBOX)
    assert to_inbox["kind"] == "contact_inbox"
    assert to_inbox["subject"] == "New contact message from Layla Haddad (Penetration Testing)"
    for part in ("layla.h@example.ae", "Emirates Ports", "+971501234567", body["message"]):
        assert part in to_inbox["text_body"] and part in to_inbox["html_body"]

    [ack] = outbox(db, "layla.h@example.ae")
    assert ack["kind"] == "contact_acknowledgement"
    assert "GulfSec Distribution" in ack["subject"]
    assert ack["text_body"].startswith("Dear Layla Haddad,")
    assert "within 24 hours" in ack["text_body"] and "within 24 hours" in ack["html_body"]
    assert body["message"] in ack["text_body"]


def test_html_in_a_message_is_escaped_in_the_mails(functions_gateway: LiveGateway, db: psycopg.Connection):
    body = form(name="<b>Eve</b>", message="<script>alert(1)</script>")
    assert send(functions_gateway, body).status_code == 200
    [ack] = outbox(db, body["email"])
    assert "<script>" not in ack["html_body"] and "&lt;script&gt;" in ack["html_body"]


@pytest.mark.parametrize("field", ["name", "email", "message"])
@pytest.mark.parametrize("value", [None, "", "   "])
def test_name_email_and_message_are_required(functions_gateway: LiveGateway, db: psycopg.Connection,
                                             field: str, value):
    body = form(**{field: value})
    response = send(functions_gateway, body)
    assert response.status_code == 400
    assert response.json() == {"error": "Please fill in all required fields"}
    if field != "email":
        assert stored(db, body["email"]) == []


@pytest.mark.parametrize("email", ["plainaddress", "a@b", "a b@c.de", "@example.com", "x@" + "e" * 250 + ".com"])
def test_an_invalid_email_is_refused(functions_gateway: LiveGateway, email: str):
    response = send(functions_gateway, form(email=email))
    assert response.status_code == 400 and response.json() == {"error": "Please enter a valid email address"}


def test_a_message_over_5000_characters_is_refused_and_5000_is_accepted(functions_gateway: LiveGateway,
                                                                         db: psycopg.Connection):
    too_long = form(message="m" * 5001)
    response = send(functions_gateway, too_long)
    assert response.status_code == 400
    assert response.json() == {"error": "Please keep your message under 5000 characters"}
    assert stored(db, too_long["email"]) == []
    just_right = form(message="  " + "m" * 5000 + "  ")
    assert send(functions_gateway, just_right).status_code == 200
    assert len(stored(db, just_right["email"])[0]["message"]) == 5000


def test_name_company_and_phone_are_cut_to_their_lengths(functions_gateway: LiveGateway, db: psycopg.Connection):
    body = form(name="N" * 150, company="C" * 150, phone="9" * 30)
    assert send(functions_gateway, body).status_code == 200
    [row] = stored(db, body["email"])
    assert (len(row["name"]), len(row["company"]), len(row["phone"])) == (100, 100, 20)


def test_optional_fields_may_be_left_out(functions_gateway: LiveGateway, db: psycopg.Connection):
    body = {"name": "Omar", "email": f"omar{next(_addresses)}@example.com", "message": "Call me"}
    assert send(functions_gateway, body).status_code == 200
    [row] = stored(db, body["email"])
    assert (row["company"], row["phone"], row["service"]) == (None, None, None)


def test_a_service_outside_the_list_is_refused(functions_gateway: LiveGateway):
    response = send(functions_gateway, form(service="Crypto Mining"))
    assert response.status_code == 400 and response.json() == {"error": "Please choose one of the listed services"}


@pytest.mark.parametrize("service", SERVICES)
def test_every_listed_service_is_accepted(service: str):
    assert parse_contact(form(service=service)).service == service


NOT_A_FORM = "The request body must be a JSON object with name, email and message"


@pytest.mark.parametrize("body, message", [
    (None, NOT_A_FORM), ([], NOT_A_FORM), ("text", NOT_A_FORM),
    ({"name": 5, "email": "a@b.co", "message": "m"}, "name must be text"),
])
def test_a_body_that_is_not_a_form_is_a_user_error(body, message):
    with pytest.raises(FunctionError) as raised:
        parse_contact(body)
    assert (raised.value.status, raised.value.message) == (400, message)


def test_a_second_message_from_the_same_email_within_60_seconds_gets_429(functions_gateway: LiveGateway,
                                                                         db: psycopg.Connection):
    first = form()
    assert send(functions_gateway, first).status_code == 200
    again = form(email=first["email"], message="Another question")
    response = send(functions_gateway, again)
    assert response.status_code == 429
    error = response.json()["error"]
    assert error.startswith("Please wait ") and error.endswith(" seconds before sending another message")
    assert 55 <= int(response.headers["retry-after"]) <= 60
    assert len(stored(db, first["email"])) == 1


def test_a_second_message_from_the_same_client_within_60_seconds_gets_429(functions_gateway: LiveGateway,
                                                                          db: psycopg.Connection):
    ip = fresh_ip()
    assert send(functions_gateway, form(), ip=ip).status_code == 200
    other = form()
    assert send(functions_gateway, other, ip=ip).status_code == 429
    assert stored(db, other["email"]) == []


def test_the_cooldown_ends_after_60_seconds(functions_gateway: LiveGateway, db: psycopg.Connection):
    ip = fresh_ip()
    first = form()
    assert send(functions_gateway, first, ip=ip).status_code == 200
    db.execute("update public.contact_messages set created_at = created_at - interval '61 seconds'"
               " where email = %s", (first["email"],))
    assert send(functions_gateway, form(email=first["email"], message="A second question"), ip=ip).status_code == 200
    assert sorted(row["message"] for row in stored(db, first["email"])) == ["A second question", first["message"]]


def test_concurrent_messages_from_one_sender_store_only_one(functions_gateway: LiveGateway, db: psycopg.Connection):
    import concurrent.futures

    ip = fresh_ip()
    bodies = [form(email="burst@example.com", message=f"Burst {i}") for i in range(6)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
        statuses = sorted(r.status_code for r in pool.map(lambda b: send(functions_gateway, b, ip=ip), bodies))
    assert statuses == [200, 429, 429, 429, 429, 429]
    assert len(stored(db, "burst@example.com")) == 1


def test_the_function_requires_a_project_jwt(functions_gateway: LiveGateway, db: psycopg.Connection):
    body = form()
    response = httpx.post(f"{functions_gateway.url}/functions/v1/send-contact-email", json=body)
    assert response.status_code == 401
    assert response.json() == {"code": 401, "message": "Missing authorization header"}
    assert stored(db, body["email"]) == []


@pytest.fixture(scope="module")
def broken_mail_gateway(functions_gateway: LiveGateway, tmp_path_factory) -> Iterator[LiveGateway]:
    """Same database, but the SMTP server it is configured with refuses connections."""
    settings = bind_to_port(replace(functions_gateway.settings, smtp_url=f"smtp://127.0.0.1:{free_port()}"))
    with run_gateway(settings) as live:
        yield live


def test_a_mail_failure_keeps_the_message_and_a_retry_does_not_store_it_twice(
        functions_gateway: LiveGateway, broken_mail_gateway: LiveGateway, db: psycopg.Connection):
    body = form()
    ip = fresh_ip()
    response = send(broken_mail_gateway, body, ip=ip)
    assert response.status_code == 502
    assert "saved" in response.json()["error"]
    [row] = stored(db, body["email"])
    assert row["mail_status"] == "failed" and row["inbox_notified_at"] is None
    assert [m["status"] for m in outbox(db, body["email"])] == ["failed"]

    # The same message again, within the cooldown, once mail works: sent from the stored copy.
    retry = send(functions_gateway, body, ip=ip)
    assert retry.status_code == 200, retry.text
    [row] = stored(db, body["email"])
    assert row["mail_status"] == "sent"
    assert [m["status"] for m in outbox(db, body["email"])] == ["failed", "captured"]


def test_a_retry_sends_only_the_mail_that_had_failed(
        functions_gateway: LiveGateway, broken_mail_gateway: LiveGateway, db: psycopg.Connection):
    body = form(name="Partial Failure")
    assert send(broken_mail_gateway, body).status_code == 502
    # As if the inbox copy had gone out and only the acknowledgement had failed.
    db.execute("update public.contact_messages set inbox_notified_at = now() where email = %s", (body["email"],))
    inbox = SITE_INBOX
    inbox_before = len(outbox(db, inbox))
    assert send(functions_gateway, body).status_code == 200
    assert len(outbox(db, inbox)) == inbox_before
    assert [m["status"] for m in outbox(db, body["email"])] == ["failed", "captured"]
    assert stored(db, body["email"])[0]["mail_status"] == "sent"


def test_the_inbox_address_is_the_functions_secret(database_url: str, tmp_path_factory, db: psycopg.Connection,
                                                  monkeypatch: pytest.MonkeyPatch):
    # Where a Python handler reads the secrets of supabase/functions/.env and --env-file.
    monkeypatch.setenv("CONTACT_INBOX", "sales@gulfsec.test")
    settings = make_settings(database_url, tmp_path_factory.mktemp("inbox"), trusted_proxy_header=FORWARDED)
    with run_gateway(settings) as live:
        assert send(live, form(name="Inbox Check")).status_code == 200
    assert [m["subject"] for m in outbox(db, "sales@gulfsec.test")] == ["New contact message from Inbox Check "
                                                                          "(Penetration Testing)"]
