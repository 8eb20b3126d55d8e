"""Type expressions laid out as postgres-meta's formatter lays them out (Prettier's rules, 80 columns, no
semicolons): a group stays on one line when it fits, an object written expanded stays expanded, a union that does
not fit puts each member on its own line after `|`, and an object key loses quotes it does not need."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

WIDTH = 80


@dataclass
class Obj:
    """An object type, or with `separator=","` an object literal (always expanded); `expanded` when written with a
    line break after its `{`, which the formatter keeps."""
    members: list[tuple[str, Node]] = field(default_factory=list)
    expanded: bool = True
    separator: str = ""


@dataclass
class Union:
    parts: list[Node]


@dataclass
class Intersection:
    """An object type and a type it is joined with (`{ error: true } & "message"`)."""
    head: Obj
    rest: str


@dataclass
class Tuple:
    items: list[Node]


@dataclass
class ArrayOf:
    element: Node


Node = str | Obj | Union | Intersection | Tuple | ArrayOf


def key(name: str, optional: bool = False) -> str:
    written = name if name.replace("$", "_").isidentifier() else string(name)
    return f"{written}?" if optional else written


def string(value: str) -> str:
    """A string literal in the quotes that need fewer escapes, double ones when even."""
    written = json.dumps(value, ensure_ascii=False)
    if value.count('"') <= value.count("'"):
        return written
    return "'" + written[1:-1].replace('\\"', '"').replace("'", "\\'") + "'"


def union(parts: list[Node]) -> Node:
    flattened = [p for part in parts for p in (part.parts if isinstance(part, Union) else [part])]
    return flattened[0] if len(flattened) == 1 else Union(flattened)


def flat(node: Node) -> str | None:
    """The node on one line, or None when it must break."""
    if isinstance(node, str):
        return node
    if isinstance(node, Obj):
        if not node.members:
            return "{}"
        members = [(name, flat(value)) for name, value in node.members]
        if node.expanded or any(value is None for _, value in members):
            return None
        return "{ " + "; ".join(f"{name}: {value}" for name, value in members) + " }"
    if isinstance(node, Union):
        parts = [flat(part) for part in node.parts]
        return None if None in parts else " | ".join(parts)  # type: ignore[arg-type]
    if isinstance(node, Intersection):
        head = flat(node.head)
        return None if head is None else f"{head} & {node.rest}"
    if isinstance(node, Tuple):
        items = [flat(item) for item in node.items]
        return None if None in items else "[" + ", ".join(items) + "]"  # type: ignore[arg-type]
    element = flat(node.element)
    if element is None:
        return None
    return f"({element})[]" if isinstance(node.element, Union) else f"{element}[]"


def lines(node: Node, indent: int, head: str = "", tail: str = "", first_indent: int | None = None) -> list[str]:
    """`head`, the node and `tail` from column `indent` (the first line from `first_indent`)."""
    lead = " " * (indent if first_indent is None else first_indent)
    one_line = flat(node)
    if one_line is not None and len(lead) + len(head) + len(one_line) + len(tail) <= WIDTH or isinstance(node, str):
        return [f"{lead}{head}{one_line}{tail}"]
    pad = " " * indent
    if isinstance(node, Obj):
        body = [line for name, value in node.members
                for line in lines(value, indent + 2, f"{name}: ", node.separator)]
        return [f"{lead}{head}{{", *body, f"{pad}}}{tail}"]
    if isinstance(node, Tuple):
        body = [line for item in node.items for line in lines(item, indent + 2, "", ",")]
        return [f"{lead}{head}[", *body, f"{pad}]{tail}"]
    if isinstance(node, Intersection):
        return lines(node.head, indent, head, f" & {node.rest}{tail}", first_indent)
    if isinstance(node, ArrayOf) and isinstance(node.element, Union):
        parts = [line for part in node.element.parts for line in lines(part, indent + 4, "| ", "", indent + 2)]
        return [f"{lead}{head}(", *parts, f"{pad})[]{tail}"]
    if isinstance(node, ArrayOf):
        return lines(node.element, indent, head, "[]" + tail, first_indent)
    return _union_lines(node, indent, lead, head, tail)


def _union_lines(node: Union, indent: int, lead: str, head: str, tail: str) -> list[str]:
    objects = [part for part in node.parts if isinstance(part, Obj)]
    if len(objects) == 1 and all(part == "null" for part in node.parts if part is not objects[0]):
        # An object or null: the formatter keeps the object against its key and the `| null` after its `}`.
        rest = " | ".join(part for part in node.parts if isinstance(part, str))
        return lines(objects[0], indent, head, f" | {rest}{tail}", len(lead))
    out = [f"{lead}{head.rstrip()}"]
    for index, part in enumerate(node.parts):
        last = index == len(node.parts) - 1
        out += lines(part, indent + 4, "| ", tail if last else "", indent + 2)
    return out
