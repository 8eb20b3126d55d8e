"""Explicit state machines for a socket and for each channel joined on it (as Starlette's WebSocketState)."""

from __future__ import annotations

import enum
from typing import Generic, TypeVar


class ConnectionState(enum.Enum):
    CONNECTING = "connecting"
    OPEN = "open"
    CLOSING = "closing"
    CLOSED = "closed"


class ChannelState(enum.Enum):
    JOINING = "joining"
    JOINED = "joined"
    LEAVING = "leaving"
    CLOSED = "closed"


CONNECTION_TRANSITIONS = {
    ConnectionState.CONNECTING: {ConnectionState.OPEN, ConnectionState.CLOSED},
    ConnectionState.OPEN: {ConnectionState.CLOSING, ConnectionState.CLOSED},
    ConnectionState.CLOSING: {ConnectionState.CLOSED},
    ConnectionState.CLOSED: set(),
}

CHANNEL_TRANSITIONS = {
    ChannelState.JOINING: {ChannelState.JOINED, ChannelState.CLOSED},
    ChannelState.JOINED: {ChannelState.LEAVING, ChannelState.CLOSED},
    ChannelState.LEAVING: {ChannelState.CLOSED},
    ChannelState.CLOSED: set(),
}

S = TypeVar("S", bound=enum.Enum)


class InvalidTransition(Exception):
    pass


class StateMachine(Generic[S]):
    def __init__(self, initial: S, transitions: dict[S, set[S]]) -> None:
        self._state = initial
        self._transitions = transitions

    @property
    def state(self) -> S:
        return self._state

    def is_(self, *states: S) -> bool:
        return self._state in states

    def to(self, new: S) -> None:
        if new not in self._transitions[self._state]:
            raise InvalidTransition(f"{self._state.value} -> {new.value}")
        self._state = new


def connection_machine() -> StateMachine[ConnectionState]:
    return StateMachine(ConnectionState.CONNECTING, CONNECTION_TRANSITIONS)


def channel_machine() -> StateMachine[ChannelState]:
    return StateMachine(ChannelState.JOINING, CHANNEL_TRANSITIONS)
