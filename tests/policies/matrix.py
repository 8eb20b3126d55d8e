"""The access matrix: who may do what to which table, from both spec documents' sections 6 and issue 5.

Actors: anon, signup (a new account, no role row, no company), registrant (a new account that applies to the
partner programme), reader (read-user listed by company A), power (power-user), admin (super-admin), the pending,
approved, other approved and rejected partners (each linked to their partner), and service (the service role).
"""

from __future__ import annotations

from tests.policies.cases import ALL, Case, Check, Expect, Op
from tests.policies.world import FRESH_USER, arranged_partner

DENIED = Expect(error="42501")
NONE = Expect(rows=0)
EVERY = Expect(rows=ALL)
DONE = Expect()


def select(target: str, **where) -> Op:
    return Op("select", target, where=where)


def insert(target: str, returning: bool = False, headers: dict | None = None, **body) -> Op:
    return Op("insert", target, body=body, returning=returning, headers=headers or {})


def update(target: str, where: dict, **body) -> Op:
    return Op("update", target, where=where, body=body)


def delete(target: str, **where) -> Op:
    return Op("delete", target, where=where)


def rpc(function: str, **arguments) -> Op:
    return Op("rpc", function, body=arguments)


def visitor(ip: str) -> dict[str, str]:
    return {"X-Forwarded-For": ip}


APPLICATION = dict(company_name="Falcon Cyber LLC", primary_contact_name="Faris Falcon",
                   primary_contact_email="faris@falcon.example", selected_vendors=["CrowdSec"],
                   company_type="vendor", partnership_type=["Distribution Partner"])
FORGED_APPLICATION = dict(status="approved", approved_at="2025-01-01T00:00:00Z", notes="approve me",
                          rejection_reason="none")
EVENT_SIGNUP = dict(first_name="  Layla ", last_name=" Odeh  ", email="  Layla.Odeh@Example.COM ",
                    phone="+971 50 123 4567", company_name="  Odeh Trading ")
PARTNER_STATUS = "select status, approved_at is not null, rejection_reason, notes from partners where id = %(target)s"

USER_ROLES = [
    Case("signup", select("user_roles"), NONE, "a new account has no role rows"),
    Case("reader", select("user_roles"), Expect(rows=1), "users read their own role"),
    Case("reader", select("user_roles", user_id="{u_admin}"), NONE, "not other users' roles"),
    Case("admin", select("user_roles"), EVERY, "super-admins read every role"),
    Case("anon", select("user_roles"), NONE, "visitors read no roles"),
    Case("signup", insert("user_roles", user_id="{u_signup}", role="super-admin"), DENIED,
         "attack: self-granted super-admin",
         check=Check("select count(*) from user_roles where user_id = %(u_signup)s", (0,))),
    Case("reader", insert("user_roles", user_id="{u_reader}", role="power-user"), DENIED,
         "attack: read-user promotes itself"),
    Case("power", update("user_roles", {"user_id": "{u_power}"}, role="super-admin"), DONE,
         "attack: power-user upgrades its row (no row is writable)",
         check=Check("select role::text from user_roles where user_id = %(u_power)s", ("power-user",))),
    Case("power", delete("user_roles", user_id="{u_admin}"), DONE, "attack: power-user strips the admin",
         check=Check("select count(*) from user_roles where user_id = %(u_admin)s", (1,))),
    Case("anon", insert("user_roles", user_id="{u_signup}", role="super-admin"), DENIED,
         "attack: visitor grants a role"),
    Case("admin", insert("user_roles", user_id="{fresh}", role="power-user"), DONE, "super-admins grant roles",
         arrange={"fresh": FRESH_USER},
         check=Check("select role::text from user_roles where user_id = %(fresh)s", ("power-user",))),
    Case("service", insert("user_roles", user_id="{fresh}", role="read-user"), DONE, "the service role grants roles",
         arrange={"fresh": FRESH_USER},
         check=Check("select count(*) from user_roles where user_id = %(fresh)s", (1,))),
]

