"""The resilience tests' shared fixture: a working folder for a `gateway serve` whose database they break."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from gateway.database import embedded


@pytest.fixture()
def workdir():
    """Outside pytest's own temp root (see tests/foundation/test_cli.py: the embedded server's system user)."""
    path = Path(tempfile.mkdtemp(prefix="gateway-resilience-test-"))
    yield path
    if embedded.is_running(path / "data"):  # left by a gateway a failed test killed
        embedded.start(path / "data").stop()
    shutil.rmtree(path, ignore_errors=True)
