-- The tables whose changes the site follows live (ticket list, companies, company users).
select realtime.add_table('public.tickets');
select realtime.add_table('public.companies');
select realtime.add_table('public.company_users');
