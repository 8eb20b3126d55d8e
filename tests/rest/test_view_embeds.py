"""Embeds through views whose foreign-key columns are renamed, views of views, and views over a private schema."""

import pytest

from tests.support.waits import eventually

VIEWS = """
create view public.fx_ticket_briefs as
    select id as ticket_id, title as headline, company_id as org, assigned_to as owner_id, created_by
    from public.fx_tickets;
create view public.fx_orgs as select id as org_id, name as label from public.fx_companies;
create view public.fx_open_briefs as select ticket_id, headline, org from public.fx_ticket_briefs
    where ticket_id in (select id from public.fx_tickets where status = 'open');
create schema fx_private;
create table fx_private.teams (id int primary key, name text not null);
create table fx_private.members (id int primary key, team int not null references fx_private.teams (id), name text);
insert into fx_private.teams values (1, 'Red'), (2, 'Blue');
insert into fx_private.members values (1, 1, 'Ann'), (2, 1, 'Bob'), (3, 2, 'Cyd');
create table fx_private.badges (member int primary key references fx_private.members (id), label text not null);
insert into fx_private.badges values (1, 'gold');
create view public.fx_teams as select id as team_id, name from fx_private.teams;
create view public.fx_members as select id, team as team_ref, name from fx_private.members;
create view public.fx_badges as select member as member_id, label from fx_private.badges;
grant select on public.fx_ticket_briefs, public.fx_orgs, public.fx_open_briefs, public.fx_teams, public.fx_members,
    public.fx_badges to anon, authenticated;
notify pgrst, 'reload schema';
"""


@pytest.fixture(scope="module")
def views(rest, db):
    db.execute(VIEWS)
    eventually(lambda: rest.get("/fx_members", params={"select": "id,fx_teams(name)"}).status_code == 200,
               "the schema cache to pick up the views")
    return rest


def test_a_view_with_renamed_key_columns_embeds_its_parents(views):
    rows = views.get("/fx_ticket_briefs", params={
        "select": "ticket_id,fx_companies(name),fx_people!owner_id(name)", "ticket_id": "lte.3", "order": "ticket_id"})
    assert rows.status_code == 200, rows.text
    assert rows.json() == [
        {"ticket_id": 1, "fx_companies": {"name": "Acme"}, "fx_people": {"name": "Ann"}},
        {"ticket_id": 2, "fx_companies": {"name": "Acme"}, "fx_people": {"name": "Bob"}},
        {"ticket_id": 3, "fx_companies": {"name": "Globex"}, "fx_people": {"name": "Cyd"}},
    ]


def test_a_table_embeds_a_view_through_the_renamed_column(views):
    rows = views.get("/fx_companies", params={
        "select": "name,fx_ticket_briefs(headline)", "id": "eq.2", "fx_ticket_briefs.order": "headline"}).json()
    assert rows == [{"name": "Globex", "fx_ticket_briefs": [{"headline": "New laptop"}, {"headline": "VPN down"}]}]


def test_two_people_keys_through_a_view_are_ambiguous_until_hinted(views):
    response = views.get("/fx_ticket_briefs", params={"select": "ticket_id,fx_people(name)"})
    assert response.status_code == 300 and response.json()["code"] == "PGRST201"
    assert "fx_people!fx_tickets_assigned_to_fkey" in response.json()["hint"]
    hinted = views.get("/fx_ticket_briefs", params={
        "select": "ticket_id,creator:fx_people!fx_tickets_created_by_fkey(name)", "ticket_id": "eq.1"}).json()
    assert hinted == [{"ticket_id": 1, "creator": {"name": "Bob"}}]


def test_a_view_embeds_another_view_over_the_referenced_table(views):
    rows = views.get("/fx_ticket_briefs", params={"select": "ticket_id,fx_orgs(label)", "ticket_id": "eq.3"}).json()
    assert rows == [{"ticket_id": 3, "fx_orgs": {"label": "Globex"}}]
    back = views.get("/fx_orgs", params={"select": "label,fx_ticket_briefs(ticket_id)", "org_id": "eq.3"}).json()
    assert back == [{"label": "Initech", "fx_ticket_briefs": []}]


def test_a_view_of_a_view_follows_the_columns_down_to_the_table(views):
    rows = views.get("/fx_open_briefs", params={"select": "ticket_id,fx_companies(name)", "order": "ticket_id"}).json()
    assert rows == [{"ticket_id": 1, "fx_companies": {"name": "Acme"}}, {"ticket_id": 3, "fx_companies": {"name": "Globex"}},
                    {"ticket_id": 5, "fx_companies": {"name": "Acme"}}]


def test_views_over_a_private_schema_take_its_foreign_keys(views):
    rows = views.get("/fx_members", params={"select": "name,fx_teams(name)", "order": "id"}).json()
    assert rows == [{"name": "Ann", "fx_teams": {"name": "Red"}}, {"name": "Bob", "fx_teams": {"name": "Red"}},
                    {"name": "Cyd", "fx_teams": {"name": "Blue"}}]
    teams = views.get("/fx_teams", params={"select": "name,fx_members(name)", "team_id": "eq.2"}).json()
    assert teams == [{"name": "Blue", "fx_members": [{"name": "Cyd"}]}]


def test_a_view_takes_its_tables_primary_key_so_a_one_to_one_embed_is_an_object(views):
    rows = views.get("/fx_members", params={"select": "name,fx_badges(label)", "order": "id", "id": "lte.2"}).json()
    assert rows == [{"name": "Ann", "fx_badges": {"label": "gold"}}, {"name": "Bob", "fx_badges": None}]


def test_a_computed_view_column_gets_no_relationship(views, db):
    db.execute("create view public.fx_shifted as select id + 0 as id, company_id + 0 as company_id from public.fx_tickets;"
               " grant select on public.fx_shifted to anon; notify pgrst, 'reload schema'")
    eventually(lambda: views.get("/fx_shifted").status_code != 404, "the schema cache to pick up fx_shifted")
    response = views.get("/fx_shifted", params={"select": "id,fx_companies(name)"})
    assert response.status_code == 400 and response.json()["code"] == "PGRST200"
