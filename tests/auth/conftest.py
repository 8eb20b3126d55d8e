"""Gateways with auth settings that several auth modules test (one per module, as every gateway fixture here)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway


@pytest.fixture(scope="module")
def autoconfirm(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    """MAIL_AUTOCONFIRM=true, as in Supabase's local stack."""
    with run_gateway(make_settings(database_url, tmp_path_factory.mktemp("auto"), mail_autoconfirm=True)) as live:
        yield live
