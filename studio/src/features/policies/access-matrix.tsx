import type { Access } from '@/lib/admin-api';

const OPERATIONS = ['select', 'insert', 'update', 'delete'] as const;
const ROLES = ['anon', 'authenticated'] as const;

/** Who may do what on one table, from its grants and policies: no grant, every row (RLS off), no policy, or the
 * permissive policies that decide which rows. */
export function AccessMatrix({ cells, table }: { cells: Access[]; table: string }) {
  const cell = (role: string, operation: string) => cells.find((c) => c.role === role && c.operation === operation);
  return (
    <table className="grid matrix" aria-label={`Who may do what on ${table}`}>
      <thead>
        <tr><th>Role</th>{OPERATIONS.map((operation) => <th key={operation}>{operation}</th>)}</tr>
      </thead>
      <tbody>
        {ROLES.map((role) => (
          <tr key={role}>
            <th scope="row">{role}</th>
            {OPERATIONS.map((operation) => <td key={operation}>{verdict(cell(role, operation))}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function verdict(access: Access | undefined) {
  if (!access || !access.granted) return <span className="deny">✗ no grant</span>;
  if (!access.rls) return <span className="warn-text">✓ every row (RLS off)</span>;
  if (access.policies.length === 0) return <span className="deny">✗ no policy</span>;
  return <span className="allow" title={access.policies.join('\n')}>✓ rows of {access.policies.length === 1 ? '1 policy' : `${access.policies.length} policies`}</span>;
}
