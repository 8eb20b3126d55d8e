"""The gateway's one mailer: SMTP when SMTP_URL is set, otherwise the outbox table is the mailbox.

Two ways in. `enqueue` writes the mail in the caller's transaction (auth mails: the mail exists exactly when the
token it carries does); the delivery worker sends it after commit, with retries. `send` records and delivers at
once for a function, which tells its caller whether the mail went out.
"""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import dataclass, replace

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from gateway.database.transactions import one
from gateway.mail import smtp
from gateway.mail.delivery import LEASE_SECONDS, DeliveryWorker

log = logging.getLogger("gateway.mail")

# Subjects carry user text (a contact form's name, an event's name): a line break there would start a new header.
HEADER_BREAKS = re.compile(r"[\x00-\x1f\x7f]+")
DELIVERY_CONCURRENCY = 4
INSERT = ("insert into mail.outbox (to_address, from_address, subject, text_body, html_body, kind, status,"
          " attempts, next_attempt_at) values (%s, %s, %s, %s, %s, %s, %s, %s, now() + make_interval(secs => %s))"
          " returning id")


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
        self._worker = DeliveryWorker(pool, smtp_url, concurrency=DELIVERY_CONCURRENCY) if smtp_url else None

    def start(self) -> None:
        """Run the delivery worker (a gateway process; a standalone function server only sends its own mail)."""
        if self._worker is not None:
            self._worker.start()
            self._worker.wake()  # mail left queued by an earlier run

    async def stop(self) -> None:
        if self._worker is not None:
            await self._worker.stop()

    async def enqueue(self, conn: AsyncConnection, mail: Mail) -> str:
        """Records the mail in `conn`'s open transaction; call `wake()` once it committed."""
        status = "queued" if self._smtp_url else "captured"
        mail_id = await self._insert(conn, mail, status, attempts=0, hold_seconds=0)
        log.info("mail %s kind=%s id=%s", status, mail.kind, mail_id)
        return mail_id

    def wake(self) -> None:
        if self._worker is not None:
            self._worker.wake()

    async def send(self, mail: Mail) -> str:
        """Records the mail, delivers it over SMTP when configured, and returns its outbox id. The row is claimed
        (`sending`) while this process delivers it, so no worker sends it too; if the process dies meanwhile the
        lease runs out and a worker does."""
        async with self._pool.connection() as conn:
            if self._worker is None or not self._smtp_url:
                return await self.enqueue(conn, mail)
            mail_id = await self._insert(conn, mail, "sending", attempts=1, hold_seconds=LEASE_SECONDS)
        mail = self._clean(mail)
        try:
            await asyncio.get_running_loop().run_in_executor(
                self._worker.executor, smtp.deliver, self._smtp_url, self.sender, mail.to, mail.subject, mail.text,
                mail.html)
        except smtp.DELIVERY_ERRORS as exc:
            await self._mark(mail_id, "failed", type(exc).__name__)
            log.warning("mail delivery failed kind=%s id=%s error=%s", mail.kind, mail_id, type(exc).__name__)
            raise MailError("the mail server did not accept the message") from exc
        await self._mark(mail_id, "sent", None)
        return mail_id

    async def _insert(self, conn: AsyncConnection, mail: Mail, status: str, *, attempts: int,
                      hold_seconds: int) -> str:
        mail = self._clean(mail)
        cur = await conn.execute(INSERT, (mail.to, self.sender, mail.subject, mail.text, mail.html, mail.kind, status,
                                          attempts, hold_seconds))
        return str(one(await cur.fetchone())[0])

    async def _mark(self, mail_id: str, status: str, error: str | None) -> None:
        async with self._pool.connection() as conn:
            await conn.execute(
                "update mail.outbox set status = %s, error = %s, last_attempt_at = now(),"
                " sent_at = case when %s = 'sent' then now() end where id = %s",
                (status, error, status, mail_id),
            )

    @staticmethod
    def _clean(mail: Mail) -> Mail:
        return replace(mail, to=header_value(mail.to), subject=header_value(mail.subject))


def header_value(value: str) -> str:
    return HEADER_BREAKS.sub(" ", value).strip()
