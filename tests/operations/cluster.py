"""compose.yaml's production shape on loopback, without Docker: a fresh PostgreSQL cluster (initdb into a temp
folder, the compose file's role script run once as the image's entrypoint runs it), the S3 server Storage keeps its
bytes in (SeaweedFS, as in compose), the two gateway replicas, each Python function as its own process, Debian's nginx
with the compose file's own config, and a mail catcher standing in for the mail service. The project the gateways
serve is the repository's, with a Deno function added (edge_functions/), which each replica runs in its own workers.
Every process is in its own session, so stopping checks that none of them left anything. A run that failed keeps its
folder, with every service's log, and shows the end of each.
"""

from __future__ import annotations

import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg

from gateway.jwt_keys import JwtKeys
from gateway.project.folder import Project
from tests.operations.compose import Compose, load, relocate
from tests.storage.backends import ACCESS_KEY, SECRET_KEY, S3Server, start_seaweedfs
from tests.support.smtp import SmtpServer

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
NGINX = os.environ.get("NGINX", "/usr/sbin/nginx")
START_TIMEOUT = 90.0
STOP_TIMEOUT = 30.0
GATEWAYS = ("gateway-1", "gateway-2")
# What the image's ENV gives every gateway container, moved to loopback (compose.yaml leaves them to the image).
IMAGE_PORT = 54321
# The harness's one addition to nginx: which replica answered (the upstream's address), for tests to tell them apart.
UPSTREAM_HEADER = "X-Upstream"
# Added to the project's functions folder: the product has only Python functions, a Supabase project has Deno ones.
DENO_FUNCTIONS = Path(__file__).resolve().parent / "edge_functions"


@dataclass
class Process:
    name: str
    popen: subprocess.Popen
    log: Path

    def alive(self) -> bool:
        return self.popen.poll() is None

    def tail(self, lines: int = 40) -> str:
        return _tail(self.log, lines)


def _tail(log: Path, lines: int) -> str:
    with suppress(OSError):
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    return ""


@dataclass
class Cluster:
    root: Path
    compose: Compose
    url: str  # nginx: the only address clients use
    database_url: str  # the owner, for tests that check rows
    jwt_secret: str
    gateway_urls: dict[str, str]
    mail: SmtpServer
    s3: Iterator[S3Server] | None = None  # running until closed
    processes: list[Process] = field(default_factory=list)
    failed: bool = False  # set by whoever saw it fail: stop() then keeps the folder and its logs
    _stopped: bool = False

    @property
    def keys(self) -> JwtKeys:
        return JwtKeys(self.jwt_secret)

    @property
    def upstreams(self) -> dict[str, str]:
        """The replica behind each address nginx reports in X-Upstream."""
        return {url.removeprefix("http://"): name for name, url in self.gateway_urls.items()}

    def process(self, name: str) -> Process:
        return next(p for p in self.processes if p.name == name)

    def stop_processes(self, *names: str) -> None:
        for process in [p for p in self.processes if p.name in names]:
            _stop(process)

    def cpu_seconds(self) -> dict[str, float]:
        """CPU time each service has used so far (its processes' and their ended children's), by service name."""
        ticks = os.sysconf("SC_CLK_TCK")
        table = _process_table()
        return {process.name: sum(sum(table[pid][11:15]) for pid in _descendants(process.popen.pid, table)) / ticks
                for process in self.processes}

    def log_tails(self, lines: int = 40) -> str:
        """The end of every log in the folder: each service's, nginx's error log and the S3 server's."""
        logs = sorted([*self.root.glob("*.log"), *self.root.glob("s3/*.log")])
        return "\n".join(f"----- {log.relative_to(self.root)} -----\n{_tail(log, lines)}" for log in logs)

    def stop(self) -> list[str]:
        """Stops everything, the entry point first; returns what is still running afterwards (nothing, normally).
        The folder is removed unless the run failed or something is left."""
        if self._stopped:
            return []
        self._stopped = True
        for process in reversed(self.processes):
            _stop(process)
        if self.s3 is not None:
            self.s3.close()
        self.mail.stop()
        leftovers = [f"{p.name}: pid {pid}" for p in self.processes for pid in _session_members(p.popen.pid)]
        leftovers += [f"pid {pid} in {self.root}" for pid in _working_in(self.root)]
        if not leftovers and not self.failed:
            shutil.rmtree(self.root, ignore_errors=True)
        return leftovers


