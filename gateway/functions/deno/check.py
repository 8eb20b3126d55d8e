"""`deno check` of the Deno functions a save touched, for `gateway serve --watch`: a syntax or type error is named
with its file and line before any worker reloads, so the previous version keeps serving until it is fixed."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

from gateway.functions.deno.discovery import DenoFunction
from gateway.functions.deno.worker import Launch

CHECK_SECONDS = 120
# Deno's report: the error's line, then `at file:///path:line:column`.
ERROR_LINE = re.compile(r"^(?:error: |TS\d+ \[ERROR\]: )(?!Type checking failed)(.+)$", re.M)
LOCATION = re.compile(r"at (file://\S+?):(\d+):(\d+)")


def touched(functions: dict[str, DenoFunction], changed: Iterable[Path]) -> list[DenoFunction]:
    """The functions a change may affect: its own folder's, or every one for shared code (`_shared/`)."""
    changed = list(changed)
    if any(not any(path.is_relative_to(f.folder) for f in functions.values()) for path in changed):
        return list(functions.values())
    return [f for f in functions.values() if any(path.is_relative_to(f.folder) for path in changed)]


def first_error(launch: Launch, function: DenoFunction, shown: Callable[[Path], str]) -> str | None:
    """`file:line:column: error: message` for the function's first error, or None when it checks clean."""
    command = [launch.deno, "check", *launch.resolution_flags(function), function.entrypoint.as_uri()]
    result = subprocess.run(command, cwd=function.folder, env=launch.env, capture_output=True, text=True,
                            timeout=CHECK_SECONDS)
    if result.returncode == 0:
        return None
    output = result.stderr + result.stdout
    message = ERROR_LINE.search(output)
    location = LOCATION.search(output)
    reason = message.group(1) if message else output.strip().splitlines()[-1]
    if location is None:
        return f"{shown(function.entrypoint)}: error: {reason}"
    path = Path(location.group(1).removeprefix("file://"))
    return f"{shown(path)}:{location.group(2)}:{location.group(3)}: error: {reason}"
