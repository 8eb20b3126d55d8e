import { admin } from '@/lib/clients';
import { useAsync } from '@/lib/use-async';

export type Identity = { role: string; userId?: string };

type Props = { value: Identity; onChange: (identity: Identity) => void; withOwner?: boolean };

/** Who a query or a table view runs as: the owner, a project key's role, or a signed-in user of the project. */
export function RolePicker({ value, onChange, withOwner = false }: Props) {
  const users = useAsync(async () => {
    const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 200 });
    if (error) throw error;
    return data.users;
  }, 'role-picker-users');
  return (
    <>
      <label>Run as
        <select aria-label="Run as" value={value.role} onChange={(e) => onChange({ role: e.target.value, userId: users.data?.[0]?.id })}>
          {withOwner && <option value="postgres">postgres (owner, bypasses RLS)</option>}
          <option value="service_role">service_role (bypasses RLS)</option>
          <option value="anon">anon</option>
          <option value="authenticated">authenticated user</option>
        </select>
      </label>
      {value.role === 'authenticated' && (
        <label>User
          <select aria-label="User" value={value.userId ?? ''} onChange={(e) => onChange({ role: 'authenticated', userId: e.target.value })}>
            {(users.data ?? []).map((user) => <option key={user.id} value={user.id}>{user.email ?? user.phone ?? user.id}</option>)}
          </select>
        </label>
      )}
    </>
  );
}
