"""Deno functions at /functions/v1/<name>: the request as the edge runtime presents it, verify_jwt, the env."""

from __future__ import annotations

import logging
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from gateway.functions import registry
from gateway.functions.config import FunctionConfigError
from gateway.functions.deno.discovery import discover
from gateway.functions.routes import refuse_shared_names
from tests.support.live import LiveGateway


def test_a_function_sees_its_path_query_headers_and_body(deno_gateway: LiveGateway):
    response = httpx.put(f"{deno_gateway.url}/functions/v1/echo/items/7?sort=desc&x=1", content=b"plain body",
                         headers={**deno_gateway.headers(), "x-custom": "kept", "origin": "http://site.test"},
                         timeout=60)
    assert response.status_code == 200, response.text
    seen = response.json()
    assert seen["method"] == "PUT" and seen["pathname"] == "/echo/items/7" and seen["search"] == "?sort=desc&x=1"
    assert seen["custom"] == "kept" and seen["body"] == "plain body"
    assert seen["authorization"] == f"Bearer {deno_gateway.anon_key}"
    assert response.headers["access-control-allow-origin"] in ("*", "http://site.test")


def test_verify_jwt_refuses_as_supabase_main_worker(deno_gateway: LiveGateway):
    url = f"{deno_gateway.url}/functions/v1/echo"
    missing = httpx.post(url, headers={"apikey": deno_gateway.anon_key}, timeout=60)
    assert missing.status_code == 401 and missing.json() == {"msg": "Error: Missing authorization header"}
    forged = httpx.post(url, headers={"Authorization": "Bearer a.b.c"}, timeout=60)
    assert forged.status_code == 401 and forged.json() == {"msg": "Invalid JWT"}
    preflight = httpx.options(url, timeout=60)
    assert preflight.status_code == 200


def test_a_publishable_key_passes_verify_jwt_and_the_function_sees_the_anon_jwt(deno_gateway: LiveGateway):
    key = deno_gateway.publishable_key
    response = httpx.post(f"{deno_gateway.url}/functions/v1/echo", content=b"x",
                          headers={"apikey": key, "Authorization": f"Bearer {key}"}, timeout=60)
    assert response.status_code == 200, response.text
    assert response.json()["authorization"] == f"Bearer {deno_gateway.anon_key}", "as the CLI's Kong swaps it"


def test_verify_jwt_false_in_config_lets_a_webhook_in(deno_gateway: LiveGateway):
    response = httpx.post(f"{deno_gateway.url}/functions/v1/no-jwt", timeout=60)
    assert response.status_code == 200 and response.json() == {"open": True}


def test_an_unknown_function_is_not_found_in_supabase_words(deno_gateway: LiveGateway):
    response = httpx.post(f"{deno_gateway.url}/functions/v1/_shared", headers=deno_gateway.headers(), timeout=60)
    assert response.status_code == 404 and response.text == "Function not found"


def test_a_function_that_cannot_boot_is_a_boot_error(deno_gateway: LiveGateway):
    response = httpx.post(f"{deno_gateway.url}/functions/v1/broken", headers=deno_gateway.headers(), timeout=60)
    assert response.status_code == 503
    assert response.json() == {"code": "BOOT_ERROR", "message": "Worker failed to boot (please check logs)"}


def test_a_function_sees_the_project_env_and_secrets_and_nothing_else(deno_gateway: LiveGateway):
    response = httpx.get(f"{deno_gateway.url}/functions/v1/echo/env", headers=deno_gateway.headers(), timeout=60)
    assert response.status_code == 200, response.text
    seen = response.json()
    settings = deno_gateway.settings
    assert seen["env"] == {
        "GREETING_SECRET": "sesame",
        "SUPABASE_URL": settings.api_url,
        "SUPABASE_ANON_KEY": deno_gateway.anon_key,
        "SUPABASE_SERVICE_ROLE_KEY": deno_gateway.service_key,
        "SUPABASE_DB_URL": settings.tcp_database_url,
        "SUPABASE_PUBLISHABLE_KEYS": {"default": deno_gateway.publishable_key},
        "SUPABASE_SECRET_KEYS": {"default": deno_gateway.keys.api_keys.default_secret},
        "SUPABASE_JWKS": {"keys": []},
    }
    # Deno's node compatibility adds PATH (its own shim folder) and DENO_NODE_SHIM_ACTIVE inside the worker.
    assert set(seen["names"]) - {"PATH", "DENO_NODE_SHIM_ACTIVE"} == {"GREETING_SECRET", "SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY",
                                  "SUPABASE_DB_URL", "SUPABASE_PUBLISHABLE_KEYS", "SUPABASE_SECRET_KEYS",
                                  "SUPABASE_JWKS", "DENO_DIR", "DENO_NO_PACKAGE_JSON", "DENO_TLS_CA_STORE",
                                  "NO_COLOR", "TMPDIR"}
    assert settings.jwt_secret not in response.text


