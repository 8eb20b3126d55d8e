import { Clock, Mail, MapPin, Phone, Siren, TrendingUp } from 'lucide-react';
import { company } from '@/config/company';
import { PageHeader } from '@/components/layouts/page-header';
import { Card } from '@/components/ui/card';
import { ContactForm } from '@/features/contact/components/contact-form';
import { EmailAddress, PhoneNumber } from '@/components/ui/contact-text';

const promises = [
  { Icon: Clock, title: 'General enquiries', text: 'We respond within 24 hours.' },
  { Icon: Siren, title: 'Security emergencies', text: 'Our incident team responds in under 1 hour.' },
  { Icon: TrendingUp, title: 'Sales enquiries', text: 'A solutions specialist replies in under 2 hours.' },
];

export function ContactRoute() {
  return (
    <>
      <PageHeader eyebrow="Contact" title="Talk to a GulfSec cybersecurity specialist">
        Whether you are evaluating a new platform, need a partner quote or are dealing with an active incident, our
        Dubai team is ready to help.
      </PageHeader>
      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <Card className="lg:col-span-2">
          <h2 className="mb-6 text-xl font-bold">Send us a message</h2>
          <ContactForm />
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="text-lg font-bold">Response promise</h2>
            <ul className="mt-4 space-y-4">
              {promises.map(({ Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-400" />
                  <div>
                    <p className="font-semibold">{title}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h2 className="text-lg font-bold">Our office</h2>
            <address className="mt-4 space-y-3 text-sm not-italic text-slate-700 dark:text-slate-300">
              <p className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" />
                <span>{company.address.join(', ')}</span>
              </p>
              <p className="flex gap-2">
                <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" />
                <a href={company.phoneHref} className="hover:underline">
                  <PhoneNumber value={company.phone} />
                </a>
              </p>
              <p className="flex gap-2">
                <Siren aria-hidden="true" className="h-4 w-4 shrink-0 text-red-600" />
                <span>
                  Emergency line:{' '}
                  <a href={company.emergencyPhoneHref} className="hover:underline">
                    {company.emergencyPhone}
                  </a>
                </span>
              </p>
              <p className="flex gap-2">
                <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" />
                <a href={`mailto:${company.email}`} className="hover:underline">
                  <EmailAddress value={company.email} />
                </a>
              </p>
              <p className="flex gap-2">
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" />
                <span>{company.hours}</span>
              </p>
            </address>
          </Card>
        </div>
      </section>
    </>
  );
}
