"""Pure parts: filter parsing and matching, and the vsn 2.0.0 binary broadcast frames."""

from __future__ import annotations

import struct

import pytest

from gateway.realtime.filters import FilterError, parse_filter
from gateway.realtime.frames import ArraySerializer, Frame, FrameError

ROW = {"priority": "high", "hours": 7.5, "done": False, "title": "a,b", "owner": None}


@pytest.mark.parametrize(("text", "expected"), [
    ("priority=eq.high", True),
    ("priority=neq.high", False),
    ("hours=gt.7", True),
    ("hours=lt.7", False),
    ("hours=gte.7.5", True),
    ("hours=lte.7.4", False),
    ("priority=in.(low,high)", True),
    ('title=eq."a,b"', True),
    ("priority=not.in.(low,high)", False),
    ("done=eq.false", True),
    ("owner=eq.x", False),
    ("owner=neq.x", False),
    ("priority=eq.high,hours=gt.8", False),
    ("missing=eq.1", False),
])
def test_filter_matches_as_sql_would(text, expected):
    assert all(c.matches(ROW) for c in parse_filter(text)) is expected


@pytest.mark.parametrize("text", ["priority", "priority=like.high", "priority=in.low", "=eq.1",
                                  "id=in.(" + ",".join(str(i) for i in range(101)) + ")"])
def test_bad_filters_are_refused(text):
    with pytest.raises(FilterError):
        parse_filter(text)


def test_binary_broadcast_push_decodes_and_broadcast_encodes():
    join_ref, ref, topic, event, body = b"1", b"2", b"realtime:room", b"move", b'{"x":1}'
    raw = struct.pack("!7B", 3, len(join_ref), len(ref), len(topic), len(event), 0, 1) \
        + join_ref + ref + topic + event + body
    frame = ArraySerializer().decode(raw)
    assert frame == Frame(topic="realtime:room", event="broadcast", ref="2", join_ref="1",
                          payload={"type": "broadcast", "event": "move", "payload": {"x": 1}})
    encoded = ArraySerializer().encode(Frame("realtime:room", "broadcast", frame.payload))
    assert encoded[:5] == bytes([4, len(topic), len(event), 0, 1]) and encoded.endswith(body)


def test_unknown_binary_kinds_and_short_arrays_are_refused():
    with pytest.raises(FrameError):
        ArraySerializer().decode(bytes([9, 0, 0, 0, 0, 0, 0]))
    with pytest.raises(FrameError):
        ArraySerializer().decode('["1", "2", "t"]')
