"""`gateway test db [FILE...]`: the project's pgTAP tests (supabase/tests/**/*.sql), as `supabase test db` runs
them with pg_prove, on the database as it is: pgTAP enabled for the run (and dropped after, unless it was there), each
file on its own connection, one statement after another as psql sends them, stopping at the first that fails (what
ran before it still counts, and the failure is named with its line), the TAP it prints summarised as pg_prove's
harness does, exit 1 on any failure. `gateway test new NAME` writes the CLI's pgTAP template.
"""

from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from gateway.config_values import ConfigError
from gateway.database.extension_hints import where_available
from gateway.database.migrate import statement_failure
from gateway.database.migration_batches import statements
from gateway.project.folder import Project

EXTENSIONS = (".sql", ".pg")
_PLAN = re.compile(r"^1\.\.(\d+)")
_RESULT = re.compile(r"^(not )?ok (\d+)")
# `supabase test new`'s template, as the CLI writes it.
TEMPLATE = """BEGIN;
SELECT plan(1);

-- Examples: https://pgtap.org/documentation.html

SELECT * FROM finish();
ROLLBACK;
"""


@dataclass
class FileResult:
    shown: str
    planned: int | None = None
    passed: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        return (self.error is None and not self.failed
                and self.planned == len(self.passed) + len(self.failed))

    def problem(self) -> str:
        if self.error is not None:
            return self.error
        ran = len(self.passed) + len(self.failed)
        if self.failed:
            return f"Failed {len(self.failed)}/{ran} subtests"
        if self.planned is None:
            return "No plan found in TAP output"
        return f"Bad plan. You planned {self.planned} tests but ran {ran}."


def test_files(project: Project, given: list[Path]) -> list[Path]:
    """The files given (folders searched recursively), else everything under supabase/tests/."""
    roots = given or [project.root / "supabase" / "tests"]
    found: list[Path] = []
    for root in roots:
        if root.is_dir():
            found += sorted(p for p in root.rglob("*") if p.suffix in EXTENSIONS and p.is_file())
        elif root.is_file():
            found.append(root)
        else:
            raise ConfigError(f"{root}: no such file or folder")
    return found


def new_test(project: Project, name: str) -> Path:
    """supabase/tests/NAME_test.sql with the CLI's template; an existing file is left as it is."""
    path = project.root / "supabase" / "tests" / f"{name}_test.sql"
    if path.exists():
        raise ConfigError(f"{path.relative_to(project.root)} already exists.")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(TEMPLATE)
    return path


def run(url: str, project: Project, files: list[Path]) -> int:
    started = time.monotonic()
    with psycopg.connect(url, autocommit=True) as conn:
        if conn.execute("select to_regclass('supabase_migrations.schema_migrations')").fetchone() == (None,):
            print("note: no migration has been applied to this database yet (`gateway migrate` or `gateway serve` "
                  "applies them); the tests run on it as it is", file=sys.stderr)
        had_pgtap = conn.execute("select 1 from pg_extension where extname = 'pgtap'").fetchone() is not None
        conn.execute("create schema if not exists extensions")
        try:
            conn.execute("create extension if not exists pgtap with schema extensions")
        except psycopg.errors.FeatureNotSupported as exc:
            raise ConfigError(f"pgTAP is not available on this database: {where_available('pgtap')}") from exc
        try:
            results = [_run_file(url, project, path) for path in files]
        finally:
            if not had_pgtap:
                conn.execute("drop extension if exists pgtap")
    for result in results:
        print(f"{result.shown} .. {'ok' if result.ok else result.problem()}")
    failing = [result for result in results if not result.ok]
    if failing:
        print("\nTest Summary Report\n-------------------")
        for result in failing:
            ran = len(result.passed) + len(result.failed)
            print(f"{result.shown} (Tests: {ran} Failed: {len(result.failed)})")
            if result.failed:
                print(f"  Failed test{'s' if len(result.failed) > 1 else ''}:  {', '.join(map(str, result.failed))}")
            elif result.error is None:
                print(f"  Parse errors: {result.problem()}")
    elif results:
        print("All tests successful.")
    total = sum(len(result.passed) + len(result.failed) for result in results)
    print(f"Files={len(results)}, Tests={total}, {time.monotonic() - started:.0f} wallclock secs")
    print(f"Result: {'FAIL' if failing or not results else 'PASS'}")
    return 1 if failing or not results else 0


def _run_file(url: str, project: Project, path: Path) -> FileResult:
    shown = project.shown(path)
    result = FileResult(shown)
    text = path.read_text()
    with psycopg.connect(url, autocommit=True) as conn:
        # As the postgres role's search_path on Supabase: pgTAP's functions are called unqualified.
        conn.execute("set search_path = \"$user\", public, extensions")
        for piece in statements(text) or [slice(0, len(text))]:
            try:
                cursor = conn.execute(text[piece])
            except psycopg.Error as exc:
                result.error = str(statement_failure(shown, exc, text, start=piece.start,
                                                     statement_line=_first_line(text, piece)))
                print(result.error, file=sys.stderr)
                return result
            while True:
                if cursor.description:
                    for row in cursor.fetchall():
                        for value in row:
                            if isinstance(value, str):
                                _read_tap(result, value)
                if not cursor.nextset():
                    break
    return result


def _first_line(text: str, piece: slice) -> int:
    """The line where the statement in `piece` begins, past blank lines and `--` comments, as psql names it."""
    line = text[:piece.start].count("\n") + 1
    for part in text[piece].splitlines():
        if part.strip() and not part.lstrip().startswith("--"):
            break
        line += 1
    return line


def _read_tap(result: FileResult, output: str) -> None:
    for line in output.splitlines():
        if line.startswith("#"):
            print(line, file=sys.stderr)
        elif plan := _PLAN.match(line):
            result.planned = int(plan.group(1))
        elif outcome := _RESULT.match(line):
            (result.failed if outcome.group(1) else result.passed).append(int(outcome.group(2)))
