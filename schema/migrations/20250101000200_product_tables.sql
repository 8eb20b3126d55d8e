-- The product's tables, for both spec documents. Row-level security is on from the start with no policy,
-- so nothing is exposed until policies/ says so.

create type public.app_role as enum ('read-user', 'power-user', 'super-admin');
comment on type public.app_role is 'Ticketing roles, declared in rank order so "order by role desc" puts the highest first.';

create table public.profiles (
    id uuid primary key references auth.users (id) on delete cascade,
    email text,
    full_name text check (char_length(full_name) <= 200),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per account: the name and email shown in the site.';

create table public.user_roles (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    role public.app_role not null default 'read-user',
    created_at timestamptz not null default now(),
    unique (user_id, role)
);
comment on table public.user_roles is 'Roles granted to accounts; the highest one applies, no row means read-user.';

create table public.partners (
    id uuid primary key default gen_random_uuid(),
    company_name text not null check (char_length(btrim(company_name)) between 2 and 255),
    company_type text not null default 'vendor'
        check (company_type in ('vendor', 'systems_integrator', 'consultant', 'reseller', 'technology_partner')),
    company_size text check (company_size in ('1-10', '11-50', '51-200', '201-1000', '1000+')),
    company_website text check (char_length(company_website) <= 255),
    company_description text check (char_length(company_description) <= 1000),
    primary_contact_name text not null check (char_length(btrim(primary_contact_name)) between 2 and 100),
    primary_contact_email text not null check (primary_contact_email like '%_@_%' and char_length(primary_contact_email) <= 255),
    primary_contact_phone text check (char_length(primary_contact_phone) <= 50),
    address_line1 text check (char_length(address_line1) <= 255),
    address_line2 text check (char_length(address_line2) <= 255),
    city text check (char_length(city) <= 100),
    state_province text check (char_length(state_province) <= 100),
    postal_code text check (char_length(postal_code) <= 20),
    country text not null default 'United States' check (char_length(country) between 1 and 100),
    partnership_type text[] not null default array['Distribution Partner'],
    selected_vendors text[] not null default '{}',
    products_services text check (char_length(products_services) <= 1000),
    target_markets text check (char_length(target_markets) <= 1000),
    annual_revenue_range text
        check (annual_revenue_range in ('Under $1M', '$1M - $5M', '$5M - $10M', '$10M - $50M', 'Over $50M')),
    certifications text[] not null default '{}',
    specializations text[],
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'suspended')),
    approved_at timestamptz,
    rejection_reason text,
    notes text,
    created_by uuid references auth.users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index partners_company_name_key on public.partners (lower(btrim(company_name)));
create unique index partners_primary_contact_email_key on public.partners (lower(btrim(primary_contact_email)));
comment on table public.partners is 'Partner programme applications and the partner records they become.';

create table public.partner_users (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    partner_id uuid not null references public.partners (id) on delete cascade,
    created_at timestamptz not null default now(),
    unique (user_id, partner_id)
);
comment on table public.partner_users is 'Links sign-in accounts to the partner record they act for.';

create table public.event_registrations (
    id uuid primary key default gen_random_uuid(),
    event_name text not null,
    event_date date not null,
    event_location text not null,
    first_name varchar(100) not null check (char_length(btrim(first_name)) >= 2),
    last_name varchar(100) not null check (char_length(btrim(last_name)) >= 2),
    email varchar(255) not null check (email like '%_@_%._%'),
    phone varchar(20) not null,
    company_name varchar(255) not null check (char_length(btrim(company_name)) >= 2),
    status text not null default 'registered' check (status in ('registered', 'attended', 'cancelled')),
    confirmation_sent_at timestamptz,
    created_at timestamptz not null default now()
);
create unique index event_registrations_event_email_key on public.event_registrations (event_name, lower(email));
comment on table public.event_registrations is 'Registrations for the vendor introduction event.';

