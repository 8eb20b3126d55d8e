"""The typed request tree: what a REST request asks for, before any name is looked up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

AGGREGATES = frozenset({"count", "sum", "avg", "min", "max"})


@dataclass(frozen=True)
class JsonStep:
    """One `->key` / `->>key` step of a JSON path; `as_text` for `->>`."""

    key: str
    as_text: bool


@dataclass(frozen=True)
class FieldRef:
    """A column (or computed column) with an optional JSON path, as used in select, filters and order."""

    name: str
    json_path: tuple[JsonStep, ...] = ()

    @property
    def default_label(self) -> str:
        return self.json_path[-1].key if self.json_path else self.name


@dataclass(frozen=True)
class SelectField:
    ref: FieldRef | None  # None only for a bare `count()`
    alias: str | None = None
    cast: str | None = None
    aggregate: str | None = None
    aggregate_cast: str | None = None


@dataclass(frozen=True)
class Star:
    pass


@dataclass(frozen=True)
class Embed:
    name: str
    alias: str | None = None
    hint: str | None = None
    join: str | None = None  # "inner" | "left" | None
    spread: bool = False
    select: tuple[SelectItem, ...] = ()


SelectItem = SelectField | Star | Embed


@dataclass(frozen=True)
class Filter:
    ref: FieldRef
    op: str
    value: Any  # str, tuple[str, ...] for `in`, or None for `is`
    negate: bool = False
    quantifier: str | None = None  # "any" | "all"
    fts_config: str | None = None


@dataclass(frozen=True)
class LogicTree:
    op: str  # "and" | "or"
    children: tuple[Filter | LogicTree, ...]
    negate: bool = False


Condition = Filter | LogicTree


@dataclass(frozen=True)
class OrderTerm:
    ref: FieldRef
    descending: bool = False
    nulls: str | None = None  # "first" | "last"
    relation: str | None = None  # `order=company(name)`: a to-one embed's column


@dataclass(frozen=True)
class NodeOptions:
    """Filters, order and paging addressed to one level of the tree: the root (path ()) or an embed path."""

    conditions: tuple[Condition, ...] = ()
    order: tuple[OrderTerm, ...] = ()
    limit: int | None = None
    offset: int | None = None


@dataclass(frozen=True)
class Preferences:
    return_: str | None = None  # minimal | headers-only | representation
    count: str | None = None  # exact | planned | estimated
    resolution: str | None = None  # merge-duplicates | ignore-duplicates
    missing: str | None = None  # default
    handling: str | None = None  # strict | lenient
    tx: str | None = None  # commit | rollback
    max_affected: int | None = None
    params: str | None = None  # single-object

    def applied(self) -> list[str]:
        """In PostgREST's Preference-Applied order; max-affected only counts with handling=strict."""
        pairs = [
            ("resolution", self.resolution), ("missing", self.missing), ("return", self.return_),
            ("count", self.count), ("tx", self.tx), ("handling", self.handling),
            ("max-affected", self.max_affected if self.handling == "strict" else None), ("params", self.params),
        ]
        return [f"{name}={value}" for name, value in pairs if value is not None]


@dataclass(frozen=True)
class MediaType:
    kind: str  # json | object | csv | geojson | plan
    strip_nulls: bool = False
    plan_format: str = "json"  # json | text
    plan_for: str = "application/json"
    plan_options: tuple[str, ...] = ()  # of PLAN_OPTIONS, in that order

    @property
    def plan_media(self) -> str:
        """The Content-Type of a plan, as PostgREST spells it."""
        options = f"; options={'|'.join(self.plan_options)}" if self.plan_options else ""
        return f'application/vnd.pgrst.plan+{self.plan_format}; for="{self.plan_for}"{options}'


PLAN_OPTIONS = ("analyze", "verbose", "settings", "buffers", "wal")
