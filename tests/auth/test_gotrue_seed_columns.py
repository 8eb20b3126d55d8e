"""A project's seed written for GoTrue's tables: the users, identities and audit log rows seeds (and `db dump
--data-only`) insert, instance_id included, then the seeded user signs in through the gateway; and the GoTrue
tables `db pull` output names."""

from __future__ import annotations

import httpx

USER_ID = "6f1c3d7e-2a4b-4c5d-8e9f-0a1b2c3d4e5f"
INSTANCE = "00000000-0000-0000-0000-000000000000"

# As public projects' seeds write them.
SEED = f"""
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, recovery_sent_at,
    last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, email_change,
    email_change_token_new, recovery_token)
values ('{INSTANCE}', '{USER_ID}', 'authenticated', 'authenticated', 'seeded@example.com',
    extensions.crypt('password123', extensions.gen_salt('bf')), now(), now(), now(),
    '{{"provider":"email","providers":["email"]}}', '{{}}', now(), now(), '', '', '', '');

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (gen_random_uuid(), '{USER_ID}', '{USER_ID}',
    format('{{"sub":"%s","email":"%s"}}', '{USER_ID}', 'seeded@example.com')::jsonb, 'email', now(), now(), now());

insert into "auth"."audit_log_entries" ("instance_id", "id", "payload", "created_at", "ip_address")
values ('{INSTANCE}', 'a3a1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    '{{"action":"user_signedup","actor_id":"{USER_ID}","actor_username":"seeded@example.com","log_type":"team"}}',
    '2024-05-01 10:00:00+00', '');

insert into auth.instances (id, uuid, raw_base_config, created_at, updated_at)
values ('{INSTANCE}', null, null, now(), now());
"""


def test_a_gotrue_shaped_seed_applies_and_its_user_signs_in(db, gateway):
    db.execute(SEED)
    assert db.execute("select instance_id::text from auth.audit_log_entries where id = 'a3a1c2d4-5e6f-4a7b-8c9d-"
                      "0e1f2a3b4c5d'").fetchone() == (INSTANCE,)
    signed_in = httpx.post(f"{gateway.url}/auth/v1/token", params={"grant_type": "password"}, headers=gateway.headers(),
                           json={"email": "seeded@example.com", "password": "password123"})
    assert signed_in.status_code == 200, signed_in.text
    assert signed_in.json()["user"]["id"] == USER_ID
    # The gateway's own rows leave GoTrue's extra columns at their defaults.
    session = db.execute("select tag, refresh_token_counter from auth.sessions where user_id = %s",
                         (USER_ID,)).fetchone()
    assert session == (None, None)


def test_gotrues_later_columns_take_a_dumps_values(db):
    db.execute("insert into auth.users (id, email) values (gen_random_uuid(), 'dumped@example.com')")
    with db.transaction(force_rollback=True):
        db.execute("""
            insert into auth.sessions (id, user_id, created_at, updated_at, factor_id, aal, not_after, refreshed_at,
                user_agent, ip, tag, oauth_client_id, refresh_token_hmac_key, refresh_token_counter, scopes)
            select gen_random_uuid(), id, now(), now(), null, 'aal1', null, now(), 'curl', '127.0.0.1', 'web', null,
                null, 3, null
            from auth.users where email = 'dumped@example.com'""")
        db.execute("""
            insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent,
                session_id)
            select %s, 'dumped-token', s.user_id, false, now(), now(), '', s.id
            from auth.sessions s join auth.users u on u.id = s.user_id where u.email = 'dumped@example.com'""",
                   (INSTANCE,))
        assert db.execute("select count(*) from auth.refresh_tokens where instance_id = %s",
                          (INSTANCE,)).fetchone() == (1,)


def test_a_pulled_migrations_grants_on_gotrues_ledger_apply(db):
    with db.transaction(force_rollback=True):
        db.execute('revoke select on table "auth"."schema_migrations" from "postgres"')
        db.execute('grant select on table "auth"."schema_migrations" to "postgres"')
        assert db.execute("select count(*) from auth.schema_migrations").fetchone() == (0,)
