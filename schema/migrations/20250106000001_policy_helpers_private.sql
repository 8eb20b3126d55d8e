-- The helpers the policies call lived in public, the schema the API exposes, so anyone could call them as
-- /rest/v1/rpc/<name> (rpc/ticket_company told the company of any ticket). They move to the private schema,
-- which the API does not expose and anon/authenticated may use, so the policies keep calling them. ALTER ...
-- SET SCHEMA keeps each function's identity, so the policies already created keep working until the policy
-- files (which now name private.*) are applied again. On a new database the policy files create them there.
do $$
declare
    helper regprocedure;
begin
    for helper in
        select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname in (
            'current_user_role', 'has_min_role', 'is_super_admin', 'require_super_admin', 'is_api_client',
            'is_linked_to_partner', 'my_company_ids', 'is_own_company_user', 'ticket_company',
            'event_registrations_gate', 'registered_in_this_transaction', 'partner_registration_limit',
            'registration_client_key')
    loop
        execute format('alter function %s set schema private', helper);
    end loop;
end
$$;
