"""PostgREST's in-database configuration: `alter role authenticator [in database …] set pgrst.<setting>` overrides
the environment's setting at start, this database's value over the one for all databases."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gateway.rest import db_config
from gateway.settings import Settings


@pytest.fixture()
def role_settings(db):
    database = db.execute("select current_database()").fetchone()[0]
    db.execute(f'alter role authenticator in database "{database}" set pgrst.db_plan_enabled = \'true\'')
    db.execute(f'alter role authenticator in database "{database}" set pgrst.db_max_rows = \'7\'')
    db.execute(f'alter role authenticator in database "{database}" set pgrst.db_schemas = \'public, api\'')
    db.execute(f'alter role authenticator in database "{database}" set pgrst.db_aggregates_enabled = \'true\'')
    db.execute(f'alter role authenticator in database "{database}" set pgrst.jwt_secret = \'not-read\'')
    yield
    db.execute(f'alter role authenticator in database "{database}" reset all')


def test_the_roles_settings_override_the_environments(role_settings, database_url, tmp_path):
    found = db_config.read(database_url)
    assert found["db_max_rows"] == "7" and found["db_plan_enabled"] == "true"
    settings, lines = db_config.apply(replace(Settings(database_url=None, data_dir=tmp_path, jwt_secret="x" * 40), max_rows=1000), found)
    assert (settings.db_plan_enabled, settings.max_rows, settings.db_schemas) == (True, 7, ("public", "api"))
    assert "pgrst.db_max_rows = '7' (from the database's role authenticator)" in lines
    # Always so in the gateway: not named. Not read: named, without its value (it may be a secret).
    assert not any("db_aggregates_enabled" in line for line in lines)
    assert [line for line in lines if "jwt_secret" in line] == [
        "pgrst.jwt_secret is set on the role authenticator but the gateway does not read it (ignored)"]


def test_without_role_settings_nothing_changes(database_url, tmp_path):
    settings = Settings(database_url=None, data_dir=tmp_path, jwt_secret="x" * 40)
    assert db_config.apply(settings, db_config.read(database_url)) == (settings, [])
