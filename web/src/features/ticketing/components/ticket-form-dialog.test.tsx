import { fireEvent, render, screen, within } from '@testing-library/react';
import { ToastProvider } from '@/components/ui/toast';
import { emptyTicketForm } from '../lib/ticket-mapper';
import type { Company, CompanyUser } from '../types';
import { TicketFormDialog } from './ticket-form-dialog';

const companies: Company[] = [
  { id: 'c1', name: 'Desert Falcon Logistics', description: null, status: 'active', subscription: 'enterprise', user_count: 2, created_at: '2025-01-01T00:00:00Z' },
  { id: 'c2', name: 'Pearl Bay Bank', description: null, status: 'active', subscription: 'pro', user_count: 1, created_at: '2025-01-01T00:00:00Z' },
];

const people: CompanyUser[] = [
  { id: 'u1', user_id: null, company_id: 'c1', name: 'Hassan Al Amiri', email: 'h@df.example' },
  { id: 'u2', user_id: null, company_id: 'c1', name: 'Fatima Rashed', email: 'f@df.example' },
  { id: 'u3', user_id: null, company_id: 'c2', name: 'Yusuf Darwish', email: 'y@pb.example' },
];

function renderDialog(onSave = vi.fn().mockResolvedValue(undefined)) {
  render(
    <ToastProvider>
      <TicketFormDialog
        mode="create"
        initial={emptyTicketForm(companies)}
        companies={companies}
        companyUsers={people}
        onClose={() => undefined}
        onSave={onSave}
      />
    </ToastProvider>,
  );
  return onSave;
}

function optionTexts(select: HTMLElement): string[] {
  return within(select).getAllByRole('option').map((option) => option.textContent ?? '');
}

describe('TicketFormDialog', () => {
  it('defaults to the first company and lists only its users plus Unassigned', () => {
    renderDialog();
    expect(screen.getByText('Create New Ticket')).toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveValue('c1');
    expect(optionTexts(screen.getByLabelText('Assignee'))).toEqual(['Unassigned', 'Hassan Al Amiri', 'Fatima Rashed']);
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'c2' } });
    expect(optionTexts(screen.getByLabelText('Assignee'))).toEqual(['Unassigned', 'Yusuf Darwish']);
  });

  it('shows Resolution only while the status is resolved or closed', () => {
    renderDialog();
    expect(screen.queryByLabelText('Resolution')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    expect(screen.getByLabelText('Resolution')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in-progress' } });
    expect(screen.queryByLabelText('Resolution')).not.toBeInTheDocument();
  });

  it('adds trimmed, distinct tags with Enter or the plus button, and validates before saving', () => {
    const onSave = renderDialog();
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: ' vpn ' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'vpn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    fireEvent.change(tags, { target: { value: 'siem' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(within(screen.getByRole('list', { name: 'Added tags' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'vpn',
      'siem',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'VPN down' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ title: 'VPN down', companyId: 'c1', tags: ['vpn', 'siem'] }));
  });
});
