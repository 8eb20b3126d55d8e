"""Per-IP token buckets for the auth endpoints, with GoTrue's hosted defaults and its 429 codes.

The buckets live in PostgreSQL (`auth.rate_limit_buckets`, platform migration 0023), so the limit holds across
the API workers and replicas that share a database: each hit is one statement, an atomic upsert that refills the
caller's bucket and takes a token (`auth.take_rate_limit_token`).
"""

from __future__ import annotations

from dataclasses import dataclass

from psycopg_pool import AsyncConnectionPool

from gateway.auth.errors import AuthError
from gateway.database.transactions import one
from gateway.settings import Settings

MAX_BURST = 30
# Every this many hits a process forgets the buckets idle for longer than any bucket takes to refill (an hour at
# most: bursts never exceed an hour's count), so the table stays as small as the set of recent callers.
SWEEP_EVERY_HITS = 1000
SWEEP_SQL = "delete from auth.rate_limit_buckets where updated_at < now() - interval '1 hour'"


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
    def __init__(self, limits: dict[str, Limit], enabled: bool, pool: AsyncConnectionPool):
        self._limits = limits
        self._enabled = enabled
        self._pool = pool
        self._hits = 0

    async def check(self, bucket: str, ip: str) -> None:
        """Takes one token from the caller's bucket, or raises 429."""
        if not self._enabled:
            return
        limit = self._limits[bucket]
        self._hits += 1
        async with self._pool.connection() as conn:
            if self._hits % SWEEP_EVERY_HITS == 0:
                await conn.execute(SWEEP_SQL)
            cur = await conn.execute("select auth.take_rate_limit_token(%s, %s, %s, %s)",
                                     (bucket, ip, limit.per_second, limit.burst))
            allowed = one(await cur.fetchone())[0]
        if not allowed:
            raise AuthError(429, limit.code, "Request rate limit reached")
