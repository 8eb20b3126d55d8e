"""pg_hashids in schema `extensions`: its documented examples, and ids the reference `hashids` library gives."""

from __future__ import annotations

import psycopg
import pytest

DEFAULT_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"
SALT = "This is my salt"
CUSTOM = "abcdefghijABCDxFGHIJ1234567890"
# (numbers, salt, minimum length, alphabet or None for the default, the id), as Python's `hashids` 1.3 encodes them.
REFERENCE = [
    ([0], "", 0, None, "gY"),
    ([1, 2, 3], "", 0, None, "o2fXhV"),
    ([1, 2, 3], "this is my salt", 0, None, "laHquq"),
    ([9223372036854775807], "", 0, None, "p21ZD04m8GQ42"),
    ([683, 94108, 123, 5], "this is my salt", 8, None, "aBMswoO2UB3Sj"),
    ([12345], "pepper", 40, None, "vdg8kLjlJ2pPeR376bkodLbB1WV40zKMnGOZDq9y"),
    ([7, 7, 7], "pepper", 3, "0123456789abcdef", "631619"),
    ([99], "s", 25, "cfhistuCFHISTUab", "babababahabbaaabbhbababab"),
    ([31, 41, 59], "a longer salt than the alphabet is long, much longer indeed!!", 17, "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
     "ZPBDYWVNCLKHQPXNL"),
    ([5], "", 100, None, "wDJoQrY7nX3w40kmEWDyx1jV6lZjlOWLnG5q2wNDm8VvJ4openRe7Az1XPYRrKM3xBy9Qk6Eg05OJZvBNKGqRL982z"
                         "pgMPoAGK4X"),
]


@pytest.fixture(scope="module")
def ids(db: psycopg.Connection) -> psycopg.Connection:
    db.execute("create extension if not exists pg_hashids with schema extensions")
    return db


def one(conn: psycopg.Connection, query: str, *params):
    return conn.execute(query, params).fetchone()[0]


@pytest.mark.parametrize("call,result", [
    ("extensions.id_encode(1001)", "jNl"),
    (f"extensions.id_encode(1234567, '{SALT}')", "Pdzxp"),
    (f"extensions.id_encode(1234567, '{SALT}', 10)", "PlRPdzxpR7"),
    (f"extensions.id_encode(1234567, '{SALT}', 10, '{CUSTOM}')", "3GJ956J9B9"),
    ("extensions.id_decode('jNl')", [1001]),
    (f"extensions.id_decode('Pdzxp', '{SALT}')", [1234567]),
    (f"extensions.id_decode('PlRPdzxpR7', '{SALT}', 10)", [1234567]),
    (f"extensions.id_decode('3GJ956J9B9', '{SALT}', 10, '{CUSTOM}')", [1234567]),
    ("extensions.id_decode_once('jNl')", 1001),
    (f"extensions.id_decode_once('Pdzxp', '{SALT}')", 1234567),
    (f"extensions.id_decode_once('PlRPdzxpR7', '{SALT}', 10)", 1234567),
    (f"extensions.id_decode_once('3GJ956J9B9', '{SALT}', 10, '{CUSTOM}')", 1234567),
])
def test_the_documented_examples(ids, call, result):
    assert one(ids, f"select {call}") == result


@pytest.mark.parametrize("numbers,salt,min_length,alphabet,hashid", REFERENCE)
def test_ids_are_the_reference_librarys(ids, numbers, salt, min_length, alphabet, hashid):
    alphabet = alphabet or DEFAULT_ALPHABET
    assert one(ids, "select extensions.id_encode(%s::bigint[], %s, %s, %s)", numbers, salt, min_length, alphabet) == hashid
    assert len(hashid) >= min_length
    assert one(ids, "select extensions.id_decode(%s, %s, %s, %s)", hashid, salt, min_length, alphabet) == numbers
    assert one(ids, "select extensions.id_decode_once(%s, %s, %s, %s)", hashid, salt, min_length, alphabet) == numbers[0]
    if len(numbers) == 1:
        assert one(ids, "select extensions.id_encode(%s::bigint, %s, %s, %s)", numbers[0], salt, min_length,
                   alphabet) == hashid
    if alphabet == DEFAULT_ALPHABET and min_length == 0:
        assert one(ids, "select extensions.id_encode(%s::bigint[], %s)", numbers, salt) == hashid