PROFILES = [
    Case("anon", select("profiles"), NONE, "visitors read no profiles"),
    Case("signup", select("profiles"), Expect(rows=1, values={"email": "signup@policies.example"}),
         "users read their own profile"),
    Case("reader", select("profiles", id="{u_admin}"), NONE, "not someone else's"),
    Case("admin", select("profiles"), EVERY, "super-admins read every profile"),
    Case("signup", update("profiles", {"id": "{u_signup}"}, full_name="Sami Signup"), DONE,
         "users update their own name",
         check=Check("select full_name from profiles where id = %(u_signup)s", ("Sami Signup",))),
    Case("signup", update("profiles", {"id": "{u_reader}"}, full_name="Hijacked"), DONE,
         "attack: renaming someone else",
         check=Check("select full_name from profiles where id = %(u_reader)s", (None,))),
    Case("signup", update("profiles", {"id": "{u_signup}"}, email="admin@policies.example"), DENIED,
         "the email follows the account, not the profile"),
]

PARTNER_READS = [
    Case("anon", select("partners"), NONE, "visitors read no partner"),
    Case("signup", select("partners"), NONE, "an unlinked account reads no partner"),
    Case("reader", select("partners"), NONE, "ticketing read-users read no partner"),
    Case("power", select("partners"), NONE, "power-users read no partner"),
    Case("pending_partner", select("partners"), Expect(rows=1, values={"status": "pending"}),
         "a pending partner reads its own application"),
    Case("approved_partner", select("partners"), Expect(rows=1, values={"company_name": "Approved Partner Co"}),
         "an approved partner reads only its own partner"),
    Case("approved_partner", select("partners", id="{p_other}"), NONE, "attack: reading another partner"),
    Case("admin", select("partners"), EVERY, "super-admins read every partner"),
    Case("service", select("partners"), EVERY, "the service role reads every partner"),
]

PARTNER_REGISTRATION = [
    Case("anon", insert("partners", returning=True, headers=visitor("198.51.100.1"), **APPLICATION,
                        **FORGED_APPLICATION, created_by="{u_admin}"),
         Expect(rows=1, values={"status": "pending", "approved_at": None, "notes": None, "rejection_reason": None,
                                "created_by": None, "company_name": "Falcon Cyber LLC"}),
         "a visitor registers and reads back the row, server defaults win over forged fields"),
    Case("registrant", insert("partners", returning=True, headers=visitor("198.51.100.2"),
                              **{**APPLICATION, "company_name": "Registrant Networks",
                                 "primary_contact_email": "reg@registrant.example"}, status="approved"),
         Expect(rows=1, values={"status": "pending", "created_by": "{u_registrant}"}),
         "a signed-in registrant is recorded as creator and linked to the partner",
         check=Check("select count(*) from partner_users pu join partners p on p.id = pu.partner_id"
                     " where pu.user_id = %(u_registrant)s and p.company_name = 'Registrant Networks'", (1,))),
    Case("anon", insert("partners", headers=visitor("198.51.100.3"),
                        **{**APPLICATION, "company_name": " approved partner co ",
                           "primary_contact_email": "new@unique.example"}),
         Expect(error="23505", message="duplicate", message_lacks="email"),
         "a duplicate company name is a duplicate without 'email'"),
    Case("anon", insert("partners", headers=visitor("198.51.100.4"),
                        **{**APPLICATION, "company_name": "Unique Name Ltd",
                           "primary_contact_email": "Contact@Approved-Partner.example"}),
         Expect(error="23505", message="email"), "a duplicate contact email names the email"),
    Case("anon", insert("partners", headers=visitor("203.0.113.9"),
                        **{**APPLICATION, "company_name": "Limited Co", "primary_contact_email": "l@limited.example"}),
         Expect(error="PT429", message="rate limit"), "a sixth registration within the hour from one client",
         arrange={"attempts": "insert into private.partner_registration_attempts (client_key)"
                              " select 'ip:203.0.113.9' from generate_series(1, 5) returning id"},
         check=Check("select count(*) from partners where company_name = 'Limited Co'", (0,))),
    Case("anon", insert("partners", headers=visitor("203.0.113.10"),
                        **{**APPLICATION, "company_name": "Fifth Try Co", "primary_contact_email": "f@fifth.example"}),
         DONE, "a fifth registration within the hour is still accepted",
         arrange={"attempts": "insert into private.partner_registration_attempts (client_key)"
                              " select 'ip:203.0.113.10' from generate_series(1, 4) returning id"}),
    Case("signup", insert("partner_users", user_id="{u_signup}", partner_id="{p_approved}"), DENIED, "attack: linking oneself to a partner"),
]

