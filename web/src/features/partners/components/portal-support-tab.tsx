import { Clock, Mail, Phone } from 'lucide-react';
import { company } from '@/config/company';
import { Card } from '@/components/ui/card';
import { EmailAddress, PhoneNumber } from '@/components/ui/contact-text';

export function PortalSupportTab() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Mail aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-400" /> Email Support
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Send us your question and we will get back to you.</p>
        <a
          href={`mailto:${company.supportEmail}`}
          className="mt-3 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-400"
        >
          <EmailAddress value={company.supportEmail} />
        </a>
      </Card>
      <Card>
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Phone aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-400" /> Phone Support
        </h2>
        <a
          href={company.phoneHref}
          className="mt-3 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-400"
        >
          <PhoneNumber value={company.phone} />
        </a>
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Clock aria-hidden="true" className="h-4 w-4" /> Business hours: Monday to Friday, 9 AM to 5 PM EST
        </p>
      </Card>
    </div>
  );
}
