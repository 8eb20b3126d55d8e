import { useEffect, useRef, useState } from 'react';
import { CalendarDays, CheckCircle2, Clock, MapPin } from 'lucide-react';
import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailAddress } from '@/components/ui/contact-text';
import { eventDetails, eventSchedule } from '../lib/event-rules';
import { EventRegistrationForm } from './event-registration-form';

const expectations = [
  'A clear introduction to CrowdSec and its collaborative, crowd-sourced threat intelligence',
  'A live demo of detecting and blocking attacks in real time',
  'How CrowdSec fits GCC compliance and SOC workflows',
  'Partner opportunities, pricing and enablement with GulfSec Distribution',
  'Networking with security leaders from across the region',
];

export function EventRegistrationPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [registeredBefore, setRegisteredBefore] = useState(false);
  const [mailSent, setMailSent] = useState(false);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  // The form and the confirmation replace each other, so focus follows to the one now shown; the card is brought
  // into view whole (its scroll margin clears the sticky site header) rather than wherever focus would scroll.
  useEffect(() => {
    if (!registeredEmail && !registeredBefore) return;
    cardRef.current?.scrollIntoView({ block: 'start' });
    const target = registeredEmail ? confirmationRef.current : document.getElementById('event-firstName');
    target?.focus({ preventScroll: true });
  }, [registeredEmail, registeredBefore]);

  return (
    <>
      <PageHeader eyebrow="Vendor Introduction Event" title={eventDetails.name}>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-base">
          <span className="inline-flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="h-5 w-5" /> Monday, 17 November 2025
          </span>
          <span className="inline-flex items-center gap-2">
            <Clock aria-hidden="true" className="h-5 w-5" /> 2:00 PM
          </span>
          <span className="inline-flex items-center gap-2">
            <MapPin aria-hidden="true" className="h-5 w-5" /> {eventDetails.location}
          </span>
        </p>
      </PageHeader>
      <Section>
        <div className="grid items-start gap-8 lg:grid-cols-5">
          <div ref={cardRef} className="scroll-mt-24 lg:col-span-3">
            <Card>
              {registeredEmail ? (
                <div role="status" className="py-6 text-center">
                  <CheckCircle2 aria-hidden="true" className="mx-auto h-14 w-14 text-green-700 dark:text-green-400" />
                  <h2 ref={confirmationRef} tabIndex={-1} className="mt-4 text-2xl font-bold focus:outline-none">
                    Registration Confirmed!
                  </h2>
                  <p className="mt-3 text-slate-600 dark:text-slate-300">
                    {mailSent ? (
                      <>
                        Thank you for registering. A confirmation email has been sent to{' '}
                        <strong className="break-words text-slate-900 dark:text-white"><EmailAddress value={registeredEmail} /></strong>.
                      </>
                    ) : (
                      <>
                        Thank you for registering. Your place is booked, but the confirmation email to{' '}
                        <strong className="break-words text-slate-900 dark:text-white"><EmailAddress value={registeredEmail} /></strong> could
                        not be sent. Please keep this page as your confirmation.
                      </>
                    )}
                  </p>
                  <Button className="mt-6" variant="outline" onClick={() => {
                      setRegisteredBefore(true);
                      setRegisteredEmail(null);
                    }}>
                    Register Another Attendee
                  </Button>
                </div>
              ) : (
                <>
                  <h2 className="mb-1 text-2xl font-bold">Register for the Event</h2>
                  <p className="mb-6 text-sm text-slate-600 dark:text-slate-300">All fields are required.</p>
                  <EventRegistrationForm
                    onRegistered={(email, sent) => {
                      setMailSent(sent);
                      setRegisteredEmail(email);
                    }}
                  />
                </>
              )}
            </Card>
          </div>
          <div className="space-y-8 lg:col-span-2">
            <Card>
              <h2 className="text-xl font-bold">What to Expect</h2>
              <ul className="mt-4 space-y-3">
                {expectations.map((item) => (
                  <li key={item} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" />
                    {item}
                  </li>
                ))}
              </ul>
            </Card>
            <Card>
              <h2 className="text-xl font-bold">Schedule</h2>
              <ol className="mt-4 space-y-3">
                {eventSchedule.map((entry) => (
                  <li key={entry.time} className="flex gap-4 text-sm">
                    <span className="w-20 shrink-0 font-semibold text-brand-700 dark:text-brand-400">{entry.time}</span>
                    <span className="text-slate-700 dark:text-slate-300">{entry.item}</span>
                  </li>
                ))}
              </ol>
            </Card>
          </div>
        </div>
      </Section>
    </>
  );
}
