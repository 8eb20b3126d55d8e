"""`gateway serve --watch` with two API workers on a project folder: policies, new migrations and functions take
effect without a restart, one output line each, and a broken file leaves the previous state serving."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.live import free_port
from tests.support.pg import PgCluster
from tests.support.serve import gateway_env

JWT_SECRET = "watch-test-secret-0123456789abcdef0123456789"
TIMEOUT = 30

MIGRATION = """\
create table public.notes (id int primary key, body text not null);
alter table public.notes enable row level security;
grant select on public.notes to anon, authenticated;
insert into public.notes values (1, 'public note'), (2, 'private note');
"""
POLICY = """\
drop policy if exists notes_read on public.notes;
create policy notes_read on public.notes for select to authenticated using (body like 'public%');
"""
HANDLER = """\
from gateway.functions.api import FunctionResponse


async def handle(request, ctx):
    return FunctionResponse({"greeting": %r})
"""


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


class Served:
    """`gateway serve --watch` in its own process, its output gathered line by line as it comes."""

    def __init__(self, project: Path, database_url: str, workers: int = 2) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.lines: list[str] = []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gateway", "serve", "--watch"], cwd=project, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env=gateway_env(DATABASE_URL=database_url, JWT_SECRET=JWT_SECRET, API_PORT=self.port, API_WORKERS=workers,
                            DATA_DIR=project / ".data", MAIL_AUTOCONFIRM="true", RATE_LIMITS="false"))
        self._reader = threading.Thread(target=lambda: self.lines.extend(self.proc.stdout), daemon=True)
        self._reader.start()

    def watch_lines(self) -> list[str]:
        return [line.rstrip("\n") for line in list(self.lines) if line.startswith("[watch]")]

    def wait_for_line(self, text: str) -> str:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            found = [line for line in self.watch_lines() if text in line]
            if found:
                return found[-1]
            assert self.proc.poll() is None, "".join(self.lines)
            time.sleep(0.1)
        raise AssertionError(f"no output line with {text!r}:\n{''.join(self.lines)}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            self.proc.wait(timeout=TIMEOUT)
        self._reader.join(timeout=5)
        self.proc.stdout.close()


def eventually(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError(f"never: {what}")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("watched")
    write(root / "supabase" / "config.toml", '[gateway]\npolicies = "policies"\n')
    write(root / "supabase" / "migrations" / "20260101000000_notes.sql", MIGRATION)
    write(root / "supabase" / "policies" / "notes.sql", POLICY)
    write(root / "supabase" / "functions" / "greet" / "function.toml", 'verify_jwt = false\nmethods = ["GET"]\n')
    write(root / "supabase" / "functions" / "greet" / "handler.py", HANDLER % "hello")
    return root


@pytest.fixture(scope="module")
def served(project: Path, pg_cluster: PgCluster) -> Iterator[Served]:
    name = pg_cluster.create_database("t_watch")
    server = Served(project, pg_cluster.url_for(name))
    try:
        eventually(lambda: _healthy(server.url), "the gateway answers /health")
        yield server
    finally:
        server.stop()
        pg_cluster.drop_database(name)


def test_with_one_worker_the_gateway_reloads_functions_itself(tmp_path, pg_cluster):
    """API_WORKERS=1: no parent to pass the signal on, the serving process gets it."""
    write(tmp_path / "supabase" / "config.toml", 'project_id = "one-worker"\n')
    write(tmp_path / "supabase" / "functions" / "greet" / "function.toml", 'verify_jwt = false\nmethods = ["GET"]\n')
    write(tmp_path / "supabase" / "functions" / "greet" / "handler.py", HANDLER % "hello")
    name = pg_cluster.create_database("t_watch_one")
    server = Served(tmp_path, pg_cluster.url_for(name), workers=1)
    try:
        eventually(lambda: _healthy(server.url), "the gateway answers /health")
        write(tmp_path / "supabase" / "functions" / "greet" / "handler.py", HANDLER % "hi there")
        server.wait_for_line("functions reloaded (greet)")
        eventually(lambda: httpx.get(f"{server.url}/functions/v1/greet").json() == {"greeting": "hi there"},
                   "the new code answers")
    finally:
        server.stop()
        pg_cluster.drop_database(name)


def _healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.fixture(scope="module")
def user_headers(served: Served) -> dict[str, str]:
    from gateway.jwt_keys import JwtKeys

    anon = JwtKeys(JWT_SECRET).anon_key
    signed_up = httpx.post(f"{served.url}/auth/v1/signup", json={"email": "dev@example.com", "password": "secret-pass"},
                           headers={"apikey": anon})
    assert signed_up.status_code == 200, signed_up.text
    return {"apikey": anon, "Authorization": f"Bearer {signed_up.json()['access_token']}"}


def note_ids(served: Served, headers: dict[str, str]) -> list[int]:
    # A new connection each time, so that both workers answer in turn.
    answer = httpx.get(f"{served.url}/rest/v1/notes?select=id&order=id", headers={**headers, "Connection": "close"})
    assert answer.status_code == 200, answer.text
    return [row["id"] for row in answer.json()]


def test_startup_names_the_watched_folders(served):
    eventually(lambda: any(line.startswith("Watching ") for line in served.lines), "the watching line")
    watching = next(line for line in served.lines if line.startswith("Watching "))
    assert watching.strip() == ("Watching supabase/migrations/, supabase/policies/, supabase/functions/ "
                                "for changes.")


def test_an_edited_policy_changes_what_a_user_reads(served, project, user_headers):
    assert note_ids(served, user_headers) == [1]
    write(project / "supabase" / "policies" / "notes.sql", POLICY.replace("body like 'public%'", "true"))
    assert served.wait_for_line("notes.sql") == "[watch] supabase/policies/notes.sql changed: applied"
    eventually(lambda: all(note_ids(served, user_headers) == [1, 2] for _ in range(6)), "both notes readable")


def test_a_broken_policy_gives_one_line_and_the_previous_policy_keeps_working(served, project, user_headers):
    before = len(served.watch_lines())
    write(project / "supabase" / "policies" / "notes.sql",
          "drop policy if exists notes_read on public.notes;\ncreate policy notes_read on public.notes\n"
          "    for select to authenticated usng (true);\n")
    line = served.wait_for_line("error")
    assert line == ('[watch] supabase/policies/notes.sql line 3: error: syntax error at or near "usng"; '
                    "nothing of it applied, the previous state stays")
    assert len(served.watch_lines()) == before + 1
    assert all(note_ids(served, user_headers) == [1, 2] for _ in range(6)), "the drop was rolled back too"


def test_a_new_migration_is_applied_and_its_table_served(served, project, user_headers):
    empty = project / "supabase" / "migrations" / "20260102000000_tags.sql"
    write(empty, "-- tags\n")  # what `gateway migration new tags` writes
    assert served.wait_for_line("_tags.sql") == (
        "[watch] supabase/migrations/20260102000000_tags.sql added: empty so far; applied once it holds SQL")
    write(empty, "create table public.tags (name text primary key);\ngrant select on public.tags to authenticated;\n"
                 "insert into public.tags values ('urgent');\n")
    assert served.wait_for_line("_tags.sql changed: applied") == (
        "[watch] supabase/migrations/20260102000000_tags.sql changed: applied")

    def served_everywhere() -> bool:
        answers = [httpx.get(f"{served.url}/rest/v1/tags", headers={**user_headers, "Connection": "close"})
                   for _ in range(6)]
        return all(a.status_code == 200 and a.json() == [{"name": "urgent"}] for a in answers)

    eventually(served_everywhere, "the new table in every worker's schema cache")


def test_changed_function_code_is_served_by_every_worker(served, project):
    def greetings() -> set[str]:
        return {httpx.get(f"{served.url}/functions/v1/greet", headers={"Connection": "close"}).json()["greeting"]
                for _ in range(8)}

    assert greetings() == {"hello"}
    write(project / "supabase" / "functions" / "greet" / "handler.py", HANDLER % "good morning")
    assert served.wait_for_line("handler.py changed: functions") == (
        "[watch] supabase/functions/greet/handler.py changed: functions reloaded (greet)")
    eventually(lambda: greetings() == {"good morning"}, "every worker serves the new code")

    write(project / "supabase" / "functions" / "greet" / "handler.py",
          "async def handle(request, ctx)\n    return None\n")
    line = served.wait_for_line("SyntaxError")
    assert line.startswith("[watch] supabase/functions/greet/handler.py changed: "
                           "supabase/functions/greet/handler.py line 1: error: SyntaxError: ")
    assert line.endswith("; the previous code keeps serving")
    assert greetings() == {"good morning"}
