-- partner_users: a user reads their own links; links are made by the registration trigger or a super-admin.

alter table public.partner_users enable row level security;

drop policy if exists "Users can read their own partner links" on public.partner_users;
create policy "Users can read their own partner links" on public.partner_users
    for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "Super-admins can read every partner link" on public.partner_users;
create policy "Super-admins can read every partner link" on public.partner_users
    for select to authenticated using ((select private.is_super_admin()));

drop policy if exists "Only super-admins can link users to partners" on public.partner_users;
create policy "Only super-admins can link users to partners" on public.partner_users
    for insert to authenticated with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can change partner links" on public.partner_users;
create policy "Only super-admins can change partner links" on public.partner_users
    for update to authenticated
    using ((select private.is_super_admin())) with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can remove partner links" on public.partner_users;
create policy "Only super-admins can remove partner links" on public.partner_users
    for delete to authenticated using ((select private.is_super_admin()));
