import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Menu, ShieldCheck, X } from 'lucide-react';
import { loginPath, paths } from '@/config/paths';
import { company } from '@/config/company';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

export const navItems = [
  { label: 'HOME', to: paths.home },
  { label: 'ABOUT', to: paths.about },
  { label: 'SERVICES', to: paths.services },
  { label: 'VENDORS', to: paths.vendors },
  { label: 'PARTNERS', to: paths.partnerRegistration },
  { label: 'RESOURCES', to: paths.resources },
  { label: 'CONTACT', to: paths.contact },
] as const;

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-semibold tracking-wide transition-colors',
    isActive
      ? 'text-brand-700 dark:text-brand-400'
      : 'text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-400',
  );

export function SiteHeader() {
  const location = useLocation();
  // The menu belongs to the page it was opened on, so following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;

  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-navy-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
          <ShieldCheck aria-hidden="true" className="h-7 w-7 text-brand-700 dark:text-brand-400" />
          <span>{company.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {navItems.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === paths.home} className={navLinkClasses}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden lg:block">
          <Link to={loginPath('ticketing')} className={buttonClasses('primary', 'sm')}>
            TICKETING SYSTEM LOGIN
          </Link>
        </div>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(open ? null : location.pathname)}
        >
          {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
        </button>
      </div>
      {open && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-slate-200 px-4 pb-4 pt-2 lg:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === paths.home}
                  className={(state) => cn(navLinkClasses(state), 'block py-3')}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to={loginPath('ticketing')} className={buttonClasses('primary', 'sm', 'mt-3 w-full')}>
            TICKETING SYSTEM LOGIN
          </Link>
        </nav>
      )}
    </header>
  );
}