PARTNER_WORKFLOW = [
    Case("pending_partner", update("partners", {"id": "{p_pending}"}, status="approved"),
         Expect(error="42501", message="approved partners"), "attack: a partner approving itself",
         check=Check("select status from partners where id = %(p_pending)s", ("pending",))),
    Case("approved_partner", update("partners", {"id": "{p_approved}"}, notes="vip", status="suspended"),
         Expect(error="42501", message="notes, status"), "attack: an approved partner edits status and notes"),
    Case("approved_partner", update("partners", {"id": "{p_approved}"}, approved_at=None),
         Expect(error="42501", message="approved_at"), "an approved partner cannot touch its dates"),
    Case("approved_partner", update("partners", {"id": "{p_approved}"}, company_website="https://approved.example",
                                    city="Dubai", status="approved"), DONE,
         "an approved partner edits profile fields (unchanged status is fine)",
         check=Check("select company_website, city from partners where id = %(p_approved)s",
                     ("https://approved.example", "Dubai"))),
    Case("approved_partner", update("partners", {"id": "{p_other}"}, company_website="https://pwned.example"), DONE,
         "attack: editing another partner's profile changes nothing",
         check=Check("select company_website from partners where id = %(p_other)s", (None,))),
    Case("rejected_partner", update("partners", {"id": "{p_rejected}"}, company_website="https://again.example"),
         Expect(error="42501", message="approved partners"), "attack: editing a rejected partner's profile",
         check=Check("select company_website from partners where id = %(p_rejected)s", (None,))),
    Case("approved_partner", delete("partners", id="{p_approved}"), DONE, "partners cannot delete themselves",
         check=Check("select count(*) from partners where id = %(p_approved)s", (1,))),
    Case("power", update("partners", {"id": "{p_pending}"}, status="approved"), DONE,
         "power-users cannot approve partners",
         check=Check("select status from partners where id = %(p_pending)s", ("pending",))),
    Case("admin", update("partners", {"id": "{target}"}, status="approved", approved_at=None, notes="  Welcome  "),
         DONE, "approval sets approved_at and saves notes", arrange={"target": arranged_partner("pending")},
         check=Check(PARTNER_STATUS, ("approved", True, None, "Welcome"))),
    Case("admin", update("partners", {"id": "{target}"}, status="rejected", rejection_reason=" No coverage ",
                         notes=""), DONE, "rejection keeps the reason, empty notes become null",
         arrange={"target": arranged_partner("pending")},
         check=Check(PARTNER_STATUS, ("rejected", False, "No coverage", None))),
    Case("admin", update("partners", {"id": "{target}"}, status="rejected", rejection_reason="   "),
         Expect(error="23514", message="rejection reason"), "rejecting needs a non-blank reason",
         arrange={"target": arranged_partner("pending")}, check=Check(PARTNER_STATUS, ("pending", False, None, None))),
    Case("admin", update("partners", {"id": "{target}"}, status="suspended", rejection_reason="stale"), DONE,
         "suspension clears approved_at and any reason", arrange={"target": arranged_partner("approved")},
         check=Check(PARTNER_STATUS, ("suspended", False, None, None))),
    Case("admin", update("partners", {"id": "{target}"}, status="approved"), DONE, "reactivation sets approved_at",
         arrange={"target": arranged_partner("suspended")}, check=Check(PARTNER_STATUS, ("approved", True, None, None))),
    Case("admin", update("partners", {"id": "{target}"}, status="approved"),
         Expect(error="23514", message="Invalid partner status transition from rejected to approved"),
         "rejected is final", arrange={"target": arranged_partner("rejected")}),
    Case("admin", update("partners", {"id": "{target}"}, status="suspended"),
         Expect(error="23514", message="transition"), "pending cannot be suspended",
         arrange={"target": arranged_partner("pending")}),
    Case("admin", update("partners", {"id": "{target}"}, status="pending"),
         Expect(error="23514", message="transition"), "approved cannot go back to pending",
         arrange={"target": arranged_partner("approved")}),
    Case("admin", delete("partners", id="{target}"), DONE, "super-admins delete partners",
         arrange={"target": arranged_partner("rejected")},
         check=Check("select count(*) from partners where id = %(target)s", (0,))),
    Case("service", update("partners", {"id": "{target}"}, status="approved"), DONE,
         "the service role is not bound by the workflow", arrange={"target": arranged_partner("rejected")},
         check=Check("select status from partners where id = %(target)s", ("approved",))),
]

