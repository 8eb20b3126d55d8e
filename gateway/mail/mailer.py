"""The gateway's one mailer: SMTP when SMTP_URL is set, otherwise the outbox table is the mailbox."""

from __future__ import annotations

import asyncio
import logging
import re
import smtplib
import ssl
from dataclasses import dataclass, replace
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from psycopg_pool import AsyncConnectionPool

log = logging.getLogger("gateway.mail")

# Subjects carry user text (a contact form's name, an event's name): a line break there would start a new header.
HEADER_BREAKS = re.compile(r"[\x00-\x1f\x7f]+")


class MailError(Exception):
    """The mail could not be handed to the SMTP server; it stays in the outbox as failed."""


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str
    html: str | None = None
    kind: str = "other"


class Mailer:
    def __init__(self, pool: AsyncConnectionPool, *, smtp_url: str | None, sender: str):
        self._pool = pool
        self._smtp_url = smtp_url
        self.sender = sender

    async def send(self, mail: Mail) -> str:
        """Records the mail, delivers it over SMTP when configured, and returns its outbox id."""
        mail = replace(mail, to=header_value(mail.to), subject=header_value(mail.subject))
        status = "queued" if self._smtp_url else "captured"
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "insert into mail.outbox (to_address, from_address, subject, text_body, html_body, kind, status)"
                " values (%s, %s, %s, %s, %s, %s, %s) returning id",
                (mail.to, self.sender, mail.subject, mail.text, mail.html, mail.kind, status),
            )
            mail_id = str((await cur.fetchone())[0])
        if not self._smtp_url:
            log.info("mail captured in outbox kind=%s id=%s", mail.kind, mail_id)
            return mail_id
        try:
            await asyncio.to_thread(_deliver, self._smtp_url, self.sender, mail)
        except (OSError, smtplib.SMTPException, ValueError) as exc:
            await self._mark(mail_id, "failed", type(exc).__name__)
            log.warning("mail delivery failed kind=%s id=%s error=%s", mail.kind, mail_id, type(exc).__name__)
            raise MailError("the mail server did not accept the message") from exc
        await self._mark(mail_id, "sent", None)
        return mail_id

    async def _mark(self, mail_id: str, status: str, error: str | None) -> None:
        async with self._pool.connection() as conn:
            await conn.execute(
                "update mail.outbox set status = %s, error = %s,"
                " sent_at = case when %s = 'sent' then now() end where id = %s",
                (status, error, status, mail_id),
            )


def header_value(value: str) -> str:
    return HEADER_BREAKS.sub(" ", value).strip()


def _deliver(smtp_url: str, sender: str, mail: Mail) -> None:
    """SMTP_URL: smtp://user:pass@host:port (STARTTLS when offered) or smtps://... (implicit TLS)."""
    parts = urlsplit(smtp_url)
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.to
    message["Subject"] = mail.subject
    message.set_content(mail.text)
    if mail.html:
        message.add_alternative(mail.html, subtype="html")
    secure = parts.scheme == "smtps"
    port = parts.port or (465 if secure else 25)
    client_class = smtplib.SMTP_SSL if secure else smtplib.SMTP
    with client_class(parts.hostname or "localhost", port, timeout=15) as client:
        if not secure and client.has_extn("starttls"):
            client.starttls(context=ssl.create_default_context())
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(message)
