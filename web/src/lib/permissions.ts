export const roles = ['read-user', 'power-user', 'super-admin'] as const;

export type Role = (typeof roles)[number];

export const defaultRole: Role = 'read-user';

const roleRank: Record<Role, number> = {
  'read-user': 1,
  'power-user': 2,
  'super-admin': 3,
};

export type Permission =
  | 'view-tickets'
  | 'view-reports'
  | 'manage-users'
  | 'manage-companies'
  | 'create-tickets'
  | 'edit-tickets'
  | 'delete-tickets'
  | 'manage-partners'
  | 'view-event-registrations';

const readUserPermissions: ReadonlySet<Permission> = new Set(['view-tickets', 'view-reports']);
const superAdminOnlyPermissions: ReadonlySet<Permission> = new Set([
  'manage-users',
  'manage-companies',
]);

export function toRole(value: unknown): Role {
  return roles.includes(value as Role) ? (value as Role) : defaultRole;
}

export function getRoleRank(role: Role): number {
  return roleRank[role];
}

export function hasMinimumRole(role: Role, required: Role): boolean {
  return roleRank[role] >= roleRank[required];
}

export function hasPermission(role: Role, permission: Permission): boolean {
  switch (role) {
    case 'super-admin':
      return true;
    case 'power-user':
      return !superAdminOnlyPermissions.has(permission);
    case 'read-user':
      return readUserPermissions.has(permission);
  }
}