PARTNER_USERS = [
    Case("pending_partner", select("partner_users"), Expect(rows=1), "users read their own links"),
    Case("approved_partner", select("partner_users", partner_id="{p_other}"), NONE, "not other partners' links"),
    Case("admin", select("partner_users"), EVERY, "super-admins read every link"),
    Case("anon", select("partner_users"), NONE, "visitors read no links"),
    Case("admin", insert("partner_users", user_id="{fresh}", partner_id="{p_other}"), DONE,
         "super-admins link users", arrange={"fresh": FRESH_USER},
         check=Check("select count(*) from partner_users where user_id = %(fresh)s", (1,))),
    Case("approved_partner", delete("partner_users", user_id="{u_approved_partner}"), DONE,
         "partners cannot remove links",
         check=Check("select count(*) from partner_users where user_id = %(u_approved_partner)s", (1,))),
]

PARTNER_RPC = [
    Case("approved_partner", rpc("get_partner_with_access_control", partner_id="{p_approved}"),
         Expect(rows=1, values={"id": "{p_approved}", "status": "approved"}), "a linked partner loads its record"),
    Case("pending_partner", rpc("get_partner_with_access_control", partner_id="{p_pending}"),
         Expect(rows=1, values={"status": "pending"}), "a pending partner loads its record"),
    Case("approved_partner", rpc("get_partner_with_access_control", partner_id="{p_other}"), DENIED,
         "attack: reading another partner through the RPC"),
    Case("signup", rpc("get_partner_with_access_control", partner_id="{p_approved}"), DENIED,
         "an unlinked account is refused"),
    Case("power", rpc("get_partner_with_access_control", partner_id="{p_approved}"), DENIED,
         "ticketing roles are refused"),
    Case("anon", rpc("get_partner_with_access_control", partner_id="{p_approved}"), DENIED, "visitors are refused"),
    Case("admin", rpc("get_partner_with_access_control", partner_id="{p_other}"),
         Expect(rows=1, values={"id": "{p_other}"}), "super-admins load any partner"),
    Case("admin", rpc("get_partner_with_access_control", partner_id="00000000-0000-4000-8000-000000000000"),
         Expect(error="P0002"), "an unknown partner is not found"),
]

EVENT_REGISTRATIONS = [
    Case("anon", insert("event_registrations", **EVENT_SIGNUP, event_name="Other", event_date="2030-01-01",
                        event_location="Elsewhere", status="attended"), DONE,
         "a visitor registers; text trimmed, email lowercased, the event filled in by the server",
         check=Check("select first_name, last_name, company_name, event_name, event_date::text, event_location,"
                     " status from event_registrations where email = 'layla.odeh@example.com'",
                     ("Layla", "Odeh", "Odeh Trading", "CrowdSec Vendor Introduction", "2025-11-17",
                      "Address Downtown Hotel, Downtown Dubai", "registered"))),
    Case("signup", insert("event_registrations", **{**EVENT_SIGNUP, "email": "AMAL@corp.example "}),
         Expect(error="23505", message="duplicate"), "a second registration of an email for the event"),
    Case("anon", insert("event_registrations", **{**EVENT_SIGNUP, "first_name": " L ", "email": "l1@x.example"}),
         Expect(error="23514", message="First name"), "first name at least 2 characters after trimming"),
    Case("anon", insert("event_registrations", **{**EVENT_SIGNUP, "company_name": "X", "email": "l2@x.example"}),
         Expect(error="23514", message="Company name"), "company at least 2 characters"),
    Case("anon", insert("event_registrations", **{**EVENT_SIGNUP, "phone": "050-123-456", "email": "l3@x.example"}),
         Expect(error="23514", message="10 digits"), "the phone needs 10 digits"),
    Case("anon", insert("event_registrations", **{**EVENT_SIGNUP, "email": "not-an-email"}),
         Expect(error="23514", message="email"), "the email must look like one"),
    Case("anon", select("event_registrations"), DENIED, "attack: anonymous read of registrations"),
    Case("signup", select("event_registrations"), DENIED, "signed-in non-admins are refused, not given []"),
    Case("reader", select("event_registrations"), DENIED, "read-users are refused"),
    Case("power", select("event_registrations"), DENIED, "power-users are refused"),
    Case("approved_partner", select("event_registrations"), DENIED, "partners are refused"),
    Case("admin", select("event_registrations"), EVERY, "super-admins read every registration"),
    Case("service", select("event_registrations"), EVERY, "the service role reads every registration"),
    Case("anon", delete("event_registrations", id="{registration}"), DENIED, "visitors cannot delete",
         check=Check("select count(*) from event_registrations where id = %(registration)s", (1,))),
    Case("power", update("event_registrations", {"id": "{registration}"}, status="cancelled"), DENIED,
         "non-admins cannot update (refused, as reads are)",
         check=Check("select status from event_registrations where id = %(registration)s", ("registered",))),
    Case("admin", update("event_registrations", {"id": "{registration}"}, status="attended"), DONE,
         "super-admins update registrations",
         check=Check("select status from event_registrations where id = %(registration)s", ("attended",))),
]

