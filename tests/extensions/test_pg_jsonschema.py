"""pg_jsonschema in schema `extensions`: its documented examples, check constraints, and each keyword of the drafts
it covers, on valid and invalid instances."""

from __future__ import annotations

import json

import psycopg
import pytest
from psycopg import sql

TAGS = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string", "maxLength": 16}}}}


@pytest.fixture(scope="module")
def js(db: psycopg.Connection) -> psycopg.Connection:
    db.execute("create extension if not exists pg_jsonschema with schema extensions")
    return db


def matches(conn: psycopg.Connection, schema, instance) -> bool:
    as_json, as_jsonb = conn.execute(
        "select extensions.json_matches_schema(%s::json, %s::json), extensions.jsonb_matches_schema(%s::json, %s::jsonb)",
        (json.dumps(schema), json.dumps(instance)) * 2).fetchone()
    assert as_json == as_jsonb
    return as_json


def errors(conn: psycopg.Connection, schema, instance) -> list[str]:
    return conn.execute("select extensions.jsonschema_validation_errors(%s::json, %s::json)",
                        (json.dumps(schema), json.dumps(instance))).fetchone()[0]


def test_the_documented_check_constraint(js):
    js.execute(sql.SQL("create table customer (id serial primary key, metadata json,"
                       " check (extensions.json_matches_schema({}, metadata)))").format(json.dumps(TAGS)))
    js.execute("""insert into customer (metadata) values ('{"tags": ["vip", "darkmode-ui"]}')""")
    with pytest.raises(psycopg.errors.CheckViolation, match='violates check constraint "customer_metadata_check"'):
        js.execute("""insert into customer (metadata) values ('{"tags": [1, 3]}')""")
    assert js.execute("select count(*) from customer").fetchone()[0] == 1


def test_the_documented_calls(js):
    assert js.execute("select extensions.jsonb_matches_schema(%s, %s::jsonb)",
                      (json.dumps(TAGS), '{"tags": ["vip", "darkmode-ui"]}')).fetchone()[0] is True
    assert js.execute("select extensions.jsonschema_is_valid(%s)", (json.dumps(TAGS),)).fetchone()[0] is True
    assert js.execute("""select extensions.json_matches_schema('{"type": "object"}', '{}')""").fetchone()[0] is True
    assert errors(js, {"maxLength": 4}, "123456789") == ['"123456789" is longer than 4 characters']
    assert errors(js, {"maxLength": 5}, "foo") == []


