"""The studio's views in the real Chromium against a real gateway: what the browser does is what the database and
supabase-js see afterwards."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import httpx
import psycopg
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.test_accessibility import violations
from tests.support.live import LiveGateway
from tests.support.mailbox import mails_to
from tests.support.node import NODE_DIR

PASSWORD = "a long password 123"
SCHEMA = """
create table public.notes (
    id bigint generated always as identity primary key,
    owner uuid not null references auth.users (id) on delete cascade,
    body text not null check (length(body) > 0)
);
comment on table public.notes is 'What each user wrote; each reads only their own.';
alter table public.notes enable row level security;
create policy "Owners read their own notes" on public.notes for select to authenticated using (owner = auth.uid());
grant all on public.notes to anon, authenticated, service_role;
create table public.items (id int primary key, label text not null);
comment on table public.items is 'Numbered items for paging.';
grant all on public.items to service_role;
insert into public.items select n, 'item ' || n from generate_series(1, 60) n;
create table public.note_tags (
    note_id bigint not null references public.notes (id) on delete cascade,
    tag text not null,
    primary key (note_id, tag)
);
grant all on public.note_tags to service_role;
alter publication supabase_realtime add table public.notes;
"""


@pytest.fixture(scope="module", autouse=True)
def schema(db: psycopg.Connection) -> None:
    """Before the module's gateway starts, so that its schema cache has the tables."""
    db.execute(SCHEMA)


@pytest.fixture(scope="module")
def users(studio: LiveGateway, db: psycopg.Connection) -> dict[str, str]:
    service = {"apikey": studio.service_key, "Authorization": f"Bearer {studio.service_key}"}
    ids = {}
    for name in ("alice", "bob"):
        answer = httpx.post(f"{studio.url}/auth/v1/admin/users", headers=service,
                            json={"email": f"{name}@example.com", "password": PASSWORD, "email_confirm": True})
        assert answer.status_code == 200, answer.text
        ids[name] = answer.json()["id"]
    db.execute("insert into notes (owner, body) values (%s, 'alice one'), (%s, 'alice two'), (%s, 'bob one')",
               (ids["alice"], ids["alice"], ids["bob"]))
    return ids


