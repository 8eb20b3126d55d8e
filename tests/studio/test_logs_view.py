"""The Logs view in the real Chromium against a gateway running real Deno functions: a request's id opens the lines
logged while it was handled, and what the functions print is listed by function."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from gateway.project.folder import Project
from gateway.settings import Settings
from tests.conftest import make_settings
from tests.support.live import LiveGateway

PROJECT = Path(__file__).parent / "project"


@pytest.fixture(scope="module")
def settings(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    project = Project.load(PROJECT)
    return make_settings(database_url, tmp_path_factory.mktemp("data"), project=project,
                         functions_dir=project.functions_dir)


def greet(studio: LiveGateway, name: str) -> None:
    answer = httpx.post(f"{studio.url}/functions/v1/greet", headers=studio.headers(), json={"name": name},
                        timeout=60)
    assert answer.status_code == 200 and answer.json() == {"message": f"Hello {name}"}, answer.text


def open_logs(page: Page, tab: str) -> None:
    page.get_by_role("link", name="Logs").click()
    page.get_by_role("tab", name=tab).click()


def test_a_request_id_opens_the_lines_logged_while_handling_it(page: Page, studio: LiveGateway) -> None:
    open_logs(page, "Requests")
    greet(studio, "Ada")
    broken = httpx.get(f"{studio.url}/functions/v1/broken", headers=studio.headers(), timeout=60)
    assert broken.status_code == 503, broken.text
    requests = page.get_by_role("table", name="Requests")
    failed = requests.locator("tr", has_text="/functions/v1/broken")
    expect(failed.get_by_role("button")).to_have_text(broken.headers["x-request-id"])
    failed.get_by_role("button").click()
    lines = page.get_by_role("region", name=f"Log lines of request {broken.headers['x-request-id']}")
    failure = lines.locator("tr", has_text="function broken failed to boot")
    expect(failure).to_contain_text("ERROR")
    expect(failure).to_contain_text("gateway.functions.deno")
    lines.get_by_role("button", name="Close").click()
    greeted = requests.locator("tr", has_text="/functions/v1/greet").get_by_role("button")
    request_id = greeted.inner_text()
    greeted.click()
    lines = page.get_by_role("region", name=f"Log lines of request {request_id}")
    expect(lines.locator("tr", has_text="greeting Ada")).to_contain_text("functions.greet")
    expect(lines).not_to_contain_text("Bea")


def test_what_a_function_prints_is_listed_by_function(page: Page, studio: LiveGateway) -> None:
    open_logs(page, "Function logs")
    greet(studio, "Bea")
    function_lines = page.get_by_role("table", name="Function lines")
    printed = function_lines.locator("tr", has_text="greeting Bea")
    expect(printed).to_contain_text("INFO")
    expect(printed.locator("td").nth(2)).to_have_text("functions.greet")
    expect(printed.get_by_role("button")).to_have_text(re.compile("^[0-9a-f]{32}$"))
    expect(function_lines.locator("tr", has_text="no one called Bea was expected")).to_contain_text("WARNING")
    page.get_by_role("combobox", name=re.compile("^Function")).select_option("greet")
    page.get_by_label("Search").fill("was expected")
    expect(function_lines.locator("tbody tr", has_text="Bea")).to_have_count(1)
    expect(function_lines).not_to_contain_text("greeting")
    page.get_by_label("Search").fill("nobody printed this")
    expect(page.get_by_text("No function lines match.")).to_be_visible()
    page.get_by_label("Search").fill("")
    printed.get_by_role("button").click()
    expect(page.get_by_role("region", name=re.compile("^Log lines of request ")).locator(
        "tr", has_text="greeting Bea")).to_contain_text("functions.greet")
