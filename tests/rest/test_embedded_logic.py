"""Logic trees and embedded resources as PostgREST has them: a tree compares one level's columns; across embeds the
way is filtering the embed and testing it with `rel.not.is.null` inside the tree."""

import pytest

from gateway.rest import grammar
from gateway.rest.errors import PostgrestError

LIST_TICKETS = "id,company:fx_companies(name)"


def test_an_embedded_column_inside_a_top_level_tree_is_pgrst100_as_in_postgrest(rest):
    response = rest.get("/fx_tickets", params={"select": LIST_TICKETS, "or": "(status.eq.open,company.name.eq.Acme)"})
    assert response.status_code == 400
    assert response.json() == {
        "code": "PGRST100",
        "message": '"failed to parse logic tree ((status.eq.open,company.name.eq.Acme))" (line 1, column 27)',
        "details": 'unexpected "n" expecting "not" or operator (eq, gt, ...)',
        "hint": None,
    }


@pytest.mark.parametrize(("key", "value", "column", "found"), [
    ("or", "(a.eq.1,b.c.eq.2)", 13, '"c"'),
    ("not.or", "(a.eq.1,b.c.eq.2)", 17, '"c"'),
    ("and", "(a.eq.1,or(b.gt.2,c.d.3))", 24, '"d"'),
    ("or", "(a.not.sideways.1)", 10, '"s"'),
])
def test_logic_tree_errors_point_at_the_column_postgrest_names(key, value, column, found):
    negate, _, op = key.rpartition(".")
    with pytest.raises(PostgrestError) as raised:
        grammar.parse_logic(op, bool(negate), value)
    assert raised.value.message == f'"failed to parse logic tree ({value})" (line 1, column {column})'
    assert raised.value.details == f'unexpected {found} expecting "not" or operator (eq, gt, ...)'


def test_or_across_an_embed_filters_the_embed_and_tests_it_for_null(rest):
    rows = rest.get("/fx_tickets", params={
        "select": LIST_TICKETS, "company.name": "eq.Globex", "or": "(priority.eq.3,company.not.is.null)",
        "order": "id"}).json()
    assert rows == [{"id": 1, "company": None}, {"id": 3, "company": {"name": "Globex"}},
                    {"id": 4, "company": {"name": "Globex"}}]


def test_a_tree_on_an_embed_can_test_its_own_nested_embed(rest):
    rows = rest.get("/fx_companies", params={
        "select": "name,fx_tickets(id,assignee:fx_people!fx_tickets_assigned_to_fkey(name))",
        "fx_tickets.assignee.name": "eq.Bob", "fx_tickets.or": "(assignee.not.is.null,priority.eq.3)",
        "fx_tickets.order": "id", "id": "eq.1"}).json()
    assert rows == [{"name": "Acme", "fx_tickets": [{"id": 1, "assignee": None}, {"id": 2, "assignee": {"name": "Bob"}}]}]


def test_an_embed_takes_only_null_tests_pgrst120(rest):
    response = rest.get("/fx_tickets", params={"select": LIST_TICKETS, "or": "(company.eq.1,id.eq.2)"})
    assert response.status_code == 400
    assert response.json() == {"code": "PGRST120", "message": "Bad operator on the 'company' embedded resource",
                               "details": "Only is null or not is null filters are allowed on embedded resources",
                               "hint": None}
