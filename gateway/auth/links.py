"""One-time tokens for mail links and codes, and the redirect allow list. URLs come from settings, never headers."""

from __future__ import annotations

import hashlib
import re
import secrets
from functools import lru_cache
from urllib.parse import urlencode, urlsplit

from gateway.settings import Settings


def new_otp(settings: Settings) -> str:
    return "".join(secrets.choice("0123456789") for _ in range(settings.mail_otp_length))


def token_hash(email: str, otp: str) -> str:
    """GoTrue's scheme: the link carries sha224(email + code), so the 6-digit code and the link verify alike."""
    return hashlib.sha224((email.lower() + otp).encode()).hexdigest()


def allowed_redirect(settings: Settings, candidate: str | None) -> str:
    """`candidate` when it is under SITE_URL or matches the allow list (globs allowed), else SITE_URL."""
    if not candidate:
        return settings.site_url
    parts = urlsplit(candidate)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return settings.site_url
    site = urlsplit(settings.site_url)
    if (parts.scheme, parts.netloc) == (site.scheme, site.netloc):
        return candidate
    for pattern in settings.additional_redirect_urls:
        if candidate.startswith(pattern.rstrip("/") + "/") or _glob(pattern).fullmatch(candidate):
            return candidate
    return settings.site_url


@lru_cache(maxsize=64)
def _glob(pattern: str) -> re.Pattern[str]:
    """GoTrue's allow-list globs: `*` and `?` stay within one host label or path segment (never cross `.` or `/`,
    so `https://*.example.com` cannot match `https://evil.test/x.example.com`); `**` crosses them."""
    parts = re.split(r"(\*\*|\*|\?)", pattern)
    wildcards = {"**": ".*", "*": "[^./]*", "?": "[^./]"}
    return re.compile("".join(wildcards.get(part, re.escape(part)) for part in parts))


def verify_link(settings: Settings, hashed: str, kind: str, redirect_to: str) -> str:
    query = urlencode({"token": hashed, "type": kind, "redirect_to": redirect_to})
    return f"{settings.api_external_url}/auth/v1/verify?{query}"
