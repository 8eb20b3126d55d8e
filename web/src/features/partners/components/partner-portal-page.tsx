import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { loginPath, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { useOnQueryError } from '@/lib/use-on-query-error';
import { formatDate } from '@/lib/format-date';
import { loginAfterFailureState } from '@/features/auth';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useToast } from '@/components/ui/toast';
import { EmailAddress } from '@/components/ui/contact-text';
import { getLinkedPartner } from '../api/get-linked-partner';
import { adminBadgeClasses, normaliseStatus, portalBanner, portalStatusLabels } from '../lib/partner-status';
import { PortalOverviewTab } from './portal-overview-tab';
import { PortalProfileTab } from './portal-profile-tab';
import { PortalResourcesTab } from './portal-resources-tab';
import { PortalSupportTab } from './portal-support-tab';
import { StatusBanner } from './status-banner';
import { usePartnerLogout } from './use-partner-logout';

export function PartnerPortalPage() {
  const { user } = useAuth('partner');
  const userId = user?.id ?? null;
  const navigate = useNavigate();
  const { toast } = useToast();
  const logout = usePartnerLogout();
  const [tab, setTab] = useState('overview');
  const query = useQuery({
    queryKey: ['partner-portal', userId],
    queryFn: () => getLinkedPartner(userId as string),
    enabled: userId !== null,
  });
  const portal = query.data;

  useEffect(() => {
    if (portal?.kind === 'link-failed') {
      toast({ description: 'You need to register as a partner first.', variant: 'destructive' });
      navigate(paths.partnerRegistration, { replace: true });
    } else if (portal?.kind === 'unlinked') {
      toast({
        title: 'No partner account found',
        description: 'Please register as a partner to access the portal.',
        variant: 'destructive',
      });
      navigate(paths.partnerRegistration, { replace: true });
    }
  }, [portal, navigate, toast]);

  useOnQueryError(query.error, query.errorUpdatedAt, (error) => {
    toast({
      title: 'Error loading partner data',
      description: errorMessage(error, 'Please try logging in again.'),
      variant: 'destructive',
    });
    navigate(loginPath('partner'), {
      replace: true,
      state: loginAfterFailureState({ pathname: paths.partnerPortal }),
    });
  });

  async function reload() {
    await query.refetch();
  }

  if (query.isPending) return <Spinner label="Loading..." />;
  const partner = portal?.kind === 'linked' ? portal.partner : null;
  if (!partner) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="text-2xl font-bold">No Partner Account Found</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">We could not load a partner account for you.</p>
          <ButtonLink to={paths.partnerRegistration} className="mt-6">
            Register as Partner
          </ButtonLink>
        </Card>
      </div>
    );
  }

  const status = normaliseStatus(partner.status);
  const banner = portalBanner(status, partner.rejection_reason);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{partner.company_name}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Partner Portal</p>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <span
              data-testid="partner-status"
              className={cn('rounded-full px-3 py-1 text-xs font-bold tracking-wide', adminBadgeClasses[status])}
            >
              {portalStatusLabels[status]}
            </span>
            <span className="text-slate-600 dark:text-slate-300">Member since {formatDate(partner.created_at, 'MMM d, yyyy')}</span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ThemeToggle />
          {user && <span className="text-sm text-slate-600 dark:text-slate-300"><EmailAddress value={user.email} /></span>}
          <Button variant="outline" onClick={logout}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
          </Button>
        </div>
      </header>

      <div className="mt-8">
        <StatusBanner tone={banner.tone} message={banner.message} />
      </div>

      <div className="mt-8">
        <Tabs
          label="Partner portal sections"
          value={tab}
          onChange={setTab}
          items={[
            { id: 'overview', label: 'Overview', content: <PortalOverviewTab partner={partner} status={status} /> },
            {
              id: 'profile',
              label: 'Profile',
              content: <PortalProfileTab key={partner.id} partner={partner} status={status} onSaved={reload} />,
            },
            { id: 'resources', label: 'Resources', content: <PortalResourcesTab status={status} /> },
            { id: 'support', label: 'Support', content: <PortalSupportTab /> },
          ]}
        />
      </div>
    </div>
  );
}
