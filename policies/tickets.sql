-- tickets: read-users see the tickets of the companies that list them; power-users and super-admins see all.
-- Creating, updating and deleting needs power-user or above (read-users only view). created_by must be the
-- caller's own company-user id in the ticket's company, or null.

alter table public.tickets enable row level security;

create or replace function public.tickets_check_created_by() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
    if private.is_api_client()
       and new.created_by is not null
       and (tg_op = 'INSERT' or new.created_by is distinct from old.created_by)
       and not private.is_own_company_user(new.created_by, new.company_id) then
        raise exception 'created_by must be your own company-user id in the ticket''s company, or null'
            using errcode = '42501';
    end if;
    return new;
end
$$;

drop trigger if exists tickets_check_created_by on public.tickets;
create trigger tickets_check_created_by before insert or update on public.tickets
    for each row execute function public.tickets_check_created_by();

drop policy if exists "Staff see their companies' tickets, power-users and super-admins see all" on public.tickets;
create policy "Staff see their companies' tickets, power-users and super-admins see all" on public.tickets
    for select to authenticated
    using ((select private.has_min_role('power-user')) or company_id = any ((select private.my_company_ids())::uuid[]));

drop policy if exists "Power-users and super-admins can create tickets" on public.tickets;
create policy "Power-users and super-admins can create tickets" on public.tickets
    for insert to authenticated with check ((select private.has_min_role('power-user')));

drop policy if exists "Power-users and super-admins can update tickets" on public.tickets;
create policy "Power-users and super-admins can update tickets" on public.tickets
    for update to authenticated
    using ((select private.has_min_role('power-user'))) with check ((select private.has_min_role('power-user')));

drop policy if exists "Power-users and super-admins can delete tickets" on public.tickets;
create policy "Power-users and super-admins can delete tickets" on public.tickets
    for delete to authenticated using ((select private.has_min_role('power-user')));

revoke execute on function public.tickets_check_created_by() from public, anon, authenticated;
