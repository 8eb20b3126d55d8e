import { useState, type FormEvent, type ReactNode } from 'react';
import { History, Lock, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/components/ui/cn';
import { formatDate } from '@/lib/format-date';
import { dueState, relativeTime, shortId } from '../lib/format';
import { sampleComments, sampleHistory } from '../lib/sample-activity';
import type { Ticket } from '../types';
import { CategoryLabel, Pill, PriorityBadge, SeverityBadge, StatusBadge } from './badges';

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{title}</h3>
      <div className="text-sm">{children}</div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function dueText(dueDate: string | null): string {
  if (!dueDate) return '-';
  const state = dueState(dueDate);
  const suffix = state === 'overdue' ? ' (overdue)' : state === 'due-soon' ? ' (due soon)' : '';
  return `${formatDate(dueDate)}${suffix}`;
}

function CommentBox() {
  const { toast } = useToast();
  const [comment, setComment] = useState('');
  const [internal, setInternal] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!comment.trim()) return;
    toast({ title: 'Comment added successfully', variant: 'success' });
    setComment('');
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="ticket-comment" className="sr-only">
        Add a comment
      </label>
      <Textarea
        id="ticket-comment"
        rows={3}
        placeholder="Add a comment..."
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={internal}
            onChange={(event) => setInternal(event.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          Internal comment (not visible to customer)
        </label>
        <Button type="submit" size="sm">
          Add Comment
        </Button>
      </div>
    </form>
  );
}

type TicketDetailDialogProps = { ticket: Ticket; onClose: () => void; onEdit: (ticket: Ticket) => void };

export function TicketDetailDialog({ ticket, onClose, onEdit }: TicketDetailDialogProps) {
  const comments = sampleComments(ticket);
  const history = sampleHistory(ticket);
  return (
    <Dialog onClose={onClose} title={ticket.title} description={`Ticket #${shortId(ticket.id)}`} size="2xl">
      <div className="mb-4 flex justify-end">
        <Button variant="outline" size="sm" onClick={() => onEdit(ticket)}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Description">
            <p className="whitespace-pre-wrap text-sm text-slate-700 dark:text-slate-200">
              {ticket.description || 'No description provided.'}
            </p>
          </Section>
          {ticket.internalNotes && (
            <Section title="Internal Notes">
              <p className="whitespace-pre-wrap rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950">{ticket.internalNotes}</p>
            </Section>
          )}
          {ticket.resolution && (
            <Section title="Resolution">
              <p className="whitespace-pre-wrap rounded-md bg-green-50 p-3 text-sm dark:bg-green-950">{ticket.resolution}</p>
            </Section>
          )}
          <Section title="Comments">
            <ul className="space-y-3">
              {comments.map((comment) => (
                <li
                  key={comment.id}
                  className={cn(
                    'rounded-md border p-3 text-sm',
                    comment.isSystemMessage
                      ? 'border-slate-200 bg-slate-50 italic dark:border-slate-800 dark:bg-navy-800'
                      : comment.isInternal
                        ? 'border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950'
                        : 'border-slate-200 dark:border-slate-800',
                  )}
                >
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <span className="font-semibold text-slate-700 dark:text-slate-200">{comment.author}</span>
                    <span>{relativeTime(comment.createdAt)}</span>
                    {comment.isInternal && (
                      <span className="inline-flex items-center gap-1">
                        <Lock aria-hidden="true" className="h-3 w-3" />
                        Internal
                      </span>
                    )}
                  </div>
                  {comment.content}
                </li>
              ))}
            </ul>
            <CommentBox />
          </Section>
        </div>
        <div className="space-y-3">
          <SideCard title="Status">
            <StatusBadge status={ticket.status} />
          </SideCard>
          <SideCard title="Priority">
            <PriorityBadge priority={ticket.priority} />
          </SideCard>
          <SideCard title="Severity">
            <SeverityBadge severity={ticket.severity} />
          </SideCard>
          <SideCard title="SLA Breached">{ticket.slaBreached ? 'Yes' : 'No'}</SideCard>
          <SideCard title="Company">
            <p>{ticket.companyName}</p>
            {ticket.customerEmail && <p className="text-slate-500 dark:text-slate-400">{ticket.customerEmail}</p>}
          </SideCard>
          <SideCard title="Assignee">{ticket.assignee ?? 'Unassigned'}</SideCard>
          <SideCard title="Created">
            {formatDate(ticket.createdAt)} ({relativeTime(ticket.createdAt)})
          </SideCard>
          <SideCard title="Due Date">{dueText(ticket.dueDate)}</SideCard>
          <SideCard title="Hours">
            Estimated: {ticket.estimatedHours ?? '-'} / Actual: {ticket.actualHours ?? '-'}
          </SideCard>
          <SideCard title="Category">
            <CategoryLabel category={ticket.category} />
          </SideCard>
          <SideCard title="Tags">
            {ticket.tags.length ? (
              <div className="flex flex-wrap gap-1">
                {ticket.tags.map((tag) => (
                  <Pill key={tag}>{tag}</Pill>
                ))}
              </div>
            ) : (
              'No tags'
            )}
          </SideCard>
          <SideCard title="Visibility">{ticket.customerVisible ? 'Visible to customer' : 'Internal only'}</SideCard>
          <SideCard title="Activity History">
            <ul className="space-y-2">
              {history.map((entry) => (
                <li key={entry.id} className="flex gap-2">
                  <History aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
                  <span>
                    {entry.description}
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {entry.author} · {relativeTime(entry.timestamp)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </SideCard>
        </div>
      </div>
    </Dialog>
  );
}
