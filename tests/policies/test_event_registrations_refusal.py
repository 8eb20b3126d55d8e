"""How reading event registrations is refused when the table is empty.

Visitors hold no SELECT privilege, so they get 42501 whatever the table holds. For signed-in non-admins the
refusal comes from the read policy, which PostgreSQL evaluates per row (it does not hoist row-level security quals
into a one-time filter), so on an empty table they get [] - nothing to leak - and 42501 as soon as one
registration exists (the matrix checks that case). policies/README.md records this limit.
"""

from __future__ import annotations

import pytest

from tests.policies.cases import Op
from tests.policies.runners import SqlRunner


@pytest.fixture(scope="module")
def runner(database_url, world, db):
    db.execute("delete from event_registrations")
    sql_runner = SqlRunner(database_url, world.keys)
    yield sql_runner
    sql_runner.close()


def test_visitors_are_refused_on_an_empty_table(world, runner):
    assert runner.run(Op("select", "event_registrations"), world.headers("anon")).error == "42501"


@pytest.mark.parametrize("actor", ["signup", "reader", "power", "approved_partner"])
def test_signed_in_non_admins_see_nothing_on_an_empty_table(actor, world, runner):
    assert runner.run(Op("select", "event_registrations"), world.headers(actor)).rows == []


def test_super_admins_get_an_empty_list(world, runner):
    assert runner.run(Op("select", "event_registrations"), world.headers("admin")).rows == []
