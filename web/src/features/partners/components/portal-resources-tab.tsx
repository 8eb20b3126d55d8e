import { BookOpen, GraduationCap, Megaphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { PartnerStatus } from '../types';

const resourceCards = [
  {
    Icon: BookOpen,
    title: 'Documentation',
    text: 'Product guides, deployment playbooks and technical references for our vendors.',
    action: 'View Documentation',
  },
  {
    Icon: GraduationCap,
    title: 'Training',
    text: 'Sales and technical enablement courses to certify your team.',
    action: 'Start Training',
  },
  {
    Icon: Megaphone,
    title: 'Marketing',
    text: 'Co-branded campaigns, datasheets and presentation decks.',
    action: 'Browse Materials',
  },
];

const recentUpdates = [
  { title: 'New CrowdSec partner pricing for 2025', date: 'This week' },
  { title: 'ThreatDown EDR technical training schedule published', date: 'Last week' },
  { title: 'Updated co-marketing guidelines for GCC campaigns', date: 'This month' },
];

export function PortalResourcesTab({ status }: { status: PartnerStatus }) {
  if (status !== 'approved') {
    return (
      <Card>
        <p className="text-slate-600 dark:text-slate-300">Resources are only available to approved partners.</p>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <div className="grid gap-6 md:grid-cols-3">
        {resourceCards.map(({ Icon, title, text, action }) => (
          <Card key={title} className="flex flex-col">
            <Icon aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
            <h2 className="mt-3 text-lg font-bold">{title}</h2>
            <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
            <Button variant="outline" className="mt-4">
              {action}
            </Button>
          </Card>
        ))}
      </div>
      <Card>
        <h2 className="text-lg font-bold">Recent Updates</h2>
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
          {recentUpdates.map((update) => (
            <li key={update.title} className="flex justify-between gap-4 py-3 text-sm">
              <span>{update.title}</span>
              <span className="shrink-0 text-slate-500 dark:text-slate-400">{update.date}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
