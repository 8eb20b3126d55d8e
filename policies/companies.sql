-- companies: read-users see the companies that list them in company_users; power-users and super-admins see
-- all; only super-admins manage them (manage-companies).

alter table public.companies enable row level security;

drop policy if exists "Staff see their companies, power-users and super-admins see all" on public.companies;
create policy "Staff see their companies, power-users and super-admins see all" on public.companies
    for select to authenticated using ((select private.has_min_role('power-user')) or id = any ((select private.my_company_ids())::uuid[]));

drop policy if exists "Only super-admins can create companies" on public.companies;
create policy "Only super-admins can create companies" on public.companies
    for insert to authenticated with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can update companies" on public.companies;
create policy "Only super-admins can update companies" on public.companies
    for update to authenticated
    using ((select private.is_super_admin())) with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can delete companies" on public.companies;
create policy "Only super-admins can delete companies" on public.companies
    for delete to authenticated using ((select private.is_super_admin()));
