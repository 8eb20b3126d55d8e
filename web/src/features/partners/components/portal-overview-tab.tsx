import { Award, Bell, Building2, CalendarDays, CheckCircle2, Circle, Download, Handshake, LifeBuoy, Pencil, Users } from 'lucide-react';
import { paths } from '@/config/paths';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCompanyType } from '../lib/admin-filters';
import { partnershipDays } from '../lib/partner-record';
import type { Partner, PartnerStatus } from '../types';

const progressPercent = 75;

const checklist = [
  { label: 'Application Approved', done: true },
  { label: 'Profile Complete', done: true },
  { label: 'Training', done: false },
];

export function PortalOverviewTab({ partner, status }: { partner: Partner; status: PartnerStatus }) {
  const days = partnershipDays(partner.created_at, new Date());
  const tiles = [
    { Icon: CalendarDays, label: 'Partnership Duration', value: `${days} ${days === 1 ? 'day' : 'days'}` },
    { Icon: Users, label: 'Company Size', value: partner.company_size || 'Not specified' },
    { Icon: Handshake, label: 'Partnership Types', value: String(partner.partnership_type?.length ?? 0) },
    { Icon: Award, label: 'Certifications', value: String(partner.certifications?.length ?? 0) },
  ];

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map(({ Icon, label, value }) => (
          <Card key={label} className="flex items-center gap-4">
            <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-400" />
            <div>
              <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
              <p className="text-xl font-bold">{value}</p>
            </div>
          </Card>
        ))}
      </div>

      {status === 'approved' && (
        <Card>
          <h2 className="text-lg font-bold">Partnership Progress</h2>
          <div className="mt-4 flex items-center gap-3">
            <div
              role="progressbar"
              aria-label="Partnership progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progressPercent}
              className="h-3 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div className="h-full rounded-full bg-brand-700" style={{ width: `${progressPercent}%` }} />
            </div>
            <span className="text-sm font-semibold">{progressPercent}%</span>
          </div>
          <ul className="mt-4 space-y-2">
            {checklist.map((item) => (
              <li key={item.label} className="flex items-center gap-2 text-sm">
                {item.done ? (
                  <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-green-700 dark:text-green-400" />
                ) : (
                  <Circle aria-hidden="true" className="h-4 w-4 text-slate-500 dark:text-slate-400" />
                )}
                <span>{item.label}</span>
                <span className="text-slate-500 dark:text-slate-400">{item.done ? '(done)' : '(pending)'}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      {/* Each card as tall as its own content: Quick Actions is short beside the company overview. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-bold">Quick Actions</h2>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <ButtonLink to={paths.partnerProfile} variant="outline">
              <Pencil aria-hidden="true" className="h-4 w-4" /> Edit Profile
            </ButtonLink>
            <Button variant="outline">
              <Download aria-hidden="true" className="h-4 w-4" /> Download Resources
            </Button>
            <Button variant="outline">
              <LifeBuoy aria-hidden="true" className="h-4 w-4" /> Contact Support
            </Button>
            <Button variant="outline">
              <Bell aria-hidden="true" className="h-4 w-4" /> View Notifications
            </Button>
          </div>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Building2 aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-400" /> Company Overview
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="font-medium text-slate-500 dark:text-slate-400">Type</dt>
              <dd>{formatCompanyType(partner.company_type)}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-500 dark:text-slate-400">Website</dt>
              <dd className="break-all">{partner.company_website || 'Not provided'}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-500 dark:text-slate-400">Description</dt>
              <dd>{partner.company_description || 'No description yet.'}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-500 dark:text-slate-400">Partnership Types</dt>
              <dd>{partner.partnership_type?.join(', ') || 'None'}</dd>
            </div>
          </dl>
        </Card>
      </div>
    </div>
  );
}
