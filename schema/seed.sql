-- Development demo data. Runs once, after the demo accounts were created by `gateway serve`.

insert into public.user_roles (user_id, role)
select u.id, r.role::public.app_role
from (values ('admin@gulfsec.example', 'super-admin'),
             ('power@gulfsec.example', 'power-user'),
             ('reader@gulfsec.example', 'read-user')) as r(email, role)
join auth.users u on u.email = r.email;

insert into public.companies (name, description, status, subscription) values
    ('Desert Falcon Logistics', 'Freight and warehousing across the UAE and Oman.', 'active', 'enterprise'),
    ('Pearl Bay Bank', 'Retail and corporate banking in Bahrain.', 'active', 'enterprise'),
    ('Najd Health Group', 'Private hospitals and clinics in Riyadh.', 'active', 'pro'),
    ('Marina Retail Co', 'Shopping-mall retail chain, Dubai and Abu Dhabi.', 'inactive', 'pro'),
    ('Doha Smart Energy', 'Utility metering and grid services, Qatar.', 'active', 'free'),
    ('Muscat Maritime Services', 'Port services and ship agency.', 'suspended', 'free');

insert into public.company_users (company_id, user_id, name, email)
select c.id, u.id, p.name, p.email
from (values
    ('Desert Falcon Logistics', 'Sara Nasser', 'reader@gulfsec.example'),
    ('Desert Falcon Logistics', 'Omar Khalil', 'power@gulfsec.example'),
    ('Desert Falcon Logistics', 'Hassan Al Amiri', 'hassan.alamiri@desertfalcon.example'),
    ('Desert Falcon Logistics', 'Fatima Rashed', 'fatima.rashed@desertfalcon.example'),
    ('Pearl Bay Bank', 'Omar Khalil', 'power@gulfsec.example'),
    ('Pearl Bay Bank', 'Yusuf Darwish', 'yusuf.darwish@pearlbay.example'),
    ('Pearl Bay Bank', 'Mariam Saleh', 'mariam.saleh@pearlbay.example'),
    ('Najd Health Group', 'Abdullah Qahtani', 'a.qahtani@najdhealth.example'),
    ('Najd Health Group', 'Noura Otaibi', 'n.otaibi@najdhealth.example'),
    ('Marina Retail Co', 'Rami Haddad', 'rami@marinaretail.example'),
    ('Doha Smart Energy', 'Aisha Kuwari', 'aisha.kuwari@dohaenergy.example'),
    ('Muscat Maritime Services', 'Salim Balushi', 'salim@muscatmaritime.example')
) as p(company, name, email)
join public.companies c on c.name = p.company
left join auth.users u on u.email = p.email;

-- About 60 tickets: every status, priority, severity and category occurs, spread over the last 90 days.
with statuses as (select array['open','in-progress','waiting-response','resolved','closed','cancelled'] as a),
     priorities as (select array['low','medium','high','critical','urgent'] as a),
     severities as (select array['critical','major','moderate','minor'] as a),
     categories as (select array['general','technical','billing','feature-request','bug','security',
                                 'performance','support','maintenance','other'] as a),
     subjects as (select array['VPN tunnel drops every few hours', 'EDR agent reports outdated signatures',
                               'Invoice shows the wrong licence count', 'Request: SSO for the partner portal',
                               'SIEM dashboard times out on 30-day view', 'Phishing campaign targeting finance team',
                               'Firewall CPU above 90% at peak', 'Password reset emails not arriving',
                               'Quarterly vulnerability scan window', 'Licence renewal quote needed',
                               'Suspicious PowerShell on a file server', 'Wazuh agent not reporting'] as a),
     numbered as (select n, (select array_agg(id order by name) from public.companies) as companies
                  from generate_series(1, 60) as n)
insert into public.tickets (title, description, status, priority, severity, category, company_id, assigned_to,
                            created_by, tags, sla_breached, customer_visible, estimated_hours, created_at)
select s.a[1 + (n % 12)] || ' #' || n,
       'Reported by the customer through the support line. Details and logs attached to the ticket history.',
       st.a[1 + (n % 6)],
       pr.a[1 + (n % 5)],
       sv.a[1 + (n % 4)],
       ca.a[1 + (n % 10)],
       companies[1 + (n % array_length(companies, 1))],
       (select cu.id from public.company_users cu
         where cu.company_id = companies[1 + (n % array_length(companies, 1))]
         order by cu.name offset (n % 2) limit 1),
       (select cu.id from public.company_users cu
         where cu.company_id = companies[1 + (n % array_length(companies, 1))]
         order by cu.name limit 1),
       case n % 4 when 0 then array['network','vpn'] when 1 then array['endpoint'] when 2 then array['siem','urgent-review','customer']
                  else '{}' end,
       n % 9 = 0,
       n % 5 <> 0,
       2 + (n % 8),
       now() - make_interval(days => (n * 3) % 90, hours => n % 24)
