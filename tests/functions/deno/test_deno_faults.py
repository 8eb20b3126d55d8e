"""A function that throws, hangs, loops, hoards memory or exits hurts neither the gateway nor other functions."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import psutil
import pytest

from tests.support.live import LiveGateway, run_gateway
from tests.support.waits import eventually

WALL_CLOCK_SECONDS = 3
MEMORY_MB = 64
WORKER_LIMIT = {"code": "WORKER_LIMIT", "message": "Worker failed to respond due to a resource limit (please check logs)"}
WORKER_ERROR = {"code": "WORKER_ERROR", "message": "Function exited due to an error (please check logs)"}


@pytest.fixture(scope="module")
def limited(database_url, pg_cluster, deno_data_dir, deno_project):
    from tests.functions.deno.conftest import deno_settings

    settings = deno_settings(database_url, pg_cluster, deno_data_dir, deno_project,
                             functions_wall_clock_seconds=WALL_CLOCK_SECONDS, functions_memory_mb=MEMORY_MB)
    with run_gateway(settings) as live:
        yield live


def call(gateway: LiveGateway, path: str) -> httpx.Response:
    return httpx.get(f"{gateway.url}/functions/v1/{path}", headers=gateway.headers(), timeout=60)


def worker_pid(gateway: LiveGateway) -> int:
    response = call(gateway, "faults")
    assert response.status_code == 200, response.text
    return response.json()["pid"]


def test_a_thrown_error_is_a_worker_error_and_the_worker_serves_on(limited: LiveGateway):
    pid = worker_pid(limited)
    response = call(limited, "faults/throw")
    assert response.status_code == 500 and response.json() == WORKER_ERROR
    assert worker_pid(limited) == pid


def during_a_hang(gateway: LiveGateway, other_path: str) -> tuple[httpx.Response, httpx.Response]:
    """The answers to a request that hangs and to one to `other_path` sent while it hangs."""
    async def both() -> tuple[httpx.Response, httpx.Response]:
        async with httpx.AsyncClient(timeout=60, headers=gateway.headers()) as client:
            hang = asyncio.create_task(client.get(f"{gateway.url}/functions/v1/faults/hang"))
            await asyncio.sleep(1.0)
            other = await client.get(f"{gateway.url}/functions/v1/{other_path}")
            return await hang, other

    return asyncio.run(both())


def test_a_request_past_the_wall_clock_is_a_worker_limit_while_others_answer(limited: LiveGateway):
    hang, other = during_a_hang(limited, "echo/env")
    assert other.status_code == 200, "another function answers while one hangs"
    assert hang.status_code == 546 and hang.json() == WORKER_LIMIT


def test_a_worker_stuck_in_a_loop_is_stopped_and_replaced(limited: LiveGateway):
    pid = worker_pid(limited)
    response = call(limited, "faults/loop")
    assert response.status_code == 546 and response.json() == WORKER_LIMIT
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    assert worker_pid(limited) != pid


def test_memory_is_capped_per_worker_and_the_gateway_stays_flat(limited: LiveGateway):
    gateway_rss = psutil.Process().memory_info().rss
    pid = worker_pid(limited)
    response = call(limited, "faults/oom")
    assert response.status_code == 546 and response.json() == WORKER_LIMIT
    assert worker_pid(limited) != pid, "a new worker serves after the old one ran out of memory"
    assert psutil.Process().memory_info().rss - gateway_rss < 32 * 1024 * 1024


def test_a_worker_that_exits_is_restarted_on_the_next_request(limited: LiveGateway):
    pid = worker_pid(limited)
    response = call(limited, "faults/exit")
    assert response.status_code == 500 and response.json() == WORKER_ERROR
    assert worker_pid(limited) != pid


def test_two_hundred_concurrent_calls_to_one_function_all_succeed(deno_gateway: LiveGateway):
    """Under the default wall clock: on a busy machine, 200 calls at once can take longer than `limited`'s."""
    async def calls() -> list[httpx.Response]:
        limits = httpx.Limits(max_connections=200)
        async with httpx.AsyncClient(timeout=60, headers=deno_gateway.headers(), limits=limits) as client:
            return await asyncio.gather(*(client.post(f"{deno_gateway.url}/functions/v1/echo", json={"n": n})
                                          for n in range(200)))

    responses = asyncio.run(calls())
    assert [r.status_code for r in responses] == [200] * 200
    assert sorted(r.json()["body"] for r in responses) == sorted(f'{{"n":{n}}}' for n in range(200))


def test_workers_are_bounded_and_the_least_recently_used_idle_one_makes_room(database_url, pg_cluster, deno_data_dir,
                                                                            deno_project):
    from tests.functions.deno.conftest import deno_settings

    settings = deno_settings(database_url, pg_cluster, deno_data_dir, deno_project, functions_max_workers=1,
                             functions_wall_clock_seconds=WALL_CLOCK_SECONDS)
    with run_gateway(settings) as live:
        first = worker_pid(live)
        assert call(live, "no-jwt").json() == {"open": True}
        assert not psutil.pid_exists(first) or psutil.Process(first).status() == psutil.STATUS_ZOMBIE, \
            "the idle worker made room for the new one"
        hang, other = during_a_hang(live, "no-jwt")

        with httpx.stream("GET", f"{live.url}/functions/v1/echo/endless", headers=live.headers(),
                          timeout=60) as stream:
            lines = stream.iter_lines()  # kept: an iterator let go of closes the answer
            assert next(lines).startswith("data: tick 0")
            while_streaming = call(live, "no-jwt")
        after_the_stream = eventually(lambda: (answer := call(live, "no-jwt")).status_code == 200 and answer,
                                      "the slot to be free once the stream ended", timeout=10)
    assert while_streaming.status_code == 546, "a worker that streams is busy until its answer ends"
    assert after_the_stream.json() == {"open": True}
    assert other.status_code == 546 and other.json() == WORKER_LIMIT, "no slot while the only one is busy"
    assert hang.status_code == 546


def test_a_request_past_its_wall_clock_ends_alone_and_the_others_on_its_worker_finish(limited: LiveGateway):
    pid = worker_pid(limited)

    async def three() -> tuple[httpx.Response, list[httpx.Response]]:
        async with httpx.AsyncClient(timeout=60, headers=limited.headers()) as client:
            hang = asyncio.create_task(client.get(f"{limited.url}/functions/v1/faults/hang"))
            # Halfway through the hang's time: in flight when it reaches its limit, far from their own.
            await asyncio.sleep(WALL_CLOCK_SECONDS / 2)

            async def body(name: str) -> AsyncIterator[bytes]:
                yield f"{name} began before the limit".encode()
                await asyncio.shield(hang)
                yield b" and ended after it"

            uploads = [asyncio.create_task(client.post(f"{limited.url}/functions/v1/faults/upload", content=body(n)))
                       for n in ("one", "two")]
            return await hang, list(await asyncio.gather(*uploads))

    over, others = asyncio.run(three())
    assert over.status_code == 546 and over.json() == WORKER_LIMIT
    assert [(r.status_code, r.json()) for r in others] == [
        (200, {"pid": pid, "body": f"{name} began before the limit and ended after it"}) for name in ("one", "two")]
    assert worker_pid(limited) != pid, "the worker past its limit took no new request"
    eventually(lambda: not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE,
               "the retired worker to stop once its last request ended", timeout=30)
