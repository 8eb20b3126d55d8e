"""JWTs: the project's anon and service-role keys, signing access tokens, and verifying whatever a client presents;
the project's publishable and secret API keys (gateway.api_keys) stand for the anon and service-role keys.

HS256 with the project secret always works. A JWK set file (`JWT_JWKS_FILE`, or config.toml's `[auth]
signing_keys_path`) adds asymmetric keys (RS256, ES256, each with a `kid`), all of which verify and whose public
halves are published at /auth/v1/.well-known/jwks.json. One of them signs user access tokens: in a JWK set
(`{"keys": [...]}`) the first with its private part; in GoTrue's signing-keys format (a JSON array of JWKs, as
`GOTRUE_JWT_KEYS` and `supabase gen signing-key` write it) the one whose `key_ops` include "sign", as GoTrue decides.

Verified tokens are remembered (an LRU keyed by the whole token string, bounded in count and bytes) because PyJWT's signature check was
about a quarter of a cached REST read's own time; a remembered token's `exp` is checked against the clock on every
use, so it is never accepted after it expires.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import jwt

from gateway.api_keys import CLI_JWT_SECRET, ApiKeys
from gateway.config_values import ConfigError
from gateway.settings import Settings

LEEWAY_SECONDS = 30
# Supabase's local stack issues its keys with these fixed times, so a key stays the same for a given secret.
KEY_ISSUED_AT = 1641769200
KEY_EXPIRES_AT = 1983812996
ASYMMETRIC_ALGORITHMS = frozenset({"RS256", "ES256"})
PRIVATE_JWK_FIELDS = frozenset({"d", "p", "q", "dp", "dq", "qi", "oth", "k"})
VERIFIED_TOKENS_KEPT = 4096
# A token can be as long as a request head allows (16 KiB), so the count alone would allow 4096 of those.
VERIFIED_TOKENS_BYTES = 8 * 1024 * 1024
ENTRY_OVERHEAD_BYTES = 256  # the entry's objects beyond the token and the claims' text


class InvalidToken(Exception):
    """The token is malformed, forged or signed with another key (PGRST301 / bad_jwt)."""


class ExpiredToken(InvalidToken):
    """The token was valid but its `exp` has passed (PGRST303)."""


class KeyFileError(ConfigError):
    """The JWK set file cannot be read or holds a key this gateway does not use (the CLI prints it as one line)."""


@dataclass(frozen=True)
class AsymmetricKey:
    kid: str
    alg: str
    key: Any
    public_jwk: dict[str, Any]
    can_sign: bool  # holds its private part
    signs: bool = False  # the key user access tokens are signed with


@dataclass(frozen=True)
class _Verified:
    claims_json: str  # each hit decodes its own copy, so a caller that edits its claims cannot alter the next one's
    expires: int | None
    valid_from: int | None  # the later of nbf and iat


class VerifiedTokens:
    """Tokens whose signature and claims already checked out, most recently used last, at most `size` of them and
    about `max_bytes` in all."""

    def __init__(self, size: int, max_bytes: int = VERIFIED_TOKENS_BYTES):
        self.size, self.max_bytes = size, max_bytes
        self.bytes = 0
        self._entries: OrderedDict[str, _Verified] = OrderedDict()
        self._lock = threading.Lock()  # the functions runtime and tests verify from other threads too

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, token: str) -> bool:
        return token in self._entries

    def claims(self, token: str) -> dict[str, Any] | None:
        """The claims of a remembered token that is still within its time window; None when not remembered."""
        with self._lock:
            entry = self._entries.get(token)
            if entry is None:
                return None
            self._entries.move_to_end(token)
        now = time.time()
        if entry.expires is not None and entry.expires <= now - LEEWAY_SECONDS:
            self.forget(token)
            raise ExpiredToken("JWT expired")
        if entry.valid_from is not None and entry.valid_from > now + LEEWAY_SECONDS:
            raise InvalidToken("token not yet valid")  # only if the clock went back since it was verified
        return json.loads(entry.claims_json)

    def remember(self, token: str, claims: dict[str, Any]) -> None:
        if self.size <= 0:
            return
        starts = [int(claims[k]) for k in ("nbf", "iat") if k in claims]
        entry = _Verified(json.dumps(claims), int(claims["exp"]) if "exp" in claims else None,
                          max(starts) if starts else None)
        with self._lock:
            self._forget(token)
            self._entries[token] = entry
            self.bytes += _entry_bytes(token, entry)
            while len(self._entries) > self.size or self.bytes > self.max_bytes:
                self.bytes -= _entry_bytes(*self._entries.popitem(last=False))

    def forget(self, token: str) -> None:
        with self._lock:
            self._forget(token)

    def _forget(self, token: str) -> None:
        entry = self._entries.pop(token, None)
        if entry is not None:
            self.bytes -= _entry_bytes(token, entry)


def _entry_bytes(token: str, entry: _Verified) -> int:
    return len(token) + len(entry.claims_json) + ENTRY_OVERHEAD_BYTES


@dataclass(frozen=True)
class JwtKeys:
    secret: str = field(repr=False)  # the repr ends up in logs
    issuer: str = "supabase"
    asymmetric: tuple[AsymmetricKey, ...] = field(default=())
    api_keys: ApiKeys = field(default_factory=ApiKeys)
    cache_size: int = VERIFIED_TOKENS_KEPT
    verified_tokens: VerifiedTokens = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "verified_tokens", VerifiedTokens(self.cache_size))

    @classmethod
    def load(cls, secret: str, jwks_file: Path | None) -> JwtKeys:
        if jwks_file is None:
            return cls(secret)
        return cls(secret, asymmetric=tuple(_read_jwk_set(jwks_file)))

    @classmethod
    def from_settings(cls, settings: Settings) -> JwtKeys:
        keys = cls.load(settings.jwt_secret, settings.jwks_file)
        return cls(keys.secret, asymmetric=keys.asymmetric,
                   api_keys=settings.api_keys.or_derived(settings.jwt_secret))

    @property
    def signing_key(self) -> AsymmetricKey | None:
        return next((k for k in self.asymmetric if k.signs), None)

    def sign(self, claims: dict[str, Any]) -> str:
        return jwt.encode(claims, self.secret, algorithm="HS256")

    def sign_access_token(self, claims: dict[str, Any]) -> str:
        """User access tokens use the asymmetric signing key when there is one, as Supabase does after rotation."""
        key = self.signing_key
        if key is None:
            return self.sign(claims)
        return jwt.encode(claims, key.key, algorithm=key.alg, headers={"kid": key.kid})

    def verify(self, token: str) -> dict[str, Any]:
        cached = self.verified_tokens.claims(token)
        if cached is not None:
            return cached
        claims = self._decode(token)
        self.verified_tokens.remember(token, claims)
        return claims

    def _decode(self, token: str) -> dict[str, Any]:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise InvalidToken("malformed token") from None
        alg = header.get("alg")
        if alg == "HS256":
            key: Any = self.secret
        elif alg in ASYMMETRIC_ALGORITHMS:
            key = self._verification_key(alg, header.get("kid"))
        else:
            raise InvalidToken("unsupported algorithm")
        try:
            return jwt.decode(token, key, algorithms=[alg], leeway=LEEWAY_SECONDS, options={"verify_aud": False})
        except jwt.ExpiredSignatureError:
            raise ExpiredToken("JWT expired") from None
        except jwt.PyJWTError:
            raise InvalidToken("invalid token") from None

    def _verification_key(self, alg: str, kid: Any) -> Any:
        candidates = [k for k in self.asymmetric if k.alg == alg and (kid is None or k.kid == kid)]
        if len(candidates) != 1:
            raise InvalidToken("no key for this token")
        return candidates[0].key.public_key() if candidates[0].can_sign else candidates[0].key

    def public_jwks(self) -> dict[str, Any]:
        return {"keys": [k.public_jwk for k in self.asymmetric]}

    def project_key(self, role: str) -> str:
        if self.secret == CLI_JWT_SECRET:
            # The Supabase CLI's claims, so its well-known secret gives its published keys byte for byte.
            return self.sign({"iss": "supabase-demo", "role": role, "exp": KEY_EXPIRES_AT})
        return self.sign({"iss": self.issuer, "ref": "default", "role": role, "iat": KEY_ISSUED_AT, "exp": KEY_EXPIRES_AT})

    @cached_property
    def anon_key(self) -> str:
        return self.project_key("anon")

    @cached_property
    def service_role_key(self) -> str:
        return self.project_key("service_role")

    def api_key_claims(self, key: str) -> dict[str, Any] | None:
        """A publishable or secret key's claims: those of the legacy key of its role, as Supabase's API gateway
        swaps the key for a JWT of that role. None when `key` is not one of the project's API keys."""
        role = self.api_keys.role_of(key)
        if role is None:
            return None
        return self.verify(self.anon_key if role == "anon" else self.service_role_key)


