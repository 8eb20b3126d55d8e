"""Pure parts: filter parsing (the REST grammar, Realtime's operators) and the vsn 2.0.0 binary broadcast frames.
How filters compare values is PostgreSQL's: see test_filter_semantics.py."""

from __future__ import annotations

import struct

import pytest

from gateway.realtime.filters import FilterError, parse_filter
from gateway.realtime.frames import ArraySerializer, Frame, FrameError


@pytest.mark.parametrize(("text", "expected"), [
    ("priority=eq.high", [("priority", "eq", "high", False)]),
    ("hours=gte.7.5", [("hours", "gte", "7.5", False)]),
    ("priority=not.in.(low,high)", [("priority", "in", ("low", "high"), True)]),
    ('title=eq."a,b"', [("title", "eq", "a,b", False)]),
    ('title=in.("a,b","say \\"hi\\"",plain)', [("title", "in", ("a,b", 'say "hi"', "plain"), False)]),
    ("priority=eq.high,hours=gt.8", [("priority", "eq", "high", False), ("hours", "gt", "8", False)]),
    ('"odd name"=lt.3', [("odd name", "lt", "3", False)]),
])
def test_filters_parse_with_the_rest_grammar(text, expected):
    row_filter = parse_filter(text)
    assert [(c.ref.name, c.op, c.value, c.negate) for c in row_filter.conditions] == expected


@pytest.mark.parametrize("text", ["priority", "priority=like.high", "priority=in.low", "=eq.1", "priority=in.()",
                                  "priority=eq(any).{a}", "data->>x=eq.1", 'title=in.("unterminated)',
                                  "id=in.(" + ",".join(str(i) for i in range(101)) + ")"])
def test_bad_filters_are_refused(text):
    with pytest.raises(FilterError):
        parse_filter(text)


def test_no_filter_is_none():
    assert parse_filter(None) is None and parse_filter(" ") is None


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
