"""`gateway db diff [-f NAME]`: what the project's database has that its migrations do not build, as SQL.

As `supabase db diff`: the migrations are applied to a shadow database on the project's server, then migra's diff
from the shadow to the database is the new migration: over the project's schemas, plus the extensions created or
dropped and the triggers and policies a project adds to the platform's tables (the CLI's managed schemas). The diff
is @pgkit/migra's, the maintained TypeScript port of migra that the Supabase CLI itself runs on Deno; here it runs on
the `deno` wheel the gateway depends on, its npm packages pinned by `schema_diff.lock` and fetched once into the data
folder. What migra leaves out follows it: the views' options (gateway.cli.view_options) and publications
(gateway.cli.publication_diff). Each statement that drops something is named on stderr, as the CLI warns of them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlparse, urlunparse

from gateway.cli import view_options
from gateway.cli.db_commands import PLATFORM_SCHEMAS, shadow_database
from gateway.cli.publication_diff import publication_diff, read
from gateway.config_values import ConfigError
from gateway.settings import Settings

SCRIPT = Path(__file__).with_name("schema_diff.ts")
LOCK = Path(__file__).with_name("schema_diff.lock")
# The platform's schemas whose tables a project adds triggers and row level security policies to, and those its
# extensions are created in: the Supabase CLI's diff includes these changes.
MANAGED_SCHEMAS = ("auth", "realtime", "storage")
EXTENSION_SCHEMAS = ("extensions", "pg_catalog", "pgmq")
# migra writes each drop on a line of its own.
_DROP = re.compile(r"^drop (?:\w+ )+?(?:if exists )?(?P<what>.+?);?$|^alter (?P<kind>\w+) (?P<on>.+?) drop (?P<part>.+?);?$")


def schema_diff(settings: Settings, url: str) -> str:
    """The statements that give a database built from the migrations the schema of `url`'s; empty when none."""
    with shadow_database(url, settings.project) as shadow_url:
        statements = view_options.with_view_options(
            _migra(settings.data_dir / "deno", shadow_url, url),
            view_options.read(shadow_url, PLATFORM_SCHEMAS), view_options.read(url, PLATFORM_SCHEMAS))
        publications = publication_diff(read(shadow_url, PLATFORM_SCHEMAS), read(url, PLATFORM_SCHEMAS))
    statements += [statement.as_string(None) for statement in publications]
    for statement in statements:
        if warning := drop_warning(statement):
            print(warning, file=sys.stderr)
    return "\n\n".join(statement.strip() for statement in statements)


def drop_warning(statement: str) -> str | None:
    """What `statement` drops, as a warning, or None when it drops nothing."""
    match = _DROP.match(statement.strip())
    if match is None:
        return None
    if match["what"]:
        return f"warning: the diff drops {match.group(0).split(' ', 2)[1]} {match['what']}"
    return f"warning: the diff drops {match['part']} from {match['kind']} {match['on']}"


def _migra(deno_dir: Path, shadow_url: str, project_url: str) -> list[str]:
    from deno import find_deno_bin

    # The developer's environment: its proxy and certificate settings reach the npm registry on the first run.
    env = {**os.environ, "NO_COLOR": "1", "DENO_DIR": str(deno_dir), "SHADOW_URL": _qualifying(shadow_url),
           "PROJECT_URL": _qualifying(project_url), "EXCLUDED_SCHEMAS": ",".join(PLATFORM_SCHEMAS),
           "MANAGED_SCHEMAS": ",".join(MANAGED_SCHEMAS), "EXTENSION_SCHEMAS": ",".join(EXTENSION_SCHEMAS)}
    command = [find_deno_bin(), "run", "--quiet", f"--lock={LOCK}", "--frozen", "--allow-net", "--allow-env",
               "--allow-read", "--allow-write", "--allow-sys", str(SCRIPT)]
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        cause = _cause(result.stderr)
        if "npm package" in cause:
            raise ConfigError(f"the schema diff needs @pgkit/migra from the npm registry once, into {deno_dir}, and "
                              f"could not fetch it ({cause}); check the network or the proxy and run it again")
        raise ConfigError(f"the schema diff failed: {cause}")
    return [statement for statement in json.loads(result.stdout) if statement.strip()]


def _qualifying(url: str) -> str:
    """`url` with an empty search path, as the CLI diffs: the definitions read back (views', triggers') name each
    object with its schema, as the migration needs them wherever it is run."""
    parts = urlparse(url)
    query = parse_qsl(parts.query) + [("options", "-c search_path=")]
    return urlunparse(parts._replace(query=urlencode(query, quote_via=quote)))


def _cause(stderr: str) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip() and not line.lstrip().startswith("at ")]
    return next((line for line in lines if line.startswith("error:")), lines[0] if lines else "no output")
