import { Link } from 'react-router-dom';
import { Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import { company } from '@/config/company';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { EmailAddress, PhoneNumber } from '@/components/ui/contact-text';

const quickLinks = [
  { label: 'About Us', to: paths.about },
  { label: 'Services', to: paths.services },
  { label: 'Vendors', to: paths.vendors },
  { label: 'Become a Partner', to: paths.partnerRegistration },
  { label: 'Resources', to: paths.resources },
  { label: 'Budget Calculator', to: paths.budgetCalculator },
  { label: 'Contact', to: paths.contact },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 bg-navy-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 text-brand-400" />
            {company.name}
          </p>
          <p className="mt-3 text-sm leading-relaxed">
            A Dubai-based value-added distributor bringing proven cybersecurity technology, local expertise and
            partner enablement to organisations across the GCC.
          </p>
          <div className="mt-5">
            <ThemeToggle onDark className="border-slate-600" />
          </div>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Quick Links</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-400">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <address className="mt-3 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" />
              <span>
                {company.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-400" />
              <a href={company.phoneHref} className="hover:text-brand-400">
                <PhoneNumber value={company.phone} />
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-400" />
              <a href={`mailto:${company.email}`} className="hover:text-brand-400">
                <EmailAddress value={company.email} />
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800 py-5 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {company.name}. All rights reserved.
      </div>
    </footer>
  );
}
