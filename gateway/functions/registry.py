"""Finds the functions in `functions/` (every folder with a function.toml) and loads their handlers."""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

from gateway.functions.api import Handler
from gateway.functions.config import CONFIG_FILE, FunctionConfig, FunctionConfigError, load_config, slug_for

HANDLER_MODULE = "handler"


@dataclass(frozen=True)
class LoadedFunction:
    slug: str
    folder: Path
    config: FunctionConfig
    handle: Handler


def function_folders(functions_dir: Path) -> list[Path]:
    """Every folder with a function.toml; folders starting with `_` or `.` hold shared code, not functions."""
    if not functions_dir.is_dir():
        return []
    return [folder for folder in sorted(functions_dir.iterdir())
            if not folder.name.startswith(("_", ".")) and (folder / CONFIG_FILE).is_file()]


def discover(functions_dir: Path) -> dict[str, LoadedFunction]:
    return {slug_for(folder): load_function(folder) for folder in function_folders(functions_dir)}


def find(functions_dir: Path, slug: str) -> LoadedFunction | None:
    for folder in function_folders(functions_dir):
        if slug_for(folder) == slug:
            return load_function(folder)
    return None


def load_function(folder: Path) -> LoadedFunction:
    config = load_config(folder / CONFIG_FILE)
    if not (folder / f"{HANDLER_MODULE}.py").is_file():
        raise FunctionConfigError(f"{folder}: no {HANDLER_MODULE}.py")
    module = _import_handler_module(folder)
    handle = getattr(module, "handle", None)
    if handle is None or not inspect.iscoroutinefunction(handle):
        raise FunctionConfigError(f"{folder / HANDLER_MODULE}.py must define `async def handle(request, ctx)`")
    return LoadedFunction(slug=slug_for(folder), folder=folder, config=config, handle=handle)


def _import_handler_module(folder: Path):
    """Imports the functions folder as one package and each function as its subpackage, so a handler imports its
    sibling modules relatively (`from .rules import ...`) and shared code as Supabase projects do
    (`from .._shared.letters import ...`), wherever the project lives."""
    root = folder.parent
    digest = hashlib.sha1(str(root.resolve()).encode()).hexdigest()[:8]
    package = f"_functions_{digest}"
    if package not in sys.modules:
        module = importlib.util.module_from_spec(importlib.machinery.ModuleSpec(package, None, is_package=True))
        module.__path__ = [str(root)]
        sys.modules[package] = module
    try:
        return importlib.import_module(f"{package}.{folder.name}.{HANDLER_MODULE}")
    except Exception as exc:
        raise FunctionConfigError(f"{folder / HANDLER_MODULE}.py failed to import: {exc!r}") from exc
