"""A channel joined on a socket."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gateway.realtime.change_access import Identity
from gateway.realtime.channel_access import Policies
from gateway.realtime.frames import Frame, Serializer
from gateway.realtime.states import ChannelState, StateMachine, channel_machine
from gateway.realtime.subscriptions import PostgresSubscription

TOPIC_PREFIX = "realtime:"


def bus_topic(sub_topic: str, private: bool) -> str:
    """Private and public channels of one name are distinct (as Realtime's tenant topics): neither hears the other.
    realtime.broadcast_message (SQL) names the topics of messages from the database the same way."""
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
