"""A secret key (`sb_secret_…`) on a request that looks like a browser's gets 401 "Forbidden use of secret API key in
browser", as Supabase answers it, in the shape of the layer that answers there; the same key from a server passes.
Raw HTTP for each service, a websocket, and a real Chromium page on another origin."""

from __future__ import annotations

import httpx
import pytest
import websockets
from websockets.sync.client import connect

from tests.support.live import LiveGateway
from tests.support.other_site import other_site

MESSAGE = "Forbidden use of secret API key in browser"
GATEWAYS = {"message": MESSAGE}
CALLS = [
    ("GET", "/auth/v1/admin/users", GATEWAYS),
    ("GET", "/rest/v1/companies?select=id", GATEWAYS),
    ("POST", "/realtime/v1/api/broadcast", GATEWAYS),
    ("GET", "/storage/v1/bucket", {"statusCode": "401", "code": "Unauthorized", "error": "Unauthorized",
                                   "message": MESSAGE}),
    ("POST", "/functions/v1/any-function", {"code": 401, "message": MESSAGE}),
]
CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
BROWSERS = {
    "origin": {"Origin": "http://127.0.0.1:3000"},
    "fetch-metadata": {"User-Agent": CHROME, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"},
}


def secret_key(gateway: LiveGateway) -> str:
    return gateway.keys.api_keys.default_secret


@pytest.mark.parametrize(("method", "path", "body"), CALLS, ids=[path for _, path, _ in CALLS])
@pytest.mark.parametrize("looks", BROWSERS)
@pytest.mark.parametrize("carried", ["apikey", "bearer"])
def test_a_browsers_request_with_a_secret_key_is_refused(gateway: LiveGateway, method: str, path: str,
                                                         body: dict, looks: str, carried: str) -> None:
    key = secret_key(gateway)
    headers = {"apikey": key} if carried == "apikey" else {"apikey": gateway.publishable_key,
                                                          "Authorization": f"Bearer {key}"}
    answer = httpx.request(method, f"{gateway.url}{path}", headers={**headers, **BROWSERS[looks]}, json={})
    assert (answer.status_code, answer.json()) == (401, body)


def test_the_same_request_from_a_server_passes(gateway: LiveGateway) -> None:
    key = secret_key(gateway)
    for headers in ({}, {"User-Agent": CHROME}, {"Sec-Fetch-Mode": "cors", "User-Agent": "node"}):
        answer = httpx.get(f"{gateway.url}/auth/v1/admin/users", headers={"apikey": key, **headers})
        assert answer.status_code == 200, answer.text


def test_a_browsers_publishable_key_passes(gateway: LiveGateway) -> None:
    answer = httpx.get(f"{gateway.url}/rest/v1/companies?select=id",
                       headers={"apikey": gateway.publishable_key, **BROWSERS["origin"]})
    assert answer.status_code == 200, answer.text


def test_a_browsers_websocket_with_a_secret_key_is_refused(gateway: LiveGateway) -> None:
    url = gateway.url.replace("http://", "ws://") + f"/realtime/v1/websocket?vsn=1.0.0&apikey={secret_key(gateway)}"
    with pytest.raises(websockets.InvalidStatus) as refused:
        connect(url, origin="http://127.0.0.1:3000").close()
    assert refused.value.response.status_code == 403
    with connect(url) as server_side:  # no Origin: a server's client
        server_side.ping().wait(10)


READ_USERS = """async ([url, key]) => {
  const response = await fetch(url, { headers: { apikey: key } })
  return { status: response.status, body: await response.json() }
}"""


def test_a_page_on_another_origin_cannot_use_a_secret_key_in_chromium(gateway: LiveGateway, browser) -> None:
    with other_site() as origin:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(f"{origin}/")
            answer = page.evaluate(READ_USERS, [f"{gateway.url}/auth/v1/admin/users", secret_key(gateway)])
        finally:
            context.close()
    assert answer == {"status": 401, "body": GATEWAYS}
