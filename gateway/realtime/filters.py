"""postgres_changes filters: `column=op.value`, comma-joined, each optionally `not.`, with the operators Supabase
Realtime supports (eq, neq, lt, lte, gt, gte, in). Parsed with the REST grammar (quoting and escapes as PostgREST's)
and evaluated by PostgreSQL in the statement that re-selects the row under RLS, so values compare by the column's
own type (bigint, numeric, timestamptz, uuid, collation) exactly as a query would."""

from __future__ import annotations

from dataclasses import dataclass

from psycopg import sql

from gateway.rest import grammar
from gateway.rest.errors import PostgrestError
from gateway.rest.types import Filter

COMPARISONS = {"eq": "=", "neq": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">="}
OPERATORS = (*COMPARISONS, "in")
MAX_IN_VALUES = 100


class FilterError(ValueError):
    pass


@dataclass(frozen=True)
class RowFilter:
    text: str
    conditions: tuple[Filter, ...]

    def sql(self, row: str) -> sql.Composable:
        """True when the row aliased `row` passes; as in a WHERE clause, a comparison with NULL never passes,
        negated or not."""
        return sql.SQL(" and ").join(
            sql.SQL("coalesce({}, false)").format(_condition(row, c)) for c in self.conditions)


def _condition(row: str, condition: Filter) -> sql.Composable:
    column = sql.SQL("{}.{}").format(sql.Identifier(row), sql.Identifier(condition.ref.name))
    # Untyped literals: PostgreSQL reads each as the column's type.
    if condition.op == "in":
        test = sql.SQL("{} in ({})").format(column, sql.SQL(", ").join(map(sql.Literal, condition.value)))
    else:
        test = sql.SQL("{} {} {}").format(column, sql.SQL(COMPARISONS[condition.op]), sql.Literal(condition.value))
    return sql.SQL("not ({})").format(test) if condition.negate else sql.SQL("({})").format(test)


def parse_condition(text: str) -> Filter:
    column, sep, expression = text.partition("=")
    if not sep or not column.strip():
        raise FilterError(f"expected column=operator.value, got {text!r}")
    try:
        ref = grammar.parse_field(column.strip(), "filter column")
        condition = grammar.parse_filter(ref, expression)
    except PostgrestError as exc:
        raise FilterError(f"{exc.message}: {exc.details}" if exc.details else exc.message) from None
    if condition.ref.json_path:
        raise FilterError(f"filters compare whole columns, not JSON paths: {text!r}")
    if condition.op not in OPERATORS or condition.quantifier or condition.fts_config:
        raise FilterError(f"unknown operator in {text!r}; use one of {', '.join(OPERATORS)}")
    if condition.op == "in" and not 1 <= len(condition.value) <= MAX_IN_VALUES:
        raise FilterError(f"`in` takes between 1 and {MAX_IN_VALUES} values")
    return condition


def parse_filter(text: str | None) -> RowFilter | None:
    if text is None or text.strip() == "":
        return None
    try:
        parts = grammar.split_top_level(text)
    except PostgrestError as exc:
        raise FilterError(f"{exc.message}: {exc.details}") from None
    return RowFilter(text, tuple(parse_condition(part) for part in parts))
