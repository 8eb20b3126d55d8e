"""Paths under an API prefix that no service answers get a JSON 404 in that service's shape, never the site."""

from dataclasses import replace

import httpx
import pytest

from tests.support.live import run_gateway


@pytest.fixture(scope="module")
def site_gateway(settings, tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text("<html><head></head><body>the site</body></html>")
    with run_gateway(replace(settings, web_dist=dist)) as live:
        yield live


@pytest.mark.parametrize(("path", "key", "value"), [
    ("/storage/v1/no-such-route", "statusCode", "404"),
    ("/storage/v1/s3/avatars/me.png", "error", "Not Found"),
    ("/graphql/v1", "message", "no Route matched with those values"),
    ("/auth/v1/no-such-endpoint", "error_code", "not_found"),
    ("/realtime/v1/nothing-here", "message", "no Route matched with those values"),
    ("/pg/meta", "message", "no Route matched with those values"),
])
def test_unknown_api_paths_answer_json_404(site_gateway, path, key, value):
    response = httpx.get(site_gateway.url + path, headers=site_gateway.headers())
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()[key] == value


def test_site_routes_still_get_the_site(site_gateway):
    response = httpx.get(site_gateway.url + "/partners/portal")
    assert response.status_code == 200 and "the site" in response.text


def test_a_wrong_method_on_a_known_path_stays_405(site_gateway):
    assert httpx.delete(site_gateway.url + "/auth/v1/settings", headers=site_gateway.headers()).status_code == 405
