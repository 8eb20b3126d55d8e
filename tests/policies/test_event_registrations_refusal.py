"""Reading event registrations is refused even when the table is empty, not answered with [].

Visitors hold no SELECT privilege. Signed-in non-admins are refused by the view's gate, a one-time filter that
PostgreSQL evaluates once per statement, whatever the table holds (the matrix checks the non-empty case).
"""

from __future__ import annotations

import pytest

from tests.policies.cases import Op
from tests.policies.runners import HttpRunner, SqlRunner


@pytest.fixture(scope="module", params=["sql", "http"])
def runner(request, database_url, world, db):
    db.execute("delete from event_registrations")
    chosen = SqlRunner(database_url, world.keys) if request.param == "sql" else HttpRunner(
        request.getfixturevalue("gateway").url)
    yield chosen
    chosen.close()


def test_visitors_are_refused_on_an_empty_table(world, runner):
    assert runner.run(Op("select", "event_registrations"), world.headers("anon")).error == "42501"


@pytest.mark.parametrize("actor", ["signup", "reader", "power", "approved_partner"])
def test_signed_in_non_admins_are_refused_on_an_empty_table(actor, world, runner):
    assert runner.run(Op("select", "event_registrations"), world.headers(actor)).error == "42501"


def test_super_admins_get_an_empty_list(world, runner):
    assert runner.run(Op("select", "event_registrations"), world.headers("admin")).rows == []
