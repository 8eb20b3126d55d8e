"""Which folders of `supabase/functions/` are Deno functions, and their `[functions.<name>]` settings."""

from __future__ import annotations

import glob
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gateway.functions.config import CONFIG_FILE, FunctionConfigError

log = logging.getLogger("gateway.functions.deno")

# In the order the Supabase CLI looks for them.
ENTRYPOINTS = ("index.ts", "index.js", "index.mjs", "index.tsx", "index.jsx")
FUNCTION_KEYS = {"enabled", "verify_jwt", "import_map", "entrypoint", "static_files"}
DENO_CONFIGS = ("deno.json", "deno.jsonc")


@dataclass(frozen=True)
class DenoFunction:
    slug: str
    folder: Path
    entrypoint: Path
    verify_jwt: bool = True
    import_map: Path | None = None

    @property
    def deno_config(self) -> Path | None:
        """The function's own deno.json, which Deno would not find beside the runtime's bootstrap module."""
        return next((self.folder / name for name in DENO_CONFIGS if (self.folder / name).is_file()), None)


def discover(functions_dir: Path, config: dict[str, Any], supabase_dir: Path, *,
             verify_jwt: bool = True) -> dict[str, DenoFunction]:
    """Every enabled function folder with an entrypoint and no function.toml (that makes it a Python handler).
    `config` is the project's config.toml; `verify_jwt=False` is `--no-verify-jwt`: no function checks a JWT."""
    table = config.get("functions", {})
    settings_by_name = table if isinstance(table, dict) else {}
    found: dict[str, DenoFunction] = {}
    candidates = sorted(functions_dir.iterdir()) if functions_dir.is_dir() else []
    for folder in candidates:
        if not folder.is_dir() or folder.name.startswith(("_", ".")) or (folder / CONFIG_FILE).is_file():
            continue
        settings = settings_by_name.get(folder.name, {})
        function = _function(folder, settings if isinstance(settings, dict) else {}, supabase_dir, verify_jwt)
        if function is not None:
            found[function.slug] = function
    return found


def _function(folder: Path, settings: dict[str, Any], supabase_dir: Path, verify_jwt: bool) -> DenoFunction | None:
    where = f"[functions.{folder.name}]"
    unknown = set(settings) - FUNCTION_KEYS
    if unknown:
        raise FunctionConfigError(f"{where} in config.toml: unknown keys {sorted(unknown)}")
    if settings.get("enabled", True) is False:
        return None
    entrypoint = _path(settings, "entrypoint", supabase_dir, where) or next(
        (folder / name for name in ENTRYPOINTS if (folder / name).is_file()), None)
    if entrypoint is None:
        return None
    if not entrypoint.is_file():
        raise FunctionConfigError(f"{where} entrypoint {entrypoint} does not exist")
    checks_jwt = settings.get("verify_jwt", True)
    if not isinstance(checks_jwt, bool):
        raise FunctionConfigError(f"{where} verify_jwt must be true or false")
    static_files = settings.get("static_files", [])
    if not isinstance(static_files, list) or not all(isinstance(p, str) for p in static_files):
        raise FunctionConfigError(f"{where} static_files must be a list of paths")
    _warn_unmatched(static_files, supabase_dir, where)
    return DenoFunction(slug=folder.name, folder=folder, entrypoint=entrypoint, verify_jwt=checks_jwt and verify_jwt,
                        import_map=_path(settings, "import_map", supabase_dir, where))


def _warn_unmatched(patterns: list[str], supabase_dir: Path, where: str) -> None:
    """The CLI's warning when it deploys: a pattern that matches no file bundles nothing, so the deployed function
    would not find the file. Locally a function reads any file of the functions folder, listed or not."""
    for pattern in patterns:
        if not glob.glob(pattern, root_dir=supabase_dir):
            log.warning("%s static_files: no files matched pattern: %s", where, pattern)


def _path(settings: dict[str, Any], key: str, supabase_dir: Path, where: str) -> Path | None:
    """Paths in config.toml are relative to the `supabase/` folder, as the CLI resolves them."""
    value = settings.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise FunctionConfigError(f"{where} {key} must be a path")
    return (supabase_dir / value).resolve()
