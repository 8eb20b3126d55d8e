import { useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { createCompanyUser } from '../api/create-company-user';
import { deleteCompanyUser } from '../api/delete-company-user';
import { updateCompanyUser } from '../api/update-company-user';
import { errorMessage } from '@/lib/error-message';
import { Dialog } from '@/components/ui/dialog';
import { validateUser } from '../lib/validation';
import type { Company, CompanyUser } from '../types';
import { FormError } from './form-error';
import { IconButton } from './icon-button';

type CompanyPeopleDialogProps = {
  company: Company;
  people: CompanyUser[];
  onClose: () => void;
  refetch: () => Promise<void>;
};

/** The people of one company (company_users), who can be assignees of its tickets. */
export function CompanyPeopleDialog({ company, people, onClose, refetch }: CompanyPeopleDialogProps) {
  const { toast } = useToast();
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const [form, setForm] = useState({ name: '', email: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function edit(person: CompanyUser | null) {
    setEditing(person);
    setForm(person ? { name: person.name, email: person.email } : { name: '', email: '' });
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateUser(form);
    setError(problem);
    if (problem) return;
    const input = { name: form.name.trim(), email: form.email.trim(), company_id: company.id };
    setSaving(true);
    try {
      if (editing) await updateCompanyUser(editing.id, input);
      else await createCompanyUser(input);
      toast({ title: `User ${editing ? 'updated' : 'created'} successfully`, variant: 'success' });
      edit(null);
      await refetch();
    } catch (failure) {
      toast({ title: errorMessage(failure, `Failed to ${editing ? 'update' : 'create'} user`), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  async function remove(person: CompanyUser) {
    if (!window.confirm('Are you sure you want to delete this user? This action cannot be undone.')) return;
    try {
      await deleteCompanyUser(person.id);
      toast({ title: 'User deleted successfully', variant: 'success' });
      if (editing?.id === person.id) edit(null);
      await refetch();
    } catch (failure) {
      toast({ title: errorMessage(failure, 'Failed to delete user'), variant: 'destructive' });
    }
  }

  return (
    <Dialog onClose={onClose} title={`Users of ${company.name}`} description="People who can be assigned this company's tickets.">
      {people.length === 0 ? (
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">No users yet.</p>
      ) : (
        <ul aria-label="Company users" className="mb-4 divide-y divide-slate-200 dark:divide-slate-800">
          {people.map((person) => (
            <li key={person.id} className="flex items-center gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{person.name}</span>
                <span className="block truncate text-slate-500 dark:text-slate-400">{person.email}</span>
              </span>
              <IconButton label={`Edit User ${person.name}`} Icon={Pencil} onClick={() => edit(person)} />
              <IconButton label={`Delete User ${person.name}`} Icon={Trash2} tone="danger" onClick={() => void remove(person)} />
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h3 className="font-semibold">{editing ? 'Edit User' : 'Add User'}</h3>
        <FormError message={error} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="company-user-name" label="Name">
            <Input id="company-user-name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
          </Field>
          <Field id="company-user-email" label="Email">
            <Input
              id="company-user-email"
              type="email"
              value={form.email}
              onChange={(event) => setForm({ ...form, email: event.target.value })}
            />
          </Field>
        </div>
        <div className="flex justify-end gap-2">
          {editing && (
            <Button variant="outline" onClick={() => edit(null)}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={saving}>
            {editing ? 'Update User' : 'Add User'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
