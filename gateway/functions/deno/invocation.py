"""`/functions/v1/<name>` for a Deno function, as Supabase's main worker serves it: the JWT check, a worker, the
request handed on unchanged (path `/<name>/...`), each failure in the edge runtime's shape and status."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from dataclasses import dataclass

import httpx
from fastapi import Request, WebSocket
from fastapi.responses import Response

from gateway.functions.deno.discovery import DenoFunction, discover
from gateway.functions.deno.environment import function_env
from gateway.functions.deno.supervisor import NoWorkerFree, Supervisor
from gateway.functions.deno.websocket import UNAVAILABLE, relay_websocket
from gateway.functions.deno.worker import BootError, DenoWorker, Launch, WorkerLimits
from gateway.functions.http import json_reply
from gateway.functions.relay import RelayedResponse, open_upstream, relay_client
from gateway.jwt_keys import InvalidToken, JwtKeys
from gateway.server.client_ip import client_ip
from gateway.server.request_log import current_request_id
from gateway.settings import Settings

log = logging.getLogger("gateway.functions.deno")

REQUEST_ID_HEADER = "x-request-id"
# supabase/cli's main worker: these codes, statuses and messages are what supabase-js shows.
BOOT_ERROR = (503, "BOOT_ERROR", "Worker failed to boot (please check logs)")
WORKER_ERROR = (500, "WORKER_ERROR", "Function exited due to an error (please check logs)")
WORKER_LIMIT = (546, "WORKER_LIMIT", "Worker failed to respond due to a resource limit (please check logs)")
POLICY_VIOLATION = 1008
# How long a worker that dropped a request gets to finish dying, so an out-of-memory death is told apart.
DEATH_SECONDS = 2.0


def edge_error(error: tuple[int, str, str], request_id: str) -> Response:
    status, code, message = error
    return json_reply({"code": code, "message": message}, status, {REQUEST_ID_HEADER: request_id})


def jwt_refusal(keys: JwtKeys, headers: Mapping[str, str]) -> Response | None:
    """The main worker's check of `verify_jwt`: a Bearer token signed by the project, in its words."""
    header = headers.get("authorization")
    if not header:
        return json_reply({"msg": "Error: Missing authorization header"}, 401)
    scheme, _, token = header.partition(" ")
    if scheme != "Bearer":
        return json_reply({"msg": "Error: Auth header is not 'Bearer {token}'"}, 401)
    try:
        keys.verify(token)
    except InvalidToken:
        return json_reply({"msg": "Invalid JWT"}, 401)
    return None


@dataclass
class DenoRuntime:
    functions: dict[str, DenoFunction]
    supervisor: Supervisor
    client: httpx.AsyncClient
    keys: JwtKeys
    trusted_proxy_header: str | None

    async def close(self) -> None:
        await self.supervisor.close()
        await self.client.aclose()

    async def serve(self, request: Request, function: DenoFunction, subpath: str) -> Response:
        if request.method != "OPTIONS" and function.verify_jwt:
            refusal = jwt_refusal(self.keys, request.headers)
            if refusal is not None:
                return refusal
        request_id = current_request_id.get() or uuid.uuid4().hex
        try:
            worker = await self.supervisor.acquire(function)
        except BootError as exc:
            log.error("function %s failed to boot request_id=%s:\n%s", function.slug, request_id, exc)
            return edge_error(BOOT_ERROR, request_id)
        except NoWorkerFree:
            log.warning("function %s: all %s workers busy request_id=%s", function.slug,
                        self.supervisor.launch.limits.max_workers, request_id)
            return edge_error(WORKER_LIMIT, request_id)
        try:
            answer = await self._hand_on(request, function, subpath, worker, request_id)
        except BaseException:
            self.supervisor.release(worker)
            raise
        if isinstance(answer, httpx.Response):
            # Busy until the answer's last byte: a streaming worker is not the one to make room with.
            return RelayedResponse(answer, on_close=lambda: self.supervisor.release(worker))
        self.supervisor.release(worker)
        return answer

    async def serve_websocket(self, websocket: WebSocket, function: DenoFunction, subpath: str) -> None:
        if function.verify_jwt and jwt_refusal(self.keys, websocket.headers) is not None:
            await websocket.close(code=POLICY_VIOLATION)
            return
        query = f"?{websocket.url.query}" if websocket.url.query else ""
        try:
            async with self.supervisor.worker(function) as worker:
                await relay_websocket(websocket, f"ws://127.0.0.1:{worker.port}/{function.slug}{subpath}{query}",
                                      {REQUEST_ID_HEADER: uuid.uuid4().hex})
        except (BootError, NoWorkerFree) as exc:
            log.warning("function %s: no worker for a WebSocket: %s", function.slug, exc)
            await websocket.close(code=UNAVAILABLE)

    async def _hand_on(self, request: Request, function: DenoFunction, subpath: str, worker: DenoWorker,
                       request_id: str) -> httpx.Response | Response:
        """The worker's answer, its body unread, or the edge runtime's error in its place."""
        limit = self.supervisor.launch.limits.wall_clock_seconds
        try:
            upstream = await open_upstream(
                self.client, request, f"http://127.0.0.1:{worker.port}/{function.slug}{subpath}",
                client_ip=client_ip(request, self.trusted_proxy_header), timeout=limit,
                extra_headers={REQUEST_ID_HEADER: request_id})
        except TimeoutError:
            # A worker past its wall clock may be stuck in a loop that no new request would get through; the
            # requests it already serves end on their own, each within its own limit.
            log.warning("function %s exceeded its wall clock limit of %ss request_id=%s; its worker is retired",
                        function.slug, limit, request_id)
            await self.supervisor.retire(worker)
            return edge_error(WORKER_LIMIT, request_id)
        except httpx.HTTPError as exc:
            died = await worker.exited(DEATH_SECONDS)
            log.warning("function %s dropped the request (%s%s) request_id=%s", function.slug, type(exc).__name__,
                        ", out of memory" if worker.out_of_memory else "", request_id)
            if died:
                await self.supervisor.retire(worker)
            return edge_error(WORKER_LIMIT if worker.out_of_memory else WORKER_ERROR, request_id)
        return upstream


def launch_for(settings: Settings) -> Launch:
    """How this project's workers start: the wheel's Deno, the functions' env, the limits in `settings`."""
    from deno import find_deno_bin

    deno_dir = settings.data_dir / "deno"
    return Launch(
        deno=find_deno_bin(),
        env=function_env(settings, deno_dir),
        limits=WorkerLimits(memory_mb=settings.functions_memory_mb,
                            wall_clock_seconds=settings.functions_wall_clock_seconds,
                            max_workers=settings.functions_max_workers),
        deno_dir=deno_dir,
    )


def project_functions(settings: Settings) -> dict[str, DenoFunction]:
    return discover(settings.functions_dir, settings.project.config, settings.project.root / "supabase",
                    verify_jwt=settings.functions_verify_jwt)


def deno_runtime(settings: Settings, keys: JwtKeys) -> DenoRuntime:
    """The project's Deno functions, none started yet: each starts on its first request."""
    return DenoRuntime(functions=project_functions(settings), supervisor=Supervisor(launch_for(settings)),
                       client=relay_client(), keys=keys, trusted_proxy_header=settings.trusted_proxy_header)
