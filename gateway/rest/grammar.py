"""PostgREST's query-string grammar: `select=`, filters, logic trees and `order=`, parsed into the request tree.

Pure functions: no database, no schema. Names are checked later by the planner.
"""

from __future__ import annotations

import re
from typing import NoReturn

from gateway.rest.errors import PostgrestError, bad_query
from gateway.rest.types import (
    AGGREGATES,
    Condition,
    Embed,
    FieldRef,
    Filter,
    JsonStep,
    LogicTree,
    OrderTerm,
    SelectField,
    SelectItem,
    Star,
)

OPERATORS = frozenset({
    "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch", "in", "is", "isdistinct",
    "cs", "cd", "ov", "sl", "sr", "nxl", "nxr", "adj", "fts", "plfts", "phfts", "wfts",
})
QUANTIFIABLE = frozenset({"eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"})
FTS = frozenset({"fts", "plfts", "phfts", "wfts"})
IS_VALUES = frozenset({"null", "not_null", "true", "false", "unknown"})
_NAME_STOP = set(',()!:."')
_OPERATOR = re.compile(r"([a-z]+)(?:\((any|all)\))?(?:\(([A-Za-z_][A-Za-z0-9_]*)\))?\.")
_CAST = re.compile(r"[A-Za-z_][A-Za-z0-9_ ]*(\[\])?")


class _Cursor:
    def __init__(self, text: str, what: str):
        self.text, self.pos, self.what = text, 0, what

    def peek(self, token: str = "") -> bool:
        return self.text.startswith(token, self.pos) if token else self.pos < len(self.text)

    def take(self, token: str) -> bool:
        if self.text.startswith(token, self.pos):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str) -> None:
        if not self.take(token):
            self.fail(f'expected "{token}"')

    def fail(self, reason: str) -> NoReturn:
        found = self.text[self.pos:] or "end of input"
        raise bad_query(f'"failed to parse {self.what} ({self.text})" (line 1, column {self.pos + 1})',
                        f'unexpected "{found[:20]}" {reason}')

    def name(self) -> str:
        if self.take('"'):
            end = self.text.find('"', self.pos)
            if end < 0:
                self.fail("unterminated quoted name")
            value, self.pos = self.text[self.pos:end], end + 1
        else:
            start = self.pos
            while self.pos < len(self.text):
                ch = self.text[self.pos]
                if ch in _NAME_STOP or (ch == "-" and self.text.startswith("->", self.pos)):
                    break
                self.pos += 1
            value = self.text[start:self.pos].strip()
        if not value:
            self.fail("expected a name")
        if "\x00" in value:
            # PostgreSQL ends a statement's text at NUL; a name must never be able to cut it short.
            self.fail("a name cannot contain NUL")
        return value

    def field_ref(self) -> FieldRef:
        name = self.name()
        steps: list[JsonStep] = []
        while self.peek("->"):
            as_text = self.take("->>") or not self.take("->")
            steps.append(JsonStep(self.name(), as_text))
        return FieldRef(name, tuple(steps))

    def cast(self) -> str | None:
        if not self.take("::"):
            return None
        match = _CAST.match(self.text, self.pos)
        if not match:
            self.fail("expected a type name")
        self.pos = match.end()
        return match.group(0).strip()


def parse_select(text: str) -> tuple[SelectItem, ...]:
    cursor = _Cursor(text, "select")
    items = _select_list(cursor) if text else (Star(),)
    if cursor.peek():
        cursor.fail("expected end of input")
    return items


def _select_list(cursor: _Cursor) -> tuple[SelectItem, ...]:
    items = [_select_item(cursor)]
    while cursor.take(","):
        items.append(_select_item(cursor))
    return tuple(items)


