-- event_registrations: anyone registers; the database normalises and checks the registration and fills in the
-- event; only super-admins read, and everyone else gets 42501 rather than an empty list (the page shows its
-- Access Denied card on that code). The rows live in private.event_registrations; the API sees the view
-- public.event_registrations, whose gate is a one-time filter: PostgreSQL evaluates it once per statement, so
-- the refusal holds on an empty table too (row-level security quals alone run per row). Visitors hold no SELECT
-- privilege at all. See policies/README.md.

alter table private.event_registrations enable row level security;

revoke select, update, delete, truncate on private.event_registrations from anon;

create or replace function public.event_registrations_normalise() returns trigger
language plpgsql set search_path = ''
as $$
begin
    new.event_name := 'CrowdSec Vendor Introduction';
    new.event_date := date '2025-11-17';
    new.event_location := 'Address Downtown Hotel, Downtown Dubai';
    new.first_name := btrim(new.first_name);
    new.last_name := btrim(new.last_name);
    new.email := lower(btrim(new.email));
    new.phone := btrim(new.phone);
    new.company_name := btrim(new.company_name);
    if char_length(new.first_name) not between 2 and 100 then
        raise exception 'First name must be between 2 and 100 characters' using errcode = '23514';
    end if;
    if char_length(new.last_name) not between 2 and 100 then
        raise exception 'Last name must be between 2 and 100 characters' using errcode = '23514';
    end if;
    if char_length(new.company_name) not between 2 and 255 then
        raise exception 'Company name must be between 2 and 255 characters' using errcode = '23514';
    end if;
    if char_length(new.email) > 255 or new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
        raise exception 'Please enter a valid email address' using errcode = '23514';
    end if;
    if char_length(new.phone) > 20 or char_length(regexp_replace(new.phone, '\D', '', 'g')) < 10 then
        raise exception 'Please enter a valid phone number (at least 10 digits)' using errcode = '23514';
    end if;
    if tg_op = 'INSERT' and private.is_api_client() then
        new.status := 'registered';
        new.confirmation_sent_at := null;
        new.created_at := now();
    end if;
    return new;
end
$$;

drop trigger if exists event_registrations_normalise on private.event_registrations;
create trigger event_registrations_normalise before insert or update on private.event_registrations
    for each row execute function public.event_registrations_normalise();

drop policy if exists "Anyone can register for the event" on private.event_registrations;
create policy "Anyone can register for the event" on private.event_registrations
    for insert to anon, authenticated with check (true);

drop policy if exists "Only super-admins can read registrations, others are refused" on private.event_registrations;
create policy "Only super-admins can read registrations, others are refused" on private.event_registrations
    for select to authenticated using (private.require_super_admin());

drop policy if exists "Only super-admins can update registrations" on private.event_registrations;
create policy "Only super-admins can update registrations" on private.event_registrations
    for update to authenticated
    using ((select private.is_super_admin())) with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can delete registrations" on private.event_registrations;
create policy "Only super-admins can delete registrations" on private.event_registrations
    for delete to authenticated using ((select private.is_super_admin()));

create or replace function private.event_registrations_gate() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
    -- The service role and operators pass; inside an API request only super-admins do.
    if private.is_api_client() then
        return private.require_super_admin();
    end if;
    return true;
end
$$;
comment on function private.event_registrations_gate() is
    'The statement-level check of the event_registrations view: 42501 for API callers who are not super-admins.';

create or replace view public.event_registrations with (security_invoker = true) as
    select * from private.event_registrations where private.event_registrations_gate();
comment on view public.event_registrations is
    'Registrations for the vendor introduction event: anyone inserts, only super-admins read (others get 42501).';

revoke all on public.event_registrations from anon, authenticated, service_role;
grant insert on public.event_registrations to anon;
grant select, insert, update, delete on public.event_registrations to authenticated, service_role;
