import { useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/form-field';
import { Tabs } from '@/components/ui/tabs';
import { EmailAddress, PhoneNumber } from '@/components/ui/contact-text';
import { formatCompanyType } from '../lib/admin-filters';
import { canReject, normaliseStatus, statusActions } from '../lib/partner-status';
import type { Partner, PartnerStatus } from '../types';
import { StatusBadge } from './status-badge';

/** One term of a description list; `wide` spans both columns. */
function Detail({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words">{children || '—'}</dd>
    </div>
  );
}

function list(values: string[] | null): string {
  return values?.length ? values.join(', ') : '';
}

const actionStyles: Record<PartnerStatus, string> = {
  approved: 'bg-green-600 text-white hover:bg-green-700',
  rejected: 'bg-red-600 text-white hover:bg-red-700',
  suspended: 'bg-slate-600 text-white hover:bg-slate-700',
  pending: '',
};

type PartnerReviewDialogProps = {
  partner: Partner;
  busy: boolean;
  onClose: () => void;
  onStatusChange: (next: PartnerStatus, rejectionReason: string, notes: string) => void;
  onDelete: () => void;
};

export function PartnerReviewDialog({ partner, busy, onClose, onStatusChange, onDelete }: PartnerReviewDialogProps) {
  const [tab, setTab] = useState('details');
  const [notes, setNotes] = useState(partner.notes ?? '');
  const [rejectionReason, setRejectionReason] = useState('');
  const status = normaliseStatus(partner.status);
  const address = [
    partner.address_line1,
    partner.address_line2,
    partner.city,
    partner.state_province,
    partner.postal_code,
    partner.country,
  ].filter(Boolean);

  const details = (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail label="Company Name">{partner.company_name}</Detail>
      <Detail label="Company Type">{formatCompanyType(partner.company_type)}</Detail>
      <Detail label="Company Size">{partner.company_size}</Detail>
      <Detail label="Website">
        {partner.company_website && (
          <a
            href={partner.company_website}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 hover:underline dark:text-brand-400"
          >
            {partner.company_website}
          </a>
        )}
      </Detail>
      <Detail label="Description" wide>
        {partner.company_description}
      </Detail>
      <Detail label="Contact Name">{partner.primary_contact_name}</Detail>
      <Detail label="Contact Email">
        <EmailAddress value={partner.primary_contact_email} />
      </Detail>
      {partner.primary_contact_phone && (
        <Detail label="Contact Phone">
          <PhoneNumber value={partner.primary_contact_phone} />
        </Detail>
      )}
      <Detail label="Address" wide>
        {address.length > 0 &&
          address.map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
      </Detail>
    </dl>
  );

  const partnership = (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail label="Partnership Types">{list(partner.partnership_type)}</Detail>
      <Detail label="Selected Vendors">{list(partner.selected_vendors)}</Detail>
      <Detail label="Products and Services">{partner.products_services}</Detail>
      <Detail label="Target Markets">{partner.target_markets}</Detail>
      <Detail label="Annual Revenue Range">{partner.annual_revenue_range}</Detail>
      <Detail label="Certifications">{list(partner.certifications)}</Detail>
      <Detail label="Specializations">{list(partner.specializations)}</Detail>
    </dl>
  );

  const actions = (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Current Status">
          <StatusBadge status={partner.status} />
        </Detail>
        <Detail label="Applied">{formatDate(partner.created_at, 'MMM d, yyyy')}</Detail>
        <Detail label="Approved">{formatDate(partner.approved_at, 'MMM d, yyyy')}</Detail>
        <Detail label="Rejection Reason">{partner.rejection_reason}</Detail>
      </dl>
      <Field id="admin-notes" label="Admin Notes">
        <Textarea
          id="admin-notes"
          rows={3}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          disabled={busy}
        />
      </Field>
      {status === 'pending' && (
        <Field id="rejection-reason" label="Rejection Reason">
          <Textarea
            id="rejection-reason"
            rows={3}
            value={rejectionReason}
            onChange={(event) => setRejectionReason(event.target.value)}
            placeholder="Required to reject the application"
            disabled={busy}
          />
        </Field>
      )}
      <div className="flex flex-wrap gap-3">
        {statusActions(status).map((action) => (
          <Button
            key={action.label}
            className={actionStyles[action.next]}
            disabled={busy || (action.next === 'rejected' && !canReject(rejectionReason))}
            onClick={() => onStatusChange(action.next, rejectionReason, notes)}
          >
            {action.label}
          </Button>
        ))}
        <Button variant="outline" className="text-red-600 dark:text-red-400" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete Partner
        </Button>
      </div>
    </div>
  );

  return (
    <Dialog title="Partner Application Review" size="xl" onClose={onClose}>
      <Tabs
        label="Application sections"
        value={tab}
        onChange={setTab}
        items={[
          { id: 'details', label: 'Details', content: details },
          { id: 'partnership', label: 'Partnership', content: partnership },
          { id: 'actions', label: 'Actions', content: actions },
        ]}
      />
    </Dialog>
  );
}
