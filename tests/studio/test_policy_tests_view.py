"""The Policies view's policy tests in the real Chromium: the matrix the browser shows is the matrix
`gateway policies test --json` prints for the same files, a failure with what was expected and what came back."""

from __future__ import annotations

import json

import psycopg
from playwright.sync_api import Page, expect

from gateway.settings import PROJECT_ROOT
from tests.conftest import TEST_JWT_SECRET
from tests.support.serve import run_cli

# A policy the site's files forbid: visitors reading the contact messages.
LEAK = """
insert into public.contact_messages (name, email, message) values ('Nadia', 'n@corp.example', 'Call me');
grant select on public.contact_messages to anon;
create policy "Visitors read messages" on public.contact_messages for select to anon using (true);
"""


def test_the_matrix_in_the_browser_is_the_one_the_command_prints(page: Page, db: psycopg.Connection,
                                                                 database_url: str) -> None:
    db.execute(LEAK)
    command = run_cli("--workdir", str(PROJECT_ROOT), "policies", "test", "--json", DATABASE_URL=database_url,
                      JWT_SECRET=TEST_JWT_SECRET)
    printed = json.loads(command.stdout)
    assert command.returncode == 1 and printed["failed"] > 0, command.stderr

    page.get_by_role("link", name="Policies").click()
    page.get_by_role("button", name="Run the policy test files").click()
    expect(page.get_by_role("status").filter(has_text="passed")).to_have_text(
        f"{printed['passed']} passed, {printed['failed']} failed", timeout=60_000)
    for file in printed["files"]:
        table = page.get_by_role("table", name=f"Policy tests of {file['file']}")
        shown = [row.locator("td").all_inner_texts() for row in table.locator("tr.case").all()]
        assert shown == [["✓" if case["passed"] else "✗", case["as"], case["operation"], case["target"],
                          case["expected"], case["got"]] for case in file["cases"]], file["file"]

    failed = next(case for file in printed["files"] for case in file["cases"] if not case["passed"])
    expect(page.locator("tr.failure")).to_have_count(printed["failed"])
    failure = page.locator("tr.failure").first
    expect(failure).to_contain_text(failed["rule"])
    expect(failure).to_contain_text(f"Expected {failed['expected']}; came back {failed['got']}")
    expect(failure).to_contain_text("Visitors read messages")
