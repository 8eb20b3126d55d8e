"""What GoTrue's OAuth 2.1 server accepts for a client: the registration and update bodies of
/admin/oauth/clients, checked in GoTrue's order with its messages (internal/api/oauthserver/service.go)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gateway.auth import go_url
from gateway.auth.errors import AuthError, bad_request

GRANT_TYPES = ("authorization_code", "refresh_token")
AUTH_METHODS = ("none", "client_secret_basic", "client_secret_post")
AUTH_METHODS_OF_TYPE = {"public": ("none",), "confidential": ("client_secret_basic", "client_secret_post")}
DANGEROUS_SCHEMES = ("javascript", "data", "file", "vbscript", "about", "blob")
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
MAX_REDIRECT_URIS = 10


class RuleBroken(ValueError):
    """A body GoTrue refuses with 400 validation_failed; the message is GoTrue's."""


@dataclass(frozen=True)
class Registration:
    redirect_uris: list[str]
    grant_types: list[str]
    client_type: str
    token_endpoint_auth_method: str
    client_name: str | None
    client_uri: str | None
    logo_uri: str | None

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> Registration:
        redirect_uris = _strings(body, "redirect_uris")
        grant_types = _strings(body, "grant_types") or []
        client_type = _string(body, "client_type") or ""
        auth_method = _string(body, "token_endpoint_auth_method") or ""
        names = {name: _string(body, name) or "" for name in ("client_name", "client_uri", "logo_uri")}
        redirect_uris = check_redirect_uris(redirect_uris, required=True)
        if grant_types:
            check_grant_types(grant_types)
        check_client_name(names["client_name"])
        check_uri("client_uri", names["client_uri"])
        check_uri("logo_uri", names["logo_uri"])
        if client_type and client_type not in AUTH_METHODS_OF_TYPE:
            raise RuleBroken("client_type must be 'public' or 'confidential'")
        if auth_method and auth_method not in AUTH_METHODS:
            raise RuleBroken(f"token_endpoint_auth_method must be one of: {_go_list(AUTH_METHODS)}")
        implied_type = "public" if auth_method == "none" else "confidential"
        if client_type and auth_method and client_type != implied_type:
            raise RuleBroken(f"client_type '{client_type}' is inconsistent with token_endpoint_auth_method "
                             f"'{auth_method}' (expected client_type '{implied_type}')")
        client_type = client_type or implied_type
        return cls(redirect_uris=redirect_uris, grant_types=grant_types or list(GRANT_TYPES), client_type=client_type,
                    token_endpoint_auth_method=auth_method or AUTH_METHODS_OF_TYPE[client_type][0],
                    client_name=names["client_name"] or None, client_uri=names["client_uri"] or None,
                    logo_uri=names["logo_uri"] or None)


@dataclass(frozen=True)
class ClientUpdate:
    """The fields an update body sets (null counts as absent, as in GoTrue), each checked."""
    redirect_uris: list[str] | None
    grant_types: list[str] | None
    client_name: str | None
    client_uri: str | None
    logo_uri: str | None
    token_endpoint_auth_method: str | None

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> ClientUpdate:
        update = cls(redirect_uris=_strings(body, "redirect_uris"), grant_types=_strings(body, "grant_types"),
                     client_name=_string(body, "client_name"), client_uri=_string(body, "client_uri"),
                     logo_uri=_string(body, "logo_uri"),
                     token_endpoint_auth_method=_string(body, "token_endpoint_auth_method"))
        if all(value is None for value in vars(update).values()):
            raise RuleBroken("No fields provided for update")
        if update.redirect_uris is not None:
            check_redirect_uris(update.redirect_uris, required=False)
        if update.grant_types is not None:
            check_grant_types(update.grant_types)
        if update.client_name is not None:
            check_client_name(update.client_name)
        for name in ("client_uri", "logo_uri"):
            if getattr(update, name) is not None:
                check_uri(name, getattr(update, name))
        method = update.token_endpoint_auth_method
        if method is not None and method not in AUTH_METHODS:
            raise RuleBroken(f"invalid token_endpoint_auth_method: must be one of {_go_list(AUTH_METHODS)}")
        return update

    def check_method_fits(self, client_type: str) -> None:
        method = self.token_endpoint_auth_method
        if method is not None and method not in AUTH_METHODS_OF_TYPE[client_type]:
            raise RuleBroken(f"token_endpoint_auth_method '{method}' is not valid for client_type '{client_type}';"
                             f" valid methods: {_go_list(AUTH_METHODS_OF_TYPE[client_type])}")


def check_redirect_uris(uris: list[str] | None, required: bool) -> list[str]:
    if not uris:
        raise RuleBroken("redirect_uris is required" if required else "redirect_uris cannot be empty")
    if len(uris) > MAX_REDIRECT_URIS:
        raise RuleBroken(f"redirect_uris cannot exceed {MAX_REDIRECT_URIS} items")
    for uri in uris:
        problem = redirect_uri_problem(uri)
        if problem:
            raise RuleBroken(f"invalid redirect_uri '{uri}': {problem}")
    return uris


def redirect_uri_problem(uri: str) -> str | None:
    """OAuth 2.1's rules as GoTrue applies them: absolute with a host, no fragment, no script-like scheme, and
    plain http only on a loopback host (custom schemes such as myapp:// are allowed)."""
    if not uri:
        return "redirect URI cannot be empty"
    try:
        parsed = go_url.parse(uri)
    except go_url.GoURLError:
        return "invalid URL format"
    if not parsed.scheme or not parsed.host:
        return "must have scheme and host"
    if parsed.scheme in DANGEROUS_SCHEMES:
        return f"scheme '{parsed.scheme}' is not allowed for security reasons"
    if parsed.scheme == "http" and parsed.hostname not in LOOPBACK_HOSTS:
        return "HTTP scheme only allowed for localhost"
    if parsed.has_fragment:
        return "fragment not allowed in redirect URI"
    return None


def check_grant_types(grant_types: list[str]) -> None:
    if not grant_types:
        raise RuleBroken("grant_types cannot be empty")
    if any(grant not in GRANT_TYPES for grant in grant_types):
        raise RuleBroken("grant_types must only contain 'authorization_code' and/or 'refresh_token'")


def check_client_name(name: str) -> None:
    # Go's len() counts bytes.
    if len(name.encode()) > 1024:
        raise RuleBroken("client_name cannot exceed 1024 characters")


def check_uri(field: str, uri: str) -> None:
    if not uri:
        return
    if len(uri.encode()) > 2048:
        raise RuleBroken(f"{field} cannot exceed 2048 characters")
    try:
        go_url.parse_request_uri(uri)
    except go_url.GoURLError:
        raise RuleBroken(f"{field} must be a valid URL") from None


def _string(body: dict[str, Any], name: str) -> str | None:
    value = body.get(name)
    if value is not None and not isinstance(value, str):
        raise invalid_json()
    return value


def _strings(body: dict[str, Any], name: str) -> list[str] | None:
    """A JSON array of strings; Go decodes a null item as ""."""
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, list) or not all(item is None or isinstance(item, str) for item in value):
        raise invalid_json()
    return [item or "" for item in value]


def invalid_json() -> AuthError:
    """GoTrue's answer when the body does not decode into its parameters (a wrong type, or no body at all)."""
    return bad_request("bad_json", "Invalid JSON body")


def _go_list(items: tuple[str, ...]) -> str:
    """A []string as Go's %v prints it."""
    return "[" + " ".join(items) + "]"
