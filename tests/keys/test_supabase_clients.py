"""supabase-js and supabase-py holding only the current keys: sb_publishable_… for the app, sb_secret_… for the
server; no legacy anon or service-role key anywhere in the clients."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from supabase import AsyncClientOptions, ClientOptions, acreate_client, create_client
from tests.keys.conftest import MOBILE_KEY, SERVER_KEY, WEB_KEY
from tests.keys.test_api_keys import REVOKED
from tests.support.node import run_node_script

# supabase-py 2.34 passes its own deprecated `timeout`/`verify` arguments to postgrest-py; a caller cannot avoid them.
pytestmark = pytest.mark.filterwarnings("ignore:The '(timeout|verify)' parameter is deprecated:DeprecationWarning")


def test_supabase_js_with_only_publishable_and_secret_keys(keys_gateway):
    run_node_script("keys.test.mjs", {"GATEWAY_URL": keys_gateway.url, "PUBLISHABLE_KEY": WEB_KEY,
                                      "OTHER_PUBLISHABLE_KEY": MOBILE_KEY, "SECRET_KEY": SERVER_KEY,
                                      "REVOKED_KEY": REVOKED}, passes=5)


def test_supabase_py_with_only_publishable_and_secret_keys(keys_gateway):
    with httpx.Client(timeout=30) as http:
        def connect(key: str):
            return create_client(keys_gateway.url, key, ClientOptions(auto_refresh_token=False, persist_session=False,
                                                                      httpx_client=http))

        admin = connect(SERVER_KEY)
        password = "correct horse battery"
        admin.auth.admin.create_user({"email": "cyd.py@keys.example", "password": password, "email_confirm": True})
        cyd = connect(MOBILE_KEY)
        session = cyd.auth.sign_in_with_password({"email": "cyd.py@keys.example", "password": password})
        cyd.postgrest.auth(session.session.access_token)
        assert cyd.table("key_notes").insert({"body": "cyd py"}).execute().data[0]["owner"] == session.user.id
        assert [row["body"] for row in cyd.table("key_notes").select("body").execute().data] == ["cyd py"]
        assert connect(WEB_KEY).table("key_notes").select("body").execute().data == []
        assert admin.table("key_notes").select("body").eq("body", "cyd py").execute().data == [{"body": "cyd py"}]
        admin.storage.create_bucket("py-keys")
        admin.storage.from_("py-keys").upload("a.txt", b"from python", {"content-type": "text/plain"})
        assert admin.storage.from_("py-keys").download("a.txt") == b"from python"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_supabase_py_realtime_with_a_publishable_key(keys_gateway):
    password = "correct horse battery"
    async with httpx.AsyncClient(timeout=30) as http:
        admin = await acreate_client(keys_gateway.url, SERVER_KEY, AsyncClientOptions(
            auto_refresh_token=False, persist_session=False, httpx_client=http))
        await admin.auth.admin.create_user({"email": "dee.py@keys.example", "password": password, "email_confirm": True})
        dee = await acreate_client(keys_gateway.url, WEB_KEY, AsyncClientOptions(
            auto_refresh_token=False, persist_session=False, httpx_client=http))
        await dee.auth.sign_in_with_password({"email": "dee.py@keys.example", "password": password})
        heard: asyncio.Queue = asyncio.Queue()
        channel = dee.channel("py-notes").on_postgres_changes(
            "INSERT", lambda change: heard.put_nowait(change["data"]["record"]["body"]), table="key_notes",
            schema="public")
        states: list[str] = []
        await channel.subscribe(lambda state, _error: states.append(str(state)))
        try:
            assert states and states[-1].endswith("SUBSCRIBED"), states
            await dee.table("key_notes").insert({"body": "dee rt"}).execute()
            assert await asyncio.wait_for(heard.get(), timeout=10) == "dee rt"
        finally:
            await dee.remove_all_channels()
            await dee.realtime.close()
            await admin.realtime.close()
