"""Per-IP token buckets for the auth endpoints, with GoTrue's hosted defaults and its 429 codes.

Buckets live in this process, as GoTrue's do: with several gateway replicas each enforces its own share.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from gateway.auth.errors import AuthError
from gateway.settings import Settings

MAX_BURST = 30
# Full buckets are forgotten once this many callers are tracked, so memory stays bounded.
MAX_TRACKED = 50_000


@dataclass(frozen=True)
class Limit:
    per_second: float
    burst: int
    code: str


def limits_from(settings: Settings) -> dict[str, Limit]:
    """Refill rates from settings; bursts of up to 30 requests, as hosted GoTrue allows."""
    return {
        "token": _hourly(settings.rate_limit_token_per_hour, "over_request_rate_limit"),
        "verify": _hourly(settings.rate_limit_verify_per_hour, "over_request_rate_limit"),
        "email": _hourly(settings.rate_limit_email_per_hour, "over_email_send_rate_limit"),
        "anonymous": _hourly(settings.rate_limit_anonymous_per_hour, "over_request_rate_limit"),
        "passkey": _hourly(settings.rate_limit_passkey_per_hour, "over_request_rate_limit"),
        "mfa": Limit(settings.rate_limit_mfa_per_minute / 60, settings.rate_limit_mfa_per_minute,
                     "over_request_rate_limit"),
    }


def _hourly(per_hour: int, code: str) -> Limit:
    return Limit(per_hour / 3600, min(MAX_BURST, per_hour), code)


class RateLimiter:
    def __init__(self, limits: dict[str, Limit], enabled: bool):
        self._limits = limits
        self._enabled = enabled
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}

    def check(self, bucket: str, ip: str) -> None:
        """Takes one token from the caller's bucket, or raises 429."""
        if not self._enabled:
            return
        limit = self._limits[bucket]
        now = time.monotonic()
        tokens, stamp = self._buckets.get((bucket, ip), (float(limit.burst), now))
        tokens = min(float(limit.burst), tokens + (now - stamp) * limit.per_second)
        if tokens < 1:
            self._buckets[(bucket, ip)] = (tokens, now)
            raise AuthError(429, limit.code, "Request rate limit reached")
        self._buckets[(bucket, ip)] = (tokens - 1, now)
        if len(self._buckets) > MAX_TRACKED:
            self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        for key, (tokens, stamp) in list(self._buckets.items()):
            limit = self._limits[key[0]]
            if tokens + (now - stamp) * limit.per_second >= limit.burst:
                del self._buckets[key]
