"""A chat app in the shape of Supabase's slack-clone example, unchanged SQL on a fresh gateway, through supabase-js:
roles from a custom access token hook in plpgsql, role-based deletes, realtime from the supabase_realtime
publication (which its migration drops and re-creates inside begin/commit)."""

APP = "chat"


def test_migrations_and_seed_apply_as_on_supabase_start(app_gateway):
    versions = app_gateway.query("select version, name from supabase_migrations.schema_migrations order by version")
    assert versions == [("20240214102356", "init"), ("20240214114147", "auth_hook")]
    assert app_gateway.query("select count(*) from public.role_permissions") == [(3,)]
    assert app_gateway.query(
        "select p.tablename from pg_publication_tables p where p.pubname = 'supabase_realtime' order by 1"
    ) == [("channels",), ("messages",), ("users",)]
    app_gateway.node("chat.test.mjs", "the seed made the channels")


def test_the_hook_puts_the_role_into_access_tokens(app_gateway):
    app_gateway.node("chat.test.mjs", "user_role claim")


def test_the_hook_grants_keep_roles_from_the_api(app_gateway):
    app_gateway.node("chat.test.mjs", "stay hidden")


def test_moderators_delete_any_message_and_plain_users_only_their_own(app_gateway):
    app_gateway.node("chat.test.mjs", "moderator deletes")


def test_admins_delete_any_channel(app_gateway):
    app_gateway.node("chat.test.mjs", "admin deletes")


def test_message_inserts_and_deletes_reach_two_clients(app_gateway):
    app_gateway.node("chat.test.mjs", "reach two signed-in clients")