from numbered, statuses st, priorities pr, severities sv, categories ca, subjects s;

update public.tickets set resolution = 'Root cause found and fixed; customer confirmed.'
where status in ('resolved', 'closed');

insert into public.ticket_comments (ticket_id, user_id, comment, is_internal)
select t.id, t.created_by, 'Customer confirmed the issue is reproducible.', false
from public.tickets t where t.created_by is not null
order by t.created_at limit 20;

insert into public.partners (company_name, company_type, company_size, company_website, company_description,
                             primary_contact_name, primary_contact_email, primary_contact_phone, city, country,
                             partnership_type, selected_vendors, products_services, target_markets,
                             annual_revenue_range, certifications, specializations, status, approved_at,
                             rejection_reason, notes, created_at)
values
    ('Oasis Secure IT', 'reseller', '51-200', 'https://oasis-secure.example', 'Managed security reseller for UAE SMEs.',
     'Karim Mansour', 'partner@gulfsec.example', '+971 4 555 0101', 'Dubai', 'United Arab Emirates',
     array['Distribution Partner'], array['CrowdSec', 'ThreatDown'], 'Managed EDR, SOC as a service',
     'UAE SMEs and schools', '$5M - $10M', array['ISO 27001 Lead Implementer'], array['Incident Response'],
     'approved', now() - interval '40 days', null, 'Strong pipeline in education.', now() - interval '60 days'),
    ('Gulf Shield Integrators', 'systems_integrator', '201-1000', 'https://gulfshield.example', 'Network and SOC integrator.',
     'Huda Karim', 'huda@gulfshield.example', '+966 11 555 0102', 'Riyadh', 'Saudi Arabia',
     array['Distribution Partner'], array['CrowdSec'], null, null, '$10M - $50M', '{}', null,
     'pending', null, null, null, now() - interval '3 days'),
    ('Bahrain Cyber Consult', 'consultant', '11-50', null, null,
     'Ali Jaber', 'ali@bcc.example', null, 'Manama', 'Bahrain',
     array['Distribution Partner'], array['Cysec'], null, null, null, '{}', null,
     'pending', null, null, null, now() - interval '1 day'),
    ('Red Dune Networks', 'reseller', '1-10', 'https://reddune.example', null,
     'Tariq Said', 'tariq@reddune.example', '+968 2455 0103', 'Muscat', 'Oman',
     array['Distribution Partner'], array['ThreatDown'], null, null, 'Under $1M', '{}', null,
     'rejected', null, 'Outside our current coverage area for ThreatDown.', 'Re-apply next year.', now() - interval '20 days'),
    ('Qatar Secure Cloud', 'technology_partner', '51-200', 'https://qsc.example', 'Sovereign cloud provider.',
     'Mona Thani', 'mona@qsc.example', '+974 4455 0104', 'Doha', 'Qatar',
     array['Distribution Partner'], array['CrowdSec', 'Cysec'], 'Cloud hosting', 'Government', '$1M - $5M',
     array['CISSP'], null, 'suspended', null, null, 'Suspended pending contract renewal.', now() - interval '90 days'),
    ('Emirates Endpoint Experts', 'vendor', '11-50', 'https://eee.example', null,
     'Rashid Mazrouei', 'rashid@eee.example', '+971 2 555 0105', 'Abu Dhabi', 'United Arab Emirates',
     array['Distribution Partner'], array['ThreatDown'], null, null, null, '{}', null,
     'approved', now() - interval '10 days', null, null, now() - interval '15 days');

insert into public.partner_users (user_id, partner_id)
select u.id, p.id from auth.users u, public.partners p
where u.email = 'partner@gulfsec.example' and p.company_name = 'Oasis Secure IT';

insert into public.event_registrations (event_name, event_date, event_location, first_name, last_name, email, phone,
                                        company_name, created_at)
select 'CrowdSec Vendor Introduction', date '2025-11-17', 'Address Downtown Hotel, Downtown Dubai',
       f, l, lower(f || '.' || l || '@' || d), '+97150' || lpad((1000000 + n * 7919)::text, 7, '0'), c,
       now() - make_interval(days => n)
from (values (1, 'Ahmed', 'Saeed', 'emiratesnbd.example', 'Emirates Retail Bank'),
             (2, 'Reem', 'Hashemi', 'dewa.example', 'Dubai Utilities'),
             (3, 'Khalid', 'Mutairi', 'stc.example', 'Saudi Telecom Partner'),
             (4, 'Leila', 'Farouk', 'qnb.example', 'Qatar National Lender'),
             (5, 'Yousef', 'Harbi', 'aramco.example', 'Eastern Energy'),
             (6, 'Hind', 'Suwaidi', 'adnoc.example', 'Abu Dhabi Petroleum Services'),
             (7, 'Faisal', 'Ghamdi', 'sabic.example', 'Gulf Chemicals'),
             (8, 'Nadia', 'Bakr', 'omantel.example', 'Oman Telecom Services')) as r(n, f, l, d, c);
