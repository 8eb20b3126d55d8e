"""multipart/form-data read as a stream of events (python-multipart's parser): a part's headers, its data in
the chunks it arrives in, its end. Nothing is buffered beyond the chunk being parsed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header

from gateway.storage import errors


@dataclass
class PartHeaders:
    headers: dict[str, str] = field(default_factory=dict)

    def disposition(self) -> dict[str, str]:
        _, params = parse_options_header(self.headers.get("content-disposition", ""))
        return {key.decode("latin-1"): value.decode("utf-8", "replace") for key, value in params.items()}

    @property
    def name(self) -> str | None:
        return self.disposition().get("name")

    @property
    def is_file(self) -> bool:
        return "filename" in self.disposition()

    @property
    def content_type(self) -> str | None:
        return self.headers.get("content-type")

    @property
    def size(self) -> int:
        """The bytes of its header names and values, as received."""
        return sum(len(name) + len(value) for name, value in self.headers.items())


Event = tuple[str, object]  # ("headers", PartHeaders) | ("data", bytes) | ("end", None)


def boundary_of(content_type: str) -> str | None:
    kind, params = parse_options_header(content_type)
    if kind != b"multipart/form-data":
        return None
    boundary = params.get(b"boundary")
    return boundary.decode("latin-1") if boundary else None


async def events(stream: AsyncIterator[bytes], boundary: str) -> AsyncIterator[Event]:
    pending: list[Event] = []
    current = PartHeaders()
    header_field = bytearray()
    header_value = bytearray()

    def on_part_begin() -> None:
        nonlocal current
        current = PartHeaders()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_field.extend(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.extend(data[start:end])

    def on_header_end() -> None:
        current.headers[header_field.decode("latin-1").lower()] = header_value.decode("latin-1")
        header_field.clear()
        header_value.clear()

    def on_headers_finished() -> None:
        pending.append(("headers", current))

    def on_part_data(data: bytes, start: int, end: int) -> None:
        pending.append(("data", bytes(data[start:end])))

    def on_part_end() -> None:
        pending.append(("end", None))

    parser = MultipartParser(boundary, {
        "on_part_begin": on_part_begin, "on_header_field": on_header_field, "on_header_value": on_header_value,
        "on_header_end": on_header_end, "on_headers_finished": on_headers_finished,
        "on_part_data": on_part_data, "on_part_end": on_part_end,
    })
    try:
        async for chunk in stream:
            parser.write(chunk)
            for event in pending:
                yield event
            pending.clear()
        parser.finalize()
    except MultipartParseError:
        raise errors.no_content() from None
    for event in pending:
        yield event
