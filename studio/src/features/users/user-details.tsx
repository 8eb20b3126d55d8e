import type { User } from '@supabase/supabase-js';
import { admin } from '@/lib/clients';
import { useAsync } from '@/lib/use-async';
import { ErrorNote, Loading } from '@/components/ui';

/** One user as the auth admin API gives it: identities, MFA factors, metadata. */
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
    <section className="policy" aria-label={`User ${user.data.email ?? user.data.id}`}>
      <div className="detail-head">
        <h2>{user.data.email ?? user.data.phone ?? user.data.id}</h2>
        <button type="button" onClick={onClose}>Close</button>
      </div>
      <p className="muted">id <code>{user.data.id}</code> · role {user.data.role}</p>
      <h3>Identities</h3>
      {identities.length === 0 ? <p className="muted">None.</p> : (
        <ul>{identities.map((identity) => (
          <li key={identity.identity_id ?? identity.id}>{identity.provider} · since {identity.created_at ? new Date(identity.created_at).toLocaleString() : '—'}</li>
        ))}</ul>
      )}
      <h3>MFA factors</h3>
      {factors.length === 0 ? <p className="muted">None.</p> : (
        <ul>{factors.map((factor) => <li key={factor.id}>{factor.factor_type} · {factor.status}{factor.friendly_name ? ` · ${factor.friendly_name}` : ''}</li>)}</ul>
      )}
      <h3>App metadata</h3>
      <pre><code>{JSON.stringify(user.data.app_metadata, null, 2)}</code></pre>
      <h3>User metadata</h3>
      <pre><code>{JSON.stringify(user.data.user_metadata, null, 2)}</code></pre>
    </section>
  );
}