def test_every_overload_and_the_old_names(ids):
    signatures = ids.execute(
        "select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || pg_get_function_result(p.oid)"
        " from pg_proc p join pg_depend d on d.objid = p.oid and d.deptype = 'e'"
        " join pg_extension e on e.oid = d.refobjid and e.extname = 'pg_hashids' order by 1").fetchall()
    assert len(signatures) == 20
    assert one(ids, f"select extensions.hash_encode(1234567, '{SALT}', 10)") == "PlRPdzxpR7"
    assert one(ids, f"select extensions.hash_decode('PlRPdzxpR7', '{SALT}', 10)") == 1234567


def test_a_negative_number_is_its_unsigned_value_as_pg_hashids_encodes_it(ids):
    hashid = one(ids, "select extensions.id_encode(-1)")
    assert one(ids, "select extensions.id_decode_once(%s)", hashid) == -1
    assert one(ids, "select extensions.id_encode(%s::bigint[])", [-1, 5]) != one(ids, "select extensions.id_encode(%s::bigint[])", [1, 5])


def test_ids_from_another_salt_decode_to_other_numbers(ids):
    # pg_hashids does not re-encode to check: an id of another salt decodes, to other numbers.
    assert one(ids, "select extensions.id_decode('PlRPdzxpR7', 'another salt', 10)") != [1234567]


@pytest.mark.parametrize("call,error", [
    ("extensions.id_encode(1, '', 0, 'abcdefghij')", "alphabet is too short"),
    ("extensions.id_encode(1, '', 0, 'aaaaaaaaaaaaaaaaaaaaaaaaaabc')", "alphabet is too short"),
    ("extensions.id_encode(1, '', 0, 'abcdefghij klmnopqrst')", "alphabet contains whitespace characters"),
    ("extensions.id_decode('jN*l')", "invalid hash"),
    ("extensions.id_decode('')", "invalid hash"),
    ("extensions.id_decode_once('a b')", "invalid hash"),
    ("extensions.id_encode(1, '', -1)", "minimum length must not be negative"),
])
def test_bad_arguments_are_pg_hashids_errors(ids, call, error):
    with pytest.raises(psycopg.errors.InvalidParameterValue, match=f"^{error}$"):
        ids.execute(f"select {call}")


def test_null_array_elements_are_refused_and_nothing_encodes_empty(ids):
    with pytest.raises(psycopg.errors.NullValueNotAllowed, match="null value not allowed for array element"):
        ids.execute("select extensions.id_encode(array[1, null]::bigint[])")
    assert one(ids, "select extensions.id_encode('{}'::bigint[])") == ""
    assert one(ids, "select extensions.id_encode(null::bigint)") is None


def test_a_generated_column_and_a_lookup_by_id(ids):
    ids.execute(f"create table links (id bigint generated always as identity, slug text generated always as"
                f" (extensions.id_encode(id, '{SALT}', 6)) stored)")
    ids.execute("insert into links select from generate_series(1, 3)")
    slugs = [row[0] for row in ids.execute("select slug from links order by id").fetchall()]
    assert len(set(slugs)) == 3 and all(len(slug) >= 6 for slug in slugs)
    assert one(ids, f"select id from links where id = extensions.id_decode_once(%s, '{SALT}', 6)", slugs[1]) == 2
    ids.execute("drop table links")


def test_listed_dropped_and_relocatable(ids):
    assert ids.execute("select extversion, extrelocatable from pg_extension where extname = 'pg_hashids'").fetchone() == (
        "1.3", True)
    ids.execute("create schema if not exists hashing")
    ids.execute("alter extension pg_hashids set schema hashing")
    assert one(ids, "select hashing.id_encode(1001)") == "jNl"
    ids.execute("drop extension pg_hashids")
    assert one(ids, "select to_regproc('hashing.id_encode') is null")
    ids.execute("create extension pg_hashids with schema extensions")
