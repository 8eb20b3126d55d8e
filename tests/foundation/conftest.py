"""Fixtures of the foundation tests that start their own embedded server."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from gateway.database import embedded


@pytest.fixture()
def folder():
    """A data folder for an embedded server of the test's own, outside pytest's temp root (see
    tests/foundation/test_cli.py: the embedded server's system user)."""
    path = Path(tempfile.mkdtemp(prefix="gateway-foundation-"))
    yield path
    if embedded.is_running(path):
        embedded.start(path).stop()
    shutil.rmtree(path, ignore_errors=True)
