"""`gateway policies test` as a developer runs it: the matrix, a failing case explained, JSON, bad files, and a
database left as it was."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

import httpx
import psycopg
import pytest

from gateway.cli import main as cli
from gateway.rest import execute
from gateway.settings import PROJECT_ROOT
from tests.conftest import TEST_JWT_SECRET, make_settings
from tests.policies.test_policy_files import CASES, FILES
from tests.support.live import run_gateway

PEOPLE = CASES / "people.toml"
TABLES = """select format('%I.%I', table_schema, table_name) from information_schema.tables
            where table_schema in ('public', 'auth', 'private') and table_type = 'BASE TABLE' order by 1"""

WRONG = f"""include = "{PEOPLE}"

[[case]]
rule = "users read their own role"
as = "reader"
select = "user_roles"
expect = {{ rows = 2 }}

[[case]]
rule = "super-admins read every role"
as = "admin"
select = "user_roles"
expect = "all"
"""


@pytest.fixture()
def gateway_env(database_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("JWT_SECRET", TEST_JWT_SECRET)


def row_counts(db: psycopg.Connection) -> dict[str, int]:
    tables = [row[0] for row in db.execute(TABLES)]
    return {table: db.execute(f"select count(*) from {table}").fetchone()[0] for table in tables}


def policies_test(*args: str, capsys) -> tuple[int, str, str]:
    code = cli.main(["--workdir", str(PROJECT_ROOT), "policies", "test", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_sites_files_pass_and_leave_the_database_as_it_was(database_url, db):
    db.execute("insert into companies (name) values ('Kept Co')")
    before = row_counts(db)
    assert before["public.companies"] == 1 and len(before) > 10
    result = subprocess.run([sys.executable, "-m", "gateway", "--workdir", str(PROJECT_ROOT), "policies", "test"],
                            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(PROJECT_ROOT),
                                 "DATABASE_URL": database_url, "JWT_SECRET": TEST_JWT_SECRET},
                            capture_output=True, text=True, timeout=300, cwd=PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    cases = sum(path.read_text().count("[[case]]") for path in FILES)
    assert result.stdout.count("✓") == cases and "✗" not in result.stdout
    assert f"{cases} passed, 0 failed, in {len(FILES)} files" in result.stdout
    assert "tests/policies/cases/tickets.toml" in result.stdout, "found through [gateway] policy_tests"
    assert row_counts(db) == before, "every file's transaction is rolled back"


def test_a_wrong_expectation_fails_and_shows_the_policies_that_applied(tmp_path, gateway_env, capsys):
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(WRONG)
    code, out, _ = policies_test(str(wrong), capsys=capsys)
    assert code == 1, out
    assert "✗  reader  select     user_roles  2 rows" in out, out
    assert "✓  admin" in out
    assert "wrong.toml:3" in out and "mismatch: expected 2 rows, got 1" in out
    assert "request: GET /rest/v1/user_roles as reader (authenticated)" in out
    assert "public.user_roles: row level security on; policies for SELECT to authenticated:" in out
    assert "using (" in out and '"role": "read-user"' in out, "the policies and the rows that came back"
    assert "1 passed, 1 failed" in out



def test_json_gives_each_case_with_what_came_back(tmp_path, gateway_env, capsys):
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(WRONG)
    code, out, _ = policies_test("--json", str(wrong), capsys=capsys)
    assert code == 1
    report = json.loads(out)
    assert (report["passed"], report["failed"]) == (1, 1)
    failed, passed = report["files"][0]["cases"]
    assert failed["passed"] is False and failed["line"] == 3 and failed["count"] == 1
    assert failed["rows"][0]["role"] == "read-user" and failed["problems"] == ["expected 2 rows, got 1"]
    assert any("user_roles" in line for line in failed["policies"])
    assert passed["passed"] is True and passed["policies"] == []


BAD_FILES = [
    ("[[case]]\nas = \"anon\"\nselect = \"todos\"\nexpect = allowed\n", ":4: not valid TOML"),
    ("[setup]\nx = 1\n\n[[case]]\nas = \"anon\"\nselect = \"t\"\nexpect = \"none\"\n", ":2: 'x' must be an SQL statement"),
    ("[[case]]\nas = \"anon\"\nselect = \"t\"\nexpect = \"none\"\n\n[[case]]\nas = \"nobody\"\nselect = \"t\"\n"
     "expect = \"none\"\n", ":6: case needs `as` = one of anon, service_role (got 'nobody')"),
    ("[[case]]\nas = \"anon\"\nselct = \"t\"\nexpect = \"none\"\n", ":1: a case: unknown key 'selct'"),
    ("[[case]]\nas = \"anon\"\nselect = \"t\"\n", ":1: case needs expect ="),
    ("[[case]]\nas = \"anon\"\nselect = \"t\"\nexpect = \"maybe\"\n", ":1: expect 'maybe'"),
    ("[users.ann]\nrows.x = \"insert into nowhere values (1)\"\n\n[[case]]\nas = \"ann\"\nselect = \"t\"\n"
     "expect = \"none\"\n", ":2: 'x' failed: relation \"nowhere\" does not exist (SQLSTATE 42P01)"),
    ("[setup]\na = \"select {b}\"\nb = \"select {a}\"\n\n[[case]]\nas = \"anon\"\nselect = \"t\"\nexpect = \"none\"\n",
     ":2: 'a' uses b, which no statement can make first"),
]


@pytest.mark.parametrize("text, message", BAD_FILES)
def test_a_bad_file_is_named_with_its_line(text, message, tmp_path, gateway_env, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    code, out, err = policies_test(str(bad), capsys=capsys)
    assert code == 1 and out == ""
    assert err.startswith(f"error: {bad}{message}"), err


@pytest.mark.parametrize("document, heading", [("docs/cli.md", "## Policy tests"), ("docs/policy-tests.md", "## A file")])
def test_the_documented_examples_pass(document, heading, tmp_path, gateway_env, capsys):
    text = (PROJECT_ROOT / document).read_text()
    example = text[text.index(heading):].split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example)
    code, out, err = policies_test(str(path), capsys=capsys)
    assert code == 0, out + err


def test_a_rest_api_that_bypasses_the_policies_fails_the_policy_tests(database_url, db, tmp_path, gateway_env,
                                                                       monkeypatch, capsys):
    """REST broken on purpose, every request run as service_role: the API shows visitors a ticket, and the policy
    tests, which run their cases the way REST runs requests, fail."""
    company = db.execute("insert into companies (name) values ('Bypass Co') returning id").fetchone()[0]
    title = f"bypass-{uuid.uuid4().hex[:8]}"
    db.execute("insert into tickets (title, company_id) values (%s, %s)", (title, company))

    def visible_to_visitors(gateway) -> list:
        return httpx.get(f"{gateway.url}/rest/v1/tickets", params={"select": "title", "title": f"eq.{title}"},
                         headers=gateway.headers(), timeout=30).json()

    production = execute.transaction_settings
    with run_gateway(make_settings(database_url, tmp_path)) as gateway:
        assert visible_to_visitors(gateway) == []
        assert policies_test(str(CASES / "tickets.toml"), capsys=capsys)[0] == 0
        monkeypatch.setattr(execute, "transaction_settings",
                            lambda *args, **kwargs: {**production(*args, **kwargs), "role": "service_role"})
        assert visible_to_visitors(gateway) == [{"title": title}]
        code, out, _ = policies_test(str(CASES / "tickets.toml"), capsys=capsys)
    refused_visitors = [line.split() for line in out.splitlines() if line.startswith("✗  anon ")]
    assert code == 1 and ["✗", "anon", "select", "tickets"] in [words[:4] for words in refused_visitors], out
