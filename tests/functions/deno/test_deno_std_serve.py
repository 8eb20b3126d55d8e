"""A function on std's older `serve()` (https://deno.land/std@0.168.0/http/server.ts) runs unchanged, as on Supabase's
edge runtime: its answers, a stream, its own error answer, its console lines under the request id."""

from __future__ import annotations

import logging
import time

import httpx
import pytest

from tests.support.live import LiveGateway

URL = "/functions/v1/std-serve"


def test_a_std_serve_function_answers_with_its_status_headers_and_body(deno_gateway: LiveGateway):
    posted = httpx.post(f"{deno_gateway.url}{URL}", json={"name": "Std"},
                        headers={**deno_gateway.headers(), "x-custom": "kept"}, timeout=120)
    assert posted.status_code == 201, posted.text
    assert posted.headers["x-served-by"] == "std"
    assert posted.json() == {"message": "Hello Std!", "method": "POST", "pathname": "/std-serve", "custom": "kept"}
    got = httpx.get(f"{deno_gateway.url}{URL}/greet?name=Get", headers=deno_gateway.headers(), timeout=60)
    assert got.status_code == 200
    assert got.json() == {"message": "Hello Get!", "method": "GET", "pathname": "/std-serve/greet", "custom": None}


def test_a_std_serve_function_streams_and_answers_its_preflight(deno_gateway: LiveGateway):
    preflight = httpx.options(f"{deno_gateway.url}{URL}", timeout=60)
    assert preflight.status_code == 200 and preflight.text == "ok"
    arrivals = []
    with httpx.stream("GET", f"{deno_gateway.url}{URL}/stream?count=3", headers=deno_gateway.headers(),
                      timeout=60) as response:
        assert response.status_code == 200
        arrivals = [(time.monotonic(), line) for line in response.iter_lines() if line]
    assert [line.split()[:2] for _, line in arrivals] == [["line", "0"], ["line", "1"], ["line", "2"]]
    # 300 ms between lines: they arrive as written, not all at the end.
    assert arrivals[-1][0] - arrivals[0][0] > 0.4


def test_a_std_serve_handler_that_throws_gets_std_s_answer_and_logs_under_the_request_id(
        deno_gateway: LiveGateway, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, logger="functions.std-serve")
    failed = httpx.get(f"{deno_gateway.url}{URL}/throws", headers=deno_gateway.headers(), timeout=60)
    assert failed.status_code == 500 and failed.text == "Internal Server Error"
    handled = httpx.get(f"{deno_gateway.url}{URL}?marker=m-168", headers=deno_gateway.headers(), timeout=60)
    assert handled.status_code == 200
    [line] = [r.getMessage() for r in caplog.records if "std-serve handled m-168" in r.getMessage()]
    request_id = line.split()[0]
    assert request_id.startswith("[") and len(request_id) == 34, line