def supabase_js_read(studio: LiveGateway, email: str, table: str = "notes") -> dict:
    result = subprocess.run(["node", str(Path(__file__).parent / "supabase_js_read.mjs")], cwd=NODE_DIR,
                            env={"PATH": "/usr/bin:/bin", "GATEWAY_URL": studio.url, "ANON_KEY": studio.anon_key,
                                 "EMAIL": email, "PASSWORD": PASSWORD, "TABLE": table},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def open_table(page: Page, name: str) -> None:
    page.get_by_role("link", name="Tables").click()
    page.get_by_role("navigation", name="Tables and views").get_by_role("button", name=re.compile(f"^{name} ")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"public.{name}")


def grid_column(page: Page, region: str, column: int) -> list[str]:
    return grid_cells(page.get_by_role("region", name=region), column)


def test_tables_show_columns_keys_rls_and_counts(page: Page, users: dict[str, str]) -> None:
    open_table(page, "notes")
    badges = page.locator(".badges")
    expect(badges).to_contain_text("RLS on")
    expect(badges).to_contain_text("3 rows")
    page.get_by_role("tab", name="Structure").click()
    columns = page.get_by_role("table", name="Columns of notes")
    expect(columns.locator("tbody tr")).to_have_count(3)
    expect(columns.locator("tbody tr").first).to_contain_text("bigint")
    expect(columns.locator("tbody tr").first).to_contain_text("primary key")
    expect(page.get_by_text("What each user wrote; each reads only their own.")).to_be_visible()
    expect(page.locator(".fks")).to_contain_text("owner → auth.users (id)")
    open_table(page, "items")
    expect(page.locator(".badges")).to_contain_text("RLS off")


def test_a_foreign_key_is_followed_to_its_table(page: Page) -> None:
    open_table(page, "note_tags")
    page.get_by_role("tab", name="Structure").click()
    expect(page.get_by_role("table", name="Columns of note_tags").locator("tbody tr")).to_have_count(2)
    page.locator(".fks").get_by_role("button", name="public.notes").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("public.notes")
    expect(page.get_by_role("tab", name="Rows")).to_have_attribute("aria-selected", "true")
    page.get_by_role("tab", name="Structure").click()
    expect(page.locator(".fks").get_by_role("button")).to_have_count(0)  # auth.users is not an exposed schema


def test_rows_page_sort_and_filter_through_the_rest_api(page: Page) -> None:
    open_table(page, "items")
    region = "Rows of items"
    expect(page.get_by_role("region", name=region).locator("tbody tr")).to_have_count(50)
    expect(page.get_by_text("Rows 1–50 of 60")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("Rows 51–60 of 60")).to_be_visible()
    expect(page.get_by_role("region", name=region).locator("tbody tr")).to_have_count(10)
    assert grid_column(page, region, 0) == [str(n) for n in range(51, 61)]
    page.get_by_role("button", name="Previous").click()
    page.get_by_role("button", name="id", exact=True).click()
    page.get_by_role("button", name="id ▲").click()
    expect(page.get_by_role("region", name=region).locator("tbody tr").first.locator("td").first).to_have_text("60")
    page.get_by_label("Filter column").select_option("label")
    page.get_by_label("Operator").select_option("ilike")
    page.get_by_label("Value").fill("%item 1%")
    page.get_by_role("button", name="Apply filter").click()
    expect(page.get_by_text("Rows 1–11 of 11")).to_be_visible()
    expect(page.get_by_role("region", name=region).locator("tbody tr")).to_have_count(11)
    assert sorted(map(int, grid_column(page, region, 0))) == [1, *range(10, 20)]


def test_a_row_edited_in_the_browser_is_the_row_in_the_database(page: Page, users: dict[str, str],
                                                               db: psycopg.Connection) -> None:
    open_table(page, "notes")
    row = page.get_by_role("region", name="Rows of notes").locator("tr", has_text="bob one")
    row.get_by_role("button", name="Edit").click()
    editor = page.get_by_role("form", name="Edit row")
    editor.get_by_label("body").fill("bob, edited in the studio")
    editor.get_by_role("button", name="Save").click()
    expect(page.get_by_role("region", name="Rows of notes")).to_contain_text("bob, edited in the studio")
    assert db.execute("select body from notes where owner = %s", (users["bob"],)).fetchall() == [
        ("bob, edited in the studio",)]


def test_the_databases_own_error_is_shown_and_a_deleted_row_is_gone(page: Page, users: dict[str, str],
                                                                   db: psycopg.Connection) -> None:
    open_table(page, "notes")
    page.get_by_role("button", name="Insert row").click()
    editor = page.get_by_role("form", name="Insert into notes")
    editor.get_by_label("owner").fill("not-a-uuid")
    editor.get_by_label("body").fill("x")
    editor.get_by_role("button", name="Save").click()
    expect(editor.get_by_role("alert")).to_contain_text('invalid input syntax for type uuid: "not-a-uuid"')
    editor.get_by_label("owner").fill(users["alice"])
    editor.get_by_role("button", name="Save").click()
    region = page.get_by_role("region", name="Rows of notes")
    expect(region.locator("tr", has_text="x").filter(has_text=users["alice"]).last).to_be_visible()
    new_id = db.execute("select id from notes where body = 'x'").fetchone()[0]
    page.once("dialog", lambda dialog: dialog.accept())
    region.locator("tr", has=page.locator("td", has_text=re.compile(f"^{new_id}$"))).get_by_role(
        "button", name="Delete").click()
    expect(region.locator("td", has_text=re.compile(f"^{new_id}$"))).to_have_count(0)
    assert db.execute("select count(*) from notes where body = 'x'").fetchone() == (0,)


def run_sql(page: Page, text: str) -> None:
    page.get_by_label("SQL", exact=True).fill(text)
    page.get_by_role("button", name="Run", exact=True).click()


def test_the_sql_editor_runs_as_a_chosen_user_under_rls(page: Page, users: dict[str, str]) -> None:
    page.get_by_role("link", name="SQL editor").click()
    run_sql(page, "select count(*) as notes from notes")
    expect(page.get_by_role("region", name="Results").locator("tbody td")).to_have_text("3")
    page.get_by_label("Run as").select_option("authenticated")
    page.get_by_label("User", exact=True).select_option(label="alice@example.com")
    run_sql(page, "select body, auth.uid() = owner as mine from notes order by id")
    results = page.get_by_role("region", name="Results")
    expect(results.locator("tbody tr")).to_have_count(2)
    expect(results.locator("tbody")).to_contain_text("alice one")
    expect(results.locator("tbody")).not_to_contain_text("bob")
    page.get_by_label("Run as").select_option("anon")
    run_sql(page, "select count(*) from notes")
    expect(page.get_by_role("region", name="Results").locator("tbody td")).to_have_text("0")


def test_a_sql_error_says_where(page: Page) -> None:
    page.get_by_role("link", name="SQL editor").click()
    run_sql(page, "select 1;\nselect nope\n  from notes;")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text('42703: column "nope" does not exist')
    expect(alert).to_contain_text("At line 2, column 8.")


def test_several_statements_give_the_last_result_and_a_long_query_is_cancelled(page: Page) -> None:
    page.get_by_role("link", name="SQL editor").click()
    run_sql(page, "create temporary table scratch (n int);\ninsert into scratch values (1), (2);\n"
                  "select count(*) as counted from scratch")
    results = page.get_by_role("region", name="Results")
    expect(results.locator("th")).to_have_text(["counted"])
    expect(results.locator("tbody td")).to_have_text("2")
    page.get_by_label("Run as").select_option("authenticated")
    run_sql(page, "select pg_sleep(60)")
    expect(page.get_by_role("button", name="Running…")).to_be_disabled()
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("alert")).to_contain_text("57014: canceling statement due to user request", timeout=10_000)
    expect(page.get_by_role("button", name="Run", exact=True)).to_be_enabled()


