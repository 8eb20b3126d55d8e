"""`gateway functions serve` without a name, as the Supabase CLI's: every function of the project served, its lines
printed, a saved function reloaded; refused, with where the functions are, while `gateway serve` runs the project."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

import httpx

from gateway.jwt_keys import JwtKeys
from tests.conftest import TEST_JWT_SECRET
from tests.support.live import free_port
from tests.support.serve import TIMEOUT, ServeProcess, gateway_env, run_cli, wait_healthy
from tests.support.waits import eventually

FUNCTION = "Deno.serve(() => Response.json({ version: %d }));\n"


def hi_version(url: str) -> int | None:
    answer = httpx.get(f"{url}/functions/v1/hi", timeout=60)
    return answer.json()["version"] if answer.status_code == 200 else None


def test_functions_serve_serves_every_function_and_reloads_a_saved_one(tmp_path: Path, database_url: str):
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text("[functions.hi]\nverify_jwt = false\n")
    assert run_cli("functions", "new", "greeter", "--lang", "python", cwd=tmp_path).returncode == 0
    index = tmp_path / "supabase" / "functions" / "hi" / "index.ts"
    index.parent.mkdir()
    index.write_text(FUNCTION % 1)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "gateway", "functions", "serve"], cwd=tmp_path, text=True, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, env=gateway_env(DATABASE_URL=database_url, JWT_SECRET=TEST_JWT_SECRET,
                                                  API_PORT=port, API_WORKERS=1, DATA_DIR=tmp_path / ".data"))
    try:
        wait_healthy(process, f"{url}/health", lambda: process.communicate()[0])
        assert hi_version(url) == 1
        greeted = httpx.post(f"{url}/functions/v1/greeter", json={"name": "CLI"}, timeout=60,
                             headers={"authorization": f"Bearer {JwtKeys(TEST_JWT_SECRET).anon_key}"})
        assert greeted.json() == {"message": "Hello CLI!"}, greeted.text
        index.write_text(FUNCTION % 2)
        eventually(lambda: hi_version(url) == 2, "the saved function to answer", timeout=30)
    finally:
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=TIMEOUT)
    assert (f"Serving functions on {url}/functions/v1/<function-name>\n - {url}/functions/v1/greeter\n"
            f" - {url}/functions/v1/hi\nUsing Deno {version('deno')}\n") in output, output
    assert "[watch] supabase/functions/hi/index.ts changed: functions reloaded (greeter, hi)" in output, output


def test_functions_serve_while_gateway_serve_runs_says_where_the_functions_are(tmp_path: Path):
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "served"\n')
    # Outside pytest's temp root, whose mode 0700 would lock out the embedded server's system user.
    data = Path(tempfile.mkdtemp(prefix="gateway-functions-serve-"))
    port = free_port()
    try:
        with ServeProcess(data, port, cwd=tmp_path) as server:
            server.wait_healthy()
            refused = run_cli("functions", "serve", cwd=tmp_path, DATA_DIR=data)
            server.stop()
    finally:
        shutil.rmtree(data, ignore_errors=True)
    assert refused.returncode == 1
    assert refused.stderr == (
        f"error: gateway serve already runs for this project and serves its functions at http://127.0.0.1:{port}"
        "/functions/v1/<function-name>; stop it to run `gateway functions serve`, or run it as `gateway serve "
        "--watch` to reload functions on save\n")
