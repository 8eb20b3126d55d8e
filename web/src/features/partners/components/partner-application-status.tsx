import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { normaliseStatus } from '../lib/partner-status';
import type { Partner } from '../types';

export function PartnerApplicationStatus({ partner }: { partner: Partner }) {
  const status = normaliseStatus(partner.status);
  return (
    <Card className="mx-auto max-w-2xl text-center" aria-live="polite">
      <p className="text-sm font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">Application status</p>
      <h2 className="mt-1 text-xl font-bold">{partner.company_name}</h2>
      {status === 'approved' ? (
        <div className="mt-6">
          <CheckCircle2 aria-hidden="true" className="mx-auto h-14 w-14 text-green-700 dark:text-green-400" />
          <p className="mt-4 text-lg font-semibold">Congratulations! Your partner application has been approved.</p>
          <ButtonLink to={paths.partnerPortal} className="mt-6">
            Go to Partner Portal
          </ButtonLink>
        </div>
      ) : status === 'rejected' ? (
        <div className="mt-6">
          <XCircle aria-hidden="true" className="mx-auto h-14 w-14 text-red-600" />
          <p className="mt-4 text-lg font-semibold">Your partner application was not approved.</p>
          {partner.rejection_reason && (
            <p className="mt-2 text-slate-600 dark:text-slate-300">Reason: {partner.rejection_reason}</p>
          )}
        </div>
      ) : status === 'suspended' ? (
        <div className="mt-6">
          <Clock aria-hidden="true" className="mx-auto h-14 w-14 text-slate-500 dark:text-slate-400" />
          <p className="mt-4 text-lg font-semibold">Your partner account is suspended.</p>
          <ButtonLink to={paths.partnerPortal} variant="outline" className="mt-6">
            Go to Partner Portal
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-6">
          <Clock aria-hidden="true" className="mx-auto h-14 w-14 text-yellow-500" />
          <p className="mt-4 text-lg font-semibold">Your application is under review.</p>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            We will notify you once your partner application has been processed.
          </p>
        </div>
      )}
    </Card>
  );
}
