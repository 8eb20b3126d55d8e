"""The `gateway` command as a user runs it: serve on an empty folder, restart on the same one, status, errors."""

import json
import shutil
import socket
import tempfile
from pathlib import Path

import httpx
import psutil
import psycopg
import pytest
import websockets.sync.client

from tests.support.live import free_port
from tests.support.serve import ServeProcess, db_url, run_cli
from tests.support.waits import eventually


@pytest.fixture()
def data_dir():
    """Outside pytest's own temp root: a concurrent pytest session re-locks that root to mode 0700, which would
    lock out the embedded server's system user."""
    path = Path(tempfile.mkdtemp(prefix="gateway-cli-test-"))
    yield path / "data"
    shutil.rmtree(path, ignore_errors=True)


def test_serve_starts_on_an_empty_folder_and_keeps_data_across_restarts(data_dir):
    port, database_port = free_port(), free_port()
    with ServeProcess(data_dir, port, DB_PORT=database_port) as first:
        first.wait_healthy()
        with psycopg.connect(db_url(data_dir)) as conn:
            seeded = conn.execute("select count(*) from companies").fetchone()[0]
            conn.execute("insert into companies (name) values ('Kept Across Restarts')")
        shown = run_cli("status", "--json", DATA_DIR=data_dir)
        running = json.loads(shown.stdout)
        assert shown.returncode == 0, shown.stderr
        as_env = run_cli("status", "-o", "env", DATA_DIR=data_dir)
        assert as_env.returncode == 0
        assert f'ANON_KEY="{running["ANON_KEY"]}"' in as_env.stdout.splitlines()
        assert f'DB_URL="{running["DB_URL"]}"' in as_env.stdout.splitlines()
        # The URL desktop tools and edge functions use: TCP, with the Supabase CLI's password.
        with psycopg.connect(running["DB_URL"]) as conn:
            assert conn.execute("select inet_server_port()").fetchone() == (database_port,)
        banner = first.stop()
    for expected in ("API URL:", "Storage URL:", "anon key:", "service_role key:", "DB URL:", "admin@gulfsec.example", "Seeded from schema/seed.sql and 4 demo accounts."):
        assert expected in banner
    assert "Traceback" not in banner
    assert not (data_dir / "pg" / "postmaster.pid").exists(), "embedded PostgreSQL kept running after Ctrl-C"
    assert running["API_URL"] == f"http://127.0.0.1:{port}", "status reports the running server, not the default port"
    assert set(running) == {"API_URL", "REST_URL", "FUNCTIONS_URL", "DB_URL", "STUDIO_URL", "INBUCKET_URL", "MAILPIT_URL",
                            "PUBLISHABLE_KEY", "SECRET_KEY", "JWT_SECRET", "ANON_KEY", "SERVICE_ROLE_KEY"}
    assert f"Publishable key: {running['PUBLISHABLE_KEY']}" in banner and f"Secret key: {running['SECRET_KEY']}" in banner
    assert running["DB_URL"] == f"postgresql://postgres:postgres@127.0.0.1:{database_port}/postgres"
    assert f"DB URL: {running['DB_URL']}" in banner

    with ServeProcess(data_dir, port) as second:
        second.wait_healthy()
        with psycopg.connect(db_url(data_dir)) as conn:
            names = [n for (n,) in conn.execute("select name from companies")]
        output = second.stop()
    assert len(names) == seeded + 1 and "Kept Across Restarts" in names
    assert "Seeded" not in output and "Migrations: 0 applied (0 project, 0 platform)" in output


def worker_processes(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children if b"gateway" in Path(f"/proc/{c}/cmdline").read_bytes()]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from /proc")
def test_serve_runs_api_workers_processes_on_one_port_and_stops_them_all(data_dir):
    port = free_port()
    with ServeProcess(data_dir, port, API_WORKERS=3) as served:
        served.wait_healthy()
        workers = worker_processes(served.proc.pid)
        assert len(workers) == 3
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
            assert all(client.get("/health", headers={"Connection": "close"}).status_code == 200 for _ in range(12))
        output = served.stop()
    assert "Gateway stopped." in output and "Traceback" not in output and "worker exited" not in output
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)
    assert not (data_dir / "pg" / "postmaster.pid").exists()


def established_per_worker(workers: list[int], port: int) -> list[int]:
    return [sum(1 for c in psutil.Process(pid).net_connections(kind="tcp")
                if c.laddr and c.laddr.port == port and c.status == psutil.CONN_ESTABLISHED) for pid in workers]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from /proc")
