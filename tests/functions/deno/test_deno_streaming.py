"""Bodies stream both ways through the relay to a Deno worker: nothing is buffered whole, nothing read for nobody."""

from __future__ import annotations

import hashlib
import logging
import os
import time

import httpx
import pytest

from tests.support.live import LiveGateway
from tests.support.waits import eventually


def test_server_sent_events_arrive_one_by_one(deno_gateway: LiveGateway):
    arrivals = []
    with httpx.stream("GET", f"{deno_gateway.url}/functions/v1/echo/stream?count=3", headers=deno_gateway.headers(),
                      timeout=60) as response:
        assert response.status_code == 200 and response.headers["content-type"] == "text/event-stream"
        for line in response.iter_lines():
            if line.startswith("data: "):
                arrivals.append((time.monotonic(), line))
    assert [line.split()[1:3] for _, line in arrivals] == [["tick", "0"], ["tick", "1"], ["tick", "2"]]
    # The function waits 400 ms between events; a buffering relay would hand all three over at once.
    assert arrivals[-1][0] - arrivals[0][0] > 0.6


def test_a_client_that_leaves_an_endless_stream_ends_the_relay(deno_gateway: LiveGateway):
    baseline = deno_gateway.requests_in_flight()
    with httpx.stream("GET", f"{deno_gateway.url}/functions/v1/echo/endless", headers=deno_gateway.headers(),
                      timeout=60) as response:
        lines = response.iter_lines()
        assert [next(lines) for _ in range(5)][0].startswith("data: tick 0")
    eventually(lambda: deno_gateway.requests_in_flight() <= baseline, "the relay to end once its client left",
               timeout=10)


# Under the gateway's request body limit (MAX_BODY_BYTES, 10 MB); answers have none.
@pytest.mark.parametrize("size", [0, 8 * 1024 * 1024])
def test_large_bodies_pass_both_ways_intact(deno_gateway: LiveGateway, size: int):
    body = os.urandom(size)
    upload = httpx.post(f"{deno_gateway.url}/functions/v1/echo/upload", content=iter([body[i:i + 65536] for i in
                        range(0, size, 65536)]), headers=deno_gateway.headers(), timeout=120)
    assert upload.status_code == 200, upload.text
    assert upload.json() == {"bytes": size, "sha256": hashlib.sha256(body).hexdigest()}
    download = httpx.get(f"{deno_gateway.url}/functions/v1/echo/download?bytes={size}",
                         headers=deno_gateway.headers(), timeout=120)
    assert download.status_code == 200 and download.content == b"a" * size


def test_console_lines_carry_the_function_and_request_id_and_background_work_runs(
        deno_gateway: LiveGateway, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, logger="functions.echo")
    response = httpx.get(f"{deno_gateway.url}/functions/v1/echo/log?marker=m-41", headers=deno_gateway.headers(),
                         timeout=60)
    assert response.status_code == 200
    later = httpx.get(f"{deno_gateway.url}/functions/v1/echo/later?marker=after-the-answer",
                      headers=deno_gateway.headers(), timeout=60)
    assert later.json() == {"queued": "after-the-answer"}

    def logged(text: str) -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.name == "functions.echo" and text in r.getMessage()]

    eventually(lambda: logged("after-the-answer"), "the EdgeRuntime.waitUntil work", timeout=10)
    [info] = logged("log line m-41")
    [error] = logged("error line m-41")
    assert info.levelno == logging.INFO and error.levelno == logging.WARNING
    request_id = info.getMessage().split()[0]
    assert request_id.startswith("[") and len(request_id) == 34 and error.getMessage().startswith(request_id)


def test_a_line_too_long_to_log_is_cut_and_logging_goes_on(deno_gateway: LiveGateway,
                                                          caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, logger="functions.echo")
    for _ in range(3):
        response = httpx.get(f"{deno_gateway.url}/functions/v1/echo/long-line?marker=m-77",
                             headers=deno_gateway.headers(), timeout=60)
        assert response.status_code == 200

    def logged(text: str) -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.name == "functions.echo" and text in r.getMessage()]

    eventually(lambda: len(logged("after the long line m-77")) == 3, "the lines after the long ones", timeout=10)
    assert len(logged("(a line too long to log was cut)")) == 3
