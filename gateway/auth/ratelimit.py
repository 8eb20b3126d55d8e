"""Per-IP token buckets for the auth endpoints, with GoTrue's hosted defaults and its 429 codes.

Buckets live in this process, as GoTrue's do: with several gateway replicas each enforces its own share.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from gateway.auth.errors import AuthError


@dataclass(frozen=True)
class Limit:
    per_second: float
    burst: int
    code: str


def default_limits(per_hour_token: int = 1800, per_hour_verify: int = 360, per_hour_email: int = 360,
                   per_minute_mfa: int = 15) -> dict[str, Limit]:
    return {
        "token": Limit(per_hour_token / 3600, 30, "over_request_rate_limit"),
        "verify": Limit(per_hour_verify / 3600, 30, "over_request_rate_limit"),
        "email": Limit(per_hour_email / 3600, 30, "over_email_send_rate_limit"),
        "mfa": Limit(per_minute_mfa / 60, per_minute_mfa, "over_request_rate_limit"),
    }


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
