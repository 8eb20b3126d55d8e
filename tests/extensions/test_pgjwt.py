"""pgjwt in schema `extensions`, as `db pull` creates it: its documented examples and tokens Python's hmac signs."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import psycopg
import pytest

PAYLOAD = '{"sub":"1234567890","name":"John Doe","admin":true}'
# pgjwt's own documented tokens for PAYLOAD signed with 'secret'.
DOCUMENTED = {
    "HS256": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWV9"
             ".TJVA95OrM7E2cBab30RMHrHDcEfxjoYZgeFONFh7HgQ",
    "HS384": "eyJhbGciOiJIUzM4NCIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWV9"
             ".DtVnCyiYCsCbg8gUP-579IC2GJ7P3CtFw6nfTTPw-0lZUzqgWAo9QIQElyxOpoRm",
    "HS512": "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWV9"
             ".YI0rUGDq5XdRw8vW2sDLRNFMN8Waol03iSFH8I4iLzuYK7FKHaQYWzPt0BJFGrAmKJ6SjY0mJIMZqNQJFVpkuw",
}


@pytest.fixture(scope="module")
def jwt(db: psycopg.Connection) -> psycopg.Connection:
    db.execute("create extension if not exists pgjwt with schema extensions cascade")
    return db


def one(conn: psycopg.Connection, query: str, *params):
    return conn.execute(query, params).fetchone()[0]


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.mark.parametrize("algorithm", sorted(DOCUMENTED))
def test_sign_gives_the_documented_tokens(jwt, algorithm):
    assert one(jwt, "select extensions.sign(%s::json, 'secret', %s)", PAYLOAD, algorithm) == DOCUMENTED[algorithm]


def test_hs256_is_the_default_and_named_arguments_work(jwt):
    assert one(jwt, "select extensions.sign(%s, 'secret')", PAYLOAD) == DOCUMENTED["HS256"]
    # The image's own test, with named arguments.
    assert one(jwt, """select extensions.sign(payload := '{"sub":"1234567890","name":"John Doe","iat":1516239022}',
                                              secret := 'secret', algorithm := 'HS256')""") == (
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
        ".XbPfbIHMI6arZ3Y922BhjWgQzWXcXNrz0ogtVhfEd2o")


@pytest.mark.parametrize("algorithm,digest", [("HS256", hashlib.sha256), ("HS384", hashlib.sha384),
                                              ("HS512", hashlib.sha512)])
def test_signatures_match_pythons_hmac(jwt, algorithm, digest):
    payload = json.dumps({"role": "authenticated", "note": "ünïcode ✓ and padding" * 3})
    token = one(jwt, "select extensions.sign(%s::json, %s, %s)", payload, "a longer secret ✓", algorithm)
    header, body, signature = token.split(".")
    assert json.loads(base64.urlsafe_b64decode(header + "==")) == {"alg": algorithm, "typ": "JWT"}
    assert base64.urlsafe_b64decode(body + "==").decode() == payload
    expected = hmac.new("a longer secret ✓".encode(), f"{header}.{body}".encode(), digest).digest()
    assert signature == b64url(expected)


@pytest.mark.parametrize("algorithm", sorted(DOCUMENTED))
def test_verify_marks_the_right_secret_valid_and_a_wrong_one_invalid(jwt, algorithm):
    rows = jwt.execute("select header::text, payload::text, valid from extensions.verify(%s, %s, %s)",
                       (DOCUMENTED[algorithm], "secret", algorithm)).fetchall()
    assert rows == [(f'{{"alg":"{algorithm}","typ":"JWT"}}', PAYLOAD, True)]
    assert jwt.execute("select valid from extensions.verify(%s, 'badsecret', %s)",
                       (DOCUMENTED[algorithm], algorithm)).fetchall() == [(False,)]


def test_verify_of_the_images_example(jwt):
    row = jwt.execute("""select header::text, payload::text, valid from extensions.verify(
        token := 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoiRm9vIn0.Q8hKjuadCEhnCPuqIj9bfLhTh_9QSxshTRsA5Aq4IuM',
        secret := 'secret', algorithm := 'HS256')""").fetchone()
    assert row == ('{"alg":"HS256","typ":"JWT"}', '{"name":"Foo"}', True)


@pytest.mark.parametrize("claims,valid", [
    ("json_build_object('nbf', extract(epoch from now()) + 60)", False),
    ("json_build_object('nbf', extract(epoch from now()) - 1)", True),
    ("json_build_object('exp', extract(epoch from now()) - 1)", False),
    ("json_build_object('exp', extract(epoch from now()) + 60)", True),
    ("json_build_object('nbf', extract(epoch from now()) - 3, 'exp', extract(epoch from now()) - 1)", False),
    ("json_build_object('nbf', extract(epoch from now()) - 3, 'exp', extract(epoch from now()) + 60)", True),
    ("""'{"nbf":"no-double"}'::json""", True),
    ("""'{"exp":"75z"}'::json""", True),
])
def test_verify_honours_numeric_nbf_and_exp_and_ignores_others(jwt, claims, valid):
    assert one(jwt, f"select valid from extensions.verify(extensions.sign({claims}, 'secret', 'HS512'),"
                    " 'secret', 'HS512')") is valid


@pytest.mark.parametrize("call", ["extensions.sign(%s::json, 'secret', 'bogus')",
                                  "(select valid from extensions.verify(%s, 'secret', 'bogus'))"])
def test_an_unknown_algorithm_is_pgcryptos_error(jwt, call):
    argument = PAYLOAD if "sign" in call else DOCUMENTED["HS256"]
    with pytest.raises(psycopg.Error, match='Cannot use "": No such hash algorithm'):
        jwt.execute(f"select {call}", (argument,))


def test_a_token_that_is_not_json_is_an_error(jwt):
    header, body, signature = DOCUMENTED["HS256"].split(".")
    with pytest.raises(psycopg.DataError):
        jwt.execute("select * from extensions.verify(%s, 'secret')", (f"{header[:20]}BOGUS{header[25:]}.{body}.{signature}",))


@pytest.mark.parametrize("data", [b"", b"f", b"fo", b"foo", b"\xff\xfe\xfd\x00", bytes(range(256)) * 2])
def test_url_encode_and_decode_are_unpadded_base64url(jwt, data):
    encoded = one(jwt, "select extensions.url_encode(%s)", data)
    assert encoded == b64url(data)
    assert one(jwt, "select extensions.url_decode(%s)", encoded) == data


def test_algorithm_sign_is_the_signature_part(jwt):
    header, body, signature = DOCUMENTED["HS384"].split(".")
    assert one(jwt, "select extensions.algorithm_sign(%s, 'secret', 'HS384')", f"{header}.{body}") == signature


def test_listed_dropped_and_created_in_another_schema_than_pgcrypto(jwt):
    assert jwt.execute("select e.extversion, n.nspname, r.extname from pg_extension e"
                       " join pg_namespace n on n.oid = e.extnamespace"
                       " join pg_depend d on d.objid = e.oid and d.deptype = 'n' and d.classid = 'pg_extension'::regclass"
                       " join pg_extension r on r.oid = d.refobjid"
                       " where e.extname = 'pgjwt'").fetchall() == [("0.2.0", "extensions", "pgcrypto")]
    jwt.execute("drop extension pgjwt")
    assert one(jwt, "select to_regproc('extensions.sign') is null")
    jwt.execute("create schema if not exists jwt_elsewhere")
    jwt.execute("create extension pgjwt with schema jwt_elsewhere")
    try:
        with jwt.transaction():
            jwt.execute("set local search_path = pg_catalog")  # hmac is found without the caller's path
            assert one(jwt, "select jwt_elsewhere.sign(%s::json, 'secret')", PAYLOAD) == DOCUMENTED["HS256"]
    finally:
        jwt.execute("drop extension pgjwt")
        jwt.execute("create extension pgjwt with schema extensions")


def test_requires_pgcrypto(jwt):
    with pytest.raises(psycopg.errors.DependentObjectsStillExist):
        jwt.execute("drop extension pgcrypto")
