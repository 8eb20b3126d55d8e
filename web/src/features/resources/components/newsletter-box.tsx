import type { FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/form-field';

// The specification lists no newsletter call, so the box collects nothing yet.
function preventSubmit(event: FormEvent) {
  event.preventDefault();
}

export function NewsletterBox() {
  return (
    <div className="rounded-2xl bg-gradient-to-r from-navy-900 to-brand-800 p-8 text-white sm:p-10">
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="flex items-center gap-2 text-2xl font-bold">
            <Mail aria-hidden="true" className="h-6 w-6" />
            Security insights, monthly
          </h2>
          <p className="mt-2 max-w-xl text-slate-200">
            Threat briefings, vendor updates and event invitations for security leaders in the GCC.
          </p>
        </div>
        <form onSubmit={preventSubmit} className="flex w-full max-w-md flex-col gap-3 sm:flex-row">
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <Input id="newsletter-email" type="email" placeholder="you@company.com" autoComplete="email" />
          <Button type="submit" variant="secondary">
            Subscribe
          </Button>
        </form>
      </div>
    </div>
  );
}
