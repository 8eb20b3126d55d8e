"""One origin per trust level, in a real Chromium: a function that reflects a query parameter into HTML cannot run a
script on the API's origin (a GET's HTML is served as text/plain with nosniff, a POST's is sandboxed), and a script
that does run there (here: one the test evaluates in a page of the origin) cannot reach the studio's admin API
without the studio's own credential, on loopback in development too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import httpx
import psycopg
import pytest
from playwright.sync_api import Browser, Page
from psycopg.conninfo import conninfo_to_dict

from gateway.project.folder import Project
from tests.conftest import make_settings
from tests.studio.conftest import PASSWORD, studio_gateway
from tests.support.live import LiveGateway
from tests.support.other_site import other_site
from tests.support.pg import PgCluster, with_database

CONFIG = 'project_id = "function-pages"\n\n[functions.reflect]\nverify_jwt = false\n'
# Hello, <q>: as a careless function greets its visitor, for every method.
REFLECT = """Deno.serve(async (req) => {
  const name = new URL(req.url).searchParams.get("q") ?? "there";
  return new Response(`<!doctype html><p>Hello, ${name}</p>`, { headers: { "content-type": "text/html; charset=utf-8" } });
});
"""
CREATE_TABLE = {"sql": "create table public.made_by_a_reflected_script ()"}
PAYLOAD = ("<script>fetch('/_/api/sql', {method: 'POST', headers: {'Content-Type': 'application/json'}, "
           f"body: '{json.dumps(CREATE_TABLE)}'}})</script>")
ADMIN_CALL = """async (body) => {
  const response = await fetch('/_/api/sql', {method: 'POST', headers: {'Content-Type': 'application/json'}, body})
  return {status: response.status, body: await response.text()}
}"""


@pytest.fixture(scope="module")
def development(database_url: str, pg_cluster: PgCluster, tmp_path_factory: pytest.TempPathFactory
                ) -> Iterator[LiveGateway]:
    """The gateway as `gateway serve` runs a project in development (its database on loopback TCP, so the studio is
    on by default), with the studio's admin password set so that a browser can sign in."""
    assert pg_cluster.tcp_url, "Deno functions need the database on TCP"
    root = tmp_path_factory.mktemp("function-pages")
    (root / "supabase" / "functions" / "reflect").mkdir(parents=True)
    (root / "supabase" / "config.toml").write_text(CONFIG)
    (root / "supabase" / "functions" / "reflect" / "index.ts").write_text(REFLECT)
    project = Project.load(root)
    settings = make_settings(database_url, tmp_path_factory.mktemp("function-pages-data"), project=project,
                             functions_dir=project.functions_dir, web_dist=Path(root / "no-site"),
                             tcp_database_url=with_database(pg_cluster.tcp_url,
                                                            conninfo_to_dict(database_url)["dbname"]))
    with studio_gateway(settings, STUDIO_PASSWORD=PASSWORD) as live:
        yield live


@pytest.fixture()
def signed_in_page(browser: Browser, development: LiveGateway) -> Iterator[tuple[Page, list[str]]]:
    """A browser signed in to the studio, as its developer's is; and the admin API requests its pages make."""
    context = browser.new_context()
    page = context.new_page()
    answer = context.request.post(f"{development.url}/_/api/session", form={"secret": PASSWORD}, max_redirects=0)
    assert answer.status == 303
    admin_calls: list[str] = []
    page.on("request", lambda request: urlsplit(request.url).path.startswith("/_/api/")
            and admin_calls.append(request.url))
    yield page, admin_calls
    context.close()


def table_made(database_url: str) -> bool:
    with psycopg.connect(database_url) as conn:
        return conn.execute("select to_regclass('public.made_by_a_reflected_script') is not null").fetchone()[0]


def test_a_gets_reflected_html_is_plain_text_and_its_script_never_runs(
        development: LiveGateway, signed_in_page: tuple[Page, list[str]], database_url: str) -> None:
    page, admin_calls = signed_in_page
    answer = page.goto(f"{development.url}/functions/v1/reflect?q={quote(PAYLOAD)}")
    assert answer is not None and answer.status == 200
    assert answer.headers["content-type"] == "text/plain; charset=utf-8"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert PAYLOAD in page.inner_text("body")  # shown as text
    page.wait_for_load_state("networkidle")
    assert admin_calls == [] and not table_made(database_url)


def test_a_posted_forms_reflected_html_is_sandboxed(development: LiveGateway,
                                                      signed_in_page: tuple[Page, list[str]],
                                                      database_url: str) -> None:
    """Another site's page posts a form to the function, so that its answer opens as a page of the API's origin."""
    page, admin_calls = signed_in_page
    target = f"{development.url}/functions/v1/reflect?q={quote(PAYLOAD)}"
    form = f'<form method="post" action="{target}"></form><script>document.forms[0].submit()</script>'
    with other_site(form) as origin:
        with page.expect_navigation(url=lambda url: "/functions/v1/reflect" in url) as navigation:
            page.goto(origin)
    answer = navigation.value
    assert answer is not None and answer.headers["content-security-policy"] == "sandbox"
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => self.origin") == "null"
    assert admin_calls == [] and not table_made(database_url)


def test_a_script_on_the_api_origin_cannot_reach_the_admin_api_without_the_studios_credential(
        development: LiveGateway, browser: Browser, database_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{development.url}/functions/v1/reflect")  # any page of the API's origin, on loopback
        answer = page.evaluate(ADMIN_CALL, json.dumps(CREATE_TABLE))
    finally:
        context.close()
    assert answer["status"] == 401 and not table_made(database_url)
    page_itself = httpx.get(f"{development.url}/_/")
    assert page_itself.status_code == 401 and "__STUDIO_CONFIG__" not in page_itself.text
