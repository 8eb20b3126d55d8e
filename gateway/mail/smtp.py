"""Handing one message to the SMTP server of SMTP_URL (blocking: run in the mailer's own threads)."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

# What a failed hand-over may raise; anything else is a bug, not a delivery failure.
DELIVERY_ERRORS = (OSError, smtplib.SMTPException, ValueError)
TIMEOUT_SECONDS = 15


def deliver(smtp_url: str, sender: str, to: str, subject: str, text: str, html: str | None) -> None:
    """SMTP_URL: smtp://user:pass@host:port (STARTTLS when offered) or smtps://... (implicit TLS)."""
    parts = urlsplit(smtp_url)
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
    with client_class(parts.hostname or "localhost", port, timeout=TIMEOUT_SECONDS) as client:
        if not secure and client.has_extn("starttls"):
            client.starttls(context=ssl.create_default_context())
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(message)


def is_permanent(exc: BaseException) -> bool:
    """The server refused the message itself (5xx) or the address is unusable: trying again will not help. A refused
    login is not: the operator fixes SMTP_URL and the queued mail goes out."""
    if isinstance(exc, ValueError):
        return True
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return False
        return True
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPResponseException) and 500 <= exc.smtp_code < 600
