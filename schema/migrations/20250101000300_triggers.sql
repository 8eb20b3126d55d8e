-- Maintained columns: profiles for new accounts, updated_at, tickets.resolved_at, companies.user_count.

create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
    insert into public.profiles (id, email, full_name)
    values (new.id, new.email, nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''))
    on conflict (id) do nothing;
    return new;
end
$$;
create trigger on_auth_user_created after insert on auth.users
    for each row execute function public.handle_new_user();

create or replace function public.set_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
    new.updated_at := now();
    return new;
end
$$;
create trigger set_updated_at before update on public.profiles for each row execute function public.set_updated_at();
create trigger set_updated_at before update on public.partners for each row execute function public.set_updated_at();
create trigger set_updated_at before update on public.companies for each row execute function public.set_updated_at();
create trigger set_updated_at before update on public.company_users for each row execute function public.set_updated_at();
create trigger set_updated_at before update on public.tickets for each row execute function public.set_updated_at();

create or replace function public.set_ticket_resolved_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
    if new.status in ('resolved', 'closed')
       and (tg_op = 'INSERT' or old.status is distinct from new.status) then
        new.resolved_at := now();
    end if;
    return new;
end
$$;
create trigger set_resolved_at before insert or update of status on public.tickets
    for each row execute function public.set_ticket_resolved_at();

create or replace function public.refresh_company_user_count() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
    update public.companies c
       set user_count = (select count(*) from public.company_users cu where cu.company_id = c.id)
     where c.id in (
         select (case when tg_op = 'DELETE' then old.company_id else new.company_id end)
         union select (case when tg_op = 'UPDATE' then old.company_id end)
     );
    return null;
end
$$;
create trigger refresh_user_count after insert or update of company_id or delete on public.company_users
    for each row execute function public.refresh_company_user_count();

revoke execute on function public.handle_new_user(), public.refresh_company_user_count() from anon, authenticated;
