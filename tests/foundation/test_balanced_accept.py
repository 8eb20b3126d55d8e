"""Workers take new connections by their open ones (gateway.server.balanced_accept), here as listeners on one event
loop: each listener stands for a worker and has its own descriptor of the one listening socket, as forked workers do."""

from __future__ import annotations

import asyncio
import errno
import socket

import pytest
import uvloop

from gateway.server.balanced_accept import (
    HANDOFF_CHECK_SECONDS,
    HANDOFF_SECONDS,
    RETRY_SECONDS,
    BalancedListener,
    ConnectionTable,
    WorkerConnections,
    _waiting,
)


class Counted(asyncio.Protocol):
    """Adds itself to its worker's connections while open, as uvicorn's protocols do."""

    def __init__(self, connections: WorkerConnections) -> None:
        self.connections = connections

    def connection_made(self, transport) -> None:
        self.transport = transport
        self.connections.add(self)

    def connection_lost(self, exc) -> None:
        self.connections.discard(self)

    def shutdown(self) -> None:
        """uvicorn's graceful end; an idle connection closes at once."""
        self.transport.close()


def run(test) -> None:
    async def main() -> None:
        try:
            await test()
        finally:
            while LISTENERS:
                LISTENERS.pop().close()
            while CLIENTS:
                CLIENTS.pop().close()

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(main())


DESCRIPTORS: list[socket.socket] = []
LISTENERS: list[BalancedListener] = []
CLIENTS: list[socket.socket] = []


@pytest.fixture()
def listening():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    yield sock
    sock.close()
    while DESCRIPTORS:
        DESCRIPTORS.pop().close()


def worker(table: ConnectionTable, index: int, sock: socket.socket) -> tuple[BalancedListener, WorkerConnections]:
    """A listener on its own descriptor of `sock` (closed by the fixture: a listener leaves its socket open)."""
    connections = WorkerConnections(table, index)
    DESCRIPTORS.append(own := sock.dup())
    LISTENERS.append(listener := BalancedListener(own, lambda: Counted(connections), connections))
    return listener, connections


async def connect(sock: socket.socket, count: int) -> list[socket.socket]:
    clients = []
    for _ in range(count):
        client = socket.socket()
        client.connect(sock.getsockname())
        clients.append(client)
        CLIENTS.append(client)
    return clients


async def one_waiting(listening: socket.socket,
                      ) -> tuple[ConnectionTable, BalancedListener, WorkerConnections, socket.socket]:
    """Worker 0 with one connection open, worker 1 (idle, not running here) with none, and a new one waiting."""
    table = ConnectionTable(2)
    table.publish(1, 0)
    listener, connections = worker(table, 0, listening)
    connections.add(object())
    [client] = await connect(listening, 1)
    return table, listener, connections, client


async def until(check, what: str, seconds: float = 5.0) -> None:
    async with asyncio.timeout(seconds):
        while not check():
            await asyncio.sleep(0.001)


def test_new_connections_go_to_the_worker_with_fewer_until_both_have_as_many(listening):
    async def test():
        table = ConnectionTable(2)
        first, first_open = worker(table, 0, listening)
        second, second_open = worker(table, 1, listening)
        for _ in range(2):
            first_open.add(object())  # two long-lived connections on the first worker already
        clients = await connect(listening, 6)
        await until(lambda: len(first_open) + len(second_open) == 8, "all six open")
        assert (len(first_open), len(second_open)) == (4, 4)
        # A connection is published as opening until its open task ends, a step after its protocol counts it.
        await until(lambda: [table._slots[0], table._slots[1]] == [4, 4], "both published with four")
        for client in clients[:3]:
            client.close()
        await until(lambda: len(first_open) + len(second_open) == 5, "three closed")
        await until(lambda: [table._slots[0], table._slots[1]] == [len(first_open), len(second_open)],
                    "the closed ones unpublished")
        for listener in (first, second):
            listener.close()
            await listener.wait_closed()
        for client in clients[3:]:
            client.close()

    run(test)


def test_of_workers_with_as_many_connections_the_lowest_numbered_takes_the_next(listening):
    """wrk's pattern: a connection opened and closed just before two long-lived ones. The first worker still counts
    the short one when the second long-lived one comes, so both workers have one: the second worker, which has the
    first long-lived one, must leave it to the first."""
    async def test():
        table = ConnectionTable(2)
        first, first_open = worker(table, 0, listening)
        second, second_open = worker(table, 1, listening)
        first_open.add(probe := object())
        second_open.add(object())
        [client] = await connect(listening, 1)
        second._readable()
        assert _waiting(listening) and len(second_open) == 1, "taken by the second worker on a tie"
        await until(lambda: len(first_open) == 2, "taken by the first worker")
        first_open.discard(probe)
        assert (len(first_open), len(second_open)) == (1, 1)
        client.close()

    run(test)


