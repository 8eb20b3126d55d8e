"""The project a gateway serves: a folder in the shape of a Supabase CLI project.

`<root>/supabase/config.toml` (which `gateway serve` requires, as `supabase start` does), migrations in `supabase/migrations/`, the seed in `supabase/seed.sql`,
functions in `supabase/functions/`. The `[gateway]` table of config.toml, which the Supabase CLI does not have,
can point those parts elsewhere (paths relative to the `supabase/` folder, as the CLI resolves `sql_paths`) and
adds what only the gateway knows: repeatable policy files, policy tests (`supabase/tests/policies/` by default), a
built site to serve, demo accounts for the seed.
Nothing of the platform (roles, `auth`, `realtime`, ...) lives in a project; see `gateway/platform/`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gateway.config_values import ConfigError

CONFIG_PATH = Path("supabase") / "config.toml"


@dataclass(frozen=True)
class DemoAccount:
    email: str
    password: str = field(repr=False)
    full_name: str = ""
    about: str = ""


@dataclass(frozen=True)
class Project:
    root: Path
    migrations_dir: Path
    functions_dir: Path
    policy_tests_dir: Path
    seed_files: tuple[Path, ...] = ()
    seed_enabled: bool = True
    policies_dir: Path | None = None
    site_dir: Path | None = None
    demo_accounts: tuple[DemoAccount, ...] = ()
    config: dict[str, Any] = field(default_factory=dict, repr=False)  # may hold passwords; the repr ends up in logs
    config_file: Path | None = None

    def shown(self, path: Path | str) -> str:
        """The path as a user of the project names it: from the project's folder (absolute when outside it)."""
        path = Path(path)
        return str(path.relative_to(self.root)) if path.is_relative_to(self.root) else str(path)

    @classmethod
    def load(cls, root: Path) -> Project:
        root = root.resolve()
        supabase_dir = root / "supabase"
        config_file = root / CONFIG_PATH
        config = read_config(config_file) if config_file.is_file() else {}
        own = _table(config, "gateway")
        seed = _table(_table(config, "db"), "seed")

        def optional_path(key: str) -> Path | None:
            value = own.get(key)
            if value is None:
                return None
            if not isinstance(value, str):
                raise ConfigError(f"{config_file}: [gateway] {key} must be a path, got {value!r}")
            return (supabase_dir / value).resolve()

        def path(key: str, default: Path) -> Path:
            return optional_path(key) or default

        sql_paths = seed.get("sql_paths", ["./seed.sql"])
        if not isinstance(sql_paths, list) or not all(isinstance(p, str) for p in sql_paths):
            raise ConfigError(f"{config_file}: [db.seed] sql_paths must be a list of paths")
        seed_files = tuple(sorted(p.resolve() for pattern in sql_paths for p in supabase_dir.glob(pattern)))
        return cls(
            root=root,
            migrations_dir=path("migrations", supabase_dir / "migrations"),
            seed_files=seed_files,
            seed_enabled=bool(seed.get("enabled", True)),
            policies_dir=optional_path("policies"),
            functions_dir=path("functions", supabase_dir / "functions"),
            site_dir=optional_path("site"),
            policy_tests_dir=path("policy_tests", supabase_dir / "tests" / "policies"),
            demo_accounts=tuple(_demo_account(config_file, entry) for entry in own.get("demo_accounts", [])),
            config=config,
            config_file=config_file if config else None,
        )


def require_config(root: Path) -> None:
    """As `supabase start`, serving needs a project: a folder without supabase/config.toml is refused."""
    if not (root / CONFIG_PATH).is_file():
        raise ConfigError(f"cannot read config in {root.resolve()}: {CONFIG_PATH} not found; run `gateway init` "
                          "to make this folder a project, or pass --workdir with a project's folder")


def read_config(config_file: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(config_file.read_text())
    except tomllib.TOMLDecodeError as exc:
        # tomllib's message already names the line and column ("... (at line 3, column 7)").
        raise ConfigError(f"{config_file} is not valid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{config_file} cannot be read: {exc.strerror}") from None


def _table(config: dict[str, Any], key: str) -> dict[str, Any]:
    value = config.get(key, {})
    return value if isinstance(value, dict) else {}


def _demo_account(config_file: Path, entry: Any) -> DemoAccount:
    if not isinstance(entry, dict) or not isinstance(entry.get("email"), str) or not isinstance(
            entry.get("password"), str):
        raise ConfigError(f"{config_file}: each [[gateway.demo_accounts]] needs an email and a password")
    return DemoAccount(entry["email"], entry["password"], entry.get("full_name", ""), entry.get("about", ""))
