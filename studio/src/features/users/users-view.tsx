import { useState, type FormEvent } from 'react';
import type { User } from '@supabase/supabase-js';
import { admin } from '@/lib/clients';
import { searchUsers } from '@/lib/admin-api';
import { useAsync } from '@/lib/use-async';
import { when } from '@/lib/format';
import { Empty, ErrorNote, Loading, Pager } from '@/components/ui';
import { AuthSettingsPanel } from './auth-settings';
import { UserDetails } from './user-details';

const PER_PAGE = 50;
// GoTrue's way of banning until further notice: a ban long enough to outlive the project.
const FOREVER = '876000h';

export function UsersView() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const needle = search.trim();
  const users = useAsync(async () => {
    if (needle) {
      const found = await searchUsers(needle, page, PER_PAGE);
      return { users: found.users, total: found.total, hasNext: page * PER_PAGE < found.total };
    }
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: PER_PAGE });
    if (error) throw error;
    return { users: data.users, total: data.total, hasNext: !!data.nextPage };
  }, `users-${page}-${needle}`);

  async function act(action: () => Promise<{ error: Error | null }>, done?: string) {
    const { error } = await action();
    setError(error ? error.message : null);
    setNotice(error ? null : (done ?? null));
    users.reload();
  }

  const shown = users.data?.users ?? [];
  return (
    <div className="page">
      <h1>Users</h1>
      <AuthSettingsPanel />
      <div className="forms">
        <CreateUser onCreated={() => users.reload()} />
        <InviteUser onInvited={(email) => { setNotice(`Invitation sent to ${email}.`); users.reload(); }} />
      </div>
      <div className="toolbar">
        <label>Search all users
          <input type="search" value={search} placeholder="email, phone or id"
            onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </label>
      </div>
      {opened && <UserDetails key={opened} userId={opened} onClose={() => setOpened(null)} />}
      {error && <ErrorNote>{error}</ErrorNote>}
      {notice && <p className="muted" role="status">{notice}</p>}
      {users.error && <ErrorNote>{users.error}</ErrorNote>}
      {!users.data && users.loading && <Loading what="users" />}
      {users.data && (shown.length === 0 ? <Empty>No users{needle ? ' match this search' : ' yet'}.</Empty> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid" aria-label="Users">
            <thead><tr><th>Email</th><th>Created</th><th>Last sign-in</th><th>Status</th><th><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {shown.map((user) => (
                <tr key={user.id}>
                  <td><button type="button" className="link" onClick={() => setOpened(user.id)}>{user.email ?? user.phone ?? user.id}</button></td>
                  <td>{when(user.created_at)}</td>
                  <td>{when(user.last_sign_in_at)}</td>
                  <td>{status(user)}</td>
                  <td className="row-actions">
                    {!user.email_confirmed_at && user.email && (
                      <button type="button" onClick={() => act(() => admin.auth.admin.updateUserById(user.id, { email_confirm: true }))}>
                        Confirm <span className="sr-only">{user.email}</span>
                      </button>
                    )}
                    {user.email && (
                      <button type="button" onClick={() => act(() => admin.auth.resetPasswordForEmail(user.email!), `Recovery mail sent to ${user.email}.`)}>
                        Send recovery <span className="sr-only">{user.email}</span>
                      </button>
                    )}
                    {isBanned(user) ? (
                      <button type="button" onClick={() => act(() => admin.auth.admin.updateUserById(user.id, { ban_duration: 'none' }))}>
                        Unban <span className="sr-only">{user.email}</span>
                      </button>
                    ) : (
                      <button type="button" onClick={() => act(() => admin.auth.admin.updateUserById(user.id, { ban_duration: FOREVER }))}>
                        Ban <span className="sr-only">{user.email}</span>
                      </button>
                    )}
                    <button type="button" className="danger" onClick={() => window.confirm(`Delete ${user.email ?? user.id}?`)
                      && act(() => admin.auth.admin.deleteUser(user.id))}>
                      Delete <span className="sr-only">{user.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <Pager hasPrevious={page > 1} hasNext={!!users.data?.hasNext} onMove={(step) => setPage(page + step)}
        label={`Page ${page}${users.data?.total ? ` · ${users.data.total} ${needle ? 'found' : 'users'}` : ''}`} />
    </div>
  );
}

function CreateUser({ onCreated }: { onCreated: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    const { error } = await admin.auth.admin.createUser({ email, password: password || undefined, email_confirm: true });
    setError(error ? error.message : null);
    if (!error) {
      setEmail('');
      setPassword('');
      onCreated();
    }
  }

  return (
    <form className="toolbar" onSubmit={create} aria-label="Create a user">
      <label>Email<input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} /></label>
      <label>Password<input type="password" value={password} autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} /></label>
      <button type="submit" className="primary">Create user</button>
      {error && <ErrorNote>{error}</ErrorNote>}
    </form>
  );
}

function InviteUser({ onInvited }: { onInvited: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function invite(event: FormEvent) {
    event.preventDefault();
    const { error } = await admin.auth.admin.inviteUserByEmail(email);
    setError(error ? error.message : null);
    if (!error) {
      onInvited(email);
      setEmail('');
    }
  }

  return (
    <form className="toolbar" onSubmit={invite} aria-label="Invite a user">
      <label>Email<input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} /></label>
      <button type="submit">Send invitation</button>
      {error && <ErrorNote>{error}</ErrorNote>}
    </form>
  );
}

function isBanned(user: User): boolean {
  const until = (user as User & { banned_until?: string | null }).banned_until;
  return !!until && new Date(until) > new Date();
}

function status(user: User): string {
  if (isBanned(user)) return 'banned';
  return user.email_confirmed_at || user.phone_confirmed_at ? 'confirmed' : 'waiting for confirmation';
}
