"""Each function as its own process, with the gateway relaying to it; relay failures marked as Supabase marks them."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from supabase_functions.errors import FunctionsHttpError, FunctionsRelayError

from gateway.settings import PROJECT_ROOT
from supabase import Client, ClientOptions, create_client
from tests.functions.conftest import FORWARDED, outbox
from tests.support.live import LiveGateway

# supabase-py passes its own deprecated `timeout` argument to its functions client; nothing we can change.
pytestmark = pytest.mark.filterwarnings("ignore:The 'timeout' parameter is deprecated:DeprecationWarning")


@pytest.fixture
def supabase_py(relay_gateway: LiveGateway) -> Iterator[Client]:
    with httpx.Client(timeout=30) as http:
        yield create_client(relay_gateway.url, relay_gateway.anon_key, ClientOptions(httpx_client=http))


def contact_form(email: str) -> dict:
    return {"name": "Relay Tester", "email": email, "company": "Dubai Logistics", "phone": "+97142223333",
            "service": "SOC Monitoring", "message": "Please call me about SOC monitoring."}


def test_a_relayed_contact_message_is_stored_and_mailed_by_the_function_process(
        relay_gateway: LiveGateway, db: psycopg.Connection):
    response = httpx.post(f"{relay_gateway.url}/functions/v1/send-contact-email", json=contact_form("relay@example.com"),
                          headers={**relay_gateway.headers(), FORWARDED: "10.66.0.1, 192.0.2.44"})
    assert response.status_code == 200, response.text
    assert response.json()["success"] is True
    assert response.headers["x-request-id"]
    # The function process sees the address the gateway resolved, not what the client wrote in front of it.
    row = db.execute("select client_ip, mail_status from public.contact_messages where email = 'relay@example.com'")
    assert row.fetchone() == ("192.0.2.44", "sent")
    [ack] = outbox(db, "relay@example.com")
    assert "within 24 hours" in ack["text_body"]


def test_a_relayed_429_reaches_the_client(relay_gateway: LiveGateway):
    headers = {**relay_gateway.headers(), FORWARDED: "192.0.2.45"}
    url = f"{relay_gateway.url}/functions/v1/send-contact-email"
    assert httpx.post(url, json=contact_form("relay429@example.com"), headers=headers).status_code == 200
    again = httpx.post(url, json=contact_form("relay429b@example.com"), headers=headers)
    assert again.status_code == 429 and "retry-after" in again.headers
    assert "x-relay-error" not in again.headers


def test_supabase_py_invokes_both_functions_through_the_relay(supabase_py: Client, db: psycopg.Connection):
    db.execute("insert into public.event_registrations (event_name, event_date, event_location, first_name, last_name,"
               " email, phone, company_name) values ('CrowdSec Vendor Introduction', date '2025-11-17',"
               " 'Address Downtown Hotel, Downtown Dubai', 'Khalid', 'Rahman', 'khalid@example.ae', '+971509998877',"
               " 'Rahman Trading')")
    client = supabase_py
    client.functions.invoke("send-event-confirmation", invoke_options={
        "body": {"firstName": "Khalid", "lastName": "Rahman", "email": "khalid@example.ae",
                 "companyName": "Rahman Trading"}})
    [mail] = outbox(db, "khalid@example.ae")
    assert "Monday, 17 November 2025" in mail["text_body"] and "Khalid" in mail["text_body"]
    options = {"body": contact_form("py@example.com"), "headers": {FORWARDED: "192.0.2.46"}}
    client.functions.invoke("send-contact-email", invoke_options=options)
    with pytest.raises(FunctionsHttpError) as refused:
        client.functions.invoke("send-contact-email", invoke_options=options)
    assert refused.value.status == 429


def test_the_gateway_checks_the_jwt_before_relaying(relay_gateway: LiveGateway, function_urls: dict[str, str]):
    response = httpx.post(f"{relay_gateway.url}/functions/v1/send-contact-email", json=contact_form("x@example.com"))
    assert response.status_code == 401 and response.json()["message"] == "Missing authorization header"
    # The function process checks it too, for callers that reach it directly.
    direct = httpx.post(function_urls["send-contact-email"], json=contact_form("x@example.com"),
                        headers={"Authorization": "Bearer forged"})
    assert direct.status_code == 401 and direct.json()["message"] == "Invalid JWT"


def test_an_unreachable_function_is_a_relay_error(relay_gateway: LiveGateway, supabase_py: Client):
    response = httpx.post(f"{relay_gateway.url}/functions/v1/gone-function", json={}, headers=relay_gateway.headers())
    assert response.status_code == 502
    assert response.headers["x-relay-error"] == "true"
    assert response.json() == {"error": "The function could not be reached"}
    with pytest.raises(FunctionsRelayError):
        supabase_py.functions.invoke("gone-function", invoke_options={"body": {}})


def test_serving_an_unknown_function_fails_with_a_clear_message(functions_gateway: LiveGateway):
    env = {"DATABASE_URL": functions_gateway.settings.database_url,
           "JWT_SECRET": functions_gateway.settings.jwt_secret, "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-m", "gateway", "functions", "serve", "no-such-function"],
                            cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert "no function 'no-such-function'" in result.stderr


def test_mail_sent_by_a_function_process_appears_on_the_gateway_mailbox_page(relay_gateway: LiveGateway):
    email = "mailbox-check@example.com"
    response = httpx.post(f"{relay_gateway.url}/functions/v1/send-contact-email", json=contact_form(email),
                          headers={**relay_gateway.headers(), FORWARDED: "192.0.2.47"})
    assert response.status_code == 200
    listed = httpx.get(f"{relay_gateway.url}/_dev/mailbox/api/messages", params={"to": email}).json()
    assert [m["kind"] for m in listed["messages"]] == ["contact_acknowledgement"]
    page = httpx.get(f"{relay_gateway.url}/_dev/mailbox", params={"to": email}).text
    assert "We have received your message | GulfSec Distribution" in page


def test_a_function_process_finds_the_embedded_database_a_running_gateway_recorded(tmp_path):
    from gateway.config_values import ConfigError
    from gateway.functions.standalone import _database_url
    from gateway.settings import Settings

    settings = Settings(database_url=None, data_dir=tmp_path, jwt_secret="x" * 32)
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        _database_url(settings)
    (tmp_path / "status.json").write_text('{"db_url": "postgresql://postgres:@/postgres?host=/tmp/pg"}')
    assert _database_url(settings) == "postgresql://postgres:@/postgres?host=/tmp/pg"
