import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useOnQueryError } from '@/lib/use-on-query-error';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { getLinkedPartner } from '../api/get-linked-partner';
import { adminBadgeClasses, normaliseStatus, profileBanners, profileStatusLabels } from '../lib/partner-status';
import type { Partner } from '../types';
import { PartnerProfileForm } from './partner-profile-form';
import { StatusBanner } from './status-banner';

// Unlike the portal, the profile page treats a failed link look-up as a failed load.
async function loadProfile(userId: string): Promise<Partner | null> {
  const linked = await getLinkedPartner(userId);
  if (linked.kind === 'link-failed') throw new Error('The partner link could not be read');
  return linked.kind === 'linked' ? linked.partner : null;
}

export function PartnerProfilePage() {
  const { user } = useAuth('partner');
  const userId = user?.id ?? null;
  const { toast } = useToast();
  const query = useQuery({
    queryKey: ['partner-profile', userId],
    queryFn: () => loadProfile(userId as string),
    enabled: userId !== null,
  });

  useOnQueryError(query.error, query.errorUpdatedAt, () =>
    toast({ title: 'Error', description: 'Failed to load partner profile', variant: 'destructive' }),
  );

  async function reload() {
    await query.refetch();
  }

  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.error) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="text-2xl font-bold">Partner Profile Unavailable</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Your partner profile could not be loaded just now. Please try again in a moment.
          </p>
          <Button className="mt-6" disabled={query.isFetching} onClick={() => void reload()}>
            Try Again
          </Button>
        </Card>
      </div>
    );
  }
  const partner = query.data;
  if (!partner) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="text-2xl font-bold">No Partner Profile Found</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            You don't have a partner profile associated with your account
          </p>
          <ButtonLink to={paths.partnerRegistration} className="mt-6">
            Register as Partner
          </ButtonLink>
        </Card>
      </div>
    );
  }

  const status = normaliseStatus(partner.status);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Partner Profile</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">View and update your company information</p>
        </div>
        <span className={cn('self-start rounded-full px-3 py-1 text-sm font-semibold', adminBadgeClasses[status])}>
          {profileStatusLabels[status]}
        </span>
      </div>

      {status !== 'approved' && (
        <div className="mt-6">
          <StatusBanner tone={status === 'pending' ? 'info' : 'warning'} message={profileBanners[status]} />
        </div>
      )}

      <PartnerProfileForm
        key={query.dataUpdatedAt}
        partner={partner}
        canEdit={status === 'approved'}
        onSaved={reload}
      />
    </div>
  );
}
