"""Gateways for the function tests: one running sample functions, one running the project's own."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import psycopg
import pytest

from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

SAMPLE_FUNCTIONS = Path(__file__).resolve().parent / "sample_functions"
FORWARDED = "x-forwarded-for"


@pytest.fixture(scope="module")
def functions_gateway(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveGateway]:
    """The project's functions, in-process; tests choose their client address with X-Forwarded-For."""
    settings = make_settings(database_url, tmp_path_factory.mktemp("fn"), trusted_proxy_header=FORWARDED)
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
