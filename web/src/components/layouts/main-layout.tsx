import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';

export function MainLayout() {
  const { pathname } = useLocation();
  const showChrome = pathname !== paths.dashboard;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      {showChrome && <SiteHeader />}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {showChrome && <SiteFooter />}
      <ScrollRestoration />
    </div>
  );
}
