"""Collects what each matrix case expected and got, and renders it as the table printed after the run."""

from __future__ import annotations

from dataclasses import dataclass

from tests.policies.cases import Case, Outcome


@dataclass(frozen=True)
class Row:
    transport: str
    case: Case
    outcome: Outcome
    passed: bool


RECORDED: list[Row] = []


def expected_text(case: Case) -> str:
    if case.expect.error:
        return f"error {case.expect.error}"
    return "ok" if case.expect.rows is None else f"{case.expect.rows} rows"


def render() -> list[str]:
    if not RECORDED:
        return []
    header = ("via", "actor", "op", "table", "expected", "got", "", "rule")
    rows = [(r.transport, r.case.actor, r.case.op.kind, r.case.op.target, expected_text(r.case),
             r.outcome.summary() + (f" [{r.outcome.http_status}]" if r.outcome.http_status else ""),
             "pass" if r.passed else "FAIL", r.case.why) for r in RECORDED]
    widths = [max(len(str(line[i])) for line in [header, *rows]) for i in range(len(header) - 1)]
    lines = []
    for line in [header, *rows]:
        lines.append("  ".join(str(cell).ljust(width) for cell, width in zip(line, widths)) + "  " + line[-1])
    return lines