CONTACT_MESSAGES = [
    Case("anon", select("contact_messages"), NONE, "visitors read no messages"),
    Case("power", select("contact_messages"), NONE, "power-users read no messages"),
    Case("admin", select("contact_messages"), EVERY, "super-admins read messages"),
    Case("anon", insert("contact_messages", name="Spam", email="s@spam.example", message="hi"), DENIED,
         "only the contact function (service role) writes messages"),
    Case("signup", insert("contact_messages", name="Spam", email="s@spam.example", message="hi"), DENIED,
         "signed-in users do not write messages directly"),
    Case("service", insert("contact_messages", name="Nadia", email="n@corp.example", message="Call me"), DONE,
         "the contact function writes under the service role",
         check=Check("select count(*) from contact_messages where email = 'n@corp.example'", (1,))),
]

COMPANIES = [
    Case("anon", select("companies"), NONE, "visitors see no company"),
    Case("signup", select("companies"), NONE, "attack: a self-registered account sees no organisation"),
    Case("approved_partner", select("companies"), NONE, "partners see no company"),
    Case("reader", select("companies"), Expect(rows=1, values={"name": "Alpha Freight"}),
         "read-users see the companies that list them"),
    Case("power", select("companies"), EVERY, "power-users see all companies"),
    Case("admin", select("companies"), EVERY, "super-admins see all companies"),
    Case("reader", insert("companies", name="Reader Co"), DENIED, "read-users cannot create companies"),
    Case("power", insert("companies", name="Power Co"), DENIED, "power-users cannot manage companies"),
    Case("admin", insert("companies", name="Gamma Health"), DONE, "super-admins create companies",
         check=Check("select count(*) from companies where name = 'Gamma Health'", (1,))),
    Case("power", update("companies", {"id": "{company_a}"}, name="Renamed"), DONE,
         "power-users cannot rename companies",
         check=Check("select name from companies where id = %(company_a)s", ("Alpha Freight",))),
    Case("power", delete("companies", id="{company_b}"), DONE, "power-users cannot delete companies",
         check=Check("select count(*) from companies where id = %(company_b)s", (1,))),
]

COMPANY_USERS = [
    Case("signup", select("company_users"), NONE, "a new account sees no company users"),
    Case("reader", select("company_users"), Expect(rows=2), "read-users see the people of their company"),
    Case("reader", select("company_users", id="{cu_b}"), NONE, "not another company's people"),
    Case("power", select("company_users"), EVERY, "power-users see all company users"),
    Case("reader", insert("company_users", company_id="{company_a}", name="Mole", email="mole@alpha.example"),
         DENIED, "read-users cannot add company users"),
    Case("power", insert("company_users", company_id="{company_b}", user_id="{u_power}", name="Paul",
                         email="paul@beta.example"), DENIED, "attack: power-user joins another company"),
    Case("admin", insert("company_users", company_id="{company_b}", name="Bilal", email="bilal@beta.example"),
         DONE, "super-admins add company users",
         check=Check("select count(*) from company_users where email = 'bilal@beta.example'", (1,))),
    Case("reader", update("company_users", {"id": "{cu_reader}"}, company_id="{company_b}"), DONE,
         "attack: read-user moves itself to another company",
         check=Check("select company_id::text = %(company_a)s::text from company_users where id = %(cu_reader)s",
                     (True,))),
]

