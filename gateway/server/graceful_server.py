"""uvicorn's server, but Ctrl-C and SIGTERM end it gracefully instead of being re-raised afterwards, and a worker of
several accepts through `gateway.server.balanced_accept`."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket

import uvicorn

from gateway.server.balanced_accept import BalancedListener, WorkerConnections


class GracefulServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, connections: WorkerConnections | None = None) -> None:
        super().__init__(config)
        self._balanced = connections
        if connections is not None:
            self.server_state.connections = connections

    @contextlib.contextmanager
    def capture_signals(self):
        original = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in original.items():
                signal.signal(sig, handler)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        if self._balanced is None or not sockets:
            await super().startup(sockets)
            return
        await super().startup(sockets=[])  # the application's start, without uvicorn's own listener
        self.servers = [BalancedListener(sock, self._new_protocol, self._balanced)  # type: ignore[misc]
                        for sock in sockets]

    def _new_protocol(self) -> asyncio.Protocol:
        # What uvicorn's startup makes for each connection it accepts.
        return self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state)
