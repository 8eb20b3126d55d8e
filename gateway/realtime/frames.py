"""Phoenix channel frames: vsn 1.0.0 JSON objects, vsn 2.0.0 JSON arrays and binary user-broadcast frames."""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii
from typing import Any, Protocol

BROADCAST = "broadcast"
# Binary frame kinds of realtime-js's serializer: a client's user broadcast push, a server's user broadcast.
KIND_USER_BROADCAST_PUSH = 3
KIND_USER_BROADCAST = 4
BINARY_ENCODING = 0
JSON_ENCODING = 1


class RawJson(str):
    """A payload already encoded as JSON: one change is encoded once, then framed for each subscriber."""


def _dump(value: Any) -> str:
    if isinstance(value, RawJson):
        return value
    # The envelope's strings (topic, event, refs) of every frame: json.dumps's own fast path, without its set-up.
    if isinstance(value, str):
        return encode_basestring_ascii(value)
    return json.dumps(value, separators=(",", ":"))


NUL_REASON = "Invalid input: a topic, event or payload must not contain a NUL character"


def contains_nul(*values: Any) -> bool:
    """Whether any string (or object key) in these JSON values holds U+0000, which PostgreSQL's jsonb and text
    refuse; binary payloads travel base64-encoded and may hold any byte."""
    for value in values:
        if isinstance(value, str):
            if "\x00" in value:
                return True
        elif isinstance(value, dict):
            if contains_nul(*value.keys(), *value.values()):
                return True
        elif isinstance(value, list) and contains_nul(*value):
            return True
    return False


class FrameError(Exception):
    """The client sent something that is not a frame of the negotiated serializer."""


@dataclass(frozen=True)
class Frame:
    topic: str
    event: str
    payload: Any
    ref: str | None = None
    join_ref: str | None = None


class Serializer(Protocol):
    version: str

    def decode(self, data: str | bytes) -> Frame: ...

    def encode(self, frame: Frame) -> str | bytes: ...


def _checked(topic: Any, event: Any, payload: Any, ref: Any, join_ref: Any) -> Frame:
    if not isinstance(topic, str) or not isinstance(event, str):
        raise FrameError("topic and event must be strings")
    if ref is not None and not isinstance(ref, str):
        ref = str(ref)
    if join_ref is not None and not isinstance(join_ref, str):
        join_ref = str(join_ref)
    return Frame(topic=topic, event=event, payload=payload if payload is not None else {}, ref=ref, join_ref=join_ref)


def _json(data: str | bytes) -> Any:
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise FrameError("frame is not valid JSON") from None


class ObjectSerializer:
    """vsn 1.0.0: `{topic, event, payload, ref, join_ref}`."""

    version = "1.0.0"

    def decode(self, data: str | bytes) -> Frame:
        message = _json(data)
        if not isinstance(message, dict):
            raise FrameError("a vsn 1.0.0 frame is a JSON object")
        return _checked(message.get("topic"), message.get("event"), message.get("payload"),
                        message.get("ref"), message.get("join_ref"))

    def encode(self, frame: Frame) -> str:
        payload = frame.payload
        if isinstance(payload, dict) and isinstance(payload.get("payload"), bytes):
            # vsn 1.0.0 has no binary frames: a binary broadcast reaches these clients as a list of byte values.
            payload = {**payload, "payload": list(payload["payload"])}
        return (f'{{"topic":{_dump(frame.topic)},"event":{_dump(frame.event)},"payload":{_dump(payload)},'
                f'"ref":{_dump(frame.ref)},"join_ref":{_dump(frame.join_ref)}}}')


class ArraySerializer:
    """vsn 2.0.0: `[join_ref, ref, topic, event, payload]`, and user broadcasts as binary frames."""

    version = "2.0.0"

    def decode(self, data: str | bytes) -> Frame:
        if isinstance(data, bytes):
            return self._decode_binary(data)
        message = _json(data)
        if not isinstance(message, list) or len(message) != 5:
            raise FrameError("a vsn 2.0.0 frame is a JSON array of five elements")
        join_ref, ref, topic, event, payload = message
        return _checked(topic, event, payload, ref, join_ref)

    def encode(self, frame: Frame) -> str | bytes:
        payload = frame.payload
        if frame.event == BROADCAST and isinstance(payload, dict) and isinstance(payload.get("event"), str):
            return self._encode_binary(frame.topic, payload)
        return (f"[{_dump(frame.join_ref)},{_dump(frame.ref)},{_dump(frame.topic)},{_dump(frame.event)},"
                f"{_dump(payload)}]")

    @staticmethod
    def _decode_binary(data: bytes) -> Frame:
        if len(data) < 7 or data[0] != KIND_USER_BROADCAST_PUSH:
            raise FrameError("unknown binary frame kind")
        join_ref_len, ref_len, topic_len, event_len, meta_len, encoding = data[1:7]
        offset = 7
        fields = []
        for length in (join_ref_len, ref_len, topic_len, event_len, meta_len):
            fields.append(data[offset:offset + length].decode("utf-8", errors="strict"))
            offset += length
        if offset > len(data):
            raise FrameError("binary frame shorter than its header says")
        join_ref, ref, topic, event, meta = fields
        body = data[offset:]
        user_payload: Any = _json(body) if encoding == JSON_ENCODING else bytes(body)
        payload: dict[str, Any] = {"type": BROADCAST, "event": event, "payload": user_payload}
        if meta:
            metadata = _json(meta)
            if isinstance(metadata, dict):
                payload.update({k: v for k, v in metadata.items() if k not in payload})
        return Frame(topic=topic, event=BROADCAST, payload=payload, ref=ref or None, join_ref=join_ref or None)

    @staticmethod
    def _encode_binary(topic: str, payload: dict[str, Any]) -> bytes:
        user_payload = payload.get("payload")
        if isinstance(user_payload, bytes):
            encoding, body = BINARY_ENCODING, user_payload
        else:
            encoding, body = JSON_ENCODING, json.dumps(user_payload, separators=(",", ":")).encode()
        topic_bytes, event_bytes = topic.encode(), payload["event"].encode()
        meta = payload.get("meta")
        meta_bytes = json.dumps(meta, separators=(",", ":")).encode() if meta else b""
        header = struct.pack("!5B", KIND_USER_BROADCAST, len(topic_bytes), len(event_bytes), len(meta_bytes), encoding)
        return header + topic_bytes + event_bytes + meta_bytes + body


def serializer_for(vsn: str | None) -> Serializer | None:
    if vsn in (None, "", "1.0.0"):
        return ObjectSerializer()
    if vsn == "2.0.0":
        return ArraySerializer()
    return None