def start(log=print) -> Cluster:
    """Starts the cluster; on any failure stops what was started and raises with the failing process's log."""
    root = Path(tempfile.mkdtemp(prefix="gateway-cluster-"))
    root.chmod(0o755)  # PostgreSQL and nginx's workers run as their own users
    secrets_env = {
        "POSTGRES_PASSWORD": secrets.token_hex(16),
        "AUTHENTICATOR_PASSWORD": secrets.token_hex(16),
        "AUTH_ADMIN_PASSWORD": secrets.token_hex(16),
        "JWT_SECRET": secrets.token_hex(32),
        # The keys the S3 server is started with (compose hands the same pair to it and to the replicas).
        "STORAGE_S3_ACCESS_KEY_ID": ACCESS_KEY,
        "STORAGE_S3_SECRET_ACCESS_KEY": SECRET_KEY,
    }
    compose = load(secrets_env)
    ports = {name: free_port() for name in ("postgres", *GATEWAYS, "fn-send-contact-email",
                                            "fn-send-event-confirmation", "mail", "loadbalancer")}
    addresses = {
        "postgres:5432": f"127.0.0.1:{ports['postgres']}",
        "mail:1025": f"127.0.0.1:{ports['mail']}",
        **{f"{name}:{IMAGE_PORT}": f"127.0.0.1:{ports[name]}" for name in GATEWAYS},
        **{f"{name}:9000": f"127.0.0.1:{ports[name]}" for name in ports if name.startswith("fn-")},
    }
    published, _ = compose.published["loadbalancer"]
    addresses[f"localhost:{published}"] = f"127.0.0.1:{ports['loadbalancer']}"
    storage = root / "storage"
    storage.mkdir()
    project = _project_with_deno_functions(root / "project")

    mail = SmtpServer(ports["mail"]).start()
    cluster = Cluster(root=root, compose=compose, url=f"http://127.0.0.1:{ports['loadbalancer']}",
                      database_url=f"postgresql://postgres:{secrets_env['POSTGRES_PASSWORD']}"
                                   f"@127.0.0.1:{ports['postgres']}/postgres",
                      jwt_secret=secrets_env["JWT_SECRET"],
                      gateway_urls={name: f"http://127.0.0.1:{ports[name]}" for name in GATEWAYS}, mail=mail)
    try:
        began = time.monotonic()
        _start_postgres(cluster, ports["postgres"], secrets_env["POSTGRES_PASSWORD"])
        log(f"postgres ready in {time.monotonic() - began:.1f}s")
        s3_dir = root / "s3"
        s3_dir.mkdir()
        cluster.s3 = start_seaweedfs(s3_dir)
        s3 = next(cluster.s3)
        addresses["s3:8333"] = s3.endpoint.removeprefix("http://")
        log(f"s3 ready in {time.monotonic() - began:.1f}s")
        for name in (*GATEWAYS, "fn-send-contact-email", "fn-send-event-confirmation"):
            _start_gateway_service(cluster, name, ports[name], addresses, storage, project)
        _start_nginx(cluster, ports["loadbalancer"], addresses)
        for name in (*GATEWAYS, "fn-send-contact-email", "fn-send-event-confirmation"):
            _wait_healthy(cluster.process(name), f"http://127.0.0.1:{ports[name]}"
                          f"{compose.service(name).health_path}")
        _wait_healthy(cluster.process("loadbalancer"), f"{cluster.url}/health")
        # A replica answers its health check from its first ready worker; one that failed later ended it since.
        if dead := [p.name for p in cluster.processes if not p.alive()]:
            raise RuntimeError(f"exited during start: {', '.join(dead)}")
        log(f"cluster ready in {time.monotonic() - began:.1f}s at {cluster.url}")
    except BaseException as error:
        cluster.failed = True
        cluster.stop()
        error.add_note(f"cluster logs, kept in {root}:\n{cluster.log_tails()}")
        raise
    return cluster


def free_port() -> int:
    """A port below the kernel's ephemeral range: one from inside it may be taken by an outgoing connection (a
    replica's migration, a client) between being picked and the service binding it."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    while True:
        port = random.randrange(10000, low)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port


def _spawn(cluster: Cluster, name: str, argv: list[str], env: dict[str, str], *, user: str | None = None,
           cwd: Path = PROJECT_ROOT) -> Process:
    log = cluster.root / f"{name}.log"
    with log.open("wb") as out:
        popen = subprocess.Popen(argv, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                 start_new_session=True, user=user, group=user)
    process = Process(name, popen, log)
    cluster.processes.append(process)
    return process


def _as_postgres() -> str | None:
    """PostgreSQL refuses to run as root; Debian's package brings the `postgres` user."""
    return "postgres" if os.geteuid() == 0 else None