def test_serve_gives_each_new_connection_to_the_worker_with_fewer_open_websockets_and_keep_alives(data_dir):
    port = free_port()
    with ServeProcess(data_dir, port, API_WORKERS=2) as served:
        served.wait_healthy()
        workers = worker_processes(served.proc.pid)
        anon = json.loads(run_cli("status", "--json", DATA_DIR=data_dir).stdout)["ANON_KEY"]
        held = []
        try:
            for _ in range(3):
                # A realtime websocket, then a keep-alive HTTP connection: the second must go to the other worker.
                held.append(websockets.sync.client.connect(
                    f"ws://127.0.0.1:{port}/realtime/v1/websocket?apikey={anon}&vsn=1.0.0"))
                client = httpx.Client(base_url=f"http://127.0.0.1:{port}")
                held.append(client)
                assert client.get("/health").status_code == 200
                per_worker = eventually(lambda: (n := established_per_worker(workers, port)) and sum(n) == len(held)
                                        and n, "both connections open on the workers")
                assert per_worker[0] == per_worker[1], per_worker
        finally:
            for connection in held:
                connection.close()
        output = served.stop()
    assert "Traceback" not in output


def test_status_json_prints_urls_and_keys_of_the_configured_project(tmp_path):
    result = run_cli("status", "--json", DATA_DIR=tmp_path, API_PORT=55432, DB_PORT=55433)
    assert result.returncode == 1, "not running: a non-zero exit, as `supabase status`"
    assert "gateway serve is not running" in result.stderr
    info = json.loads(result.stdout)
    assert info["API_URL"] == "http://127.0.0.1:55432"
    assert info["REST_URL"] == "http://127.0.0.1:55432/rest/v1"
    assert info["FUNCTIONS_URL"] == "http://127.0.0.1:55432/functions/v1"
    assert info["DB_URL"] == "postgresql://postgres:postgres@127.0.0.1:55433/postgres"
    again = json.loads(run_cli("status", "--json", DATA_DIR=tmp_path, API_PORT=55432).stdout)
    assert again["ANON_KEY"] == info["ANON_KEY"], "keys must stay the same for a data folder"
    assert again["PUBLISHABLE_KEY"] == info["PUBLISHABLE_KEY"] and again["SECRET_KEY"] == info["SECRET_KEY"]
    assert info["PUBLISHABLE_KEY"].startswith("sb_publishable_") and info["SECRET_KEY"].startswith("sb_secret_")


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none", "JWT_SECRET": "x" * 40}, "cannot connect to DATABASE_URL"),
        ({"DATABASE_URL": "mysql://root@localhost/db", "JWT_SECRET": "x" * 40}, "DATABASE_URL must start with postgresql://"),
        ({"DATABASE_URL": "postgresql://u@127.0.0.1:1/db", "JWT_SECRET": "short"}, "JWT_SECRET must be at least 32"),
        ({"DATABASE_URL": "postgresql://u@127.0.0.1:1/db"}, "JWT_SECRET is required"),
        ({"DATA_DIR": "/proc/gateway-cannot-write-here"}, "cannot be written"),
        ({"API_PORT": "not-a-port"}, "API_PORT must be a whole number"),
    ],
)
def test_bad_configuration_gets_one_clear_line_and_a_non_zero_exit(env, message, tmp_path):
    env.setdefault("DATA_DIR", tmp_path)
    env.setdefault("API_PORT", free_port())  # the default port may be another gateway's
    result = run_cli("serve", **env)
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_serve_refuses_a_folder_that_is_not_a_project_and_says_to_run_init(tmp_path):
    folder = tmp_path / "not-a-project"
    (folder / "supabase" / "migrations").mkdir(parents=True)
    result = run_cli("serve", cwd=folder, DATA_DIR=tmp_path / "data", API_PORT=free_port())
    assert result.returncode == 1
    assert result.stderr.strip() == (f"error: cannot read config in {folder}: supabase/config.toml not found; run "
                                     "`gateway init` to make this folder a project, or pass --workdir with a "
                                     "project's folder")
    assert not (tmp_path / "data").exists(), "nothing starts"
    served_functions = run_cli("--workdir", str(folder), "functions", "serve", DATA_DIR=tmp_path / "data")
    assert served_functions.returncode == 1 and "run `gateway init`" in served_functions.stderr


