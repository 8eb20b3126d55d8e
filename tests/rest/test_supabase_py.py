"""supabase-py (postgrest-py) against the gateway's REST API, as a Python client would use it."""

import httpx
import pytest

from supabase import Client, ClientOptions, create_client
from tests.rest.conftest import user_claims

# supabase-py 2.34 passes its own deprecated `timeout`/`verify` arguments to postgrest-py; a caller cannot avoid them.
pytestmark = pytest.mark.filterwarnings("ignore:The '(timeout|verify)' parameter is deprecated:DeprecationWarning")


@pytest.fixture(scope="module")
def http():
    with httpx.Client(timeout=30) as shared:
        yield shared


def connect(gateway, key: str, http: httpx.Client) -> Client:
    return create_client(gateway.url, key, ClientOptions(auto_refresh_token=False, persist_session=False,
                                                         httpx_client=http))


@pytest.fixture(scope="module")
def client(rest, gateway, http):
    return connect(gateway, gateway.anon_key, http)


def test_select_with_embeds_filters_and_count(client):
    response = (client.table("fx_tickets")
                .select("id, company:fx_companies(name), assignee:fx_people!fx_tickets_assigned_to_fkey(name)",
                        count="exact")
                .eq("status", "open").order("id").limit(2).execute())
    assert response.count == 3
    assert response.data == [{"id": 1, "company": {"name": "Acme"}, "assignee": {"name": "Ann"}},
                             {"id": 3, "company": {"name": "Globex"}, "assignee": {"name": "Cyd"}}]


def test_single_insert_update_delete_and_rpc(client, gateway, http):
    service = connect(gateway, gateway.service_key, http)
    inserted = service.table("fx_labels").insert({"id": 700, "name": "from-py"}).execute()
    assert inserted.data == [{"id": 700, "name": "from-py"}]
    updated = service.table("fx_labels").update({"name": "py-renamed"}).eq("id", 700).execute()
    assert updated.data == [{"id": 700, "name": "py-renamed"}]
    one = client.table("fx_labels").select("name").eq("id", 700).single().execute()
    assert one.data == {"name": "py-renamed"}
    deleted = service.table("fx_labels").delete().eq("id", 700).execute()
    assert deleted.data == [{"id": 700, "name": "py-renamed"}]
    assert client.rpc("fx_add", {"a": 20, "b": 22}).execute().data == 42


def test_signed_in_user_through_the_python_client(client, gateway):
    user = "00000000-0000-4000-8000-0000000000c1"
    client.postgrest.auth(gateway.keys.sign(user_claims(user)))
    try:
        created = client.table("fx_notes").insert({"body": "from python"}).execute()
        assert created.data[0]["owner"] == user
    finally:
        client.postgrest.auth(gateway.anon_key)
