"""Who hears one kind of change (a table and an event): the joined channels subscribed to it, grouped by what
decides their frame, so that delivering a change costs per group of alike subscribers, not per subscriber.

An audience is built when a change of its kind first comes after the registry changed (a join, a leave, a new
token), and reused until the next change of the registry."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from gateway.realtime.change_access import Identity
from gateway.realtime.channels import ChannelSession
from gateway.realtime.filters import RowFilter
from gateway.realtime.frames import Frame, RawJson, Serializer

# A change of a table and an event: (schema, table, INSERT | UPDATE | DELETE).
Kind = tuple[str, str, str]


@dataclass
class Outlet:
    """Channels whose frames for a change are the same text: one topic, join ref and serializer version."""
    topic: str
    join_ref: str | None
    serializer: Serializer
    channels: list[ChannelSession] = field(default_factory=list)
    sends: list[Callable[[str | bytes], None]] = field(default_factory=list)

    def encode(self, payload: RawJson) -> str | bytes:
        return self.serializer.encode(Frame(self.topic, "postgres_changes", payload, join_ref=self.join_ref))


@dataclass
class Group:
    """Channels of one claims set with the same subscriptions to this kind: unfiltered ones by id, filtered ones
    by id and filter. They are sent the same payload."""
    claims_key: str
    unfiltered: tuple[int, ...]
    filtered: tuple[tuple[int, RowFilter], ...]
    outlets: dict[tuple[str, str | None, str], Outlet] = field(default_factory=dict)

    def channels(self) -> list[ChannelSession]:
        return [channel for outlet in self.outlets.values() for channel in outlet.channels]

    def ids(self, passed: frozenset[RowFilter]) -> tuple[int, ...]:
        """The subscription ids a change is sent with, given the filters its row passed for this claims set."""
        if not self.filtered:
            return self.unfiltered
        return tuple(sorted({*self.unfiltered, *(i for i, row_filter in self.filtered if row_filter in passed)}))


@dataclass
class Audience:
    """Its groups, and per claims set the identity to check with and the filters PostgreSQL must evaluate."""
    version: int
    groups: list[Group]
    asks: dict[str, tuple[Identity, set[RowFilter]]]


def gather(channels: Iterable[ChannelSession], schema: str, table: str, event: str, version: int) -> Audience:
    groups: dict[tuple[str, tuple[int, ...], tuple[tuple[int, RowFilter], ...]], Group] = {}
    asks: dict[str, tuple[Identity, set[RowFilter]]] = {}
    for channel in channels:
        subscriptions = [s for s in channel.subscriptions if s.wants(schema, table, event)]
        if not subscriptions:
            continue
        unfiltered = tuple(sorted({s.id for s in subscriptions if s.row_filter is None}))
        filtered = tuple(sorted({(s.id, s.row_filter) for s in subscriptions if s.row_filter is not None},
                                key=lambda pair: (pair[0], pair[1].text)))
        identity = channel.identity
        key = (identity.claims_key, unfiltered, filtered)
        group = groups.get(key)
        if group is None:
            group = groups[key] = Group(identity.claims_key, unfiltered, filtered)
        serializer = channel.serializer
        outlet_key = (channel.topic, channel.join_ref, serializer.version)
        outlet = group.outlets.get(outlet_key)
        if outlet is None:
            outlet = group.outlets[outlet_key] = Outlet(channel.topic, channel.join_ref, serializer)
        outlet.channels.append(channel)
        outlet.sends.append(channel.send)
        asks.setdefault(identity.claims_key, (identity, set()))[1].update(f for _, f in filtered)
    return Audience(version, list(groups.values()), asks)
