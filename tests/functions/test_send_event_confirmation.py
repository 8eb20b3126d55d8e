"""send-event-confirmation: the confirmation's content, once per registration, and no mail to anyone else."""

from __future__ import annotations

import itertools
from dataclasses import replace

import httpx
import psycopg
import pytest

from tests.functions.conftest import outbox
from tests.support.live import LiveGateway, bind_to_port, free_port, run_gateway

LOCATION = "Address Downtown Hotel, Downtown Dubai"
_people = itertools.count(1)


def register(db: psycopg.Connection, *, status: str = "registered") -> str:
    email = f"guest{next(_people)}@example.ae"
    db.execute(
        "insert into public.event_registrations (event_name, event_date, event_location, first_name, last_name,"
        " email, phone, company_name, status) values ('CrowdSec Vendor Introduction', date '2025-11-17', %s,"
        " 'Fatima', 'Al Mansoori', %s, '+971501112222', 'Gulf Energy', %s)",
        (LOCATION, email, status),
    )
    return email


def confirm(gw: LiveGateway, email: str, **names) -> httpx.Response:
    body = {"firstName": "Fatima", "lastName": "Al Mansoori", "email": email, "companyName": "Gulf Energy", **names}
    return httpx.post(f"{gw.url}/functions/v1/send-event-confirmation", json=body, headers=gw.headers(), timeout=15)


def sent_at(db: psycopg.Connection, email: str):
    return db.execute("select confirmation_sent_at from public.event_registrations where email = %s",
                      (email,)).fetchone()[0]


def test_a_registrant_gets_the_date_location_and_schedule(functions_gateway: LiveGateway, db: psycopg.Connection):
    email = register(db)
    response = confirm(functions_gateway, email)
    assert response.status_code == 200, response.text
    [mail] = outbox(db, email)
    assert mail["kind"] == "event_confirmation" and mail["status"] == "captured"
    assert mail["subject"] == "Your registration is confirmed: CrowdSec Vendor Introduction, 17 November 2025"
    for body in (mail["text_body"], mail["html_body"]):
        for part in ("Fatima", "CrowdSec Vendor Introduction", "Monday, 17 November 2025", LOCATION,
                     "2:00 PM", "Registration and coffee", "2:30 PM", "Introduction", "3:30 PM", "Live demo",
                     "4:30 PM", "Networking", "Gulf Energy", "GulfSec Distribution"):
            assert part in body, part
    assert mail["text_body"].startswith("Dear Fatima,")
    assert sent_at(db, email) is not None


def test_a_registration_is_confirmed_only_once(functions_gateway: LiveGateway, db: psycopg.Connection):
    email = register(db)
    first, second = confirm(functions_gateway, email), confirm(functions_gateway, email)
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    assert len(outbox(db, email)) == 1


def test_an_email_without_a_registration_gets_no_mail_and_the_same_answer(functions_gateway: LiveGateway,
                                                                          db: psycopg.Connection):
    registered = register(db)
    answer_for_registered = confirm(functions_gateway, registered).json()
    response = confirm(functions_gateway, "stranger@example.com")
    assert response.status_code == 200
    assert response.json() == answer_for_registered
    assert outbox(db, "stranger@example.com") == []


def test_a_cancelled_registration_gets_no_confirmation(functions_gateway: LiveGateway, db: psycopg.Connection):
    email = register(db, status="cancelled")
    assert confirm(functions_gateway, email).status_code == 200
    assert outbox(db, email) == []


def test_the_mail_uses_the_stored_registration_not_the_request(functions_gateway: LiveGateway,
                                                               db: psycopg.Connection):
    email = register(db)
    response = confirm(functions_gateway, email.upper(), firstName="<a href='http://evil'>Click</a>",
                       companyName="Buy now")
    assert response.status_code == 200
    [mail] = outbox(db, email)
    assert "evil" not in mail["html_body"] and "Buy now" not in mail["text_body"]
    assert "Dear Fatima," in mail["text_body"]


@pytest.mark.parametrize("body, status", [
    ({"firstName": "A"}, 400),
    ({"email": "not-an-email"}, 400),
    ({"email": 42}, 400),
    ([], 400),
])
def test_a_request_without_a_valid_email_is_a_user_error(functions_gateway: LiveGateway, body, status):
    response = httpx.post(f"{functions_gateway.url}/functions/v1/send-event-confirmation", json=body,
                          headers=functions_gateway.headers())
    assert response.status_code == status and "error" in response.json()


def test_the_function_requires_a_project_jwt(functions_gateway: LiveGateway, db: psycopg.Connection):
    email = register(db)
    response = httpx.post(f"{functions_gateway.url}/functions/v1/send-event-confirmation", json={"email": email})
    assert response.status_code == 401
    assert response.json() == {"code": 401, "message": "Missing authorization header"}
    assert sent_at(db, email) is None and outbox(db, email) == []


def test_a_mail_failure_leaves_the_registration_unconfirmed_for_a_retry(functions_gateway: LiveGateway,
                                                                        db: psycopg.Connection):
    email = register(db)
    settings = bind_to_port(replace(functions_gateway.settings, smtp_url=f"smtp://127.0.0.1:{free_port()}"))
    with run_gateway(settings) as broken:
        response = confirm(broken, email)
    assert response.status_code == 502 and "error" in response.json()
    assert sent_at(db, email) is None
    assert confirm(functions_gateway, email).status_code == 200
    assert [m["status"] for m in outbox(db, email)] == ["failed", "captured"]
    assert sent_at(db, email) is not None


def test_concurrent_calls_for_one_registration_send_one_mail(functions_gateway: LiveGateway, db: psycopg.Connection):
    import concurrent.futures

    email = register(db)
    with concurrent.futures.ThreadPoolExecutor(max_workers=5) as pool:
        statuses = list(pool.map(lambda _: confirm(functions_gateway, email).status_code, range(5)))
    assert statuses == [200] * 5
    assert len(outbox(db, email)) == 1