def test_the_matrix_says_when_there_is_no_grant_and_when_rls_is_off(page: Page, db: psycopg.Connection) -> None:
    db.execute("revoke all on public.items from anon")
    page.get_by_role("link", name="Policies").click()
    page.get_by_role("navigation", name="Tables").get_by_role("button", name=re.compile("^items")).click()
    matrix = page.get_by_role("table", name="Who may do what on items")
    assert grid_cells(matrix, 0) == ["✗ no grant", "✓ every row (RLS off)"]


@pytest.mark.node  # through a helper that runs Node
def test_view_as_shows_exactly_the_rows_supabase_js_gets(page: Page, studio: LiveGateway,
                                                        users: dict[str, str]) -> None:
    page.get_by_role("link", name="Policies").click()
    page.get_by_role("navigation", name="Tables").get_by_role("button", name=re.compile("^notes")).click()
    expect(page.get_by_role("heading", name="Owners read their own notes")).to_be_visible()
    expect(page.locator(".policy")).to_contain_text("using ((owner = auth.uid()))")
    matrix = page.get_by_role("table", name="Who may do what on notes")
    assert [grid_cells(matrix, i) for i in range(4)] == [
        ["✗ no policy", "✓ rows of 1 policy"], ["✗ no policy", "✗ no policy"], ["✗ no policy", "✗ no policy"],
        ["✗ no policy", "✗ no policy"]]
    page.get_by_label("Run as").select_option("authenticated")
    page.get_by_label("User", exact=True).select_option(label="alice@example.com")
    page.get_by_role("button", name="View rows").click()
    region = "Rows of notes as authenticated"
    expect(page.get_by_role("region", name=region).locator("tbody tr")).to_have_count(2)
    seen = grid_column(page, region, 2)
    rows = supabase_js_read(studio, "alice@example.com")["rows"]
    assert seen == [row["body"] for row in rows] and len(rows) == 2


@pytest.mark.node  # through a helper that runs Node
def test_a_user_banned_in_the_browser_cannot_sign_in_with_supabase_js(page: Page, studio: LiveGateway,
                                                                     users: dict[str, str]) -> None:
    assert "rows" in supabase_js_read(studio, "bob@example.com")
    page.get_by_role("link", name="Users").click()
    row = page.get_by_role("table", name="Users").locator("tr", has_text="bob@example.com")
    row.get_by_role("button", name="Ban").click()
    expect(row).to_contain_text("banned")
    assert supabase_js_read(studio, "bob@example.com")["error"]["code"] == "user_banned"
    row.get_by_role("button", name="Unban").click()
    expect(row).to_contain_text("confirmed")
    assert "rows" in supabase_js_read(studio, "bob@example.com")


