"""Gateways for the function tests: one running sample functions, one running the project's own."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from tests.conftest import make_settings
from tests.functions.standalone import function_process
from tests.support.live import LiveGateway, bind_to_port, free_port, run_gateway

SAMPLE_FUNCTIONS = Path(__file__).resolve().parent / "sample_functions"
FORWARDED = "x-forwarded-for"
SLUGS = ("send-contact-email", "send-event-confirmation")
# The [settings] contact_inbox of functions/send_contact_email/function.toml.
SITE_INBOX = "info@gulfsec.local"


@pytest.fixture(scope="module")
def functions_gateway(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveGateway]:
    """The project's functions, in-process; tests choose their client address with X-Forwarded-For."""
    settings = make_settings(database_url, tmp_path_factory.mktemp("fn"), trusted_proxy_header=FORWARDED)
    with run_gateway(settings) as live:
        yield live


@pytest.fixture(scope="module")
def function_urls(functions_gateway: LiveGateway, tmp_path_factory) -> Iterator[dict[str, str]]:
    """Both functions as their own processes, on the same database as `functions_gateway`."""
    logs = tmp_path_factory.mktemp("function-logs")
    with function_process(functions_gateway.settings, SLUGS[0], logs / "contact.log") as contact, \
            function_process(functions_gateway.settings, SLUGS[1], logs / "event.log") as event:
        yield {SLUGS[0]: contact, SLUGS[1]: event}


@pytest.fixture(scope="module")
def relay_gateway(functions_gateway: LiveGateway, function_urls: dict[str, str]) -> Iterator[LiveGateway]:
    """A gateway that relays both functions to their processes, and one more to a port nobody listens on."""
    urls = {**function_urls, "gone-function": f"http://127.0.0.1:{free_port()}"}
    settings = bind_to_port(replace(functions_gateway.settings, function_urls=urls))
    with run_gateway(settings) as live:
        yield live


def outbox(db: psycopg.Connection, to: str) -> list[dict]:
    cur = db.execute(
        "select to_address, subject, text_body, html_body, kind, status from mail.outbox"
        " where lower(to_address) = lower(%s) order by created_at",
        (to,),
    )
    names = [c.name for c in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]
