import { fireEvent, render, screen } from '@testing-library/react';
import type { Partner } from '../types';
import { PartnerReviewDialog } from './partner-review-dialog';

const partner = {
  id: 'p1',
  company_name: 'Dune Cyber',
  company_type: 'systems_integrator',
  company_size: '11-50',
  company_website: 'https://dune.example',
  company_description: null,
  primary_contact_name: 'Layla Haddad',
  primary_contact_email: 'layla@dune.example',
  primary_contact_phone: null,
  address_line1: null,
  address_line2: null,
  city: 'Dubai',
  state_province: null,
  postal_code: null,
  country: 'United Arab Emirates',
  partnership_type: ['Distribution Partner'],
  selected_vendors: ['CrowdSec'],
  products_services: null,
  target_markets: null,
  annual_revenue_range: null,
  certifications: [],
  specializations: null,
  status: 'pending',
  approved_at: null,
  rejection_reason: null,
  notes: 'Met at GITEX',
  created_at: '2025-01-01T00:00:00Z',
} satisfies Partner;

function renderDialog(overrides: Partial<Partner> = {}) {
  const onStatusChange = vi.fn();
  render(
    <PartnerReviewDialog
      partner={{ ...partner, ...overrides }}
      busy={false}
      onClose={vi.fn()}
      onStatusChange={onStatusChange}
      onDelete={vi.fn()}
    />,
  );
  fireEvent.click(screen.getByRole('tab', { name: 'Actions' }));
  return onStatusChange;
}

describe('PartnerReviewDialog', () => {
  it('keeps Reject disabled until the reason has text, and sends the reason and notes', () => {
    const onStatusChange = renderDialog();
    const reject = screen.getByRole('button', { name: 'Reject Partner' });
    expect(reject).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Rejection Reason'), { target: { value: '   ' } });
    expect(reject).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Rejection Reason'), { target: { value: 'No GCC presence' } });
    fireEvent.click(reject);
    expect(onStatusChange).toHaveBeenCalledWith('rejected', 'No GCC presence', 'Met at GITEX');
  });

  it('offers only the actions of the current status', () => {
    renderDialog({ status: 'approved' });
    expect(screen.getByRole('button', { name: 'Suspend Partner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Partner' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rejection Reason')).not.toBeInTheDocument();
  });

  it('offers no status change for a rejected partner, only delete', () => {
    renderDialog({ status: 'rejected', rejection_reason: 'Incomplete' });
    expect(screen.queryByRole('button', { name: /Partner$/ })).toHaveTextContent('Delete Partner');
    expect(screen.getByText('Incomplete')).toBeInTheDocument();
  });
});