# (schema, valid instances, invalid instances, the error of the first invalid one)
KEYWORDS = [
    ({"type": "string"}, ["a", ""], [1, None, [], {}], '1 is not of type "string"'),
    ({"type": "integer"}, [1, -3, 1.0, 10**30], [1.5, "1", True], '1.5 is not of type "integer"'),
    ({"type": "number"}, [1, 1.5, -2e10], ["1", None], '"1" is not of type "number"'),
    ({"type": ["string", "null"]}, ["a", None], [1], '1 is not of types "null", "string"'),
    ({"type": "boolean"}, [True, False], [0, "true"], '0 is not of type "boolean"'),
    ({"enum": ["red", 1, None, [1, 2]]}, ["red", 1, 1.0, None, [1, 2]], ["blue", [1]], '"blue" is not one of ["red", 1, null, [1, 2]]'),
    ({"const": {"a": 1}}, [{"a": 1}], [{"a": 2}, {"a": 1, "b": 1}], '{"a": 1} was expected'),
    ({"minLength": 2, "maxLength": 3}, ["ab", "abc", "éé", 5], ["a", "abcd"], '"a" is shorter than 2 characters'),
    ({"maxLength": 1}, ["ü"], ["ab"], '"ab" is longer than 1 character'),
    ({"pattern": "^[a-z]+\\d$"}, ["abc1", 7], ["abc", "ABC1"], '"abc" does not match "^[a-z]+\\d$"'),
    ({"minimum": 1, "maximum": 3}, [1, 2.5, 3, "x"], [0, 3.01], "0 is less than the minimum of 1"),
    ({"maximum": 3}, [3], [4], "4 is greater than the maximum of 3"),
    ({"exclusiveMinimum": 1, "exclusiveMaximum": 3}, [1.1, 2], [1, 3], "1 is less than or equal to the minimum of 1"),
    ({"exclusiveMaximum": 3}, [2.9], [3], "3 is greater than or equal to the maximum of 3"),
    ({"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 1, "exclusiveMinimum": True}, [1.5], [1],
     "1 is less than or equal to the minimum of 1"),
    ({"multipleOf": 0.1}, [0.3, 1, 2.2], [0.35], "0.35 is not a multiple of 0.1"),
    ({"multipleOf": 3}, [9, -3, 0], [10], "10 is not a multiple of 3"),
    ({"minItems": 1, "maxItems": 2}, [[1], [1, 2]], [[], [1, 2, 3]], "[] has less than 1 item"),
    ({"uniqueItems": True}, [[1, 2], [{"a": 1}, {"a": 2}]], [[1, 1.0], [{"a": 1, "b": 2}, {"b": 2, "a": 1}]],
     "[1, 1.0] has non-unique elements"),
    ({"items": {"type": "integer"}}, [[], [1, 2]], [[1, "2"]], '"2" is not of type "integer"'),
    ({"items": [{"type": "integer"}, {"type": "string"}], "additionalItems": False}, [[1], [1, "a"]], [[1, "a", 2]],
     "Additional items are not allowed (2 was unexpected)"),
    ({"additionalItems": False}, [[1, 2], [None]], [], None),  # only applies after a tuple of "items"
    ({"items": [{"type": "integer"}], "additionalItems": {"type": "string"}}, [[1, "a", "b"]], [[1, 2]],
     '2 is not of type "string"'),
    ({"$schema": "https://json-schema.org/draft/2020-12/schema", "prefixItems": [{"type": "integer"}],
      "items": {"type": "string"}}, [[1, "a"], []], [["a"], [1, 2]], '"a" is not of type "integer"'),
    ({"$schema": "https://json-schema.org/draft/2020-12/schema", "prefixItems": [{"type": "integer"}], "items": False},
     [[1]], [[1, 2, 3]], "Additional items are not allowed (2, 3 were unexpected)"),
    ({"contains": {"type": "string"}}, [["a", 1]], [[1, 2], []], "None of [1, 2] are valid under the given schema"),
    ({"$schema": "https://json-schema.org/draft/2019-09/schema", "contains": {"type": "string"}, "minContains": 2,
      "maxContains": 3}, [["a", "b"]], [["a"], ["a", "b", "c", "d"]], 'None of ["a"] are valid under the given schema'),
    ({"required": ["a", "b"]}, [{"a": 1, "b": None}, [1]], [{"a": 1}], '"b" is a required property'),
    ({"properties": {"a": {"type": "integer"}}}, [{"a": 1}, {"b": "x"}], [{"a": "1"}], '"1" is not of type "integer"'),
    ({"properties": {"a": {}}, "additionalProperties": False}, [{"a": 1}, {}], [{"a": 1, "c": 2, "b": 3}],
     "Additional properties are not allowed ('b', 'c' were unexpected)"),
    ({"properties": {"a": {}}, "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
     [{"a": True, "x-y": "s", "n": 1}], [{"x-y": 1}, {"n": "s"}], '1 is not of type "string"'),
    ({"minProperties": 1, "maxProperties": 1}, [{"a": 1}], [{}, {"a": 1, "b": 2}], "{} has less than 1 property"),
    ({"propertyNames": {"pattern": "^[a-z]+$"}}, [{"ab": 1}], [{"a1": 1}], '"a1" does not match "^[a-z]+$"'),
    ({"dependencies": {"card": ["billing"]}}, [{"card": 1, "billing": 2}, {"billing": 2}], [{"card": 1}],
     '"billing" is a required property'),
    ({"dependentRequired": {"card": ["billing"]}}, [{}], [{"card": 1}], '"billing" is a required property'),
    ({"dependentSchemas": {"card": {"required": ["billing"]}}}, [{}], [{"card": 1}], '"billing" is a required property'),
    ({"allOf": [{"type": "string"}, {"maxLength": 2}]}, ["ab"], ["abc", 1], '"abc" is longer than 2 characters'),
    ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, ["a", 1], [1.5], "1.5 is not valid under any of the given schemas"),
    ({"oneOf": [{"type": "integer"}, {"minimum": 2}]}, [1, 2.5], [3], "3 is valid under more than one of the given schemas"),
    ({"oneOf": [{"type": "integer"}, {"minimum": 2}]}, [1], [1.5], "1.5 is not valid under any of the given schemas"),
    ({"not": {"type": "string"}}, [1], ["a"], '{"type": "string"} is not allowed for "a"'),
    ({"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["x"]}, "else": {"required": ["y"]}},
     [{"kind": "a", "x": 1}, {"kind": "b", "y": 1}], [{"kind": "a", "y": 1}, {"kind": "b", "x": 1}],
     '"x" is a required property'),
    (False, [], [1], "False schema does not allow 1"),
    (True, [1, None, "x"], [], None),
    ({"properties": {"a": False}}, [{}], [{"a": 1}], "False schema does not allow 1"),
    ({"$defs": {"pos": {"type": "integer", "minimum": 1}}, "properties": {"n": {"$ref": "#/$defs/pos"}}},
     [{"n": 1}], [{"n": 0}], "0 is less than the minimum of 1"),
    ({"definitions": {"a/b": {"type": "string"}}, "items": {"$ref": "#/definitions/a~1b"}}, [["x"]], [[1]],
     '1 is not of type "string"'),
    ({"type": "object", "properties": {"child": {"$ref": "#"}}, "required": ["name"]},
     [{"name": "a", "child": {"name": "b"}}], [{"name": "a", "child": {}}], '"name" is a required property'),
    ({"$id": "https://example.com/root", "definitions": {"s": {"type": "string"}},
      "items": {"$ref": "https://example.com/root#/definitions/s"}}, [["a"]], [[1]], '1 is not of type "string"'),
    ({"$defs": {"n": {"$anchor": "num", "type": "number"}}, "items": {"$ref": "#num"}}, [[1]], [["1"]],
     '"1" is not of type "number"'),
    # Up to draft 7 the keywords beside "$ref" are ignored; from 2019-09 they apply.
    ({"definitions": {"s": {"type": "string"}}, "properties": {"a": {"$ref": "#/definitions/s", "maxLength": 1}}},
     [{"a": "long"}], [{"a": 1}], '1 is not of type "string"'),
    ({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"s": {"type": "string"}},
      "properties": {"a": {"$ref": "#/$defs/s", "maxLength": 1}}}, [{"a": "l"}], [{"a": "long"}],
     '"long" is longer than 1 character'),
    ({"format": "date"}, ["2024-02-29", 1], ["2023-02-29", "2024-1-01"], '"2023-02-29" is not a "date"'),
    ({"format": "date-time"}, ["2024-01-01T10:00:00Z", "2024-01-01t10:00:00.5+02:00"], ["2024-01-01 10:00:00Z", "2024-01-01T25:00:00Z"],
     '"2024-01-01 10:00:00Z" is not a "date-time"'),
    ({"format": "time"}, ["10:00:00Z", "23:59:59.123+05:30"], ["10:00", "24:00:00Z"], '"10:00" is not a "time"'),
    ({"format": "email"}, ["a@b.c"], ["a.b.c", "a@b@c"], '"a.b.c" is not a "email"'),
    ({"format": "ipv4"}, ["192.168.0.1"], ["256.1.1.1", "1.2.3", "::1"], '"256.1.1.1" is not a "ipv4"'),
    ({"format": "ipv6"}, ["::1", "2001:db8::8a2e:370:7334"], ["1.2.3.4", "2001:db8::g"], '"1.2.3.4" is not a "ipv6"'),
    ({"format": "uuid"}, ["2eb8aa08-aa98-11ea-b4aa-73b441d16380"], ["2eb8aa08aa98"], '"2eb8aa08aa98" is not a "uuid"'),
    ({"format": "hostname"}, ["example.com", "a-b.c"], ["-a.com", "a_b.com"], '"-a.com" is not a "hostname"'),
    ({"format": "uri"}, ["https://example.com/a?b#c", "urn:isbn:1"], ["/relative", "not a uri"], '"/relative" is not a "uri"'),
    ({"format": "regex"}, ["^a+$"], ["(unclosed"], '"(unclosed" is not a "regex"'),
    ({"format": "something-else"}, ["anything"], [], None),
]


@pytest.mark.parametrize("schema,valid,invalid,message", KEYWORDS, ids=[json.dumps(case[0])[:60] for case in KEYWORDS])
def test_keyword(js, schema, valid, invalid, message):
    for instance in valid:
        assert matches(js, schema, instance), instance
        assert errors(js, schema, instance) == []
    for instance in invalid:
        assert not matches(js, schema, instance), instance
    if invalid:
        assert message in errors(js, schema, invalid[0])


def test_a_check_constraint_keeps_checking_its_schema_after_another_was_invalid(js):
    js.execute("create table tagged (tags jsonb check (extensions.jsonb_matches_schema('{\"maxItems\": 1}', tags)))")
    js.execute("""insert into tagged values ('[1]')""")
    with pytest.raises(psycopg.errors.InvalidParameterValue):
        matches(js, {"maxItems": -1}, [])
    with pytest.raises(psycopg.errors.CheckViolation):
        js.execute("""insert into tagged values ('[1, 2]')""")
    js.execute("""insert into tagged values ('[]')""")
    assert js.execute("select count(*) from tagged").fetchone()[0] == 2


def test_validation_errors_lists_every_error(js):
    schema = {"type": "object", "required": ["a", "b"], "properties": {"c": {"type": "string"}, "d": {"minimum": 5}}}
    assert sorted(errors(js, schema, {"c": 1, "d": 1})) == sorted([
        '"a" is a required property', '"b" is a required property', '1 is not of type "string"',
        "1 is less than the minimum of 5"])


@pytest.mark.parametrize("schema,path", [
    ({"type": "strin"}, "/type"),
    ({"properties": {"tags": {"type": 5}}}, "/properties/tags/type"),
    ({"minLength": -1}, "/minLength"),
    ({"maxItems": 1.5}, "/maxItems"),
    ({"required": "a"}, "/required"),
    ({"pattern": "(unclosed"}, "/pattern"),
    ({"anyOf": []}, "/anyOf"),
    ({"items": [{"type": 1}]}, "/items/0/type"),
    ({"multipleOf": 0}, "/multipleOf"),
    ({"$ref": "#/definitions/missing"}, "/$ref"),
    ({"$ref": "https://example.com/other.json"}, "/$ref"),
    ({"not": 5}, "/not"),
])
def test_an_invalid_schema_is_a_clear_error(js, schema, path):
    js.execute("set client_min_messages = notice")
    notices: list[str] = []
    js.add_notice_handler(lambda diagnostic: notices.append(diagnostic.message_primary))
    try:
        assert js.execute("select extensions.jsonschema_is_valid(%s)", (json.dumps(schema),)).fetchone()[0] is False
    finally:
        js._notice_handlers.clear()
    assert notices == [f"Invalid JSON schema at path: {path}"]
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="^Invalid JSON schema: ") as raised:
        matches(js, schema, {})
    assert raised.value.diag.message_detail == f'At schema path "{path}".'
    assert len(errors(js, schema, {})) == 1


