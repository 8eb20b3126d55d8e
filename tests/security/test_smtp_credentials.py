"""The SMTP password never crosses the network in clear: with `smtp://`, a server that offers no STARTTLS gets no
login unless it is on this machine (localhost, 127.0.0.0/8, ::1) or SMTP_URL opts in with `?plaintext_auth=true`.
A real SMTP server (tests/support/smtp.py, AUTH PLAIN and no STARTTLS) on one of this machine's own addresses that
is not loopback stands for a server elsewhere. The gateway keeps such a mail queued, to go out once SMTP_URL is fixed."""

from __future__ import annotations

import ipaddress
import socket
import uuid
from collections.abc import Iterator

import httpx
import psutil
import pytest

from gateway.mail import smtp
from tests.conftest import make_settings
from tests.support.live import free_port, run_gateway
from tests.support.smtp import SmtpServer
from tests.support.waits import eventually

USER, PASSWORD = "mailer", "smtp-password-0123456789"


def outward_address() -> str:
    """An IPv4 address of this machine that is not loopback: reached without leaving it, named as a remote host."""
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family == socket.AF_INET and not ipaddress.ip_address(address.address).is_loopback:
                return address.address
    pytest.skip("this machine has no IPv4 address but loopback")


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[SmtpServer]:
    running = SmtpServer(free_port(), bind=request.param() if callable(request.param) else request.param).start()
    yield running
    running.stop()


def send(server: SmtpServer, query: str = "", credentials: str = f"{USER}:{PASSWORD}@") -> None:
    smtp.deliver(f"smtp://{credentials}{server.bind}:{server.port}{query}", "no-reply@example.com",
                 "someone@example.com", "Hello", "text", None)


@pytest.mark.parametrize("server", ["127.0.0.1", "127.0.0.2"], indirect=True)
def test_a_server_on_loopback_gets_the_login_without_starttls(server: SmtpServer):
    send(server)
    assert server.logins == [(USER, PASSWORD)] and len(server.messages) == 1


@pytest.mark.parametrize("server", [outward_address], indirect=True)
def test_a_server_elsewhere_without_starttls_gets_no_login_and_no_mail(server: SmtpServer):
    with pytest.raises(smtp.PlaintextAuthRefused):
        send(server)
    assert server.greeted == 1 and server.logins == [] and server.messages == []


@pytest.mark.parametrize("server", [outward_address], indirect=True)
def test_plaintext_login_elsewhere_only_when_smtp_url_opts_in(server: SmtpServer):
    send(server, "?plaintext_auth=true")
    assert server.logins == [(USER, PASSWORD)] and len(server.messages) == 1


@pytest.mark.parametrize("server", [outward_address], indirect=True)
def test_mail_without_a_login_still_goes_to_a_server_without_starttls(server: SmtpServer):
    send(server, credentials="")
    assert server.logins == [] and len(server.messages) == 1


@pytest.mark.parametrize("server", [outward_address], indirect=True)
def test_the_gateway_keeps_a_mail_it_would_send_with_a_clear_password_queued(server: SmtpServer, database_url,
                                                                               tmp_path, db):
    settings = make_settings(database_url, tmp_path,
                             smtp_url=f"smtp://{USER}:{PASSWORD}@{server.bind}:{server.port}")
    email = f"clear-{uuid.uuid4().hex[:8]}@example.com"
    with run_gateway(settings) as gateway:
        signed_up = httpx.post(f"{gateway.url}/auth/v1/signup", json={"email": email, "password": "correct horse"},
                               headers=gateway.headers(), timeout=30)
        assert signed_up.status_code == 200, signed_up.text
        refused = eventually(lambda: db.execute(
            "select status, error from mail.outbox where to_address = %s and attempts >= 1 and error is not null",
            (email,)).fetchone(), "a refused attempt", 30)
    assert refused == ("queued", "PlaintextAuthRefused")
    assert server.greeted >= 1 and server.logins == [] and server.messages == []
