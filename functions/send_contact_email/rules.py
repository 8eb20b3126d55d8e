"""The contact form's rules (spec 1, sections 5 and 9), applied again on the server."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gateway.functions.api import FunctionError

SERVICES = ("Security Audit", "Penetration Testing", "SOC Monitoring", "Incident Response",
            "Compliance Consulting", "Security Training", "Other")
NAME_MAX, COMPANY_MAX, PHONE_MAX, MESSAGE_MAX, EMAIL_MAX = 100, 100, 20, 5000, 255
EMAIL_PATTERN = re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+")

REQUIRED_MISSING = "Please fill in all required fields"
INVALID_EMAIL = "Please enter a valid email address"
MESSAGE_TOO_LONG = f"Please keep your message under {MESSAGE_MAX} characters"
UNKNOWN_SERVICE = "Please choose one of the listed services"


@dataclass(frozen=True)
class ContactMessage:
    name: str
    email: str
    company: str | None
    phone: str | None
    service: str | None
    message: str


def parse_contact(body: Any) -> ContactMessage:
    if not isinstance(body, dict):
        raise FunctionError("The request body must be a JSON object with name, email and message")
    name, email, message = (_text(body, key) for key in ("name", "email", "message"))
    if not (name and email and message):
        raise FunctionError(REQUIRED_MISSING)
    email = email.lower()
    if len(email) > EMAIL_MAX or not EMAIL_PATTERN.fullmatch(email):
        raise FunctionError(INVALID_EMAIL)
    if len(message) > MESSAGE_MAX:
        raise FunctionError(MESSAGE_TOO_LONG)
    service = _text(body, "service") or None
    if service is not None and service not in SERVICES:
        raise FunctionError(UNKNOWN_SERVICE)
    return ContactMessage(
        name=name[:NAME_MAX],
        email=email,
        company=_text(body, "company")[:COMPANY_MAX] or None,
        phone=_text(body, "phone")[:PHONE_MAX] or None,
        service=service,
        message=message,
    )


def _text(body: dict, key: str) -> str:
    value = body.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FunctionError(f"{key} must be text")
    return value.strip()
