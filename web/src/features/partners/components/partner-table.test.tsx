import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Partner } from '../types';
import { PartnerTable } from './partner-table';

function partner(id: string, company_name: string, created_at: string): Partner {
  return {
    id, company_name, company_type: 'managed_service_provider', company_size: '11-50', company_website: null,
    company_description: null, primary_contact_name: 'Layla Haddad', primary_contact_email: `${id}@example.com`,
    primary_contact_phone: null, address_line1: null, address_line2: null, city: null, state_province: null,
    postal_code: null, country: null, partnership_type: null, selected_vendors: null, products_services: null,
    target_markets: null, annual_revenue_range: null, certifications: null, specializations: null, status: 'pending',
    approved_at: null, rejection_reason: null, notes: null, created_at,
  };
}

const partners = [partner('p1', 'Dune Cyber', '2025-09-07T10:00:00'), partner('p2', 'Pearl Secure', '2025-01-15T10:00:00')];

function Harness({ rows = partners, onReview = vi.fn(), onDelete = vi.fn() }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <>
      <p data-testid="selected">{[...selected].join(',')}</p>
      <PartnerTable
        partners={rows}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        busy={false}
        onReview={onReview}
        onDelete={onDelete}
      />
    </>
  );
}

describe('PartnerTable', () => {
  it('shows each partner with its labelled cells and applied date', () => {
    render(<Harness />);
    const table = screen.getByRole('region', { name: 'Partner applications table' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('MANAGED SERVICE PROVIDER')).toHaveAttribute('data-label', 'Type');
    expect(within(rows[0]).getByText('Sep 7, 2025')).toHaveAttribute('data-label', 'Applied');
  });

  it('selects all rows shown, one row, and hands rows to review and delete', () => {
    const onReview = vi.fn();
    const onDelete = vi.fn();
    render(<Harness onReview={onReview} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all partners' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('p1,p2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Pearl Secure' }));
    expect(screen.getByTestId('selected')).toHaveTextContent(/^p1$/);

    fireEvent.click(screen.getAllByRole('button', { name: 'Review' })[1]);
    expect(onReview).toHaveBeenCalledWith(partners[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dune Cyber' }));
    expect(onDelete).toHaveBeenCalledWith(partners[0]);
  });

  it('says so when no partner matches', () => {
    render(<Harness rows={[]} />);
    expect(screen.getByText('No partners found.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all partners' })).not.toBeChecked();
  });
});
