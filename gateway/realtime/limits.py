"""Per-connection limits (channels, joins and messages per second, payload size) and the heartbeat timeout."""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from gateway.settings import Settings


def payload_size(value: Any) -> int:
    if isinstance(value, bytes):
        return len(value)
    return len(json.dumps(value, separators=(",", ":")).encode())


@dataclass(frozen=True)
class Limits:
    max_channels: int
    max_joins_per_second: int
    max_events_per_second: int
    max_payload_bytes: int
    heartbeat_timeout: float
    rates_enabled: bool

    @classmethod
    def from_settings(cls, settings: Settings) -> Limits:
        return cls(
            max_channels=settings.realtime_max_channels_per_client,
            max_joins_per_second=settings.realtime_max_joins_per_second,
            max_events_per_second=settings.realtime_max_events_per_second,
            max_payload_bytes=settings.realtime_max_payload_bytes,
            heartbeat_timeout=settings.realtime_heartbeat_timeout,
            rates_enabled=settings.rate_limits_enabled,
        )


class RateWindow:
    """Counts events in the last second; `hit()` says whether one more is still within the limit."""

    def __init__(self, per_second: int, enabled: bool = True) -> None:
        self.per_second = per_second
        self.enabled = enabled
        self._hits: deque[float] = deque()

    def hit(self) -> bool:
        if not self.enabled:
            return True
        now = time.monotonic()
        while self._hits and now - self._hits[0] >= 1.0:
            self._hits.popleft()
        if len(self._hits) >= self.per_second:
            return False
        self._hits.append(now)
        return True
