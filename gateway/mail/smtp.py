"""Handing one message to the SMTP server of SMTP_URL (blocking: run in the mailer's own threads)."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from gateway.settings import is_loopback

# What a failed hand-over may raise; anything else is a bug, not a delivery failure.
DELIVERY_ERRORS = (OSError, smtplib.SMTPException, ValueError)
TIMEOUT_SECONDS = 15
PLAINTEXT_OPT_IN = "plaintext_auth"  # smtp://user:pass@host:25?plaintext_auth=true


class PlaintextAuthRefused(smtplib.SMTPException):
    """The server offers no STARTTLS, so logging in would send the password in clear."""


def deliver(smtp_url: str, sender: str, to: str, subject: str, text: str, html: str | None) -> None:
    """SMTP_URL: smtp://user:pass@host:port (STARTTLS when offered) or smtps://... (implicit TLS). With `smtp://` a
    login needs STARTTLS, unless the server is on this machine or the URL opts in with `?plaintext_auth=true`."""
    parts = urlsplit(smtp_url)
    host = parts.hostname or "localhost"
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message.set_content(text)
    if html:
        message.add_alternative(html, subtype="html")
    secure = parts.scheme == "smtps"
    port = parts.port or (465 if secure else 25)
    client_class = smtplib.SMTP_SSL if secure else smtplib.SMTP
    with client_class(host, port, timeout=TIMEOUT_SECONDS) as client:
        if not secure:
            client.ehlo_or_helo_if_needed()
            if client.has_extn("starttls"):
                client.starttls(context=ssl.create_default_context())
            elif parts.username and not (is_loopback(host) or _plaintext_allowed(parts.query)):
                raise PlaintextAuthRefused(f"{host} offers no STARTTLS: not sending the SMTP password in clear")
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(message)


def _plaintext_allowed(query: str) -> bool:
    return parse_qs(query).get(PLAINTEXT_OPT_IN, [""])[-1].lower() == "true"


def is_permanent(exc: BaseException) -> bool:
    """The server refused the message itself (5xx) or the address is unusable: trying again will not help. A refused
    login is not, nor one refused for want of STARTTLS: the operator fixes SMTP_URL and the queued mail goes out."""
    if isinstance(exc, ValueError):
        return True
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return False
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPResponseException) and 500 <= exc.smtp_code < 600
