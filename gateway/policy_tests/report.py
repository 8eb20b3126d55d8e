"""The matrix of a run as text (✓/✗ per case, the details of each failure) or as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from gateway.policy_tests.run import Verdict

HEADER = ("", "as", "operation", "table", "expected", "got", "rule")


def text(results: list[tuple[Path, list[Verdict]]]) -> str:
    rows = [(path, v, ("✓" if v.passed else "✗", v.case.identity, v.case.operation, v.case.target,
                       v.case.expect.text(), v.outcome.text(), v.case.rule))
            for path, verdicts in results for v in verdicts]
    widths = [max([len(HEADER[i])] + [len(cells[i]) for _, _, cells in rows]) for i in range(len(HEADER) - 1)]

    def line(cells) -> str:
        return "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + "  " + cells[-1]

    out = [line(HEADER)]
    current = None
    for path, verdict, cells in rows:
        if path != current:
            current = path
            out.append(f"{_shown(path)}")
        out.append(line(cells))
        if not verdict.passed:
            out += _failure(path, verdict)
    failed = sum(1 for _, v, _ in rows if not v.passed)
    out.append("")
    out.append(f"{len(rows) - failed} passed, {failed} failed, in {len(results)} file"
               + ("" if len(results) == 1 else "s"))
    return "\n".join(out) + "\n"


def _failure(path: Path, verdict: Verdict) -> list[str]:
    indent = "      "
    lines = [f"{indent}{_shown(path)}:{verdict.case.line}", f"{indent}request: {verdict.request}"]
    lines += [f"{indent}mismatch: {problem}" for problem in verdict.problems]
    outcome = verdict.outcome
    if outcome.error:
        lines.append(f"{indent}came back: {outcome.error} {outcome.message!r}"
                     + (f", details {outcome.detail!r}" if outcome.detail else "")
                     + (f", hint {outcome.hint!r}" if outcome.hint else "") + f" (HTTP {outcome.status})")
    else:
        shown = f": {json.dumps(outcome.rows[:3], default=str)[:600]}" if outcome.rows else ""
        more = f" (+{len(outcome.rows) - 3} more)" if outcome.rows and len(outcome.rows) > 3 else ""
        lines.append(f"{indent}came back: {outcome.text()}{shown}{more}")
    lines.append(f"{indent}applied:")
    lines += [f"{indent}  {entry}".replace("\n", "\n" + indent + "  ") for entry in verdict.policies]
    return lines


def as_json(results: list[tuple[Path, list[Verdict]]]) -> str:
    files = [{"file": _shown(path), "cases": [{
        "line": v.case.line, "as": v.case.identity, "operation": v.case.operation, "target": v.case.target,
        "rule": v.case.rule, "expected": v.case.expect.text(), "got": v.outcome.text(), "passed": v.passed,
        "request": v.request, "problems": v.problems, "policies": v.policies, **v.outcome.as_json(),
    } for v in verdicts]} for path, verdicts in results]
    counted = [v.passed for _, verdicts in results for v in verdicts]
    return json.dumps({"passed": counted.count(True), "failed": counted.count(False), "files": files},
                      indent=2, default=str) + "\n"


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
