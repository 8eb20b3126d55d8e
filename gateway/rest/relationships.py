"""Which relationship an embed names: many-to-one, one-to-many, one-to-one, many-to-many through a junction, or a
computed relationship (a function taking a row). Ambiguity is PGRST201, nothing at all PGRST200, as in PostgREST."""

from __future__ import annotations

from dataclasses import dataclass

from gateway.rest.errors import ApiError
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

    def describe(self) -> dict:
        cardinality = {"m2o": "many-to-one", "o2m": "one-to-many", "o2o": "one-to-one",
                       "m2m": "many-to-many", "computed": "computed"}[self.kind]
        if self.kind == "m2m":
            text = (f"{self.junction.schema}.{self.junction.name} using {self.junction_source_fk.name}"
                    f"({', '.join(self.junction_source_fk.columns)}) and {self.junction_target_fk.name}"
                    f"({', '.join(self.junction_target_fk.columns)})")
        elif self.fk is not None:
            text = (f"{self.fk.name} using {self.fk.table[1]}({', '.join(self.fk.columns)}) and "
                    f"{self.fk.target[1]}({', '.join(self.fk.target_columns)})")
        else:
            text = f"{self.function.schema}.{self.function.name}"
        return {"cardinality": cardinality, "embedding": f"{self.source.name} with {self.target.name}",
                "relationship": text}

    def hint_name(self) -> str:
        if self.kind == "m2m":
            return self.junction.name
        return self.fk.name if self.fk else self.function.name


def _is_unique(table: Table, columns: tuple[str, ...]) -> bool:
    wanted = set(columns)
    return any(set(key) == wanted for key in (table.pk, *table.uniques) if key)


def candidates(cache: SchemaCache, source: Table, name: str) -> list[Relationship]:
    found: list[Relationship] = []
    for fk in cache.foreign_keys:
        target = cache.tables.get(fk.target)
        child = cache.tables.get(fk.table)
        if target is None or child is None:
            continue
        if fk.table == (source.schema, source.name) and (
            target.name == name or fk.name == name or fk.columns == (name,)
        ):
            found.append(Relationship("m2o", source, target, fk, to_one=True))
        if fk.target == (source.schema, source.name) and (child.name == name or fk.name == name):
            one = _is_unique(child, fk.columns)
            found.append(Relationship("o2o" if one else "o2m", source, child, fk, to_one=one))
    found.extend(_many_to_many(cache, source, name))
    for function in cache.functions.get((source.schema, name), []):
        inputs = function.inputs
        if len(inputs) == 1 and function.return_table and row_type_table(cache, inputs[0].type) is source:
            target = cache.tables.get(function.return_table)
            if target is not None:
                found.append(Relationship("computed", source, target, function=function,
                                          to_one=not function.returns_set))
    return found


def _many_to_many(cache: SchemaCache, source: Table, name: str) -> list[Relationship]:
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
                if to_target is to_source or target is None or target.name != name or target is junction:
                    continue
                key_columns = set(junction.pk) | {c for u in junction.uniques for c in u}
                if set(to_source.columns) | set(to_target.columns) <= key_columns:
                    found.append(Relationship("m2m", source, target, junction=junction,
                                              junction_source_fk=to_source, junction_target_fk=to_target))
    return found


def _matches_hint(rel: Relationship, hint: str) -> bool:
    if rel.kind == "m2m":
        return hint in (rel.junction.name, rel.junction_source_fk.name, rel.junction_target_fk.name)
    if rel.fk is not None:
        return hint == rel.fk.name or (hint,) == rel.fk.columns
    return hint == rel.function.name


def _visible(rel: Relationship, role: str) -> bool:
    """Hints and error details must not name tables the caller cannot use."""
    return role in rel.target.visible_to and (rel.junction is None or role in rel.junction.visible_to)


def resolve(cache: SchemaCache, source: Table, name: str, hint: str | None, role: str) -> Relationship:
    found = [r for r in candidates(cache, source, name) if _visible(r, role)]
    if hint is not None:
        found = [r for r in found if _matches_hint(r, hint)]
    if not found:
        detail = (f"Searched for a foreign key relationship between '{source.name}' and '{name}'"
                  + (f" using the hint '{hint}'" if hint else "") + " in the schema 'public', but no matches were found.")
        raise ApiError(400, "PGRST200",
                       f"Could not find a relationship between '{source.name}' and '{name}' in the schema cache",
                       detail)
    if len(found) > 1:
        choices = ", ".join(f"'{name}!{r.hint_name()}'" for r in found)
        raise ApiError(300, "PGRST201",
                       f"Could not embed because more than one relationship was found for '{source.name}' and '{name}'",
                       [r.describe() for r in found],
                       f"Try changing '{name}' to one of the following: {choices}. "
                       "Find the desired relationship in the 'details' key.")
    return found[0]