def test_a_ref_cycle_is_an_error_not_a_crash(js):
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="refers to itself"):
        matches(js, {"$ref": "#"}, 1)


def test_nulls_are_null_and_schemas_may_be_large(js):
    assert js.execute("select extensions.json_matches_schema(null, '{}')").fetchone()[0] is None
    schema = {"type": "object", "properties": {f"p{i}": {"type": "integer", "minimum": i} for i in range(300)}}
    instance = {f"p{i}": i for i in range(300)}
    assert matches(js, schema, instance)
    instance["p299"] = 0
    assert errors(js, schema, instance) == ["0 is less than the minimum of 299"]


def test_listed_dropped_and_created_elsewhere(js):
    assert js.execute("select extversion, extnamespace::regnamespace::text from pg_extension"
                      " where extname = 'pg_jsonschema'").fetchone() == ("0.3.3", "extensions")
    js.execute("drop table if exists customer, tagged")
    js.execute("drop extension pg_jsonschema")
    assert js.execute("select to_regproc('extensions.json_matches_schema') is null").fetchone()[0]
    js.execute("create schema if not exists validation")
    js.execute("create extension pg_jsonschema with schema validation")
    with js.transaction():
        js.execute("set local search_path = pg_catalog")
        assert js.execute("""select validation.jsonb_matches_schema('{"required": ["a"]}', '{"a": 1}')""").fetchone()[0]
    js.execute("drop extension pg_jsonschema")
    js.execute("create extension pg_jsonschema with schema extensions")
