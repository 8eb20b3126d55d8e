"""The query-string grammar, table-driven: text → request tree, and bad text → PGRST100. No database."""

from dataclasses import FrozenInstanceError

import pytest

from gateway.rest import grammar
from gateway.rest.errors import PostgrestError
from gateway.rest.request import parse_accept, parse_prefer, parse_request
from gateway.rest.types import (
    Embed,
    FieldRef,
    Filter,
    JsonStep,
    LogicTree,
    OrderTerm,
    SelectField,
    Star,
)


def test_the_public_names_are_pinned():
    assert sorted(grammar.__all__) == sorted([
        "PostgrestError", "parse_select", "parse_filter", "parse_logic", "parse_order", "parse_field", "parse_columns",
        "parse_count", "split_top_level"])


@pytest.mark.parametrize("text,expected", [
    ("", (Star(),)),
    ("*", (Star(),)),
    ("id,name", (SelectField(FieldRef("id")), SelectField(FieldRef("name")))),
    ("n:name::text", (SelectField(FieldRef("name"), "n", "text"),)),
    ("data->a->>b", (SelectField(FieldRef("data", (JsonStep("a", False), JsonStep("b", True)))),)),
    ("count()", (SelectField(None, None, None, "count"),)),
    ("total:amount.sum()::int", (SelectField(FieldRef("amount"), "total", None, "sum", "int"),)),
    ("c:companies!inner(name)", (Embed("companies", "c", None, "inner", False, (SelectField(FieldRef("name")),)),)),
    ("a:people!tickets_assigned_to_fkey(*)", (Embed("people", "a", "tickets_assigned_to_fkey", None, False, (Star(),)),)),
    ("...company(name)", (Embed("company", None, None, None, True, (SelectField(FieldRef("name")),)),)),
    ("x(y(z))", (Embed("x", select=(Embed("y", select=(SelectField(FieldRef("z")),)),)),)),
    ('"my col"', (SelectField(FieldRef("my col")),)),
])
def test_select(text, expected):
    assert grammar.parse_select(text) == expected


@pytest.mark.parametrize("text", ["id,", "(", "a(b", "a!(b)", "x.nosuch()", "id::1x", "a:...b(c)", '"open'])
def test_bad_select_is_pgrst100(text):
    with pytest.raises(PostgrestError) as caught:
        grammar.parse_select(text)
    assert caught.value.code == "PGRST100" and caught.value.status == 400


@pytest.mark.parametrize("text,expected", [
    ("eq.5", Filter(FieldRef("c"), "eq", "5")),
    ("not.eq.5", Filter(FieldRef("c"), "eq", "5", negate=True)),
    ("eq.a.b.c", Filter(FieldRef("c"), "eq", "a.b.c")),
    ('eq."quoted,value"', Filter(FieldRef("c"), "eq", "quoted,value")),
    ("in.(1,2,3)", Filter(FieldRef("c"), "in", ("1", "2", "3"))),
    ('in.("a,b",c)', Filter(FieldRef("c"), "in", ("a,b", "c"))),
    ("in.()", Filter(FieldRef("c"), "in", ())),
    ("is.NULL", Filter(FieldRef("c"), "is", "null")),
    ("like(any).{a*,b*}", Filter(FieldRef("c"), "like", ("a*", "b*"), quantifier="any")),
    ("fts(english).cat", Filter(FieldRef("c"), "fts", "cat", fts_config="english")),
    ("eq.", Filter(FieldRef("c"), "eq", "")),
])
def test_filter(text, expected):
    assert grammar.parse_filter(FieldRef("c"), text) == expected


@pytest.mark.parametrize("text", ["5", "nope.5", "is.maybe", "in.1,2", "gt(any).5", "eq(english).x", "fts(x y).z"])
def test_bad_filter_is_pgrst100(text):
    with pytest.raises(PostgrestError) as caught:
        grammar.parse_filter(FieldRef("c"), text)
    assert caught.value.code == "PGRST100"


