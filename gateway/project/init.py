"""`gateway init`: a new project folder as `supabase init` makes it, with the Supabase CLI's own config.toml."""

from __future__ import annotations

import re
from pathlib import Path

from gateway.config_values import ConfigError
from gateway.project.folder import CONFIG_PATH

# The CLI's template (supabase/cli apps/cli-go/pkg/config/templates/config.toml) as `supabase init` renders it.
TEMPLATE = Path(__file__).with_name("init_template") / "config.toml"
# The CLI's project id: runs of other characters become "_", it starts with a letter or digit, 40 at most.
PROJECT_ID_INVALID = re.compile(r"[^A-Za-z0-9_.-]+")
PROJECT_ID_LENGTH = 40
SEED = "-- Rows for development, applied once after the migrations on the first `gateway serve`.\n"
# What the Supabase CLI's init ignores in supabase/, and the gateway's data folder in the project root.
SUPABASE_GITIGNORE = "# Supabase\n.branches\n.temp\n\n# dotenvx\n.env.keys\n.env.local\n.env.*.local\n"
ROOT_IGNORED = ".data"


def init_project(root: Path) -> list[Path]:
    """Creates the project in `root`; returns what it wrote. Refuses a folder that already has a config."""
    root = root.resolve()
    config = root / CONFIG_PATH
    if config.exists():
        raise ConfigError(f"{config} already exists; not overwriting it (remove it to start over)")
    supabase = config.parent
    (supabase / "migrations").mkdir(parents=True, exist_ok=True)
    written = [supabase / "migrations"]
    project_id = PROJECT_ID_INVALID.sub("_", root.name).lstrip("_.-")[:PROJECT_ID_LENGTH] or "project"
    written.append(_write_new(config, TEMPLATE.read_text().replace("{project_id}", project_id)))
    for path, text in ((supabase / "seed.sql", SEED), (supabase / ".gitignore", SUPABASE_GITIGNORE)):
        if not path.exists():
            written.append(_write_new(path, text))
    gitignore = root / ".gitignore"
    lines = gitignore.read_text().splitlines() if gitignore.exists() else []
    if ROOT_IGNORED not in lines and f"{ROOT_IGNORED}/" not in lines:
        prefix = "" if not lines or gitignore.read_text().endswith("\n") else "\n"
        with gitignore.open("a") as handle:
            handle.write(f"{prefix}{ROOT_IGNORED}\n")
        written.append(gitignore)
    return written


def _write_new(path: Path, text: str) -> Path:
    path.write_text(text)
    return path
