"""The two mails of a contact message: the company inbox's copy and the sender's acknowledgement."""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape

from .._shared.letters import COMPANY, Letter, html_page, html_quote, html_table, text_table
from .rules import ContactMessage

REPLY_PROMISE = "within 24 hours"
OTHER_PROMISES = "Emergencies are handled in under 1 hour and sales enquiries in under 2 hours."


def _details(message: ContactMessage) -> list[tuple[str, str]]:
    return [
        ("Name", message.name),
        ("Email", message.email),
        ("Company", message.company or "not given"),
        ("Phone", message.phone or "not given"),
        ("Service", message.service or "not given"),
    ]


def inbox_letter(message: ContactMessage, received_at: datetime) -> Letter:
    subject = f"New contact message from {message.name}" + (f" ({message.service})" if message.service else "")
    rows = _details(message) + [("Received", received_at.astimezone(UTC).strftime("%d %B %Y, %H:%M UTC"))]
    text = "\n".join([
        f"A new message arrived through the contact form of the {COMPANY} website.",
        "",
        *text_table(rows),
        "",
        "Message:",
        message.message,
        "",
        f"The sender was promised a reply {REPLY_PROMISE}. Reply directly to {message.email}.",
    ])
    html = html_page("New contact message", (
        f"<p>A new message arrived through the contact form of the {COMPANY} website.</p>"
        f"{html_table(rows)}{html_quote(message.message)}"
        f"<p>The sender was promised a reply {REPLY_PROMISE}. Reply directly to "
        f"<a href=\"mailto:{escape(message.email)}\">{escape(message.email)}</a>.</p>"
    ))
    return Letter(subject, text, html)


def acknowledgement_letter(message: ContactMessage) -> Letter:
    subject = f"We have received your message | {COMPANY}"
    text = "\n".join([
        f"Dear {message.name},",
        "",
        f"Thank you for contacting {COMPANY}. We have received your message and a member of our team will get "
        f"back to you {REPLY_PROMISE}. {OTHER_PROMISES}",
        "",
        "For your records, this is what you sent us:",
        "",
        *text_table(_details(message)),
        "",
        message.message,
        "",
        "Kind regards,",
        f"The {COMPANY} team",
    ])
    html = html_page("Thank you for contacting us", (
        f"<p>Dear {escape(message.name)},</p>"
        f"<p>Thank you for contacting {COMPANY}. We have received your message and a member of our team will get "
        f"back to you <strong>{REPLY_PROMISE}</strong>. {OTHER_PROMISES}</p>"
        "<p>For your records, this is what you sent us:</p>"
        f"{html_table(_details(message))}{html_quote(message.message)}"
        f"<p>Kind regards,<br>The {COMPANY} team</p>"
    ))
    return Letter(subject, text, html)
