"""The markers tests/conftest.py sets from what a test uses select what they say, in a real collection of the suite."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from gateway.settings import PROJECT_ROOT

UNIT_FILE = "tests/foundation/test_settings.py"
UNIT_TEST = "test_dotenv_file_is_read_and_the_environment_wins"
DATABASE_TEST = "test_api_roles_exist_with_supabase_attributes"


def pytest_output(*args: str) -> str:
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                            cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def collected(marks: str, *paths: str) -> set[str]:
    output = pytest_output("--collect-only", "-q", "-m", marks, *paths)
    return {line for line in output.splitlines() if "::" in line}


@pytest.mark.parametrize(("mark", "tests"), [
    ("browser", ["tests/e2e/test_smoke.py::test_home_page_renders_without_console_errors"]),  # the browser fixture
    ("node", [
        "tests/rest/test_supabase_js.py::test_supabase_js_builder_methods",  # calls run_node_test
        # signs in with the OpenID provider run by Node
        "tests/auth/oauth/test_hostile_input.py::test_a_nul_in_an_authorize_parameter_is_refused_and_records_no_flow"
        "[provider]",
    ]),
    ("slow", [
        # through the module's helper that calls run_cli
        "tests/foundation/test_migration_commands.py::test_list_shows_local_and_applied_versions_as_the_cli_table",
        "tests/functions/deno/test_deno_faults.py::test_a_worker_that_exits_is_restarted_on_the_next_request",  # folder
    ]),
])
def test_a_mark_selects_the_tests_that_need_it_and_no_unit_test(mark: str, tests: list[str]):
    ids = collected(mark, *{test.split("::")[0] for test in tests}, UNIT_FILE)
    assert set(tests) <= ids
    assert not {i for i in ids if i.startswith(UNIT_FILE)}


def test_not_database_leaves_out_every_test_that_uses_a_database_fixture():
    output = pytest_output("--fixtures-per-test", "-m", "not database")
    # One heading per selected test, then a line per fixture it uses: `name -- where it is defined`.
    selected = re.findall(r"fixtures used by (\S+) -", output)
    fixtures = set(re.findall(r"^(\w+) -- ", output, re.M))
    assert UNIT_TEST in selected
    assert DATABASE_TEST not in selected
    assert "tmp_path" in fixtures
    assert not fixtures & {"pg_cluster", "migrated_template", "database_url", "db"}
