"""A real gateway on a real port, run by uvicorn in a background thread, for HTTP clients and Node tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

import uvicorn

from gateway.app import create_app
from gateway.jwt_keys import JwtKeys
from gateway.server.request_limits import server_options
from gateway.settings import Settings


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class LiveGateway:
    url: str
    settings: Settings
    keys: JwtKeys
    server: uvicorn.Server

    def requests_in_flight(self) -> int:
        """Requests and sockets the server is still handling (a hung-up client's among them until its handler ends)."""
        return len(self.server.server_state.tasks)

    @property
    def anon_key(self) -> str:
        return self.keys.anon_key

    @property
    def publishable_key(self) -> str:
        return self.keys.api_keys.default_publishable

    @property
    def service_key(self) -> str:
        return self.keys.service_role_key

    def headers(self, token: str | None = None) -> dict[str, str]:
        """The headers supabase-js sends: the anon key as apikey, and a bearer (the user's token or the key)."""
        return {"apikey": self.anon_key, "Authorization": f"Bearer {token or self.anon_key}"}


def bind_to_port(settings: Settings, port: int | None = None) -> Settings:
    port = port or free_port()
    url = f"http://127.0.0.1:{port}"
    return replace(settings, api_port=port, api_external_url=url, site_url=url)


@contextmanager
def run_gateway(settings: Settings) -> Iterator[LiveGateway]:
    """Serve `settings` (already bound to a port by bind_to_port) until the block ends."""
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=settings.api_port, log_level="warning",
                            ws="websockets-sansio", lifespan="on", **server_options(settings))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=f"gateway-{settings.api_port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the gateway did not start")
        time.sleep(0.02)
    try:
        yield LiveGateway(url=settings.api_external_url, settings=settings, keys=JwtKeys.from_settings(settings),
                          server=server)
    finally:
        server.should_exit = True
        thread.join(timeout=15)
