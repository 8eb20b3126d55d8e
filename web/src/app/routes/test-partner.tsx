import { Link } from 'react-router-dom';
import { Info, LayoutDashboard, ShieldCheck, UserPlus } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { Card } from '@/components/ui/card';

const cards = [
  {
    Icon: UserPlus,
    title: 'Partner Registration',
    text: 'Submit a new partner application.',
    to: paths.partnerRegistration,
  },
  {
    Icon: LayoutDashboard,
    title: 'Partner Portal',
    text: 'View application status, resources and support as a signed-in partner.',
    to: paths.partnerPortal,
  },
  {
    Icon: ShieldCheck,
    title: 'Admin Portal',
    text: 'Review, approve and manage partner applications. Requires super-admin privileges.',
    to: paths.partnerAdmin,
  },
];

const steps = [
  'Create an account on the login page and confirm your email address.',
  'Open Partner Registration and submit an application for your company.',
  'Open the Partner Portal to see the application status (pending review).',
  'Sign in as a super-admin and approve the application in the Admin Portal.',
  'Return to the Partner Portal to see the approved status, resources and profile editing.',
];

export function TestPartnerRoute() {
  return (
    <>
      <PageHeader eyebrow="Testing" title="Partner system test page">
        Quick links for walking through the partner programme end to end.
      </PageHeader>
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {cards.map(({ Icon, title, text, to }) => (
            <Card key={to} className="flex flex-col">
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
              <h2 className="mt-4 text-lg font-bold">{title}</h2>
              <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
              <Link to={to} className="mt-4 font-semibold text-brand-700 hover:underline dark:text-brand-400">
                Open {title}
              </Link>
            </Card>
          ))}
        </div>
        <div
          role="note"
          className="mt-10 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-5 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
        >
          <Info aria-hidden="true" className="h-5 w-5 shrink-0" />
          <p>
            System status: the partner registration, portal and administration pages use live authentication and
            database access. The admin portal requires super-admin privileges.
          </p>
        </div>
        <h2 className="mt-12 text-2xl font-bold">Testing steps</h2>
        <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700 dark:text-slate-300">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Section>
    </>
  );
}
