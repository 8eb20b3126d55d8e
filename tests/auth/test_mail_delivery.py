"""Auth mail is written with its token and delivered after commit: a slow or dead mail server never holds up (or
fails) a request, and what is queued goes out once the server answers, from any gateway process, exactly once."""

from __future__ import annotations

import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import httpx
import pytest

from tests.auth.helpers import VERSIONED, bearer, fragment
from tests.conftest import make_settings
from tests.support.live import free_port, run_gateway
from tests.support.smtp import SmtpServer
from tests.support.waits import eventually


def auth_client(gateway) -> httpx.Client:
    return httpx.Client(base_url=f"{gateway.url}/auth/v1", headers={**gateway.headers(), **VERSIONED}, timeout=60)


def outbox_rows(db, address: str) -> list[dict]:
    cur = db.execute("select status, attempts, error, sent_at from mail.outbox where to_address = %s"
                     " order by created_at", (address,))
    return [dict(zip(("status", "attempts", "error", "sent_at"), row)) for row in cur.fetchall()]


def link_in(message) -> str:
    text = message.get_body(("plain",)).get_content()
    return next(word for word in text.split() if "/auth/v1/verify" in word)


@pytest.fixture
def silent_smtp():
    """A mail server that accepts connections but greets no one until the test releases it."""
    server = SmtpServer(free_port(), held=True).start()
    yield server
    server.stop()


def address() -> str:
    return f"mail-{uuid.uuid4().hex[:10]}@example.com"


def test_concurrent_sign_ups_answer_while_the_mail_server_has_not_greeted(database_url, tmp_path, db, silent_smtp):
    settings = make_settings(database_url, tmp_path, smtp_url=silent_smtp.url)
    emails = [address() for _ in range(20)]
    with run_gateway(settings) as gateway, auth_client(gateway) as auth:
        def sign_up(email: str) -> int:
            return auth.post("/signup", json={"email": email, "password": "correct horse"}).status_code

        with ThreadPoolExecutor(len(emails)) as pool:
            statuses = list(pool.map(sign_up, emails))
        # Every answer came while the server had greeted no one: none of them waited for it.
        assert statuses == [200] * len(emails) and silent_smtp.greeted == 0
        assert all(outbox_rows(db, email)[0]["status"] in ("queued", "sending") for email in emails)

        silent_smtp.release()
        eventually(lambda: all(silent_smtp.received_by(email) for email in emails), "every confirmation mail", 90)
        assert sorted(m["To"] for m in silent_smtp.messages) == sorted(emails)
        eventually(lambda: all(outbox_rows(db, e)[0]["status"] == "sent" for e in emails), "sent status", 10)
        confirmation = httpx.get(link_in(silent_smtp.received_by(emails[0])[0]), follow_redirects=False, timeout=10)
        assert confirmation.status_code == 303 and "access_token" in fragment(confirmation.headers["location"])


def test_every_auth_mail_waits_for_commit_not_for_the_server(database_url, tmp_path, db, silent_smtp):
    """Magic link, recovery, email change and reauthentication: each answers while the server greets no one."""
    settings = make_settings(database_url, tmp_path, smtp_url=silent_smtp.url)
    email, new_email = address(), address()
    with run_gateway(settings) as gateway, auth_client(gateway) as auth:
        silent_smtp.release()
        assert auth.post("/signup", json={"email": email, "password": "correct horse"}).status_code == 200
        message = eventually(lambda: silent_smtp.received_by(email), "the confirmation mail", 30)[0]
        session = fragment(httpx.get(link_in(message), follow_redirects=False, timeout=10).headers["location"])
        token = session["access_token"]
        calls = [
            lambda: auth.post("/otp", json={"email": address()}),
            lambda: auth.post("/recover", json={"email": email}),
            lambda: auth.put("/user", json={"email": new_email}, headers=bearer(token)),
            lambda: auth.get("/reauthenticate", headers=bearer(token)),
        ]
        silent_smtp.hold()
        greeted = silent_smtp.greeted
        for call in calls:
            response = call()
            assert response.status_code == 200, response.text
        assert silent_smtp.greeted == greeted
        silent_smtp.release()
        kinds = {"auth.recovery", "auth.email_change", "auth.email_change_current", "auth.reauthentication"}
        eventually(lambda: {row[0] for row in db.execute(
            "select kind from mail.outbox where status = 'sent' and to_address in (%s, %s)",
            (email, new_email))} >= kinds, f"the mails {kinds}", 60)


def test_a_dead_mail_server_leaves_mail_queued_until_it_recovers(database_url, tmp_path, db):
    port = free_port()
    settings = make_settings(database_url, tmp_path, smtp_url=f"smtp://127.0.0.1:{port}")
    email = address()
    with run_gateway(settings) as gateway, auth_client(gateway) as auth:
        response = auth.post("/signup", json={"email": email, "password": "correct horse"})
        assert response.status_code == 200, response.text
        failed_once = eventually(lambda: [r for r in outbox_rows(db, email) if r["attempts"] >= 1 and r["error"]],
                                 "a failed attempt", 15)[0]
        assert failed_once["status"] in ("queued", "sending") and failed_once["sent_at"] is None
        server = SmtpServer(port).start()
        try:
            eventually(lambda: server.received_by(email), "the mail once the server is back", 60)
            row = eventually(lambda: [r for r in outbox_rows(db, email) if r["status"] == "sent"], "sent", 10)[0]
            assert row["error"] is None and row["sent_at"] is not None and row["attempts"] >= 2
            assert len(server.received_by(email)) == 1
        finally:
            server.stop()


def test_queued_mail_of_a_stopped_process_goes_out_once_across_two_processes(database_url, tmp_path, db):
    """Rows left `queued` (and one `sending` whose process died) are picked up by whichever process runs; two
    processes never send the same row."""
    emails = [address() for _ in range(12)]
    for email in emails:
        db.execute("insert into mail.outbox (to_address, from_address, subject, text_body, kind)"
                   " values (%s, 'no-reply@example.com', 'left behind', 'hello', 'signup')", (email,))
    db.execute("update mail.outbox set status = 'sending', attempts = 1, next_attempt_at = now() - interval '1 s'"
               " where to_address = %s", (emails[0],))
    server = SmtpServer(free_port()).start()
    try:
        with ExitStack() as stack:
            for n in range(2):
                stack.enter_context(run_gateway(make_settings(database_url, tmp_path / str(n), smtp_url=server.url)))
            eventually(lambda: all(server.received_by(email) for email in emails), "every queued mail", 60)
            eventually(lambda: {outbox_rows(db, email)[0]["status"] for email in emails} == {"sent"}, "sent status")
            time.sleep(1)  # a second send of one row would arrive within this while: its absence is under test
        assert sorted(m["To"] for m in server.messages if m["To"] in emails) == sorted(emails)
        assert {outbox_rows(db, email)[0]["status"] for email in emails} == {"sent"}
    finally:
        server.stop()
