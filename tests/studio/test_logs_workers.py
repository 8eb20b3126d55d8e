"""The Logs view on `gateway serve` with two workers: whichever worker answers the studio's poll, it lists the lines
of both, each once, and finds a request's lines wherever the request was handled; in the real Chromium too."""

from __future__ import annotations

import json
import shutil
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.support.live import free_port
from tests.support.serve import ServeProcess, run_cli
from tests.support.waits import eventually

PROJECT = Path(__file__).parent / "project"
EARLIER_RUN = 999_999_999  # a worker of an earlier run, above Linux's largest process id


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, dict[str, str]]]:
    """The studio's test project served in development by two workers, with the request log on; its URL and the
    headers of a call with the service-role key (the studio's admin API takes it). Outside pytest's temp root, whose 0700 mode would lock out the embedded
    server's system user."""
    root = Path(tempfile.mkdtemp(prefix="gateway-logs-test-"))
    try:
        project = root / "project"
        shutil.copytree(PROJECT, project)
        stale = root / "data" / "studio-logs" / f"requests-{EARLIER_RUN}.jsonl"
        stale.parent.mkdir(parents=True)
        stale.write_text(json.dumps({"seq": 1, "time": 0.0, "method": "GET", "path": "/rest/v1/earlier",
                                     "status": 200, "duration_ms": 1.0, "request_id": "0" * 32}) + "\n")
        port = free_port()
        with ServeProcess(root / "data", port, cwd=project, API_WORKERS=2, REQUEST_LOG="true") as server:
            server.wait_healthy()
            status = json.loads(run_cli("status", "--json", cwd=project, DATA_DIR=root / "data").stdout)
            key = status["SERVICE_ROLE_KEY"]
            yield f"http://127.0.0.1:{port}", {"apikey": key, "Authorization": f"Bearer {key}"}
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture()
def worker_clients(served: tuple[str, dict[str, str]]) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    """Two keep-alive clients, each on its own worker: a new connection goes to the worker with fewer open ones."""
    url, headers = served
    with httpx.Client(base_url=url, headers=headers, timeout=60) as first, \
            httpx.Client(base_url=url, headers=headers, timeout=60) as second:
        assert first.get("/auth/v1/health").status_code == 200
        assert second.get("/auth/v1/health").status_code == 200
        yield first, second


def request_lines(client: httpx.Client, after: str = "") -> tuple[list[dict], str]:
    answer = client.get("/_/api/logs", params={"after": after})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    return body["lines"], body["cursor"]


def greet(client: httpx.Client, name: str) -> str:
    """The id of the request, read from the line the function printed while handling it."""
    answer = client.post("/functions/v1/greet", json={"name": name})
    assert answer.status_code == 200, answer.text

    def printed() -> str | None:
        lines = client.get("/_/api/logs/functions").json()["lines"]
        return next((line["request_id"] for line in lines if line["message"] == f"greeting {name}"), None)

    return eventually(printed, f"the line greet printed for {name}")


def test_one_poll_from_either_worker_lists_every_workers_requests_once(
        worker_clients: tuple[httpx.Client, httpx.Client]) -> None:
    first, second = worker_clients
    sent = [probe(client) for _ in range(10) for client in worker_clients]

    def every_line_there() -> list[dict] | None:
        lines, _ = request_lines(first)
        return lines if set(sent) <= {line["path"] for line in lines} else None

    lines = eventually(every_line_there, "the 20 requests' lines")
    ours = [line for line in lines if line["path"] in sent]
    assert Counter(line["path"] for line in ours) == Counter(sent)
    assert len({line["pid"] for line in ours}) == 2, "the requests were handled by both workers"
    assert [(line["time"], line["pid"], line["seq"]) for line in lines] == sorted(
        (line["time"], line["pid"], line["seq"]) for line in lines)
    assert EARLIER_RUN not in {line["pid"] for line in lines}, "serve clears an earlier run's lines"
    assert request_lines(second)[0] == lines

    _, cursor = request_lines(second)
    assert request_lines(first, cursor)[0] == []
    later = probe(first)
    fresh = eventually(lambda: request_lines(second, cursor)[0], "the line of the request after the cursor")
    assert [line["path"] for line in fresh] == [later]


