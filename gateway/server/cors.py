"""CORS for every response of the gateway: any origin, the headers supabase-js sends, the ones it reads. Except
under `own_origin_only` (the studio, the development mailbox): no CORS header at all there, preflights included, so
that no other site's page can read them.

Starlette's middleware answers the preflights. Every other response gets the headers Starlette's would add, but as
raw pairs computed once: Starlette's builds header objects around the request's and the response's headers for
each response, which cost a one-row read more than the rest of the edge it passes (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

ORIGIN = b"origin"
PREFLIGHT_METHOD = b"access-control-request-method"
VARY = b"vary"


class Cors(CORSMiddleware):
    def __init__(self, app: ASGIApp, *, allow_methods: Collection[str], expose_headers: Collection[str],
                 max_age: int, own_origin_only: tuple[str, ...] = ()) -> None:
        super().__init__(app, allow_origins=["*"], allow_methods=allow_methods, allow_headers=["*"],
                         expose_headers=expose_headers, max_age=max_age)
        # Starlette sets these on a response to a request with an Origin, replacing any the app set.
        self.origin_headers = [(name.lower().encode("latin-1"), value.encode("latin-1"))
                               for name, value in self.simple_headers.items()]
        self.replaced = frozenset(name for name, _ in self.origin_headers)
        self.own_origin_only = own_origin_only

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(self.own_origin_only):
            await self.app(scope, receive, send)
            return
        names = {name for name, _ in scope["headers"]}
        has_origin = ORIGIN in names
        if has_origin and scope["method"] == "OPTIONS" and PREFLIGHT_METHOD in names:
            await super().__call__(scope, receive, send)
            return

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = self.with_cors(message.get("headers", ()), has_origin)
            await send(message)

        await self.app(scope, receive, send_with_cors)

    def with_cors(self, headers: Iterable[tuple[bytes, bytes]], has_origin: bool) -> list[tuple[bytes, bytes]]:
        """A response's headers as Starlette's simple response leaves them: with an Origin the CORS headers set,
        and always `Vary` with Origin added."""
        replaced = self.replaced if has_origin else ()
        kept: list[tuple[bytes, bytes]] = []
        vary: list[bytes] = []
        for name, value in headers:
            if name == VARY:
                vary.append(value)
            elif name not in replaced:
                kept.append((name, value))
        if has_origin:
            kept += self.origin_headers
        vary.append(b"Origin")
        kept.append((VARY, b", ".join(vary)))
        return kept
