"""send-contact-email: stores a contact form message, mails it to the company inbox and acknowledges it."""

from __future__ import annotations

import os

from gateway.functions.api import FunctionContext, FunctionError, FunctionRequest, FunctionResponse, MailDeliveryError

from .._shared.letters import Letter
from .mails import acknowledgement_letter, inbox_letter
from .rules import parse_contact
from .store import record_mail_outcome, store

MAIL_FAILED = ("Your message was saved, but we could not send it by email right now. "
               "Please try again in a few minutes.")


async def handle(request: FunctionRequest, ctx: FunctionContext) -> FunctionResponse:
    message = parse_contact(request.body)
    stored = await store(ctx.db, message, request.client_ip, int(ctx.settings["cooldown_seconds"]))
    inbox_notified, acknowledged = stored.inbox_notified, stored.acknowledged
    if not inbox_notified:
        letter = inbox_letter(message, stored.created_at)
        inbox = os.environ.get("CONTACT_INBOX") or ctx.settings["contact_inbox"]
        inbox_notified = await _send(ctx, inbox, letter, "contact_inbox", stored.id)
    if not acknowledged:
        letter = acknowledgement_letter(message)
        acknowledged = await _send(ctx, message.email, letter, "contact_acknowledgement", stored.id)
    await record_mail_outcome(ctx.db, stored.id, inbox_notified=inbox_notified, acknowledged=acknowledged)
    if not (inbox_notified and acknowledged):
        raise FunctionError(MAIL_FAILED, 502)
    return FunctionResponse({"success": True, "id": stored.id,
                             "message": "We'll get back to you within 24 hours."})


async def _send(ctx: FunctionContext, to: str, letter: Letter, kind: str, message_id: str) -> bool:
    try:
        await ctx.mailer.send(to, letter.subject, letter.text, letter.html, kind=kind)
    except MailDeliveryError:
        ctx.log.warning("contact message %s: %s mail was not accepted by the mail server", message_id, kind)
        return False
    return True
