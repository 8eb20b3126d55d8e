"""REST tests share one fixture schema (tests/rest/fixture_schema.sql) applied to each module's database."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.live import LiveGateway

FIXTURE_SQL = (Path(__file__).parent / "fixture_schema.sql").read_text()
ALICE = str(uuid.UUID("00000000-0000-4000-8000-00000000a11c"))
BOB = str(uuid.UUID("00000000-0000-4000-8000-000000000b0b"))


@pytest.fixture(scope="module")
def fixture_schema(db) -> None:
    db.execute(FIXTURE_SQL)


@pytest.fixture(scope="module")
def rest(fixture_schema, gateway: LiveGateway) -> Iterator[RestClient]:
    with httpx.Client(base_url=f"{gateway.url}/rest/v1", timeout=30) as client:
        yield RestClient(client, gateway)


def user_claims(user_id: str) -> dict:
    import time

    now = int(time.time())
    return {"sub": user_id, "aud": "authenticated", "role": "authenticated", "iat": now, "exp": now + 3600,
            "email": f"{user_id[-4:]}@example.test", "phone": "", "aal": "aal1", "amr": [],
            "session_id": str(uuid.uuid4()), "app_metadata": {}, "user_metadata": {}, "is_anonymous": False}


class RestClient:
    """httpx against /rest/v1 as anon (default), a signed-in user (`as_user`) or the service role (`as_service`)."""

    def __init__(self, client: httpx.Client, gateway: LiveGateway):
        self.client, self.gateway = client, gateway

    def headers(self, who: str | None, extra: dict | None) -> dict:
        if who == "service":
            token = self.gateway.service_key
        elif who:
            token = self.gateway.keys.sign(user_claims(who))
        else:
            token = None
        return {**self.gateway.headers(token), **(extra or {})}

    def request(self, method: str, url: str, *, who: str | None = None, headers: dict | None = None, **kwargs):
        return self.client.request(method, url, headers=self.headers(who, headers), **kwargs)

    def get(self, url, **kw):
        return self.request("GET", url, **kw)

    def post(self, url, **kw):
        return self.request("POST", url, **kw)

    def patch(self, url, **kw):
        return self.request("PATCH", url, **kw)

    def delete(self, url, **kw):
        return self.request("DELETE", url, **kw)