def _start_postgres(cluster: Cluster, port: int, password: str) -> None:
    pgdata, sockets = cluster.root / "pg", cluster.root / "pg-socket"
    pwfile = cluster.root / "pg-password"
    pwfile.write_text(password)
    user = _as_postgres()
    for path in (pgdata, sockets):
        path.mkdir()
        if user:
            shutil.chown(path, user, user)
    if user:
        shutil.chown(pwfile, user, user)
    pwfile.chmod(0o600)
    # As the postgres image's entrypoint: password authentication over TCP, trust on the local socket.
    subprocess.run([str(PG_BIN / "initdb"), "-D", str(pgdata), "-U", "postgres", f"--pwfile={pwfile}",
                    "--auth-host=scram-sha-256", "--auth-local=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"],
                   check=True, capture_output=True, user=user, group=user)
    pwfile.unlink()
    command = cluster.compose.service("postgres").command or ["postgres"]
    assert command[0] == "postgres", command
    process = _spawn(cluster, "postgres", [str(PG_BIN / "postgres"), "-D", str(pgdata), "-p", str(port),
                                           "-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={sockets}",
                                           *command[1:]],
                     {"PATH": os.environ["PATH"], "LANG": "C.UTF-8"}, user=user, cwd=cluster.root)
    local = f"postgresql://postgres@/postgres?host={sockets}&port={port}"
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with psycopg.connect(local, autocommit=True, connect_timeout=2) as conn:
                conn.execute(cluster.compose.configs["roles"])  # docker-entrypoint-initdb.d, once
            return
        except psycopg.OperationalError:
            if not process.alive() or time.monotonic() > deadline:
                raise RuntimeError(f"postgres did not start:\n{process.tail()}") from None
            time.sleep(0.1)


def _base_env() -> dict[str, str]:
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "TZ")
    return {**{k: os.environ[k] for k in keep if k in os.environ}, "PYTHONPATH": str(PROJECT_ROOT),
            "PYTHONUNBUFFERED": "1"}


