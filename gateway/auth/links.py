"""One-time tokens for mail links and codes, and the redirect allow list. URLs come from settings, never headers."""

from __future__ import annotations

import hashlib
import ipaddress
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
    """`candidate` when supabase/auth's IsRedirectURLValid would accept it, else SITE_URL."""
    return candidate if candidate and _redirect_allowed(settings, candidate) else settings.site_url


def _redirect_allowed(settings: Settings, url: str) -> bool:
    """SITE_URL's scheme, host and port (any port on loopback); else an allowed host and a match in the allow list,
    against the URL without its fragment. Parsed first, so what is matched is what a browser would visit."""
    if _CONTROL_OR_SPACE.search(url):
        return False
    try:
        parts = urlsplit(url)
        host, port = parts.hostname or "", parts.port
    except ValueError:
        return False
    scheme = parts.scheme.lower()
    if not scheme or scheme in _NEVER_SCHEMES or "@" in parts.netloc:
        return False
    site = urlsplit(settings.site_url)
    if (scheme, host) == (site.scheme, site.hostname or "") and (port == site.port or _is_localhost(host)):
        return True
    if not _host_allowed(scheme, host):
        return False
    target = url.split("#", 1)[0]
    candidates = (target, target.split("?", 1)[0])  # a listed path takes any query, as GoTrue's `/*` does
    return any(target.startswith(pattern.rstrip("/") + "/") or any(_glob(pattern).fullmatch(one) for one in candidates)
               for pattern in settings.additional_redirect_urls)


def _host_allowed(scheme: str, host: str) -> bool:
    """An address only in its canonical form and on loopback; a name only of letters, digits, dots and dashes."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    return not _ends_in_a_number(host) and (scheme not in ("http", "https") or bool(_REGULAR_HOSTNAME.fullmatch(host)))


_CONTROL_OR_SPACE = re.compile(r"[\x00-\x20\x7f]")
_REGULAR_HOSTNAME = re.compile(r"[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?")
_NUMERIC_LABEL = re.compile(r"[0-9]+|0[xX][0-9a-fA-F]*")
# Schemes a browser runs or reads locally: never a place to send a session to, whatever the allow list says.
_NEVER_SCHEMES = frozenset({"javascript", "data", "vbscript", "file", "blob"})


def _is_localhost(host: str) -> bool:
    return host in ("localhost", "127.0.0.1", "::1", "0.0.0.0", "::") or host.endswith(".localhost")


def _ends_in_a_number(host: str) -> bool:
    """The URL standard's test: such a host is an IPv4 address to a browser (`127.1`, `0x7f.1`, `017700000001`)."""
    labels = host.split(".")
    if len(labels) > 1 and not labels[-1]:
        labels.pop()
    return bool(_NUMERIC_LABEL.fullmatch(labels[-1]))


@lru_cache(maxsize=64)
def _glob(pattern: str) -> re.Pattern[str]:
    """GoTrue's allow-list globs, held tighter in the authority so that what a wildcard matches there is the URL's
    host: `*` and `?` never cross `.`, `/`, `?`, `#`, `@`, `:` or `\\` (so `https://*-team.vercel.app` cannot match
    `https://16909060?-team.vercel.app`); `**` crosses `.` and `:` in the authority and anything in the path."""
    scheme_end = pattern.find("://")
    authority_end = pattern.find("/", scheme_end + 3) if scheme_end >= 0 else 0
    if authority_end < 0:
        authority_end = len(pattern)
    return re.compile(_translate(pattern[:authority_end], _AUTHORITY_WILDCARDS)
                      + _translate(pattern[authority_end:], _PATH_WILDCARDS))


_ONE_SEGMENT = r"[^./?#@:\\]"
_AUTHORITY_WILDCARDS = {"**": r"[^/?#@\\]*", "*": _ONE_SEGMENT + "*", "?": _ONE_SEGMENT}
_PATH_WILDCARDS = {"**": ".*", "*": _ONE_SEGMENT + "*", "?": _ONE_SEGMENT}


def _translate(glob: str, wildcards: dict[str, str]) -> str:
    return "".join(wildcards.get(part, re.escape(part)) for part in re.split(r"(\*\*|\*|\?)", glob))


def verify_link(settings: Settings, hashed: str, kind: str, redirect_to: str) -> str:
    query = urlencode({"token": hashed, "type": kind, "redirect_to": redirect_to})
    return f"{settings.api_external_url}/auth/v1/verify?{query}"
