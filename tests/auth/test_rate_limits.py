"""Per-IP rate limits with GoTrue's 429 codes, on a gateway that has them switched on."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from psycopg_pool import AsyncConnectionPool

from gateway.auth.errors import AuthError
from gateway.auth.ratelimit import SWEEP_EVERY_HITS, RateLimiter, limits_from
from tests.auth.helpers import VERSIONED
from tests.conftest import make_settings
from tests.support.live import LiveGateway, bind_to_port, run_gateway


@pytest.fixture(scope="module")
def limited(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    settings = make_settings(database_url, tmp_path_factory.mktemp("limited"), rate_limits_enabled=True,
                             rate_limit_token_per_hour=3, rate_limit_email_per_hour=2, rate_limit_verify_per_hour=2,
                             rate_limit_mfa_per_minute=2, rate_limit_anonymous_per_hour=2,
                             trusted_proxy_header="X-Real-IP")
    with run_gateway(settings) as live:
        yield live


def post(gateway: LiveGateway, path: str, body: dict, ip: str) -> httpx.Response:
    headers = {**gateway.headers(), **VERSIONED, "X-Real-IP": ip}
    return httpx.post(f"{gateway.url}/auth/v1{path}", json=body, headers=headers)


def test_sign_in_and_refresh_share_a_bucket(limited):
    codes = [post(limited, "/token?grant_type=password", {"email": "x@example.com", "password": "nope-nope"}, "10.0.0.1").status_code
             for _ in range(3)]
    assert codes == [400, 400, 400]
    over = post(limited, "/token?grant_type=refresh_token", {"refresh_token": "x"}, "10.0.0.1")
    assert over.status_code == 429 and over.json()["code"] == "over_request_rate_limit"
    assert over.headers["x-sb-error-code"] == "over_request_rate_limit"
    assert post(limited, "/token?grant_type=refresh_token", {"refresh_token": "x"}, "10.0.0.2").status_code == 400


def test_mail_sending_endpoints_answer_over_email_send_rate_limit(limited):
    for index in range(2):
        assert post(limited, "/recover", {"email": f"r{index}@example.com"}, "10.0.1.1").status_code == 200
    over = post(limited, "/signup", {"email": "s@example.com", "password": "secret-pass"}, "10.0.1.1")
    assert over.status_code == 429 and over.json()["code"] == "over_email_send_rate_limit"


def test_verify_is_limited(limited):
    answers = [post(limited, "/verify", {"type": "signup", "token_hash": "nope"}, "10.0.2.1") for _ in range(3)]
    assert [(a.status_code, a.json()["code"]) for a in answers] == \
        [(403, "otp_expired"), (403, "otp_expired"), (429, "over_request_rate_limit")]


def test_mfa_is_limited(limited):
    codes = [post(limited, "/factors", {"factor_type": "totp"}, "10.0.3.1").status_code for _ in range(3)]
    assert codes == [403, 403, 429]  # the anon key is no user token; the third is refused before it is read


def test_without_a_trusted_header_the_socket_address_counts(database_url, tmp_path_factory):
    settings = make_settings(database_url, tmp_path_factory.mktemp("socket"), rate_limits_enabled=True,
                             rate_limit_verify_per_hour=1)
    with run_gateway(settings) as live:
        first = post(live, "/verify", {"type": "signup", "token_hash": "nope"}, "10.9.9.1")
        spoofed = post(live, "/verify", {"type": "signup", "token_hash": "nope"}, "10.9.9.2")
    assert (first.status_code, first.json()["code"]) == (403, "otp_expired")
    assert (spoofed.status_code, spoofed.json()["code"]) == (429, "over_request_rate_limit")


def test_anonymous_sign_ins_have_their_own_bucket(limited):
    for _ in range(2):
        assert post(limited, "/signup", {}, "10.0.5.1").status_code == 200
    over = post(limited, "/signup", {"data": {"again": True}}, "10.0.5.1")
    assert over.status_code == 429 and over.json() == {"code": "over_request_rate_limit",
                                                      "message": "Request rate limit reached"}
    assert post(limited, "/signup", {"email": "anon-bucket@example.com", "password": "secret-pass"},
                "10.0.5.1").status_code == 200
    assert post(limited, "/signup", {}, "10.0.5.2").status_code == 200


def test_two_gateways_on_one_database_share_the_limit(database_url, tmp_path_factory):
    """As API_WORKERS processes or replicas do: hits alternate between them, and the third is refused, not the fifth."""
    first = make_settings(database_url, tmp_path_factory.mktemp("first"), rate_limits_enabled=True,
                          rate_limit_verify_per_hour=2, rate_limit_email_per_hour=2, trusted_proxy_header="X-Real-IP")
    second = bind_to_port(replace(first, data_dir=tmp_path_factory.mktemp("second")))
    with run_gateway(first) as one, run_gateway(second) as two:
        verify = [post(gateway, "/verify", {"type": "signup", "token_hash": "nope"}, "10.0.6.1").status_code
                  for gateway in (one, two, one, two)]
        recover = [post(gateway, "/recover", {"email": f"shared{index}@example.com"}, "10.0.6.2")
                   for index, gateway in enumerate((two, one, two))]
    assert verify == [403, 403, 429, 429]
    assert [r.status_code for r in recover] == [200, 200, 429]
    assert recover[2].json() == {"code": "over_email_send_rate_limit", "message": "Request rate limit reached"}


def test_buckets_idle_for_an_hour_are_forgotten(database_url, db):
    """Idle an hour, any bucket is full again, so its row can go: the table holds only recent callers."""
    db.execute("insert into auth.rate_limit_buckets values ('verify', '10.0.7.1', 0, true, now() - interval '61 min'),"
               " ('verify', '10.0.7.2', 0, true, now() - interval '59 min')")

    def keys() -> set[str]:
        return {row[0] for row in db.execute("select key from auth.rate_limit_buckets where key like '10.0.7.%'")}

    async def hit(limiter: RateLimiter, times: int) -> None:
        for _ in range(times):
            with suppress(AuthError):  # the burst is spent long before a sweep is due
                await limiter.check("token", "10.0.7.3")

    async def scenario() -> tuple[set[str], set[str]]:
        async with AsyncConnectionPool(database_url, min_size=1, kwargs={"autocommit": True}) as pool:
            settings = make_settings(database_url, Path("unused"))
            limiter = RateLimiter(limits_from(settings), enabled=True, pool=pool)
            await hit(limiter, SWEEP_EVERY_HITS - 1)
            before = keys()
            await hit(limiter, 1)
            return before, keys()

    before, after = asyncio.run(scenario())
    assert before == {"10.0.7.1", "10.0.7.2", "10.0.7.3"}
    assert after == {"10.0.7.2", "10.0.7.3"}
