"""Waiting for a condition instead of for a while: poll until it holds, fail with its name past a deadline."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def eventually(check: Callable[[], T], what: str, timeout: float = 15.0, interval: float = 0.05) -> T:
    """The first truthy value `check` returns; fails the test naming `what` when none comes within `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)
