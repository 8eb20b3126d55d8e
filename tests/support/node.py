"""Run a Node test file (node --test) against a live gateway, with the real @supabase/supabase-js."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.support.live import LiveGateway

NODE_DIR = Path(__file__).resolve().parent.parent / "node"


def run_node_test(script: str, gateway: LiveGateway, extra_env: dict[str, str] | None = None, timeout: int = 180) -> str:
    """Fails the calling test with Node's own report when any Node test fails; returns the TAP output."""
    return run_node_file(script, {
        "GATEWAY_URL": gateway.url,
        "ANON_KEY": gateway.anon_key,
        "SERVICE_ROLE_KEY": gateway.service_key,
        "JWT_SECRET": gateway.settings.jwt_secret,
        **(extra_env or {}),
    }, timeout)


def run_node_file(script: str, values: dict[str, str], timeout: int = 180) -> str:
    """`run_node_test` for a gateway this process did not start (`gateway serve`): the caller names its URL and keys."""
    if not (NODE_DIR / "node_modules" / "@supabase" / "supabase-js").exists():
        raise RuntimeError("tests/node has no node_modules: run `npm ci --prefix tests/node` (scripts/setup does)")
    env = {**os.environ, **values}
    result = subprocess.run(
        ["node", "--test", "--test-reporter=tap", str(NODE_DIR / script)],
        cwd=NODE_DIR, env=env, capture_output=True, text=True, timeout=timeout,
    )
    assert result.returncode == 0, f"node test {script} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout
