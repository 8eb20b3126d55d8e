"""supabase-js `functions.invoke` against both functions, in-process and relayed to their own processes."""

from __future__ import annotations

import itertools
import re

import psycopg
import pytest

from tests.functions.conftest import outbox
from tests.support.live import LiveGateway
from tests.support.node import run_node_test

_runs = itertools.count(1)


@pytest.mark.parametrize("mode", ["in-process", "relayed"])
def test_supabase_js_invokes_both_functions(mode: str, request: pytest.FixtureRequest, db: psycopg.Connection):
    gateway: LiveGateway = request.getfixturevalue("functions_gateway" if mode == "in-process" else "relay_gateway")
    run = next(_runs)
    contact_email, event_email = f"node-contact-{run}@example.com", f"node-guest-{run}@example.ae"
    db.execute("insert into public.event_registrations (event_name, event_date, event_location, first_name,"
               " last_name, email, phone, company_name) values ('CrowdSec Vendor Introduction', date '2025-11-17',"
               " 'Address Downtown Hotel, Downtown Dubai', 'Node', 'Guest', %s, '+971501234567', 'Sharjah Media')",
               (event_email,))
    output = run_node_test("functions.test.mjs", gateway, passes=5, extra_env={
        "CONTACT_EMAIL": contact_email, "EVENT_EMAIL": event_email, "CLIENT_IP": f"198.18.0.{run}",
    })
    [ack] = outbox(db, contact_email)
    assert ack["kind"] == "contact_acknowledgement" and "within 24 hours" in ack["text_body"]
    [confirmation] = outbox(db, event_email)
    assert "Monday, 17 November 2025" in confirmation["text_body"]
    site_flow_email = re.search(r"SITE_FLOW_EMAIL=(\S+)", output).group(1)
    [site_confirmation] = outbox(db, site_flow_email)
    assert site_confirmation["text_body"].startswith("Dear Site,")
