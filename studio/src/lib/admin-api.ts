import { config } from '@/lib/config';
import type { User } from '@supabase/supabase-js';

export type Column = {
  name: string; type: string; nullable: boolean; default: string | null; primary_key: boolean; generated: boolean;
};
export type ForeignKey = {
  name: string; columns: string[]; target_schema: string; target_table: string; target_columns: string[];
};
export type Relation = {
  schema: string; name: string; kind: string; rls: boolean; comment: string | null;
  columns: Column[]; foreign_keys: ForeignKey[]; rows: { count: number; exact: boolean };
};
export type Policy = {
  schema: string; table: string; name: string; permissive: boolean; command: string; roles: string[];
  using: string | null; check: string | null;
};
export type Role = 'postgres' | 'service_role' | 'authenticated' | 'anon';
export type SqlResult = {
  command: string; columns: { name: string }[]; rows: unknown[][]; truncated: boolean; row_count: number;
};
export type SqlError = {
  message: string; code: string | null; detail: string | null; hint: string | null; line: number | null;
  column: number | null;
};

export class AdminApiError extends Error {
  constructor(message: string, readonly sql?: SqlError) {
    super(message);
  }
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/_/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${config.serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new AdminApiError(payload.error?.message ?? payload.message ?? `The gateway answered ${response.status}.`,
      payload.error);
  }
  return payload as T;
}

export const fetchCatalog = () => call<{ schemas: string[]; relations: Relation[] }>('catalog');
export type Access = {
  schema: string; table: string; role: 'anon' | 'authenticated'; operation: 'select' | 'insert' | 'update' | 'delete';
  granted: boolean; rls: boolean; policies: string[];
};
export const fetchPolicies = () => call<{ policies: Policy[]; access: Access[] }>('policies');
export const runSql = (sql: string, role: Role, userId: string | undefined, runId: string) =>
  call<SqlResult>('sql', { sql, role, user_id: userId, run_id: runId });
export const cancelSql = (role: Role, runId: string) =>
  call<{ cancelled: boolean }>('sql/cancel', { role, run_id: runId });
export const tokenFor = (role: Exclude<Role, 'postgres'>, userId?: string) =>
  call<{ token: string }>('impersonate', { role, user_id: userId }).then((answer) => answer.token);

/** `pid` and `seq` name a line among every worker's. */
export type RequestLine = {
  pid: number; seq: number; time: number; method: string; path: string; status: number | string; duration_ms: number;
  request_id: string;
};
export const fetchRecentRequests = (after: string) =>
  call<{ enabled: boolean; lines: RequestLine[]; cursor: string }>(`logs?after=${encodeURIComponent(after)}`);

export type DatabaseOverview = {
  migrations: { name: string; kind: string; applied_at: string }[];
  extensions: { name: string; default_version: string; installed_version: string | null; schema: string | null; comment: string | null }[];
  roles: { name: string; can_login: boolean; superuser: boolean; bypasses_rls: boolean; member_of: string[] }[];
  connection_string: string | null;
  mailbox: string | null;
};
export const fetchDatabase = () => call<DatabaseOverview>('database');
export const setExtension = (name: string, enabled: boolean) =>
  call<{ name: string; enabled: boolean }>('extensions', { name, enabled });

export type PolicyCase = {
  line: number; as: string; operation: string; target: string; rule: string; expected: string; got: string;
  passed: boolean; request: string; problems: string[]; policies: string[];
  error?: { code: string; message: string; details: string | null; hint: string | null; status: number };
  rows?: unknown[];
};
export type PolicyTestRun = { passed: number; failed: number; files: { file: string; cases: PolicyCase[] }[] };
export const runPolicyTests = () => call<PolicyTestRun>('policy-tests', {});

export type UserSession = {
  id: string; aal: string; created_at: string; updated_at: string; refreshed_at: string | null;
  user_agent: string | null; ip: string | null;
};
export const fetchUserSessions = (userId: string) =>
  call<{ sessions: UserSession[] }>(`users/${encodeURIComponent(userId)}/sessions`).then((answer) => answer.sessions);
export const signOutEverywhere = (userId: string) =>
  call<{ signed_out: boolean }>(`users/${encodeURIComponent(userId)}/sign-out`, {});
export const searchUsers = (text: string, page: number, perPage: number) =>
  call<{ users: User[]; total: number }>(
    `users?${new URLSearchParams({ search: text, page: String(page), per_page: String(perPage) })}`);

export type LogRecordLine = {
  pid: number; seq: number; time: number; level: string; logger: string; message: string; request_id: string | null;
};
export const fetchRequestRecords = (requestId: string) =>
  call<{ lines: LogRecordLine[] }>(`logs/requests/${encodeURIComponent(requestId)}`).then((answer) => answer.lines);
export const fetchFunctionLines = (after: string) =>
  call<{ lines: LogRecordLine[]; cursor: string }>(`logs/functions?after=${encodeURIComponent(after)}`);
