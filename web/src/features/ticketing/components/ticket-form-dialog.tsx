import { useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/form-field';
import { isResolvedStatus } from '../lib/ticket-mapper';
import { addTag, validateTicketForm } from '../lib/validation';
import {
  formCategories,
  formPriorities,
  formStatuses,
  ticketSeverities,
  type Company,
  type CompanyUser,
  type TicketForm,
} from '../types';
import { EnumOptions } from './enum-options';
import { FormDialog } from './form-dialog';

type TicketFormDialogProps = {
  mode: 'create' | 'edit';
  initial: TicketForm;
  companies: Company[];
  companyUsers: CompanyUser[];
  onClose: () => void;
  onSave: (form: TicketForm) => Promise<void>;
};

/** The form's options plus the ticket's current value when the form does not offer it (e.g. a "bug" ticket). */
function withCurrent<T extends string>(options: T[], current: T): T[] {
  return options.includes(current) ? options : [...options, current];
}

export function TicketFormDialog({ mode, initial, companies, companyUsers, onClose, onSave }: TicketFormDialogProps) {
  const [form, setForm] = useState<TicketForm>(initial);
  const [tagInput, setTagInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const assignees = companyUsers.filter((person) => person.company_id === form.companyId);

  function update<K extends keyof TicketForm>(key: K, value: TicketForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function commitTag() {
    setForm((current) => ({ ...current, tags: addTag(current.tags, tagInput) }));
    setTagInput('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateTicketForm(form);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await onSave(form);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={mode === 'create' ? 'Create New Ticket' : 'Edit Ticket'}
      size="lg"
      error={error}
      submitLabel={mode === 'create' ? 'Create Ticket' : 'Update Ticket'}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
    >
      <Field id="ticket-title" label="Title">
        <Input id="ticket-title" value={form.title} onChange={(event) => update('title', event.target.value)} required />
      </Field>
      <Field id="ticket-description" label="Description">
        <Textarea
          id="ticket-description"
          rows={4}
          value={form.description}
          onChange={(event) => update('description', event.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ticket-status" label="Status">
          <Select
            id="ticket-status"
            value={form.status}
            onChange={(event) => update('status', event.target.value as TicketForm['status'])}
          >
            <EnumOptions values={withCurrent(formStatuses, form.status)} />
          </Select>
        </Field>
        <Field id="ticket-priority" label="Priority">
          <Select
            id="ticket-priority"
            value={form.priority}
            onChange={(event) => update('priority', event.target.value as TicketForm['priority'])}
          >
            <EnumOptions values={withCurrent(formPriorities, form.priority)} />
          </Select>
        </Field>
        <Field id="ticket-severity" label="Severity">
          <Select
            id="ticket-severity"
            value={form.severity}
            onChange={(event) => update('severity', event.target.value as TicketForm['severity'])}
          >
            <option value="">Not set</option>
            <EnumOptions values={ticketSeverities} />
          </Select>
        </Field>
        <Field id="ticket-category" label="Category">
          <Select
            id="ticket-category"
            value={form.category}
            onChange={(event) => update('category', event.target.value as TicketForm['category'])}
          >
            <EnumOptions values={withCurrent(formCategories, form.category)} />
          </Select>
        </Field>
        <Field id="ticket-company" label="Company">
          <Select
            id="ticket-company"
            value={form.companyId}
            onChange={(event) => setForm((current) => ({ ...current, companyId: event.target.value, assignee: '' }))}
          >
            <option value="" disabled>
              Select a company
            </option>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="ticket-assignee" label="Assignee">
          <Select id="ticket-assignee" value={form.assignee} onChange={(event) => update('assignee', event.target.value)}>
            <option value="">Unassigned</option>
            {assignees.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field id="ticket-tags" label="Tags">
        <div className="flex gap-2">
          <Input
            id="ticket-tags"
            value={tagInput}
            placeholder="Add a tag and press Enter"
            onChange={(event) => setTagInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commitTag();
              }
            }}
          />
          <Button variant="outline" onClick={commitTag} aria-label="Add tag">
            <Plus aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
        {form.tags.length > 0 && (
          <ul aria-label="Added tags" className="mt-2 flex flex-wrap gap-1.5">
            {form.tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-xs dark:bg-navy-800"
              >
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => update('tags', form.tags.filter((item) => item !== tag))}
                  className="rounded-full p-0.5 hover:bg-slate-200 dark:hover:bg-slate-700"
                >
                  <X aria-hidden="true" className="h-3 w-3" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Field>
      {isResolvedStatus(form.status) && (
        <Field id="ticket-resolution" label="Resolution">
          <Textarea
            id="ticket-resolution"
            rows={3}
            value={form.resolution}
            onChange={(event) => update('resolution', event.target.value)}
          />
        </Field>
      )}
    </FormDialog>
  );
}