def test_a_worker_with_more_connections_leaves_a_new_one_to_another_then_takes_it_if_none_does(listening):
    async def test():
        table = ConnectionTable(2)
        table.publish(1, 0)  # another worker, idle but not running here
        listener, connections = worker(table, 0, listening)
        connections.add(object())  # one connection open already
        [client] = await connect(listening, 1)
        listener._readable()
        assert _waiting(listening), "taken at once although another worker has fewer connections"
        await until(lambda: len(connections) == 2, "taken after the handoff", seconds=10 * HANDOFF_SECONDS + 1)
        listener.close()
        client.close()

    run(test)


def test_a_worker_that_left_a_connection_takes_it_as_soon_as_it_comes_first(listening):
    """Many connections at once under load: the others' counts change while this worker waits, and the connection
    is taken at its next look rather than at the end of the handoff."""
    async def test():
        table, listener, connections, client = await one_waiting(listening)
        await until(lambda: _waiting(listening), "the connection waiting")
        listener._readable()
        listener._handoff_ends = asyncio.get_running_loop().time() + 60  # only coming first can end this handoff
        # Nothing to wait for here: the check is that the connection is left for a while (many looks).
        await asyncio.sleep(20 * HANDOFF_CHECK_SECONDS)
        assert len(connections) == 1 and _waiting(listening), "taken while another worker came first"
        table.publish(1, 5)  # the other worker took five meanwhile
        await until(lambda: len(connections) == 2, "taken once this worker came first")
        listener.close()
        client.close()

    run(test)


def test_a_connection_another_worker_took_during_the_handoff_leaves_this_one_listening(listening):
    async def test():
        table, listener, connections, client = await one_waiting(listening)
        listener._readable()
        taken, _ = listening.accept()  # the other worker's turn
        await until(lambda: listener._resume is None, "the handoff over")
        assert len(connections) == 1
        table.publish(1, 5)  # now this worker has fewer: the next connection is taken at once
        [later] = await connect(listening, 1)
        await until(lambda: len(connections) == 2, "the next connection taken")
        listener.close()
        for sock in (client, taken, later):
            sock.close()

    run(test)


def test_a_closed_listener_is_never_the_one_a_connection_is_left_to(listening):
    async def test():
        table = ConnectionTable(2)
        listener, connections = worker(table, 0, listening)
        assert table.ahead_of(1, 1)
        connections.add(protocol := object())
        listener.close()
        connections.discard(protocol)  # a connection ending during the shutdown
        assert not table.ahead_of(1, 5)
        await listener.wait_closed()

    run(test)


def test_a_connection_that_opens_after_the_shutdown_began_is_shut_down_too(listening):
    """uvicorn asks the connections open when it stops to finish; one accepted just before and opened just after
    would otherwise keep a busy client served, and the worker running, for as long as the client goes on."""
    async def test():
        table = ConnectionTable(1)
        listener, connections = worker(table, 0, listening)
        [client] = await connect(listening, 1)
        await until(lambda: _waiting(listening), "the connection waiting")
        listener._accept()  # accepted; its protocol is made in a later step of the loop
        listener.close()  # the shutdown begins: no connection is open yet to be asked
        await listener.wait_closed()
        await until(lambda: not connections, "the late connection closed")
        client.settimeout(5)
        assert client.recv(1) == b""

    run(test)


def test_a_worker_not_yet_listening_is_not_waited_for():
    table = ConnectionTable(3)
    assert not table.ahead_of(0, 9)
    table.publish(2, 4)
    assert table.ahead_of(0, 5) and not table.ahead_of(0, 4)
    assert not table.ahead_of(2, 9)


class OutOfDescriptorsOnce(socket.socket):
    """The listening socket, except that its first accept fails as with no descriptor left."""

    failed = False

    def accept(self):
        if not OutOfDescriptorsOnce.failed:
            OutOfDescriptorsOnce.failed = True
            raise OSError(errno.EMFILE, "Too many open files")
        return super().accept()


def test_out_of_descriptors_after_a_handoff_accepting_waits_before_it_tries_again(listening):
    OutOfDescriptorsOnce.failed = False

    async def test():
        table = ConnectionTable(2)
        table.publish(1, 0)
        connections = WorkerConnections(table, 0)
        own = OutOfDescriptorsOnce(fileno=listening.dup().detach())
        DESCRIPTORS.append(own)
        LISTENERS.append(listener := BalancedListener(own, lambda: Counted(connections), connections))
        connections.add(object())
        [client] = await connect(listening, 1)
        listener._readable()  # left to the other worker, twice, then taken: the accept fails
        await until(lambda: OutOfDescriptorsOnce.failed, "the failing accept")
        # Nothing to wait for here: the check is that nothing happens for a while (a third of the pause).
        await asyncio.sleep(RETRY_SECONDS / 3)
        assert len(connections) == 1 and _waiting(listening), "accepted again before the pause ended"
        await until(lambda: len(connections) == 2, "taken after the pause", seconds=RETRY_SECONDS + 5)
        client.close()

    run(test)
