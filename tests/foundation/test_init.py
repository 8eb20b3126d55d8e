"""`gateway init` as a user types it: the config.toml `supabase init` writes, named after the folder.

fixtures/supabase_init_config.toml is what `supabase init` writes in a folder named my-app (see test_project_config.py).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.support.serve import run_cli

FIXTURE = Path(__file__).with_name("fixtures") / "supabase_init_config.toml"


def test_init_writes_the_supabase_clis_config_toml(tmp_path):
    folder = tmp_path / "my-app"
    folder.mkdir()
    created = run_cli("init", cwd=folder)
    assert created.returncode == 0, created.stderr
    assert (folder / "supabase" / "config.toml").read_text() == FIXTURE.read_text()
    assert "Created supabase/config.toml" in created.stdout.splitlines()


@pytest.mark.parametrize(("name", "project_id"), [
    ("My App: the 2nd!", "My_App_the_2nd_"),
    ("__.hidden-app", "hidden-app"),
    ("a" * 45, "a" * 40),
])
def test_the_project_id_is_the_folder_name_as_the_cli_cleans_it(tmp_path, name, project_id):
    folder = tmp_path / name
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    assert tomllib.loads((folder / "supabase" / "config.toml").read_text())["project_id"] == project_id