def _read_jwk_set(path: Path) -> list[AsymmetricKey]:
    try:
        document = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise KeyFileError(f"JWT_JWKS_FILE {path} is not a readable JSON file: {exc}") from None
    signers: list[dict[str, Any] | None]
    if isinstance(document, list):
        jwks = document
        signers = [jwk for jwk in jwks if isinstance(jwk, dict) and "sign" in (jwk.get("key_ops") or ())]
        if len(signers) > 1:
            raise KeyFileError("JWT_JWKS_FILE: multiple signing keys detected, only 1 signing key is supported")
    else:
        jwks = document.get("keys", []) if isinstance(document, dict) else []
        signers = [next((jwk for jwk in jwks if isinstance(jwk, dict) and "d" in jwk), None)]
    keys = []
    for jwk in jwks:
        if not isinstance(jwk, dict):
            raise KeyFileError("JWT_JWKS_FILE: every key must be a JSON object")
        alg, kid = jwk.get("alg"), jwk.get("kid")
        if alg not in ASYMMETRIC_ALGORITHMS or not kid:
            raise KeyFileError(f"JWT_JWKS_FILE: every key needs a kid and alg RS256 or ES256 (got {alg!r})")
        try:
            parsed = jwt.PyJWK(jwk, algorithm=alg)
        except jwt.PyJWTError as exc:
            raise KeyFileError(f"JWT_JWKS_FILE: key {kid} cannot be loaded: {exc}") from None
        public = {k: v for k, v in jwk.items() if k not in PRIVATE_JWK_FIELDS}
        public["key_ops"] = ["verify"]
        signs = any(jwk is signer for signer in signers)
        if signs and "d" not in jwk:
            raise KeyFileError(f"JWT_JWKS_FILE: signing key {kid} has no private part")
        keys.append(AsymmetricKey(kid=kid, alg=alg, key=parsed.key, public_jwk=public, can_sign="d" in jwk,
                                  signs=signs))
    return keys


def now() -> int:
    return int(time.time())
