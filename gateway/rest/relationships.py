"""Which relationship an embed names: many-to-one, one-to-many, one-to-one, many-to-many through a junction, or a
computed relationship (a function taking a row). Ambiguity is PGRST201, nothing at all PGRST200, as in PostgREST."""

from __future__ import annotations

from dataclasses import dataclass

from gateway.database.transactions import one
from gateway.rest import fuzzy
from gateway.rest.errors import PostgrestError
from gateway.rest.schema_cache import (
    ForeignKey,
    Function,
    SchemaCache,
    Table,
    row_type_table,
)


@dataclass(frozen=True)
class Relationship:
    kind: str  # m2o | o2m | o2o | m2m | computed
    source: Table
    target: Table
    fk: ForeignKey | None = None
    junction: Table | None = None
    junction_source_fk: ForeignKey | None = None
    junction_target_fk: ForeignKey | None = None
    function: Function | None = None
    to_one: bool = False
    unique_key: bool = False  # a many-to-one whose key is unique: PostgREST calls it one-to-one

    @property
    def cardinality(self) -> str:
        return "o2o" if self.unique_key else self.kind

    def describe(self) -> dict:
        cardinality = {"m2o": "many-to-one", "o2m": "one-to-many", "o2o": "one-to-one",
                       "m2m": "many-to-many", "computed": "computed"}[self.cardinality]
        if self.kind == "m2m":
            to_source, to_target = one(self.junction_source_fk), one(self.junction_target_fk)
            text = (f"{one(self.junction).name} using {to_source.name}({', '.join(to_source.columns)}) and "
                    f"{to_target.name}({', '.join(to_target.columns)})")
        elif self.fk is not None:
            pairs = _column_pairs(self)
            text = (f"{self.fk.name} using {self.source.name}({', '.join(p[0] for p in pairs)}) and "
                    f"{self.target.name}({', '.join(p[1] for p in pairs)})")
        else:
            function = one(self.function)
            text = f"{function.schema}.{function.name}"
        return {"cardinality": cardinality, "embedding": f"{self.source.name} with {self.target.name}",
                "relationship": text}

    def hint_name(self) -> str:
        if self.kind == "m2m":
            return one(self.junction).name
        return self.fk.name if self.fk else one(self.function).name


def _is_unique(table: Table, columns: tuple[str, ...]) -> bool:
    wanted = set(columns)
    return any(set(key) == wanted for key in (table.pk, *table.uniques) if key)


def all_relationships(cache: SchemaCache, source: Table) -> list[Relationship]:
    """Every relationship leaving `source`, in PostgREST's order (its derived Ord on relationships: foreign key
    ones before computed, then target, self or not, one-to-many < many-to-one < one-to-one < many-to-many, then
    constraint and columns), which is the order PGRST201 lists them in."""
    found: list[Relationship] = []
    for fk in cache.foreign_keys:
        target = cache.tables.get(fk.target)
        child = cache.tables.get(fk.table)
        if target is None or child is None:
            continue
        if fk.table == (source.schema, source.name):
            found.append(Relationship("m2o", source, target, fk, to_one=True,
                                      unique_key=fk.table != fk.target and _is_unique(source, fk.columns)))
        if fk.target == (source.schema, source.name):
            one = _is_unique(child, fk.columns)
            found.append(Relationship("o2o" if one else "o2m", source, child, fk, to_one=one))
    found.extend(_many_to_many(cache, source))
    for overloads in cache.functions.values():
        for function in overloads:
            inputs = function.inputs
            if len(inputs) == 1 and function.return_table and row_type_table(cache, inputs[0].type) is source:
                target = cache.tables.get(function.return_table)
                if target is not None:
                    found.append(Relationship("computed", source, target, function=function,
                                              to_one=not function.returns_set or function.rows == 1))
    return sorted(found, key=_order_key)


_CARDINALITY_ORDER = {"o2m": 0, "m2o": 1, "o2o": 2, "m2m": 3}


def _order_key(rel: Relationship) -> tuple:
    if rel.kind == "computed":
        function = one(rel.function)
        return (1, function.schema, function.name)
    detail: tuple
    if rel.kind == "m2m":
        junction = one(rel.junction)
        detail = ((junction.schema, junction.name), one(rel.junction_source_fk).name,
                  one(rel.junction_target_fk).name)
    else:
        detail = (one(rel.fk).name, _column_pairs(rel))
    return (0, rel.source.schema, rel.source.name, rel.target.schema, rel.target.name, rel.source is rel.target,
            _CARDINALITY_ORDER[rel.cardinality], detail)


