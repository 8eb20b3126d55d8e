"""A minute of bench/soak.py's mixed and hostile traffic against `gateway serve`: each worker's memory stays flat.

Against the plan cache that kept request bodies (and kept plans of statements that failed), every 4 MiB insert
with a new set of columns stayed in memory, and the workers grew by well over 100 MB within the minute.
"""

import pytest

from bench.soak import flat, growth, soak

SECONDS = 60
WARM_UP = 20  # the first bodies and plans, and the allocator reaching its working size
ALLOWED_MB = 40  # a 4 MiB body in flight is several copies of it: single samples move by tens of MB


@pytest.mark.slow  # a minute of traffic
def test_memory_stays_flat_under_a_minute_of_mixed_and_hostile_traffic(database_url):
    samples, traffic = soak(SECONDS, every=2, clients=4, database_url=database_url, show=lambda *a, **k: None)
    curves = {pid: [round(s.pss[pid]) for s in samples if pid in s.pss] for pid in samples[-1].pss}
    assert len(curves) >= 1 and len(samples) >= 20, curves
    assert not flat(samples, WARM_UP, ALLOWED_MB), (growth(samples, WARM_UP), curves)
    assert sum(traffic.statuses.values()) > 500 and not [s for s in traffic.statuses if str(s).startswith("5")], \
        traffic.statuses
    # Every kind of request was sent, the hostile ones included, and answered as such.
    assert all(traffic.kinds[kind] for kind in ("big-columns", "big-unknown", "deep-json", "huge-head", "sign-in"))
    assert traffic.statuses[400] and traffic.statuses[431] and traffic.statuses[201], traffic.statuses
