"""The house style of the mails functions send: a subject, a plain-text body and a matching simple HTML body."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

COMPANY = "GulfSec Distribution"


@dataclass(frozen=True)
class Letter:
    subject: str
    text: str
    html: str


def html_page(title: str, body: str) -> str:
    """`body` is HTML already escaped by the caller; inline styles because mail clients drop style sheets."""
    return (
        "<!doctype html><html><body style=\"margin:0;padding:24px;background:#f4f6f8;"
        "font-family:Arial,Helvetica,sans-serif;color:#1f2933\">"
        "<div style=\"max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px\">"
        f"<h1 style=\"font-size:20px;margin:0 0 16px;color:#0b3d91\">{escape(title)}</h1>"
        f"{body}"
        f"<p style=\"margin-top:32px;font-size:12px;color:#7b8794\">{COMPANY}</p>"
        "</div></body></html>"
    )


def html_table(rows: list[tuple[str, str]]) -> str:
    cells = "".join(
        f"<tr><td style=\"padding:4px 16px 4px 0;color:#52606d;vertical-align:top\">{escape(label)}</td>"
        f"<td style=\"padding:4px 0\">{escape(value)}</td></tr>"
        for label, value in rows
    )
    return f"<table style=\"border-collapse:collapse;font-size:14px\">{cells}</table>"


def html_quote(text: str) -> str:
    return ("<blockquote style=\"margin:16px 0;padding:12px 16px;background:#f4f6f8;border-left:4px solid #0b3d91;"
            f"white-space:pre-wrap\">{escape(text)}</blockquote>")


def text_table(rows: list[tuple[str, str]]) -> list[str]:
    width = max(len(label) for label, _ in rows) + 2
    return [f"{label + ':':<{width}}{value}" for label, value in rows]
