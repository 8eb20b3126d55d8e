"""send-event-confirmation: mails a registrant the event's details, once, and only to a registered email.

Not an open relay: the address must belong to a registration, and the mail is built from the stored
registration, never from the request's names. The answer is the same whether or not a registration exists,
so the function cannot be used to find out who registered.
"""

from __future__ import annotations

import re

from gateway.functions.api import FunctionContext, FunctionError, FunctionRequest, FunctionResponse, MailDeliveryError

from .mails import Registration, confirmation_letter

EMAIL_PATTERN = re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+")
EMAIL_MAX = 255
ACCEPTED = "If this email has a registration, its confirmation is on its way."
MAIL_FAILED = "The confirmation could not be sent right now. Please try again in a few minutes."


def parse_email(body: object) -> str:
    if not isinstance(body, dict):
        raise FunctionError("The request body must be a JSON object with firstName, lastName, email and companyName")
    email = body.get("email")
    if not isinstance(email, str) or not email.strip():
        raise FunctionError("email is required")
    email = email.strip().lower()
    if len(email) > EMAIL_MAX or not EMAIL_PATTERN.fullmatch(email):
        raise FunctionError("Please enter a valid email address")
    return email


async def handle(request: FunctionRequest, ctx: FunctionContext) -> FunctionResponse:
    email = parse_email(request.body)
    async with ctx.db.transaction() as conn:
        # The row lock makes a concurrent second call wait, then skip the row once confirmation_sent_at is set.
        cur = await conn.execute(
            "select id, first_name, last_name, company_name, event_name, event_date, event_location"
            " from public.event_registrations"
            " where lower(email) = %s and status = 'registered' and confirmation_sent_at is null"
            " order by created_at desc limit 1 for update",
            (email,),
        )
        row = await cur.fetchone()
        if row is None:
            ctx.log.info("no unconfirmed registration for the requested address; nothing sent")
            return FunctionResponse({"message": ACCEPTED})
        registration_id, first_name, last_name, company_name, event_name, event_date, event_location = row
        registration = Registration(first_name.strip(), last_name.strip(), company_name.strip(), event_name.strip(),
                                    event_date, event_location.strip())
        letter = confirmation_letter(registration)
        try:
            await ctx.mailer.send(email, letter.subject, letter.text, letter.html, kind="event_confirmation")
        except MailDeliveryError:
            ctx.log.warning("registration %s: confirmation not accepted by the mail server", registration_id)
            raise FunctionError(MAIL_FAILED, 502) from None
        await conn.execute("update public.event_registrations set confirmation_sent_at = now() where id = %s",
                           (registration_id,))
    return FunctionResponse({"message": ACCEPTED})
