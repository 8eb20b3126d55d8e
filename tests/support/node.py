"""Run a Node test file (node --test) against a live gateway, with the real @supabase/supabase-js."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from tests.support.live import LiveGateway

NODE_DIR = Path(__file__).resolve().parent.parent / "node"


def run_node_test(script: str, gateway: LiveGateway, extra_env: dict[str, str] | None = None, timeout: int = 180,
                  passes: int | None = None) -> str:
    """Fails the calling test with Node's own report unless every Node test ran and passed (`passes` of them when
    given); returns the TAP output."""
    return run_node_script(script, {
        "GATEWAY_URL": gateway.url,
        "ANON_KEY": gateway.anon_key,
        "SERVICE_ROLE_KEY": gateway.service_key,
        "JWT_SECRET": gateway.settings.jwt_secret,
        **(extra_env or {}),
    }, timeout=timeout, passes=passes)


def run_node_script(script: str, env: dict[str, str], name_pattern: str | None = None, timeout: int = 180,
                    passes: int | None = None) -> str:
    """`node --test` on one file of tests/node with `env` added, only the tests whose name matches `name_pattern`
    when given; fails the calling test with Node's own report unless every test it selects ran and passed (none
    skipped, cancelled or left to do; exactly `passes` when given)."""
    if not (NODE_DIR / "node_modules" / "@supabase" / "supabase-js").exists():
        raise RuntimeError("tests/node has no node_modules: run `npm ci --prefix tests/node` (scripts/setup does)")
    pattern = ["--test-name-pattern", name_pattern] if name_pattern else []
    result = subprocess.run(
        ["node", "--test", "--test-reporter=tap", *pattern, str(NODE_DIR / script)],
        cwd=NODE_DIR, env={**os.environ, **env}, capture_output=True, text=True, timeout=timeout,
    )
    assert result.returncode == 0, f"node test {script} failed:\n{result.stdout}\n{result.stderr}"
    counts = tap_counts(result.stdout)
    assert counts["pass"] > 0, f"no test of {script} matches {name_pattern!r}"
    # Node reports the tests a name pattern leaves out as skipped.
    left_out = counts["skipped"] if name_pattern else 0
    assert counts["pass"] + left_out == counts["tests"] and counts["fail"] == counts["todo"] == \
        counts["cancelled"] == 0, f"node test {script}: {counts}\n{result.stdout}"
    if passes is not None:
        assert counts["pass"] == passes, f"node test {script}: {counts['pass']} passed, expected {passes}"
    return result.stdout


def tap_counts(output: str) -> dict[str, int]:
    """The summary lines node's TAP reporter ends with (`# tests 6`, `# pass 6`, ...)."""
    counts = dict.fromkeys(("tests", "pass", "fail", "skipped", "todo", "cancelled"), 0)
    for name, value in re.findall(r"^# (tests|pass|fail|skipped|todo|cancelled) (\d+)$", output, re.M):
        counts[name] = int(value)
    return counts
