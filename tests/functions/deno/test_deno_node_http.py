"""A function on a `node:http` server, as Supabase's Express example is: `app.listen(port)` serves on the worker's
address, the app routes on the function's path, and its console lines carry the request id."""

from __future__ import annotations

import logging

import httpx
import pytest

from tests.support.live import LiveGateway


def test_an_express_app_answers_on_its_routes(deno_gateway: LiveGateway, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO, logger="functions.express")
    posted = httpx.post(f"{deno_gateway.url}/functions/v1/express", json={"name": "Express"},
                        headers=deno_gateway.headers(), timeout=120)
    assert posted.status_code == 201, posted.text
    assert posted.text == "Hello Express!" and posted.headers["x-framework"] == "express"
    got = httpx.get(f"{deno_gateway.url}/functions/v1/express/tasks/7?sort=desc", headers=deno_gateway.headers(),
                    timeout=60)
    assert got.status_code == 200 and got.json() == {"id": "7", "query": {"sort": "desc"}}
    [line] = [r.getMessage() for r in caplog.records if "express handled task 7" in r.getMessage()]
    request_id = line.split()[0]
    assert request_id.startswith("[") and len(request_id) == 34, line
