"""The registrant's confirmation: the event's date, place and schedule (spec 1, section 2)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from html import escape

from .._shared.letters import COMPANY, Letter, html_page, html_table, text_table

SCHEDULE = (
    ("2:00 PM", "Registration and coffee"),
    ("2:30 PM", "Introduction"),
    ("3:30 PM", "Live demo"),
    ("4:30 PM", "Networking"),
)


@dataclass(frozen=True)
class Registration:
    first_name: str
    last_name: str
    company_name: str
    event_name: str
    event_date: date
    event_location: str


def long_date(day: date) -> str:
    return f"{day:%A}, {day.day} {day:%B %Y}"


def confirmation_letter(registration: Registration) -> Letter:
    event = registration.event_name
    when = long_date(registration.event_date)
    details = [
        ("Event", event),
        ("Date", when),
        ("Time", f"{SCHEDULE[0][0]} to the end of networking"),
        ("Location", registration.event_location),
        ("Attendee", f"{registration.first_name} {registration.last_name}"),
        ("Company", registration.company_name),
    ]
    subject = f"Your registration is confirmed: {event}, {registration.event_date.day} {registration.event_date:%B %Y}"
    text = "\n".join([
        f"Dear {registration.first_name},",
        "",
        f"Thank you for registering for {event}. Your place is confirmed, and we look forward to welcoming you.",
        "",
        *text_table(details),
        "",
        "Schedule:",
        *(f"  {time:<8} {item}" for time, item in SCHEDULE),
        "",
        "Please arrive in time for registration so that we can start promptly. If you can no longer attend, "
        "simply reply to this email so that we can offer your seat to someone else.",
        "",
        "Kind regards,",
        f"The {COMPANY} events team",
    ])
    schedule_rows = "".join(
        f"<tr><td style=\"padding:4px 16px 4px 0;font-weight:bold;white-space:nowrap\">{escape(time)}</td>"
        f"<td style=\"padding:4px 0\">{escape(item)}</td></tr>" for time, item in SCHEDULE
    )
    html = html_page("Your registration is confirmed", (
        f"<p>Dear {escape(registration.first_name)},</p>"
        f"<p>Thank you for registering for <strong>{escape(event)}</strong>. Your place is confirmed, and we look "
        "forward to welcoming you.</p>"
        f"{html_table(details)}"
        "<h2 style=\"font-size:16px;margin:24px 0 8px\">Schedule</h2>"
        f"<table style=\"border-collapse:collapse;font-size:14px\">{schedule_rows}</table>"
        "<p>Please arrive in time for registration so that we can start promptly. If you can no longer attend, "
        "simply reply to this email so that we can offer your seat to someone else.</p>"
        f"<p>Kind regards,<br>The {COMPANY} events team</p>"
    ))
    return Letter(subject, text, html)