def test_the_lines_of_a_request_are_found_through_the_worker_that_did_not_handle_it(
        served: tuple[str, dict[str, str]], worker_clients: tuple[httpx.Client, httpx.Client]) -> None:
    handler = worker_clients[0]
    greeted = greet(handler, "Ada")
    broken = handler.get("/functions/v1/broken")
    assert broken.status_code == 503, broken.text
    handled_by = worker_of(handler, request_id=greeted)
    assert worker_of(handler, request_id=broken.headers["x-request-id"]) == handled_by
    with client_on_another_worker(served, handled_by) as other:
        greeted_lines = eventually(lambda: lines_of_request(other, greeted), "the lines of the greeting")
        failed_lines = lines_of_request(other, broken.headers["x-request-id"])
    said = {(line["level"], line["logger"], line["message"]) for line in greeted_lines}
    assert {("INFO", "functions.greet", "greeting Ada"),
            ("WARNING", "functions.greet", "no one called Ada was expected")} <= said
    assert any(line["level"] == "ERROR" and line["logger"] == "gateway.functions.deno"
               and "function broken failed to boot" in line["message"] for line in failed_lines), failed_lines
    assert {line["pid"] for line in greeted_lines + failed_lines} == {handled_by}


def test_the_logs_view_lists_the_requests_of_both_workers_each_once(
        served: tuple[str, dict[str, str]], worker_clients: tuple[httpx.Client, httpx.Client], browser: Browser) -> None:
    context = browser.new_context(base_url=served[0])
    try:
        page = context.new_page()
        page.goto("/_/")  # the sign-in form, on this machine too
        page.get_by_label("Service-role key or admin password").fill(served[1]["apikey"])
        page.get_by_role("button", name="Sign in").click()
        page.get_by_role("link", name="Logs").click()
        sent = [probe(client) for _ in range(5) for client in worker_clients]
        requests = page.get_by_role("table", name="Requests")
        for path in sent:
            expect(requests.locator("tbody tr", has_text=path)).to_have_count(1)
        sent.append(probe(worker_clients[1]))
        expect(requests.locator("tbody tr", has_text=sent[-1])).to_have_count(1)
        for path in sent:  # and the polls since listed none again
            expect(requests.locator("tbody tr", has_text=path)).to_have_count(1)
        assert len({worker_of(worker_clients[0], path=path) for path in sent}) == 2, "both workers handled some"
    finally:
        context.close()


@contextmanager
def client_on_another_worker(served: tuple[str, dict[str, str]], pid: int) -> Iterator[httpx.Client]:
    """A keep-alive client whose connection is on a worker other than `pid`: new connections are opened (and held,
    so that the next goes to the worker with fewer) until one is."""
    url, headers = served
    with ExitStack() as held:
        for _ in range(4):
            client = held.enter_context(httpx.Client(base_url=url, headers=headers, timeout=60))
            if worker_of(client, path=probe(client)) != pid:
                yield client
                return
    raise AssertionError(f"every new connection went to worker {pid}")


def lines_of_request(client: httpx.Client, request_id: str) -> list[dict]:
    answer = client.get(f"/_/api/logs/requests/{request_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()["lines"]


def probe(client: httpx.Client) -> str:
    """A request of a path no other asks for (the gateway sends the request id back only from a function)."""
    path = f"/rest/v1/probe_{uuid.uuid4().hex}"
    assert client.get(path).status_code == 404
    return path


def worker_of(client: httpx.Client, **request: str) -> int:
    """The worker that handled the request of that `request_id` or `path`, as its request log line says."""
    (key, value), = request.items()

    def handled_by() -> int | None:
        return next((line["pid"] for line in request_lines(client)[0] if line[key] == value), None)

    return eventually(handled_by, f"the request log line of {value}")
