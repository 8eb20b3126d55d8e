-- Anyone may start an external sign-in, and each start waits in auth.flow_state for its provider: the address that
-- started a flow is kept, so that the flows still waiting can be counted per address and in total, and those never
-- completed are dropped once expired.
alter table auth.flow_state add column client_address text;
create index flow_state_waiting_by_address on auth.flow_state (client_address, created_at) where user_id is null;
create index flow_state_created_at on auth.flow_state (created_at);