TICKETS = [
    Case("anon", select("tickets"), NONE, "visitors see no ticket"),
    Case("signup", select("tickets"), NONE, "attack: a self-registered account sees no ticket"),
    Case("approved_partner", select("tickets"), NONE, "partners see no ticket"),
    Case("reader", select("tickets"), Expect(rows=1, values={"title": "Alpha VPN drops"}),
         "read-users see their companies' tickets"),
    Case("reader", select("tickets", id="{ticket_b}"), NONE, "not another company's"),
    Case("power", select("tickets"), EVERY, "power-users see all tickets"),
    Case("admin", select("tickets"), EVERY, "super-admins see all tickets"),
    Case("reader", insert("tickets", title="Reader ticket", company_id="{company_a}"), DENIED,
         "read-users only view tickets"),
    Case("power", insert("tickets", title="Power ticket", company_id="{company_a}", created_by="{cu_power}"), DONE,
         "power-users create tickets as themselves",
         check=Check("select count(*) from tickets where title = 'Power ticket'", (1,))),
    Case("power", insert("tickets", title="Unattributed", company_id="{company_b}", created_by=None), DONE,
         "created_by may be null"),
    Case("power", insert("tickets", title="Forged", company_id="{company_a}", created_by="{cu_reader}"),
         Expect(error="42501", message="created_by"), "attack: forging created_by",
         check=Check("select count(*) from tickets where title = 'Forged'", (0,))),
    Case("power", insert("tickets", title="Forged B", company_id="{company_b}", created_by="{cu_power}"),
         Expect(error="42501", message="created_by"), "created_by must belong to the ticket's company"),
    Case("admin", insert("tickets", title="Admin forged", company_id="{company_a}", created_by="{cu_reader}"),
         Expect(error="42501", message="created_by"), "super-admins cannot forge created_by either"),
    Case("service", insert("tickets", title="Imported", company_id="{company_a}", created_by="{cu_reader}"), DONE,
         "the service role imports tickets with any creator"),
    Case("reader", update("tickets", {"id": "{ticket_a}"}, title="Reader edit"), DONE,
         "read-users cannot edit tickets",
         check=Check("select title from tickets where id = %(ticket_a)s", ("Alpha VPN drops",))),
    Case("power", update("tickets", {"id": "{ticket_b}"}, status="in-progress"), DONE,
         "power-users edit others' tickets, keeping their creator",
         check=Check("select status, created_by::text = %(cu_b)s::text from tickets where id = %(ticket_b)s",
                     ("in-progress", True))),
    Case("power", update("tickets", {"id": "{ticket_b}"}, created_by="{cu_b}", title="Beta SIEM timeout!"), DONE,
         "sending the unchanged creator back is fine"),
    Case("power", update("tickets", {"id": "{ticket_a}"}, created_by="{cu_b}"),
         Expect(error="42501", message="created_by"), "attack: re-attributing a ticket"),
    Case("reader", delete("tickets", id="{ticket_a}"), DONE, "read-users cannot delete tickets",
         check=Check("select count(*) from tickets where id = %(ticket_a)s", (1,))),
    Case("power", delete("tickets", id="{target}"), DONE, "power-users delete tickets",
         arrange={"target": "insert into tickets (title, company_id) select 'Doomed', id from companies limit 1"
                            " returning id"},
         check=Check("select count(*) from tickets where id = %(target)s", (0,))),
    Case("anon", insert("tickets", title="Anon", company_id="{company_a}"), DENIED, "visitors cannot create tickets"),
]

TICKET_COMMENTS = [
    Case("signup", select("ticket_comments"), NONE, "a new account sees no comment"),
    Case("reader", select("ticket_comments"), Expect(rows=1, values={"comment": "Seen again this morning."}),
         "read-users see comments on their companies' tickets"),
    Case("power", select("ticket_comments"), EVERY, "power-users see all comments"),
    Case("reader", insert("ticket_comments", ticket_id="{ticket_a}", user_id="{cu_reader}", comment="Me too"),
         DENIED, "read-users cannot comment"),
    Case("power", insert("ticket_comments", ticket_id="{ticket_a}", user_id="{cu_power}", comment="On it"), DONE,
         "power-users comment as themselves"),
    Case("power", insert("ticket_comments", ticket_id="{ticket_a}", user_id="{cu_reader}", comment="I give up"),
         Expect(error="42501", message="user_id"), "attack: commenting as someone else"),
    Case("reader", delete("ticket_comments", id="{comment_a}"), DONE, "read-users cannot delete comments",
         check=Check("select count(*) from ticket_comments where id = %(comment_a)s", (1,))),
]

MATRIX: list[Case] = (USER_ROLES + PROFILES + PARTNER_READS + PARTNER_REGISTRATION + PARTNER_WORKFLOW
                      + PARTNER_USERS + PARTNER_RPC + EVENT_REGISTRATIONS + CONTACT_MESSAGES + COMPANIES
                      + COMPANY_USERS + TICKETS + TICKET_COMMENTS)
