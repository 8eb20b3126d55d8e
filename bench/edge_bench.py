"""The gateway's edge (CORS, the client's address, the body limit: what every request passes before its service),
in microseconds per request, in one process with no network: the part of a request that runs in the edge alone.

Each request goes through the edge to an endpoint that answers at once, for a read, a browser's read (with an
Origin) and a small insert, next to the same edge with Starlette's CORS middleware in place of gateway.server.cors.

Run: .venv/bin/python bench/edge_bench.py [--requests N]
Prints figures, asserts nothing. Compare figures taken in one run: these machines are noisy.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gateway.app import CORS_METHODS as METHODS  # noqa: E402
from gateway.app import EXPOSED_HEADERS
from gateway.server.client_ip import ForwardedFor  # noqa: E402
from gateway.server.cors import Cors  # noqa: E402
from gateway.server.request_limits import BodyLimit  # noqa: E402

# What supabase-js sends with a signed-in user's request: the key, the token, the object media type.
HEADERS = [(b"host", b"127.0.0.1:54321"), (b"apikey", b"k" * 200), (b"authorization", b"Bearer " + b"t" * 300),
           (b"accept", b"application/vnd.pgrst.object+json"), (b"x-client-info", b"supabase-js/2")]
REQUESTS = {
    "read": ("GET", []),
    "read from a page": ("GET", [(b"origin", b"http://localhost:5173")]),
    "insert": ("POST", [(b"content-type", b"application/json"), (b"content-length", b"11")]),
}


async def endpoint(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["method"] == "POST":
        await receive()
    await send({"type": "http.response.start", "status": 201, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b""})


def edge(cors: str) -> ASGIApp:
    inner = ForwardedFor(BodyLimit(endpoint, max_bytes=1 << 20, exempt_prefix="/storage/v1/"), trusted_header=None)
    if cors == "gateway.server.cors":
        return Cors(inner, allow_methods=METHODS, expose_headers=EXPOSED_HEADERS, max_age=86400)
    return CORSMiddleware(inner, allow_origins=["*"], allow_methods=METHODS, allow_headers=["*"],
                          expose_headers=EXPOSED_HEADERS, max_age=86400)


async def per_request(app: ASGIApp, method: str, extra: list[tuple[bytes, bytes]], requests: int) -> float:
    async def receive() -> Message:
        return {"type": "http.request", "body": b'{"title":1}', "more_body": False}

    async def send(message: Message) -> None:
        pass

    started = time.perf_counter()
    for _ in range(requests):
        scope = {"type": "http", "method": method, "path": "/rest/v1/items", "headers": HEADERS + extra,
                 "client": ("127.0.0.1", 50000)}
        await app(scope, receive, send)
    return (time.perf_counter() - started) / requests * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"µs per request, median of {args.rounds} rounds of {args.requests:,} (min–max)")
    for kind, (method, extra) in REQUESTS.items():
        for cors in ("gateway.server.cors", "starlette"):
            app = edge(cors)
            times = [asyncio.run(per_request(app, method, extra, args.requests)) for _ in range(args.rounds)]
            print(f"  {kind:18s} {cors:13s} {statistics.median(times):6.2f}  ({min(times):.2f}–{max(times):.2f})")


if __name__ == "__main__":
    main()
