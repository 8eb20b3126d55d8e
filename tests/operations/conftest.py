"""A failing test that used the production-shape cluster shows the end of every service's log, and the cluster
keeps its folder (all the logs) when it stops."""

from __future__ import annotations

import pytest

from tests.operations.cluster import Cluster


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    clusters = [value for value in getattr(item, "funcargs", {}).values() if isinstance(value, Cluster)]
    if report.failed:
        for cluster in clusters:
            cluster.failed = True
            report.sections.append((f"cluster logs, kept in {cluster.root}", cluster.log_tails()))