def test_a_seed_error_is_one_line_naming_the_file_and_line(data_dir):
    folder = data_dir.parent / "seeded-app"
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    (folder / "supabase" / "seed.sql").write_text("select 1;\ninsert into nowhere values (2);\n")
    result = run_cli("serve", cwd=folder, DATA_DIR=data_dir, API_PORT=free_port(), DB_PORT=free_port())
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == ['error: seed.sql failed at line 2: relation "nowhere" does not exist'
                      " (at statement: insert into nowhere values (2))"], result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_serve_logs_one_line_per_request_without_query_strings_unless_told_not_to(data_dir):
    port = free_port()
    with ServeProcess(data_dir, port, REQUEST_LOG="true") as server:
        server.wait_healthy()
        httpx.get(f"http://127.0.0.1:{port}/auth/v1/verify", params={"token": "secret-token-4242", "type": "signup"})
        httpx.get(f"http://127.0.0.1:{port}/rest/v1/companies?select=id", headers={"apikey": "junk-key-4242"})
        logged = server.stop()
    lines = [line for line in logged.splitlines() if "gateway.requests" in line]
    assert any(" GET /auth/v1/verify 303 " in line for line in lines), lines
    assert any(" GET /rest/v1/companies 401 " in line and line.split()[-1].isalnum() for line in lines), lines
    assert "4242" not in logged, "no token, key or query string in the log"
    with ServeProcess(data_dir, port, args=("--no-request-log",), REQUEST_LOG="true") as server:
        server.wait_healthy()
        httpx.get(f"http://127.0.0.1:{port}/rest/v1/companies")
        assert "gateway.requests" not in server.stop()


def test_help_names_a_supabase_projects_folders_not_our_sites():
    shown = run_cli("--help")
    assert shown.returncode == 0 and "supabase/migrations/" in shown.stdout
    assert "schema/" not in shown.stdout.replace("supabase/migrations/", "")


