"""`gateway check`: lint the project's migrations and policies with PostgreSQL's own parser (pglast) before any
database sees them.

Reports, with file and line: syntax errors, public tables without row-level security, and policies that name
unknown tables or unknown columns of their table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pglast
from pglast import ast
from pglast.enums import AlterTableType
from pglast.visitors import Visitor

from gateway.database.extension_hints import NOT_EMBEDDED, where_available
from gateway.database.migrate import MigrationFile, discover
from gateway.project.folder import Project


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {'warning: ' if self.warning else ''}{self.message}"


@dataclass
class _Catalog:
    columns: dict[str, set[str]] = field(default_factory=dict)
    created_at: dict[str, tuple[str, int]] = field(default_factory=dict)
    rls_enabled: set[str] = field(default_factory=set)
    policies: list[tuple[str, int, str, str, list[str]]] = field(default_factory=list)
    extensions: list[tuple[str, int, str]] = field(default_factory=list)


def _qualified(relation: ast.RangeVar | None) -> str:
    if relation is None:  # the statements read here always name one; pglast's types allow none
        raise ValueError("a statement without its relation")
    return f"{relation.schemaname or 'public'}.{relation.relname}"


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _statement_line(text: str, location: int) -> int:
    """A statement's location includes the blank lines and comments before it; report its first real line."""
    offset = location
    while offset < len(text):
        rest = text[offset:]
        stripped = rest.lstrip()
        offset += len(rest) - len(stripped)
        if not stripped.startswith("--"):
            break
        newline = text.find("\n", offset)
        offset = len(text) if newline == -1 else newline
    return _line_of(text, offset)


class _UnqualifiedColumns(Visitor):
    """Column names a policy expression uses without a qualifier, outside sub-selects (which name other tables)."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_SubLink(self, ancestors, node):
        return pglast.visitors.Skip

    def visit_ColumnRef(self, ancestors, node):
        fields = node.fields
        if len(fields) == 1 and isinstance(fields[0], ast.String):
            self.names.append(fields[0].sval)


def _collect(files: list[MigrationFile], catalog: _Catalog, findings: list[Finding]) -> None:
    for file in files:
        text = file.sql
        try:
            statements = pglast.parse_sql(text)
        except pglast.parser.ParseError as exc:
            message, offset = exc.args[0], exc.args[1] if len(exc.args) > 1 else 0
            findings.append(Finding(file.name, _line_of(text, offset), f"syntax error: {message}"))
            continue
        for raw in statements:
            statement, line = raw.stmt, _statement_line(text, raw.stmt_location or 0)
            if isinstance(statement, ast.CreateStmt):
                name = _qualified(statement.relation)
                catalog.columns[name] = {e.colname for e in statement.tableElts or () if isinstance(e, ast.ColumnDef) and e.colname}
                catalog.created_at[name] = (file.name, line)
            elif isinstance(statement, ast.AlterObjectSchemaStmt) and statement.relation is not None:
                _move(catalog, _qualified(statement.relation), f"{statement.newschema}.{statement.relation.relname}")
            elif isinstance(statement, ast.ViewStmt):
                catalog.columns.setdefault(_qualified(statement.view), set())
            elif isinstance(statement, ast.AlterTableStmt):
                name = _qualified(statement.relation)
                for command in statement.cmds or ():
                    if command.subtype == AlterTableType.AT_EnableRowSecurity:
                        catalog.rls_enabled.add(name)
                    elif command.subtype == AlterTableType.AT_AddColumn and name in catalog.columns:
                        catalog.columns[name].add(command.def_.colname)
            elif isinstance(statement, ast.CreateExtensionStmt) and statement.extname:
                catalog.extensions.append((file.name, line, statement.extname))
            elif isinstance(statement, ast.CreatePolicyStmt):
                collector = _UnqualifiedColumns()
                for expression in (statement.qual, statement.with_check):
                    if expression is not None:
                        collector(expression)
                catalog.policies.append(
                    (file.name, line, statement.policy_name or "", _qualified(statement.table), collector.names)
                )


def _move(catalog: _Catalog, old: str, new: str) -> None:
    if old in catalog.columns:
        catalog.columns[new] = catalog.columns.pop(old)
        catalog.created_at[new] = catalog.created_at.pop(old)
    if old in catalog.rls_enabled:
        catalog.rls_enabled.discard(old)
        catalog.rls_enabled.add(new)


def check(files: list[MigrationFile], *, embedded: bool = False) -> list[Finding]:
    """`embedded`: the database will be the embedded PostgreSQL, so the extensions it lacks are warned about."""
    catalog, findings = _Catalog(), list[Finding]()
    _collect(files, catalog, findings)
    if embedded:
        findings += [Finding(file, line, f"extension {name} is not available on the embedded PostgreSQL: "
                                         f"{where_available(name)}", warning=True)
                     for file, line, name in catalog.extensions if name in NOT_EMBEDDED]
    for table, (file, line) in catalog.created_at.items():
        if table.startswith("public.") and table not in catalog.rls_enabled:
            findings.append(Finding(file, line, f"table {table} has no row-level security (enable it)"))
    for file, line, policy, table, columns in catalog.policies:
        if table not in catalog.columns:
            findings.append(Finding(file, line, f'policy "{policy}" is on unknown table {table}'))
            continue
        known = catalog.columns[table]
        for column in dict.fromkeys(columns):
            if known and column not in known:
                findings.append(Finding(file, line, f'policy "{policy}" uses unknown column {column} of {table}'))
    return findings


def run_check(project: Project, out=print, *, embedded: bool = False) -> int:
    files = discover(project)
    findings = check(files, embedded=embedded)
    for finding in findings:
        out(str(finding))
    problems = [finding for finding in findings if not finding.warning]
    warnings = len(findings) - len(problems)
    out(f"checked {len(files)} files: {len(problems)} problem(s)" + (f", {warnings} warning(s)" if warnings else ""))
    return 1 if problems else 0
