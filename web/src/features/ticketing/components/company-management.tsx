import { useState, type FormEvent } from 'react';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { hasPermission, type Role } from '@/lib/permissions';
import { createCompany } from '../api/create-company';
import { deleteCompany } from '../api/delete-company';
import { updateCompany } from '../api/update-company';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { titleCase } from '../lib/format';
import { validateCompany } from '../lib/validation';
import { companyStatuses, subscriptions, type Company, type CompanyInput, type CompanyUser } from '../types';
import { Pill } from './badges';
import { CompanyPeopleDialog } from './company-people-dialog';
import { Cell, DataTable, RowActions } from '@/components/ui/data-table';
import { EnumOptions } from './enum-options';
import { FormDialog } from './form-dialog';
import { IconButton } from './icon-button';

const statusClasses: Record<Company['status'], string> = {
  active: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  inactive: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  suspended: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

const companyColumns = ['Company Name', 'Description', 'Status', 'Subscription', 'Users', 'Created', 'Actions'];

const emptyCompany: CompanyInput = { name: '', description: '', status: 'active', subscription: 'free' };

function CompanyFormDialog({
  company,
  onClose,
  onSave,
}: {
  company: Company | null;
  onClose: () => void;
  onSave: (input: CompanyInput) => Promise<void>;
}) {
  const [form, setForm] = useState<CompanyInput>(
    company
      ? { name: company.name, description: company.description ?? '', status: company.status, subscription: company.subscription }
      : emptyCompany,
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateCompany(form);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await onSave({ ...form, name: form.name.trim(), description: form.description?.trim() || null });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={company ? 'Edit Company' : 'Add Company'}
      error={error}
      submitLabel={company ? 'Update Company' : 'Create Company'}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
    >
      <Field id="company-name" label="Company Name">
        <Input id="company-name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
      </Field>
      <Field id="company-description" label="Description">
        <Textarea
          id="company-description"
          rows={3}
          value={form.description ?? ''}
          onChange={(event) => setForm({ ...form, description: event.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="company-status" label="Status">
          <Select
            id="company-status"
            value={form.status}
            onChange={(event) => setForm({ ...form, status: event.target.value as Company['status'] })}
          >
            <EnumOptions values={companyStatuses} />
          </Select>
        </Field>
        <Field id="company-subscription" label="Subscription">
          <Select
            id="company-subscription"
            value={form.subscription}
            onChange={(event) => setForm({ ...form, subscription: event.target.value as Company['subscription'] })}
          >
            <EnumOptions values={subscriptions} />
          </Select>
        </Field>
      </div>
    </FormDialog>
  );
}

type CompanyManagementProps = {
  role: Role;
  companies: Company[];
  loading: boolean;
  refetch: () => Promise<void>;
  companyUsers: CompanyUser[];
  refetchCompanyUsers: () => Promise<void>;
};

export function CompanyManagement({
  role,
  companies,
  loading,
  refetch,
  companyUsers,
  refetchCompanyUsers,
}: CompanyManagementProps) {
  const { toast } = useToast();
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const [peopleOf, setPeopleOf] = useState<Company | null>(null);

  if (!hasPermission(role, 'manage-companies')) {
    return <AccessDenied message="You don't have permission to manage companies." currentRole={role} />;
  }

  async function save(input: CompanyInput) {
    const creating = editing === 'new';
    try {
      if (editing && editing !== 'new') await updateCompany(editing.id, input);
      else await createCompany(input);
      toast({ title: `Company ${creating ? 'created' : 'updated'} successfully`, variant: 'success' });
      setEditing(null);
      await refetch();
    } catch (error) {
      toast({ title: errorMessage(error, `Failed to ${creating ? 'create' : 'update'} company`), variant: 'destructive' });
    }
  }

  async function remove(company: Company) {
    if (!window.confirm('Are you sure you want to delete this company? This action cannot be undone.')) return;
    try {
      await deleteCompany(company.id);
      toast({ title: 'Company deleted successfully', variant: 'success' });
      await refetch();
    } catch (error) {
      toast({ title: errorMessage(error, 'Failed to delete company'), variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Company Management</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">Customer organisations of the ticketing system.</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add Company
        </Button>
      </div>
      {loading ? (
        <Spinner label="Loading companies..." />
      ) : companies.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No companies found. Create your first company to get started.
        </p>
      ) : (
        <DataTable caption="Companies" columns={companyColumns}>
          {companies.map((company) => (
            <tr key={company.id}>
              <Cell label="Company Name" wide className="font-medium">{company.name}</Cell>
              <Cell label="Description" wide className="max-w-[20rem] text-slate-600 dark:text-slate-300">
                {company.description || '-'}
              </Cell>
              <Cell label="Status">
                <Pill className={statusClasses[company.status]}>{titleCase(company.status)}</Pill>
              </Cell>
              <Cell label="Subscription">{titleCase(company.subscription)}</Cell>
              <Cell label="Users">{company.user_count}</Cell>
              <Cell label="Created" className="whitespace-nowrap">{formatDate(company.created_at)}</Cell>
              <RowActions>
                <IconButton label={`Manage users of ${company.name}`} Icon={Users} onClick={() => setPeopleOf(company)} />
                <IconButton label={`Edit company ${company.name}`} Icon={Pencil} onClick={() => setEditing(company)} />
                <IconButton
                  label={`Delete company ${company.name}`}
                  Icon={Trash2}
                  tone="danger"
                  onClick={() => void remove(company)}
                />
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {editing && (
        <CompanyFormDialog company={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSave={save} />
      )}
      {peopleOf && (
        <CompanyPeopleDialog
          company={peopleOf}
          people={companyUsers.filter((person) => person.company_id === peopleOf.id)}
          onClose={() => setPeopleOf(null)}
          refetch={refetchCompanyUsers}
        />
      )}
    </div>
  );
}
