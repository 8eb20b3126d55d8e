"""A small Phoenix client over the `websockets` package, speaking vsn 2.0.0 arrays (or 1.0.0 objects)."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import websockets


class PhoenixClient:
    def __init__(self, ws, vsn: str) -> None:
        self.ws = ws
        self.vsn = vsn
        self.refs = itertools.count(1)
        self.received: list[dict[str, Any]] = []

    @classmethod
    async def connect(cls, base_url: str, apikey: str, vsn: str = "2.0.0") -> PhoenixClient:
        url = base_url.replace("http://", "ws://") + "/realtime/v1/websocket?" + urlencode({"apikey": apikey, "vsn": vsn})
        return cls(await websockets.connect(url, max_size=None), vsn)

    async def close(self) -> None:
        await self.ws.close()

    async def send(self, topic: str, event: str, payload: Any, join_ref: str | None = None,
                   joining: bool = False) -> str:
        ref = str(next(self.refs))
        if joining:
            join_ref = ref
        if self.vsn == "2.0.0":
            await self.ws.send(json.dumps([join_ref, ref, topic, event, payload]))
        else:
            await self.ws.send(json.dumps({"topic": topic, "event": event, "payload": payload, "ref": ref,
                                           "join_ref": join_ref}))
        return ref

    def _parse(self, raw: str | bytes) -> dict[str, Any]:
        if isinstance(raw, bytes):
            return {"binary": raw}
        data = json.loads(raw)
        if self.vsn == "2.0.0":
            join_ref, ref, topic, event, payload = data
            return {"join_ref": join_ref, "ref": ref, "topic": topic, "event": event, "payload": payload}
        return data

    async def expect(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        for index, message in enumerate(self.received):
            if predicate(message):
                return self.received.pop(index)
        async with asyncio.timeout(timeout):
            while True:
                message = self._parse(await self.ws.recv())
                if predicate(message):
                    return message
                self.received.append(message)

    async def expect_event(self, event: str, topic: str | None = None, timeout: float = 5.0) -> dict[str, Any]:
        return await self.expect(lambda m: m.get("event") == event and (topic is None or m.get("topic") == topic),
                                 timeout)

    async def nothing(self, predicate: Callable[[dict[str, Any]], bool], wait: float = 1.0) -> bool:
        """True when no matching frame arrives within `wait` seconds."""
        try:
            await self.expect(predicate, timeout=wait)
        except TimeoutError:
            return True
        return False

    async def join(self, topic: str, config: dict[str, Any], access_token: str | None = None) -> dict[str, Any]:
        payload: dict[str, Any] = {"config": config}
        if access_token:
            payload["access_token"] = access_token
        ref = await self.send(topic, "phx_join", payload, joining=True)
        return await self.expect(lambda m: m.get("event") == "phx_reply" and m.get("ref") == ref)
