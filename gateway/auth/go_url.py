"""Go's net/url parsing, as far as GoTrue's URL checks see it: which strings url.Parse and url.ParseRequestURI
refuse, and the scheme, host and fragment they find. Python's urllib accepts much that Go refuses (spaces in a host,
bad %-escapes, a colon in a relative path), so GoTrue's answers need Go's rules."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import unquote

HEX_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
# The ASCII bytes Go accepts unescaped in a host (besides letters and digits): RFC 3986's sub-delims, ":" for the
# port, brackets for IPv6, "<", ">" and '"' (shouldEscape's encodeHost list), and the unreserved marks.
HOST_PUNCTUATION = set("!$&'()*+,;=:[]<>\"-_.~")
USERINFO_PUNCTUATION = set("-._:~!$&'()*+,;=%@")


class GoURLError(ValueError):
    """url.Parse or url.ParseRequestURI returned an error."""


@dataclass(frozen=True)
class GoURL:
    scheme: str  # lower-cased, as Go stores it
    host: str  # host[:port] as written (escapes stand only for non-ASCII bytes, so no ASCII name hides in one)
    has_fragment: bool

    @property
    def hostname(self) -> str:
        """url.URL.Hostname: the host without a valid port, IPv6 brackets removed."""
        host = self.host
        colon = host.rfind(":")
        if colon != -1 and _valid_optional_port(host[colon:]):
            host = host[:colon]
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        return host


def parse(raw: str) -> GoURL:
    """url.Parse."""
    before, _, fragment = raw.partition("#")
    url = _parse(before, via_request=False)
    _unescape(fragment)
    return GoURL(url.scheme, url.host, fragment != "")


def parse_request_uri(raw: str) -> GoURL:
    """url.ParseRequestURI: an absolute URI or an absolute path, "#" being no delimiter."""
    return _parse(raw, via_request=True)


def _parse(raw: str, via_request: bool) -> GoURL:
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in raw):
        raise GoURLError("net/url: invalid control character in URL")
    if raw == "" and via_request:
        raise GoURLError("empty url")
    if raw == "*":
        return GoURL("", "", False)
    scheme, rest = _scheme(raw)
    if rest.endswith("?") and rest.count("?") == 1:
        rest = rest[:-1]
    else:
        rest = rest.partition("?")[0]
    if not rest.startswith("/"):
        if scheme:
            return GoURL(scheme, "", False)  # opaque
        if via_request:
            raise GoURLError("invalid URI for request")
        if ":" in rest.partition("/")[0]:
            raise GoURLError("first path segment in URL cannot contain colon")
    host = ""
    if (scheme or not via_request and not rest.startswith("///")) and rest.startswith("//"):
        authority, slash, path = rest[2:].partition("/")
        host = _authority_host(authority)
        rest = slash + path
    _unescape(rest)
    return GoURL(scheme, host, False)


def _scheme(raw: str) -> tuple[str, str]:
    for index, char in enumerate(raw):
        if char.isascii() and char.isalpha():
            continue
        if char.isascii() and (char.isdigit() or char in "+-."):
            if index == 0:
                return "", raw
            continue
        if char == ":":
            if index == 0:
                raise GoURLError("missing protocol scheme")
            return raw[:index].lower(), raw[index + 1:]
        return "", raw
    return "", raw


def _authority_host(authority: str) -> str:
    userinfo, at, host = authority.rpartition("@")
    host = _host(host)
    if at:
        if not all(c.isascii() and (c.isalnum() or c in USERINFO_PUNCTUATION) for c in userinfo):
            raise GoURLError("net/url: invalid userinfo")
        for part in userinfo.split(":", 1):
            _unescape(part)
    return host


def _host(host: str) -> str:
    """parseHost as Go 1.26 has it: brackets hold an IPv6 address only (the CVE-2025-47912 fix), and outside them
    the first colon starts the port (urlstrictcolons, on for GoTrue's go 1.26 module)."""
    bracket = host.rfind("[")
    if bracket > 0:
        raise GoURLError("invalid IP-literal")
    if bracket == 0:
        close = host.rfind("]")
        if close < 0:
            raise GoURLError("missing ']' in host")
        if not _valid_optional_port(host[close + 1:]):
            raise GoURLError(f"invalid port {host[close + 1:]!r} after host")
        literal = host[1:close]
        zone = literal.find("%25")
        _unescape(literal[:zone] if zone >= 0 else literal, "host")
        if zone >= 0:
            # RFC 6874's zone identifier may escape what a host may not.
            _unescape(literal[zone:], "zone")
        try:
            address = ipaddress.ip_address(unquote(literal))
        except ValueError:
            raise GoURLError("invalid host") from None
        if address.version == 4:
            raise GoURLError("invalid IP-literal")
        return host
    colon = host.find(":")
    if colon != -1 and not _valid_optional_port(host[colon:]):
        raise GoURLError(f"invalid port {host[colon:]!r} after host")
    _unescape(host, "host")
    return host


def _unescape(text: str, mode: str = "path") -> None:
    """Go's unescape checks: every "%" starts a two-digit hex escape. In a host (and an IPv6 zone) only letters,
    digits and HOST_PUNCTUATION stand unescaped; a host escapes only non-ASCII bytes (or "%" as "%25"), a zone
    only what a host could hold, or a space."""
    index = 0
    while index < len(text):
        char = text[index]
        if char == "%":
            escape = text[index:index + 3]
            if not HEX_ESCAPE.fullmatch(escape):
                raise GoURLError(f"invalid URL escape {escape!r}")
            byte = chr(int(escape[1:], 16))
            if escape != "%25" and (mode == "host" and byte < "\x80"
                                    or mode == "zone" and byte != " " and not (byte.isascii() and _host_byte(byte))):
                raise GoURLError(f"invalid URL escape {escape!r}")
            index += 3
            continue
        if mode != "path" and not _host_byte(char):
            raise GoURLError(f"invalid character {char!r} in host name")
        index += 1


def _host_byte(char: str) -> bool:
    return not char.isascii() or char.isalnum() or char in HOST_PUNCTUATION


def _valid_optional_port(port: str) -> bool:
    return port == "" or port[0] == ":" and all("0" <= c <= "9" for c in port[1:])
