"""The WebAuthn relying party shared by MFA factors and passkeys.

Options and ceremony state go out and are stored in the JSON GoTrue's library (go-webauthn) writes, so clients and
data see GoTrue; the ceremonies themselves are checked by py_webauthn.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from webauthn import verify_authentication_response, verify_registration_response
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.cose import COSEAlgorithmIdentifier
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.parse_authentication_credential_json import parse_authentication_credential_json
from webauthn.helpers.parse_registration_credential_json import parse_registration_credential_json
from webauthn.helpers.structs import AuthenticationCredential, CredentialDeviceType, RegistrationCredential
from webauthn.registration.verify_registration_response import VerifiedRegistration

from gateway.settings import Settings

# go-webauthn's defaults, in its order, less ES384 (-35), which py_webauthn cannot verify.
ALGORITHMS = (
    COSEAlgorithmIdentifier.ECDSA_SHA_256, COSEAlgorithmIdentifier.ECDSA_SHA_512,
    COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_256, COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_384,
    COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_512, COSEAlgorithmIdentifier.RSASSA_PSS_SHA_256,
    COSEAlgorithmIdentifier.RSASSA_PSS_SHA_384, COSEAlgorithmIdentifier.RSASSA_PSS_SHA_512,
    COSEAlgorithmIdentifier.EDDSA,
)
# go-webauthn's ceremony timeout, which it puts in every options object.
TIMEOUT_MS = 300_000
CHALLENGE_BYTES = 32
# What Go's zero time.Time marshals to: go-webauthn leaves a session's own expiry unset (GoTrue keeps its own).
GO_ZERO_TIME = "0001-01-01T00:00:00Z"


class CeremonyFailed(Exception):
    """The credential could not be parsed (`malformed`) or did not verify."""

    def __init__(self, reason: str, malformed: bool = False):
        super().__init__(reason)
        self.malformed = malformed


@dataclass(frozen=True)
class RelyingParty:
    id: str
    name: str
    origins: tuple[str, ...]


def relying_party(settings: Settings) -> RelyingParty:
    """GoTrue needs WEBAUTHN_RP_*; unset, the gateway takes them from site_url, where the site and its auth live."""
    site = urlsplit(settings.site_url)
    rp_id = settings.webauthn_rp_id or site.hostname or "localhost"
    origins = settings.webauthn_rp_origins or (f"{site.scheme}://{site.netloc}",)
    return RelyingParty(id=rp_id, name=settings.webauthn_rp_display_name or rp_id, origins=origins)


def user_handle(user_id: str) -> bytes:
    """GoTrue's WebAuthnID: the bytes of the user id's text, so an assertion's userHandle names the user."""
    return user_id.encode()


def go_bytes(value: bytes) -> str:
    """How Go's encoding/json writes []byte: standard base64 with padding."""
    return base64.b64encode(value).decode()


def from_go_bytes(value: str) -> bytes:
    return base64.b64decode(value)


def descriptor(credential_id: bytes, transports: list[str] | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "public-key", "id": bytes_to_base64url(credential_id)}
    if transports:
        entry["transports"] = transports
    return entry


def creation_options(
    rp: RelyingParty, user_id: str, name: str, display_name: str, exclude: list[dict[str, Any]],
    selection: dict[str, str], attestation: str | None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """PublicKeyCredentialCreationOptions as go-webauthn's BeginRegistration writes them, and its SessionData."""
    challenge = bytes_to_base64url(secrets.token_bytes(CHALLENGE_BYTES))
    params = [{"type": "public-key", "alg": int(alg)} for alg in ALGORITHMS]
    options: dict[str, Any] = {
        "rp": {"name": rp.name, "id": rp.id},
        "user": {"name": name, "displayName": display_name, "id": bytes_to_base64url(user_handle(user_id))},
        "challenge": challenge,
        "pubKeyCredParams": params,
        "timeout": TIMEOUT_MS,
    }
    if exclude:
        options["excludeCredentials"] = exclude
    options["authenticatorSelection"] = selection
    if attestation:
        options["attestation"] = attestation
    session = {"challenge": challenge, "rpId": rp.id, "user_id": go_bytes(user_handle(user_id)),
               "expires": GO_ZERO_TIME, "userVerification": selection.get("userVerification", ""),
               "credParams": params}
    return options, session


def request_options(
    rp: RelyingParty, user_id: str | None, allowed: list[dict[str, Any]], user_verification: str,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """PublicKeyCredentialRequestOptions as go-webauthn's BeginLogin (a known user) or BeginDiscoverableLogin
    (`user_id` None, nothing allowed: any passkey of this relying party) writes them, and its SessionData."""
    challenge = bytes_to_base64url(secrets.token_bytes(CHALLENGE_BYTES))
    options: dict[str, Any] = {"challenge": challenge, "timeout": TIMEOUT_MS, "rpId": rp.id}
    if allowed:
        options["allowCredentials"] = allowed
    if user_verification:
        options["userVerification"] = user_verification
    session: dict[str, Any] = {
        "challenge": challenge, "rpId": rp.id,
        "user_id": go_bytes(user_handle(user_id)) if user_id else None,
        "expires": GO_ZERO_TIME, "userVerification": user_verification,
    }
    if allowed:
        session["allowed_credentials"] = [go_bytes(base64url_to_bytes(entry["id"])) for entry in allowed]
    return options, session


def parse_registration(credential: Any) -> RegistrationCredential:
    try:
        return parse_registration_credential_json(credential)
    except (WebAuthnException, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CeremonyFailed(str(exc), malformed=True) from None


def parse_assertion(credential: Any) -> AuthenticationCredential:
    try:
        return parse_authentication_credential_json(credential)
    except (WebAuthnException, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CeremonyFailed(str(exc), malformed=True) from None


def verify_registration(
    rp: RelyingParty, session: dict[str, Any], credential: RegistrationCredential,
) -> VerifiedRegistration:
    try:
        return verify_registration_response(
            credential=credential, expected_challenge=base64url_to_bytes(session["challenge"]),
            expected_rp_id=session["rpId"], expected_origin=list(rp.origins),
            require_user_verification=session.get("userVerification") == "required",
            supported_pub_key_algs=list(ALGORITHMS))
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise CeremonyFailed(str(exc)) from None


def verify_assertion(
    rp: RelyingParty, session: dict[str, Any], credential: AuthenticationCredential, public_key: bytes, sign_count: int,
) -> int:
    """The authenticator's new signature count once the assertion verifies against the stored public key."""
    try:
        verified = verify_authentication_response(
            credential=credential, expected_challenge=base64url_to_bytes(session["challenge"]),
            expected_rp_id=session["rpId"], expected_origin=list(rp.origins),
            credential_public_key=public_key, credential_current_sign_count=sign_count,
            require_user_verification=session.get("userVerification") == "required")
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise CeremonyFailed(str(exc)) from None
    return verified.new_sign_count


def backup_eligible(verified: VerifiedRegistration) -> bool:
    return verified.credential_device_type == CredentialDeviceType.MULTI_DEVICE



def attestation_format(verified: VerifiedRegistration) -> str:
    """py_webauthn hands the format over as the attestation object's text (an enum member when it knows it)."""
    return getattr(verified.fmt, "value", verified.fmt)


def transports(parsed: RegistrationCredential) -> list[str]:
    return [transport.value for transport in parsed.response.transports or []]
