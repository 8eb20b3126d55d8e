"""One websocket: frames in, the channel protocol (join, leave, tokens, broadcast, presence), frames out."""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
import uuid
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

from gateway.database.health import connection_lost
from gateway.realtime.broker import DATABASE_UNREACHABLE
from gateway.realtime.change_access import Identity, TokenRefused, identify
from gateway.realtime.channel_access import BROADCAST, PRESENCE, Policies, unauthorized_read
from gateway.realtime.channels import TOPIC_PREFIX, ChannelSession
from gateway.realtime.frames import NUL_REASON, Frame, FrameError, Serializer, contains_nul
from gateway.realtime.limits import RateWindow, payload_size
from gateway.realtime.states import ChannelState, ConnectionState, connection_machine
from gateway.realtime.subscriptions import SubscriptionError, check_filters, parse_subscriptions
from gateway.server.request_limits import max_frame_bytes

if TYPE_CHECKING:
    from gateway.realtime.service import RealtimeService

log = logging.getLogger("gateway.realtime")

# Frames queued for a socket that does not read them; past this the client is too slow and is disconnected.
MAX_QUEUED_FRAMES = 10_000
CLOSE_NORMAL = 1000
CLOSE_INVALID_DATA = 1007
CLOSE_TOO_BIG = 1009
CLOSE_TRY_AGAIN = 1013
_channel_ids = itertools.count(1)