create table public.contact_messages (
    id uuid primary key default gen_random_uuid(),
    name varchar(100) not null check (char_length(btrim(name)) >= 1),
    email varchar(255) not null,
    company varchar(100),
    phone varchar(20),
    service text check (service in ('Security Audit', 'Penetration Testing', 'SOC Monitoring', 'Incident Response',
                                    'Compliance Consulting', 'Security Training', 'Other')),
    message varchar(5000) not null check (char_length(btrim(message)) >= 1),
    client_ip text,
    mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'failed')),
    created_at timestamptz not null default now()
);
create index contact_messages_email_created_idx on public.contact_messages (email, created_at desc);
comment on table public.contact_messages is 'Messages sent through the contact form, kept so a failed mail can be retried.';

create table public.companies (
    id uuid primary key default gen_random_uuid(),
    name text not null check (char_length(btrim(name)) between 2 and 255),
    description text check (char_length(description) <= 1000),
    status text not null default 'active' check (status in ('active', 'inactive', 'suspended')),
    subscription text not null default 'free' check (subscription in ('free', 'pro', 'enterprise')),
    user_count integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index companies_name_key on public.companies (lower(btrim(name)));
comment on table public.companies is 'Customer organisations of the ticketing system.';

create table public.company_users (
    id uuid primary key default gen_random_uuid(),
    user_id uuid references auth.users (id) on delete set null,
    company_id uuid not null references public.companies (id) on delete cascade,
    name text not null check (char_length(btrim(name)) between 1 and 100),
    email text not null check (char_length(email) <= 255),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, email)
);
create index company_users_user_id_idx on public.company_users (user_id);
comment on table public.company_users is 'People of a company; linked to an account when they can sign in.';

create table public.tickets (
    id uuid primary key default gen_random_uuid(),
    title text not null check (char_length(btrim(title)) between 1 and 200),
    description text,
    status text not null default 'open'
        check (status in ('open', 'in-progress', 'waiting-response', 'resolved', 'closed', 'cancelled')),
    priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'critical', 'urgent')),
    severity text check (severity in ('critical', 'major', 'moderate', 'minor')),
    category text not null default 'general'
        check (category in ('general', 'technical', 'billing', 'feature-request', 'bug', 'security',
                            'performance', 'support', 'maintenance', 'other')),
    company_id uuid not null references public.companies (id) on delete cascade,
    assigned_to uuid,
    created_by uuid,
    tags text[] not null default '{}',
    attachments jsonb not null default '[]'::jsonb,
    resolution text,
    resolved_at timestamptz,
    due_date timestamptz,
    estimated_hours numeric(7, 2),
    actual_hours numeric(7, 2),
    internal_notes text,
    sla_breached boolean not null default false,
    customer_visible boolean not null default true,
    customer_email text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint tickets_assigned_to_fkey foreign key (assigned_to) references public.company_users (id) on delete set null,
    constraint tickets_created_by_fkey foreign key (created_by) references public.company_users (id) on delete set null
);
create index tickets_company_created_idx on public.tickets (company_id, created_at desc);
create index tickets_created_at_idx on public.tickets (created_at desc);
create index tickets_assigned_to_idx on public.tickets (assigned_to);
comment on table public.tickets is 'Support tickets of the ticketing system.';

create table public.ticket_comments (
    id uuid primary key default gen_random_uuid(),
    ticket_id uuid not null references public.tickets (id) on delete cascade,
    user_id uuid references public.company_users (id) on delete set null,
    comment text not null check (char_length(btrim(comment)) >= 1),
    is_internal boolean not null default false,
    created_at timestamptz not null default now()
);
create index ticket_comments_ticket_idx on public.ticket_comments (ticket_id, created_at);
comment on table public.ticket_comments is 'Comments on tickets, by company users.';

alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;
alter table public.partners enable row level security;
alter table public.partner_users enable row level security;
alter table public.event_registrations enable row level security;
alter table public.contact_messages enable row level security;
alter table public.companies enable row level security;
alter table public.company_users enable row level security;
alter table public.tickets enable row level security;
alter table public.ticket_comments enable row level security;
