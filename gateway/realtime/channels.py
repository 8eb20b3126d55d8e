"""A channel joined on a socket, and the process-wide registry the broker looks subscribers up in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gateway.realtime.audience import Audience, gather
from gateway.realtime.authoriser import Identity
from gateway.realtime.authorization import Policies
from gateway.realtime.frames import Frame, Serializer
from gateway.realtime.states import ChannelState, StateMachine, channel_machine
from gateway.realtime.subscriptions import PostgresSubscription

TOPIC_PREFIX = "realtime:"


def bus_topic(sub_topic: str, private: bool) -> str:
    """Private and public channels of one name are distinct (as Realtime's tenant topics): neither hears the other."""
    return f"{'private' if private else 'public'}:{sub_topic}"


@dataclass(eq=False)
class ChannelSession:
    id: str
    topic: str
    join_ref: str | None
    identity: Identity
    subscriptions: list[PostgresSubscription]
    broadcast_self: bool
    broadcast_ack: bool
    presence_key: str
    presence_enabled: bool
    # The socket's: a frame, or one already encoded by `serializer` (a change shared by many subscribers).
    send: Callable[[Frame | str | bytes], None]
    serializer: Serializer
    private: bool = False
    # Private channels only: what the token may do there, decided by realtime.messages' policies.
    policies: Policies | None = None
    machine: StateMachine[ChannelState] = field(default_factory=channel_machine)
    presence_ref: str | None = None
    # Set by the registry holding the channel: its subscribers are grouped by claims, so a new token regroups them.
    on_new_identity: Callable[[], None] | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name == "identity" and (regroup := self.__dict__.get("on_new_identity")) is not None:
            regroup()

    @property
    def sub_topic(self) -> str:
        return self.topic.removeprefix(TOPIC_PREFIX)

    @property
    def bus_topic(self) -> str:
        return bus_topic(self.sub_topic, self.private)

    def may_read(self, extension: str) -> bool:
        return self.policies is None or self.policies.can_read(extension)

    @property
    def joined(self) -> bool:
        return self.machine.is_(ChannelState.JOINED)

    def push(self, event: str, payload: Any, ref: str | None = None) -> None:
        self.send(Frame(topic=self.topic, event=event, payload=payload, ref=ref, join_ref=self.join_ref))

    def reply(self, ref: str | None, status: str, response: Any) -> None:
        self.push("phx_reply", {"status": status, "response": response}, ref=ref)

    def system(self, extension: str, status: str, message: str) -> None:
        self.push("system", {"extension": extension, "status": status, "message": message, "channel": self.sub_topic})


class ChannelRegistry:
    """Joined channels of this process, by bus topic, and those with postgres_changes subscriptions, grouped per
    kind of change into audiences (rebuilt after a join, a leave or a new token: `version` counts those)."""

    def __init__(self) -> None:
        self._by_topic: dict[str, set[ChannelSession]] = {}
        self._with_changes: set[ChannelSession] = set()
        self._audiences: dict[tuple[str, str, str], Audience] = {}
        self.version = 0

    def add(self, channel: ChannelSession) -> None:
        self._by_topic.setdefault(channel.bus_topic, set()).add(channel)
        if channel.subscriptions:
            self._with_changes.add(channel)
            channel.on_new_identity = self._changed
            self._changed()

    def remove(self, channel: ChannelSession) -> None:
        members = self._by_topic.get(channel.bus_topic)
        if members is not None:
            members.discard(channel)
            if not members:
                del self._by_topic[channel.bus_topic]
        if channel in self._with_changes:
            self._with_changes.discard(channel)
            self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._audiences.clear()

    def audience(self, schema: str, table: str, event: str) -> Audience:
        """The joined channels that want changes of this table and event (INSERT, UPDATE or DELETE), grouped."""
        kind = (schema, table, event)
        audience = self._audiences.get(kind)
        if audience is None:
            audience = self._audiences[kind] = gather(self.change_listeners(), schema, table, event, self.version)
        return audience

    def for_topic(self, topic: str) -> list[ChannelSession]:
        return [c for c in self._by_topic.get(topic, ()) if c.joined]

    def change_listeners(self) -> list[ChannelSession]:
        return [c for c in self._with_changes if c.joined]

    def __len__(self) -> int:
        return sum(len(members) for members in self._by_topic.values())
