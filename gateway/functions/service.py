"""The functions service one gateway process holds: Python handlers run here, Deno functions run by their workers,
and functions relayed to their own process (FUNCTION_URL_<NAME>), each request dispatched to the one its name
names."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from fastapi import Request
from fastapi.responses import Response

from gateway.functions.api import FunctionContext
from gateway.functions.deno.invocation import DenoRuntime, jwt_refusal
from gateway.functions.python_invocation import FunctionHost, Unauthorized, unauthorized_reply, verified_claims
from gateway.functions.registry import LoadedFunction
from gateway.functions.relay import Relay
from gateway.server.client_ip import client_ip

# Time the relay allows on top of the function's own timeout, for the network and the function's reply.
RELAY_GRACE_SECONDS = 5.0
# For a relayed function this gateway has no folder for, so no configured timeout.
RELAY_DEFAULT_TIMEOUT = 60.0


@dataclass
class FunctionsService:
    host: FunctionHost
    relay: Relay
    urls: dict[str, str]
    deno: DenoRuntime
    reloading: asyncio.Task[None] | None = None

    def load(self, functions: dict[str, LoadedFunction], build: Callable[[LoadedFunction], FunctionContext]) -> None:
        # Both at once: a request in between finds a function and its context from the same load.
        self.host.functions, self.host.contexts = functions, {slug: build(fn) for slug, fn in functions.items()}

    async def dispatch(self, request: Request, slug: str, subpath: str) -> Response:
        function = self.host.functions.get(slug)
        url = self.urls.get(slug)
        if url is None:
            if function is not None:
                return await self.host.serve(request, function, subpath)
            deno_function = self.deno.functions.get(slug)
            if deno_function is not None:
                return await self.deno.serve(request, deno_function, subpath)
            # Supabase's main worker's answer, word for word.
            return Response("Function not found", 404, media_type="text/plain")
        if request.method == "OPTIONS":
            return Response("ok", media_type="text/plain")
        if function is not None:
            try:
                verified_claims(self.host.keys, request.headers, required=function.config.verify_jwt)
            except Unauthorized as exc:
                return unauthorized_reply(str(exc), uuid.uuid4().hex)
        deno_function = self.deno.functions.get(slug)
        if deno_function is not None and deno_function.verify_jwt:
            refusal = jwt_refusal(self.host.keys, request.headers)
            if refusal is not None:
                return refusal
        timeout = function.config.timeout_seconds + RELAY_GRACE_SECONDS if function else RELAY_DEFAULT_TIMEOUT
        return await self.relay.forward(request, slug, url, subpath,
                                        client_ip=client_ip(request, self.host.trusted_proxy_header), timeout=timeout)