def _select_item(cursor: _Cursor) -> SelectItem:
    if cursor.take("*"):
        return Star()
    if cursor.take("..."):
        embed = _embed_body(cursor, cursor.name(), None)
        if embed is None:
            cursor.fail("a spread needs a relation with a column list")
        return Embed(embed.name, None, embed.hint, embed.join, True, embed.select)
    start = cursor.pos
    alias = None
    first = cursor.name()
    if cursor.peek(":") and not cursor.peek("::"):
        cursor.take(":")
        alias = first
        start = cursor.pos
        if cursor.take("..."):
            cursor.fail("a spread cannot have an alias")
        first = cursor.name()
    if cursor.peek("(") or cursor.peek("!"):
        if first == "count" and cursor.take("()"):
            return SelectField(None, alias, None, "count", cursor.cast())
        embed = _embed_body(cursor, first, alias)
        if embed is not None:
            return embed
    cursor.pos = start
    ref = cursor.field_ref()
    cast = cursor.cast()
    aggregate = aggregate_cast = None
    if cursor.take("."):
        aggregate = cursor.name()
        if aggregate not in AGGREGATES:
            cursor.fail("expected an aggregate function")
        cursor.expect("()")
        aggregate_cast = cursor.cast()
    return SelectField(ref, alias, cast, aggregate, aggregate_cast)


def _embed_body(cursor: _Cursor, name: str, alias: str | None) -> Embed | None:
    hint = join = None
    while cursor.take("!"):
        word = cursor.name()
        if word in ("inner", "left"):
            join = word
        elif hint is None:
            hint = word
        else:
            cursor.fail("expected at most one hint")
    if not cursor.take("("):
        cursor.fail('expected "(" after a relation')
    select: tuple[SelectItem, ...] = ()
    if not cursor.peek(")"):
        select = _select_list(cursor)
    cursor.expect(")")
    return Embed(name, alias, hint, join, False, select)


def parse_field(text: str, what: str = "field") -> FieldRef:
    cursor = _Cursor(text, what)
    ref = cursor.field_ref()
    if cursor.peek():
        cursor.fail("expected end of field")
    return ref


def parse_filter(ref: FieldRef, text: str) -> Filter:
    """`[not.]op[(any|all)][(config)].value` for the field `ref`."""
    negate = text.startswith("not.")
    if negate:
        text = text[4:]
    match = _operator(text)
    if match is None:
        raise bad_query(f'"failed to parse filter ({text})" (line 1, column 1)', _expected_operator(text))
    op, quantifier, config = match.groups()
    raw = text[match.end():]
    if quantifier and op not in QUANTIFIABLE:
        raise bad_query(f"operator {op} does not take the {quantifier} modifier")
    if config and op not in FTS:
        raise bad_query(f"only full-text operators take a language, not {op}")
    if quantifier:
        return Filter(ref, op, _list_value(raw, "{", "}"), negate, quantifier)
    if op == "in":
        return Filter(ref, op, _list_value(raw, "(", ")"), negate)
    if op == "is":
        if raw.lower() not in IS_VALUES:
            raise bad_query(f'"failed to parse filter (is.{raw})"', "is takes null, not_null, true, false or unknown")
        return Filter(ref, op, raw.lower(), negate)
    return Filter(ref, op, _unquote(raw), negate, None, config)


