"""contact_messages: the cooldown, the stored message, and which of its mails went out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gateway.functions.api import Database, FunctionError

from .rules import ContactMessage


@dataclass(frozen=True)
class StoredMessage:
    id: str
    created_at: datetime
    inbox_notified: bool
    acknowledged: bool


def cooldown_error(seconds_left: int) -> FunctionError:
    return FunctionError(f"Please wait {seconds_left} seconds before sending another message", 429,
                         {"Retry-After": str(seconds_left)})


async def store(db: Database, message: ContactMessage, client_ip: str | None, cooldown_seconds: int) -> StoredMessage:
    """Stores the message, or returns the stored copy whose mail failed when this is a retry of it.

    Raises a 429 FunctionError when the same email or client address sent another message within the cooldown.
    """
    async with db.transaction() as conn:
        # Serialises concurrent sends by the same sender, so two of them cannot both pass the cooldown check.
        await conn.execute("select pg_advisory_xact_lock(hashtextextended('contact-email:' || %s, 0))",
                           (message.email,))
        if client_ip:
            await conn.execute("select pg_advisory_xact_lock(hashtextextended('contact-ip:' || %s, 0))",
                               (client_ip,))
        cur = await conn.execute(
            "select id, created_at, inbox_notified_at is not null, acknowledged_at is not null"
            " from public.contact_messages"
            " where mail_status = 'failed' and email = %s and name = %s and message = %s"
            " order by created_at desc limit 1",
            (message.email, message.name, message.message),
        )
        failed = await cur.fetchone()
        if failed:
            return StoredMessage(str(failed[0]), failed[1], failed[2], failed[3])
        cur = await conn.execute(
            "select ceil(extract(epoch from max(created_at) + make_interval(secs => %s) - clock_timestamp()))::int"
            " from public.contact_messages"
            " where (email = %s or client_ip = %s) and created_at > clock_timestamp() - make_interval(secs => %s)",
            (cooldown_seconds, message.email, client_ip, cooldown_seconds),
        )
        seconds_left = (await cur.fetchone())[0]
        if seconds_left is not None and seconds_left > 0:
            raise cooldown_error(seconds_left)
        cur = await conn.execute(
            "insert into public.contact_messages (name, email, company, phone, service, message, client_ip)"
            " values (%s, %s, %s, %s, %s, %s, %s) returning id, created_at",
            (message.name, message.email, message.company, message.phone, message.service, message.message,
             client_ip),
        )
        row = await cur.fetchone()
        return StoredMessage(str(row[0]), row[1], False, False)


async def record_mail_outcome(db: Database, message_id: str, *, inbox_notified: bool, acknowledged: bool) -> None:
    async with db.transaction() as conn:
        await conn.execute(
            "update public.contact_messages set"
            " inbox_notified_at = coalesce(inbox_notified_at, case when %(inbox)s then now() end),"
            " acknowledged_at = coalesce(acknowledged_at, case when %(ack)s then now() end),"
            " mail_status = case when %(inbox)s and %(ack)s then 'sent' else 'failed' end"
            " where id = %(id)s",
            {"inbox": inbox_notified, "ack": acknowledged, "id": message_id},
        )
