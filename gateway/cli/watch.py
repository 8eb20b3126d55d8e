"""`gateway serve --watch`: what a developer edits takes effect while the gateway runs, one output line per reload.

- Policy files and new migrations are database state, applied once by this (the parent) process through
  gateway.database.migrate: each file in its own transaction, so a file that fails leaves the previous state in
  place, and the `NOTIFY pgrst` that follows has every worker reload its schema cache.
- Functions are code that each worker imports. This process imports the changed code first (and `deno check`s a
  changed Deno function), so an error is reported once, with its file and line, and the workers keep serving the
  code they have; when it is clean, every worker gets RELOAD_SIGNAL and imports it again, or starts its Deno
  workers afresh (gateway.functions.routes).
"""

from __future__ import annotations

import logging
import os
import threading
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path

import watchfiles

from gateway.database import migrate
from gateway.functions import registry
from gateway.functions.config import FunctionConfigError
from gateway.functions.deno.check import first_error, touched
from gateway.functions.deno.discovery import DenoFunction
from gateway.functions.deno.invocation import launch_for, project_functions
from gateway.functions.routes import RELOAD_SIGNAL
from gateway.settings import Settings

PREFIX = "[watch]"
# How long watchfiles gathers the events of one save (editors write a file in several steps) before reporting them.
DEBOUNCE_MS = 300
CHANGE_NAMES = {watchfiles.Change.added: "added", watchfiles.Change.modified: "changed",
                watchfiles.Change.deleted: "deleted"}


def signal_workers() -> None:
    """To this process: gateway.server.workers passes the signal on to every worker, or handles it when it is the
    worker."""
    os.kill(os.getpid(), RELOAD_SIGNAL)


class Watcher:
    def __init__(self, settings: Settings, *, reload_workers: Callable[[], None] = signal_workers,
                 out: Callable[[str], None] = lambda line: print(line, flush=True)) -> None:
        self._url = settings.bound_database_url
        self._settings = settings
        self._project = settings.project
        self._reload_workers = reload_workers
        self._out = out
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gateway-watch", daemon=True)
        logging.getLogger("watchfiles").setLevel(logging.WARNING)  # its "1 change detected" would double each line

    @property
    def sql_folders(self) -> list[Path]:
        return [folder for folder in (self._project.migrations_dir, self._project.policies_dir)
                if folder is not None and folder.is_dir()]

    @property
    def folders(self) -> list[Path]:
        functions = self._settings.functions_dir
        return self.sql_folders + ([functions] if functions.is_dir() else [])

    def start(self) -> Watcher:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        for changes in watchfiles.watch(*self.folders, stop_event=self._stop, debounce=DEBOUNCE_MS,
                                        raise_interrupt=False):
            try:
                self.handle(changes)
            except Exception as exc:  # noqa: BLE001 - the watcher outlives one failed reload
                self._out(f"{PREFIX} reload failed: {exc!r}")

    def handle(self, changes: Iterable[tuple[watchfiles.Change, str]]) -> None:
        sql: dict[str, tuple[Path, str]] = {}
        code: dict[Path, str] = {}
        for change, raw in sorted(changes, key=lambda item: item[1]):
            path = Path(raw)
            if path.suffix == ".sql" and path.parent in self.sql_folders:
                sql[self._ledger_name(path)] = (path, CHANGE_NAMES[change])
            elif path.is_relative_to(self._settings.functions_dir):
                code[path] = CHANGE_NAMES[change]
        if sql:
            self._apply_sql(sql)
        if code:
            self._reload_functions(code)

    def _ledger_name(self, path: Path) -> str:
        folder = "migrations" if path.parent == self._project.migrations_dir else "policies"
        return f"{folder}/{path.name}"

    def _apply_sql(self, changed: dict[str, tuple[Path, str]]) -> None:
        """Applies whatever is pending (a fixed file may unblock one that failed before), then says what happened
        to each changed file."""
        files = {file.name: file for file in migrate.discover(self._project)}
        failure: migrate.MigrationError | None = None
        try:
            applied = migrate.apply_pending(self._url, self._project, hold_empty=True, keep_going=True)
        except migrate.MigrationError as exc:
            failure, applied = exc, exc.applied
        for name in applied:
            change = changed[name][1] if name in changed else "held back"
            self._out(f"{PREFIX} {self._project.shown(files[name].path)} {change}: applied")
        failures = failure.failures if failure is not None else []
        for error in failures:
            self._out(f"{PREFIX} {self._sql_error(error)}; nothing of it applied, the previous state stays")
        failed = {error.file.name for error in failures if error.file is not None}
        for name, (path, change) in changed.items():
            if name in applied or name in failed:
                continue
            if name not in files:
                outcome = "nothing to do (what it created stays in the database until SQL drops it)"
            elif files[name].kind == "versioned" and files[name].is_empty:
                outcome = "empty so far; applied once it holds SQL"
            else:
                outcome = "nothing new to apply"
            self._out(f"{PREFIX} {self._project.shown(path)} {change}: {outcome}")

    def _sql_error(self, error: migrate.MigrationError) -> str:
        if error.file is None:
            return f"error: {error}"
        where = f" line {error.line}" if error.line else ""
        return f"{self._project.shown(error.file.path)}{where}: error: {error.reason}"

    def _reload_functions(self, changed: dict[Path, str]) -> None:
        what = ", ".join(f"{self._project.shown(path)} {change}" for path, change in changed.items())
        try:
            functions = registry.reload(self._settings.functions_dir)
        except FunctionConfigError as exc:
            self._out(f"{PREFIX} {what}: {self._code_error(exc)}; the previous code keeps serving")
            return
        try:
            deno_functions = project_functions(self._settings)
            error = self._deno_error(deno_functions, [path for path in changed if path.suffix != ".py"])
        except FunctionConfigError as exc:
            error = f"error: {exc}"
        if error is not None:
            self._out(f"{PREFIX} {what}: {error}; the previous code keeps serving")
            return
        self._reload_workers()
        names = sorted({*functions, *deno_functions})
        self._out(f"{PREFIX} {what}: functions reloaded ({', '.join(names) or 'none'})")

    def _deno_error(self, functions: dict[str, DenoFunction], changed: list[Path]) -> str | None:
        """The first syntax or type error of a Deno function the change touched, as `file:line:column: error: ...`."""
        if not changed:
            return None
        launch = launch_for(self._settings)
        for function in touched(functions, changed):
            error = first_error(launch, function, self._project.shown)
            if error is not None:
                return error
        return None

    def _code_error(self, error: FunctionConfigError) -> str:
        cause = error.__cause__
        if isinstance(cause, SyntaxError) and cause.filename:
            return f"{self._project.shown(cause.filename)} line {cause.lineno}: error: SyntaxError: {cause.msg}"
        if cause is not None:
            frames = [frame for frame in traceback.extract_tb(cause.__traceback__)
                      if Path(frame.filename).is_relative_to(self._settings.functions_dir)]
            if frames:
                return (f"{self._project.shown(frames[-1].filename)} line {frames[-1].lineno}: error: "
                        f"{type(cause).__name__}: {cause}")
        return f"error: {error}"
