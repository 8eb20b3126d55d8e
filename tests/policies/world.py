"""The people and rows the access matrix is checked against, written directly as the database superuser, and the
tokens each person presents (GoTrue's access-token claims, signed with the project's secret)."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

import psycopg

from gateway.keys import JwtKeys

SIGNED_IN_ACTORS = ("signup", "registrant", "reader", "power", "admin",
                    "pending_partner", "approved_partner", "other_partner", "rejected_partner")
ROLES = {"reader": "read-user", "power": "power-user", "admin": "super-admin"}


@dataclass
class World:
    ids: dict[str, Any]
    keys: JwtKeys

    def headers(self, actor: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        """What supabase-js sends: the anon key as apikey and a bearer (the user's token, or a project key)."""
        if actor == "anon":
            bearer = self.keys.anon_key
        elif actor == "service":
            bearer = self.keys.service_role_key
        else:
            bearer = self.access_token(actor)
        return {"apikey": self.keys.anon_key, "Authorization": f"Bearer {bearer}", **(extra or {})}

    def access_token(self, actor: str) -> str:
        now = int(time.time())
        return self.keys.sign({
            "iss": "http://127.0.0.1/auth/v1", "aud": "authenticated", "sub": str(self.ids[f"u_{actor}"]),
            "role": "authenticated", "email": f"{actor}@policies.example", "phone": "",
            "iat": now, "exp": now + 3600, "aal": "aal1", "amr": [{"method": "password", "timestamp": now}],
            "session_id": str(uuid.uuid4()), "app_metadata": {"provider": "email", "providers": ["email"]},
            "user_metadata": {}, "is_anonymous": False,
        })


def build_world(db: psycopg.Connection, keys: JwtKeys) -> World:
    ids: dict[str, Any] = {}

    def one(statement: str, *params: Any) -> Any:
        return db.execute(statement, params).fetchone()[0]

    for actor in SIGNED_IN_ACTORS:
        ids[f"u_{actor}"] = one("insert into auth.users (email, email_confirmed_at) values (%s, now()) returning id",
                                f"{actor}@policies.example")
    for actor, role in ROLES.items():
        db.execute("insert into user_roles (user_id, role) values (%s, %s)", (ids[f"u_{actor}"], role))

    ids["company_a"] = one("insert into companies (name) values ('Alpha Freight') returning id")
    ids["company_b"] = one("insert into companies (name) values ('Beta Bank') returning id")
    company_user = "insert into company_users (company_id, user_id, name, email) values (%s, %s, %s, %s) returning id"
    ids["cu_reader"] = one(company_user, ids["company_a"], ids["u_reader"], "Rita Reader", "reader@alpha.example")
    ids["cu_power"] = one(company_user, ids["company_a"], ids["u_power"], "Paul Power", "power@alpha.example")
    ids["cu_b"] = one(company_user, ids["company_b"], None, "Bea Banker", "bea@beta.example")
    ticket = "insert into tickets (title, company_id, created_by) values (%s, %s, %s) returning id"
    ids["ticket_a"] = one(ticket, "Alpha VPN drops", ids["company_a"], ids["cu_reader"])
    ids["ticket_b"] = one(ticket, "Beta SIEM timeout", ids["company_b"], ids["cu_b"])
    comment = "insert into ticket_comments (ticket_id, user_id, comment) values (%s, %s, %s) returning id"
    ids["comment_a"] = one(comment, ids["ticket_a"], ids["cu_reader"], "Seen again this morning.")
    ids["comment_b"] = one(comment, ids["ticket_b"], ids["cu_b"], "Logs attached.")

    for name, status in (("pending", "pending"), ("approved", "approved"), ("other", "approved"),
                         ("rejected", "rejected")):
        ids[f"p_{name}"] = one(
            "insert into partners (company_name, primary_contact_name, primary_contact_email, status, approved_at,"
            " rejection_reason) values (%s, 'Pat Partner', %s, %s, case when %s = 'approved' then now() end,"
            " case when %s = 'rejected' then 'Outside our coverage.' end) returning id",
            f"{name.title()} Partner Co", f"contact@{name}-partner.example", status, status, status)
        db.execute("insert into partner_users (user_id, partner_id) values (%s, %s)",
                   (ids[f"u_{name}_partner"], ids[f"p_{name}"]))

    ids["registration"] = one(
        "insert into event_registrations (event_name, event_date, event_location, first_name, last_name, email,"
        " phone, company_name) values ('x', '2025-11-17', 'x', 'Amal', 'Haddad', 'amal@corp.example',"
        " '+971501234567', 'Corp Co') returning id")
    ids["message"] = one("insert into contact_messages (name, email, message) values"
                         " ('Sam', 'sam@corp.example', 'Please call me.') returning id")
    return World(ids=ids, keys=keys)


def arranged_partner(status: str) -> str:
    """Superuser SQL for a fresh partner in `status`, for a case that changes it."""
    reason = "'Not a fit.'" if status == "rejected" else "null"
    approved_at = "now()" if status == "approved" else "null"
    return ("insert into partners (company_name, primary_contact_name, primary_contact_email, status, approved_at,"
            f" rejection_reason) values ('Arranged ' || gen_random_uuid(), 'Ari Arranged',"
            f" gen_random_uuid() || '@arranged.example', '{status}', {approved_at}, {reason}) returning id")


FRESH_USER = "insert into auth.users (email) values (gen_random_uuid() || '@fresh.example') returning id"
