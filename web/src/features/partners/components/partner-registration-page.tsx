import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, LayoutDashboard, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getPartnerApplication } from '../api/get-partner-application';
import { PartnerApplicationStatus } from './partner-application-status';
import { PartnerRegistrationForm } from './partner-registration-form';

const portalCards = [
  {
    Icon: LayoutDashboard,
    title: 'Partner Portal',
    text: 'Already registered? Sign in to follow your application and use partner resources.',
    to: paths.partnerPortal,
  },
  {
    Icon: ShieldCheck,
    title: 'Admin Portal',
    text: 'Review and manage partner applications (super-admins only).',
    to: paths.partnerAdmin,
  },
];

export function PartnerRegistrationPage() {
  const { user, loading } = useAuth('partner');
  const userId = user?.id ?? null;
  // A failed look-up shows the form, as for a user with no application.
  const application = useQuery({
    queryKey: ['partner-application', userId],
    queryFn: () => getPartnerApplication(userId as string).catch(() => null),
    enabled: userId !== null,
  });

  const checking = loading || (userId !== null && application.isPending);
  const partner = userId ? (application.data ?? null) : null;

  return (
    <>
      <PageHeader eyebrow="Partner Programme" title="Become a GulfSec Distribution Partner">
        Join our distribution network and bring leading cybersecurity vendors to organisations across the GCC.
      </PageHeader>
      <Section>
        {checking ? (
          <Spinner label="Loading..." />
        ) : partner ? (
          <PartnerApplicationStatus partner={partner} />
        ) : (
          <div className="space-y-10">
            <div className="grid gap-6 md:grid-cols-2">
              {portalCards.map(({ Icon, title, text, to }) => (
                <Card key={to} className="flex gap-4">
                  <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-400" />
                  <div>
                    <h2 className="text-lg font-bold">{title}</h2>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
                    <Link to={to} className="mt-3 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-400">
                      Open {title}
                    </Link>
                  </div>
                </Card>
              ))}
            </div>
            <ButtonLink to={paths.vendors} variant="outline">
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Vendors
            </ButtonLink>
            <Card className="mx-auto max-w-3xl">
              <h2 className="text-2xl font-bold">Partner Registration</h2>
              <p className="mb-6 mt-1 text-sm text-slate-600 dark:text-slate-300">
                Tell us about your company. Fields marked * are required.
              </p>
              <PartnerRegistrationForm />
            </Card>
          </div>
        )}
      </Section>
    </>
  );
}
