"""The development mailbox (like Inbucket/Mailpit): the outbox as a page with clickable links, and as JSON.

Mounted only when settings.dev_mailbox is true: its links sign people in, so it must never exist in production.
For the same reason it answers only its own origin's pages (and clients that are no browser): another site's page
is refused, and no CORS header lets one read it (gateway.server.cors leaves PREFIX out).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from psycopg.rows import dict_row

from gateway.server.same_origin import same_origin
from gateway.services import services

LINK_PATTERN = re.compile(r"https?://[^\s<>\"']+")
PAGE_SIZE = 100
PREFIX = "/_dev/mailbox"
ANOTHER_SITE = "The development mailbox answers only pages of its own origin."


router = APIRouter()


def refused() -> JSONResponse:
    return JSONResponse({"message": ANOTHER_SITE}, status_code=403)


def extract_links(text: str) -> list[str]:
    return list(dict.fromkeys(LINK_PATTERN.findall(text or "")))


async def _messages(request: Request, to: str | None, limit: int) -> list[dict[str, Any]]:
    async with services(request).pool.connection() as conn:
        cur = conn.cursor(row_factory=dict_row)
        await cur.execute(
            "select id, to_address, from_address, subject, text_body, html_body, kind, status, created_at"
            " from mail.outbox where %(to)s::text is null or lower(to_address) = lower(%(to)s::text)"
            " order by created_at desc, id limit %(limit)s",
            {"to": to, "limit": limit},
        )
        return await cur.fetchall()


@router.get("/api/messages")
async def list_messages(request: Request, to: str | None = None, limit: int = PAGE_SIZE) -> Response:
    if not same_origin(request):
        return refused()
    rows = await _messages(request, to, max(1, min(limit, 500)))
    messages = [
        {
            "id": str(row["id"]), "to": row["to_address"], "from": row["from_address"], "subject": row["subject"],
            "text": row["text_body"], "html": row["html_body"], "kind": row["kind"], "status": row["status"],
            "created_at": row["created_at"].isoformat(), "links": extract_links(row["text_body"]),
        }
        for row in rows
    ]
    return JSONResponse({"messages": messages, "count": len(messages)})


@router.get("")
async def mailbox_page(request: Request, to: str | None = None) -> Response:
    if not same_origin(request):
        return refused()
    rows = await _messages(request, to, PAGE_SIZE)
    items = "".join(_render_message(row) for row in rows) or "<p>No mail yet.</p>"
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>Development mailbox</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
        "article{border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1rem 0}"
        "pre{white-space:pre-wrap;background:#f7f7f7;padding:.75rem}small{color:#666}</style></head><body>"
        "<h1>Development mailbox</h1><p>Every mail the gateway sent, newest first. "
        "This page exists only in development.</p>"
        f"{items}</body></html>"
    )
    return HTMLResponse(page)


def _render_message(row: dict[str, Any]) -> str:
    body = escape(row["text_body"])
    linked = LINK_PATTERN.sub(lambda m: f'<a href="{m.group(0)}">{m.group(0)}</a>', body)
    return (
        f"<article><h2>{escape(row['subject'])}</h2>"
        f"<small>To {escape(row['to_address'])} · from {escape(row['from_address'])} · "
        f"{row['created_at']:%Y-%m-%d %H:%M:%S} · {escape(row['kind'])}</small>"
        f"<pre>{linked}</pre></article>"
    )
