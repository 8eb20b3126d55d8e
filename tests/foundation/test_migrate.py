"""Migrations: applied once, recorded with checksums, idempotent; a changed migration is refused by name."""

import shutil

import psycopg
import pytest

from gateway import migrate


@pytest.fixture()
def empty_database(pg_cluster):
    name = pg_cluster.create_database("t_migrate")
    yield pg_cluster.url_for(name)
    pg_cluster.drop_database(name)


@pytest.fixture()
def copied_tree(tmp_path):
    migrations = tmp_path / "migrations"
    policies = tmp_path / "policies"
    shutil.copytree(migrate.MIGRATIONS_DIR, migrations)
    if migrate.POLICIES_DIR.exists():
        shutil.copytree(migrate.POLICIES_DIR, policies)
    else:
        policies.mkdir()
    return migrations, policies


def test_every_file_is_applied_once_and_recorded_with_its_checksum(empty_database):
    files = migrate.discover()
    applied = migrate.apply_pending(empty_database)
    assert applied == [f.name for f in files]
    with psycopg.connect(empty_database) as conn:
        recorded = dict(conn.execute("select name, checksum from gateway_meta.migrations").fetchall())
    assert recorded == {f.name: f.checksum for f in files}
    assert migrate.apply_pending(empty_database) == []


def test_a_changed_migration_is_refused_naming_the_file(empty_database, copied_tree):
    migrations, policies = copied_tree
    migrate.apply_pending(empty_database, migrate.discover(migrations, policies))
    target = sorted(migrations.glob("*.sql"))[-1]
    target.write_text(target.read_text() + "\n-- edited after it was applied\n")
    with pytest.raises(migrate.MigrationError, match=target.name):
        migrate.apply_pending(empty_database, migrate.discover(migrations, policies))


def test_a_changed_policy_file_is_applied_again(empty_database, copied_tree):
    migrations, policies = copied_tree
    migrate.apply_pending(empty_database, migrate.discover(migrations, policies))
    extra = policies / "zz_test_extra.sql"
    extra.write_text("create or replace function public.policy_probe() returns int language sql as $$ select 1 $$;")
    assert migrate.apply_pending(empty_database, migrate.discover(migrations, policies)) == ["policies/zz_test_extra.sql"]
    extra.write_text("create or replace function public.policy_probe() returns int language sql as $$ select 2 $$;")
    assert migrate.apply_pending(empty_database, migrate.discover(migrations, policies)) == ["policies/zz_test_extra.sql"]
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select public.policy_probe()").fetchone()[0] == 2


def test_a_failing_migration_leaves_nothing_half_applied(empty_database, copied_tree):
    migrations, policies = copied_tree
    (migrations / "29990101000000_broken.sql").write_text(
        "create table public.half_written (id int);\nselect * from no_such_table;"
    )
    with pytest.raises(migrate.MigrationError, match="29990101000000_broken.sql"):
        migrate.apply_pending(empty_database, migrate.discover(migrations, policies))
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select to_regclass('public.half_written')").fetchone()[0] is None
        assert conn.execute("select to_regclass('public.tickets')").fetchone()[0] is None
