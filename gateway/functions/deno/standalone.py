"""`gateway functions serve <name> --port N` for a Deno function: its worker as a process of its own, in the
foreground, for the gateway to relay to (FUNCTION_URL_<NAME>=http://host:N/<name>)."""

from __future__ import annotations

import subprocess

from gateway.functions.deno.discovery import DenoFunction
from gateway.functions.deno.runtime import launch_for
from gateway.settings import Settings


def serve_deno_function(settings: Settings, function: DenoFunction, host: str, port: int) -> int:
    launch = launch_for(settings)
    launch.scratch_dir.mkdir(parents=True, exist_ok=True)
    print(f"Function {function.slug} listening on http://{host}:{port}/{function.slug}", flush=True)
    try:
        return subprocess.run(launch.command(function, (host, port)), cwd=function.folder, env=launch.env).returncode
    except KeyboardInterrupt:
        return 0
