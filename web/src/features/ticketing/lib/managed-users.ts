import type { ManagedUser, UserRole, UserStatus } from '../types';

/** User management runs on local demo data only (spec 2, section 2). */
export const demoUsers: ManagedUser[] = [
  { id: 'u-1', name: 'Layla Haddad', email: 'layla.haddad@gulfsec.example', role: 'super-admin', status: 'active', createdAt: '2024-01-15T09:00:00Z' },
  { id: 'u-2', name: 'Omar Khalil', email: 'power@gulfsec.example', role: 'power-user', status: 'active', createdAt: '2024-02-03T10:30:00Z' },
  { id: 'u-3', name: 'Sara Nasser', email: 'reader@gulfsec.example', role: 'read-user', status: 'active', createdAt: '2024-03-12T08:15:00Z' },
  { id: 'u-4', name: 'Khalid Mansour', email: 'khalid.mansour@gulfsec.example', role: 'power-user', status: 'inactive', createdAt: '2024-04-20T14:45:00Z' },
  { id: 'u-5', name: 'Reem Al Suwaidi', email: 'reem.suwaidi@gulfsec.example', role: 'read-user', status: 'active', createdAt: '2024-05-08T11:00:00Z' },
  { id: 'u-6', name: 'Faisal Al Harthy', email: 'faisal.harthy@gulfsec.example', role: 'read-user', status: 'inactive', createdAt: '2024-06-17T16:20:00Z' },
];

export type UserFilters = { search: string; role: UserRole | 'all'; status: UserStatus | 'all' };

export function filterUsers(users: ManagedUser[], filters: UserFilters): ManagedUser[] {
  const term = filters.search.trim().toLowerCase();
  return users.filter(
    (user) =>
      (!term || user.name.toLowerCase().includes(term) || user.email.toLowerCase().includes(term)) &&
      (filters.role === 'all' || user.role === filters.role) &&
      (filters.status === 'all' || user.status === filters.status),
  );
}

export function userStats(users: ManagedUser[]): { total: number; active: number; inactive: number; admins: number } {
  return {
    total: users.length,
    active: users.filter((user) => user.status === 'active').length,
    inactive: users.filter((user) => user.status === 'inactive').length,
    admins: users.filter((user) => user.role === 'super-admin' || user.role === 'power-user').length,
  };
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const usersCsvName = 'users_export.csv';

export function buildUsersCsv(users: ManagedUser[], formatCreated: (iso: string) => string): string {
  const rows = [
    ['Name', 'Email', 'Role', 'Status', 'Created'],
    ...users.map((user) => [user.name, user.email, user.role, user.status, formatCreated(user.createdAt)]),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\n');
}