@pytest.mark.node  # through a helper that runs Node
def test_a_user_created_in_the_browser_signs_in_with_supabase_js(page: Page, studio: LiveGateway) -> None:
    page.get_by_role("link", name="Users").click()
    form = page.get_by_role("form", name="Create a user")
    form.get_by_label("Email").fill("carol@example.com")
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Create user").click()
    expect(page.get_by_role("table", name="Users")).to_contain_text("carol@example.com")
    assert supabase_js_read(studio, "carol@example.com")["rows"] == []


def test_the_logs_show_each_api_request_as_it_happens(page: Page, studio: LiveGateway) -> None:
    page.get_by_role("link", name="Logs").click()
    assert httpx.get(f"{studio.url}/rest/v1/logs_probe", headers=studio.headers()).status_code == 404
    assert httpx.get(f"{studio.url}/rest/v1/notes", headers={"apikey": "not-a-key"}).status_code == 401
    requests = page.get_by_role("table", name="Requests")
    probe = requests.locator("tr", has_text="/rest/v1/logs_probe")
    expect(probe).to_have_count(1)
    expect(probe.locator("td").nth(1)).to_have_text("GET")
    expect(probe.locator("td").nth(3)).to_have_text("404")
    expect(requests).not_to_contain_text("/_/api/")
    page.get_by_label("Search").fill("logs_probe")
    expect(requests.locator("tbody tr")).to_have_count(1)
    page.get_by_label("Search").fill("")
    page.get_by_label("Status").select_option("4xx")
    expect(requests.locator("tr", has_text="/rest/v1/notes").filter(has_text="401")).to_have_count(1)
    assert {status[0] for status in grid_cells(requests, 3)} == {"4"}


def grid_cells(table: Locator, column: int) -> list[str]:
    rows = table.locator("tbody tr")
    return [rows.nth(i).locator("td").nth(column).inner_text() for i in range(rows.count())]


def test_a_users_details_show_identities_factors_and_metadata(page: Page, users: dict[str, str],
                                                              db: psycopg.Connection) -> None:
    db.execute("insert into auth.mfa_factors (user_id, friendly_name, factor_type, status)"
               " values (%s, 'Work phone', 'totp', 'verified')", (users["alice"],))
    page.get_by_role("link", name="Users").click()
    page.get_by_role("table", name="Users").get_by_role("button", name="alice@example.com", exact=True).click()
    details = page.get_by_role("region", name="User alice@example.com")
    expect(details).to_contain_text(f"id {users['alice']}")
    expect(details.get_by_role("table", name="Identities").locator("tbody tr")).to_have_count(1)
    factors = details.get_by_role("table", name="MFA factors")
    expect(factors.locator("tbody tr")).to_have_count(1)
    assert [grid_cells(factors, column) for column in range(3)] == [["totp"], ["Work phone"], ["verified"]]
    expect(details).to_contain_text('"provider": "email"')
    details.get_by_role("button", name="Close").click()
    expect(details).to_have_count(0)


