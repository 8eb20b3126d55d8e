"""Malformed input on every Storage route is a 4xx in Storage's shape, never a 500: NUL characters in bodies, names,
metadata and query strings, integers past 64 bits, NaN and Infinity, and deep JSON. The routes are walked from the
router itself, as the service role and as a signed-in user, so a new route is fuzzed too."""

from __future__ import annotations

import base64
import json
import re

import httpx
import pytest
from starlette.routing import Route

from gateway.storage.routes import router

NUL = "a\u0000b"
HUGE = 10 ** 30
FIELDS = ("name", "id", "bucketId", "sourceKey", "destinationKey", "destinationBucket", "prefix", "search",
          "expiresIn", "limit", "offset", "cursor", "file_size_limit", "allowed_mime_types", "public", "paths",
          "download", "transform", "width", "height", "quality", "format", "resize", "type", "with_delimiter")


def bodies() -> dict[str, bytes]:
    return {
        "nul": json.dumps({f: NUL for f in FIELDS} | {"paths": [NUL], "metadata": {NUL: NUL},
                                                      "sortBy": {"column": NUL, "order": NUL}}).encode(),
        "nul_in_keys": json.dumps({f"{f}\u0000": 1 for f in FIELDS}).encode(),
        "huge_ints": json.dumps({f: HUGE for f in FIELDS} | {"paths": [HUGE]}).encode(),
        "nan": b'{"expiresIn": NaN, "limit": Infinity, "file_size_limit": -Infinity, "name": "x", "id": "x"}',
        "wrong_types": json.dumps({f: [{"x": 1}] for f in FIELDS} | {"paths": "x", "metadata": 5}).encode(),
        "numbers_for_strings": json.dumps({f: 7 for f in FIELDS}).encode(),
        "very_deep": b'{"paths": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    }


STORAGE_ROUTES = [(method, route.path) for route in router.routes if isinstance(route, Route)
                  for method in sorted(route.methods or ()) if method != "HEAD"]


def concrete(path: str, bucket: str, name: str = "a/b.png") -> str:
    return re.sub(r"\{[a-z_]+\}", bucket, path.replace("{name:path}", name))


@pytest.fixture(scope="module", params=["file"])
def backend(request: pytest.FixtureRequest) -> str:
    """Input is refused above the backend: the folder backend alone."""
    return request.param


@pytest.fixture(scope="module")
def callers(world, gateway) -> dict[str, dict[str, str]]:
    return {"service": gateway.headers(gateway.service_key),
            "user": gateway.headers(world.token(world.user_a))}


def assert_storage_refusal_or_success(answer: httpx.Response, what: str) -> None:
    assert answer.status_code < 500, (what, answer.status_code, answer.text[:300])
    if answer.status_code >= 400 and answer.headers.get("content-type", "").startswith("application/json"):
        assert {"statusCode", "error", "message"} <= set(answer.json()), (what, answer.text[:300])


@pytest.mark.parametrize(("method", "path"), STORAGE_ROUTES, ids=lambda v: str(v))
@pytest.mark.parametrize("caller", ["service", "user"])
def test_every_route_refuses_malformed_json_with_a_4xx(gateway, callers, method, path, caller):
    with httpx.Client(base_url=f"{gateway.url}/storage/v1", headers=callers[caller], timeout=30) as http:
        for name, body in bodies().items():
            answer = http.request(method, concrete(path, "avatars"), content=body,
                                  headers={"Content-Type": "application/json"})
            assert_storage_refusal_or_success(answer, f"{caller} {method} {path} {name}")


@pytest.mark.parametrize(("method", "path"), STORAGE_ROUTES, ids=lambda v: str(v))
def test_every_route_refuses_nul_and_huge_numbers_in_names_query_and_metadata(gateway, callers, method, path):
    metadata = base64.b64encode(json.dumps({"k": NUL}).encode()).decode()
    tus_metadata = f"bucketName {base64.b64encode(NUL.encode()).decode()}"
    with httpx.Client(base_url=f"{gateway.url}/storage/v1", headers=callers["service"], timeout=30) as http:
        for bucket, name in (("avatars%00", "a.png"), ("avatars", "a%00b/c%00d.png")):
            for query in ({"token": NUL, "download": NUL, "width": str(HUGE), "quality": NUL}, {"expiresIn": NUL}):
                answer = http.request(method, concrete(path, bucket, name), params=query, content=b"x",
                                      headers={"Content-Type": "text/plain", "x-metadata": metadata,
                                               "Upload-Metadata": tus_metadata})
                assert_storage_refusal_or_success(answer, f"{method} {path} {bucket} {name} {query}")
