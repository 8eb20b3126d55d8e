-- ticket_comments: visible with their ticket; writing needs power-user or above; the author (user_id) must be
-- the caller's own company-user id in the ticket's company, or null.

alter table public.ticket_comments enable row level security;

create or replace function private.ticket_company(ticket_id uuid) returns uuid
language sql stable security definer set search_path = ''
as $$
    select t.company_id from public.tickets t where t.id = ticket_id
$$;
comment on function private.ticket_company(uuid) is 'The company of a ticket, read past the tickets policies.';

create or replace function public.ticket_comments_check_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
    if private.is_api_client()
       and new.user_id is not null
       and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id)
       and not private.is_own_company_user(new.user_id, private.ticket_company(new.ticket_id)) then
        raise exception 'user_id must be your own company-user id in the ticket''s company, or null'
            using errcode = '42501';
    end if;
    return new;
end
$$;

drop trigger if exists ticket_comments_check_author on public.ticket_comments;
create trigger ticket_comments_check_author before insert or update on public.ticket_comments
    for each row execute function public.ticket_comments_check_author();

drop policy if exists "Staff see comments on tickets they can see" on public.ticket_comments;
create policy "Staff see comments on tickets they can see" on public.ticket_comments
    for select to authenticated
    using ((select private.has_min_role('power-user')) or private.ticket_company(ticket_id) = any ((select private.my_company_ids())::uuid[]));

drop policy if exists "Power-users and super-admins can add comments" on public.ticket_comments;
create policy "Power-users and super-admins can add comments" on public.ticket_comments
    for insert to authenticated with check ((select private.has_min_role('power-user')));

drop policy if exists "Power-users and super-admins can edit comments" on public.ticket_comments;
create policy "Power-users and super-admins can edit comments" on public.ticket_comments
    for update to authenticated
    using ((select private.has_min_role('power-user'))) with check ((select private.has_min_role('power-user')));

drop policy if exists "Power-users and super-admins can delete comments" on public.ticket_comments;
create policy "Power-users and super-admins can delete comments" on public.ticket_comments
    for delete to authenticated using ((select private.has_min_role('power-user')));

revoke execute on function public.ticket_comments_check_author() from public, anon, authenticated;
