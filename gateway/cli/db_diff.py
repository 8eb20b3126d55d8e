"""`gateway db diff [-f NAME]`: what the project's database has that its migrations do not build, as SQL.

As `supabase db diff`: the migrations are applied to a shadow database on the project's server, then migra's diff
from the shadow to the database, over the project's schemas, is the new migration. The diff is @pgkit/migra's, the
maintained TypeScript port of migra that the Supabase CLI itself runs on Deno; here it runs on the `deno` wheel the
gateway depends on, its npm packages pinned by `schema_diff.lock` and fetched once into the data folder. Publications,
which migra leaves out, follow it (gateway.cli.publication_diff).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from gateway.cli.db_commands import PLATFORM_SCHEMAS, shadow_database
from gateway.cli.publication_diff import publication_diff, read
from gateway.config_values import ConfigError
from gateway.settings import Settings

SCRIPT = Path(__file__).with_name("schema_diff.ts")
LOCK = Path(__file__).with_name("schema_diff.lock")


def schema_diff(settings: Settings, url: str) -> str:
    """The statements that give a database built from the migrations the schema of `url`'s; empty when none."""
    with shadow_database(url, settings.project) as shadow_url:
        tables = _migra(settings.data_dir / "deno", shadow_url, url).strip()
        publications = publication_diff(read(shadow_url, PLATFORM_SCHEMAS), read(url, PLATFORM_SCHEMAS))
    added = "\n".join(statement.as_string(None) for statement in publications)
    return "\n\n".join(part for part in (tables, added) if part)


def _migra(deno_dir: Path, shadow_url: str, project_url: str) -> str:
    from deno import find_deno_bin

    # The developer's environment: its proxy and certificate settings reach the npm registry on the first run.
    env = {**os.environ, "NO_COLOR": "1", "DENO_DIR": str(deno_dir), "SHADOW_URL": shadow_url,
           "PROJECT_URL": project_url, "EXCLUDED_SCHEMAS": ",".join(PLATFORM_SCHEMAS)}
    command = [find_deno_bin(), "run", "--quiet", f"--lock={LOCK}", "--frozen", "--allow-net", "--allow-env",
               "--allow-read", "--allow-write", "--allow-sys", str(SCRIPT)]
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        cause = _cause(result.stderr)
        if "npm package" in cause:
            raise ConfigError(f"the schema diff needs @pgkit/migra from the npm registry once, into {deno_dir}, and "
                              f"could not fetch it ({cause}); check the network or the proxy and run it again")
        raise ConfigError(f"the schema diff failed: {cause}")
    return result.stdout


def _cause(stderr: str) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip() and not line.lstrip().startswith("at ")]
    return next((line for line in lines if line.startswith("error:")), lines[0] if lines else "no output")
