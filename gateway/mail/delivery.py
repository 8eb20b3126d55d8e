"""The delivery worker: sends queued outbox rows after their transaction committed, retrying with backoff.

Each gateway process runs one; they share the queue safely: a row is claimed with `for update skip locked` and a
lease (status `sending` until `next_attempt_at`), and no database connection is held while the SMTP server talks.
A row whose lease ran out (its process died mid-send) is claimed again, so mail is sent at least once.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from psycopg_pool import AsyncConnectionPool

from gateway.mail import smtp

log = logging.getLogger("gateway.mail")

LEASE_SECONDS = 120
MAX_ATTEMPTS = 10
FIRST_RETRY_SECONDS = 2
MAX_RETRY_SECONDS = 600
POLL_SECONDS = 5.0
ERROR_PAUSE_SECONDS = 2.0

CLAIM = """
with due as (
    select id from mail.outbox
    where status in ('queued', 'sending') and next_attempt_at <= now()
    order by next_attempt_at
    limit 1
    for update skip locked
)
update mail.outbox o
set status = 'sending', attempts = o.attempts + 1, last_attempt_at = now(),
    next_attempt_at = now() + make_interval(secs => %(lease)s)
from due where o.id = due.id
returning o.id, o.from_address, o.to_address, o.subject, o.text_body, o.html_body, o.kind, o.attempts
"""
MARK_SENT = "update mail.outbox set status = 'sent', error = null, sent_at = now() where id = %s"
MARK_FAILED = """
update mail.outbox
set status = case when %(permanent)s or attempts >= %(max)s then 'failed' else 'queued' end,
    error = %(error)s, next_attempt_at = now() + make_interval(secs => %(retry)s)
where id = %(id)s
returning status
"""


@dataclass(frozen=True)
class Claimed:
    id: str
    sender: str
    to: str
    subject: str
    text: str
    html: str | None
    kind: str
    attempts: int


def retry_delay(attempts: int) -> int:
    """2 s after the first attempt, doubling, at most 10 minutes: about an hour of tries before `failed`."""
    return min(FIRST_RETRY_SECONDS * 2 ** (attempts - 1), MAX_RETRY_SECONDS)


class DeliveryWorker:
    def __init__(self, pool: AsyncConnectionPool, smtp_url: str, *, concurrency: int):
        self._pool = pool
        self._smtp_url = smtp_url
        self._concurrency = concurrency
        # Its own threads: a slow mail server must not take the default executor's threads (password hashing).
        self.executor = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="smtp")
        self._due = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._run(), name=f"mail-delivery-{n}") for n in range(self._concurrency)]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        # A send in progress finishes in its thread; its row stays `sending` and its lease brings it back if the
        # process ends first.
        self.executor.shutdown(wait=False, cancel_futures=True)

    def wake(self) -> None:
        """New rows were committed: look now rather than at the next poll."""
        self._due.set()

    async def _run(self) -> None:
        while True:
            self._due.clear()
            try:
                claimed = await self._claim()
            except Exception as exc:  # the database restarting, the pool exhausted: try again shortly
                log.warning("mail delivery: cannot read the outbox (%s)", type(exc).__name__)
                await asyncio.sleep(ERROR_PAUSE_SECONDS)
                continue
            if claimed is None:
                try:
                    await asyncio.wait_for(self._due.wait(), POLL_SECONDS)
                except TimeoutError:
                    pass
                continue
            await self._deliver(claimed)

    async def _claim(self) -> Claimed | None:
        async with self._pool.connection() as conn:
            cur = await conn.execute(CLAIM, {"lease": LEASE_SECONDS})
            row = await cur.fetchone()
        if row is None:
            return None
        return Claimed(str(row[0]), *row[1:])

    async def _deliver(self, mail: Claimed) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self.executor, smtp.deliver, self._smtp_url, mail.sender, mail.to,
                                       mail.subject, mail.text, mail.html)
        except smtp.DELIVERY_ERRORS as exc:
            await self._record_failure(mail, exc)
            return
        await self._write(MARK_SENT, (mail.id,))
        log.info("mail sent kind=%s id=%s attempt=%d", mail.kind, mail.id, mail.attempts)

    async def _record_failure(self, mail: Claimed, exc: BaseException) -> None:
        status = await self._write(MARK_FAILED, {"permanent": smtp.is_permanent(exc), "max": MAX_ATTEMPTS,
                                                 "error": type(exc).__name__, "retry": retry_delay(mail.attempts),
                                                 "id": mail.id})
        log.warning("mail delivery failed kind=%s id=%s attempt=%d error=%s status=%s", mail.kind, mail.id,
                    mail.attempts, type(exc).__name__, status)

    async def _write(self, statement: str, params) -> str | None:
        """Records an outcome; if the database is away the lease brings the row back (sent at least once)."""
        try:
            async with self._pool.connection() as conn:
                cur = await conn.execute(statement, params)
                row = await cur.fetchone() if cur.description else None
        except Exception as exc:
            log.warning("mail delivery: cannot record the outcome (%s)", type(exc).__name__)
            return None
        return row[0] if row else None