def test_logic_tree_nests_and_negates():
    tree = grammar.parse_logic("or", True, "(a.eq.1,not.and(b.gt.2,c.is.null),d.in.(\"x,y\",z))")
    assert tree == LogicTree("or", (
        Filter(FieldRef("a"), "eq", "1"),
        LogicTree("and", (Filter(FieldRef("b"), "gt", "2"), Filter(FieldRef("c"), "is", "null")), negate=True),
        Filter(FieldRef("d"), "in", ("x,y", "z")),
    ), negate=True)


@pytest.mark.parametrize("text", ["a.eq.1", "(a.eq.1", "(a)", '(a.eq."x)'])
def test_bad_logic_tree_is_pgrst100(text):
    with pytest.raises(PostgrestError):
        grammar.parse_logic("or", False, text)


def test_order_terms():
    assert grammar.parse_order("a.desc.nullslast,b,c(d).asc") == [
        OrderTerm(FieldRef("a"), True, "last"), OrderTerm(FieldRef("b")), OrderTerm(FieldRef("d"), False, None, "c")]


def test_request_routes_parameters_to_the_root_and_to_embeds():
    req = parse_request("GET", "tickets", [("select", "id,company(name)"), ("id", "gt.1"), ("company.name", "eq.x"),
                                           ("company.order", "name.desc"), ("company.limit", "2"), ("limit", "5"),
                                           ("not.or", "(a.eq.1,b.eq.2)")], {}, b"", ("public",))
    assert req.kind == "table" and req.name == "tickets"
    root = req.options[()]
    assert root.limit == 5 and len(root.conditions) == 2 and any(c.negate for c in root.conditions)
    assert req.options[("company",)].limit == 2 and req.options[("company",)].order[0].descending


def test_request_for_a_get_function_keeps_arguments_raw():
    req = parse_request("GET", "rpc/fn", [("a", "1"), ("b", "{x,y}")], {}, b"", ("public",))
    assert req.kind == "rpc" and req.params == (("a", "1"), ("b", "{x,y}"))


def test_a_parsed_request_is_frozen():
    req = parse_request("GET", "t", [("id", "eq.1")], {}, b"", ("public",))
    bare = parse_request("GET", "t", [], {}, b"", ("public",))
    assert req.root.conditions and bare.root.limit is None and not bare.options  # reading the root writes nothing
    with pytest.raises(FrozenInstanceError):
        req.name = "other"
    with pytest.raises(TypeError):
        req.options[("x",)] = req.root
    with pytest.raises(FrozenInstanceError):
        req.root.limit = 1


def test_range_header_sets_offset_and_limit():
    req = parse_request("GET", "t", [], {"range": "10-19"}, b"", ("public",))
    assert (req.root.offset, req.root.limit) == (10, 10)


def test_prefer_and_accept():
    prefer, invalid = parse_prefer("return=representation, count=exact,resolution=merge-duplicates,bogus=1,max-affected=5")
    assert (prefer.return_, prefer.count, prefer.resolution, prefer.max_affected) == (
        "representation", "exact", "merge-duplicates", 5)
    assert invalid == ["bogus=1"]
    assert parse_accept("application/vnd.pgrst.object+json;nulls=stripped", "table").strip_nulls
    assert parse_accept("text/csv", "table").kind == "csv"
    assert parse_accept('application/vnd.pgrst.plan+text; for="application/json"', "table", True).plan_format == "text"
    with pytest.raises(PostgrestError):
        parse_accept("image/png", "table")


@pytest.mark.parametrize("query,header,expected", [
    ([], "0-9", (0, 10)),
    ([("limit", "5")], "0-9", (0, 5)),
    ([("offset", "2")], "0-9", (2, 8)),
    ([("offset", "2"), ("limit", "3")], "0-", (2, 3)),
    ([("limit", "20")], "5-", (5, 15)),
])
def test_range_header_intersects_limit_and_offset(query, header, expected):
    req = parse_request("GET", "t", query, {"range": header}, b"", ("public",))
    assert (req.root.offset, req.root.limit) == expected
