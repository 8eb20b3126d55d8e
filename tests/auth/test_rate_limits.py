"""Per-IP rate limits with GoTrue's 429 codes, on a gateway that has them switched on."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.auth.helpers import VERSIONED
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway


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
    for _ in range(2):
        assert post(limited, "/verify", {"type": "signup", "token_hash": "nope"}, "10.0.2.1").status_code == 403
    assert post(limited, "/verify", {"type": "signup", "token_hash": "nope"}, "10.0.2.1").status_code == 429


def test_mfa_is_limited(limited):
    codes = [post(limited, "/factors", {"factor_type": "totp"}, "10.0.3.1").status_code for _ in range(3)]
    assert codes == [403, 403, 429]  # the anon key is no user token; the third is refused before it is read


def test_without_a_trusted_header_the_socket_address_counts(database_url, tmp_path_factory):
    settings = make_settings(database_url, tmp_path_factory.mktemp("socket"), rate_limits_enabled=True,
                             rate_limit_verify_per_hour=1)
    with run_gateway(settings) as live:
        first = post(live, "/verify", {"type": "signup", "token_hash": "nope"}, "10.9.9.1")
        spoofed = post(live, "/verify", {"type": "signup", "token_hash": "nope"}, "10.9.9.2")
    assert first.status_code == 403 and spoofed.status_code == 429


def test_anonymous_sign_ins_have_their_own_bucket(limited):
    for _ in range(2):
        assert post(limited, "/signup", {}, "10.0.5.1").status_code == 200
    over = post(limited, "/signup", {"data": {"again": True}}, "10.0.5.1")
    assert over.status_code == 429 and over.json() == {"code": "over_request_rate_limit",
                                                      "message": "Request rate limit reached"}
    assert post(limited, "/signup", {"email": "anon-bucket@example.com", "password": "secret-pass"},
                "10.0.5.1").status_code == 200
    assert post(limited, "/signup", {}, "10.0.5.2").status_code == 200
