import { Link } from 'react-router-dom';
import { CalendarDays, Clock, FileText, PlayCircle, Wrench } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { Tool, Webinar, Whitepaper } from '../data/resources';

export function WhitepaperList({ items }: { items: Whitepaper[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {items.map((paper) => (
        <Card key={paper.title} className="flex flex-col">
          <FileText aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
          <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            {paper.category}
          </p>
          <h3 className="mt-1 text-lg font-bold">{paper.title}</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{paper.description}</p>
          <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{paper.pages} pages</p>
        </Card>
      ))}
    </div>
  );
}

export function WebinarList({ items }: { items: Webinar[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {items.map((webinar) => (
        <Card key={webinar.title} className="flex flex-col">
          <span
            className={
              webinar.type === 'Upcoming'
                ? 'self-start rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800 dark:bg-green-900/40 dark:text-green-200'
                : 'self-start rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200'
            }
          >
            {webinar.type}
          </span>
          <h3 className="mt-3 text-lg font-bold">{webinar.title}</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{webinar.description}</p>
          <div className="mt-4 flex flex-wrap gap-4 text-xs text-slate-500 dark:text-slate-400">
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
              <time dateTime={webinar.date}>{formatDate(webinar.date, 'd MMMM yyyy')}</time>
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="h-3.5 w-3.5" />
              {webinar.duration}
            </span>
          </div>
          {webinar.type === 'Upcoming' ? (
            <Button className="mt-4 self-start" size="sm">
              Register Now
            </Button>
          ) : (
            <Button className="mt-4 self-start" size="sm" variant="outline">
              <PlayCircle aria-hidden="true" className="h-4 w-4" />
              Watch Recording
            </Button>
          )}
        </Card>
      ))}
    </div>
  );
}

export function ToolList({ items }: { items: Tool[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {items.map((tool) => (
        <Card key={tool.name} className="flex flex-col">
          <Wrench aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
          <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            {tool.type}
          </p>
          <h3 className="mt-1 text-lg font-bold">{tool.name}</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{tool.description}</p>
          {tool.link && (
            <Link to={tool.link} className="mt-4 font-semibold text-brand-700 hover:underline dark:text-brand-400">
              Open {tool.name}
            </Link>
          )}
        </Card>
      ))}
    </div>
  );
}
