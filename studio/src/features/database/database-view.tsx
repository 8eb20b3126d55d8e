import { useState } from 'react';
import { fetchDatabase, setExtension, type DatabaseOverview } from '@/lib/admin-api';
import { useAsync } from '@/lib/use-async';
import { ErrorNote, Loading } from '@/components/ui';

export function DatabaseView() {
  const overview = useAsync(fetchDatabase, 'database');
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  if (overview.error) return <ErrorNote>{overview.error}</ErrorNote>;
  if (!overview.data) return <Loading what="the database" />;
  const { migrations, extensions, roles, connection_string, mailbox } = overview.data;

  async function toggle(name: string, enabled: boolean) {
    try {
      await setExtension(name, enabled);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
    overview.reload();
  }

  const needle = filter.trim().toLowerCase();
  return (
    <div className="page">
      <h1>Database</h1>
      <p>
        Connection string: {connection_string ? <code>{connection_string}</code>
          : <span className="muted">set by DATABASE_URL, not shown here.</span>}
        {mailbox && <> · <a href={mailbox}>Development mailbox</a></>}
      </p>
      <div className="columns">
        <Migrations title="Platform migrations" rows={migrations.filter((m) => m.kind === 'platform')} />
        <Migrations title="Project migrations" rows={migrations.filter((m) => m.kind !== 'platform')} />
      </div>
      <h2>Extensions</h2>
      <div className="toolbar">
        <label>Find an extension<input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} /></label>
      </div>
      {error && <ErrorNote>{error}</ErrorNote>}
      <div className="grid-wrap short" tabIndex={0}>
        <table className="grid" aria-label="Extensions">
          <thead><tr><th>Name</th><th>Version</th><th>Schema</th><th>About</th><th><span className="sr-only">Enabled</span></th></tr></thead>
          <tbody>
            {extensions.filter((e) => !needle || e.name.includes(needle)).map((extension) => (
              <tr key={extension.name}>
                <td>{extension.name}</td>
                <td>{extension.installed_version ?? extension.default_version}</td>
                <td>{extension.schema ?? ''}</td>
                <td className="wrap">{extension.comment}</td>
                <td>
                  <button type="button" onClick={() => toggle(extension.name, !extension.installed_version)}>
                    {extension.installed_version ? 'Disable' : 'Enable'} <span className="sr-only">{extension.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Roles</h2>
      <Roles roles={roles} />
    </div>
  );
}

function Migrations({ title, rows }: { title: string; rows: DatabaseOverview['migrations'] }) {
  return (
    <section aria-label={title}>
      <h2>{title} <small className="muted">({rows.length})</small></h2>
      <div className="grid-wrap short" tabIndex={0}>
        <table className="grid">
          <thead><tr><th>Name</th><th>Applied</th></tr></thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}><td>{row.name}</td><td>{new Date(row.applied_at).toLocaleString()}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Roles({ roles }: { roles: DatabaseOverview['roles'] }) {
  return (
    <div className="grid-wrap short" tabIndex={0}>
      <table className="grid" aria-label="Roles">
        <thead><tr><th>Role</th><th>Logs in</th><th>Superuser</th><th>Bypasses RLS</th><th>Member of</th></tr></thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role.name}>
              <td>{role.name}</td><td>{role.can_login ? 'yes' : ''}</td><td>{role.superuser ? 'yes' : ''}</td>
              <td>{role.bypasses_rls ? 'yes' : ''}</td><td>{role.member_of.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
