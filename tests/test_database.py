"""The schema's roles, grants, row-level security and maintained columns."""

import psycopg
import pytest

PRODUCT_TABLES = [
    "public.profiles", "public.user_roles", "public.partners", "public.partner_users",
    "private.event_registrations", "public.contact_messages", "public.companies", "public.company_users",
    "public.tickets", "public.ticket_comments",
]


def test_api_roles_exist_with_supabase_attributes(db):
    rows = {name: flags for name, *flags in db.execute(
        "select rolname, rolbypassrls, rolcanlogin, rolinherit from pg_roles"
        " where rolname in ('anon', 'authenticated', 'service_role', 'authenticator')"
    ).fetchall()}
    assert rows["service_role"][0] is True
    assert rows["anon"][0] is False and rows["authenticated"][0] is False
    assert rows["authenticator"][1] is True and rows["authenticator"][2] is False


@pytest.mark.parametrize("table", PRODUCT_TABLES)
def test_row_level_security_is_on_for_every_product_table(db, table):
    enabled = db.execute(
        "select relrowsecurity from pg_class where oid = %s::regclass", (table,)
    ).fetchone()[0]
    assert enabled is True


@pytest.mark.parametrize("role", ["anon", "authenticated"])
def test_api_roles_cannot_read_auth_users(db, role):
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        with db.transaction():
            db.execute(f"set local role {role}")
            db.execute("select * from auth.users")


def test_auth_helpers_read_transaction_claims_and_ignore_empty_settings(db):
    with db.transaction():
        db.execute("""select set_config('request.jwt.claims',
                      '{"sub":"6f1d0a8e-0000-4000-8000-000000000001","role":"authenticated","email":"a@b.example"}', true)""")
        assert db.execute("select auth.uid()::text, auth.role(), auth.email()").fetchone() == (
            "6f1d0a8e-0000-4000-8000-000000000001", "authenticated", "a@b.example")
    # After the transaction the local setting reads as '' on this connection, which must mean "no claims".
    assert db.execute("select auth.uid(), auth.role(), auth.jwt()").fetchone() == (None, None, None)


def test_new_account_gets_a_profile_with_the_sign_up_name(db):
    user_id = db.execute(
        "insert into auth.users (email, raw_user_meta_data) values ('new.person@example.com', '{\"full_name\": \" Noor Ali \"}')"
        " returning id"
    ).fetchone()[0]
    assert db.execute("select email, full_name from profiles where id = %s", (user_id,)).fetchone() == (
        "new.person@example.com", "Noor Ali")


def test_ticket_resolved_at_is_set_when_status_becomes_resolved_or_closed(db):
    company = db.execute("insert into companies (name) values ('Resolved Co') returning id").fetchone()[0]
    ticket = db.execute(
        "insert into tickets (title, company_id) values ('Broken VPN', %s) returning id, status, priority, category, resolved_at",
        (company,),
    ).fetchone()
    assert ticket[1:] == ("open", "medium", "general", None)
    db.execute("update tickets set status = 'resolved' where id = %s", (ticket[0],))
    assert db.execute("select resolved_at is not null from tickets where id = %s", (ticket[0],)).fetchone()[0]


def test_company_user_count_follows_company_users(db):
    company = db.execute("insert into companies (name) values ('Counted Co') returning id").fetchone()[0]
    for n in range(3):
        db.execute("insert into company_users (company_id, name, email) values (%s, %s, %s)",
                   (company, f"Person {n}", f"p{n}@counted.example"))
    db.execute("delete from company_users where email = 'p0@counted.example'")
    assert db.execute("select user_count, status, subscription from companies where id = %s", (company,)).fetchone() == (
        2, "active", "free")


def test_user_roles_order_by_rank_not_alphabet(db):
    user_id = db.execute("insert into auth.users (email) values ('ranked@example.com') returning id").fetchone()[0]
    for role in ("read-user", "super-admin", "power-user"):
        db.execute("insert into user_roles (user_id, role) values (%s, %s)", (user_id, role))
    roles = [r for (r,) in db.execute("select role::text from user_roles where user_id = %s order by user_roles.role desc", (user_id,))]
    assert roles == ["super-admin", "power-user", "read-user"]
