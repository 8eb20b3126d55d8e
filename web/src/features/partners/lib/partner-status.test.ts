import { buildStatusUpdate, canReject, normaliseStatus, portalBanner, statusActions } from './partner-status';

describe('partner status rules', () => {
  it('shows unknown status values as pending', () => {
    expect(normaliseStatus('archived')).toBe('pending');
    expect(normaliseStatus(undefined)).toBe('pending');
    expect(normaliseStatus('suspended')).toBe('suspended');
  });

  it('offers only the transitions allowed from each status', () => {
    expect(statusActions('pending').map((action) => action.next)).toEqual(['approved', 'rejected']);
    expect(statusActions('approved')).toEqual([{ label: 'Suspend Partner', next: 'suspended' }]);
    expect(statusActions('suspended')).toEqual([{ label: 'Reactivate Partner', next: 'approved' }]);
    expect(statusActions('rejected')).toEqual([]);
  });

  it('sets approved_at only on approval and the reason only on rejection', () => {
    const now = new Date('2025-03-01T10:00:00Z');
    expect(buildStatusUpdate('approved', 'ignored', 'good fit', now)).toEqual({
      status: 'approved',
      approved_at: '2025-03-01T10:00:00.000Z',
      rejection_reason: null,
      notes: 'good fit',
    });
    expect(buildStatusUpdate('rejected', '  No GCC presence ', '', now)).toEqual({
      status: 'rejected',
      approved_at: null,
      rejection_reason: 'No GCC presence',
      notes: null,
    });
    expect(buildStatusUpdate('suspended', '', '   ', now).approved_at).toBeNull();
  });

  it('needs a non-blank reason to reject', () => {
    expect(canReject('   ')).toBe(false);
    expect(canReject('Incomplete')).toBe(true);
  });

  it('uses the stored rejection reason in the portal banner, else the default text', () => {
    expect(portalBanner('rejected', 'Missing references').message).toBe('Missing references');
    expect(portalBanner('rejected', null).message).toBe(
      'Your partner application has been rejected. Please contact support for more information.',
    );
    expect(portalBanner('suspended', null).tone).toBe('warning');
  });
});
