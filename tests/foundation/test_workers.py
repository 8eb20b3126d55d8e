"""gateway.server.workers: the forked workers share the parent's memory as far as they can."""

from __future__ import annotations

import gc

from gateway.server import workers


def test_workers_start_with_the_parents_objects_out_of_the_collectors_reach(tmp_path):
    """Frozen before the fork, the objects made by start-up are not written to by a worker's collections, which
    would copy the pages the workers share with the parent (the site's idle PSS with 2 workers: 166 → 125 MiB)."""

    class Reporting:
        """A worker's server that only writes down what its process inherited, then ends."""

        def __init__(self, connections) -> None:
            self.index = connections.worker

        def run(self, sockets) -> None:
            (tmp_path / f"frozen-{self.index}").write_text(str(gc.get_freeze_count()))

    sock = workers.listen("127.0.0.1", 0)
    try:
        workers.serve(Reporting, sock, 2)
    finally:
        sock.close()
        gc.unfreeze()
    frozen = [int((tmp_path / f"frozen-{index}").read_text()) for index in range(2)]
    assert min(frozen) > 1000, frozen
