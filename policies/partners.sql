-- partners: open registration with server-side defaults, reads for linked users and super-admins, the status
-- workflow of spec section 4, and profile-only edits for approved partners.

alter table public.partners enable row level security;

-- How many registrations one client may submit per window before the database refuses with 'rate limit'.
create or replace function private.partner_registration_limit(out max_attempts integer, out per_window interval)
language sql immutable set search_path = ''
as $$ select 5, interval '1 hour' $$;

create or replace function private.registration_client_key() returns text
language sql stable security definer set search_path = ''
as $$
    -- Every caller is counted by the client address the gateway puts in request.headers (it cannot be forged,
    -- see docs/security.md): counting signed-in callers by account let anyone register without limit with a
    -- fresh anonymous account each time. The account is only the fallback when no address is known.
    select coalesce(
        'ip:' || nullif(btrim(split_part(
            nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ',', 1)), ''),
        'user:' || auth.uid()::text,
        'anonymous')
$$;

create or replace function private.registered_in_this_transaction(partner_id uuid) returns boolean
language sql stable set search_path = ''
as $$
    select partner_id::text = any (string_to_array(nullif(current_setting('partners.registered_ids', true), ''), ','))
$$;
comment on function private.registered_in_this_transaction(uuid) is
    'Whether this transaction registered the partner, so insert(...).select() can return the new row to its registrant.';

create or replace function public.partners_before_registration() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
    client text := private.registration_client_key();
    limits record := private.partner_registration_limit();
    recent integer;
begin
    if not private.is_api_client() then
        return new;
    end if;
    perform pg_advisory_xact_lock(hashtext('partner_registration'), hashtext(client));
    delete from private.partner_registration_attempts where attempted_at < now() - limits.per_window;
    select count(*) into recent from private.partner_registration_attempts where client_key = client;
    if recent >= limits.max_attempts then
        raise exception 'Partner registration rate limit reached: at most % registrations per % from one client',
            limits.max_attempts, limits.per_window
            using errcode = 'PT429', hint = 'Try again later.';
    end if;
    insert into private.partner_registration_attempts (client_key) values (client);

    new.status := 'pending';
    new.approved_at := null;
    new.rejection_reason := null;
    new.notes := null;
    new.created_by := auth.uid();
    new.created_at := now();
    new.updated_at := now();
    perform set_config('partners.registered_ids',
        concat_ws(',', nullif(current_setting('partners.registered_ids', true), ''), new.id::text), true);
    return new;
end
$$;

create or replace function public.partners_link_registrant() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
    if private.is_api_client() and auth.uid() is not null then
        insert into public.partner_users (user_id, partner_id) values (auth.uid(), new.id)
        on conflict (user_id, partner_id) do nothing;
    end if;
    return null;
end
$$;

create or replace function public.partners_before_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
    profile_fields constant text[] := array[
        'company_name', 'company_website', 'company_description', 'primary_contact_name', 'primary_contact_email',
        'primary_contact_phone', 'products_services', 'target_markets', 'address_line1', 'address_line2', 'city',
        'state_province', 'postal_code', 'updated_at'];
    forbidden text[];
begin
    if not private.is_api_client() then
        return new;
    end if;
    if private.is_super_admin() then
        if new.status is distinct from old.status
           and (old.status, new.status) not in (('pending', 'approved'), ('pending', 'rejected'),
                                                ('approved', 'suspended'), ('suspended', 'approved')) then
            raise exception 'Invalid partner status transition from % to %', old.status, new.status
                using errcode = '23514',
                      hint = 'Allowed: pending to approved or rejected, approved to suspended, suspended to approved.';
        end if;
        if new.status = 'rejected' and coalesce(btrim(new.rejection_reason), '') = '' then
            raise exception 'Rejecting a partner needs a non-blank rejection reason' using errcode = '23514';
        end if;
        new.approved_at := case
            when new.status <> 'approved' then null
            when old.status = 'approved' then coalesce(old.approved_at, now())
            else now() end;
        new.rejection_reason := case when new.status = 'rejected' then btrim(new.rejection_reason) end;
        new.notes := nullif(btrim(new.notes), '');
        return new;
    end if;

    -- Not a super-admin: the update policy only lets a linked partner user get this far.
    if old.status <> 'approved' then
        raise exception 'Profile editing is only available for approved partners' using errcode = '42501';
    end if;
    select array_agg(n.key order by n.key) into forbidden
    from jsonb_each(to_jsonb(new)) n
    where n.value is distinct from to_jsonb(old) -> n.key and n.key <> all (profile_fields);
    if forbidden is not null then
        raise exception 'Partners can only edit their profile fields; not allowed: %', array_to_string(forbidden, ', ')
            using errcode = '42501';
    end if;
    return new;
end
$$;

drop trigger if exists partners_before_registration on public.partners;
create trigger partners_before_registration before insert on public.partners
    for each row execute function public.partners_before_registration();
drop trigger if exists partners_link_registrant on public.partners;
create trigger partners_link_registrant after insert on public.partners
    for each row execute function public.partners_link_registrant();
drop trigger if exists partners_before_update on public.partners;
create trigger partners_before_update before update on public.partners
    for each row execute function public.partners_before_update();

drop policy if exists "Anyone can apply to the partner programme" on public.partners;
create policy "Anyone can apply to the partner programme" on public.partners
    for insert to anon, authenticated with check (true);

drop policy if exists "Registrants can read back the application they just submitted" on public.partners;
create policy "Registrants can read back the application they just submitted" on public.partners
    for select to anon, authenticated using (private.registered_in_this_transaction(id));

drop policy if exists "Partner users can read the partner they are linked to" on public.partners;
create policy "Partner users can read the partner they are linked to" on public.partners
    for select to authenticated using (private.is_linked_to_partner(id));

drop policy if exists "Super-admins can read every partner" on public.partners;
create policy "Super-admins can read every partner" on public.partners
    for select to authenticated using ((select private.is_super_admin()));

drop policy if exists "Super-admins and linked partner users can update a partner" on public.partners;
create policy "Super-admins and linked partner users can update a partner" on public.partners
    for update to authenticated
    using ((select private.is_super_admin()) or private.is_linked_to_partner(id))
    with check ((select private.is_super_admin()) or private.is_linked_to_partner(id));

drop policy if exists "Only super-admins can delete partners" on public.partners;
create policy "Only super-admins can delete partners" on public.partners
    for delete to authenticated using ((select private.is_super_admin()));

create or replace function public.get_partner_with_access_control(partner_id uuid) returns public.partners
language plpgsql stable security definer set search_path = ''
as $$
declare
    partner public.partners;
begin
    if not (private.is_super_admin() or private.is_linked_to_partner(partner_id)) then
        raise exception 'Access denied: you are not linked to this partner' using errcode = '42501';
    end if;
    select p.* into partner from public.partners p where p.id = partner_id;
    if not found then
        raise exception 'Partner not found' using errcode = 'P0002';
    end if;
    return partner;
end
$$;
comment on function public.get_partner_with_access_control(uuid) is
    'The partner record for a linked partner user or a super-admin; 42501 for anyone else.';

revoke execute on function public.partners_before_registration(), public.partners_link_registrant(),
    public.partners_before_update(), private.registration_client_key() from public, anon, authenticated;
