"""`gateway functions serve` without a name, as the Supabase CLI's: what it prints once every function of the project
is served, and its refusal when a `gateway serve` of the project already serves them."""

from __future__ import annotations

from importlib.metadata import version

from gateway.config_values import ConfigError
from gateway.functions.config import FunctionConfigError, slug_for
from gateway.functions.deno.invocation import project_functions
from gateway.functions.registry import function_folders
from gateway.server.status import running_status
from gateway.settings import Settings

# The CLI names this many functions and counts the rest.
NAMED_FUNCTIONS = 5


def serving_message(settings: Settings) -> str:
    """The CLI's lines: where functions are served, the first few of them, and the Deno they run on."""
    base = f"{settings.api_external_url}/functions/v1"
    names = function_names(settings)
    lines = [f"Serving functions on {base}/<function-name>", *(f" - {base}/{name}" for name in names[:NAMED_FUNCTIONS])]
    if len(names) > NAMED_FUNCTIONS:
        lines.append(f"... and {len(names) - NAMED_FUNCTIONS} more functions")
    lines.append(f"Using Deno {version('deno')}")
    return "\n".join(lines)


def function_names(settings: Settings) -> list[str]:
    """Every function the gateway serves: Python handlers, Deno functions and relayed ones."""
    try:
        deno = project_functions(settings)
    except FunctionConfigError as exc:
        raise ConfigError(str(exc)) from None
    python = {slug_for(folder) for folder in function_folders(settings.functions_dir)}
    return sorted(python | set(deno) | set(settings.function_urls))


def refuse_if_already_served(settings: Settings) -> None:
    """The CLI serves functions beside a running local stack; here that stack's gateway already serves them."""
    running = running_status(settings)
    if running is not None:
        raise ConfigError(f"gateway serve already runs for this project and serves its functions at "
                          f"{running['api_url']}/functions/v1/<function-name>; stop it to run `gateway functions "
                          "serve`, or run it as `gateway serve --watch` to reload functions on save")
