"""What a Supabase developer types that has no counterpart in the gateway, each with one line naming what to use
instead, so `gateway db push` says where to go rather than "invalid choice"."""

from __future__ import annotations

_HOSTED = "a setting of a project on Supabase's platform; the gateway serves the project in this folder"
_ACCOUNT = "the gateway has no Supabase account: it serves the project in this folder, `gateway serve`"

INSTEAD: dict[tuple[str, ...], str] = {
    ("login",): _ACCOUNT,
    ("logout",): _ACCOUNT,
    ("link",): "the gateway serves this folder's project; to serve it on another PostgreSQL, set DATABASE_URL",
    ("unlink",): "the gateway links to no hosted project",
    ("projects",): _ACCOUNT,
    ("orgs",): _ACCOUNT,
    ("branches",): _HOSTED,
    ("domains",): _HOSTED,
    ("vanity-subdomains",): _HOSTED,
    ("sso",): _HOSTED,
    ("ssl-enforcement",): _HOSTED,
    ("network-bans",): _HOSTED,
    ("network-restrictions",): _HOSTED,
    ("postgres-config",): "set the server's settings in the data folder's postgresql.conf, or on DATABASE_URL's server",
    ("backups",): "`gateway db dump` (schema) and `gateway db dump --data-only` (rows)",
    ("encryption",): _HOSTED,
    ("snippets",): "the studio's SQL editor at /_/ keeps its queries in the browser",
    ("secrets",): "functions read supabase/functions/.env, or the file `gateway serve --env-file` names",
    ("services",): "`gateway status` prints what serves this project",
    ("bootstrap",): "`gateway init` makes this folder a project",
    ("inspect",): "connect to DB_URL from `gateway status -o env` with psql, or use the studio at /_/",
    ("storage",): "Storage answers at /storage/v1: use supabase-js, supabase-py or the studio at /_/",
    ("config", "push"): "the gateway reads supabase/config.toml at every start",
    ("db", "push"): "apply the migrations to another database with `DATABASE_URL=... gateway migrate`",
    ("db", "pull"): "`gateway db diff -f NAME` writes what the database has that the migrations lack",
    ("db", "lint"): "`gateway check` lints the migrations and policies",
    ("db", "start"): "`gateway start` starts the database with the APIs",
    ("functions", "deploy"): "`gateway serve` serves supabase/functions/ as they are; `--watch` reloads them on save",
    ("functions", "download"): "the functions are the files in supabase/functions/",
    ("functions", "list"): "the functions are the folders of supabase/functions/",
    ("functions", "delete"): "delete the function's folder in supabase/functions/",
    ("migration", "fetch"): "the migrations are the files in supabase/migrations/; `gateway migration list`",
    ("seed", "buckets"): "`gateway serve` and `gateway db reset` create config.toml's [storage.buckets.*]",
    ("gen", "signing-key"): "set JWT_JWKS_FILE, or [auth] signing_keys_path in config.toml, to a JWK set",
    ("gen", "bearer-jwt"): "sign a token with JWT_SECRET from `gateway status -o env`",
}


def instead(words: list[str]) -> str | None:
    """The line for a command the gateway lacks, from the first words of the command line (options skipped)."""
    verbs: list[str] = []
    remaining = iter(words)
    for word in remaining:
        if word == "--workdir":
            next(remaining, None)
        elif not word.startswith("-"):
            verbs.append(word)
    for key in (tuple(verbs[:2]), tuple(verbs[:1])):
        if key in INSTEAD:
            return f"`gateway {' '.join(key)}` has no counterpart here: {INSTEAD[key]}."
    return None
