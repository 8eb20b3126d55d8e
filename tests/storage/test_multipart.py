"""Multipart uploads (supabase-py's form, storage-js's FormData) against hostile forms, over raw HTTP: the fields
before the file part are bounded in bytes (names included) and in number, the caller's right to write is checked
before the form is read, and four parallel 250 MiB preambles leave the gateway's memory flat."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest

from gateway.storage import uploads
from tests.storage.memory import PeakRss

BOUNDARY = "----gateway-test-boundary"
MB = 1024 * 1024
PREAMBLE = 250 * MB
BLOCK = b"a" * MB


def part_head(name: str, filename: str | None = None) -> bytes:
    disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
    return f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\n\r\n".encode()


def form(fields: dict[str, str], file: bytes = b"file bytes") -> bytes:
    body = b"".join(part_head(name) + value.encode() + b"\r\n" for name, value in fields.items())
    return body + part_head("", "a.txt") + file + f"\r\n--{BOUNDARY}--\r\n".encode()


def headers(key: str, token: str | None = None) -> dict[str, str]:
    return {"apikey": key, "Authorization": f"Bearer {token or key}",
            "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"}


def long_field_name(size: int) -> Iterator[bytes]:
    """A part whose Content-Disposition carries a field name of `size` bytes, then nothing: a preamble that never
    reaches a field's value."""
    yield f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="'.encode()
    for _ in range(size // len(BLOCK)):
        yield BLOCK


def many_named_fields(size: int) -> Iterator[bytes]:
    """Empty fields with names as long as a part's header allows, `size` bytes of them."""
    field_size = len(part_head("0" * 4000)) + 2
    for n in range(size // field_size):
        yield part_head(f"{n:08d}" + "n" * 3992) + b"\r\n"


def long_field_value(size: int) -> Iterator[bytes]:
    yield part_head("metadata")
    for _ in range(size // len(BLOCK)):
        yield BLOCK


def post(gateway, path: str, body, key: str, token: str | None = None) -> httpx.Response:
    return httpx.post(f"{gateway.url}/storage/v1/object/avatars/{path}", content=body,
                      headers=headers(key, token), timeout=120)


def test_a_form_within_the_limits_is_stored(world, gateway):
    answer = post(gateway, "forms/fine.txt", form({"cacheControl": "60", "metadata": '{"a": 1}'}),
                  gateway.service_key)
    assert answer.status_code == 200, answer.text
    info = httpx.get(f"{gateway.url}/storage/v1/object/info/avatars/forms/fine.txt",
                     headers=headers(gateway.service_key)).json()
    assert (info["cache_control"], info["metadata"], info["size"]) == ("max-age=60", {"a": 1}, 10)


def test_field_names_count_toward_the_preamble_limit(world, gateway):
    names = {f"{n:02d}" + "n" * 3000: "" for n in range(uploads.MAX_FIELDS - 1)}
    values_alone = uploads.MAX_FIELDS_BYTES - 1024
    answer = post(gateway, "forms/names.txt", form({**names, "metadata": "v" * values_alone}), gateway.service_key)
    assert (answer.status_code, answer.json()) == (400, {
        "statusCode": "413", "code": "EntityTooLarge", "error": "Payload too large",
        "message": "The form fields exceeded the maximum allowed size"})


def test_a_form_with_too_many_fields_is_refused(world, gateway):
    answer = post(gateway, "forms/many.txt", form({f"f{n}": "" for n in range(1000)}), gateway.service_key)
    assert (answer.status_code, answer.json()) == (400, {
        "statusCode": "413", "code": "EntityTooLarge", "error": "Payload too large",
        "message": f"The number of form fields exceeded {uploads.MAX_FIELDS}"})


def test_the_right_to_write_is_checked_before_the_form_is_read(world, gateway):
    """Bob may not write into Ann's folder: he is told so, not that his 16 MiB of fields are too many."""
    answer = post(gateway, f"{world.user_a}/form.txt", long_field_value(16 * MB), gateway.anon_key,
                  world.token(world.user_b))
    assert (answer.status_code, answer.json()["code"]) == (400, "AccessDenied")
    assert answer.json()["message"] == "new row violates row-level security policy"


@pytest.mark.parametrize("preamble", [many_named_fields, long_field_value, long_field_name])
def test_four_parallel_large_preambles_leave_memory_flat(world, gateway, preamble):
    answers: list[int | str] = []

    def one(n: int) -> None:
        try:
            answers.append(post(gateway, f"forms/huge-{n}.txt", preamble(PREAMBLE), gateway.service_key)
                           .json()["statusCode"])
        except httpx.TransportError as gone:  # the refusal closed the connection before its answer was read
            answers.append(type(gone).__name__)

    with PeakRss() as sending:
        threads = [threading.Thread(target=one, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert len(answers) == 4 and set(answers) & {"400", "413"}, answers
    assert set(answers) <= {"400", "413", "WriteError", "RemoteProtocolError"}, answers
    assert sending.growth < 32 * MB, f"four preambles grew memory by {sending.growth / MB:.0f} MiB"
