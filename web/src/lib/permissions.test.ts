import { getRoleRank, hasMinimumRole, hasPermission, toRole, type Permission } from './permissions';

const table: Array<[Permission, boolean, boolean, boolean]> = [
  ['view-tickets', true, true, true],
  ['view-reports', true, true, true],
  ['manage-users', false, false, true],
  ['manage-companies', false, false, true],
  ['create-tickets', false, true, true],
  ['edit-tickets', false, true, true],
  ['delete-tickets', false, true, true],
  ['manage-partners', false, true, true],
  ['view-event-registrations', false, true, true],
];

describe('permission table (section 6)', () => {
  it.each(table)('%s: read-user %s, power-user %s, super-admin %s', (permission, read, power, admin) => {
    expect(hasPermission('read-user', permission)).toBe(read);
    expect(hasPermission('power-user', permission)).toBe(power);
    expect(hasPermission('super-admin', permission)).toBe(admin);
  });
});

describe('roles', () => {
  it('ranks read-user 1, power-user 2, super-admin 3', () => {
    expect(getRoleRank('read-user')).toBe(1);
    expect(getRoleRank('power-user')).toBe(2);
    expect(getRoleRank('super-admin')).toBe(3);
  });

  it('compares against a minimum role', () => {
    expect(hasMinimumRole('super-admin', 'super-admin')).toBe(true);
    expect(hasMinimumRole('power-user', 'super-admin')).toBe(false);
    expect(hasMinimumRole('power-user', 'read-user')).toBe(true);
    expect(hasMinimumRole('read-user', 'power-user')).toBe(false);
  });

  it('falls back to read-user for a missing or unknown role', () => {
    expect(toRole(undefined)).toBe('read-user');
    expect(toRole(null)).toBe('read-user');
    expect(toRole('admin')).toBe('read-user');
    expect(toRole('power-user')).toBe('power-user');
  });
});
