"""The project's function secrets (supabase/functions/.env, --env-file) reach Python handlers through their
environment, as they reach Deno functions; names the platform sets are not taken from them."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from gateway.functions.secrets import export_to_handlers
from gateway.project.folder import Project
from tests.conftest import make_settings
from tests.support.live import run_gateway

HANDLER = """\
import os

from gateway.functions.api import FunctionResponse


async def handle(request, ctx):
    return FunctionResponse({name: os.environ.get(name) for name in ("GREETING_SECRET", "FILE_SECRET")})
"""


def test_python_handlers_read_the_functions_secrets_from_their_environment(
        tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch):
    for name in ("GREETING_SECRET", "FILE_SECRET", "SUPABASE_URL"):
        monkeypatch.delenv(name, raising=False)  # restored as it was when the test ends
    functions = tmp_path / "supabase" / "functions"
    (functions / "whisper").mkdir(parents=True)
    (functions / "whisper" / "function.toml").write_text('verify_jwt = false\nmethods = ["GET"]\n')
    (functions / "whisper" / "handler.py").write_text(HANDLER)
    (functions / ".env").write_text("GREETING_SECRET=sesame\nFILE_SECRET=overridden\nSUPABASE_URL=http://evil.test\n")
    extra = tmp_path / "extra.env"
    extra.write_text("FILE_SECRET=from-the-env-file\n")
    project = Project.load(tmp_path)
    settings = make_settings(database_url, tmp_path / ".data", project=project, functions_dir=project.functions_dir,
                             functions_env_file=extra)
    export_to_handlers(settings)
    with run_gateway(settings) as live:
        answer = httpx.get(f"{live.url}/functions/v1/whisper", timeout=30)
    assert answer.json() == {"GREETING_SECRET": "sesame", "FILE_SECRET": "from-the-env-file"}
    assert "SUPABASE_URL" not in os.environ