def test_a_function_writes_a_temporary_file_as_on_supabase_s_tmp(deno_gateway: LiveGateway):
    response = httpx.get(f"{deno_gateway.url}/functions/v1/echo/tempfile", headers=deno_gateway.headers(), timeout=60)
    assert response.status_code == 200 and response.json() == {"text": "written", "inTmpdir": True}, response.text


def test_one_name_is_one_function(tmp_path: Path):
    functions = tmp_path / "supabase" / "functions"
    (functions / "hello_world").mkdir(parents=True)
    (functions / "hello_world" / "function.toml").write_text("verify_jwt = false\n")
    (functions / "hello_world" / "handler.py").write_text("async def handle(request, ctx):\n    return None\n")
    (functions / "hello-world").mkdir()
    (functions / "hello-world" / "index.ts").write_text("Deno.serve(() => new Response('deno'));\n")
    python = registry.discover(functions)
    deno = discover(functions, {}, tmp_path / "supabase")
    with pytest.raises(FunctionConfigError, match="hello-world is both a Python handler"):
        refuse_shared_names(python, deno, functions)
    refuse_shared_names(python, {}, functions)


def test_a_function_s_deno_json_import_map_and_entrypoint_are_used(deno_gateway: LiveGateway):
    mapped = httpx.get(f"{deno_gateway.url}/functions/v1/mapped", headers=deno_gateway.headers(), timeout=60)
    assert mapped.status_code == 200 and mapped.json() == {"greeting": "mapped by deno.json"}, mapped.text
    by_config = httpx.get(f"{deno_gateway.url}/functions/v1/import-mapped", headers=deno_gateway.headers(), timeout=60)
    assert by_config.json() == {"greeting": "mapped by deno.json", "by": "import_map"}, by_config.text
    entry = httpx.get(f"{deno_gateway.url}/functions/v1/custom-entry/a/b", headers=deno_gateway.headers(), timeout=60)
    assert entry.status_code == 200 and entry.json() == {"entry": "main.ts", "pathname": "/custom-entry/a/b"}


def test_a_function_reads_its_static_files_by_their_relative_path(deno_gateway: LiveGateway):
    page = httpx.get(f"{deno_gateway.url}/functions/v1/static-page?name=<Ada>", headers=deno_gateway.headers(),
                     timeout=60)
    # A GET's HTML is served as text/plain, as on Supabase (gateway.functions.routes.no_page).
    assert page.status_code == 200 and page.headers["content-type"] == "text/plain; charset=utf-8", page.text
    assert "<h1>Welcome, &lt;Ada&gt;!</h1>" in page.text


def test_a_static_files_pattern_that_matches_nothing_is_named_as_the_cli_does(tmp_path: Path,
                                                                              caplog: pytest.LogCaptureFixture):
    functions = tmp_path / "supabase" / "functions"
    (functions / "mailer").mkdir(parents=True)
    (functions / "mailer" / "index.ts").write_text("Deno.serve(() => new Response('sent'));\n")
    (functions / "mailer" / "receipt.html").write_text("<p>receipt</p>\n")
    config = {"functions": {"mailer": {"static_files": ["./functions/mailer/*.html", "./functions/mailer/*.pdf"]}}}
    with caplog.at_level(logging.WARNING, logger="gateway.functions.deno"):
        assert list(discover(functions, config, tmp_path / "supabase")) == ["mailer"]
    assert [r.getMessage() for r in caplog.records] == [
        "[functions.mailer] static_files: no files matched pattern: ./functions/mailer/*.pdf"]


def test_a_websocket_upgrade_inside_a_function(deno_gateway: LiveGateway):
    url = f"{deno_gateway.url.replace('http', 'ws', 1)}/functions/v1/echo/socket?room=lobby"
    with connect(url, additional_headers=deno_gateway.headers(), open_timeout=60) as socket:
        socket.send("hello")
        assert socket.recv(timeout=30) == "echo lobby: hello"
        socket.send("again")
        assert socket.recv(timeout=30) == "echo lobby: again"
    with pytest.raises(InvalidStatus), connect(url, open_timeout=60):
        pass  # verify_jwt: no Authorization, no socket
