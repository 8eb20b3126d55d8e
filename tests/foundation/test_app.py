"""The app shell: health, CORS for browsers, and the built site served at / with its runtime configuration."""

import json
import re
from dataclasses import replace

import httpx
import pytest

from tests.conftest import make_settings
from tests.support.live import run_gateway


@pytest.fixture(scope="module")
def site_gateway(database_url, tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    (dist / "assets").mkdir()
    (dist / "index.html").write_text("<!doctype html><html><head><title>Site</title></head><body></body></html>")
    (dist / "assets" / "app-1234.js").write_text("console.log('app')")
    settings = make_settings(database_url, tmp_path_factory.mktemp("data"))
    with run_gateway(replace(settings, web_dist=dist)) as live:
        yield live


def test_health_answers_ok_once_the_database_is_ready(site_gateway):
    response = httpx.get(f"{site_gateway.url}/health")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


@pytest.mark.parametrize("path", ["/", "/partner-portal", "/articles/cybersecurity-like-football", "/no/such/page"])
def test_site_routes_get_index_html_with_the_project_config(site_gateway, path):
    response = httpx.get(site_gateway.url + path)
    assert response.status_code == 200
    match = re.search(r"window.__SUPABASE_CONFIG__ = (\{.*?\});</script>", response.text)
    assert match, response.text
    assert json.loads(match.group(1)) == {"url": site_gateway.url, "anonKey": site_gateway.publishable_key}


def test_assets_are_served_as_files_with_long_caching(site_gateway):
    response = httpx.get(f"{site_gateway.url}/assets/app-1234.js")
    assert response.text == "console.log('app')"
    assert "immutable" in response.headers["cache-control"]


def test_paths_outside_the_site_folder_are_not_served(site_gateway):
    response = httpx.get(f"{site_gateway.url}/%2e%2e/%2e%2e/etc/passwd")
    assert "root:" not in response.text
    assert "__SUPABASE_CONFIG__" in response.text


def test_cors_preflight_allows_the_headers_supabase_js_sends(site_gateway):
    response = httpx.options(f"{site_gateway.url}/rest/v1/tickets", headers={
        "Origin": "http://localhost:5173",
        "Access-Control-Request-Method": "PATCH",
        "Access-Control-Request-Headers": "apikey, authorization, content-type, x-client-info, prefer, range, x-platform",
    })
    assert response.status_code == 200
    allowed = response.headers["access-control-allow-headers"].lower()
    for header in ("apikey", "authorization", "prefer", "range", "x-platform"):
        assert header in allowed


def test_browsers_may_read_the_headers_the_clients_use(site_gateway):
    response = httpx.get(f"{site_gateway.url}/health", headers={"Origin": "http://localhost:5173"})
    exposed = response.headers["access-control-expose-headers"].lower()
    for header in ("content-range", "x-supabase-api-version", "preference-applied", "x-total-count", "link"):
        assert header in exposed


def test_a_rebuilt_site_is_served_without_a_restart(site_gateway):
    index = site_gateway.settings.web_dist / "index.html"
    original = index.read_text()
    try:
        index.write_text(original.replace("<title>Site</title>", "<title>Rebuilt</title>"))
        assert "<title>Rebuilt</title>" in httpx.get(f"{site_gateway.url}/vendors").text
    finally:
        index.write_text(original)
