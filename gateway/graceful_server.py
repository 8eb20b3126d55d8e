"""uvicorn's server, but Ctrl-C and SIGTERM end it gracefully instead of being re-raised afterwards."""

from __future__ import annotations

import contextlib
import signal

import uvicorn


class GracefulServer(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self):
        original = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in original.items():
                signal.signal(sig, handler)
