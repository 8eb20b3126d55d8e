"""What a provider says about its user, in GoTrue's terms: the subject, the emails with their verified flags, and
the identity data (GoTrue's `Claims`: standard claims that are set, `email_verified` and `phone_verified` always)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

# The OpenID standard claims GoTrue keeps in identity_data when they are set.
STANDARD_CLAIMS = ("iss", "sub", "aud", "iat", "exp", "name", "family_name", "given_name", "middle_name", "nickname",
                   "preferred_username", "profile", "picture", "website", "gender", "birthdate", "zoneinfo", "locale",
                   "updated_at", "email", "phone", "custom_claims")


@dataclass(frozen=True)
class ProviderEmail:
    address: str
    verified: bool
    primary: bool


@dataclass(frozen=True)
class ProviderUser:
    subject: str
    emails: tuple[ProviderEmail, ...]
    identity_data: dict[str, Any]

    @property
    def chosen_email(self) -> ProviderEmail | None:
        """GoTrue's pick: the primary address, else the last one listed."""
        for email in self.emails:
            if email.primary:
                return email
        return self.emails[-1] if self.emails else None


def from_oidc_claims(claims: dict[str, Any]) -> ProviderUser:
    data = {name: claims[name] for name in STANDARD_CLAIMS if claims.get(name) not in (None, "", [], {})}
    data["email_verified"] = claims.get("email_verified") is True
    data["phone_verified"] = claims.get("phone_verified") is True
    subject = str(claims["sub"])
    for legacy, claim in (("full_name", "name"), ("avatar_url", "picture")):
        if data.get(claim):
            data[legacy] = data[claim]
    data["provider_id"] = subject
    email = claims.get("email")
    emails = (ProviderEmail(email, data["email_verified"], True),) if isinstance(email, str) and email else ()
    return ProviderUser(subject, emails, data)


def with_apple_name(person: ProviderUser, user_field: str) -> ProviderUser:
    """Apple names its user only once, on the first sign-in, in the form post's `user` field (JSON), never in its
    ID token: GoTrue's AppleProvider.ParseUser takes the name from there."""
    try:
        name = json.loads(user_field).get("name") or {}
        full_name = f"{name.get('firstName') or ''} {name.get('lastName') or ''}".strip()
    except (ValueError, AttributeError):
        raise ValueError("Apple's user field is not the JSON it documents") from None
    if not full_name:
        return person
    return replace(person, identity_data={**person.identity_data, "name": full_name, "full_name": full_name})


def from_github(api_base: str, user: dict[str, Any], emails: list[dict[str, Any]]) -> ProviderUser:
    """GitHub's GET /user and GET /user/emails answers, read as GoTrue's GitHub provider reads them."""
    subject = str(user["id"])
    data: dict[str, Any] = {"iss": api_base, "sub": subject, "name": user.get("name"),
                            "preferred_username": user.get("login"), "avatar_url": user.get("avatar_url"),
                            "full_name": user.get("name"), "provider_id": subject, "user_name": user.get("login")}
    data = {key: value for key, value in data.items() if value not in (None, "")}
    listed = tuple(ProviderEmail(e["email"], e.get("verified") is True, e.get("primary") is True)
                   for e in emails if e.get("email"))
    chosen = ProviderUser(subject, listed, data).chosen_email
    data["email"] = chosen.address if chosen else None
    data["email_verified"] = bool(chosen and chosen.verified)
    data["phone_verified"] = False
    if data["email"] is None:
        del data["email"]
    return ProviderUser(subject, listed, data)
