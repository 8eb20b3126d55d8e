"""`gateway serve` in development (the embedded database): the studio is printed at start with a link that signs in;
without the link's cookie (or the key) nothing of it opens, on this machine too."""

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


def printed_line(server: ServeProcess, label: str) -> str:
    """The value of the banner's line `label: value`, read as `gateway serve` prints it."""
    assert server.proc.stdout is not None
    for line in server.proc.stdout:
        if line.strip().startswith(f"{label}:"):
            return line.split(":", 1)[1].strip()
    raise AssertionError(f"gateway serve printed no {label}")


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, str]]:
    """A new project served in development; its URL and the studio link it printed. Outside pytest's temp root,
    whose 0700 mode would lock out the embedded server's system user."""
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
            yield url, printed_line(server, "Studio URL")
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_this_machine_gets_nothing_of_the_studio_without_a_sign_in(served: tuple[str, str]) -> None:
    url, _ = served
    page = httpx.get(f"{url}/_/")
    assert page.status_code == 401 and "__STUDIO_CONFIG__" not in page.text and 'action="/_/api/session"' in page.text
    assert httpx.get(f"{url}/_/api/catalog").status_code == 401
    assert httpx.post(f"{url}/_/api/sql", json={"sql": "create table t ()"}).status_code == 401


def test_the_printed_link_signs_in_and_leaves_the_address_bar(served: tuple[str, str]) -> None:
    url, link = served
    assert link.startswith(f"{url}/_/?token=")
    with httpx.Client() as browser:
        answer = browser.get(link)
        assert answer.status_code == 303 and answer.headers["location"] == "/_/"
        assert "HttpOnly" in answer.headers["set-cookie"] and "SameSite=strict" in answer.headers["set-cookie"]
        page = browser.get(f"{url}/_/")
        assert page.status_code == 200 and "window.__STUDIO_CONFIG__" in page.text
        catalog = browser.get(f"{url}/_/api/catalog")
        # The API schemas of `gateway init`'s config.toml, which is the Supabase CLI's template.
        assert catalog.status_code == 200
        assert catalog.json() == {"schemas": ["public", "graphql_public"], "relations": []}


def test_a_link_token_made_up_or_expired_signs_nobody_in(served: tuple[str, str]) -> None:
    url, link = served
    expires, mac = link.split("token=")[1].split(".")
    for token in (f"{expires}.{'0' * len(mac)}", f"{int(expires) + 1}.{mac}", f"1.{mac}", "", "x.y"):
        answer = httpx.get(f"{url}/_/", params={"token": token})
        assert answer.status_code == 401 and "set-cookie" not in answer.headers, token


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
    url, link = served
    with httpx.Client(follow_redirects=True) as browser:
        page = browser.get(link).text
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


def test_the_printed_link_opens_the_studio_in_chromium(served: tuple[str, str], browser) -> None:
    url, link = served
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(link)
        page.get_by_role("navigation", name="Studio").wait_for()
        assert page.url == f"{url}/_/"
        page.goto(f"{url}/_/")  # the session, not the link, lets it in again
        page.get_by_role("navigation", name="Studio").wait_for()
    finally:
        context.close()
