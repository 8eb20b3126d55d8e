"""`gateway serve` in development (the embedded database): the studio is printed at start and open to a browser on
this machine without a sign-in, and to nothing else."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.live import free_port
from tests.support.serve import ServeProcess, run_cli

DOTENV_PASSWORD = "read from the project's dotenv"


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, str]]:
    """A new project served in development; its URL and the banner it printed. Outside pytest's temp root, whose
    0700 mode would lock out the embedded server's system user."""
    root = Path(tempfile.mkdtemp(prefix="gateway-studio-test-"))
    try:
        project = root / "project"
        project.mkdir()
        assert run_cli("init", cwd=project).returncode == 0
        (project / ".env").write_text(f"STUDIO_PASSWORD={DOTENV_PASSWORD}\n")
        port = free_port()
        with ServeProcess(root / "data", port, cwd=project, TRUSTED_PROXY_HEADER="X-Forwarded-For") as server:
            server.wait_healthy()
            url = f"http://127.0.0.1:{port}"
            yield url, httpx.get(f"{url}/_/").text
            banner = server.stop()
        assert f"Studio URL: {url}/_/" in banner
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_browser_on_this_machine_opens_the_studio_without_a_sign_in(served: tuple[str, str]) -> None:
    url, page = served
    assert "window.__STUDIO_CONFIG__" in page and '<div id="root">' in page
    catalog = httpx.get(f"{url}/_/api/catalog")
    assert catalog.status_code == 200 and catalog.json() == {"schemas": ["public"], "relations": []}


def test_a_client_elsewhere_must_sign_in(served: tuple[str, str]) -> None:
    url, _ = served
    for path in ("/_/", "/_/api/catalog"):
        assert httpx.get(f"{url}{path}", headers={"X-Forwarded-For": "203.0.113.7"}).status_code == 401


def test_a_rebound_domain_and_another_sites_page_are_refused(served: tuple[str, str]) -> None:
    url, _ = served
    port = url.rsplit(":", 1)[1]
    rebound = httpx.get(f"{url}/_/", headers={"Host": f"attacker.example:{port}"})
    assert rebound.status_code == 401 and "__STUDIO_CONFIG__" not in rebound.text
    cross_site = httpx.get(f"{url}/_/api/catalog", headers={"Origin": "http://attacker.example"})
    assert cross_site.status_code == 401


def test_anon_token_is_refused_on_this_machine_too(served: tuple[str, str]) -> None:
    url, page = served
    anon_key = page.split('"anonKey": "')[1].split('"')[0]
    answer = httpx.get(f"{url}/_/api/catalog", headers={"Authorization": f"Bearer {anon_key}"})
    assert answer.status_code == 403


def test_the_admin_password_is_read_from_the_projects_env_file(served: tuple[str, str]) -> None:
    url, _ = served
    elsewhere = {"X-Forwarded-For": "203.0.113.7"}
    answer = httpx.post(f"{url}/_/api/session", data={"secret": DOTENV_PASSWORD}, headers=elsewhere)
    assert answer.status_code == 303
    page = httpx.get(f"{url}/_/", headers=elsewhere, cookies=answer.cookies)
    assert page.status_code == 200 and "__STUDIO_CONFIG__" in page.text
