"""`gateway serve`'s processes: N forked uvicorn servers accepting on one listening socket, balanced by their open
connections (`gateway.server.balanced_accept`).

Every service is shared-nothing through PostgreSQL (realtime fan-out and presence by LISTEN/NOTIFY, the schema
cache invalidated by NOTIFY, mail in its outbox), so each worker is a whole gateway. Forking after start-up
shares the imported code and starts in milliseconds. The parent only supervises: it forwards SIGINT/SIGTERM
once as SIGTERM (a worker that also got the terminal's SIGINT still shuts down gracefully, as uvicorn forces
an exit only on a second SIGINT), and if a worker dies on its own it stops the others and reports the failure.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import socket
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from gateway.processes import end_with_parent
from gateway.server.balanced_accept import ConnectionTable, WorkerConnections

log = logging.getLogger("gateway")
WAIT_INTERVAL_SECONDS = 0.2


def listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    # Close-on-exec, as Python makes it: the forked workers have it all the same, and no program they start does.
    return sock


def serve(make_server: Callable[[WorkerConnections | None], Any], sock: socket.socket, workers: int,
          forward: tuple[signal.Signals, ...] = ()) -> int:
    """Run `make_server(connections)` (a uvicorn.Server) in `workers` processes on `sock`; returns the exit status.
    `connections` is the worker's set of open connections, shared with the others (None with one worker).

    The signals in `forward` that this process receives are passed on to every worker (with one worker, this process
    is the worker and handles them itself).
    """
    if workers <= 1:
        make_server(None).run(sockets=[sock])
        return 0
    children: set[int] = set()
    parent = os.getpid()
    table = ConnectionTable(workers)
    # The collector would otherwise touch every object the parent made, copying the pages the workers share.
    gc.freeze()
    for index in range(workers):
        pid = os.fork()
        if pid == 0:
            # A worker whose parent is killed gets SIGTERM, so no orphan keeps serving the port.
            end_with_parent(parent, signal.SIGTERM)
            _worker(make_server, sock, WorkerConnections(table, index))
        children.add(pid)
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            os.kill(child, signal.SIGTERM)

    def pass_on(signum: int, frame: object) -> None:
        for child in children:
            os.kill(child, signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    previous.update({sig: signal.signal(sig, pass_on) for sig in forward})
    status = 0
    try:
        while children:
            # Only the workers are waited for: this process has other children (the embedded server's pg_ctl,
            # run by its supervisor), whose exit is theirs to collect.
            for pid in list(children):
                if os.waitpid(pid, os.WNOHANG)[0] == 0:
                    continue
                children.discard(pid)
                if not stopping:
                    log.error("a gateway worker exited; stopping the others")
                    status = 1
                    stop(signal.SIGTERM, None)
            if children:
                time.sleep(WAIT_INTERVAL_SECONDS)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status


def _worker(make_server: Callable[[WorkerConnections | None], Any], sock: socket.socket,
            connections: WorkerConnections) -> None:
    """Never returns: os._exit skips the parent's atexit handlers (the embedded server's stop among them)."""
    code = 0
    try:
        make_server(connections).run(sockets=[sock])
    except BaseException:  # noqa: BLE001 - reported, then the process ends with a failure status
        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
