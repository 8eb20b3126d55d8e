import { useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { admin } from '@/lib/clients';
import { fetchUserSessions, signOutEverywhere } from '@/lib/admin-api';
import { useAsync } from '@/lib/use-async';
import { when } from '@/lib/format';
import { ErrorNote, Loading } from '@/components/ui';

/** One user: identities, MFA factors and metadata as the auth admin API gives them, and the user's sessions. */
export function UserDetails({ userId, onClose }: { userId: string; onClose: () => void }) {
  const user = useAsync(async () => {
    const { data, error } = await admin.auth.admin.getUserById(userId);
    if (error) throw error;
    return data.user as User;
  }, userId);
  if (user.error) return <ErrorNote>{user.error}</ErrorNote>;
  if (!user.data) return <Loading what="the user" />;
  const { identities = [], factors = [] } = user.data;
  return (
    <section className="policy" aria-label={`User ${user.data.email || user.data.phone || user.data.id}`}>
      <div className="detail-head">
        <h2>{user.data.email || user.data.phone || user.data.id}</h2>
        <button type="button" onClick={onClose}>Close</button>
      </div>
      <p className="muted">id <code>{user.data.id}</code> · role {user.data.role}</p>
      <h3>Identities</h3>
      {identities.length === 0 ? <p className="muted">None.</p> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid" aria-label="Identities">
            <thead><tr><th>Provider</th><th>Email</th><th>Created</th><th>Last sign-in</th></tr></thead>
            <tbody>{identities.map((identity) => (
              <tr key={identity.identity_id ?? identity.id}>
                <td>{identity.provider}</td>
                <td>{String(identity.identity_data?.email ?? '—')}</td>
                <td>{when(identity.created_at)}</td>
                <td>{when(identity.last_sign_in_at)}</td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      )}
      <Sessions userId={userId} />
      <h3>MFA factors</h3>
      {factors.length === 0 ? <p className="muted">None.</p> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid" aria-label="MFA factors">
            <thead><tr><th>Type</th><th>Name</th><th>Status</th><th>Created</th></tr></thead>
            <tbody>{factors.map((factor) => (
              <tr key={factor.id}>
                <td>{factor.factor_type}</td>
                <td>{factor.friendly_name || '—'}</td>
                <td>{factor.status}</td>
                <td>{when(factor.created_at)}</td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      )}
      <h3>App metadata</h3>
      <pre><code>{JSON.stringify(user.data.app_metadata, null, 2)}</code></pre>
      <h3>User metadata</h3>
      <pre><code>{JSON.stringify(user.data.user_metadata, null, 2)}</code></pre>
    </section>
  );
}

function Sessions({ userId }: { userId: string }) {
  const sessions = useAsync(() => fetchUserSessions(userId), `sessions-${userId}`);
  const [error, setError] = useState<string | null>(null);

  async function signOut() {
    if (!window.confirm('End every session of this user? Their refresh tokens stop working.')) return;
    try {
      await signOutEverywhere(userId);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
    sessions.reload();
  }

  const found = sessions.data ?? [];
  return (
    <>
      <div className="detail-head">
        <h3>Sessions</h3>
        <button type="button" className="danger" disabled={found.length === 0} onClick={signOut}>Sign out everywhere</button>
      </div>
      {(error || sessions.error) && <ErrorNote>{error ?? sessions.error}</ErrorNote>}
      {!sessions.data && sessions.loading && <Loading what="sessions" />}
      {sessions.data && (found.length === 0 ? <p className="muted">No sessions.</p> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid" aria-label="Sessions">
            <thead><tr><th>Started</th><th>Last refreshed</th><th>Level</th><th>User agent</th><th>IP</th></tr></thead>
            <tbody>{found.map((session) => (
              <tr key={session.id}>
                <td>{when(session.created_at)}</td>
                <td>{when(session.refreshed_at ?? session.updated_at)}</td>
                <td>{session.aal}</td>
                <td>{session.user_agent ?? '—'}</td>
                <td>{session.ip ?? '—'}</td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      ))}
    </>
  );
}
