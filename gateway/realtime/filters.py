"""postgres_changes filters: `column=op.value` (eq, neq, lt, lte, gt, gte, in), comma-joined, optionally `not.`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

OPERATORS = ("eq", "neq", "lt", "lte", "gt", "gte", "in")
MAX_IN_VALUES = 100


class FilterError(ValueError):
    pass


@dataclass(frozen=True)
class Condition:
    column: str
    operator: str
    values: tuple[str, ...]
    negated: bool = False

    def matches(self, row: Mapping[str, Any]) -> bool:
        if self.column not in row:
            return False
        actual = row[self.column]
        if actual is None:
            # As in SQL, a comparison with NULL is never true, negated or not.
            return False
        result = _compare(self.operator, actual, self.values)
        return not result if self.negated else result


def _split(text: str, separator: str) -> list[str]:
    """Split on `separator` outside double quotes and parentheses."""
    parts, current, depth, quoted = [], [], 0, False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
        if char == separator and not quoted and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1].replace('\\"', '"')
    return value


def parse_condition(text: str) -> Condition:
    column, sep, expression = text.partition("=")
    column = column.strip()
    if not sep or not column:
        raise FilterError(f"expected column=operator.value, got {text!r}")
    negated = expression.startswith("not.")
    if negated:
        expression = expression[4:]
    operator, dot, raw = expression.partition(".")
    if not dot or operator not in OPERATORS:
        raise FilterError(f"unknown operator in {text!r}; use one of {', '.join(OPERATORS)}")
    if operator == "in":
        if not (raw.startswith("(") and raw.endswith(")")):
            raise FilterError(f"`in` takes a list in parentheses, got {raw!r}")
        values = tuple(_unquote(v) for v in _split(raw[1:-1], ",") if v.strip())
        if not values or len(values) > MAX_IN_VALUES:
            raise FilterError(f"`in` takes between 1 and {MAX_IN_VALUES} values")
    else:
        values = (_unquote(raw),)
    return Condition(column=column, operator=operator, values=values, negated=negated)


def parse_filter(text: str | None) -> tuple[Condition, ...]:
    if text is None or text.strip() == "":
        return ()
    return tuple(parse_condition(part) for part in _split(text, ","))


def _coerce(raw: str, like: Any) -> Any:
    """Read a filter value as the type of the row's value, as Postgres would cast the literal."""
    if isinstance(like, bool):
        if raw.lower() in ("true", "t"):
            return True
        if raw.lower() in ("false", "f"):
            return False
        return None
    if isinstance(like, (int, float)):
        try:
            return float(raw)
        except ValueError:
            return None
    if isinstance(like, (dict, list)):
        return None
    return raw


def _compare(operator: str, actual: Any, values: tuple[str, ...]) -> bool:
    if isinstance(actual, (int, float)) and not isinstance(actual, bool):
        actual = float(actual)
    expected = [_coerce(v, actual) for v in values]
    if operator == "in":
        return any(e is not None and actual == e for e in expected)
    value = expected[0]
    if value is None:
        return False
    if operator == "eq":
        return actual == value
    if operator == "neq":
        return actual != value
    if operator == "lt":
        return actual < value
    if operator == "lte":
        return actual <= value
    if operator == "gt":
        return actual > value
    return actual >= value
