-- Role helpers the policies call. They are security definer so they can read user_roles, partner_users and
-- company_users without those tables' own policies (which call these helpers) recursing, and they fix
-- search_path so a caller's objects cannot shadow the tables they read.

create or replace function private.current_user_role() returns public.app_role
language sql stable security definer set search_path = ''
as $$
    select case
        when auth.uid() is null then null
        else coalesce(
            (select ur.role from public.user_roles ur where ur.user_id = auth.uid() order by ur.role desc limit 1),
            'read-user'::public.app_role)
    end
$$;
comment on function private.current_user_role() is
    'The highest role of the signed-in caller (read-user when none is granted); null for anonymous callers.';

create or replace function private.has_min_role(minimum public.app_role) returns boolean
language sql stable security definer set search_path = ''
as $$
    select coalesce(private.current_user_role() >= minimum, false)
$$;
comment on function private.has_min_role(public.app_role) is 'Whether the caller''s highest role ranks at least `minimum`.';

create or replace function private.is_super_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
    select private.has_min_role('super-admin')
$$;

create or replace function private.is_api_client() returns boolean
language sql stable security definer set search_path = ''
as $$
    -- The role the request switched to (SET ROLE survives into security definer functions, current_user does
    -- not). The service role, the gateway's own connection and operators are not API clients.
    select current_setting('role') in ('anon', 'authenticated')
$$;
comment on function private.is_api_client() is
    'True inside an anon or authenticated request; triggers use it so the service role and operators bypass them.';

create or replace function private.require_super_admin() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
    if not private.is_super_admin() then
        raise exception 'permission denied: only super-admins can read this data'
            using errcode = '42501';
    end if;
    return true;
end
$$;
comment on function private.require_super_admin() is
    'True for super-admins; raises 42501 for anyone else, for tables whose readers must see a refusal, not [].';

create or replace function private.is_linked_to_partner(partner_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
    select exists (
        select 1 from public.partner_users pu
        where pu.partner_id = is_linked_to_partner.partner_id and pu.user_id = auth.uid()
    )
$$;

create or replace function private.my_company_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
    select coalesce(array_agg(cu.company_id), '{}') from public.company_users cu where cu.user_id = auth.uid()
$$;
comment on function private.my_company_ids() is
    'The companies whose company_users list the caller; policies call it once per statement as (select ...).';

create or replace function private.is_own_company_user(company_user_id uuid, company_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
    select exists (
        select 1 from public.company_users cu
        where cu.id = company_user_id and cu.company_id = is_own_company_user.company_id and cu.user_id = auth.uid()
    )
$$;
comment on function private.is_own_company_user(uuid, uuid) is
    'Whether a company-user id is the caller''s own entry in that company (tickets.created_by, comment authors).';
