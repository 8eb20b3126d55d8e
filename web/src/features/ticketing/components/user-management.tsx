import { useMemo, useState, type FormEvent } from 'react';
import { Download, Pencil, Plus, Shield, Trash2, UserCheck, UserX, Users } from 'lucide-react';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { hasPermission, type Role } from '@/lib/permissions';
import { formatDate } from '@/lib/format-date';
import { titleCase } from '../lib/format';
import { buildUsersCsv, demoUsers, filterUsers, userStats, usersCsvName, type UserFilters } from '../lib/managed-users';
import { validateUser } from '../lib/validation';
import { userRoles, type ManagedUser, type UserRole, type UserStatus } from '../types';
import { Pill } from './badges';
import { Cell, DataTable, RowActions } from '@/components/ui/data-table';
import { EnumOptions } from './enum-options';
import { FormDialog } from './form-dialog';
import { IconButton } from './icon-button';
import { StatCard } from './stat-card';

const roleClasses: Record<UserRole, string> = {
  'super-admin': 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  'power-user': 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200',
  'read-user': 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
};

const userColumns = ['Name', 'Email', 'Role', 'Status', 'Created', 'Actions'];

type UserForm = { name: string; email: string; role: UserRole; status: UserStatus };

function UserFormDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const { toast } = useToast();
  const [form, setForm] = useState<UserForm>(
    user ? { name: user.name, email: user.email, role: user.role, status: user.status } : { name: '', email: '', role: 'read-user', status: 'active' },
  );
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateUser(form);
    setError(problem);
    if (problem) return;
    toast({ title: `User ${user ? 'updated' : 'created'} successfully`, variant: 'success' });
    onClose();
  }

  return (
    <FormDialog
      title={user ? 'Edit User' : 'Add User'}
      error={error}
      submitLabel={user ? 'Update User' : 'Create User'}
      onClose={onClose}
      onSubmit={submit}
    >
      <Field id="user-name" label="Name">
        <Input id="user-name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
      </Field>
      <Field id="user-email" label="Email">
        <Input
          id="user-email"
          type="email"
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="user-role" label="Role">
          <Select id="user-role" value={form.role} onChange={(event) => setForm({ ...form, role: event.target.value as UserRole })}>
            <EnumOptions values={userRoles} />
          </Select>
        </Field>
        <Field id="user-status" label="Status">
          <Select
            id="user-status"
            value={form.status}
            onChange={(event) => setForm({ ...form, status: event.target.value as UserStatus })}
          >
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </Field>
      </div>
    </FormDialog>
  );
}

function downloadCsv(content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = usersCsvName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Runs on local demo data only: save, delete and bulk actions show their toasts and change nothing. */
export function UserManagement({ role }: { role: Role }) {
  const { toast } = useToast();
  const [filters, setFilters] = useState<UserFilters>({ search: '', role: 'all', status: 'all' });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const users = useMemo(() => filterUsers(demoUsers, filters), [filters]);
  const stats = userStats(demoUsers);

  if (!hasPermission(role, 'manage-users')) {
    return <AccessDenied message="You don't have permission to manage users." currentRole={role} />;
  }

  const allSelected = users.length > 0 && users.every((user) => selected.includes(user.id));

  function bulk(action: 'activate' | 'deactivate' | 'delete') {
    if (selected.length === 0) {
      toast({ title: 'Please select users first', variant: 'destructive' });
      return;
    }
    const count = selected.length;
    if (action === 'delete') {
      if (!window.confirm(`Delete ${count} users? This cannot be undone.`)) return;
      toast({ title: `Deleted ${count} users`, variant: 'success' });
    } else {
      toast({ title: `${action === 'activate' ? 'Activated' : 'Deactivated'} ${count} users`, variant: 'success' });
    }
    setSelected([]);
  }

  function remove() {
    if (!window.confirm('Are you sure you want to delete this user? This action cannot be undone.')) return;
    toast({ title: 'User deleted successfully', variant: 'success' });
  }

  function exportCsv() {
    downloadCsv(buildUsersCsv(users, formatDate));
    toast({ title: 'Users exported successfully', variant: 'success' });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">User Management</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">Manage staff accounts and their roles.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={exportCsv}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add User
          </Button>
        </div>
      </div>
      <section aria-label="User statistics" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard label="Total Users" value={stats.total} Icon={Users} />
        <StatCard label="Active Users" value={stats.active} Icon={UserCheck} />
        <StatCard label="Inactive Users" value={stats.inactive} Icon={UserX} />
        <StatCard label="Admins" value={stats.admins} Icon={Shield} />
      </section>
      <div className="flex flex-col gap-2 md:flex-row">
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by name or email..."
          value={filters.search}
          onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          className="md:min-w-0 md:flex-1"
        />
        <Select
          aria-label="Filter by role"
          value={filters.role}
          onChange={(event) => setFilters({ ...filters, role: event.target.value as UserFilters['role'] })}
          className="md:w-44"
        >
          <option value="all">All Roles</option>
          <EnumOptions values={userRoles} />
        </Select>
        <Select
          aria-label="Filter by status"
          value={filters.status}
          onChange={(event) => setFilters({ ...filters, status: event.target.value as UserFilters['status'] })}
          className="md:w-44"
        >
          <option value="all">All Statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </Select>
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
        <span className="text-sm text-slate-600 dark:text-slate-300">{selected.length} selected</span>
        <Button variant="outline" size="sm" onClick={() => bulk('activate')}>
          Activate
        </Button>
        <Button variant="outline" size="sm" onClick={() => bulk('deactivate')}>
          Deactivate
        </Button>
        <Button variant="outline" size="sm" onClick={() => bulk('delete')}>
          Delete
        </Button>
      </div>
      <DataTable
        caption="Users"
        columns={userColumns}
        leadingHeader={
          <th scope="col" className="w-10 px-3 py-2">
            <input
              type="checkbox"
              aria-label="Select all users"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? [] : users.map((user) => user.id))}
              className="h-4 w-4 accent-brand-600"
            />
          </th>
        }
        footer={users.length === 0 && <p className="px-4 py-8 text-center text-slate-600 dark:text-slate-300">No users found.</p>}
      >
        {users.map((user) => (
          <tr key={user.id}>
            <td className="px-3 py-2">
              <input
                type="checkbox"
                aria-label={`Select ${user.name}`}
                checked={selected.includes(user.id)}
                onChange={() =>
                  setSelected((current) =>
                    current.includes(user.id) ? current.filter((id) => id !== user.id) : [...current, user.id],
                  )
                }
                className="h-4 w-4 accent-brand-600"
              />
            </td>
            <Cell label="Name" className="font-medium">{user.name}</Cell>
            <Cell label="Email">{user.email}</Cell>
            <Cell label="Role">
              <Pill className={roleClasses[user.role]}>{titleCase(user.role)}</Pill>
            </Cell>
            <Cell label="Status">{titleCase(user.status)}</Cell>
            <Cell label="Created" className="whitespace-nowrap">{formatDate(user.createdAt)}</Cell>
            <RowActions>
              <IconButton label={`Edit User ${user.name}`} title="Edit User" Icon={Pencil} onClick={() => setEditing(user)} />
              <IconButton label={`Delete User ${user.name}`} title="Delete User" Icon={Trash2} tone="danger" onClick={remove} />
            </RowActions>
          </tr>
        ))}
      </DataTable>
      {editing && <UserFormDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
