"""`gateway functions new` and `gateway functions serve NAME --port N` for Deno functions, `--no-verify-jwt`,
`--env-file`, and no Deno process left behind by a gateway or a `functions serve NAME` that was killed."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import httpx
import psutil

from gateway.project.folder import Project
from tests.conftest import TEST_JWT_SECRET, make_settings
from tests.functions.deno.conftest import deno_settings
from tests.support.live import free_port, run_gateway
from tests.support.serve import ServeProcess, gateway_env, run_cli
from tests.support.waits import eventually


def test_functions_new_writes_templates_that_serve(tmp_path: Path, database_url: str):
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "new-functions"\n')
    for args in (("hello-world",), ("greeter", "--lang", "python")):
        created = run_cli("functions", "new", *args, cwd=tmp_path)
        assert created.returncode == 0 and "Created new function at" in created.stdout, created.stderr
    assert (tmp_path / "supabase" / "functions" / "hello-world" / "index.ts").read_text().startswith(
        "// Follow this setup guide")
    again = run_cli("functions", "new", "hello-world", cwd=tmp_path)
    assert again.returncode == 1 and "already exists" in again.stderr

    project = Project.load(tmp_path)
    settings = make_settings(database_url, tmp_path / ".data", project=project, functions_dir=project.functions_dir)
    with run_gateway(settings) as live:
        for slug in ("hello-world", "greeter"):
            answer = httpx.post(f"{live.url}/functions/v1/{slug}", json={"name": "Functions"}, headers=live.headers(),
                                timeout=60)
            assert answer.status_code == 200 and answer.json() == {"message": "Hello Functions!"}, answer.text


def test_no_verify_jwt_opens_every_function(database_url, pg_cluster, deno_data_dir, deno_project):
    settings = deno_settings(database_url, pg_cluster, deno_data_dir, deno_project, functions_verify_jwt=False)
    with run_gateway(settings) as live:
        answer = httpx.post(f"{live.url}/functions/v1/echo", timeout=60)
    assert answer.status_code == 200 and answer.json()["authorization"] is None


def test_a_deno_function_as_its_own_process_is_relayed_streaming_with_its_secrets(
        tmp_path: Path, database_url, pg_cluster, deno_data_dir, deno_project):
    extra = tmp_path / "extra.env"
    extra.write_text("EXTRA_SECRET=from-the-env-file\n")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gateway", "functions", "serve", "echo", "--port", str(port), "--env-file", str(extra)],
        cwd=deno_project.root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=gateway_env(DATABASE_URL=database_url, JWT_SECRET=TEST_JWT_SECRET, DATA_DIR=deno_data_dir))
    try:
        settings = replace(deno_settings(database_url, pg_cluster, deno_data_dir, deno_project),
                           function_urls={"echo": f"http://127.0.0.1:{port}/echo"})
        with run_gateway(settings) as live:
            def env() -> httpx.Response | None:
                try:
                    return httpx.get(f"{live.url}/functions/v1/echo/env", headers=live.headers(), timeout=60)
                except httpx.HTTPError:
                    return None

            seen = eventually(lambda: (answer := env()) is not None and answer.status_code == 200 and answer,
                              "the function's own process to answer through the gateway", timeout=60)
            assert "EXTRA_SECRET" in seen.json()["names"] and seen.json()["env"]["GREETING_SECRET"] == "sesame"
            refused = httpx.get(f"{live.url}/functions/v1/echo/env", timeout=60)
            assert refused.status_code == 401 and refused.json() == {"msg": "Error: Missing authorization header"}

            arrivals = []
            with httpx.stream("GET", f"{live.url}/functions/v1/echo/stream?count=3", headers=live.headers(),
                              timeout=60) as response:
                for line in response.iter_lines():
                    if line.startswith("data: "):
                        arrivals.append(time.monotonic())
            assert len(arrivals) == 3 and arrivals[-1] - arrivals[0] > 0.6, "the relay streams, not buffers"
    finally:
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=30)
    assert f"Function echo listening on http://127.0.0.1:{port}/echo" in output


def write_hi_project(root: Path) -> None:
    """A project whose one function, `hi`, answers with its process id."""
    function = root / "supabase" / "functions" / "hi"
    function.mkdir(parents=True)
    (root / "supabase" / "config.toml").write_text("[functions.hi]\nverify_jwt = false\n")
    (function / "index.ts").write_text("Deno.serve(() => Response.json({ pid: Deno.pid }));\n")


def exited(pid: int) -> bool:
    return not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


def test_a_killed_gateway_leaves_no_deno_worker(tmp_path: Path, database_url: str):
    write_hi_project(tmp_path)
    port = free_port()
    with ServeProcess(tmp_path / ".data", port, cwd=tmp_path, DATABASE_URL=database_url, JWT_SECRET=TEST_JWT_SECRET,
                      API_WORKERS=1) as server:
        server.wait_healthy()
        pid = httpx.get(f"http://127.0.0.1:{port}/functions/v1/hi", timeout=60).json()["pid"]
        assert psutil.pid_exists(pid)
        server.proc.kill()
        server.proc.wait(timeout=30)
    eventually(lambda: exited(pid), "the orphaned Deno worker to exit", timeout=10)


def test_a_killed_functions_serve_of_one_function_leaves_no_deno_process(tmp_path: Path, database_url: str):
    write_hi_project(tmp_path)
    port = free_port()

    def pid() -> int | None:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/hi", timeout=10).json()["pid"]
        except httpx.HTTPError:
            return None

    with subprocess.Popen([sys.executable, "-m", "gateway", "functions", "serve", "hi", "--port", str(port)],
                          cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          env=gateway_env(DATABASE_URL=database_url, JWT_SECRET=TEST_JWT_SECRET,
                                          DATA_DIR=tmp_path / ".data")) as process:
        deno = eventually(pid, "the function to answer on its port", timeout=60)
        process.kill()
    try:
        eventually(lambda: exited(deno), "the function's Deno to end with its command", timeout=30)
    finally:
        with contextlib.suppress(psutil.NoSuchProcess):
            psutil.Process(deno).kill()
