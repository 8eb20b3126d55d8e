"""gateway.server.http_protocol: a response leaves in one write, and nothing is held back longer than one loop turn."""

from __future__ import annotations

import asyncio

import httpx

from gateway.server.http_protocol import OneWriteTransport

HEAD = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"


class RecordingTransport:
    """Stands in for the socket: the unit under test is the order and grouping of writes, not the network."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return f"info:{name}"


def test_a_head_and_its_body_are_one_write():
    async def scenario() -> list[bytes]:
        recorded = RecordingTransport()
        transport = OneWriteTransport(recorded)
        transport.write(HEAD)
        transport.write(b"{}")
        await asyncio.sleep(0)
        return recorded.writes

    assert asyncio.run(scenario()) == [HEAD + b"{}"]


def test_a_head_without_a_body_leaves_on_the_next_loop_turn():
    async def scenario() -> tuple[list[bytes], list[bytes]]:
        recorded = RecordingTransport()
        OneWriteTransport(recorded).write(HEAD)
        held = list(recorded.writes)
        await asyncio.sleep(0)
        return held, recorded.writes

    held, sent = asyncio.run(scenario())
    assert held == [] and sent == [HEAD]


def test_interim_responses_are_not_held():
    async def scenario() -> list[bytes]:
        recorded = RecordingTransport()
        transport = OneWriteTransport(recorded)
        transport.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        transport.write(b"HTTP/1.1 101 Switching Protocols\r\n\r\n")
        return recorded.writes

    assert len(asyncio.run(scenario())) == 2


def test_a_websockets_frames_of_one_loop_step_are_one_write():
    async def scenario() -> tuple[list[bytes], list[bytes], RecordingTransport]:
        recorded = RecordingTransport()
        transport = OneWriteTransport(recorded)
        transport.write(b"HTTP/1.1 101 Switching Protocols\r\n\r\n")
        transport.write(b"frame 1")
        transport.write(b"frame 2")
        held = list(recorded.writes)
        await asyncio.sleep(0)
        sent = list(recorded.writes)
        transport.write(b"frame 3")
        transport.close()
        return held, sent, recorded

    held, sent, recorded = asyncio.run(scenario())
    assert held == [b"HTTP/1.1 101 Switching Protocols\r\n\r\n"]
    assert sent == [*held, b"frame 1frame 2"]
    assert recorded.writes == [*sent, b"frame 3"] and recorded.closed


def test_close_sends_a_held_head_first_and_the_rest_is_the_transports():
    async def scenario() -> RecordingTransport:
        recorded = RecordingTransport()
        transport = OneWriteTransport(recorded)
        transport.write(HEAD)
        transport.close()
        assert transport.get_extra_info("peername") == "info:peername"
        return recorded

    recorded = asyncio.run(scenario())
    assert recorded.writes == [HEAD] and recorded.closed


def test_the_live_gateway_answers_through_it(gateway):
    with httpx.Client(base_url=gateway.url) as client:
        answers = [client.get("/health") for _ in range(3)]
    assert [a.json() for a in answers] == [{"status": "ok"}] * 3
