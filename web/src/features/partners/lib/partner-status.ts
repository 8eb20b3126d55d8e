import { partnerStatuses, type PartnerStatus } from '../types';

export function normaliseStatus(value: unknown): PartnerStatus {
  return partnerStatuses.includes(value as PartnerStatus) ? (value as PartnerStatus) : 'pending';
}

export const portalStatusLabels: Record<PartnerStatus, string> = {
  pending: 'PENDING REVIEW',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  suspended: 'SUSPENDED',
};

export const profileStatusLabels: Record<PartnerStatus, string> = {
  pending: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

export type BannerTone = 'info' | 'success' | 'error' | 'warning';

export type StatusBanner = { tone: BannerTone; message: string };

export function portalBanner(status: PartnerStatus, rejectionReason: string | null): StatusBanner {
  switch (status) {
    case 'pending':
      return {
        tone: 'info',
        message: 'Your partner application is currently under review. We will notify you once it has been processed.',
      };
    case 'approved':
      return {
        tone: 'success',
        message:
          'Congratulations! Your partner application has been approved. You now have access to all partner benefits and resources.',
      };
    case 'rejected':
      return {
        tone: 'error',
        message:
          rejectionReason?.trim() ||
          'Your partner application has been rejected. Please contact support for more information.',
      };
    case 'suspended':
      return {
        tone: 'warning',
        message: 'Your partner account has been temporarily suspended. Please contact support to resolve this issue.',
      };
  }
}

export const profileBanners: Record<Exclude<PartnerStatus, 'approved'>, string> = {
  pending: 'Your partner application is under review. You will be able to edit your profile once it is approved.',
  rejected: 'Your partner application was not approved. Please contact support for more information.',
  suspended: 'Your partner account is suspended. Please contact support for assistance.',
};

export type StatusAction = { label: string; next: PartnerStatus };

const actionsByStatus: Record<PartnerStatus, StatusAction[]> = {
  pending: [
    { label: 'Approve Partner', next: 'approved' },
    { label: 'Reject Partner', next: 'rejected' },
  ],
  approved: [{ label: 'Suspend Partner', next: 'suspended' }],
  suspended: [{ label: 'Reactivate Partner', next: 'approved' }],
  rejected: [],
};

export function statusActions(status: PartnerStatus): StatusAction[] {
  return actionsByStatus[status];
}

export type StatusUpdate = {
  status: PartnerStatus;
  approved_at: string | null;
  rejection_reason: string | null;
  notes: string | null;
};

export function buildStatusUpdate(
  status: PartnerStatus,
  rejectionReason: string,
  notes: string,
  now: Date,
): StatusUpdate {
  return {
    status,
    approved_at: status === 'approved' ? now.toISOString() : null,
    rejection_reason: status === 'rejected' ? rejectionReason.trim() : null,
    notes: notes.trim() ? notes : null,
  };
}

export function canReject(rejectionReason: string): boolean {
  return rejectionReason.trim().length > 0;
}

export const adminBadgeClasses: Record<PartnerStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/60 dark:text-yellow-200',
  approved: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  suspended: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};