def _column_pairs(rel: Relationship) -> tuple[tuple[str, str], ...]:
    """(this side's column, the other side's column) for each column of the key, as PostgREST pairs them."""
    fk = one(rel.fk)
    if rel.kind == "m2o":
        return tuple(zip(fk.columns, fk.target_columns))
    return tuple(zip(fk.target_columns, fk.columns))


def _names(rel: Relationship, name: str, hint: str | None) -> bool:
    """PostgREST's findRel: does `name!hint` select this relationship?"""
    if rel.kind == "computed":
        return name == one(rel.function).name
    if rel.kind == "m2m":
        return name == rel.target.name and (hint is None or hint == one(rel.junction).name)
    pairs = _column_pairs(rel)
    # Only a single-column key can be named by a column.
    own_column, other_column = pairs[0] if len(pairs) == 1 else (None, None)
    to_table = name == rel.target.name
    if rel.source is rel.target:
        # A self-reference is one key read both ways: the table's name asks for the children (one-to-many),
        # the key column's name for the parent (many-to-one); a hint names the children's key column.
        if hint is None:
            return (to_table and rel.kind == "o2m") or (name == own_column and rel.kind == "m2o")
        return to_table and rel.kind == "o2m" and hint == other_column
    key_name = one(rel.fk).name
    if hint is None:
        by_key = name in (key_name, own_column) and rel.target.kind != "v"
        return to_table or by_key
    return to_table and hint in (key_name, own_column, other_column)


def _many_to_many(cache: SchemaCache, source: Table) -> list[Relationship]:
    found = []
    by_table: dict[tuple[str, str], list[ForeignKey]] = {}
    for fk in cache.foreign_keys:
        by_table.setdefault(fk.table, []).append(fk)
    for junction_key, fks in by_table.items():
        junction = cache.tables.get(junction_key)
        if junction is None or junction is source:
            continue
        for to_source in fks:
            if to_source.target != (source.schema, source.name):
                continue
            for to_target in fks:
                target = cache.tables.get(to_target.target)
                if to_target is to_source or target is None or target is junction:
                    continue
                key_columns = set(junction.pk) | {c for u in junction.uniques for c in u}
                if set(to_source.columns) | set(to_target.columns) <= key_columns:
                    found.append(Relationship("m2m", source, target, junction=junction,
                                              junction_source_fk=to_source, junction_target_fk=to_target))
    return found


def _no_relationship_hint(cache: SchemaCache, source: Table, name: str, every: list[Relationship],
                          role: str) -> str | None:
    """PostgREST's noRelBetweenHint: the closest other target of the source's relationships, or, for a source
    without any, the closest table that has some."""
    if every:
        targets = [r.target.name for r in every]  # a computed relationship's is the table its function returns
        closest = next((choice for score, choice in fuzzy.matches(name, targets) if score < 1.0), None)
        return closest and f"Perhaps you meant '{closest}' instead of '{name}'."
    related = {fk.table for fk in cache.foreign_keys} | {fk.target for fk in cache.foreign_keys}
    parents = [t for (s, t) in related if s == source.schema and role in cache.tables[(s, t)].visible_to]
    closest = fuzzy.best_match(source.name, parents)
    return closest and f"Perhaps you meant '{closest}' instead of '{source.name}'."


def _visible(rel: Relationship, role: str) -> bool:
    """Hints and error details must not name tables the caller cannot use."""
    return role in rel.target.visible_to and (rel.junction is None or role in rel.junction.visible_to)


def resolve(cache: SchemaCache, source: Table, name: str, hint: str | None, role: str) -> Relationship:
    every = [r for r in all_relationships(cache, source) if _visible(r, role)]
    found = [r for r in every if _names(r, name, hint)]
    if not found:
        detail = (f"Searched for a foreign key relationship between '{source.name}' and '{name}'"
                  + (f" using the hint '{hint}'" if hint else "")
                  + f" in the schema '{source.schema}', but no matches were found.")
        raise PostgrestError(400, "PGRST200",
                       f"Could not find a relationship between '{source.name}' and '{name}' in the schema cache",
                       detail, _no_relationship_hint(cache, source, name, every, role))
    if len(found) > 1:
        choices = ", ".join(f"'{r.target.name}!{r.hint_name()}'" for r in found)
        raise PostgrestError(300, "PGRST201",
                       f"Could not embed because more than one relationship was found for '{source.name}' and '{name}'",
                       [r.describe() for r in found],
                       f"Try changing '{name}' to one of the following: {choices}. "
                       "Find the desired relationship in the 'details' key.")
    return found[0]
