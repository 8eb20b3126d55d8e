"""A software WebAuthn authenticator for API-level tests: real P-256 keys, real CBOR attestation objects ("none"
format) and real signatures, answered in the JSON that supabase-js sends (serializeCredential*Response)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40
AAGUID = bytes(16)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Credential:
    id: bytes
    key: ec.EllipticCurvePrivateKey
    rp_id: str
    user_handle: bytes
    sign_count: int = 0


@dataclass
class SoftAuthenticator:
    origin: str
    credentials: list[Credential] = field(default_factory=list)

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        """navigator.credentials.create() with these PublicKeyCredentialCreationOptions (JSON form)."""
        excluded = {unb64url(entry["id"]) for entry in options.get("excludeCredentials", [])}
        if any(c.id in excluded for c in self.credentials):
            raise ValueError("InvalidStateError: this authenticator already holds an excluded credential")
        assert any(param["alg"] == -7 for param in options["pubKeyCredParams"])
        rp_id = options["rp"]["id"]
        credential = Credential(os.urandom(32), ec.generate_private_key(ec.SECP256R1()), rp_id,
                                unb64url(options["user"]["id"]))
        self.credentials.append(credential)
        public = credential.key.public_key().public_numbers()
        cose_key = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: public.x.to_bytes(32, "big"), -3: public.y.to_bytes(32, "big")})
        attested = AAGUID + struct.pack(">H", len(credential.id)) + credential.id + cose_key
        auth_data = self._auth_data(rp_id, UP | UV | AT, 0) + attested
        client_data = self._client_data("webauthn.create", options["challenge"])
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {"id": b64url(credential.id), "rawId": b64url(credential.id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client_data), "attestationObject": b64url(attestation),
                             "transports": ["internal"]},
                "clientExtensionResults": {}, "authenticatorAttachment": "platform"}

    def get(self, options: dict[str, Any], credential: Credential | None = None) -> dict[str, Any]:
        """navigator.credentials.get() with these PublicKeyCredentialRequestOptions (JSON form); an empty
        allowCredentials picks this authenticator's discoverable credential for the relying party."""
        allowed = {unb64url(entry["id"]) for entry in options.get("allowCredentials", [])}
        if credential is None:
            credential = next(c for c in reversed(self.credentials)
                              if c.rp_id == options["rpId"] and (not allowed or c.id in allowed))
        credential.sign_count += 1
        auth_data = self._auth_data(options["rpId"], UP | UV, credential.sign_count)
        client_data = self._client_data("webauthn.get", options["challenge"])
        signature = credential.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64url(credential.id), "rawId": b64url(credential.id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client_data), "authenticatorData": b64url(auth_data),
                             "signature": b64url(signature), "userHandle": b64url(credential.user_handle)},
                "clientExtensionResults": {}, "authenticatorAttachment": "platform"}

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}).encode()

    @staticmethod
    def _auth_data(rp_id: str, flags: int, sign_count: int) -> bytes:
        return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", sign_count)