def test_a_port_in_use_is_refused_before_anything_starts(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_cli("serve", DATA_DIR=tmp_path, API_PORT=port)
    assert result.returncode == 1
    assert f"port {port} on 127.0.0.1 is already in use" in result.stderr
    assert not (tmp_path / "pg").exists()


def test_migrate_applies_to_database_url_and_is_idempotent(pg_cluster):
    name = pg_cluster.create_database("t_cli_migrate")
    try:
        env = {"DATABASE_URL": pg_cluster.url_for(name), "JWT_SECRET": "y" * 40}
        first = run_cli("migrate", **env)
        assert first.returncode == 0, first.stderr
        assert "applying migrations/20250101000200_product_tables.sql" in first.stdout
        second = run_cli("migrate", **env)
        assert "0 applied (0 project, 0 platform)" in second.stdout
    finally:
        pg_cluster.drop_database(name)


def test_a_migration_needing_an_unavailable_extension_stops_naming_where_it_is(pg_cluster, tmp_path):
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "hypo"\n')
    (tmp_path / "supabase" / "migrations" / "20260101000000_hypopg.sql").write_text(
        "-- hypothetical indexes\ncreate extension if not exists hypopg;\n")
    name = pg_cluster.create_database("t_cli_extension")
    try:
        result = run_cli("--workdir", str(tmp_path), "migrate", DATABASE_URL=pg_cluster.url_for(name),
                         JWT_SECRET="y" * 40)
    finally:
        pg_cluster.drop_database(name)
    assert result.returncode == 1
    assert result.stderr.strip() == (
        'error: migrations/20260101000000_hypopg.sql failed at line 2: extension "hypopg" is not available: it '
        "is in Debian: apt-get install postgresql-15-hypopg (docs/extensions.md); set DATABASE_URL to a PostgreSQL "
        "that has it (at statement: create extension if not exists hypopg)")


def test_init_creates_a_project_that_serves_with_an_empty_public_schema(data_dir):
    folder = data_dir.parent / "my-app"
    folder.mkdir()
    created = run_cli("init", cwd=folder)
    assert created.returncode == 0, created.stderr
    for path in ("supabase/config.toml", "supabase/seed.sql", "supabase/.gitignore", ".gitignore"):
        assert (folder / path).is_file(), path
    assert (folder / "supabase" / "migrations").is_dir()
    assert ".data" in (folder / ".gitignore").read_text().splitlines()
    assert 'project_id = "my-app"' in (folder / "supabase" / "config.toml").read_text()

    again = run_cli("init", cwd=folder)
    assert again.returncode == 1 and "already exists; not overwriting" in again.stderr
    assert "Traceback" not in again.stderr

    deno = folder / "supabase" / "functions" / "hello"
    deno.mkdir(parents=True)
    (deno / "index.ts").write_text("Deno.serve(() => new Response('hi'))")
    port = free_port()
    with ServeProcess(data_dir, port, cwd=folder) as server:
        server.wait_healthy()
        with psycopg.connect(db_url(data_dir)) as conn:
            public = conn.execute("select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace"
                                  " where n.nspname = 'public'").fetchone()[0]
        output = server.stop()
    assert public == 0, "a new project has nothing in public"
    warnings = [line for line in output.splitlines() if line.startswith("warning:")]
    assert warnings == [], "a Deno function is served, not warned about"
    assert "Seeded from supabase/seed.sql." in output and " applied (0 project, " in output
    assert "Traceback" not in output


def test_configured_buckets_are_created_with_their_objects_at_start_and_reset(data_dir):
    folder = data_dir.parent / "bucket-app"
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    with (folder / "supabase" / "config.toml").open("a") as config:
        config.write('\n[storage.buckets.images]\npublic = true\nfile_size_limit = "1MiB"\n'
                     'allowed_mime_types = ["image/png"]\nobjects_path = "./images"\n'
                     '[storage.buckets.private]\n')
    (folder / "supabase" / "images" / "icons").mkdir(parents=True)
    (folder / "supabase" / "images" / "icons" / "dot.png").write_bytes(b"\x89PNG\r\n\x1a\nfirst")
    port = free_port()
    with ServeProcess(data_dir, port, cwd=folder) as server:
        server.wait_healthy()
        served = httpx.get(f"http://127.0.0.1:{port}/storage/v1/object/public/images/icons/dot.png")
        with psycopg.connect(db_url(data_dir)) as conn:
            buckets = conn.execute("select id, public, file_size_limit, allowed_mime_types from storage.buckets"
                                   " order by id").fetchall()
        output = server.stop()
    assert served.status_code == 200 and served.content == b"\x89PNG\r\n\x1a\nfirst"
    assert served.headers["content-type"] == "image/png"
    assert buckets == [("images", True, 1024 * 1024, ["image/png"]), ("private", False, None, None)]
    assert "Creating Storage bucket: images" in output
    assert "icons/dot.png => images/icons/dot.png" in output

    (folder / "supabase" / "images" / "icons" / "dot.png").write_bytes(b"\x89PNG\r\n\x1a\nsecond")
    reset = run_cli("--workdir", str(folder), "db", "reset", DATA_DIR=data_dir)
    assert reset.returncode == 0, reset.stderr
    assert "Creating Storage bucket: images" in reset.stdout, "reset drops the buckets, then creates them again"
    with ServeProcess(data_dir, port, cwd=folder) as server:
        server.wait_healthy()
        again = httpx.get(f"http://127.0.0.1:{port}/storage/v1/object/public/images/icons/dot.png")
        assert "Updating Storage bucket: images" in server.stop()
    assert again.content == b"\x89PNG\r\n\x1a\nsecond"

    (folder / "supabase" / "images" / "notes.txt").write_text("not an image")
    refused = run_cli("--workdir", str(folder), "db", "reset", DATA_DIR=data_dir)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert refused.stderr.strip() == (f"error: {folder / 'supabase' / 'images' / 'notes.txt'}: mime type text/plain "
                                      "is not supported ([storage.buckets.images])")


def test_db_reset_while_serve_runs_leaves_serve_serving_the_new_database(data_dir):
    folder = data_dir.parent / "reset-app"
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    (folder / "supabase" / "migrations" / "20260101000000_notes.sql").write_text(
        "create table public.notes (id int primary key, body text);\n"
        "alter table public.notes enable row level security;\n"
        "create policy \"Anyone reads notes\" on public.notes for select using (true);\n"
        "grant select on public.notes to anon;\n")
    (folder / "supabase" / "seed.sql").write_text("insert into public.notes values (1, 'seeded');\n")
    port = free_port()
    with ServeProcess(data_dir, port, cwd=folder) as server:
        server.wait_healthy()
        status = run_cli("--workdir", str(folder), "status", "-o", "json", DATA_DIR=data_dir)
        headers = {"apikey": json.loads(status.stdout)["ANON_KEY"]}
        with psycopg.connect(db_url(data_dir)) as conn:
            conn.execute("insert into public.notes values (2, 'added by hand')")

        def notes() -> list[str] | None:
            answer = httpx.get(f"http://127.0.0.1:{port}/rest/v1/notes?select=body&order=id", headers=headers)
            return [row["body"] for row in answer.json()] if answer.status_code == 200 else None

        assert notes() == ["seeded", "added by hand"]
        reset = run_cli("--workdir", str(folder), "db", "reset", DATA_DIR=data_dir)
        assert reset.returncode == 0, reset.stderr
        assert "Database reset." in reset.stdout
        eventually(lambda: notes() == ["seeded"], "serve to answer from the reset database", timeout=30)
        output = server.stop()
    assert "Traceback" not in output
