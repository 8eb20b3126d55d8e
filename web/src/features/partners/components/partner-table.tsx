import { Eye, Trash2 } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { Button } from '@/components/ui/button';
import { Cell, DataTable } from '@/components/ui/data-table';
import { EmailAddress } from '@/components/ui/contact-text';
import { formatCompanyType, toggleAll, toggleSelection } from '../lib/admin-filters';
import type { Partner } from '../types';
import { StatusBadge } from './status-badge';

const partnerColumns = ['Company', 'Contact', 'Type', 'Status', 'Applied', 'Actions'];

type PartnerTableProps = {
  partners: Partner[];
  /** Whether rows carry selection checkboxes (Bulk Actions). */
  selectable: boolean;
  selected: Set<string>;
  onSelectedChange: (change: (current: Set<string>) => Set<string>) => void;
  busy: boolean;
  onReview: (partner: Partner) => void;
  onDelete: (partner: Partner) => void;
};

/** The 'Partner Applications' table of the filtered partners. */
export function PartnerTable({ partners, selectable, selected, onSelectedChange, busy, onReview, onDelete }: PartnerTableProps) {
  const ids = partners.map((partner) => partner.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <DataTable
      caption="Partner applications"
      columns={partnerColumns}
      leadingHeader={
        selectable && (
          <th scope="col" className="w-10 px-3 py-2">
            <input
              type="checkbox"
              aria-label="Select all partners"
              className="h-4 w-4 accent-brand-600"
              checked={allSelected}
              onChange={() => onSelectedChange((current) => toggleAll(current, ids))}
            />
          </th>
        )
      }
      footer={partners.length === 0 && <p className="px-4 py-8 text-center text-slate-500 dark:text-slate-400">No partners found.</p>}
    >
      {partners.map((partner) => (
        <tr key={partner.id} className="align-top">
          {selectable && (
            <Cell wide>
              <input
                type="checkbox"
                aria-label={`Select ${partner.company_name}`}
                className="h-4 w-4 accent-brand-600"
                checked={selected.has(partner.id)}
                onChange={() => onSelectedChange((current) => toggleSelection(current, partner.id))}
              />
            </Cell>
          )}
          <Cell label="Company">
            <p className="font-semibold">{partner.company_name}</p>
            {partner.company_size && <p className="text-xs text-slate-500 dark:text-slate-400">{partner.company_size}</p>}
          </Cell>
          <Cell label="Contact">
            <p>{partner.primary_contact_name}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400"><EmailAddress value={partner.primary_contact_email} /></p>
          </Cell>
          <Cell label="Type">{formatCompanyType(partner.company_type)}</Cell>
          <Cell label="Status">
            <StatusBadge status={partner.status} />
          </Cell>
          <Cell label="Applied" className="whitespace-nowrap">{formatDate(partner.created_at, 'MMM d, yyyy')}</Cell>
          <Cell label="Actions" wide>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => onReview(partner)}>
                <Eye aria-hidden="true" className="h-4 w-4" /> Review
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${partner.company_name}`}
                className="text-red-600 dark:text-red-400"
                disabled={busy}
                onClick={() => onDelete(partner)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}