def _unquote(raw: str) -> str:
    if len(raw) >= 2 and raw[0] == raw[-1] == '"':
        return raw[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return raw


def _list_value(raw: str, open_: str, close: str) -> tuple[str, ...]:
    if not (raw.startswith(open_) and raw.endswith(close)):
        raise bad_query(f'"failed to parse filter ({raw})"', f"expected a list in {open_}{close}")
    inner = raw[1:-1]
    return tuple(_unquote(item) for item in split_top_level(inner)) if inner else ()


def split_top_level(text: str) -> list[str]:
    """Split on commas that are outside double quotes and parentheses."""
    parts, depth, quoted, start, i = [], 0, False, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and quoted:
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "({":
            depth += 1
        elif not quoted and ch in ")}":
            depth -= 1
        elif not quoted and depth == 0 and ch == ",":
            parts.append(text[start:i])
            start = i + 1
        i += 1
    if quoted or depth != 0:
        raise bad_query(f'"failed to parse logic tree ({text})"', "unbalanced quotes or parentheses")
    parts.append(text[start:])
    return parts


def parse_logic(op: str, negate: bool, text: str) -> LogicTree:
    """The value of `or=` / `and=` (also `not.or=`): `(a.eq.1,and(b.gt.2,c.is.null))`.

    A logic tree compares columns of one level only: `rel.col.eq.x` is a parse error here as in PostgREST, whose
    way across embeds is filtering the embed (`rel.col=eq.x`) and testing it with `rel.not.is.null` in the tree.
    """
    prefix = ("not." if negate else "") + op
    return _logic_tree(op, negate, text, _LogicText(text, len(prefix)))


class _LogicText:
    """The whole tree as written, for errors that point at a column of it as PostgREST's do."""

    def __init__(self, text: str, prefix_length: int):
        self.text, self.prefix_length = text, prefix_length

    def fail(self, offset: int, details: str) -> NoReturn:
        raise bad_query(f'"failed to parse logic tree ({self.text})" (line 1, column {self.prefix_length + offset + 1})',
                        details)


def _logic_tree(op: str, negate: bool, text: str, whole: _LogicText, offset: int = 0) -> LogicTree:
    if not (text.startswith("(") and text.endswith(")")) or len(text) < 3:
        whole.fail(offset, 'expected "(" and ")"')
    children: list[Condition] = []
    position = offset + 1
    for part in split_top_level(text[1:-1]):
        lead = len(part) - len(part.lstrip())
        children.append(_logic_child(part.strip(), whole, position + lead))
        position += len(part) + 1
    return LogicTree(op, tuple(children), negate)


def _logic_child(part: str, whole: _LogicText, offset: int) -> Condition:
    negate = part.startswith("not.")
    body = part[4:] if negate else part
    for op in ("and", "or"):
        if body.startswith(op + "("):
            return _logic_tree(op, negate, body[len(op):], whole, offset + len(part) - len(body) + len(op))
    cursor = _Cursor(part, "logic tree")
    ref = cursor.field_ref()
    if not cursor.take("."):
        whole.fail(offset + cursor.pos, 'expected "." and an operator after the field')
    rest = part[cursor.pos:]
    skipped = 4 if rest.startswith("not.") else 0
    if _operator(rest[skipped:]) is None:
        whole.fail(offset + cursor.pos + skipped, _expected_operator(rest[skipped:]))
    return parse_filter(ref, rest)


def is_filter(value: str) -> bool:
    """Whether a query parameter's value reads as a filter (`eq.1`, `not.in.(a)`): on a GET of a function, the
    others are its arguments, as in PostgREST."""
    return _operator(value[4:] if value.startswith("not.") else value) is not None


def _operator(text: str) -> re.Match | None:
    match = _OPERATOR.match(text)
    return match if match and match.group(1) in OPERATORS else None


def _expected_operator(text: str) -> str:
    found = f'"{text[0]}"' if text else "end of input"
    return f'unexpected {found} expecting "not" or operator (eq, gt, ...)'


def parse_order(text: str) -> list[OrderTerm]:
    terms = []
    for part in split_top_level(text):
        cursor = _Cursor(part, "order")
        relation = None
        ref = cursor.field_ref()
        if cursor.take("("):
            relation, ref = ref.name, cursor.field_ref()
            cursor.expect(")")
        descending, nulls = False, None
        while cursor.take("."):
            word = cursor.name()
            if word in ("asc", "desc"):
                descending = word == "desc"
            elif word in ("nullsfirst", "nullslast"):
                nulls = word[5:]
            else:
                cursor.fail("expected asc, desc, nullsfirst or nullslast")
        if cursor.peek():
            cursor.fail("expected end of order term")
        terms.append(OrderTerm(ref, descending, nulls, relation))
    return terms


def parse_columns(text: str) -> tuple[str, ...]:
    """`columns=` on inserts: names, optionally double-quoted, as postgrest-js sends them."""
    names = tuple(_unquote(part.strip()) for part in split_top_level(text))
    if any(not name for name in names):
        raise bad_query('"failed to parse columns parameter"', "empty column name")
    return names


def parse_count(name: str, text: str) -> int:
    if not text.isdigit():
        raise bad_query(f'"failed to parse {name} parameter ({text})"', "expected a whole number")
    return int(text)


__all__ = [
    "PostgrestError",
    "parse_columns",
    "parse_count",
    "parse_field",
    "parse_filter",
    "parse_logic",
    "parse_order",
    "parse_select",
    "split_top_level",
]
