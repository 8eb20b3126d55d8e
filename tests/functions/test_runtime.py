"""The functions runtime, in-process: discovery, the JWT gate, CORS, limits, errors, and the handler's context."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import jwt
import psycopg
import pytest

from gateway.functions.config import FunctionConfigError, load_config
from gateway.functions.registry import discover
from gateway.settings import PROJECT_ROOT
from tests.conftest import make_settings
from tests.functions.conftest import FORWARDED, SAMPLE_FUNCTIONS, outbox
from tests.support.live import LiveGateway, run_gateway


@pytest.fixture(scope="module")
def gw(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveGateway]:
    settings = make_settings(database_url, tmp_path_factory.mktemp("rt"), functions_dir=SAMPLE_FUNCTIONS,
                             trusted_proxy_header=FORWARDED)
    with run_gateway(settings) as live:
        yield live


def call(gw: LiveGateway, slug: str, body: object = None, *, headers: dict | None = None, method: str = "POST"):
    merged = {**gw.headers(), **(headers or {})}
    content = None if body is None else json.dumps(body)
    if content is not None:
        merged.setdefault("content-type", "application/json")
    return httpx.request(method, f"{gw.url}/functions/v1/{slug}", content=content, headers=merged, timeout=10)


def test_discovery_finds_folders_with_a_function_toml_and_skips_shared_code():
    assert sorted(discover(SAMPLE_FUNCTIONS)) == ["open-probe", "probe"]
    assert sorted(discover(PROJECT_ROOT / "functions")) == ["send-contact-email", "send-event-confirmation"]


def test_config_defaults_and_refusals(tmp_path: Path):
    path = tmp_path / "function.toml"
    path.write_text("")
    config = load_config(path)
    assert (config.verify_jwt, config.methods, config.timeout_seconds) == (True, frozenset({"POST"}), 10.0)
    for bad in ('verify_jwt = "yes"', "methods = []", 'methods = ["BREW"]', "timeout_seconds = 0",
                "max_body_bytes = -1", "unknown = 1", "verify_jwt = ", "settings = 3"):
        path.write_text(bad)
        with pytest.raises(FunctionConfigError, match="function.toml"):
            load_config(path)


def test_a_handler_gets_method_body_claims_settings_and_client_address(gw: LiveGateway):
    response = call(gw, "probe", {"hello": "world"}, headers={FORWARDED: "203.0.113.9, 198.51.100.7"})
    assert response.status_code == 200
    data = response.json()
    assert data["method"] == "POST" and data["path"] == "" and data["body"] == {"hello": "world"}
    assert data["claims"]["role"] == "anon"
    assert data["greeting"] == "hello"
    # The platform's values and the function's own: nothing of another project's functions (no contact_inbox).
    assert data["settings"] == ["greeting", "mail_from", "project_ref", "site_url"]
    # The trusted proxy's own entry (the last one) is the client, not what the client wrote before it.
    assert data["client_ip"] == "198.51.100.7"
    assert response.headers["x-request-id"] == data["request_id"]


def test_subpaths_reach_the_function(gw: LiveGateway):
    response = call(gw, "probe/items/7", method="GET")
    assert response.status_code == 200 and response.json()["path"] == "/items/7"


def test_a_user_token_reaches_the_handler_as_verified_claims(gw: LiveGateway):
    token = gw.keys.sign({"sub": "11111111-1111-1111-1111-111111111111", "role": "authenticated",
                          "aud": "authenticated", "exp": int(time.time()) + 600, "email": "u@example.com"})
    data = call(gw, "probe", {}, headers=gw.headers(token)).json()
    assert data["claims"]["sub"] == "11111111-1111-1111-1111-111111111111"
    assert data["claims"]["role"] == "authenticated"


@pytest.mark.parametrize("headers, message", [
    ({}, "Missing authorization header"),
    ({"Authorization": "Bearer not-a-jwt"}, "Invalid JWT"),
    ({"apikey": "not-a-jwt"}, "Invalid JWT"),
])
def test_the_jwt_gate_refuses_missing_and_invalid_tokens(gw: LiveGateway, headers: dict, message: str):
    response = httpx.post(f"{gw.url}/functions/v1/probe", json={}, headers=headers)
    assert response.status_code == 401
    assert response.json() == {"code": 401, "message": message}


def test_the_jwt_gate_refuses_expired_and_foreign_tokens(gw: LiveGateway):
    expired = gw.keys.sign({"role": "authenticated", "exp": int(time.time()) - 3600})
    foreign = jwt.encode({"role": "service_role"}, "another-projects-secret-0123456789abcdef", algorithm="HS256")
    for token in (expired, foreign):
        response = call(gw, "probe", {}, headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 401 and response.json()["message"] == "Invalid JWT"


def test_a_function_without_verify_jwt_runs_for_anyone_and_ignores_bad_tokens(gw: LiveGateway):
    assert httpx.post(f"{gw.url}/functions/v1/open-probe", json={}).json() == {"claims": None}
    response = httpx.post(f"{gw.url}/functions/v1/open-probe", json={}, headers={"Authorization": "Bearer junk"})
    assert response.status_code == 200 and response.json() == {"claims": None}


def test_a_browser_preflight_is_answered_with_the_headers_supabase_js_sends(gw: LiveGateway):
    asked = "authorization, x-client-info, apikey, content-type, x-platform"
    response = httpx.options(f"{gw.url}/functions/v1/probe", headers={
        "Origin": "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": asked,
    })
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] in {"*", "http://localhost:5173"}
    assert "POST" in response.headers["access-control-allow-methods"]
    allowed = {h.strip().lower() for h in response.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "x-client-info", "apikey", "content-type", "x-platform"} <= allowed


def test_a_cross_origin_call_exposes_the_relay_error_header(gw: LiveGateway):
    response = call(gw, "probe", {}, headers={"Origin": "http://localhost:5173"})
    assert response.status_code == 200
    assert "x-relay-error" in response.headers["access-control-expose-headers"].lower()


def test_a_bare_options_request_gets_ok(gw: LiveGateway):
    response = httpx.options(f"{gw.url}/functions/v1/probe")
    assert response.status_code == 200 and response.text == "ok"


def test_a_method_outside_the_allow_list_gets_405(gw: LiveGateway):
    response = call(gw, "probe", {}, method="DELETE")
    assert response.status_code == 405
    assert response.json() == {"error": "Method DELETE is not allowed"}
    assert response.headers["allow"] == "GET, OPTIONS, POST"


def test_a_body_over_the_limit_gets_413_with_or_without_content_length(gw: LiveGateway):
    big = {"pad": "x" * 2000}
    assert call(gw, "probe", big).status_code == 413

    def chunks():
        for _ in range(4):
            yield b"x" * 400

    response = httpx.post(f"{gw.url}/functions/v1/probe", content=chunks(), headers=gw.headers())
    assert response.status_code == 413
    assert "1024 bytes" in response.json()["error"]


def test_a_body_that_is_not_json_gets_400(gw: LiveGateway):
    response = httpx.post(f"{gw.url}/functions/v1/probe", content=b"{nope",
                          headers={**gw.headers(), "content-type": "application/json"})
    assert response.status_code == 400 and response.json() == {"error": "The request body is not valid JSON"}


def test_a_text_body_is_handed_over_raw(gw: LiveGateway):
    response = httpx.post(f"{gw.url}/functions/v1/probe", content=b"plain words",
                          headers={**gw.headers(), "content-type": "text/plain"})
    assert response.status_code == 200 and response.json()["body"] is None


def test_a_user_error_gives_400_with_its_message(gw: LiveGateway):
    response = call(gw, "probe", {"action": "refuse"})
    assert response.status_code == 400 and response.json() == {"error": "name is required"}


def test_an_unexpected_error_gives_500_and_keeps_the_detail_in_the_log(gw: LiveGateway, caplog):
    with caplog.at_level(logging.ERROR, logger="gateway.functions"):
        response = call(gw, "probe", {"action": "crash"})
    assert response.status_code == 500
    body = response.json()
    assert body["error"] == "The function failed unexpectedly"
    assert "secret" not in response.text and "vault" not in response.text
    request_id = body["request_id"]
    assert response.headers["x-request-id"] == request_id
    logged = [r for r in caplog.records if request_id in r.getMessage()]
    assert logged and "vault combination" in logged[0].exc_text


def test_a_handler_returning_the_wrong_type_is_an_unexpected_error(gw: LiveGateway):
    response = call(gw, "probe", {"action": "wrong-return"})
    assert response.status_code == 500 and "request_id" in response.json()


def test_a_slow_handler_is_cut_off_at_its_timeout(gw: LiveGateway, caplog):
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="gateway.functions"):
        response = call(gw, "probe", {"action": "sleep"})
    assert response.status_code == 504
    assert response.json()["error"] == "The function did not finish in time"
    assert time.monotonic() - started < 4
    assert any("timed out" in r.getMessage() and response.json()["request_id"] in r.getMessage()
               for r in caplog.records)
    # The runtime is still healthy afterwards.
    assert call(gw, "probe", {}).status_code == 200


def test_an_unknown_function_gives_404_as_supabase_does(gw: LiveGateway):
    response = call(gw, "no-such-function", {})
    assert response.status_code == 404 and response.text == "Function not found"


def test_the_database_context_runs_as_service_role(gw: LiveGateway):
    data = call(gw, "probe", {"action": "whoami"}).json()
    assert data["user"] == "service_role"
    assert json.loads(data["claims"]) == {"role": "service_role"}


def test_the_mailer_context_writes_to_the_outbox(gw: LiveGateway, db: psycopg.Connection):
    response = call(gw, "probe", {"action": "mail", "to": "probe@example.com"})
    assert response.status_code == 201 and response.headers["x-probe"] == "yes"
    [mail] = outbox(db, "probe@example.com")
    assert (mail["subject"], mail["text_body"], mail["html_body"], mail["kind"], mail["status"]) == (
        "Probe", "plain text", "<p>html</p>", "probe", "captured")


def write_function(root: Path, folder: str, handler: str, toml: str = "") -> Path:
    path = root / folder
    path.mkdir(parents=True)
    (path / "function.toml").write_text(toml)
    (path / "handler.py").write_text(handler)
    return path


@pytest.mark.parametrize("handler, complaint", [
    ("def handle(request, ctx):\n    return None\n", "must define `async def handle"),
    ("x = 1\n", "must define `async def handle"),
    ("def broken(:\n", "failed to import"),
    ("import no_such_module_anywhere\n", "failed to import"),
])
def test_a_broken_handler_is_reported_with_its_file(tmp_path: Path, handler: str, complaint: str):
    write_function(tmp_path, "bad_one", handler)
    with pytest.raises(FunctionConfigError, match=complaint) as raised:
        discover(tmp_path)
    assert "bad_one" in str(raised.value)


def test_a_folder_without_handler_py_is_reported(tmp_path: Path):
    (tmp_path / "empty_fn").mkdir()
    (tmp_path / "empty_fn" / "function.toml").write_text("")
    with pytest.raises(FunctionConfigError, match="no handler.py"):
        discover(tmp_path)


def test_handlers_of_same_named_folders_in_different_places_stay_apart(tmp_path: Path):
    source = "from gateway.functions.api import FunctionResponse\nWHO = {!r}\nasync def handle(request, ctx):\n" \
             "    return FunctionResponse(WHO)\n"
    write_function(tmp_path / "a", "twin", source.format("a"))
    write_function(tmp_path / "b", "twin", source.format("b"))
    first, second = discover(tmp_path / "a")["twin"], discover(tmp_path / "b")["twin"]
    assert first.handle.__module__ != second.handle.__module__
    assert first.handle.__globals__["WHO"] == "a" and second.handle.__globals__["WHO"] == "b"


def test_the_handler_contract_exports_exactly_these_names():
    import gateway.functions.api as contract

    assert contract.__all__ == ["Database", "FunctionContext", "FunctionError", "FunctionRequest",
                                "FunctionResponse", "Handler", "MailDeliveryError", "Mailer"]