def supabase_js_session(studio: LiveGateway, **env: str) -> dict:
    result = subprocess.run(["node", str(Path(__file__).parent / "supabase_js_session.mjs")], cwd=NODE_DIR,
                            env={"PATH": "/usr/bin:/bin", "GATEWAY_URL": studio.url, "ANON_KEY": studio.anon_key,
                                 **env}, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.node  # through a helper that runs Node
def test_a_users_sessions_are_shown_and_signed_out_everywhere(page: Page, studio: LiveGateway,
                                                              users: dict[str, str]) -> None:
    signed_in = supabase_js_session(studio, EMAIL="bob@example.com", PASSWORD=PASSWORD)
    page.get_by_role("link", name="Users").click()
    page.get_by_role("table", name="Users").get_by_role("button", name="bob@example.com", exact=True).click()
    details = page.get_by_role("region", name="User bob@example.com")
    identities = details.get_by_role("table", name="Identities")
    expect(identities.locator("tbody tr")).to_have_count(1)
    assert grid_cells(identities, 0) == ["email"] and grid_cells(identities, 1) == ["bob@example.com"]
    sessions = details.get_by_role("table", name="Sessions")
    expect(sessions.locator("tbody tr")).not_to_have_count(0)
    assert set(grid_cells(sessions, 2)) == {"aal1"} and set(grid_cells(sessions, 4)) == {"127.0.0.1"}
    page.once("dialog", lambda dialog: dialog.accept())
    details.get_by_role("button", name="Sign out everywhere").click()
    expect(details.get_by_text("No sessions.")).to_be_visible()
    refreshed = supabase_js_session(studio, REFRESH_TOKEN=signed_in["refresh_token"])
    assert refreshed["error"]["code"] == "refresh_token_not_found"


def test_the_auth_settings_are_shown_as_the_auth_service_publishes_them(page: Page) -> None:
    page.get_by_role("link", name="Users").click()
    page.get_by_text("Auth settings").click()
    facts = page.get_by_role("definition").all_inner_texts()
    terms = page.get_by_role("term").all_inner_texts()
    shown = dict(zip(terms, facts, strict=True))
    assert shown["Sign-in methods"].split(", ")[0] == "email" and "anonymous_users" in shown["Sign-in methods"]
    assert shown["mailer_autoconfirm"] == "false"


def test_invite_confirm_and_recovery_from_the_users_view(page: Page, studio: LiveGateway) -> None:
    page.get_by_role("link", name="Users").click()
    invite = page.get_by_role("form", name="Invite a user")
    invite.get_by_label("Email").fill("dave@example.com")
    invite.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_role("status")).to_have_text("Invitation sent to dave@example.com.")
    row = page.get_by_role("table", name="Users").locator("tr", has_text="dave@example.com")
    expect(row).to_contain_text("waiting for confirmation")
    assert [mail["subject"] for mail in mails_to(studio, "dave@example.com")] == ["You have been invited"]
    row.get_by_role("button", name="Confirm").click()
    expect(row).to_contain_text("confirmed")
    row.get_by_role("button", name="Send recovery").click()
    expect(page.get_by_role("status")).to_have_text("Recovery mail sent to dave@example.com.")
    assert mails_to(studio, "dave@example.com")[0]["subject"] == "Reset your password"


def test_the_database_view_shows_migrations_roles_and_toggles_an_extension(page: Page, studio: LiveGateway,
                                                                          db: psycopg.Connection) -> None:
    page.get_by_role("link", name="Database").click()
    expect(page.get_by_text("set by DATABASE_URL, not shown here.")).to_be_visible()
    expect(page.get_by_role("link", name="Development mailbox")).to_have_attribute(
        "href", f"{studio.url}/_dev/mailbox")
    platform = db.execute("select count(*) from gateway_meta.migrations where kind = 'platform'").fetchone()[0]
    expect(page.get_by_role("region", name="Platform migrations").locator("tbody tr")).to_have_count(platform)
    roles = page.get_by_role("table", name="Roles")
    expect(roles.locator("tr", has_text="authenticated").first).to_be_visible()
    page.get_by_label("Find an extension").fill("pg_trgm")
    extensions = page.get_by_role("table", name="Extensions")
    extensions.get_by_role("button", name="Enable pg_trgm").click()
    expect(extensions.get_by_role("button", name="Disable pg_trgm")).to_be_visible()
    assert db.execute("select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace"
                      " where extname = 'pg_trgm'").fetchone() == ("extensions",)
    extensions.get_by_role("button", name="Disable pg_trgm").click()
    expect(extensions.get_by_role("button", name="Enable pg_trgm")).to_be_visible()
    assert db.execute("select 1 from pg_extension where extname = 'pg_trgm'").fetchone() is None
    page.get_by_label("Find an extension").fill("plpgsql")
    extensions.get_by_role("button", name="Disable plpgsql").click()
    expect(page.get_by_role("alert")).to_contain_text("cannot drop extension plpgsql because other objects depend on it")


