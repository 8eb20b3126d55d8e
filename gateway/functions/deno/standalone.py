"""`gateway functions serve <name> --port N` for a Deno function: its worker as a process of its own, in the
foreground, for the gateway to relay to (FUNCTION_URL_<NAME>=http://host:N/<name>)."""

from __future__ import annotations

import signal
import subprocess

from gateway.functions.deno.discovery import DenoFunction
from gateway.functions.deno.invocation import launch_for
from gateway.processes import child_setup
from gateway.settings import Settings


def serve_deno_function(settings: Settings, function: DenoFunction, host: str, port: int) -> int:
    launch = launch_for(settings)
    launch.scratch_dir.mkdir(parents=True, exist_ok=True)
    print(f"Function {function.slug} listening on http://{host}:{port}/{function.slug}", flush=True)
    try:
        # Killed with this process, not left holding the port.
        return subprocess.run(launch.command(function, (host, port)), cwd=function.folder, env=launch.env,
                              preexec_fn=child_setup(signal.SIGKILL)).returncode
    except KeyboardInterrupt:
        return 0
