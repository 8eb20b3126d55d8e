import type { ManagedUser } from '../types';
import { buildUsersCsv, filterUsers, userStats } from './managed-users';

const users: ManagedUser[] = [
  { id: '1', name: 'Ann Admin', email: 'ann@x.example', role: 'super-admin', status: 'active', createdAt: '2024-01-01T00:00:00Z' },
  { id: '2', name: 'Pete Power', email: 'pete@x.example', role: 'power-user', status: 'inactive', createdAt: '2024-01-02T00:00:00Z' },
  { id: '3', name: 'Rita, Reader', email: 'rita@y.example', role: 'read-user', status: 'active', createdAt: '2024-01-03T00:00:00Z' },
];

describe('user management', () => {
  it('counts totals, active, inactive and admins (super-admin plus power-user)', () => {
    expect(userStats(users)).toEqual({ total: 3, active: 2, inactive: 1, admins: 2 });
  });

  it('searches name or email and filters by role and status', () => {
    expect(filterUsers(users, { search: 'y.example', role: 'all', status: 'all' }).map((u) => u.id)).toEqual(['3']);
    expect(filterUsers(users, { search: 'PETE', role: 'all', status: 'all' }).map((u) => u.id)).toEqual(['2']);
    expect(filterUsers(users, { search: '', role: 'read-user', status: 'all' }).map((u) => u.id)).toEqual(['3']);
    expect(filterUsers(users, { search: '', role: 'all', status: 'inactive' }).map((u) => u.id)).toEqual(['2']);
  });

  it('exports Name, Email, Role, Status, Created as CSV', () => {
    const csv = buildUsersCsv(users.slice(1), (iso) => iso.slice(0, 10));
    expect(csv).toBe(
      'Name,Email,Role,Status,Created\nPete Power,pete@x.example,power-user,inactive,2024-01-02\n"Rita, Reader",rita@y.example,read-user,active,2024-01-03',
    );
  });
});