def _project_with_deno_functions(project: Path) -> Path:
    """The project as the image holds it (the repository's folders, linked), its functions folder a copy with
    DENO_FUNCTIONS added; config.toml's relative paths resolve as from the repository."""
    functions = Project.load(PROJECT_ROOT).functions_dir.relative_to(PROJECT_ROOT)
    assert len(functions.parts) == 1 and functions.name != "supabase", functions
    project.mkdir()
    for entry in PROJECT_ROOT.iterdir():
        if entry.name not in ("supabase", functions.name):
            (project / entry.name).symlink_to(entry)
    (project / "supabase").mkdir()
    shutil.copy(PROJECT_ROOT / "supabase" / "config.toml", project / "supabase")
    shutil.copytree(PROJECT_ROOT / functions, project / functions, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(DENO_FUNCTIONS, project / functions, dirs_exist_ok=True)
    return project


def _start_gateway_service(cluster: Cluster, name: str, port: int, addresses: dict[str, str],
                           storage: Path, project: Path) -> None:
    service = cluster.compose.service(name)
    env = {key: relocate(value, addresses) for key, value in service.environment.items()}
    for target in service.volumes:  # the shared volume is one folder for every process
        env = {key: str(storage) if value == target else value for key, value in env.items()}
    data_dir = cluster.root / f"{name}-data"  # the container's own /data
    data_dir.mkdir()
    env.update(_base_env(), API_HOST="127.0.0.1", API_PORT=str(port), DATA_DIR=str(data_dir))
    command = service.command or ["gateway", "serve"]
    assert command[0] == "gateway", command
    argv = [sys.executable, "-m", "gateway", *command[1:]]
    for option, value in (("--host", "127.0.0.1"), ("--port", str(port))):  # the container's own address
        if option in argv:
            argv[argv.index(option) + 1] = value
    _spawn(cluster, name, argv, env, cwd=project)


def nginx_main_config(root: Path, site: Path) -> str:
    """The part the nginx image brings (its nginx.conf around conf.d/), with this run's own pid, log and temp paths."""
    temp = root / "nginx-temp"
    return f"""daemon off;
worker_processes auto;
pid {root}/nginx.pid;
error_log {root}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {temp}/body;
  proxy_temp_path {temp}/proxy;
  fastcgi_temp_path {temp}/fastcgi;
  uwsgi_temp_path {temp}/uwsgi;
  scgi_temp_path {temp}/scgi;
  add_header {UPSTREAM_HEADER} $upstream_addr always;
  include {site};
}}
"""


def _start_nginx(cluster: Cluster, port: int, addresses: dict[str, str]) -> None:
    _, container = cluster.compose.published["loadbalancer"]
    site = relocate(cluster.compose.configs["nginx"], addresses)
    site, listens = re.subn(rf"listen\s+{container}\s*;", f"listen 127.0.0.1:{port};", site)
    assert listens == 1, "compose.yaml's nginx config should listen once, on the published port"
    temp = cluster.root / "nginx-temp"
    temp.mkdir()
    temp.chmod(0o777)  # its workers run as nobody when the master is root
    (cluster.root / "nginx-site.conf").write_text(site)
    main = cluster.root / "nginx.conf"
    main.write_text(nginx_main_config(cluster.root, cluster.root / "nginx-site.conf"))
    _spawn(cluster, "loadbalancer", [NGINX, "-p", str(cluster.root), "-c", str(main),
                                     "-e", str(cluster.root / "nginx-error.log")], {"PATH": os.environ["PATH"]},
           cwd=cluster.root)


def _wait_healthy(process: Process, url: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if not process.alive():
            raise RuntimeError(f"{process.name} exited during start:\n{process.tail()}")
        with suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{process.name} was not healthy at {url} after {START_TIMEOUT}s:\n{process.tail()}")


def _stop(process: Process) -> None:
    """As `docker stop`: SIGTERM (nginx: SIGQUIT, its graceful stop), then SIGKILL to the whole session."""
    if process.alive():
        process.popen.send_signal(signal.SIGQUIT if process.name == "loadbalancer" else signal.SIGTERM)
        try:
            process.popen.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(process.popen.pid, signal.SIGKILL)
            process.popen.wait(STOP_TIMEOUT)
    deadline = time.monotonic() + STOP_TIMEOUT
    while _session_members(process.popen.pid) and time.monotonic() < deadline:
        time.sleep(0.05)


def _process_table() -> dict[int, list[int]]:
    """Every live process's /proc stat fields after the command name (state as 0, the rest as numbers)."""
    table = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with suppress(OSError, ValueError):
                stat = (entry / "stat").read_text()
                state, *numbers = stat[stat.rindex(")") + 2:].split()
                if state != "Z":
                    table[int(entry.name)] = [0, *map(int, numbers)]
    return table


def _session_members(session: int) -> list[int]:
    """Live processes of a session started by _spawn (PostgreSQL's backends start sessions of their own)."""
    return [pid for pid, fields in _process_table().items() if fields[3] == session]


def _descendants(root: int, table: dict[int, list[int]]) -> list[int]:
    found, frontier = [], [root] if root in table else []
    while frontier:
        found += frontier
        frontier = [pid for pid, fields in table.items() if fields[1] in frontier]
    return found


def _working_in(folder: Path) -> list[int]:
    """Processes whose working folder is in `folder`: PostgreSQL's, in its data folder, whatever their session."""
    found = []
    for pid in _process_table():
        with suppress(OSError):
            if Path(os.readlink(f"/proc/{pid}/cwd")).is_relative_to(folder):
                found.append(pid)
    return found


def main() -> int:
    cluster = start()
    print(f"""
  API and site: {cluster.url}
      anon key: {cluster.keys.anon_key}
  service key:  {cluster.keys.service_role_key}
  database:     {cluster.database_url}
  logs:         {cluster.root}/*.log
Press Ctrl-C to stop.""", flush=True)
    stopping = []
    # Both set here: a shell starts a background job with SIGINT ignored, which Python would otherwise keep.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stopping.append(True))
    while not stopping:
        dead = [p.name for p in cluster.processes if not p.alive()]
        if dead:
            cluster.failed = True
            print(f"stopped on its own: {', '.join(dead)}\n{cluster.log_tails()}\nlogs kept in {cluster.root}",
                  file=sys.stderr)
            break
        time.sleep(0.5)
    leftovers = cluster.stop()
    print("cluster stopped" if not leftovers else f"still running: {leftovers}", flush=True)
    return 1 if leftovers or cluster.failed else 0


if __name__ == "__main__":
    sys.exit(main())