class Connection:
    def __init__(self, websocket: WebSocket, serializer: Serializer, service: RealtimeService,
                 identity: Identity) -> None:
        self.ws = websocket
        self.serializer = serializer
        self.service = service
        self.identity = identity
        self.limits = service.limits
        self.machine = connection_machine()
        self.channels: dict[str, ChannelSession] = {}
        self.joins = RateWindow(self.limits.max_joins_per_second, self.limits.rates_enabled)
        self.events = RateWindow(self.limits.max_events_per_second, self.limits.rates_enabled)
        self.outgoing: asyncio.Queue[Frame | str | bytes] = asyncio.Queue(maxsize=MAX_QUEUED_FRAMES)
        self.last_seen = time.monotonic()
        self._done = asyncio.Event()

    async def run(self) -> None:
        await self.ws.accept()
        self.machine.to(ConnectionState.OPEN)
        tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._write()),
                 asyncio.create_task(self._watch())]
        try:
            await self._done.wait()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for channel in list(self.channels.values()):
                await self._drop(channel)
            if not self.machine.is_(ConnectionState.CLOSED):
                self.machine.to(ConnectionState.CLOSED)

    def send(self, frame: Frame | str | bytes) -> None:
        """A frame, or one already encoded by this socket's serializer."""
        if not self.machine.is_(ConnectionState.OPEN):
            return
        try:
            self.outgoing.put_nowait(frame)
        except asyncio.QueueFull:
            log.warning("realtime.slow_consumer queued=%d", self.outgoing.qsize())
            asyncio.get_running_loop().create_task(self.close(CLOSE_TRY_AGAIN, "too many unread messages"))

    async def close(self, code: int, reason: str) -> None:
        if not self.machine.is_(ConnectionState.OPEN):
            return
        self.machine.to(ConnectionState.CLOSING)
        try:
            await self.ws.close(code=code, reason=reason)
        except Exception:
            pass
        self._done.set()

    async def _read(self) -> None:
        max_frame = max_frame_bytes(self.limits.max_payload_bytes)
        try:
            while self.machine.is_(ConnectionState.OPEN):
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                data = message.get("text")
                if data is None:
                    data = message.get("bytes") or b""
                self.last_seen = time.monotonic()
                if len(data) > max_frame:
                    await self.close(CLOSE_TOO_BIG, "message too big")
                    break
                try:
                    frame = self.serializer.decode(data)
                except FrameError as exc:
                    await self.close(CLOSE_INVALID_DATA, str(exc))
                    break
                try:
                    await self._handle(frame)
                except Exception as exc:
                    if not connection_lost(exc):
                        raise
                    self.send(Frame(frame.topic, "phx_reply",
                                    {"status": "error", "response": {"reason": DATABASE_UNREACHABLE}},
                                    frame.ref, frame.join_ref))
        except Exception:
            log.exception("realtime.socket_failed")
        finally:
            self._done.set()

    async def _write(self) -> None:
        while True:
            frame = await self.outgoing.get()
            encoded = self.serializer.encode(frame) if isinstance(frame, Frame) else frame
            if isinstance(encoded, bytes):
                await self.ws.send_bytes(encoded)
            else:
                await self.ws.send_text(encoded)

    async def _watch(self) -> None:
        tick = min(1.0, self.limits.heartbeat_timeout / 4)
        while self.machine.is_(ConnectionState.OPEN):
            await asyncio.sleep(tick)
            if time.monotonic() - self.last_seen > self.limits.heartbeat_timeout:
                log.info("realtime.heartbeat_timeout")
                await self.close(CLOSE_NORMAL, "heartbeat timeout")
                return
            now = time.time()
            for channel in list(self.channels.values()):
                expires_at = channel.identity.expires_at
                if expires_at is not None and channel.identity.expired(now):
                    await self._shutdown(channel, f"Token has expired {int(now - expires_at)} seconds ago")

    async def _handle(self, frame: Frame) -> None:
        if contains_nul(frame.topic, frame.event, frame.payload):
            self.send(Frame(frame.topic, "phx_reply", {"status": "error", "response": {"reason": NUL_REASON}},
                            frame.ref, frame.join_ref))
            return
        if frame.topic == "phoenix":
            if frame.event == "heartbeat":
                self.send(Frame("phoenix", "phx_reply", {"status": "ok", "response": {}}, frame.ref))
            return
        if frame.event == "phx_join":
            await self._join(frame)
            return
        channel = self.channels.get(frame.topic)
        if channel is None or (frame.join_ref is not None and frame.join_ref != channel.join_ref):
            self.send(Frame(frame.topic, "phx_reply", {"status": "error", "response": {"reason": "unmatched topic"}},
                            frame.ref, frame.join_ref))
            return
        if not self.events.hit():
            await self._shutdown(channel, "Too many messages per second")
            return
        payload = _object(frame.payload)
        if frame.event == "phx_leave":
            channel.reply(frame.ref, "ok", {})
            await self._leave(channel)
        elif frame.event == "access_token":
            await self._refresh_token(channel, payload.get("access_token"))
        elif frame.event == "broadcast":
            await self._broadcast(channel, frame.ref, payload)
        elif frame.event == "presence":
            await self._presence(channel, frame.ref, payload)

    def _join_error(self, frame: Frame, reason: str) -> None:
        self.send(Frame(frame.topic, "phx_reply", {"status": "error", "response": {"reason": reason}},
                        frame.ref, frame.join_ref))

    async def _join(self, frame: Frame) -> None:
        payload = _object(frame.payload)
        config = _object(payload.get("config"))
        if not frame.topic.startswith(TOPIC_PREFIX) or frame.topic == TOPIC_PREFIX:
            return self._join_error(frame, "You must provide a topic name")
        previous = self.channels.get(frame.topic)
        if previous is not None:
            # A second join of a topic replaces the first, as in Phoenix.
            previous.push("phx_close", {})
            await self._drop(previous)
        if not self.joins.hit():
            return self._join_error(frame, "Too many joins per second")
        if len(self.channels) >= self.limits.max_channels:
            return self._join_error(frame, "Too many channels")
        if not self.service.database_reachable:
            # The client joins again after a while (its rejoin timer), as with Realtime.
            return self._join_error(frame, DATABASE_UNREACHABLE)
        try:
            token = payload.get("access_token") or payload.get("user_token") or self.identity.token
            identity = identify(self.service.keys, token)
            subscriptions = parse_subscriptions(config.get("postgres_changes"))
            await check_filters(subscriptions, self.service.catalog, self.service.pool)
        except (TokenRefused, SubscriptionError) as exc:
            return self._join_error(frame, str(exc))
        broadcast = _object(config.get("broadcast"))
        presence = _object(config.get("presence"))
        channel = ChannelSession(
            id=f"{self.service.node_id}:{next(_channel_ids)}", topic=frame.topic, join_ref=frame.join_ref or frame.ref,
            identity=identity, subscriptions=subscriptions, broadcast_self=bool(broadcast.get("self")),
            broadcast_ack=bool(broadcast.get("ack")), presence_key=str(presence.get("key") or uuid.uuid4()),
            presence_enabled=presence.get("enabled", True) is not False, send=self.send,
            serializer=self.serializer, private=config.get("private") is True)
        if channel.private:
            read = await self._read_policies(channel, identity)
            if not any(read.values()):
                return self._join_error(frame, unauthorized_read(channel.sub_topic))
            channel.policies = Policies(read=read)
        self.channels[frame.topic] = channel
        channel.reply(frame.ref, "ok", {"postgres_changes": [s.reply() for s in subscriptions]})
        channel.machine.to(ChannelState.JOINED)
        # Joined before registered: the registry's audiences hold the channels joined when they were built.
        self.service.registry.add(channel)
        if subscriptions:
            channel.system("postgres_changes", "ok", "Subscribed to PostgreSQL")
        if channel.presence_enabled and channel.may_read(PRESENCE):
            channel.push("presence_state", await self.service.presence.state(channel.bus_topic))

    async def _leave(self, channel: ChannelSession) -> None:
        channel.push("phx_close", {})
        await self._drop(channel)

    async def _shutdown(self, channel: ChannelSession, message: str) -> None:
        channel.system("system", "error", message)
        await self._leave(channel)

    async def _drop(self, channel: ChannelSession) -> None:
        if self.channels.get(channel.topic) is channel:
            del self.channels[channel.topic]
        self.service.registry.remove(channel)
        if not channel.machine.is_(ChannelState.CLOSED):
            channel.machine.to(ChannelState.CLOSED)
        try:
            await self.service.presence.untrack(channel.bus_topic, channel.presence_ref)
        except Exception as exc:
            if not connection_lost(exc):  # while the database is away, its node's presences are cleared later
                log.exception("realtime.untrack_failed")

    async def _refresh_token(self, channel: ChannelSession, token: Any) -> None:
        if not isinstance(token, str) or token == channel.identity.token:
            return
        try:
            identity = identify(self.service.keys, token)
        except TokenRefused as exc:
            await self._shutdown(channel, str(exc))
            return
        if channel.policies is not None:
            # The new token's rights replace the old; losing the right to read ends the channel, as in Realtime.
            policies = Policies(read=await self._read_policies(channel, identity))
            if channel.policies.read_revoked_by(policies):
                channel.identity = identity
                await self._shutdown(channel, "You no longer have permission to read from this Channel topic: "
                                     + channel.sub_topic)
                return
            channel.policies = policies
        channel.identity = identity

    async def _read_policies(self, channel: ChannelSession, identity: Identity) -> dict[str, bool]:
        extensions = [BROADCAST, PRESENCE] if channel.presence_enabled else [BROADCAST]
        return await self.service.channel_auth.read(identity.role, identity.claims, channel.sub_topic, extensions)

    async def _may_write(self, channel: ChannelSession, extension: str) -> bool:
        """Public channels: anyone joined. Private: the INSERT policy, checked once per token (as Realtime caches)."""
        policies = channel.policies
        if policies is None:
            return True
        if extension not in policies.write:
            identity = channel.identity
            policies.write.update(await self.service.channel_auth.write(
                identity.role, identity.claims, channel.sub_topic, [extension]))
        return policies.write[extension]

    def _too_big(self, channel: ChannelSession, ref: str | None, value: Any) -> bool:
        if payload_size(value) <= self.limits.max_payload_bytes:
            return False
        channel.reply(ref, "error", {"reason": f"Payload too large: the limit is {self.limits.max_payload_bytes} bytes"})
        return True

    async def _broadcast(self, channel: ChannelSession, ref: str | None, payload: dict[str, Any]) -> None:
        event = payload.get("event")
        if not isinstance(event, str) or self._too_big(channel, ref, payload.get("payload")):
            return
        if not await self._may_write(channel, BROADCAST):
            return  # Realtime drops it without a reply, even when acks were asked for
        await self.service.bus.broadcast(channel.bus_topic, event, payload.get("payload"), sender=channel.id)
        if channel.broadcast_ack:
            channel.reply(ref, "ok", {})

    async def _presence(self, channel: ChannelSession, ref: str | None, payload: dict[str, Any]) -> None:
        event = payload.get("event")
        if event == "track":
            meta = _object(payload.get("payload"))
            if self._too_big(channel, ref, meta):
                return
            if not await self._may_track(channel):
                channel.reply(ref, "error", {})
                return
            channel.presence_ref = await self.service.presence.track(
                channel.bus_topic, channel.presence_key, meta, channel.presence_ref)
        elif event == "untrack":
            await self.service.presence.untrack(channel.bus_topic, channel.presence_ref)
            channel.presence_ref = None
        else:
            channel.reply(ref, "error", {"reason": "presence event must be track or untrack"})
            return
        channel.reply(ref, "ok", {})

    async def _may_track(self, channel: ChannelSession) -> bool:
        policies = channel.policies
        if policies is not None and PRESENCE not in policies.read:
            # Presence was off at join, so its read right was not asked then; Realtime asks before the first track.
            identity = channel.identity
            policies.read.update(await self.service.channel_auth.read(
                identity.role, identity.claims, channel.sub_topic, [PRESENCE]))
        return await self._may_write(channel, PRESENCE)


def _object(value: Any) -> dict[str, Any]:
    """A JSON object from the client, or an empty one for anything else it sent there."""
    return value if isinstance(value, dict) else {}
