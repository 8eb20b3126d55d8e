-- company_users: visible with their company (the ticket list shows assignee and creator names); only
-- super-admins manage them.

alter table public.company_users enable row level security;

drop policy if exists "Staff see the people of companies they can see" on public.company_users;
create policy "Staff see the people of companies they can see" on public.company_users
    for select to authenticated using ((select private.has_min_role('power-user')) or company_id = any ((select private.my_company_ids())::uuid[]));

drop policy if exists "Only super-admins can add company users" on public.company_users;
create policy "Only super-admins can add company users" on public.company_users
    for insert to authenticated with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can update company users" on public.company_users;
create policy "Only super-admins can update company users" on public.company_users
    for update to authenticated
    using ((select private.is_super_admin())) with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can remove company users" on public.company_users;
create policy "Only super-admins can remove company users" on public.company_users
    for delete to authenticated using ((select private.is_super_admin()));