def test_the_realtime_inspector_shows_the_changes_a_user_may_see(page: Page, users: dict[str, str],
                                                                 db: psycopg.Connection) -> None:
    page.get_by_role("link", name="Realtime").click()
    page.get_by_label("Run as").select_option("authenticated")
    page.get_by_label("User", exact=True).select_option(label="alice@example.com")
    page.get_by_label("Table").select_option("public.notes")
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("status")).to_have_text("changes of public.notes as authenticated: SUBSCRIBED")
    db.execute("insert into notes (owner, body) values (%s, 'seen by alice'), (%s, 'hidden from alice')",
               (users["alice"], users["bob"]))
    events = page.get_by_role("list", name="Events")
    expect(events.locator("li")).to_have_count(1)
    expect(events.locator("li")).to_contain_text("INSERT")
    expect(events.locator("li")).to_contain_text('"body": "seen by alice"')
    page.wait_for_timeout(500)  # a change for bob would have arrived with alice's
    expect(events).not_to_contain_text("hidden from alice")


@pytest.mark.parametrize(("theme", "width", "height"), [("light", 1280, 800), ("dark", 1280, 800),
                                                        ("light", 1920, 1080)])
@pytest.mark.node  # through a helper that runs Node
def test_every_view_fits_and_passes_axe_in_both_themes(checked_page: Page, studio: LiveGateway,
                                                       users: dict[str, str], theme: str, width: int,
                                                       height: int) -> None:
    """No serious or critical WCAG 2.2 AA violation (axe-core, as the site is checked) and nothing wider than the
    window. With STUDIO_SCREENSHOTS=<folder>, also saves each view at 1280×800 there (docs/screenshots holds them)."""
    page = checked_page
    supabase_js_session(studio, EMAIL="alice@example.com", PASSWORD=PASSWORD)  # a session for the Users view
    page.set_viewport_size({"width": width, "height": height})
    if page.evaluate("document.documentElement.dataset.theme") != theme:
        page.get_by_role("button", name=f"Switch to {theme} theme").click()
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    for view in ("Tables", "SQL editor", "Policies", "Users", "Storage", "Realtime", "Logs", "Database"):
        page.get_by_role("link", name=view).click()
        expect(page.get_by_role("link", name=view)).to_have_attribute("aria-current", "page")
        page.get_by_role("heading", level=1).first.wait_for()
        if view == "Tables":
            open_table(page, "notes")
        if view == "Policies":
            page.get_by_role("navigation", name="Tables").get_by_role("button", name=re.compile("^notes")).click()
            page.get_by_label("Run as").select_option("authenticated")
            page.get_by_label("User", exact=True).select_option(label="alice@example.com")
            page.get_by_role("button", name="View rows").click()
            page.get_by_role("region", name="Rows of notes as authenticated").wait_for()
            page.get_by_role("button", name="Run the policy test files").click()
            expect(page.get_by_role("status").filter(has_text="passed")).to_be_visible(timeout=60_000)
            page.get_by_role("heading", name="Policy tests").scroll_into_view_if_needed()
        if view == "Users":
            page.get_by_role("table", name="Users").get_by_role("button", name="alice@example.com",
                                                                exact=True).click()
            page.get_by_role("table", name="Sessions").wait_for()
        if view == "Logs":
            page.get_by_role("table", name="Requests").get_by_role("button").first.click()
            lines = page.get_by_role("region", name=re.compile("^Log lines of request "))
            lines.wait_for()
            assert violations(page, f"{view} with a request's lines, {theme} theme") == []
            lines.get_by_role("button", name="Close").click()
        if view == "SQL editor":
            run_sql(page, "select id, body from notes order by id")
        if view == "Storage" and page.get_by_role("navigation", name="Buckets").get_by_role("button").count() == 0:
            page.get_by_label("Bucket name").fill("avatars")
            page.get_by_role("button", name="Create bucket").click()
            page.get_by_label("Upload files (or drop them here)").set_input_files(
                {"name": "alice.txt", "mimeType": "text/plain", "buffer": b"alice"})
            page.get_by_role("table", name="Files").wait_for()
        assert violations(page, f"{view}, {theme} theme") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width, view
        if (folder := os.environ.get("STUDIO_SCREENSHOTS")) and width == 1280:
            name = view.lower().replace(" editor", "")
            page.screenshot(path=str(Path(folder) / f"studio-{name}-{theme}.png"))
